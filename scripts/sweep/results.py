"""Results of a sweep: one JSON per job, written atomically; the merged CSVs; the plots.

OUTPUT/jobs/NAME.json holds the job's key (its optinet call and the optinet version), its point,
seeds, exit status, wall time and the optinet report. A job counts as finished when that file
parses and its key matches: a killed job leaves no such file (optinet writes its report through
a temporary file and a rename, and so does the runner), so it is run again.
"""
from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import time

import cli_guard  # scripts/, on the path of scripts/optinet-sweep

from .spec import Job, Spec
from .stats import summarize


def job_path(output: str, job: Job) -> str:
    return os.path.join(output, "jobs", job.name() + ".json")


def finished(output: str, job: Job, version: str) -> dict | None:
    """The job's result if it exists and matches the job and the optinet version."""
    try:
        with open(job_path(output, job)) as f:
            result = json.load(f)
    except (OSError, ValueError):
        return None
    return result if result.get("key") == job.key(version) else None


def run_job(output: str, job: Job, optinet: str, version: str,
            popen_hook=None) -> tuple[dict | None, str]:
    """Runs one job; returns (result, message). Exit 0 (every run passed), 1 (a run failed or
    stopped at its slot limit) and 4 (injected faults kept packets from delivery), which the
    report records, give a result; anything else (bad input,
    a crash, a signal) gives none, so the job is run again next time."""
    os.makedirs(os.path.join(output, "jobs"), exist_ok=True)
    report_path = os.path.join(output, "jobs", f".{job.name()}.optinet.json")
    command = job.command(optinet, report_path)
    start = time.time()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True)
    if popen_hook:
        popen_hook(process)
    _, err = process.communicate()
    wall = time.time() - start
    if process.returncode not in (0, 1, 4) or not os.path.exists(report_path):
        if os.path.exists(report_path):
            os.unlink(report_path)
        last = err.strip().splitlines()[-1] if err.strip() else ""
        return None, f"{job.name()}: optinet exited {process.returncode} {last}".rstrip()
    with open(report_path) as f:
        report = json.load(f)
    os.unlink(report_path)
    result = {"key": job.key(version), "version": version, "point": job.point,
              "seed": job.seed, "runs": job.runs, "command": command[1:-2],
              "exit_status": process.returncode, "wall_seconds": round(wall, 3),
              "report": report}
    cli_guard.write_atomically(job_path(output, job), json.dumps(result) + "\n")
    return result, f"{job.name()}: done in {wall:.2f} s, exit {process.returncode}"


def progress(spec: Spec, output: str, version: str) -> list[dict]:
    """Per point: jobs and runs finished of those planned, the finished runs optinet reported
    not ok, the wall seconds the finished jobs took, and the seconds the rest should take per
    worker (None until a job of the point has finished) as a range: at the fastest finished
    job's rate per run (a worker with a core to itself) and at their mean rate (jobs slowed by
    other load on the machine count in it)."""
    rows = {p.index: {"point": p, "jobs": 0, "jobs_done": 0, "runs": len(p.seeds),
                      "runs_done": 0, "not_ok": 0, "wall": 0.0, "fastest": None}
            for p in spec.points}
    for job in spec.jobs:
        row = rows[job.point]
        row["jobs"] += 1
        result = finished(output, job, version)
        if result is None:
            continue
        row["jobs_done"] += 1
        row["runs_done"] += job.runs
        runs = (result.get("report") or {}).get("runs") or []
        row["not_ok"] += sum(1 for r in runs if not (isinstance(r, dict) and r.get("ok")))
        wall = result.get("wall_seconds")
        wall = float(wall) if isinstance(wall, (int, float)) else 0.0
        row["wall"] += wall
        rate = wall / job.runs
        row["fastest"] = rate if row["fastest"] is None else min(row["fastest"], rate)
    for row in rows.values():
        left = row["runs"] - row["runs_done"]
        row["left"] = None
        if row["runs_done"]:
            row["left"] = (row["fastest"] * left, row["wall"] / row["runs_done"] * left)
    return list(rows.values())


def _scalar(v) -> bool:
    return isinstance(v, (int, float, str, bool)) and v is not None


