#!/usr/bin/python3
"""Simulated node-cycles per second of optinet's store-and-forward grid beside BookSim2's mesh,
the reference cycle-level interconnect simulator, in the same run (alternated, medians).

usage: bench/booksim_compare.py BOOKSIM_SRC [--optinet build/optinet] [--booksim BIN]
                                [--sizes 8,16] [--loads 0.05,0.1,0.2] [--vcs 1,8] [--repeats 3]
                                [--csv OUT]

BOOKSIM_SRC is a checkout of BookSim2's public source (github.com/booksim/booksim2; its `src`
folder or the checkout). It is built into a temporary folder with its own Makefile (needs flex
and bison); it is not a dependency of OptiNet. Every point runs 1,000 warm-up and 10,000
measured cycles (BookSim: one warm-up sample of 1,000 cycles and ten of 1,000, thresholds set
so that it neither stops early nor aborts; optinet: `--warmup 1000 --measure 10000`), then
each drains its measured packets. Node-cycles per second: nodes x cycles simulated / the time
each reports for its run (optinet: elaboration and simulation, without the bounds' linear
program; BookSim2: its "Total run time"), so process start and analysis are left out of both.

What differs between the two models (not like for like):
- optinet `grid --protocol gridk`: store-and-forward packets of one slot on each link, the two
  phases of Leighton's scheme (a random intermediate, then dimension order), unbounded queues,
  one SystemC process stepping every node (or per-node processes).
- BookSim `mesh`, `dor`: an input-queued virtual-channel router per node with credit flow
  control, a pipeline of allocation stages, single-flit packets, dimension-order routing
  without a random phase, `num_vcs` virtual channels of 8 flits.
"""
import argparse
import csv
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import cli_guard  # noqa: E402

WARMUP, MEASURE = 1000, 10000
TIMEOUT_S = 3600


def float_list(text):
    """argparse type: comma-separated loads in (0, 1]."""
    try:
        values = [float(x) for x in text.split(",") if x]
    except ValueError:
        values = []
    if not values or not all(0 < v <= 1 for v in values):
        raise argparse.ArgumentTypeError(
            f"'{text}' is not accepted (comma-separated loads in (0, 1])")
    return values


def booksim_source(text):
    """argparse type: a BookSim2 checkout or its src folder (holding the Makefile)."""
    for folder in (os.path.join(text, "src"), text):
        if os.path.isfile(os.path.join(folder, "Makefile")) and \
                os.path.isfile(os.path.join(folder, "trafficmanager.cpp")):
            return folder
    raise argparse.ArgumentTypeError(
        f"'{text}' is not accepted (a BookSim2 checkout or its src folder)")


def build_booksim(src, scratch):
    for tool in ("flex", "bison", "make", "g++"):
        if shutil.which(tool) is None:
            raise cli_guard.BadInput(f"BOOKSIM_SRC: building BookSim2 needs {tool} "
                                     "(scripts/install-deps.sh installs it)")
    build = os.path.join(scratch, "booksim-src")
    shutil.copytree(src, build, ignore=shutil.ignore_patterns("*.o", "*.d", "booksim"))
    proc = subprocess.run(["make", "-j2"], cwd=build, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, timeout=TIMEOUT_S)
    cli_guard.check_exit(proc, accepted=(0,))
    return os.path.join(build, "booksim")


def booksim_config(k, load, vcs):
    return "\n".join([
        "topology = mesh;", f"k = {k};", "n = 2;", "routing_function = dor;",
        f"num_vcs = {vcs};", "vc_buf_size = 8;", "wait_for_tail_credit = 0;",
        "vc_allocator = separable_input_first;", "sw_allocator = separable_input_first;",
        "alloc_iters = 1;", "credit_delay = 1;", "routing_delay = 0;", "vc_alloc_delay = 1;",
        "sw_alloc_delay = 1;", "traffic = uniform;", "packet_size = 1;",
        "injection_process = bernoulli;", f"injection_rate = {load};", "sim_type = latency;",
        f"sample_period = {WARMUP};", "warmup_periods = 1;",
        f"max_samples = {1 + MEASURE // WARMUP};",
        # Never converged (any change exceeds 0) and never aborted: exactly max_samples samples.
        "stopping_thres = 0.0;", "acc_stopping_thres = 0.0;", "latency_thres = -1.0;",
        "seed = 1;", ""])


