#!/usr/bin/python3
"""Communication steps of h-relation routing on the OCPC and the MOB-PC, measured by the model.

The runs are the sweep studies/ocpc-mob.toml (every protocol, size, h and traffic, with its
number of runs), run by the sweep runner:

    scripts/optinet-sweep studies/ocpc-mob.toml --jobs 2      # or --backend slurm

This script reads the sweep's results (sweeps/ocpc-mob, or --sweep DIR) and writes
  * docs/results/ocpc-mob.csv (the measured data; rows of points the sweep has no results for
    are kept, so a partial sweep replaces only its points),
  * the generated tables in docs/results/ocpc-mob.md (between the GENERATED markers),
  * docs/results/ocpc-random.png, ocpc-lower-bound.png, mob-random.png (gnuplot).

Examples
  scripts/results/ocpc_mob.py                                   # CSV, tables, plots from the sweep
  scripts/results/ocpc_mob.py --report-only                     # tables and plots from the CSV
Python 3 standard library only; progress on stderr.
"""
from __future__ import annotations

import argparse
import csv
import math
import os
import shutil
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "scripts"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
import results_data  # noqa: E402
from sweep.results import load_points  # noqa: E402
from sweep.stats import summarize  # noqa: E402

# OPTINET_RESULTS: another folder for the data and documents (the test of generated tables).
RESULTS = results_data.RESULTS
CSV = os.path.join(RESULTS, "ocpc-mob.csv")
DOC = os.path.join(RESULTS, "ocpc-mob.md")

FIELDS = ["network", "protocol", "traffic", "p", "n", "h", "runs", "steps_mean", "steps_sd",
          "steps_max", "steps_min", "fallbacks_mean", "collisions_mean", "runs_hit_limit",
          "runs_failed", "wall_seconds"]


def log(message):
    print(message, file=sys.stderr, flush=True)


def row_of(point):
    """The CSV row of one point from its sweep results (scripts/sweep/results.py)."""
    v, rs = point["values"], point["runs"]
    s = summarize([r["steps"] for r in rs])
    return {
        "network": v["network"], "protocol": v["protocol"], "traffic": v["traffic"],
        "p": v["p"], "n": point["parameters"]["n"], "h": v["h"], "runs": len(rs),
        "steps_mean": round(s["mean"], 3), "steps_sd": round(s["sd"], 3),
        "steps_max": int(s["max"]), "steps_min": int(s["min"]),
        "fallbacks_mean": round(sum(r["fallbacks"] for r in rs) / len(rs), 3),
        "collisions_mean": round(sum(r["collisions"] for r in rs) / len(rs), 1),
        "runs_hit_limit": sum(1 for r in rs if r["hit_limit"]),
        "runs_failed": sum(1 for r in rs if not r["ok"]),
        "wall_seconds": round(point["wall"], 2),
    }


def key(row):
    return (row["network"], row["protocol"], row["traffic"], int(row["p"]), int(row["h"]))


def load_rows():
    return {key(r): r for r in results_data.read_csv(CSV, missing_ok=True)}


