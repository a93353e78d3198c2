#!/usr/bin/python3
"""Theorem 4 (a) on the split&hash network: steps to route random h-relations against N, for
docs/results/split-hash.md. Runs build/optinet (one process at a time, one core) and prints
the Markdown table.

    scripts/results/splithash_hrelation.py build/optinet RUNS D:A:K[,K...] [D:A:K...]

e.g. scripts/results/splithash_hrelation.py build/optinet 2 2:3:16,32,64 3:2:12,16
"bound" is d^3 log d log log N + d^3 h without its constant (logs base 2; log d taken as 1
at d = 2, as in the Theorem 1 table). "applications (most)": the most applications of the
random-function algorithm a level's remainder took in the runs; "stuck after one": the packets
the same runs leave stuck when limited to one application, as the sketch reads."""
import argparse
import json
import math
import os
import statistics
import subprocess
import tempfile

import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402

HS = (1, 2, 4, 8)
ROUND_LIMIT = 8


def bound(d: int, n: int, h: int) -> float:
    log_d = max(1.0, math.log2(d))
    return d ** 3 * log_d * math.log2(math.log2(n)) + d ** 3 * h


def run(optinet: str, d: int, a: int, k: int, h: int, runs: int, applications: int = 8) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "run.json")
        cmd = [optinet, "splithash", "--depth", str(d), "--a", str(a), "--k", str(k),
               "--protocol", "h-relation", "--traffic", "random-h-relation", "--h", str(h),
               "--round-limit", str(ROUND_LIMIT), "--runs", str(runs), "--seed", "1",
               "--applications", str(applications), "--max-slots", "20000000", "--quiet",
               "--json", out]
        # 1: a run with a stuck packet (counted in the table)
        cli_guard.check_exit(subprocess.run(cmd, stdout=subprocess.DEVNULL))
        with open(out) as f:
            return json.load(f)


def spec(text: str) -> list:
    """argparse type: D:A:K[,K...] as [(d, a, k), ...]."""
    try:
        d, a, ks = text.split(":")
        networks = [(int(d), int(a), int(k)) for k in ks.split(",")]
    except ValueError:
        networks = []
    if not networks or min(min(n) for n in networks) < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not accepted (D:A:K[,K...], integers >= 1)")
    return networks


def main() -> None:
    ap = cli_guard.ArgumentParser(description=__doc__)
    ap.add_argument("optinet", metavar="OPTINET", type=cli_guard.optinet,
                    help="the optinet binary")
    ap.add_argument("runs", metavar="RUNS", type=cli_guard.positive_int, help="runs a point")
    ap.add_argument("specs", metavar="D:A:K[,K...]", nargs="*", type=spec, default=[],
                    help="depth d, a and the k of each network")
    args = ap.parse_args()
    optinet, runs = args.optinet, args.runs
    print("| d | a | k | N | h | runs ok | steps mean (sd) | fallbacks | bound | steps / bound "
          "| applications (most) | stuck after one |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for networks in args.specs:
        for d_, a_, k_ in networks:
            n = k_ ** d_
            for h in HS:
                if h > math.log2(n):
                    continue
                report = run(optinet, d_, a_, k_, h, runs)
                rs = report["runs"]
                ok = [r for r in rs if r["delivered"] == r["packets"] and r["stuck"] == 0]
                steps = [r["steps"] for r in ok]
                mean = statistics.mean(steps) if steps else float("nan")
                sd = statistics.pstdev(steps) if len(steps) > 1 else 0.0
                b = bound(d_, n, h)
                # The sketch applies the random-function algorithm once to a level's remainder:
                # what one application leaves, from the same runs limited to one (where every
                # level took one, the runs are the same and leave nothing).
                most = max(r["remainder_applications"] for r in rs)
                left = 0
                if most > 1:
                    left = sum(r["stuck"] for r in run(optinet, d_, a_, k_, h, runs, 1)["runs"])
                print(f"| {d_} | {a_} | {k_} | {n} | {h} | {len(ok)}/{len(rs)} | {mean:.1f} ({sd:.1f}) "
                      f"| {sum(r['fallbacks'] for r in rs)} | {b:.0f} | {mean / b:.2f} | {most} "
                      f"| {left} |", flush=True)


if __name__ == "__main__":
    cli_guard.run(main)
