#!/usr/bin/python3
"""The architect's study of docs/results/coupler-evaluation.md, run by the model.

usage: scripts/results/coupler_study.py [--optinet build/optinet] [--out docs/results] [--jobs 2]
       [--sizes 256,1024,4096] [--only curves|shapes | --all] [--quick]

The shapes (the default): every POPS(d,g) shape with d*g = n for n in --sizes (a shape optinet
refuses or whose memory estimate does not fit is listed as skipped, with why), each with TDMA,
reservation and randomized routing in the grouped view: the protocol's capacity
(open_loop.protocol_capacity), the latency knee (`--find-knee`: 3 x the zero-load latency) and
one steady-state run at half the knee's offered load per device set (fibre, onchip): latency
and throughput in slots and in ns, the energy per delivered bit with its parts, transmitters,
margin, laser and static power; and the slots to route one permutation with every router. Then
the curves of TDMA and reservation on each size's square shape, POPS(sqrt n, sqrt n), around
the knee (the rates of `--rates auto`, every point its own run, merged into one curve), with
the capacity drawn on them. Writes coupler-evaluation-shapes.csv,
coupler-evaluation-knee-curves.csv, its plot and the page's generated blocks.

Section 1's curves (`--only curves`): latency against accepted load (random access, TDMA and
reservation) for POPS(16,16), POPS(64,64) (randomized and reservation), the OCPC (p = 256), the
MOB-PC (p = 16) and the 16 x 16 grid (--networks, --protocols: some of them), each one
`optinet --rates auto` run, with the hardware and the routing bound; coupler-evaluation-curves.csv.

Every run is one `optinet ... --json` invocation, here (--jobs at once) or, with --backend
slurm, one Slurm job each (--jobs queued at once); the seed is 1 (the CSVs' seed column).
"""
import argparse
import ast
import concurrent.futures
import csv
import heapq
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
import results_data  # noqa: E402
from sweep import curve as sweep_curve  # noqa: E402
from sweep import slurm as sweep_slurm  # noqa: E402

SEED = 1


def slurm_command(optinet, args, command, path, slurm):
    """`command` (a run of optinet ARGS) as one Slurm job that sbatch waits for (its exit
    status is the job's): a core, the memory `optinet --check` estimates with the sweep
    runner's margin, and the partition and time limit asked for; its output goes to PATH.log."""
    check = subprocess.run([optinet] + args + ["--check"], capture_output=True, text=True)
    mem = 0
    if check.returncode == 0:
        mem = sweep_slurm.memory_request_mib(json.loads(check.stdout)["memory_estimate_bytes"])
    job = ["sbatch", "--wait", "--quiet", "--job-name=optinet-study", "--cpus-per-task=1",
           f"--output={path}.log", f"--time={slurm['time']}"]
    if mem:
        job.append(f"--mem={mem}M")
    if slurm["partition"]:
        job.append(f"--partition={slurm['partition']}")
    return job + ["--wrap", "exec " + shlex.join(command)]


