"""optinet-sweep: runs a sweep spec (TOML) as optinet jobs, locally or as a Slurm job array."""
from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import time

import cli_guard  # scripts/, on the path of scripts/optinet-sweep

from . import results, slurm
from .spec import Job, Spec, SpecError, load

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNNER = os.path.join(REPO, "scripts", "optinet-sweep")
EXIT_USAGE = 2
EXIT_INCOMPLETE = 1


def parse_args(argv):
    p = cli_guard.ArgumentParser(
        prog="optinet-sweep",
        description="Run a sweep spec (TOML, docs/sweeps.md): every point of its axes, its runs "
                    "split into optinet jobs; results in OUTPUT/jobs/*.json, merged into "
                    "OUTPUT/runs.csv and OUTPUT/points.csv, plots as PNG and SVG. A rerun skips "
                    "the jobs already finished with the same optinet call and version.")
    p.add_argument("spec", help="the spec file (TOML)")
    p.add_argument("--backend", choices=["local", "slurm"], default="local",
                   help="local: a pool of workers here (default); slurm: an sbatch job array")
    p.add_argument("--jobs", type=cli_guard.positive_int, default=os.cpu_count() or 1,
                   help="local: jobs at once (default: the number of cores, %(default)s)")
    p.add_argument("--output", help="output folder (default: the spec's sweep.output, else "
                                    "sweeps/NAME)")
    p.add_argument("--optinet", help="the optinet binary (default: the spec's sweep.optinet, "
                                     "else build/optinet of this repository)")
    p.add_argument("--status", action="store_true",
                   help="print how many jobs are finished (and, after --backend slurm, the "
                        "array's tasks in the queue); run nothing")
    p.add_argument("--collect", action="store_true",
                   help="merge the finished jobs into the CSVs and plots; run nothing")
    p.add_argument("--dry-run", action="store_true",
                   help="validate the spec and list the jobs that would run; run nothing")
    p.add_argument("--no-plots", action="store_true", help="merge the CSVs, skip the plots")
    p.add_argument("--where", action="append", default=[], metavar="COLUMN<=VALUE",
                   help="only the points whose axis column satisfies this (=, <=, >=; "
                        "repeatable), e.g. --where n<=1024 --where family=dg; the merged CSVs "
                        "then hold those points")
    g = p.add_argument_group("slurm")
    g.add_argument("--partition", help="sbatch --partition (default: the spec's slurm.partition)")
    g.add_argument("--time", help="sbatch --time per task, e.g. 01:00:00")
    g.add_argument("--mem", help="sbatch --mem, e.g. 4G (default: 1.5 x the largest memory "
                                 "estimate of `optinet --check`, at least 64M)")
    g.add_argument("--chunk", type=cli_guard.positive_int,
                   help="jobs per array task (default: the spec's slurm.chunk, else 1)")
    g.add_argument("--no-submit", action="store_true",
                   help="write OUTPUT/slurm/sweep.sbatch but do not submit it")
    p.add_argument("--run-chunk", type=int, help=argparse.SUPPRESS)  # inside an array task
    return p.parse_args(argv)


def fail(message: str, status: int = EXIT_USAGE):
    """optinet-sweep: MESSAGE, one line, and the exit status."""
    cli_guard.fail(message, status)


def validate(spec: Spec, optinet: str) -> dict:
    """Asks `optinet ... --check` before any job runs, once per distinct option set and number
    of runs per job, with the largest first seed of those jobs: options, seeds and runs that
    optinet refuses end the runner with one line naming the spec key, as does an answer that
    is not a check report. Returns {option set: check report}."""
    checks, asked = {}, {}
    for job in spec.jobs:
        key = (tuple(job.args), job.runs)
        if key not in asked or job.seed > asked[key].seed:
            asked[key] = job
    for (args, runs), job in asked.items():
        command = [optinet] + job.args + ["--seed", str(job.seed), "--runs", str(runs), "--check"]
        p = subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if p.returncode != 0:
            message = (p.stderr.strip().splitlines() or [f"exit {p.returncode}"])[-1]
            message = message.removeprefix("optinet: ")
            option = message.split(":", 1)[0]
            # "--d/--g: ..." names two options: the spec key of the first that has one.
            keys = [job.option_keys[o] for o in option.split("/") if o in job.option_keys]
            where = (keys[0] if keys else "sweep.network" if option == "network" else
                     "runs" if option.split(" ")[0] in ("--seed", "--runs") else "options")
            fail(f"{spec.path}: {where}: optinet refuses it: {message}")
        try:
            report = json.loads(p.stdout)
            report["memory_estimate_bytes"]
        except (ValueError, TypeError, KeyError):
            said = (p.stdout.strip().splitlines() or [""])[0][:60]
            fail(f"{spec.path}: options: '{' '.join(command[1:])}' gave no check report (it "
                 f"printed {said!r}); an option in options or axes that makes optinet print "
                 "instead of run?")
        checks[args] = report
    return checks


