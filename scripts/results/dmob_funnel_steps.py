#!/usr/bin/python3
"""Steps of `funnel` (Theorem 2: the split&hash Funnel Algorithm simulated on the D-dimensional
MOB) routing a random permutation, against N, beside `dim-order` on the same permutations and
beside d^4 log d log log N (logs base 2) (docs/results/dmob.md). One optinet process at a time.

usage: scripts/results/dmob_funnel_steps.py OPTINET [D:K:A:RUNS ...]
Each run uses --seed 1.. (a fresh permutation each) and --network-seed 1. Prints a Markdown
row per size: runs ok / stuck, funnel steps mean (sd, max), max rounds, the preprocessing
(psi routed, most entries a node holds), dim-order steps mean, the bound and the ratios.
"""
import json
import math
import statistics
import argparse
import subprocess
import tempfile
import time

import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402

DEFAULT = ["2:8:2:5", "2:16:2:5", "2:32:2:5", "2:64:2:3", "2:128:2:2", "3:6:2:5", "3:8:2:5",
           "3:9:3:3", "3:16:3:2", "4:8:2:2"]


def run(optinet, args):
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        proc = subprocess.run([optinet, "dmob", *args, "--traffic", "permutation", "--seed", "1",
                               "--json", out.name, "--quiet"], stdout=subprocess.DEVNULL)
        cli_guard.check_exit(proc)  # 1: a run with a stuck packet (a result to show)
        with open(out.name) as f:
            return json.load(f)


def size(text):
    """argparse type: D:K:A:RUNS, four integers, RUNS >= 1."""
    try:
        dim, k, a, runs = (int(x) for x in text.split(":"))
    except ValueError:
        dim = k = a = runs = 0
    if runs < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not accepted (D:K:A:RUNS, four integers)")
    return dim, k, a, runs


def main():
    ap = cli_guard.ArgumentParser(description=__doc__)
    ap.add_argument("optinet", metavar="OPTINET", type=cli_guard.optinet,
                    help="the optinet binary")
    ap.add_argument("sizes", metavar="D:K:A:RUNS", nargs="*", type=size,
                    help="sizes to run (default: " + " ".join(DEFAULT) + ")")
    args = ap.parse_args()
    optinet = args.optinet
    sizes = args.sizes or [size(s) for s in DEFAULT]
    print("| D | K | a | N | runs ok / stuck | funnel steps mean (sd) | max | max rounds | "
          "psi routed | entries / node | dim-order steps mean | d^4 log d loglog N | "
          "funnel / bound | funnel / dim-order | wall s / run |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for dim, k, a, runs in sizes:
        start = time.time()
        f = run(optinet, ["--k", str(k), "--dim", str(dim), "--protocol", "funnel", "--a", str(a),
                          "--runs", str(runs)])
        wall = (time.time() - start) / runs
        d = run(optinet, ["--k", str(k), "--dim", str(dim), "--runs", str(runs)])
        fr, dr = f["runs"], d["runs"]
        cli_guard.check_runs(dr, f"dmob --k {k} --dim {dim} (dim-order)")
        ok = [r for r in fr if r["ok"]]
        stuck = sum(1 for r in fr if r["stuck"] > 0)
        n = f["parameters"]["n"]
        bound = dim ** 4 * math.log2(dim) * math.log2(math.log2(n))
        fp = f["parameters"]["funnel"]
        dmean = statistics.mean(r["steps"] for r in dr)
        cells = ["-", "-", "-", "-"]
        if ok:
            steps = [r["steps"] for r in ok]
            mean = statistics.mean(steps)
            sd = statistics.stdev(steps) if len(steps) > 1 else 0.0
            cells = [f"{mean:.1f} ({sd:.1f})", str(max(steps)), f"{mean / bound:.2f}",
                     f"{mean / dmean:.1f}"]
        row = [dim, k, a, n, f"{len(ok)} / {stuck}", *cells[:2],
               max(r["max_rounds"] for r in fr), fp["psi_permutations"],
               fp["preprocessing_entries_max"], f"{dmean:.1f}", f"{bound:.0f}", *cells[2:],
               f"{wall:.1f}"]
        print("| " + " | ".join(str(c) for c in row) + " |", flush=True)
    return 0


if __name__ == "__main__":
    cli_guard.run(main)