def run(optinet, args, scratch, children, slurm=None):
    """One optinet run, here or as a Slurm job (`slurm`: partition and time), its process
    tracked in CHILDREN; returns its JSON (None if the command refused it)."""
    fd, path = tempfile.mkstemp(suffix=".json", dir=scratch)
    os.close(fd)
    command = [optinet] + args + ["--seed", str(SEED), "--quiet", "--json", path]
    if slurm:
        proc = children.run(slurm_command(optinet, args, command, path, slurm),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if os.path.exists(path + ".log"):
            with open(path + ".log", encoding="utf-8", errors="replace") as f:
                proc.stderr += f.read()
            os.remove(path + ".log")
        if proc.returncode != 2 and os.path.getsize(path) == 0:
            # No report and not a refusal: sbatch failed, or the job died before optinet wrote.
            cli_guard.check_exit(proc, accepted=(0,))
        cpu = None
    else:
        proc, cpu = run_here(command, children)
    if proc.returncode == 2:
        os.remove(path)
        return None
    # Exit 1 with a report: a closed-loop run stopped at the slot limit (a result to show).
    cli_guard.check_exit(proc)
    with open(path, encoding="utf-8") as f, cli_guard.reading(f"{optinet}'s report", "JSON"):
        report = json.load(f)
    os.remove(path)
    report["cpu_seconds"] = cpu  # the process's user + system time (None on Slurm)
    return report


class OwnReaping:
    """A started process as cli_guard.Children sees it (poll, send_signal, kill, wait), reaped
    only by its own thread (os.wait4, which returns its resource usage): Children's poll of
    every running process would otherwise reap it, and its usage with it."""

    def __init__(self, process):
        self.process = process
        self.returncode = None

    def poll(self):
        return self.returncode

    def send_signal(self, signum):
        if self.returncode is None:
            os.kill(self.process.pid, signum)

    def kill(self):
        self.send_signal(signal.SIGKILL)

    def wait(self, timeout=None):
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.returncode is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(self.process.args, timeout)
            time.sleep(0.05)
        return self.returncode


def run_here(command, children):
    """COMMAND run here, tracked in CHILDREN; its completed process and CPU seconds (user +
    system, from its own resource usage: other load on the machine does not count)."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True)
    tracked = OwnReaping(process)
    children.track(tracked)
    err = process.stderr.read()
    process.stderr.close()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = tracked.returncode = os.waitstatus_to_exitcode(status)
    return (subprocess.CompletedProcess(command, process.returncode, None, err),
            usage.ru_utime + usage.ru_stime)


# Study 1: the curves, each one `--rates auto` run: the saturation search, then 0.1-0.95 of
# its throughput, every point in steady state. (label, network options, protocol, slot limit)
def curve_cases(quick):
    # TDMA's knee is a periodic server close to its bound, whose transient lasts hundreds of
    # frames: its runs may take 1,000,000 slots (the search runs only doubtful points that long).
    cases = [
        ("POPS(16,16)", ["pops", "--d", "16", "--g", "16"], "randomized", 100000),
        ("POPS(16,16)", ["pops", "--d", "16", "--g", "16"], "tdma", 1000000),
        ("POPS(64,64)", ["pops", "--d", "64", "--g", "64"], "randomized", 100000),
        ("POPS(64,64)", ["pops", "--d", "64", "--g", "64"], "reservation", 100000),
        ("OCPC p=256", ["ocpc", "--p", "256"], "coinflip", 100000),
        ("OCPC p=256", ["ocpc", "--p", "256"], "tdma", 1000000),
        ("MOB-PC p=16", ["mob", "--p", "16"], "row-column", 100000),
        ("MOB-PC p=16", ["mob", "--p", "16"], "tdma", 1000000),
        ("grid 16x16", ["grid", "--n", "16", "--k", "2"], "gridk", 100000),
        ("POPS(16,16)", ["pops", "--d", "16", "--g", "16"], "reservation", 100000),
        ("OCPC p=256", ["ocpc", "--p", "256"], "reservation", 100000),
        ("MOB-PC p=16", ["mob", "--p", "16"], "reservation", 100000),
    ]
    if quick:
        cases = [(l, n, p, 20000) for l, n, p, _ in cases if "64,64" not in l]
    return cases


def case_order(curves):
    """Curve rows in the order of the study's cases (a curve's rows keep their order)."""
    index = {(label, protocol): i for i, (label, _, protocol, _) in enumerate(curve_cases(False))}
    return sorted(curves, key=lambda c: index.get((c["network"], c["protocol"]), len(index)))


def network_list(text):
    """argparse type: curve networks of the study, comma-separated (a comma inside parentheses,
    as in POPS(64,64), belongs to the label)."""
    labels = list(dict.fromkeys(label for label, _, _, _ in curve_cases(False)))
    chosen = [x.strip() for x in re.split(r",(?![^()]*\))", text) if x.strip()]
    for label in chosen:
        if label not in labels:
            raise argparse.ArgumentTypeError(
                f"'{label}' is not accepted (networks of the study: {', '.join(labels)})")
    return chosen


def curve_command(network, protocol, limit):
    return network + ["--protocol", protocol, "--traffic", "bernoulli", "--rates", "auto",
                      "--max-slots", str(limit)]


def shapes(n):
    d = 1
    while d <= n:
        yield d, n // d
        d *= 2


def main():
    parser = cli_guard.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--optinet", default="build/optinet")
    parser.add_argument("--out", default="docs/results")
    parser.add_argument("--jobs", type=cli_guard.positive_int, default=2,
                        help="runs at once (here, or Slurm jobs queued at once)")
    parser.add_argument("--backend", choices=["local", "slurm"], default="local",
                        help="run here, or each run as a Slurm job (sbatch --wait; --out must "
                        "be on a file system the compute nodes share)")
    parser.add_argument("--partition", default="", help="the Slurm partition (--backend slurm)")
    parser.add_argument("--time", default="24:00:00",
                        help="a Slurm job's time limit (--backend slurm)")
    parser.add_argument("--quick", action="store_true", help="a small smoke version: shorter runs (with --sizes 4, seconds)")
    parser.add_argument("--report-only", action="store_true",
                        help="rewrite the plot and the page's tables from the CSVs in --out, "
                        "running nothing")
    parser.add_argument("--only", choices=["curves", "shapes"],
                        help="shapes (the default): every POPS(d,g) of --sizes and the knee "
                        "curves of its square shapes; curves: section 1's curves only")
    parser.add_argument("--all", action="store_true",
                        help="both: section 1's curves and the shapes of --sizes")
    parser.add_argument("--protocols", type=lambda t: [x for x in t.split(",") if x], default="",
                        help="only the curves of these protocols (comma-separated)")
    parser.add_argument("--networks", type=network_list, default="",
                        help="only the curves of these networks (comma-separated labels, as "
                        "in the page: POPS(64,64),OCPC p=256)")
    parser.add_argument("--keep", metavar="CSV", type=readable_file,
                        help="a curves CSV of an earlier study: its curves not run now are kept "
                        "in the new CSV, plot and table")
    parser.add_argument("--keep-shapes", metavar="CSV", type=readable_file,
                        help="a shapes CSV of an earlier study: its rows of shapes not run now "
                        "are kept in the new CSV and table")
    parser.add_argument("--keep-knee-curves", metavar="CSV", type=readable_file,
                        help="a knee-curves CSV of an earlier study: its curves of sizes whose "
                        "square shape does not run now are kept in the new CSV, plot and table")
    parser.add_argument("--sizes", type=size_list, default="256,1024,4096",
                        help="n of the shape study (powers of two >= 2, comma-separated)")
    parser.add_argument("--d", type=cli_guard.int_list, default="",
                        help="only these d (comma-separated) in the shape study")
    args = parser.parse_args()
    check_arguments(args)
    # Inputs first: the kept CSVs are read before any run, and their errors end the study then.
    args.kept_curves = read_curves(args.keep, "--keep") if args.keep else []
    args.kept_shapes = read_shapes(args.keep_shapes, "--keep-shapes") if args.keep_shapes else []
    args.kept_knee_curves = (read_knee_curves(args.keep_knee_curves, "--keep-knee-curves")
                             if args.keep_knee_curves else [])
    slurm = None
    if args.backend == "slurm" and not args.report_only:
        if shutil.which("sbatch") is None:
            raise cli_guard.BadInput("--backend slurm: sbatch not found (a Slurm login node "
                                     "is needed)")
        slurm = {"partition": args.partition, "time": args.time}
    # A folder the study made is removed again if the study is refused or fails empty-handed.
    with cli_guard.made_folder(args.out, "--out"):
        if args.report_only:
            return report_only(args)
        cli_guard.check_optinet(args.optinet)
        # The runs' JSON files: beside the results when Slurm's compute nodes write them.
        where = os.path.abspath(args.out) if slurm else None
        with tempfile.TemporaryDirectory(prefix="coupler-study-", dir=where) as scratch:
            return study(args, scratch, slurm)  # the scratch folder is removed at the end


def size_list(text):
    """argparse type: the shape study's n, powers of two >= 2, comma-separated."""
    sizes = cli_guard.int_list(text)
    if not sizes or any(n < 2 or n & (n - 1) for n in sizes):
        raise argparse.ArgumentTypeError(f"'{text}' is not accepted (powers of two >= 2, "
                                         "comma-separated)")
    return sizes


def check_arguments(args):
    """Options that would not act are refused before anything runs: a protocol or network no
    curve has, a selection of no curve, a --d that no shape of --sizes has."""
    if runs_section_curves(args) and not args.report_only:
        protocols = {protocol for _, _, protocol, _ in curve_cases(False)}
        for protocol in args.protocols:
            if protocol not in protocols:
                raise cli_guard.BadInput(f"--protocols: '{protocol}' is not accepted (protocols "
                                         f"of the study: {', '.join(sorted(protocols))})")
        if not selected_cases(args):
            raise cli_guard.BadInput("--protocols, --networks: no curve of the study runs these "
                                     "protocols on these networks")
    sizes = args.sizes
    for d in args.d:
        if not any(d == shape for n in sizes for shape, _ in shapes(n)):
            raise cli_guard.BadInput(f"--d: {d} is not accepted (no POPS(d,g) with d*g = "
                                     f"{' or '.join(map(str, sizes))} has it: d a power of two "
                                     f"<= {max(sizes)})")


