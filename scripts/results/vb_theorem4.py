#!/usr/bin/python3
"""Valiant & Brebner, section 8, Theorem 4: on the k-dimensional grid (N = n^k) the routing
algorithm Route(n, k, k) with each of its 2k - 1 phases given n + K n^(1/2) slots finishes every
permutation in (2k - 1)(n + K n^(1/2)) slots except with probability below C^(K n^(1/2)) (C < 1
unstated); a phase that overruns its window hands over to any correct algorithm.

The model runs it as `optinet grid --n n --k k --protocol gridk --phase-window W` with
W = n + ceil(K n^(1/2)): sub-phase s runs in slots [s W, (s+1) W), a packet that finishes early
waits, one that overruns goes on at once with the same scheme (the fall-back). This script
counts, for each (n, k, K), the runs in which some phase overran its window (the fall-back was
needed) and the slots taken, and, without windows, the longest phase (g = longest - n).

usage: scripts/results/vb_theorem4.py [OPTINET] [--runs R]   (prints Markdown; docs/results/valiant-brebner.md)
"""
import json
import math
import os
import subprocess
import tempfile

import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHAPES = [(32, 2), (64, 2), (8, 3), (16, 3), (6, 4)]
KS = [0, 0.5, 1, 2]


def run(optinet, n, k, runs, window):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "r.json")
        cmd = [optinet, "grid", "--n", str(n), "--k", str(k), "--protocol", "gridk",
               "--traffic", "random", "--runs", str(runs), "--seed", "1", "--quiet",
               "--json", out]
        if window:
            cmd += ["--phase-window", str(window)]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        with open(out) as f:
            runs_ = json.load(f)["runs"]
    cli_guard.check_runs(runs_, f"grid --n {n} --k {k}")
    return runs_


def main():
    p = cli_guard.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("optinet", nargs="?", default=os.path.join(ROOT, "build", "optinet"),
                   metavar="OPTINET", type=cli_guard.optinet)
    p.add_argument("--runs", type=cli_guard.positive_int, default=100)
    a = p.parse_args()
    print(f"Random permutations, {a.runs} runs a row, seeds from 1, every run checked.\n")
    print("| n | k | N | no windows: longest phase - n (max over runs) | no windows: max slots |"
          " (2k-1) n |")
    print("|---|---|---|---|---|---|")
    for n, k in SHAPES:
        rs = run(a.optinet, n, k, a.runs, 0)
        g = max(max(r["subphase_slots"]) for r in rs) - n
        print(f"| {n} | {k} | {n ** k} | {g:+d} | {max(r['slots'] for r in rs)} | "
              f"{(2 * k - 1) * n} |")
    print()
    print("| n | k | K | window W = n + ceil(K n^(1/2)) | (2k-1) W | runs with a phase past its"
          " window (fall-back) | phases past their window, mean a run | mean slots | max slots |")
    print("|---|---|---|---|---|---|---|---|---|")
    for n, k in SHAPES:
        for K in KS:
            w = n + math.ceil(K * math.sqrt(n))
            rs = run(a.optinet, n, k, a.runs, w)
            late = sum(1 for r in rs if r["window_overruns"] > 0)
            mean_over = sum(r["window_overruns"] for r in rs) / len(rs)
            slots = [r["slots"] for r in rs]
            print(f"| {n} | {k} | {K} | {w} | {(2 * k - 1) * w} | {late}/{len(rs)} | "
                  f"{mean_over:.2f} | {sum(slots) / len(slots):.2f} | {max(slots)} |")


if __name__ == "__main__":
    cli_guard.run(main)
