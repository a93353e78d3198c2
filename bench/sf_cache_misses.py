#!/usr/bin/python3
"""Cache misses and instructions per packet-hop of the store-and-forward network's slot work, under
valgrind's cache simulator: counts that repeat exactly, where times on this shared machine swing
2x from run to run.

Runs `optinet hypercube --n N --protocol cubes --traffic random --runs 1 --seed 1` (in the grouped
view) under callgrind with --cache-sim=yes, collecting only inside SfNetwork::step_nodes (the network's process: every
node's step and admission, nothing of elaboration or of loading between runs), with a last-level
cache of each size given. Prints, per binary, n and size: instructions, first-level data misses
and last-level data misses (reads and writes) per packet-hop. The simulator knows no hardware
prefetcher, and it counts a miss that the network's software prefetch (SfRouter::fetch_for_step)
hides on the machine: misses it counts may cost little there (docs/benchmarks.md, "References"). bench/reference/memory_latency measures which size to ask for.

usage: bench/sf_cache_misses.py OPTINET [OPTINET2 ...] [--n 12 16] [--ll-mib 8 32]
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.append(os.path.join(REPO, "scripts"))
import cli_guard  # noqa: E402

COLLECT = "optinet::sf::SfNetwork::step_nodes()"


def grouped_view(binary: str) -> list:
    """`--view grouped` where the binary has views (small networks default to the pins view,
    whose nodes the network's process does not step), else nothing."""
    text = subprocess.run([binary, "hypercube", "--help"], check=True, capture_output=True,
                          text=True).stdout
    return ["--view", "grouped"] if "--view" in text else []


def counts(binary: str, n: int, ll_mib: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        report, out = os.path.join(folder, "r.json"), os.path.join(folder, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", "--cache-sim=yes",
                        f"--LL={ll_mib * 1024 * 1024},16,64", f"--toggle-collect={COLLECT}",
                        f"--callgrind-out-file={out}", binary, "hypercube", "--n", str(n),
                        "--protocol", "cubes", "--traffic", "random", "--runs", "1", "--seed", "1",
                        "--quiet", "--json", report] + grouped_view(binary),
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(report) as f, cli_guard.reading(report, "optinet report"):
            hops = sum(r["hops"] for r in json.load(f)["runs"])
        events = totals = None
        with open(out) as f, cli_guard.reading(out, "callgrind output"):
            for line in f:
                if line.startswith("events:"):
                    events = line.split()[1:]
                elif line.startswith("totals:"):
                    totals = [int(v) for v in line.split()[1:]]
        if events is None or totals is None:
            raise cli_guard.BadInput(f"{out}: not the expected callgrind output (no totals)")
    if hops == 0:
        raise cli_guard.CheckFailed(f"{binary}: the run made no hops")
    c = dict(zip(events, totals + [0] * (len(events) - len(totals))))  # trailing zeros are left out
    if c.get("Ir", 0) == 0:
        raise cli_guard.CheckFailed(f"{binary}: nothing collected inside {COLLECT}")
    return {"hops": hops, "ir": c["Ir"] / hops, "d1": (c["D1mr"] + c["D1mw"]) / hops,
            "ll": (c["DLmr"] + c["DLmw"]) / hops}


def main():
    p = cli_guard.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("binaries", nargs="+", metavar="OPTINET")
    p.add_argument("--n", type=cli_guard.positive_int, nargs="+", default=[12, 16])
    p.add_argument("--ll-mib", type=cli_guard.positive_int, nargs="+", default=[8, 32])
    args = p.parse_args()
    for b in args.binaries:
        if not (os.path.isfile(b) and os.access(b, os.X_OK)):
            p.error(f"OPTINET: {b} is not an executable file")
    if any(n > 20 for n in args.n):
        p.error("--n: accepted 1..20 (valgrind runs some 50x slower)")
    if shutil.which("valgrind") is None:
        raise cli_guard.CheckFailed("valgrind is not installed (scripts/install-deps.sh)")
    print("| n | LL MiB | binary | hops | instructions/hop | D1 misses/hop | LL misses/hop |\n"
          "|---|---|---|---|---|---|---|")
    for n in args.n:
        for ll in args.ll_mib:
            for b in args.binaries:
                c = counts(b, n, ll)
                print(f"| {n} | {ll} | {b} | {c['hops']} | {c['ir']:.0f} | {c['d1']:.2f} | "
                      f"{c['ll']:.2f} |", flush=True)


if __name__ == "__main__":
    cli_guard.run(main)
