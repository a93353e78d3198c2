#!/usr/bin/python3
"""Steps of dim-order routing a random permutation on the D-dimensional MOB, against N, for
D = 2, 3, 4 (docs/results/dmob.md). One optinet process at a time.

usage: scripts/results/dmob_steps.py OPTINET [RUNS] [SEED]
Prints a Markdown table: D, K, N, buses, then the mean, sd and max of the steps over RUNS runs
(seeds SEED..SEED+RUNS-1), steps per dimension, collisions and the largest buffer.
"""
import json
import statistics
import subprocess
import tempfile

import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402

SIZES = {2: (8, 16, 32, 64, 128, 256), 3: (4, 8, 16, 32, 40), 4: (3, 4, 8, 16)}


def main():
    ap = cli_guard.ArgumentParser(description=__doc__)
    ap.add_argument("optinet", metavar="OPTINET", type=cli_guard.optinet,
                    help="the optinet binary")
    ap.add_argument("runs", metavar="RUNS", nargs="?", type=cli_guard.positive_int, default=5,
                    help="runs a size (default %(default)s)")
    ap.add_argument("seed", metavar="SEED", nargs="?", type=int, default=1,
                    help="the first run's seed (default %(default)s)")
    args = ap.parse_args()
    optinet, runs, seed = args.optinet, args.runs, args.seed
    print("| D | K | N | buses | steps mean | sd | max | steps / D | collisions mean | max buffers |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for dim, ks in SIZES.items():
        for k in ks:
            with tempfile.NamedTemporaryFile(suffix=".json") as out:
                subprocess.run([optinet, "dmob", "--k", str(k), "--dim", str(dim), "--traffic",
                                "permutation", "--runs", str(runs), "--seed", str(seed), "--json",
                                out.name, "--quiet"], check=True, stdout=subprocess.DEVNULL)
                with open(out.name) as f:
                    report = json.load(f)
            rs = report["runs"]
            cli_guard.check_runs(rs, f"dmob --k {k} --dim {dim}",
                                 lambda r: r["ok"] and r["delivered"] == r["packets"])
            steps = [r["steps"] for r in rs]
            mean = statistics.mean(steps)
            p = report["parameters"]
            print(f"| {dim} | {k} | {p['n']} | {p['buses']} | {mean:.1f} | "
                  f"{statistics.stdev(steps) if len(steps) > 1 else 0:.1f} | {max(steps)} | "
                  f"{mean / dim:.1f} | {statistics.mean(r['collisions'] for r in rs):.0f} | "
                  f"{max(r['max_buffers'] for r in rs)} |", flush=True)
    return 0


if __name__ == "__main__":
    cli_guard.run(main)