def check_plots(spec: Spec, checks: dict) -> None:
    """Every plot's x, group and where name a column of points.csv: an axis column, a
    parameter of the runs (from the check reports) or a summary column, before any job runs."""
    columns = ["point"] + spec.columns() + ["runs", "runs_ok", "runs_planned"]
    for report in checks.values():
        columns += [k for k in report.get("parameters", {}) if k not in columns]
    for i, p in enumerate(spec.plots):
        named = [("x", p["x"])] + ([("group", p["group"])] if "group" in p else []) + \
            [(f"where.{k}", k) for k in p.get("where", {})]
        for key, column in named:
            if column not in columns:
                fail(f"{spec.path}: plot[{i}].{key}: '{column}' is not a column of points.csv "
                     f"(columns: {', '.join(columns)})")


def check_output(output: str) -> None:
    """Creates the output folder if it is missing and writes a probe file in it: a folder that
    cannot be made or written is refused (exit 2, naming --output) before any job runs."""
    try:
        cli_guard.probe_folder(output, create=True)
    except OSError as e:
        fail(f"--output {output}: cannot write there ({e.strerror or e})")


def write_manifest(spec: Spec, output: str, optinet: str, version: str, checks: dict) -> None:
    manifest = {"spec": spec.text, "spec_path": os.path.abspath(spec.path), "optinet": optinet,
                "version": version,
                "points": [{"index": p.index, "values": p.values, "seeds": p.seeds}
                           for p in spec.points],
                "jobs": len(spec.jobs),
                "memory_estimate_bytes": max(c["memory_estimate_bytes"] for c in checks.values())}
    os.makedirs(output, exist_ok=True)
    cli_guard.write_atomically(os.path.join(output, "manifest.json"),
                             json.dumps(manifest, indent=1) + "\n")


class Progress:
    """tqdm on a terminal (rate and time left); otherwise one plain line per job."""

    def __init__(self, total: int, skipped: int):
        self.bar = None
        self.done = 0
        self.total = total
        if sys.stderr.isatty():
            try:
                from tqdm import tqdm
                self.bar = tqdm(total=total, unit="job", dynamic_ncols=True)
            except ImportError:
                pass
        if skipped:
            self.write(f"{skipped} job(s) already finished, skipped")

    def write(self, line: str) -> None:
        if self.bar is not None:
            self.bar.write(line, file=sys.stderr)
        else:
            print(line, file=sys.stderr, flush=True)

    def job(self, message: str, ok: bool) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.update(1)
            if not ok:
                self.bar.write(message, file=sys.stderr)
        else:
            print(f"[{self.done}/{self.total}] {message}", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def run_local(spec: Spec, output: str, optinet: str, version: str, pending: list[Job],
              workers: int, skipped: int) -> bool:
    """Runs `pending` with `workers` at once. Ctrl-C (or SIGTERM) stops the running optinet
    processes (their reports are never written half) and keeps the finished jobs. Returns
    whether every job gave a result."""
    children = cli_guard.Children()

    def work(job: Job):
        if children.stopped:
            return None, None
        return results.run_job(output, job, optinet, version, children.track)

    progress = Progress(len(pending), skipped)
    failed = 0
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=workers)
    try:
        futures = [pool.submit(work, job) for job in pending]
        for future in concurrent.futures.as_completed(futures):
            result, message = future.result()
            failed += result is None
            progress.job(message, result is not None)
    except KeyboardInterrupt as e:  # Ctrl-C, or SIGTERM, SIGHUP, ... (cli_guard.Interrupted)
        children.stop(pool)
        progress.close()
        signum, status = cli_guard.interrupted_status(e)
        fail(f"interrupted ({cli_guard.signal_name(signum)}); {progress.done} of {len(pending)} "
             f"job(s) finished this time are kept; rerun to resume", status)
    pool.shutdown(wait=True)
    progress.close()
    if failed:
        print(f"optinet-sweep: {failed} job(s) gave no result (see above); rerun to retry",
              file=sys.stderr)
    return failed == 0