class PriorityPool:
    """Workers that take the queued call of the lowest priority (then the oldest): a shape's
    later runs, queued once its knees are known, go before the next shapes' first runs, so
    the shapes finish one after another. shutdown() as ThreadPoolExecutor's."""

    def __init__(self, workers):
        self._queue = []
        self._count = 0
        self._cv = threading.Condition()
        self._closed = False
        self._threads = [threading.Thread(target=self._work, daemon=True) for _ in range(workers)]
        for t in self._threads:
            t.start()

    def submit(self, priority, fn, *args):
        future = concurrent.futures.Future()
        with self._cv:
            if self._closed:
                raise RuntimeError("submit after shutdown")
            heapq.heappush(self._queue, (priority, self._count, future, fn, args))
            self._count += 1
            self._cv.notify()
        return future

    def _work(self):
        while True:
            with self._cv:
                while not self._queue and not self._closed:
                    self._cv.wait()
                if not self._queue:
                    return
                _, _, future, fn, args = heapq.heappop(self._queue)
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn(*args))
            except BaseException as e:  # noqa: B902 (the caller's result() raises it)
                future.set_exception(e)

    def shutdown(self, wait=True, cancel_futures=False):
        with self._cv:
            self._closed = True
            if cancel_futures:
                for item in self._queue:
                    item[2].cancel()
                self._queue.clear()
            self._cv.notify_all()
        if wait:
            for t in self._threads:
                t.join()


def study(args, scratch, slurm=None):
    """The study's runs, --jobs at once; Ctrl-C or a signal stops the running ones at once
    (their optinet processes get SIGINT) and ends the study. A run asked for twice with the
    same arguments (a curve's point at half the knee and the shape's half-knee run) runs
    once."""
    pool = PriorityPool(args.jobs)
    children = cli_guard.Children()
    optinet = os.path.abspath(args.optinet) if slurm else args.optinet
    submitted = {}
    lock = threading.Lock()

    def submit(a, priority=0):
        with lock:
            if tuple(a) not in submitted:
                submitted[tuple(a)] = pool.submit(priority, run, optinet, a, scratch, children,
                                                  slurm)
            return submitted[tuple(a)]
    try:
        return studies(args, submit)
    except KeyboardInterrupt:
        children.stop(pool)
        raise
    finally:
        pool.shutdown(wait=True)


def runs_section_curves(args):
    return args.only == "curves" or args.all


def runs_shapes(args):
    return args.only != "curves" or args.all


def studies(args, submit):
    curves, rows, knee_rows = [], [], []
    if runs_section_curves(args):
        curves = curve_study(submit, args)
    if runs_shapes(args):
        rows, knee_rows = size_study(submit, args)
    print_tables(curves, rows, knee_rows)
    return 0


def size_study(submit, args):
    """Every POPS(d,g) shape of --sizes (the shapes' rows in parallel, each shape's runs
    submitted as soon as they are known), then the knee curves of each size's square shape."""
    sizes = args.sizes
    only_d = set(args.d)
    chosen = [(n, d, g) for n in sizes for d, g in shapes(n) if not only_d or d in only_d]
    knee_reports = {}
    # Threads that wait for runs, not run them: the pool of --jobs runs them. Not waited for
    # on an interrupt (they end when the stopped runs' futures are cancelled).
    shapes_pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, len(chosen)))
    try:
        # Submitted here, in order (the square shapes first: their knees start their
        # curves); each shape's later runs from its own thread.
        order = sorted(chosen, key=lambda s: (s[1] != s[2], s))
        started = [start_shape(submit, args.optinet, n, d, g, args.quick, i)
                   for i, (n, d, g) in enumerate(order)]
        futures = {shapes_pool.submit(shape_row, submit, first, args.quick, knee_reports):
                   (n, d, g) for (n, d, g), first in zip(order, started)}
        curve_futures, finished = [], {}
        for future in concurrent.futures.as_completed(futures):
            n, d, g = futures[future]
            finished[n, d, g] = future.result()
            # Written as the shapes finish: an interrupted study keeps them.
            write_csv(os.path.join(args.out, "coupler-evaluation-shapes.csv"),
                      [finished[k] for k in chosen if k in finished])
            if d == g:
                curve_futures += [shapes_pool.submit(knee_curve, submit, n, d, g, protocol,
                                                     knee_reports[n, d, g, protocol], args.quick,
                                                     order.index((n, d, g)))
                                  for protocol in CURVE_LOADS
                                  if (n, d, g, protocol) in knee_reports]
        rows = [finished[k] for k in chosen]
        knee_rows = sorted((row for f in curve_futures for row in f.result()),
                           key=lambda r: (r["n"], CURVE_LOADS.index(r["protocol"])))
    finally:
        shapes_pool.shutdown(wait=False, cancel_futures=True)
    ran = set(chosen)
    if args.kept_shapes:  # the kept rows of shapes not run now
        rows = sorted([r for r in args.kept_shapes if (r["n"], r["d"], r["g"]) not in ran] + rows,
                      key=lambda r: (r["n"], r["d"]))
    if args.kept_knee_curves:  # the kept curves of sizes whose square shape did not run now
        squares = {n for n, d, g in chosen if d == g}
        knee_rows = sorted([r for r in args.kept_knee_curves if r["n"] not in squares] + knee_rows,
                           key=lambda r: (r["n"], CURVE_LOADS.index(r["protocol"])))
    write_csv(os.path.join(args.out, "coupler-evaluation-shapes.csv"), rows)
    write_csv(os.path.join(args.out, "coupler-evaluation-knee-curves.csv"), knee_rows)
    plot_knee_curves(knee_rows, args.out)
    write_page_block(args.out, "shapes", shape_tables(rows))
    write_page_block(args.out, "knee-curves", knee_curve_table(knee_rows))
    return rows, knee_rows


def write_page_block(out, name, lines):
    """A generated block of the page coupler-evaluation.md in `out`."""
    results_data.write_generated(os.path.join(out, "coupler-evaluation.md"),
                                 {name: "\n".join(line.rstrip() for line in lines)},
                                 "coupler_study.py",
                                 "# Evaluating couplers and buses\n")


def report_only(args):
    """The plots and the page's tables again from the CSVs in --out, without a run."""
    curves, rows, knee_rows = [], [], []
    if runs_section_curves(args):
        curves = case_order(read_curves(os.path.join(args.out, "coupler-evaluation-curves.csv"),
                                        "--report-only"))
        plot_curves(curves, args.out)
        write_page_block(args.out, "saturation", curve_table(curves))
    if runs_shapes(args):
        rows = read_shapes(os.path.join(args.out, "coupler-evaluation-shapes.csv"),
                           "--report-only")
        knee_path = os.path.join(args.out, "coupler-evaluation-knee-curves.csv")
        knee_rows = (read_knee_curves(knee_path, "--report-only") if os.path.exists(knee_path)
                     else [])  # a study interrupted before its curves
        plot_knee_curves(knee_rows, args.out)
        write_page_block(args.out, "shapes", shape_tables(rows))
        write_page_block(args.out, "knee-curves", knee_curve_table(knee_rows))
    print_tables(curves, rows, knee_rows)
    return 0


