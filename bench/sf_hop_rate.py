#!/usr/bin/python3
"""Packet-hops per second of simulation of the hypercube, n = 12 against n = 16, for one or two
optinet binaries run alternately (the machine is shared: compare side by side). Ends with each
binary's ratio n = 12 / n = 16 per repeat and its median (the target: at most 1.5), and
with --reference the bare loops' ratios beside them.

With --reference BUILD, each repeat also runs the two floors built there (bench/reference/):
sf_cubes_ref, the bare C++ loop of the same routing (CUBES, random permutations; packet-hops per
second) with a vector per queue and with queues threaded through the packets, and thread_floor --method 1, one idle SC_METHOD per node re-armed on every rising edge
(nanoseconds per activation: what SystemC's scheduling of a method per node costs by itself).

--sizes N [N ...] runs each n given instead (2^(18 - n) runs, at least 1, so that each point
routes about 2^18 packets) and prints each binary's median rate per n: where the rate stops
falling with n, the network has left the processor's caches.

--check BUILD runs no timing: it checks that the bare loop runs the slot distribution of optinet's
CUBES (n = 6 and 8, 400 runs each; Welch's z and Kolmogorov-Smirnov as bench/reference_ratio.py)
and that its two queue layouts give the same slots run for run.

usage: bench/sf_hop_rate.py OPTINET [OPTINET2] [--repeats K] [--reference BUILD]
       bench/sf_hop_rate.py OPTINET [OPTINET2] --sizes N [N ...] [--repeats K]
       bench/sf_hop_rate.py --check BUILD
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

from reference_ratio import compare

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.append(os.path.join(REPO, "scripts"))
import cli_guard  # noqa: E402


def hop_rate(binary: str, n: int, runs: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "r.json")
        subprocess.run([binary, "hypercube", "--n", str(n), "--protocol", "cubes", "--traffic",
                        "random", "--runs", str(runs), "--seed", "1", "--quiet", "--json", path],
                       check=True, stdout=subprocess.DEVNULL)
        with open(path) as f:
            report = json.load(f)
    return sum(r["hops"] for r in report["runs"]) / report["timing_seconds"]["simulation"]


def run_json(command):
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


# sf_cubes_ref's queue layouts, and the label of each in the tables.
BARE_QUEUES = ("vector", "list")


def bare_label(queues: str) -> str:
    return f"sf_cubes_ref --queues {queues}"


def bare_hop_rate(build: str, n: int, queues: str) -> float:
    # About 0.3-1 s each (3 runs at n = 16 scattered the list loop's ratio from
    # 1.7 to 3.9 in one series).
    r = run_json([os.path.join(build, "sf_cubes_ref"), "--n", str(n), "--runs",
                  "200" if n <= 12 else "12", "--seed", "1", "--queues", queues])
    return r["hops"] / r["seconds"]


def method_floor_ns(build: str, n: int) -> float:
    slots = max(200, (1 << 25) // (1 << n))
    r = run_json([os.path.join(build, "thread_floor"), "--n", str(1 << n), "--slots", str(slots),
                  "--method", "1"])
    return r["simulation"] / ((1 << n) * slots) * 1e9


def optinet_slots(build: str, n: int, runs: int) -> list:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "r.json")
        subprocess.run([os.path.join(build, "optinet"), "hypercube", "--n", str(n), "--protocol",
                        "cubes", "--traffic", "random", "--runs", str(runs), "--seed", "1",
                        "--quiet", "--json", path], check=True, stdout=subprocess.DEVNULL)
        with open(path) as f:
            return [r["slots"] for r in json.load(f)["runs"]]


def check(build: str) -> int:
    ok = True
    print("| n | runs | bare loop: slots mean (sd) | optinet: slots mean (sd) | Welch z | KS D | "
          "KS p |\n|---|---|---|---|---|---|---|")
    for n in (6, 8):
        bare = {q: run_json([os.path.join(build, "sf_cubes_ref"), "--n", str(n), "--runs", "400",
                             "--seed", "1000", "--queues", q])["slots"] for q in BARE_QUEUES}
        if bare["vector"] != bare["list"]:
            print(f"n = {n}: the two queue layouts ran different slots")
            ok = False
        ref, opt = bare["vector"], optinet_slots(build, n, 400)
        alike, cells = compare(ref, opt)
        ok = ok and alike
        print(f"| {n} | 400 | {cells} |", flush=True)
    print("same distribution" if ok else "DIFFERENT (|z| >= 3, KS p <= 0.001 or layouts differ)")
    return 0 if ok else 1


def sweep(binaries: list, sizes: list, repeats: int) -> int:
    print("| repeat | n | binary | packet-hops/s |\n|---|---|---|---|")
    rates = {(b, n): [] for b in binaries for n in sizes}
    for k in range(repeats):
        for n in sizes:
            for b in binaries:
                rates[b, n].append(hop_rate(b, n, max(1, 1 << max(0, 18 - n))))
                print(f"| {k} | {n} | {b} | {rates[b, n][-1]:.3g} |", flush=True)
    print("\n| binary | " + " | ".join(f"n = {n}" for n in sizes) + " |\n|---|"
          + "---|" * len(sizes))
    for b in binaries:
        print(f"| {b} | " + " | ".join(f"{statistics.median(rates[b, n]):.3g}" for n in sizes)
              + " |")
    return 0


def main():
    p = cli_guard.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("binaries", nargs="*")
    p.add_argument("--repeats", type=cli_guard.positive_int, default=2)
    p.add_argument("--reference", metavar="BUILD",
                   help="a build folder with sf_cubes_ref and thread_floor: run the floors too")
    p.add_argument("--check", metavar="BUILD",
                   help="check the bare loop against optinet in BUILD; run no timing")
    p.add_argument("--sizes", metavar="N", nargs="+", type=cli_guard.positive_int,
                   help="the rate at each hypercube dimension n (1 to 20) instead of the ratio")
    args = p.parse_args()
    # A build folder is checked before anything runs: a missing tool would stop a series midway.
    for option, build, tools in (("--check", args.check, ("sf_cubes_ref", "optinet")),
                                 ("--reference", args.reference, ("sf_cubes_ref", "thread_floor"))):
        for tool in tools if build else ():
            if not os.access(os.path.join(build, tool), os.X_OK):
                p.error(f"{option}: {build} has no executable {tool} (accepted: a build folder)")
    if args.check:
        return check(args.check)
    if not args.binaries:
        p.error("OPTINET: at least one binary (or --check BUILD)")
    for b in args.binaries:
        if not (os.path.isfile(b) and os.access(b, os.X_OK)):
            p.error(f"OPTINET: {b} is not an executable file")
    if args.sizes:
        if max(args.sizes) > 20:
            p.error(f"--sizes: {max(args.sizes)} is not accepted (a dimension n from 1 to 20)")
        if args.reference:
            p.error("--reference: runs only with the n = 12 / n = 16 ratio, not with --sizes")
        return sweep(args.binaries, args.sizes, args.repeats)
    print("| repeat | n | binary | packet-hops/s |\n|---|---|---|---|")
    # The bare loops' ratios beside optinet's: what the same routing loses from n = 12 to
    # n = 16 with nothing of the model (the floor of the ratio on this machine).
    labels = list(args.binaries)
    if args.reference:
        labels += [bare_label(q) for q in BARE_QUEUES]
    ratios = {b: [] for b in labels}
    for k in range(args.repeats):
        # About 2 s of simulation at each size  (200 runs at n = 12, 6 at n = 16).
        # Alternated pairs of 3 runs at n = 16 (0.6 s) scattered from 0.68x to 1.56x where
        # pairs of 6 runs scattered from 0.98x to 1.08x, the same two binaries the same hour.
        rates = {}
        for n, runs in ((12, 200), (16, 6)):
            for b in args.binaries:
                rates[b, n] = hop_rate(b, n, runs)
                print(f"| {k} | {n} | {b} | {rates[b, n]:.3g} |", flush=True)
            if args.reference:
                for queues in BARE_QUEUES:
                    label = bare_label(queues)
                    rates[label, n] = bare_hop_rate(args.reference, n, queues)
                    print(f"| {k} | {n} | {label} | {rates[label, n]:.3g} |")
                print(f"| {k} | {n} | thread_floor --method 1 | "
                      f"{method_floor_ns(args.reference, n):.1f} ns per activation |", flush=True)
        for b in labels:
            ratios[b].append(rates[b, 12] / rates[b, 16])
    # The target is this ratio. Each repeat's pair ran seconds apart, so the
    # machine's load moves both; the median of the pairs is steadier than a ratio of medians.
    print("\n| binary | n = 12 / n = 16, each repeat | median |\n|---|---|---|")
    for b in labels:
        each = " ".join(f"{r:.2f}" for r in ratios[b])
        print(f"| {b} | {each} | {statistics.median(ratios[b]):.2f} |")


if __name__ == "__main__":
    cli_guard.run(main)