def collect(spec: Spec, output: str, version: str, plots: bool) -> int:
    if not any(results.finished(output, job, version) for job in spec.jobs):
        print(f"optinet-sweep: no job of {spec.name} finished in {output} yet", file=sys.stderr)
        return EXIT_INCOMPLETE
    runs_csv, points_csv, missing = results.merge(spec, output, version)
    print(f"runs: {runs_csv}\npoints: {points_csv}")
    if plots:
        for path in results.plot(spec, output, points_csv):
            print(f"plot: {path}")
    if missing:
        print(f"optinet-sweep: {missing} of {len(spec.jobs)} job(s) not finished yet",
              file=sys.stderr)
        return EXIT_INCOMPLETE
    return 0


def run_chunk(spec: Spec, output: str, optinet: str, version: str, task: int) -> int:
    """Inside a Slurm array task: the task's jobs, one after the other."""
    tasks = slurm.load_submission(output).get("tasks", [])
    if task < 0 or task >= len(tasks):
        fail(f"--run-chunk: task {task} is not in {output}/slurm/submission.json")
    by_name = {job.name(): job for job in spec.jobs}
    status = 0
    for name in tasks[task]:
        job = by_name[name]
        if results.finished(output, job, version) is None:
            result, message = results.run_job(output, job, optinet, version)
            print(message, flush=True)
            status |= result is None
    return status


def submit_slurm(spec: Spec, output: str, optinet: str, version: str, pending: list[Job],
                 checks: dict, args) -> int:
    settings = dict(spec.slurm)
    for key in ("partition", "time", "mem", "chunk"):
        if getattr(args, key) is not None:
            settings[key] = getattr(args, key)
    classes: dict[int, list[Job]] = {}
    if "mem" in settings:
        text = str(settings["mem"]).upper().rstrip("B")
        factor = {"K": 1 / 1024, "M": 1, "G": 1024, "T": 1024 * 1024}.get(text[-1:], None)
        try:
            classes[int(float(text[:-1]) * factor) if factor else int(text)] = pending
        except ValueError:
            fail(f"slurm.mem: '{settings['mem']}' is not a size like 512M or 4G")
    else:  # one array per memory class, so that small jobs do not ask for the largest's memory
        for job in pending:
            estimate = checks[tuple(job.args)]["memory_estimate_bytes"]
            classes.setdefault(slurm.memory_class_mib(estimate), []).append(job)
    tasks: list[list[str]] = []
    arrays = []
    for mem_mib, jobs in sorted(classes.items()):
        chunked = slurm.chunks([j.name() for j in jobs], int(settings.get("chunk", 1)))
        script = slurm.write_script(os.path.abspath(output), os.path.abspath(spec.path),
                                    os.path.abspath(optinet), len(tasks), len(chunked), settings,
                                    mem_mib, RUNNER)
        arrays.append({"script": script, "mem_mib": mem_mib, "job_id": ""})
        tasks += chunked
        print(f"slurm: {script}: {len(jobs)} job(s) in {len(chunked)} array task(s), "
              f"--mem={mem_mib}M")
    slurm.save_submission(output, arrays, tasks)
    if args.no_submit:
        return 0
    for array in arrays:
        try:
            array["job_id"] = slurm.submit(array["script"])
        except RuntimeError as e:
            slurm.save_submission(output, arrays, tasks)
            fail(str(e), 1)
        print(f"slurm: submitted job array {array['job_id']}")
    slurm.save_submission(output, arrays, tasks)
    print("slurm: follow the arrays with --status, merge with --collect")
    return 0