def readable_file(text):
    """argparse type: a file that exists."""
    if not os.path.isfile(text):
        raise argparse.ArgumentTypeError(
            f"'{text}' is not accepted (an existing CSV of this script)")
    return text


def read_study_csv(path, keys, option):
    """The rows of a CSV this script wrote, with numbers, lists, dicts, booleans and None
    restored; `keys` must be among its columns."""
    def value(text):
        if text == "":
            return None
        try:
            return ast.literal_eval(text)
        except (ValueError, SyntaxError):
            return text
    cells = results_data.read_csv(path)
    if not cells or not set(keys) <= cells[0].keys():
        raise cli_guard.BadInput(f"{path}: not a CSV of scripts/coupler_study.py ({option}: "
                                 f"columns {', '.join(keys)} expected)")
    rows = [{k: value(v) for k, v in row.items()} for row in cells]
    # A column of numbers holds numbers, nothing or "> LIMIT" (a run stopped at its slot limit)
    # in every row: other text names its file, line and column.
    for key in rows[0]:
        if any(type(r[key]) in (int, float) for r in rows):
            for r, c in zip(rows, cells):
                if isinstance(r[key], str) and not re.fullmatch(r"> \d+", r[key]):
                    float(c[key])  # BadInput
    return rows


def read_curves(path, option="curves CSV"):
    return read_study_csv(path, ("network", "protocol", "hardware_bound"), option)


def read_shapes(path, option):
    return read_study_csv(path, ("n", "d", "g", "skipped"), option)


def read_knee_curves(path, option):
    return read_study_csv(path, ("network", "protocol", "n", "knee_offered"), option)


def selected_cases(args):
    """The curves --quick, --protocols and --networks select."""
    return [c for c in curve_cases(args.quick)
            if (not args.protocols or c[2] in args.protocols)
            and (not args.networks or c[0] in args.networks)]


def curve_study(submit, args):
    """Runs the curves; the CSV is rewritten after each finished curve, so an interrupted study
    keeps what it finished (rerun the rest with --protocols and --keep)."""
    cases = selected_cases(args)
    # The shortest slot limits first: their curves finish (and are written) early.
    futures = {submit(curve_command(network, protocol, limit)): (label, protocol)
               for label, network, protocol, limit in sorted(cases, key=lambda c: c[3])}
    ran = {(label, protocol) for label, _, protocol, _ in cases}
    kept = [c for c in args.kept_curves if (c["network"], c["protocol"]) not in ran]
    finished = {}

    def in_case_order():
        return case_order(kept + [row for label, _, protocol, _ in cases
                                  for row in finished.get((label, protocol), [])])
    path = os.path.join(args.out, "coupler-evaluation-curves.csv")
    for future in concurrent.futures.as_completed(futures):
        label, protocol = futures[future]
        report = future.result()
        finished[(label, protocol)] = curve_rows(label, protocol, report)
        print(f"curve {label} {protocol}: saturation {report['saturation']['throughput']:.4f}, "
              f"{len(report['runs'])} runs", file=sys.stderr)
        write_csv(path, in_case_order())
    curves = in_case_order()
    plot_curves(curves, args.out)
    write_page_block(args.out, "saturation", curve_table(curves))
    return curves


def unsettled_runs(search):
    """A search's deciding runs whose warm-up never settled."""
    return sum(1 for p in search["points"] if p["unsettled"] and not p["superseded"])


def curve_rows(label, protocol, report):
    """One CSV row per steady-state run of a `--rates auto` report."""
    bounds = report["open_loop"]
    search = report["saturation"]
    return [{"network": label, "protocol": protocol, "rate": r["rate"],
             "offered": r["offered_per_sender"],
             "accepted": r["accepted_per_sender"],
             "accepted_ci": r["steady_state"]["accepted_ci"],
             "latency_mean": r["latency_mean"], "latency_p99": r["latency_p99"],
             "latency_ci": r["steady_state"]["latency_ci"],
             "latency_mean_ns": r["latency_mean_ns"],
             "saturated": r["saturated"], "drained": r["drained"],
             "warmup_method": r["steady_state"]["warmup_method"],
             "utilization": r["utilization"],
             "collision_share": r["collision_share"],
             "energy_per_packet_pj": r["energy_per_packet_pj"],
             "hardware_bound": bounds["hardware_bound"]["value"],
             "hardware_bound_method": bounds["hardware_bound"]["method"],
             "routing_bound": bounds["routing_bound"]["value"],
             "saturation_throughput": search["throughput"],
             "saturation_ci_low": search["ci_low"],
             "saturation_ci_high": search["ci_high"],
             "stable_rate": search["stable_rate"],
             "saturated_rate": search["saturated_rate"],
             "peak_accepted": search["peak_accepted"],
             "search_points": len(search["points"]),
             "search_unsettled": unsettled_runs(search),
             "saturated_in_doubt": search["saturated_in_doubt"],
             "stable_in_doubt": search["stable_in_doubt"],
             "max_slots": report["parameters"]["max_slots"],
             "run_max_slots": r["steady_state"]["max_slots"],
             "seconds": report["timing_seconds"]["simulation"]}
            for r in report["runs"]]


def knee_slot_limit(n, protocol, quick):
    """A run's slot limit in the shape study: TDMA's batch is its n-slot frame and its runs near
    the knee need tens of frames (a warm-up of relaxation, a window of 10 mean latencies of
    about 3n/2), so 64 frames; 100,000 slots otherwise."""
    if quick:
        return max(20000, 48 * n) if protocol == "tdma" else 20000
    return max(100000, 64 * n) if protocol == "tdma" else 100000


DEVICES = ("fibre", "onchip")  # the shipped device sets (docs/devices)
PARTS = ("laser", "modulator", "receiver", "serdes", "static")
# The protocols of the shape study under a sustained load (a shape a protocol refuses: "-").
SHAPE_LOADS = ("tdma", "reservation", "randomized")
# The curves drawn past the knee, on the square shape of each size.
CURVE_LOADS = ("tdma", "reservation")
KNEE_KEYS = ("throughput", "offered", "latency", "latency_ns", "zero_load_latency",
             "zero_load_latency_ns", "criterion", "under_rate", "over_rate", "bracketed", "upper",
             "upper_from")


