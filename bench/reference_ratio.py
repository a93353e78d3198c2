#!/usr/bin/python3
"""optinet's POPS(d,d) randomized router beside its two references , alternated.

For each d (n = d^2) and each round, in this order: optinet (`optinet pops --d D --g D --runs R
--seed 1 --quiet --json F`), the thread floor (bench/reference/thread_floor.cpp, as many slots as
that optinet run took) and the bare loop (bench/reference/pops_randomized_ref.cpp), each under
`/usr/bin/time -v`. Reports, per n, the median over the rounds of: time per simulated slot of
each, the ratios, elaboration seconds (optinet, floor), and peak RSS per processor.

--check instead compares the step count of the bare loop and of optinet over many seeds
(Welch's z for the means and the two-sample Kolmogorov-Smirnov test): the loop is a valid
reference only if both run the same distribution.

usage: bench/reference_ratio.py [--build build] [--sizes 64 128 256 512] [--rounds 2] [--runs 3]
       bench/reference_ratio.py --check [--sizes 16 32] [--samples 400]
"""
import errno
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.append(os.path.join(REPO, "scripts"))
import cli_guard  # noqa: E402


def timed(cmd):
    """Runs cmd under /usr/bin/time -v; returns (stdout, wall seconds, peak RSS KiB)."""
    if shutil.which(cmd[0]) is None:  # else only time's "exit status 127"
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), cmd[0])
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        try:
            out = subprocess.run(["/usr/bin/time", "-v", "-o", t.name] + cmd, check=True,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                 text=True).stdout
        except subprocess.CalledProcessError as e:  # time exits with cmd's status: name cmd
            raise subprocess.CalledProcessError(e.returncode, cmd) from None
        report = t.read()
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", report).group(1))
    clock = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", report).group(1)
    wall = 0.0
    for part in clock.split(":"):
        wall = wall * 60 + float(part)
    return out, wall, rss


def run_optinet(build, d, runs, seed=1):
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "r.json")
        _, wall, rss = timed([os.path.join(build, "optinet"), "pops", "--d", str(d), "--g", str(d),
                              "--runs", str(runs), "--seed", str(seed), "--quiet", "--json", path])
        with open(path) as f:
            j = json.load(f)
    slots = sum(r["slots"] for r in j["runs"])
    t = j["timing_seconds"]
    return {"slots": slots, "steps": [r["steps"] for r in j["runs"]],
            "per_slot": t["simulation"] / slots, "elaboration": t["elaboration"], "wall": wall,
            "rss": rss}


def run_floor(build, n, slots):
    out, wall, rss = timed([os.path.join(build, "thread_floor"), "--n", str(n), "--slots",
                            str(slots)])
    j = json.loads(out)
    return {"per_slot": j["simulation"] / slots, "elaboration": j["elaboration"], "wall": wall,
            "rss": rss}