def select(spec: Spec, conditions: list[str]) -> None:
    """Keeps the points (and their jobs) that satisfy every condition (--where)."""
    import operator
    tests = []
    for text in conditions:
        for symbol, op in (("<=", operator.le), (">=", operator.ge), ("=", operator.eq)):
            if symbol in text:
                column, value = text.split(symbol, 1)
                if column not in spec.columns():
                    fail(f"--where: '{column}' is not an axis column "
                         f"(columns: {', '.join(spec.columns())})")
                tests.append((column, op, value))
                break
        else:
            fail(f"--where: '{text}' is not COLUMN=VALUE, COLUMN<=VALUE or COLUMN>=VALUE")

    def typed(value: str, like, column: str):
        """VALUE read as the type of the column's value LIKE: true/false for a boolean."""
        if isinstance(like, bool):
            if value.lower() not in ("true", "false"):
                fail(f"--where: '{value}' is not a value of {column} (accepted: true, false)")
            return value.lower() == "true"
        try:
            return type(like)(value)
        except ValueError:
            fail(f"--where: '{value}' is not a value of {column} (accepted: "
                 f"{'an integer' if isinstance(like, int) else 'a number'})")

    def keep(values):
        return all(op(values[column], typed(value, values[column], column))
                   for column, op, value in tests)

    kept = {p.index for p in spec.points if keep(p.values)}
    if not kept:
        fail("--where: no point is left")
    spec.points = [p for p in spec.points if p.index in kept]
    spec.jobs = [j for j in spec.jobs if j.point in kept]


def duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def print_progress(rows: list[dict]) -> None:
    """--status: one line per point, then the time left in all (one worker's time)."""
    left_total, unknown = [0.0, 0.0], 0
    for row in rows:
        point = row["point"]
        name = " ".join([f"p{point.index:04d}"] + [f"{k}={v}" for k, v in point.values.items()])
        line = (f"  {name}: {row['jobs_done']} of {row['jobs']} job(s), "
                f"{row['runs_done']} of {row['runs']} run(s), {row['not_ok']} not ok, "
                f"{duration(row['wall'])} spent")
        if row["runs_done"] == row["runs"]:
            line += ", done"
        elif row["left"] is None:
            unknown += 1
            line += ", time left unknown (no job finished yet)"
        else:
            left_total = [a + b for a, b in zip(left_total, row["left"])]
            line += f", {time_left(row['left'])} left"
        print(line)
    unfinished = sum(1 for row in rows if row["runs_done"] < row["runs"])
    if unfinished and unknown == unfinished:
        print("left: unknown until a job of an unfinished point has finished")
    elif unfinished:
        print(f"left: {time_left(left_total)} of one worker (at the fastest finished job's rate "
              "per run, and at their mean rate)"
              + (f", plus {unknown} point(s) not started" if unknown else "")
              + "; divide by the workers (--jobs, or the cluster's tasks)")


def time_left(bounds) -> str:
    fastest, mean = (duration(b) for b in bounds)
    return fastest if fastest == mean else f"{fastest} to {mean}"


def main(argv=None) -> int:
    args = parse_args(argv)
    try:
        spec = load(args.spec)
    except SpecError as e:
        fail(f"{args.spec}: {e}")
    if args.where:
        select(spec, args.where)
    optinet = args.optinet or spec.optinet or os.path.join(REPO, "build", "optinet")
    output = args.output or spec.output or os.path.join("sweeps", spec.name)
    version = cli_guard.check_optinet(optinet)
    if args.run_chunk is not None:
        return run_chunk(spec, output, optinet, version, args.run_chunk)
    done = [results.finished(output, j, version) is not None for j in spec.jobs]
    if args.status:
        state = ", ".join(filter(None, (slurm.queue_state(a["job_id"]) for a in
                                        slurm.load_submission(output).get("arrays", []))))
        print(f"{spec.name}: {sum(done)} of {len(spec.jobs)} job(s) finished ({len(spec.points)} "
              f"point(s), {version})" + (f"; slurm: {state}" if state else ""))
        print_progress(results.progress(spec, output, version))
        return 0
    if args.collect:
        return collect(spec, output, version, not args.no_plots)
    checks = validate(spec, optinet)
    if not args.no_plots:
        check_plots(spec, checks)
    pending = [j for j, d in zip(spec.jobs, done) if not d]
    if args.dry_run:
        for job in pending:
            print(" ".join(job.command(optinet, "JOB.json")))
        print(f"{len(pending)} of {len(spec.jobs)} job(s) to run", file=sys.stderr)
        return 0
    check_output(output)
    write_manifest(spec, output, optinet, version, checks)
    if args.backend == "slurm":
        return submit_slurm(spec, output, optinet, version, pending, checks, args)
    started = time.time()
    complete = run_local(spec, output, optinet, version, pending, args.jobs,
                         len(spec.jobs) - len(pending))
    print(f"{len(pending)} job(s) run in {time.time() - started:.1f} s with {args.jobs} "
          f"worker(s)", file=sys.stderr)
    status = collect(spec, output, version, not args.no_plots)
    return status if complete else EXIT_INCOMPLETE