def pops_network(d, g):
    """The POPS(d,g) options of every run of the shape study: the grouped view (the views run
    alike, tested; the grouped one costs less per slot)."""
    return ["pops", "--d", str(d), "--g", str(g), "--view", "grouped"]


def load_args(d, g, protocol):
    return pops_network(d, g) + ["--protocol", protocol, "--traffic", "bernoulli"]


def shape_skip(optinet, d, g):
    """Why POPS(d,g) is not run (optinet refuses it, or its memory estimate does not fit this
    machine), or None."""
    proc = subprocess.run([optinet] + load_args(d, g, "tdma") + ["--check"],
                          capture_output=True, text=True)
    if proc.returncode == 2:
        return "refused: " + proc.stderr.strip().splitlines()[-1].removeprefix("optinet: ")
    cli_guard.check_exit(proc, accepted=(0,))
    check = json.loads(proc.stdout)
    if not check["fits"]:
        return (f"memory: {check['memory_estimate_bytes'] / 2**30:.1f} GiB estimated, "
                f"{check['memory_available_bytes'] / 2**30:.1f} GiB available")
    return None


def start_shape(submit, optinet, n, d, g, quick, priority):
    """A shape's first runs submitted (its knee searches, then its permutations); its row so
    far and the futures, or the row of a skipped shape."""
    row = {"n": n, "d": d, "g": g, "couplers": g * g, "fanout": d, "seed": SEED}
    skip = shape_skip(optinet, d, g)
    row["skipped"] = skip
    if skip:
        print(f"shape POPS({d},{g}): skipped ({skip})", file=sys.stderr)
        return row, {}, {}
    network = pops_network(d, g)
    knees = {p: submit(load_args(d, g, p) + ["--find-knee", "--max-slots",
                                             str(knee_slot_limit(n, p, quick))], priority)
             for p in SHAPE_LOADS}
    permutation = {p: submit(network + ["--protocol", p, "--runs", "1" if n >= 4096 else "2"],
                             priority)
                   for p in ("randomized", "offline", "sorting", "tdma")}
    row["priority"] = priority
    return row, knees, permutation


def shape_row(submit, started, quick, knee_reports):
    """One shape (STARTED by start_shape): per protocol its capacity, its knee and a run at
    half the knee's offered load per device set (the devices price the same slots). The knee
    searches' reports go into KNEE_REPORTS[(n, d, g, protocol)]."""
    row, knees, permutation = started
    n, d, g = row["n"], row["d"], row["g"]
    if row["skipped"]:
        return row
    priority = row.pop("priority")
    halves = {}
    for protocol, future in knees.items():
        report = future.result()
        if report is None:  # refused (randomized: d < g)
            row[f"{protocol}_refused"] = True
            continue
        row["capacity"] = report["open_loop"]["hardware_bound"]["value"]
        capacity = report["open_loop"]["protocol_capacity"]
        row[f"{protocol}_capacity"] = capacity["value"]
        row[f"{protocol}_capacity_how"] = capacity["how"].split(":")[0]
        knee_reports[n, d, g, protocol] = report
        knee = report["knee"]
        for key in KNEE_KEYS:
            row[f"{protocol}_knee_{key}"] = knee[key]
        row[f"{protocol}_knee_runs"] = len(knee["points"])
        row[f"{protocol}_knee_slots"] = sum(point["slots"] for point in knee["points"])
        row[f"{protocol}_knee_seconds"] = report["timing_seconds"]["simulation"]
        row[f"{protocol}_knee_cpu_seconds"] = report["cpu_seconds"]
        limit = str(knee_slot_limit(n, protocol, quick))
        for device in DEVICES:  # the arguments of the curve's point at half the knee
            halves[protocol, device] = submit(sweep_curve.point_args(
                load_args(d, g, protocol) + ["--max-slots", limit, "--device", device],
                knee["offered"] / 2), priority)
    for (protocol, device), future in halves.items():
        r = future.result()["runs"][0]
        report = future.result()
        if device == DEVICES[0]:
            row[f"{protocol}_half_rate"] = r["rate"]
            row[f"{protocol}_half_accepted"] = r["accepted_per_sender"]
            row[f"{protocol}_half_latency"] = r["latency_mean"]
            row[f"{protocol}_half_latency_ci"] = r["steady_state"]["latency_ci"]
            row[f"{protocol}_half_saturated"] = r["saturated"]
            row[f"{protocol}_half_seconds"] = report["timing_seconds"]["simulation"]
            row[f"{protocol}_half_slots"] = r["slots"]
        row[f"{protocol}_{device}_half_cpu_seconds"] = report["cpu_seconds"]
        # Nanoseconds and Gb/s follow each device set's slot.
        row[f"{protocol}_{device}_slot_ns"] = r["slot_ns"]
        row[f"{protocol}_{device}_half_latency_ns"] = r["latency_mean_ns"]
        row[f"{protocol}_{device}_half_accepted_gbps"] = r["accepted_gbps_per_node"]
        row[f"{protocol}_{device}_pj_per_bit"] = r["energy_per_bit_pj"]
        parts = r.get("energy_parts_pj_per_bit", {})  # none without a delivered packet
        for part in PARTS:
            row[f"{protocol}_{device}_{part}_pj_per_bit"] = parts.get(part)
        budget = report["power_budget"]
        row[f"{device}_margin_db"] = budget["coupler"]["margin_db"]
        row[f"{device}_closes"] = budget["coupler"]["closes"]
        for key in ("transmitters", "receivers", "laser_mw_per_transmitter", "laser_w",
                    "static_w"):
            row[key if key in ("transmitters", "receivers") else f"{device}_{key}"] = budget[key]
    for protocol, future in permutation.items():
        report = future.result()
        if report is None:
            slots = None  # refused (sorting: d and g powers of two; always true here)
        elif not report["summary"]["ok"]:
            slots = f"> {report['parameters']['max_slots']}"  # stopped at the slot limit
        else:
            slots = report["summary"]["slots"]["mean"]
        row[f"{protocol}_permutation_slots"] = slots
        row[f"{protocol}_permutation_cpu_seconds"] = report["cpu_seconds"] if report else None
    print(f"shape POPS({d},{g}): {row}", file=sys.stderr)
    return row


