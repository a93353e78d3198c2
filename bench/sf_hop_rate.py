#!/usr/bin/env python3
"""Packet-hops per second of simulation of the hypercube, n = 12 against n = 16, for one or two
optinet binaries run alternately (the machine is shared: compare side by side).

usage: bench/sf_hop_rate.py OPTINET [OPTINET2] [--repeats K]
"""
import argparse
import json
import os
import subprocess
import tempfile


def hop_rate(binary: str, n: int, runs: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "r.json")
        subprocess.run([binary, "hypercube", "--n", str(n), "--protocol", "cubes", "--traffic",
                        "random", "--runs", str(runs), "--seed", "1", "--quiet", "--json", path],
                       check=True, stdout=subprocess.DEVNULL)
        with open(path) as f:
            report = json.load(f)
    return sum(r["hops"] for r in report["runs"]) / report["timing_seconds"]["simulation"]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("binaries", nargs="+")
    p.add_argument("--repeats", type=int, default=2)
    args = p.parse_args()
    print("| repeat | n | binary | packet-hops/s |\n|---|---|---|---|")
    for k in range(args.repeats):
        for n, runs in ((12, 5), (16, 1)):
            for b in args.binaries:
                print(f"| {k} | {n} | {b} | {hop_rate(b, n, runs):.3g} |", flush=True)


if __name__ == "__main__":
    main()