def save_rows(measured):
    """Writes the CSV: its rows as they are on disk now, with `measured` replacing or adding
    (so two sweeps of different networks or protocols may run at the same time)."""
    rows = load_rows()
    rows.update(measured)
    with cli_guard.atomic_open(CSV, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        for k in sorted(rows):
            w.writerow({name: rows[k][name] for name in FIELDS})
    return rows


def h_of(label, p):
    """The h of a column label: "log" is ceil(log2 p) (p: OCPC processors, MOB-PC side)."""
    return max(1, math.ceil(math.log2(p))) if label == "log" else int(label)


def tables(rows):
    out = []
    for network in ("ocpc", "mob"):
        net_rows = [r for r in rows.values() if r["network"] == network]
        if not net_rows:
            continue
        size = "p" if network == "ocpc" else "p (side; n = p^2)"
        for protocol in sorted({r["protocol"] for r in net_rows}):
            rs = [r for r in net_rows if r["protocol"] == protocol]
            random_rows = [r for r in rs if r["traffic"] == "random-h-relation"]
            lower = {int(r["p"]): r for r in rs if r["traffic"] == "lower-bound"}
            ps = sorted({int(r["p"]) for r in rs})
            cols = ["1", "2", "4", "8", "log"]
            cell = {(int(r["p"]), int(r["h"])): r for r in random_rows}
            out.append(f"\n**{network.upper() if network == 'ocpc' else 'MOB-PC'}, "
                       f"`{protocol}`**: mean steps (max) over the runs; random h-relations "
                       f"by h, and the lower-bound 2-relation.\n")
            out.append(f"| {size} | " + " | ".join(f"h = {c}" for c in cols) +
                       " | lower-bound | runs |")
            out.append("|---:|" + "---:|" * (len(cols) + 2))
            for p in ps:
                cells = []
                runs = set()
                for c in cols:
                    r = cell.get((p, h_of(c, p)))
                    cells.append(fmt(r))
                    if r:
                        runs.add(r["runs"])
                lb = lower.get(p)
                if lb:
                    runs.add(lb["runs"])
                label = f"2^{int(math.log2(p))}" if network == "ocpc" else str(p)
                out.append(f"| {label} | " + " | ".join(cells) + f" | {fmt(lb)} | "
                           f"{'/'.join(sorted(runs, key=int))} |")
            if any(float(r["fallbacks_mean"]) > 0 for r in rs):
                out.append(f"\n`{protocol}`: mean fallbacks per run (see the protocol's "
                           "header for what counts as one).\n")
                out.append(f"| {size} | " + " | ".join(f"h = {c}" for c in cols) +
                           " | lower-bound |")
                out.append("|---:|" + "---:|" * (len(cols) + 1))
                for p in ps:
                    cells = [cell.get((p, h_of(c, p))) for c in cols] + [lower.get(p)]
                    label = f"2^{int(math.log2(p))}" if network == "ocpc" else str(p)
                    out.append(f"| {label} | " + " | ".join(
                        f"{float(r['fallbacks_mean']):g}" if r else "" for r in cells) + " |")
    fits = []
    for network in ("ocpc", "mob"):
        for protocol in sorted({r["protocol"] for r in rows.values() if r["network"] == network}):
            pts = sorted((int(r["n"]), float(r["steps_mean"])) for r in rows.values()
                         if r["network"] == network and r["protocol"] == protocol
                         and r["traffic"] == "lower-bound")
            if len(pts) >= 3:
                a, b = results_data.fit_log2(pts)
                fits.append(f"| {network} | `{protocol}` | {a:.2f} | {b:.2f} | "
                            f"{pts[0][0]}..{pts[-1][0]} |")
    if fits:
        out.append("\n**Lower-bound 2-relation: least-squares fit steps = a + b log2 n** "
                   "(n processors)\n")
        out.append("| network | protocol | a | b (steps per doubling of n) | n |")
        out.append("|---|---|---:|---:|---|")
        out.extend(fits)
    return "\n".join(out)


def fmt(r):
    if not r:
        return ""
    s = f"{float(r['steps_mean']):.1f} ({r['steps_max']})"
    if int(r["runs_hit_limit"]) or int(r["runs_failed"]):
        s += " FAILED"
    return s


def plot(rows, network, traffic, png, hs):
    if not shutil.which("gnuplot"):
        log("gnuplot not found; no plots")
        return
    rs = [r for r in rows.values() if r["network"] == network and r["traffic"] == traffic]
    if not rs:
        return
    with tempfile.TemporaryDirectory() as tmp:
        series = []
        for protocol in sorted({r["protocol"] for r in rs}):
            for h in hs:
                pts = sorted((int(r["n"]), float(r["steps_mean"]), int(r["steps_max"]))
                             for r in rs if r["protocol"] == protocol and
                             int(r["h"]) == h_of(h, int(r["p"])))
                if not pts:
                    continue
                dat = os.path.join(tmp, f"{protocol}-{h}.dat")
                with open(dat, "w") as f:
                    for n, mean, mx in pts:
                        f.write(f"{math.log2(n)} {mean} {mx}\n")
                title = protocol if traffic == "lower-bound" else f"{protocol}, h = {h}"
                series.append(f"'{dat}' using 1:2 with linespoints title '{title}'")
        what = "random h-relations" if traffic == "random-h-relation" else \
            "the lower-bound 2-relation (section 3)"
        name = "OCPC" if network == "ocpc" else "MOB-PC"
        done = cli_guard.gnuplot(
            f"set terminal pngcairo size 1000,650 noenhanced\nset output '{png}'\n"
            f"set title '{name}: communication steps, {what} (mean over runs)'\n"
            "set xlabel 'log2 n (processors)'\nset ylabel 'communication steps'\n"
            "set key outside right\nset grid\nset logscale y 2\n"
            "plot " + ", \\\n     ".join(series) + "\n", png)
        if done.returncode != 0:
            log(f"gnuplot failed: {done.stderr}")
        else:
            log(f"wrote {png}")


def report(rows):
    plot(rows, "ocpc", "random-h-relation", os.path.join(RESULTS, "ocpc-random.png"),
         ["1", "2", "4", "8", "log"])
    plot(rows, "ocpc", "lower-bound", os.path.join(RESULTS, "ocpc-lower-bound.png"), ["2"])
    plot(rows, "mob", "random-h-relation", os.path.join(RESULTS, "mob-random.png"),
         ["1", "2", "4", "8", "log"])
    plot(rows, "mob", "lower-bound", os.path.join(RESULTS, "mob-lower-bound.png"), ["2"])
    results_data.write_generated(DOC, {"ocpc tables": tables(rows)}, "ocpc_mob.py",
                                 "# OCPC and MOB-PC results\n")
    log(f"wrote {DOC}")


def main():
    ap = cli_guard.ArgumentParser(description=__doc__,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sweep", default=os.path.join(REPO, "sweeps", "ocpc-mob"),
                    help="output folder of scripts/optinet-sweep studies/ocpc-mob.toml")
    ap.add_argument("--report-only", action="store_true")
    ap.add_argument("--csv", default=None, help="the data file (default docs/results/...csv)")
    a = ap.parse_args()
    global CSV
    CSV = a.csv or CSV
    cli_guard.output_file(CSV, "--csv")
    measured = {}
    if not a.report_only:
        with cli_guard.reading(a.sweep, "sweep output"):
            for point in load_points(a.sweep):
                row = row_of(point)
                measured[key(row)] = {k: str(v) for k, v in row.items()}
    report(save_rows(measured) if measured else load_rows())


if __name__ == "__main__":
    cli_guard.run(main)
