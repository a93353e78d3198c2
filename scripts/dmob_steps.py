#!/usr/bin/env python3
"""Steps of dim-order routing a random permutation on the D-dimensional MOB, against N, for
D = 2, 3, 4 (docs/results/dmob.md). One optinet process at a time.

usage: scripts/dmob_steps.py OPTINET [RUNS] [SEED]
Prints a Markdown table: D, K, N, buses, then the mean, sd and max of the steps over RUNS runs
(seeds SEED..SEED+RUNS-1), steps per dimension, collisions and the largest buffer.
"""
import json
import statistics
import subprocess
import sys
import tempfile

SIZES = {2: (8, 16, 32, 64, 128, 256), 3: (4, 8, 16, 32, 40), 4: (3, 4, 8, 16)}


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    optinet = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    print("| D | K | N | buses | steps mean | sd | max | steps / D | collisions mean | max buffers |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for dim, ks in SIZES.items():
        for k in ks:
            with tempfile.NamedTemporaryFile(suffix=".json") as out:
                subprocess.run([optinet, "dmob", "--k", str(k), "--dim", str(dim), "--traffic",
                                "permutation", "--runs", str(runs), "--seed", str(seed), "--json",
                                out.name, "--quiet"], check=True, stdout=subprocess.DEVNULL)
                report = json.load(open(out.name))
            rs = report["runs"]
            assert all(r["ok"] and r["delivered"] == r["packets"] for r in rs)
            steps = [r["steps"] for r in rs]
            mean = statistics.mean(steps)
            p = report["parameters"]
            print(f"| {dim} | {k} | {p['n']} | {p['buses']} | {mean:.1f} | "
                  f"{statistics.stdev(steps) if len(steps) > 1 else 0:.1f} | {max(steps)} | "
                  f"{mean / dim:.1f} | {statistics.mean(r['collisions'] for r in rs):.0f} | "
                  f"{max(r['max_buffers'] for r in rs)} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