def knee_curve(submit, n, d, g, protocol, knee_report, quick, priority):
    """The latency-throughput curve of POPS(d,g) around the knee its search found: the rates of
    `--rates auto` (scripts/sweep/curve.py), each one `--rate` run submitted at once, merged
    into one curve; returns its CSV rows."""
    knee = knee_report["knee"]
    rates = sweep_curve.knee_curve_rates(knee["offered"], knee["upper"])
    args = load_args(d, g, protocol) + ["--max-slots", str(knee_slot_limit(n, protocol, quick)),
                                        "--device", DEVICES[0]]
    futures = [submit(sweep_curve.point_args(args, rate), priority) for rate in rates]
    points = [f.result() for f in futures]
    report = sweep_curve.merge_curve(points, rates)
    capacity = report["open_loop"]["protocol_capacity"]["value"]
    rows = []
    for r, point in zip(report["runs"], points):
        rows.append({"network": f"POPS({d},{g})", "protocol": protocol, "n": n, "seed": r["seed"],
                     "rate": r["rate"], "offered": r["offered_per_sender"],
                     "accepted": r["accepted_per_sender"],
                     "accepted_ci": r["steady_state"]["accepted_ci"],
                     "latency_mean": r["latency_mean"], "latency_ci": r["steady_state"]["latency_ci"],
                     "latency_p99": r["latency_p99"], "latency_mean_ns": r["latency_mean_ns"],
                     "saturated": r["saturated"], "drained": r["drained"],
                     "window_method": r["steady_state"]["window_method"],
                     "hardware_bound": report["open_loop"]["hardware_bound"]["value"],
                     "protocol_capacity": capacity, "knee_offered": knee["offered"],
                     "knee_throughput": knee["throughput"], "knee_latency": knee["latency"],
                     "zero_load_latency": knee["zero_load_latency"],
                     "slots": r["slots"], "seconds": r["wall_seconds"],
                     "cpu_seconds": point["cpu_seconds"]})
    print(f"curve POPS({d},{g}) {protocol}: {len(rows)} points", file=sys.stderr)
    return rows


def write_csv(path, rows):
    keys = []
    for r in rows:
        keys += [k for k in r if k not in keys]
    with cli_guard.atomic_open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        w.writerows(rows)


# One colour per kind of protocol in every panel: random access, TDMA, reservation.
PROTOCOL_COLOURS = {"tdma": "C1", "reservation": "C2"}