def run_reference(build, d, runs, seed=1):
    out, wall, rss = timed([os.path.join(build, "pops_randomized_ref"), "--d", str(d), "--runs",
                            str(runs), "--seed", str(seed)])
    j = json.loads(out)
    return {"steps": [s // 5 for s in j["slots"]], "per_slot": j["seconds"] / sum(j["slots"]),
            "wall": wall, "rss": rss}


def ks_p_value(a, b):
    """Two-sample Kolmogorov-Smirnov statistic and its asymptotic p-value."""
    values = sorted(set(a) | set(b))
    d = max(abs(sum(x <= v for x in a) / len(a) - sum(x <= v for x in b) / len(b))
            for v in values)
    en = math.sqrt(len(a) * len(b) / (len(a) + len(b)))
    lam = (en + 0.12 + 0.11 / en) * d
    p = 2 * sum((-1) ** (k - 1) * math.exp(-2 * k * k * lam * lam) for k in range(1, 101))
    return d, min(1.0, max(0.0, p))


def compare(ref, opt):
    """Two samples side by side: whether they look alike (|Welch z| < 3 and KS p > 0.001), and
    the table cells 'mean (sd) | mean (sd) | z | D | p'."""
    ma, mb = statistics.mean(ref), statistics.mean(opt)
    sa, sb = statistics.stdev(ref), statistics.stdev(opt)
    z = (ma - mb) / math.sqrt(sa * sa / len(ref) + sb * sb / len(opt))
    dks, p = ks_p_value(ref, opt)
    cells = f"{ma:.3f} ({sa:.3f}) | {mb:.3f} ({sb:.3f}) | {z:+.2f} | {dks:.3f} | {p:.3f}"
    return abs(z) < 3 and p > 0.001, cells


def check(args):
    print("| d = g | n | runs | bare loop: steps mean (sd) | optinet: steps mean (sd) | "
          "Welch z | KS D | KS p |\n|---|---|---|---|---|---|---|---|")
    ok = True
    for d in args.sizes:
        ref = run_reference(args.build, d, args.samples, seed=1000)["steps"]
        opt = run_optinet(args.build, d, args.samples, seed=1)["steps"]
        alike, cells = compare(ref, opt)
        ok = ok and alike
        print(f"| {d} | {d * d} | {args.samples} | {cells} |", flush=True)
    print("same distribution" if ok else "DIFFERENT distributions (|z| >= 3 or KS p <= 0.001)")
    return 0 if ok else 1


def ratios(args):
    rows = {}
    for k in range(args.rounds):
        for d in args.sizes:
            n = d * d
            o = run_optinet(args.build, d, args.runs)
            f = run_floor(args.build, n, o["slots"])
            # The loop is fast: enough runs for a measurable time (at least ~2^20 processor-runs).
            r = run_reference(args.build, d, max(args.runs, (1 << 20) // n))
            rows.setdefault(n, []).append((o, f, r))
            print(f"round {k} n={n}: optinet {o['per_slot'] * 1e3:.3f} ms/slot, floor "
                  f"{f['per_slot'] * 1e3:.3f}, loop {r['per_slot'] * 1e3:.4f}", file=sys.stderr,
                  flush=True)
    med = statistics.median
    print("| n | POPS(d,d) | loop ms/slot | floor ms/slot | optinet ms/slot | optinet / loop | "
          "floor / loop | optinet / floor | elaboration s optinet | elaboration s floor | "
          "peak RSS KiB/processor optinet | floor | loop |")
    print("|" + "---|" * 13)
    for n, rs in rows.items():
        o = {key: med(x[0][key] for x in rs) for key in ("per_slot", "elaboration", "rss")}
        f = {key: med(x[1][key] for x in rs) for key in ("per_slot", "elaboration", "rss")}
        r = {key: med(x[2][key] for x in rs) for key in ("per_slot", "rss")}
        d = int(math.isqrt(n))
        print(f"| {n} | ({d},{d}) | {r['per_slot'] * 1e3:.4f} | {f['per_slot'] * 1e3:.3f} | "
              f"{o['per_slot'] * 1e3:.3f} | {o['per_slot'] / r['per_slot']:.0f} | "
              f"{f['per_slot'] / r['per_slot']:.0f} | {o['per_slot'] / f['per_slot']:.1f} | "
              f"{o['elaboration']:.2f} | {f['elaboration']:.2f} | {o['rss'] / n:.1f} | "
              f"{f['rss'] / n:.1f} | {r['rss'] / n:.2f} |")
    return 0


def main():
    p = cli_guard.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build", default="build", help="folder with optinet, thread_floor and "
                   "pops_randomized_ref")
    p.add_argument("--sizes", type=cli_guard.positive_int, nargs="+", help="values of d (n = d^2)")
    p.add_argument("--rounds", type=cli_guard.positive_int, default=2)
    p.add_argument("--runs", type=cli_guard.positive_int, default=3,
                   help="optinet runs per measurement")
    p.add_argument("--check", action="store_true")
    p.add_argument("--samples", type=cli_guard.positive_int, default=400,
                   help="--check: runs of each")
    args = p.parse_args()
    if args.check:
        args.sizes = args.sizes or [16, 32]
        return check(args)
    args.sizes = args.sizes or [64, 128, 256, 512]
    return ratios(args)


if __name__ == "__main__":
    cli_guard.run(main)