def _cell(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return f"{v:.10g}"
    return v


def merge(spec: Spec, output: str, version: str) -> tuple[str, str, int]:
    """Writes OUTPUT/runs.csv (one row per run) and OUTPUT/points.csv (one row per point: its
    axis values, the point's scalar parameters, runs, runs_ok, and per merged field n, mean, sd,
    min, max, ci95_low, ci95_high). Wall times are left out, so that the CSVs depend only on the
    spec, the seeds and the optinet version. Returns the two paths and the missing jobs."""
    columns = spec.columns()
    by_point: dict[int, list] = {p.index: [] for p in spec.points}
    parameters: dict[int, dict] = {}
    missing = 0
    for job in spec.jobs:
        result = finished(output, job, version)
        if result is None:
            missing += 1
            continue
        report = result["report"]
        parameters.setdefault(job.point, {k: v for k, v in report.get("parameters", {}).items()
                                          if _scalar(v) and k not in columns})
        by_point[job.point] += report["runs"]
    run_fields: list[str] = []
    for runs in by_point.values():
        for r in runs:
            for k, v in r.items():
                if _scalar(v) and k not in run_fields and k not in ("wall_seconds", "seed"):
                    run_fields.append(k)
    param_fields: list[str] = []
    for p in parameters.values():
        param_fields += [k for k in p if k not in param_fields]
    runs_csv = io.StringIO()
    w = csv.writer(runs_csv, lineterminator="\n")
    w.writerow(["point"] + columns + ["seed"] + run_fields)
    for point in spec.points:
        for r in sorted(by_point[point.index], key=lambda r: r["seed"]):
            w.writerow([point.index] + [_cell(point.values[c]) for c in columns] + [r["seed"]] +
                       [_cell(r.get(k, "")) for k in run_fields])
    stat_names = ["n", "mean", "sd", "min", "max", "ci95_low", "ci95_high"]
    points_csv = io.StringIO()
    w = csv.writer(points_csv, lineterminator="\n")
    w.writerow(["point"] + columns + param_fields + ["runs", "runs_ok", "runs_planned"] +
               [f"{f}_{s}" for f in spec.fields for s in stat_names])
    for point in spec.points:
        runs = by_point[point.index]
        if not runs:
            continue
        row = [point.index] + [_cell(point.values[c]) for c in columns]
        row += [_cell(parameters[point.index].get(k, "")) for k in param_fields]
        row += [len(runs), sum(1 for r in runs if r.get("ok")), len(point.seeds)]
        for f in spec.fields:
            xs = [r[f] for r in runs if isinstance(r.get(f), (int, float))]
            s = summarize(xs) if xs else {}
            row += [_cell(s.get(name, "")) for name in stat_names]
        w.writerow(row)
    paths = os.path.join(output, "runs.csv"), os.path.join(output, "points.csv")
    cli_guard.write_atomically(paths[0], runs_csv.getvalue())
    cli_guard.write_atomically(paths[1], points_csv.getvalue())
    return paths[0], paths[1], missing


def plot(spec: Spec, output: str, points_csv: str) -> list[str]:
    """Each [[plot]]: y's mean against x with its 95% interval, one line per value of `group`
    (rows filtered by `where`), as PNG and SVG."""
    if not spec.plots:
        return []
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    with open(points_csv) as f:
        rows = list(csv.DictReader(f))
    written = []
    for i, p in enumerate(spec.plots):
        for column in [p["x"], p.get("group", p["x"])] + list(p.get("where", {})):
            if rows and column not in rows[0]:
                raise cli_guard.BadInput(f"{spec.path}: plot[{i}]: '{column}' is not a column of "
                                         f"{points_csv} (columns: {', '.join(rows[0])})")
        # A where value as the CSV writes it (a boolean as true or false).
        selected = [r for r in rows if all(r.get(k) == str(_cell(v))
                                           for k, v in p.get("where", {}).items())]
        groups: dict[str, list] = {}
        for r in selected:
            groups.setdefault(r.get(p.get("group", ""), "") if p.get("group") else "", []).append(r)
        fig, ax = plt.subplots(figsize=(6.4, 4.2))
        y = p["y"]
        for label, rs in groups.items():
            pts = sorted((float(r[p["x"]]), float(r[f"{y}_mean"]), float(r[f"{y}_ci95_low"]),
                          float(r[f"{y}_ci95_high"])) for r in rs if r.get(f"{y}_mean"))
            if not pts:
                continue
            xs, ms, lo, hi = zip(*pts)
            ax.errorbar(xs, ms, yerr=[[m - l for m, l in zip(ms, lo)],
                                      [h - m for m, h in zip(ms, hi)]],
                        marker="o", capsize=3, label=f"{p.get('group')} {label}" if label else y)
        ax.set_xlabel(p["x"])
        ax.set_ylabel(f"{y} (mean, 95% CI)")
        if p.get("logx"):
            ax.set_xscale("log", base=2)
        if p.get("logy"):
            ax.set_yscale("log")
        ax.set_title(p.get("title", spec.name))
        ax.grid(True, alpha=0.3)
        ax.legend()
        fig.tight_layout()
        for ext in ("png", "svg"):
            path = os.path.join(output, f"{p['name']}.{ext}")
            cli_guard.save_figure(fig, path)
            written.append(path)
        plt.close(fig)
    return written


def load_points(output: str) -> list[dict]:
    """A finished sweep as report scripts read it: per point with results, in spec order, its
    axis values, its optinet parameters, its runs in seed order, the summed elaboration and
    simulation seconds and wall time of its jobs and the runs planned. Reads OUTPUT/manifest.json and
    OUTPUT/jobs; results of another optinet version than the manifest's are left out."""
    with open(os.path.join(output, "manifest.json")) as f:
        manifest = json.load(f)
    points = {p["index"]: {"values": p["values"], "planned": len(p["seeds"]), "runs": [],
                           "parameters": {}, "elaboration": 0.0, "simulation": 0.0,
                           "wall": 0.0}
              for p in manifest["points"]}
    folder = os.path.join(output, "jobs")
    for name in sorted(os.listdir(folder)):
        if name.startswith(".") or not name.endswith(".json"):
            continue
        with open(os.path.join(folder, name)) as f:
            result = json.load(f)
        point = points.get(result["point"])
        if point is None or result.get("version") != manifest["version"]:
            continue
        report = result["report"]
        point["parameters"] = report.get("parameters", {})
        point["runs"] += report["runs"]
        timing = report.get("timing_seconds", {})
        point["elaboration"] += timing.get("elaboration", 0.0)
        point["simulation"] += timing.get("simulation", 0.0)
        point["wall"] += result.get("wall_seconds", 0.0)
    found = [points[i] for i in sorted(points) if points[i]["runs"]]
    for p in found:
        p["runs"].sort(key=lambda r: r["seed"])
    return found
