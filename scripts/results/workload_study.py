#!/usr/bin/python3
"""Workloads an architect brings: TDMA, reservation and random access on POPS(16,16) and the
16 x 16 grid's router (gridk) under request-reply transactions with 64-byte requests (1 frame of
512 bits) and 2-KiB replies (32 frames), and under a trace the generator wrote.

usage: scripts/results/workload_study.py --optinet build/optinet [--out docs/results]
           [--loads 0.005,0.02,0.05,0.1,0.3] [--outstanding 1,4,16]
           [--trace-loads 0.01,0.03,0.1] [--seed 1] [--jobs 2] [--report-only]

Request-reply points: `--traffic request-reply --message-frames 1 --reply-frames 32
--outstanding M --rate LOAD` (LOAD in frames per node per slot, requests and replies together,
so transactions are drawn at LOAD / 33 per node per slot), steady-state runs as the open-loop
host decides them (warm-up until accepted load and latency settle, the window until their 95%
intervals are within 5%, at most --max-slots): round trip with its batch-means interval,
completed transactions per node per slot with theirs, the saturation verdict.

Trace points: for each trace load, one run of Bernoulli messages of the same two sizes, half
of each (`--message-sizes 1:0.5,32:0.5`), on POPS(16,16) with reservation writes its messages
with --write-trace; each network and protocol then replays that file (`--traffic trace:FILE`)
with the same fixed window and seed: message latency (mean, p99), accepted frames per node per
slot with its interval, the saturation verdict. The trace files are kept in a temporary folder.

Every point runs with --seed (the same for all, so the protocols see the same draws). Writes
workloads.csv (one row a point), workloads-study.csv (the command, the seed, the settings,
the optinet version and the study's CPU seconds) and the generated blocks of workloads.md in --out;
--report-only rewrites the blocks from the committed CSV and JSON, running nothing.
"""
import argparse
import concurrent.futures
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
import results_data  # noqa: E402
import workload_study_report as report  # noqa: E402

# (network, protocol, the command's network and protocol options)
SYSTEMS = [
    ("POPS(16,16)", "tdma", ["pops", "--d", "16", "--g", "16", "--protocol", "tdma"]),
    ("POPS(16,16)", "reservation", ["pops", "--d", "16", "--g", "16", "--protocol",
                                    "reservation"]),
    ("POPS(16,16)", "randomized", ["pops", "--d", "16", "--g", "16", "--protocol",
                                   "randomized"]),
    ("16 x 16 grid", "gridk", ["grid", "--n", "16", "--k", "2", "--protocol", "gridk"]),
]
REQUEST_FRAMES = 1  # 64 bytes in 512-bit frames
REPLY_FRAMES = 32   # 2 KiB
TRACE_SIZES = f"{REQUEST_FRAMES}:0.5,{REPLY_FRAMES}:0.5"
TRACE_WRITER = 1    # the index in SYSTEMS of the run that writes the traces
MAX_SLOTS = 100000
TRACE_WARMUP, TRACE_MEASURE = 5000, 40000


def load_list(text):
    """argparse type: comma-separated loads in (0, 1)."""
    try:
        loads = [float(x) for x in text.split(",") if x.strip()]
    except ValueError:
        loads = []
    if not loads or any(not 0 < x < 1 for x in loads):
        raise argparse.ArgumentTypeError(
            f"'{text}' is not accepted (comma-separated loads in (0, 1))")
    return loads


def request_reply_command(system, load, outstanding, seed):
    return system[2] + ["--traffic", "request-reply", "--message-frames", str(REQUEST_FRAMES),
                        "--reply-frames", str(REPLY_FRAMES), "--outstanding", str(outstanding),
                        "--rate", repr(load), "--seed", str(seed), "--max-slots",
                        str(MAX_SLOTS)]


def trace_write_command(load, seed, path):
    return SYSTEMS[TRACE_WRITER][2] + [
        "--traffic", "bernoulli", "--message-sizes", TRACE_SIZES, "--rate", repr(load),
        "--warmup", str(TRACE_WARMUP), "--measure", str(TRACE_MEASURE), "--seed", str(seed),
        "--max-slots", str(MAX_SLOTS), "--write-trace", path]