def run_booksim(binary, k, load, vcs, scratch):
    config = os.path.join(scratch, f"mesh{k}_{load}_{vcs}.cfg")
    with open(config, "w", encoding="utf-8") as f:
        f.write(booksim_config(k, load, vcs))
    proc = subprocess.run([binary, config], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, timeout=TIMEOUT_S)
    # BookSim2's main returns -1 (255) when its simulation succeeds, 0 when it was unstable.
    cli_guard.check_exit(proc, accepted=(255,))
    cycles = re.findall(r"Time taken is (\d+) cycles", proc.stdout)
    seconds = re.findall(r"Total run time ([0-9.eE+-]+)", proc.stdout)
    if not cycles or not seconds:
        raise cli_guard.CheckFailed("BookSim2 printed no 'Time taken is N cycles' or 'Total run "
                                    "time S'")
    return int(cycles[-1]), float(seconds[-1])


def run_optinet(optinet, k, load, scratch):
    report = os.path.join(scratch, "run.json")
    cmd = [optinet, "grid", "--n", str(k), "--k", "2", "--protocol", "gridk", "--traffic",
           "bernoulli", "--rate", str(load), "--warmup", str(WARMUP), "--measure", str(MEASURE),
           "--max-slots", "100000", "--seed", "1", "--quiet", "--json", report]
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          timeout=TIMEOUT_S)
    cli_guard.check_exit(proc)
    with open(report, encoding="utf-8") as f, cli_guard.reading(report, "optinet report"):
        data = json.load(f)
    timing = data["timing_seconds"]
    return data["runs"][0]["slots"], timing["elaboration"] + timing["simulation"]


def main():
    ap = cli_guard.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("booksim_src", metavar="BOOKSIM_SRC", type=booksim_source)
    ap.add_argument("--optinet", type=cli_guard.executable, default="build/optinet")
    ap.add_argument("--booksim", type=cli_guard.executable,
                    help="a BookSim2 binary already built from BOOKSIM_SRC (skips the build)")
    ap.add_argument("--sizes", type=cli_guard.int_list, default="8,16", help="mesh sides k")
    ap.add_argument("--loads", type=float_list, default="0.05,0.1,0.2",
                    help="packets per node per cycle")
    ap.add_argument("--vcs", type=cli_guard.int_list, default="1,8",
                    help="BookSim2's virtual channels per port")
    ap.add_argument("--repeats", type=cli_guard.positive_int, default=3)
    ap.add_argument("--csv", help="write the table's rows here too")
    args = ap.parse_args()
    if args.csv:
        cli_guard.output_file(args.csv, "--csv", ".csv")
    rows = []
    with tempfile.TemporaryDirectory(prefix="booksim-compare-") as scratch:
        booksim = args.booksim or build_booksim(args.booksim_src, scratch)
        print("| mesh | load | optinet Mnode-cycles/s (cycles) | "
              + " | ".join(f"BookSim2 {v} VC Mnode-cycles/s (cycles) | ratio" for v in args.vcs)
              + " |")
        print("|---|---|---|" + "---|---|" * len(args.vcs))
        for k in args.sizes:
            nodes = k * k
            for load in args.loads:
                rates = {"optinet": [], **{v: [] for v in args.vcs}}
                cycles = {}
                for _ in range(args.repeats):  # alternated: one run of each per repeat
                    c, seconds = run_optinet(args.optinet, k, load, scratch)
                    cycles["optinet"] = c
                    rates["optinet"].append(nodes * c / seconds)
                    for v in args.vcs:
                        c, seconds = run_booksim(booksim, k, load, v, scratch)
                        cycles[v] = c
                        rates[v].append(nodes * c / seconds)
                median = {key: statistics.median(r) for key, r in rates.items()}
                row = {"k": k, "load": load, "optinet": median["optinet"],
                       "optinet_cycles": cycles["optinet"]}
                cells = []
                for v in args.vcs:
                    row[f"booksim_{v}vc"] = median[v]
                    row[f"booksim_{v}vc_cycles"] = cycles[v]
                    cells.append(f"{median[v] / 1e6:.3g} ({cycles[v]:,}) | "
                                 f"{median['optinet'] / median[v]:.2f}")
                rows.append(row)
                print(f"| {k} x {k} | {load:g} | {median['optinet'] / 1e6:.3g} "
                      f"({cycles['optinet']:,}) | " + " | ".join(cells) + " |", flush=True)
    if args.csv:
        with cli_guard.atomic_open(args.csv, "w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    return 0


if __name__ == "__main__":
    cli_guard.run(main)