def plot_curves(curves, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    networks = list(dict.fromkeys(c["network"] for c in curves))
    fig, axes = plt.subplots(1, len(networks), figsize=(3.8 * len(networks), 3.8),
                             constrained_layout=True, squeeze=False)
    for col, network in enumerate(networks):
        ax = axes[0][col]
        mine = [c for c in curves if c["network"] == network]
        for protocol in dict.fromkeys(c["protocol"] for c in mine):
            pts = sorted((c for c in decided([c for c in mine if c["protocol"] == protocol])
                          if not c["saturated"] and c["latency_mean"] is not None),
                         key=lambda c: c["accepted"])
            if not pts:
                continue
            ax.errorbar([p["accepted"] for p in pts], [p["latency_mean"] for p in pts],
                        yerr=[[p["latency_mean"] - p["latency_ci"][0] if p["latency_ci"] else 0
                               for p in pts],
                              [p["latency_ci"][1] - p["latency_mean"] if p["latency_ci"] else 0
                               for p in pts]],
                        fmt="o-", capsize=2, color=PROTOCOL_COLOURS.get(protocol, "C0"),
                        label=f"{protocol} (sat. "
                        f"{pts[0]['saturation_throughput']:.3g})")
        hardware, routing = mine[0]["hardware_bound"], mine[0]["routing_bound"]
        ax.axvline(hardware, color="black", linestyle="--", linewidth=1,
                   label=f"hardware bound {hardware:.3g}")
        if abs(routing - hardware) > 1e-6:
            ax.axvline(routing, color="grey", linestyle=":", linewidth=1.5,
                       label=f"routing bound {routing:.3g}")
        ax.set_xscale("log")  # random access saturates 10-50 times below TDMA
        ax.set_yscale("log")
        ax.set_xlabel("accepted (packets/sending node/slot)")
        ax.set_ylabel("mean latency (slots), 95% interval")
        ax.set_title(network, fontsize=10)
        ax.legend(fontsize=7)
    cli_guard.save_figure(fig, os.path.join(out, "coupler-evaluation-curves.png"), dpi=100)


def fmt(value, digits=3):
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "NO"
    if isinstance(value, float):
        return f"{value:.{digits}g}"
    return str(value)


def decided(points):
    """A curve's runs without those a longer run of the same rate superseded: the search's
    runs come first (`search_points` of them), each rate's runs in order of their length."""
    search = points[:points[0]["search_points"]]
    last = {p["rate"]: i for i, p in enumerate(search)}
    return [p for i, p in enumerate(search) if last[p["rate"]] == i] + \
        points[len(search):]


def curve_table(curves):
    """The Markdown lines of the strict-stability table: one row per curve (network, protocol),
    from the curve's stability search and its steady-state runs."""
    lines = ["| network | protocol | hardware bound | routing bound | stable / saturated at | "
             "strict-stability limit, accepted [95%] | peak accepted | search runs | "
             "latency at half of it [95%] | "
             "slot limit | time |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for network, protocol in dict.fromkeys((c["network"], c["protocol"]) for c in curves):
        pts = decided([c for c in curves if (c["network"], c["protocol"]) == (network, protocol)])
        first = pts[0]
        half = min((p for p in pts if not p["saturated"] and p["latency_mean"] is not None),
                   key=lambda p: abs(p["accepted"] - first["saturation_throughput"] / 2),
                   default=None)
        saturated = (f"{first['saturated_rate']:.4f}" if first["saturated_rate"] is not None
                     else "not reached")
        method = "LP" if first["hardware_bound_method"] == "lp" else "cut"
        unsettled = first["search_unsettled"]
        runs = f"{first['search_points']}" + (f" ({unsettled} unsettled)" if unsettled else "")
        latency = "-"
        if half:
            ci = half["latency_ci"]
            latency = (f"{half['latency_mean']:.4g} at {half['accepted']:.4f}"
                       + (f" [{ci[0]:.4g}, {ci[1]:.4g}]" if ci else ""))
        lines.append(f"| {network} | {protocol} | {first['hardware_bound']:.4g} ({method}) | "
                     f"{first['routing_bound']:.4g} | {first['stable_rate']:.4f} / {saturated} | "
                     f"{first['saturation_throughput']:.4f} [{first['saturation_ci_low']:.4f}, "
                     f"{first['saturation_ci_high']:.4f}] | {first['peak_accepted']:.4f} | "
                     f"{runs} | {latency} | {first['max_slots']:,} | {first['seconds']:.0f} s |")
    return lines


def shape_tables(rows):
    """The Markdown lines of the shape tables: capacity, knee, latency at half the knee and a
    permutation's slots; the knee searches; then light, latency in ns and energy per device
    set."""
    def knee(r, p):
        if r.get(f"{p}_knee_throughput") is None:
            return "-"
        return fmt(r[f"{p}_knee_throughput"], 4)

    def skipped(r, columns):
        return (f"| {r['n']} | ({r['d']},{r['g']}) | {r['couplers']:,} | {r['fanout']} | "
                f"skipped: {r['skipped']} |" + " |" * (columns - 5))
    loads = [p for p in SHAPE_LOADS if any(f"{p}_knee_throughput" in r for r in rows)]
    columns = 6 + 2 * len(loads) + 4
    lines = ["| n | POPS(d,g) | couplers | fan-out | hardware bound | tdma capacity | "
             + "".join(f"{p} knee | " for p in loads)
             + "".join(f"{p} latency @ half knee | " for p in loads)
             + "slots: randomized | offline | sorting | tdma |",
             "|" + "---|" * columns]
    for r in rows:
        if r.get("skipped"):
            lines.append(skipped(r, columns))
            continue
        lines.append(f"| {r['n']} | ({r['d']},{r['g']}) | {r['couplers']:,} | {r['fanout']} | "
                     f"{fmt(r.get('capacity'), 4)} | {fmt(r.get('tdma_capacity'), 4)} | "
                     + "".join(f"{knee(r, p)} | " for p in loads)
                     + "".join(f"{fmt(r.get(f'{p}_half_latency'), 4)} | " for p in loads)
                     + f"{fmt(r.get('randomized_permutation_slots'))} | "
                     f"{fmt(r.get('offline_permutation_slots'))} | "
                     f"{fmt(r.get('sorting_permutation_slots'))} | "
                     f"{fmt(r.get('tdma_permutation_slots'))} |")
    lines += ["", "The knee searches (`--find-knee`, 3 x the zero-load latency):", "",
              "| n | POPS(d,g) | protocol | capacity | knee offered | knee accepted | "
              "latency at the knee / zero-load (slots) | bracket (offered) | runs | CPU |",
              "|" + "---|" * 10]
    for r in rows:
        for p in loads:
            if r.get("skipped") or r.get(f"{p}_knee_throughput") is None:
                continue
            how = r[f"{p}_capacity_how"]
            capacity = (fmt(r[f"{p}_capacity"], 4) + f" ({how})" if r[f"{p}_capacity"] is not None
                        else "measured only")
            bracket = (f"{r[f'{p}_knee_under_rate']:.4f} / {r[f'{p}_knee_over_rate']:.4f}"
                       if r[f"{p}_knee_bracketed"] else "not bracketed")
            lines.append(f"| {r['n']} | ({r['d']},{r['g']}) | {p} | {capacity} | "
                         f"{r[f'{p}_knee_offered']:.4f} | {r[f'{p}_knee_throughput']:.4f} | "
                         f"{r[f'{p}_knee_latency']:.4g} / {r[f'{p}_knee_zero_load_latency']:.4g} | "
                         f"{bracket} | {r[f'{p}_knee_runs']} | "
                         f"{fmt(r.get(f'{p}_knee_cpu_seconds'), 3)} s |")
    for device in DEVICES:
        dcolumns = 8 + 3 * len(loads)
        lines += ["", f"Device set `{device}` (the same runs at half the knee, priced with its "
                  "devices and its slot):", "",
                  "| n | POPS(d,g) | transmitters | margin dB | laser mW per transmitter | "
                  "laser W (all lit) | static W | slot ns | "
                  + "".join(f"{p} latency ns @ half | " for p in loads)
                  + "".join(f"{p} Gb/s per node @ half | " for p in loads)
                  + "".join(f"{p} pJ/bit @ half | " for p in loads),
                  "|" + "---|" * dcolumns]
        for r in rows:
            if r.get("skipped"):
                lines.append(skipped(r, dcolumns))
                continue
            slot = next((r.get(f"{p}_{device}_slot_ns") for p in loads
                         if r.get(f"{p}_{device}_slot_ns") is not None), None)
            lines.append(f"| {r['n']} | ({r['d']},{r['g']}) | {fmt(r.get('transmitters'))} | "
                         f"{margin(r, device)} | "
                         f"{fmt(r.get(f'{device}_laser_mw_per_transmitter'))} | "
                         f"{fmt(r.get(f'{device}_laser_w'))} | "
                         f"{fmt(r.get(f'{device}_static_w'))} | {fmt(slot)} | "
                         + "".join(f"{fmt(r.get(f'{p}_{device}_half_latency_ns'), 4)} | "
                                   for p in loads)
                         + "".join(f"{fmt(r.get(f'{p}_{device}_half_accepted_gbps'))} | "
                                   for p in loads)
                         + "".join(f"{fmt(r.get(f'{p}_{device}_pj_per_bit'))} | " for p in loads))
    return lines


def tdma_formula_latency(frame, n, rate):
    """The mean latency of TDMA's pair queue (docs/evaluation-model.md, "The latency knee"): a
    frame of `frame` slots, Bernoulli arrivals of rate / (n - 1) per slot and pair."""
    q = rate / (n - 1)
    a = frame * q
    return 1 + (frame - 1) / 2 + frame * (a * (a - q) / (2 * (1 - a)) + q * (frame - 1) / 2)


def tdma_formula_knee(n, factor=3):
    """The offered load at which the formula's latency on POPS(d,g), d <= g (a frame of n
    slots), passes `factor` times its zero-load value."""
    zero = tdma_formula_latency(n, n, 0)
    lo, hi = 0.0, (n - 1) / n
    while hi - lo > 1e-9:
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if tdma_formula_latency(n, n, mid) < factor * zero else (lo, mid)
    return lo


def shape_findings(rows):
    """The sentences of the page's prose under the shape tables, from the shapes' rows (per n:
    TDMA's knee against its capacity and the queueing formula, reservation's and randomized
    routing's knees, and the shapes whose budget closes)."""
    out = []
    for n in sorted({r["n"] for r in rows}):
        done = [r for r in rows if r["n"] == n and not r.get("skipped")]
        measured = {(r["d"], r["g"]) for r in rows if r["n"] == n}
        missing = [f"({d},{g})" for d, g in shapes(n) if (d, g) not in measured]
        if missing:
            out.append(f"At n = {n} the tables hold {len(measured)} of the {len(list(shapes(n)))} "
                       f"shapes; POPS{', POPS'.join(missing)} have not been run yet (the command "
                       "under \"How to reproduce\" runs them).")
        full = [r for r in done if r["d"] <= r["g"] and r.get("tdma_knee_offered") is not None]
        if full:
            formula = tdma_formula_knee(n)
            offered = [r["tdma_knee_offered"] for r in full]
            worst = max(abs(x / formula - 1) for x in offered)
            latency = [r["tdma_half_latency"] for r in full]
            where = (f"on POPS({full[0]['d']},{full[0]['g']}) is {offered[0]:.4f}"
                     if len(full) == 1 else f"on the {len(full)} shapes with d <= g lies at "
                     f"{min(offered):.4f}-{max(offered):.4f}")
            slots = (f"{latency[0]:.1f}" if len(full) == 1
                     else f"{min(latency):.1f}-{max(latency):.1f}")
            out.append(f"At n = {n}, TDMA's knee {where} offered, within {100 * worst:.2f}% of "
                       f"the queueing formula's 3x point ({formula:.4f}), "
                       f"{100 * min(offered) / full[0]['tdma_capacity']:.0f}% of its capacity "
                       f"{full[0]['tdma_capacity']:.4f}; its latency at half the knee is "
                       f"{slots} slots.")
        reservation = [r for r in done if r.get("reservation_knee_throughput") is not None]
        if reservation:
            best = max(reservation, key=lambda r: r["reservation_knee_throughput"])
            out.append(f"Reservation's knee at n = {n} is "
                       + ("" if len(reservation) == 1 else "highest ")
                       + f"on POPS({best['d']},{best['g']}), "
                       f"{best['reservation_knee_throughput']:.4f} accepted, where its latency is "
                       f"{best['reservation_knee_latency']:.1f} slots (3 x its zero-load "
                       f"{best['reservation_knee_zero_load_latency']:.2f}; TDMA's zero-load "
                       "latency is half a frame), and "
                       f"{best['reservation_half_latency']:.3g} slots at half of it.")
        random = [r for r in done if r.get("randomized_knee_throughput") is not None]
        if random:
            best = max(random, key=lambda r: r["randomized_knee_throughput"])
            out.append(f"Randomized routing's knee at n = {n} is "
                       + ("" if len(random) == 1 else "highest ")
                       + f"on POPS({best['d']},{best['g']}), "
                       f"{best['randomized_knee_throughput']:.4f}.")
        for device in DEVICES:
            closing = [r for r in done if r.get(f"{device}_closes")]
            if closing:
                widest = max(closing, key=lambda r: r["d"])
                out.append(f"With `{device}` devices the star closes its budget up to fan-out "
                           f"{widest['d']} at n = {n} ({widest[f'{device}_margin_db']:+.2f} dB).")
    return out


def margin(r, device):
    text = fmt(r.get(f"{device}_margin_db"))
    return text if r.get(f"{device}_closes", True) else f"{text} (does not close)"


def knee_curve_table(rows):
    """The Markdown lines of the knee curves: one row per point."""
    lines = ["| network | protocol | capacity | knee (offered) | offered | accepted [95%] | "
             "mean latency, slots [95%] | ns | window | saturated |", "|" + "---|" * 10]
    for r in rows:
        ci, lci = r["accepted_ci"], r["latency_ci"]
        latency = (f"{r['latency_mean']:.4g}" + (f" [{lci[0]:.4g}, {lci[1]:.4g}]" if lci else "")
                   if r["latency_mean"] is not None else "-")
        lines.append(f"| {r['network']} | {r['protocol']} | {fmt(r['protocol_capacity'], 4)} | "
                     f"{r['knee_offered']:.4f} | {r['offered']:.4f} | {r['accepted']:.4f}"
                     + (f" [{ci[0]:.4f}, {ci[1]:.4f}]" if ci else "") + f" | {latency} | "
                     f"{fmt(r['latency_mean_ns'], 4)} | {r['window_method']} | "
                     f"{fmt(r['saturated'])} |")
    return lines


def plot_knee_curves(rows, out):
    """Latency against accepted load of each knee curve, one panel per network, with the
    protocol's capacity (where known), the hardware bound and the knee drawn on it."""
    if not rows:
        return
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    networks = list(dict.fromkeys(r["network"] for r in rows))
    fig, axes = plt.subplots(1, len(networks), figsize=(4.2 * len(networks), 3.8),
                             constrained_layout=True, squeeze=False)
    for col, network in enumerate(networks):
        ax = axes[0][col]
        mine = [r for r in rows if r["network"] == network]
        for protocol in dict.fromkeys(r["protocol"] for r in mine):
            pts = sorted((r for r in mine if r["protocol"] == protocol
                          and r["latency_mean"] is not None), key=lambda r: r["accepted"])
            colour = PROTOCOL_COLOURS.get(protocol, "C0")
            ax.plot([p["accepted"] for p in pts], [p["latency_mean"] for p in pts], "o-",
                    color=colour, label=f"{protocol} (knee {pts[0]['knee_throughput']:.3g})")
            ax.axvline(pts[0]["knee_throughput"], color=colour, linestyle=":", linewidth=1)
            capacity = pts[0]["protocol_capacity"]
            if capacity is not None:
                ax.axvline(capacity, color=colour, linestyle="--", linewidth=1,
                           label=f"{protocol} capacity {capacity:.4g}")
        hardware = mine[0]["hardware_bound"]
        ax.axvline(hardware, color="black", linestyle="-", linewidth=0.8,
                   label=f"hardware bound {hardware:.4g}")
        ax.set_yscale("log")
        ax.set_xlabel("accepted (packets/node/slot)")
        ax.set_ylabel("mean latency (slots)")
        ax.set_title(network, fontsize=10)
        ax.legend(fontsize=7)
    cli_guard.save_figure(fig, os.path.join(out, "coupler-evaluation-knee-curves.png"), dpi=100)


def permutation_table(rows):
    """The Markdown lines of the window-free columns of shapes rows: couplers, fan-out, the
    fibre set's margin, capacity and the slots of one permutation per router."""
    lines = ["| n | POPS(d,g) | couplers | fan-out | fibre margin dB | capacity | "
             "permutation slots: randomized | offline | sorting | tdma |", "|" + "---|" * 10]
    for r in rows:
        if r["capacity"] is None:  # refused by the command
            lines.append(f"| {r['n']} | ({r['d']},{r['g']}) | {r['couplers']:,} | {r['fanout']} "
                         "| refused: the command builds g <= 1024 | | | | | |")
            continue
        margin = f"{r['margin_db']:+.2f}" + ("" if r["closes"] else " (does not close)")
        lines.append(f"| {r['n']} | ({r['d']},{r['g']}) | {r['couplers']:,} | {r['fanout']} | "
                     f"{margin} | {fmt(r['capacity'])} | "
                     f"{fmt(r['randomized_permutation_slots'])} | "
                     f"{fmt(r['offline_permutation_slots'])} | "
                     f"{fmt(r['sorting_permutation_slots'])} | "
                     f"{fmt(r['tdma_permutation_slots'])} |")
    return lines


def print_tables(curves, rows, knee_rows=()):
    if curves:
        print("\n".join(curve_table(curves)))
        print()
    if rows:
        print("\n".join(shape_tables(rows)))
    if knee_rows:
        print()
        print("\n".join(knee_curve_table(knee_rows)))


if __name__ == "__main__":
    cli_guard.run(main)