def trace_replay_command(system, path, seed):
    return system[2] + ["--traffic", "trace:" + path, "--warmup", str(TRACE_WARMUP),
                        "--measure", str(TRACE_MEASURE), "--seed", str(seed), "--max-slots",
                        str(MAX_SLOTS)]


def run_optinet(optinet, children, args, folder):
    """The one run of `optinet ARGS`, from its JSON report."""
    fd, out = tempfile.mkstemp(suffix=".json", dir=folder)
    os.close(fd)
    cmd = [optinet, *args, "--json", out, "--quiet"]
    proc = children.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    cli_guard.check_exit(proc)
    with open(out) as f, cli_guard.reading(" ".join(cmd), "optinet report"):
        runs = json.load(f)["runs"]
    os.remove(out)
    cli_guard.check_runs(runs, " ".join(args))
    return runs[0]


def interval(ci, k):
    return "" if ci is None else ci[k]


def common_fields(system, workload, load, seed, run):
    s = run["steady_state"]
    return {"workload": workload, "network": system[0], "protocol": system[1], "load": load,
            "seed": seed, "saturated": run["saturated"],
            "saturation_reason": run["saturation_reason"] or "",
            "warmup_slots": s["warmup_slots"], "window_slots": s["window_slots"],
            "window_method": s["window_method"], "slots": run["slots"],
            "accepted": run["accepted"], "accepted_low": interval(s["accepted_ci"], 0),
            "accepted_high": interval(s["accepted_ci"], 1),
            "wall_seconds": f"{run['wall_seconds']:.3f}"}


def request_reply_row(system, load, outstanding, seed, run):
    t = run["transactions"]
    rt = t["round_trip"]
    row = common_fields(system, "request-reply", load, seed, run)
    row.update({"outstanding": outstanding, "offered": t["offered"],
                "throughput": t["throughput"],
                "throughput_low": interval(t["throughput_ci"], 0),
                "throughput_high": interval(t["throughput_ci"], 1),
                "round_trip_mean": "" if rt["mean"] is None else rt["mean"],
                "round_trip_low": interval(t["round_trip_ci"], 0),
                "round_trip_high": interval(t["round_trip_ci"], 1),
                "round_trip_p99": "" if rt["p99"] is None else rt["p99"],
                "round_trips": rt["count"], "outstanding_mean": t["outstanding_mean"],
                "source_wait_mean": t["source_wait_mean"]})
    return row


def trace_row(system, load, seed, run):
    m = run["messages"]
    row = common_fields(system, "trace", load, seed, run)
    row.update({"offered": m["offered"], "throughput": m["accepted"],
                "message_latency_mean": "" if m["latency_mean"] is None else m["latency_mean"],
                "message_latency_p99": "" if m["latency_p99"] is None else m["latency_p99"],
                "messages": m["labelled_delivered"]})
    return row


def run_study(args, folder):
    """Every point, in parallel (--jobs): the rows, request-reply first."""
    children = cli_guard.Children()
    traces = {load: os.path.join(folder, f"load-{load}.trace") for load in args.trace_loads}

    def request_reply(job):
        system, load, outstanding = job
        run = run_optinet(args.optinet, children,
                          request_reply_command(system, load, outstanding, args.seed), folder)
        return request_reply_row(system, load, outstanding, args.seed, run)

    def write_trace(load):
        run_optinet(args.optinet, children, trace_write_command(load, args.seed, traces[load]),
                    folder)

    def replay(job):
        system, load = job
        run = run_optinet(args.optinet, children,
                          trace_replay_command(system, traces[load], args.seed), folder)
        return trace_row(system, load, args.seed, run)

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        try:
            written = [pool.submit(write_trace, load) for load in args.trace_loads]
            rows = list(pool.map(request_reply, [(s, load, m) for s in SYSTEMS
                                                 for load in args.loads
                                                 for m in args.outstanding]))
            for w in written:
                w.result()
            rows += list(pool.map(replay, [(s, load) for s in SYSTEMS
                                           for load in args.trace_loads]))
        except BaseException:
            children.stop(pool)
            raise
    return rows


def study_command(args):
    """The command line that makes this study again (the defaults left out)."""
    cmd = ["scripts/results/workload_study.py", "--optinet", "build/optinet"]
    for name, value, default in (("--loads", args.loads, DEFAULT_LOADS),
                                 ("--outstanding", args.outstanding, DEFAULT_OUTSTANDING),
                                 ("--trace-loads", args.trace_loads, DEFAULT_TRACE_LOADS)):
        if value != default:
            cmd += [name, ",".join(f"{x:g}" for x in value)]
    if args.seed != 1:
        cmd += ["--seed", str(args.seed)]
    return " ".join(cmd + ["--jobs", str(args.jobs)])


DEFAULT_LOADS = [0.005, 0.02, 0.05, 0.1, 0.3]
DEFAULT_OUTSTANDING = [1, 4, 16]
DEFAULT_TRACE_LOADS = [0.01, 0.03, 0.1]


def main():
    p = cli_guard.ArgumentParser(description=__doc__)
    p.add_argument("--optinet", type=cli_guard.optinet, help="the optinet binary")
    p.add_argument("--out", default=results_data.RESULTS,
                   help="folder of the CSVs and the page")
    p.add_argument("--loads", type=load_list, default=DEFAULT_LOADS,
                   help="request-reply loads, frames per node per slot, comma-separated")
    p.add_argument("--outstanding", type=cli_guard.int_list, default=DEFAULT_OUTSTANDING,
                   help="values of M, comma-separated integers >= 1")
    p.add_argument("--trace-loads", type=load_list, default=DEFAULT_TRACE_LOADS,
                   help="loads of the traces written and replayed, comma-separated")
    p.add_argument("--seed", type=cli_guard.positive_int, default=1, help="every run's seed")
    p.add_argument("--jobs", type=cli_guard.positive_int, default=2,
                   help="runs at a time")
    p.add_argument("--report-only", action="store_true",
                   help="the page's blocks again from the CSVs, running nothing")
    args = p.parse_args()
    if not args.outstanding or min(args.outstanding) < 1:
        cli_guard.fail(f"--outstanding: {args.outstanding or 'none'} not accepted "
                       "(comma-separated integers >= 1)")
    if not args.report_only and not args.optinet:
        cli_guard.fail("--optinet: required to run the study (or --report-only)")
    cli_guard.output_folder(args.out, "--out")
    csv_path = os.path.join(args.out, report.CSV_NAME)
    study_path = os.path.join(args.out, report.STUDY_NAME)
    if not args.report_only:
        version = cli_guard.check_optinet(args.optinet)
        start = time.monotonic()
        with tempfile.TemporaryDirectory(prefix="workload-study.") as folder:
            rows = run_study(args, folder)
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        meta = {"command": study_command(args), "optinet": version, "seed": args.seed,
                "loads": args.loads, "outstanding": args.outstanding,
                "trace_loads": args.trace_loads, "max_slots": MAX_SLOTS,
                "trace_window": [TRACE_WARMUP, TRACE_MEASURE],
                "request_frames": REQUEST_FRAMES, "reply_frames": REPLY_FRAMES,
                "trace_sizes": TRACE_SIZES, "trace_writer": list(SYSTEMS[TRACE_WRITER][:2]),
                "runs": len(rows) + len(args.trace_loads),
                "cpu_seconds": round(used.ru_utime + used.ru_stime, 1),
                "wall_seconds": round(time.monotonic() - start, 1)}
        with cli_guard.outputs() as open_:
            with open_(csv_path) as f:
                f.write(report.csv_text(rows))
            with open_(study_path) as f:
                f.write(report.study_text(meta))
    rows = report.read_rows(csv_path)
    meta = report.read_meta(study_path)
    results_data.write_generated(os.path.join(args.out, report.PAGE), report.blocks(rows, meta),
                                 "workload_study.py", report.TITLE)
    print("\n".join(report.findings(rows, meta)))
    return 0


if __name__ == "__main__":
    cli_guard.run(main)
