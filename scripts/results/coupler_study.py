#!/usr/bin/python3
"""The architect's study of docs/results/coupler-evaluation.md, run by the model.

usage: scripts/results/coupler_study.py [--optinet build/optinet] [--out docs/results] [--jobs 2] [--quick]

1. Latency against accepted load up to saturation (random access, TDMA and reservation) for
   POPS(16,16), POPS(64,64) (randomized and reservation), the OCPC (p = 256), the MOB-PC
   (p = 16) and the 16 x 16 grid (--networks, --protocols: some of them), each one
   `optinet --rates auto` run (the saturation search, then 0.1-0.95 of its throughput, every
   point in steady state), with the hardware and the routing bound.
2. Every POPS(d,g) shape with d*g = n for n = 1024 and 4096: couplers, fan-out, capacity,
   saturation throughput of tdma, randomized and reservation (`--find-saturation`), latency at
   half of it (a steady-state run), and slots to route one permutation with every router; per
   device set
   (fibre, onchip): transmitters, power margin, laser and static power, and the energy per
   delivered bit at half of saturation with its parts.
Writes coupler-evaluation-curves.csv, coupler-evaluation-shapes.csv, the plots and the saturation
and shape tables (generated blocks of coupler-evaluation.md) into --out, and prints the Markdown
tables. Every run is one `optinet ... --json` invocation, here (--jobs at once) or, with
--backend slurm, one Slurm job each (--jobs queued at once).
"""
import argparse
import ast
import concurrent.futures
import csv
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
import results_data  # noqa: E402
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
    else:
        proc = children.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    if proc.returncode == 2:
        os.remove(path)
        return None
    # Exit 1 with a report: a closed-loop run stopped at the slot limit (a result to show).
    cli_guard.check_exit(proc)
    with open(path, encoding="utf-8") as f, cli_guard.reading(f"{optinet}'s report", "JSON"):
        report = json.load(f)
    os.remove(path)
    return report


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
    parser.add_argument("--quick", action="store_true", help="a small smoke version")
    parser.add_argument("--report-only", action="store_true",
                        help="rewrite the plot and the page's tables from the CSVs in --out, "
                        "running nothing")
    parser.add_argument("--only", choices=["curves", "shapes"], help="run one study only")
    parser.add_argument("--protocols", type=lambda t: [x for x in t.split(",") if x], default="",
                        help="only the curves of these protocols (comma-separated)")
    parser.add_argument("--networks", type=network_list, default="",
                        help="only the curves of these networks (comma-separated labels, as "
                        "in the page: POPS(64,64),OCPC p=256)")
    parser.add_argument("--keep", metavar="CSV", type=readable_file,
                        help="a curves CSV of an earlier study: its curves not run now are kept "
                        "in the new CSV, plot and table")
    parser.add_argument("--keep-shapes", metavar="CSV", type=readable_file,
                        help="a shapes CSV of an earlier study: its rows of sizes not run now "
                        "are kept in the new CSV and table")
    parser.add_argument("--sizes", type=size_list, default="1024,4096",
                        help="n of the shape study (powers of two >= 2, comma-separated)")
    parser.add_argument("--d", type=cli_guard.int_list, default="",
                        help="only these d (comma-separated) in the shape study")
    args = parser.parse_args()
    check_arguments(args)
    # Inputs first: the kept CSVs are read before any run, and their errors end the study then.
    args.kept_curves = read_curves(args.keep, "--keep") if args.keep else []
    args.kept_shapes = read_shapes(args.keep_shapes, "--keep-shapes") if args.keep_shapes else []
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
    if args.only != "shapes" and not args.report_only:
        protocols = {protocol for _, _, protocol, _ in curve_cases(False)}
        for protocol in args.protocols:
            if protocol not in protocols:
                raise cli_guard.BadInput(f"--protocols: '{protocol}' is not accepted (protocols "
                                         f"of the study: {', '.join(sorted(protocols))})")
        if not selected_cases(args):
            raise cli_guard.BadInput("--protocols, --networks: no curve of the study runs these "
                                     "protocols on these networks")
    sizes = [256] if args.quick else args.sizes
    for d in args.d:
        if not any(d == shape for n in sizes for shape, _ in shapes(n)):
            raise cli_guard.BadInput(f"--d: {d} is not accepted (no POPS(d,g) with d*g = "
                                     f"{' or '.join(map(str, sizes))} has it: d a power of two "
                                     f"<= {max(sizes)})")


def study(args, scratch, slurm=None):
    """The study's runs, --jobs at once; Ctrl-C or a signal stops the running ones at once
    (their optinet processes get SIGINT) and ends the study."""
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
    children = cli_guard.Children()
    optinet = os.path.abspath(args.optinet) if slurm else args.optinet
    submit = lambda a: pool.submit(run, optinet, a, scratch, children, slurm)  # noqa: E731
    try:
        return studies(args, submit)
    except KeyboardInterrupt:
        children.stop(pool)
        raise
    finally:
        pool.shutdown(wait=True)


def studies(args, submit):
    curves, rows = [], []
    if args.only != "shapes":
        curves = curve_study(submit, args)
    if args.only != "curves":
        sizes = [256] if args.quick else args.sizes
        only_d = set(args.d)
        for n in sizes:
            for d, g in shapes(n):
                if not only_d or d in only_d:
                    rows.append(shape_row(submit, n, d, g, args.quick))
        if args.kept_shapes:
            rows = sorted([r for r in args.kept_shapes if r["n"] not in sizes] + rows,
                          key=lambda r: (r["n"], r["d"]))
        write_csv(os.path.join(args.out, "coupler-evaluation-shapes.csv"), rows)
        write_page_block(args.out, "shapes", shape_tables(rows))
    print_tables(curves, rows)
    return 0


def write_page_block(out, name, lines):
    """A generated block of the page coupler-evaluation.md in `out`."""
    results_data.write_generated(os.path.join(out, "coupler-evaluation.md"),
                                 {name: "\n".join(lines)}, "coupler_study.py",
                                 "# Evaluating couplers and buses\n")


def report_only(args):
    """The plot and the page's tables again from the CSVs in --out, without a run."""
    curves, rows = [], []
    if args.only != "shapes":
        curves = case_order(read_curves(os.path.join(args.out, "coupler-evaluation-curves.csv"),
                                        "--report-only"))
        plot_curves(curves, args.out)
        write_page_block(args.out, "saturation", curve_table(curves))
    if args.only != "curves":
        rows = read_shapes(os.path.join(args.out, "coupler-evaluation-shapes.csv"),
                           "--report-only")
        write_page_block(args.out, "shapes", shape_tables(rows))
    print_tables(curves, rows)
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
    return read_study_csv(path, ("n", "d", "g", "capacity"), option)


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


def shape_slot_limit(n, protocol, quick):
    """A run's slot limit in the shape study: TDMA's batch is its n-slot frame, and a measured
    warm-up of 8 batches and window of 20 need 40 n slots; 100,000 otherwise."""
    if quick:
        return 20000 if protocol != "tdma" else max(20000, 48 * n)
    return max(100000, 48 * n) if protocol == "tdma" else 100000


DEVICES = ("fibre", "onchip")  # the shipped device sets (docs/devices)
PARTS = ("laser", "modulator", "receiver", "serdes", "static")
# The protocols of the shape study under a sustained load (a shape a protocol refuses: "-").
SHAPE_LOADS = ("tdma", "randomized", "reservation")


def shape_row(submit, n, d, g, quick):
    network = ["pops", "--d", str(d), "--g", str(g)]
    row = {"n": n, "d": d, "g": g, "couplers": g * g, "fanout": d}
    # Permutations (closed loop), two seeds each, submitted first so they run in parallel.
    permutation = {}
    runs = "1" if n >= 4096 else "2"
    for protocol in ("randomized", "offline", "sorting", "tdma"):
        permutation[protocol] = submit(network + ["--protocol", protocol, "--runs", runs])
    # Saturation: the search, every point in steady state; then one steady-state run at half
    # of the throughput it found with each device set (the slots run alike; light and energy
    # differ).
    searches = {}
    for protocol in SHAPE_LOADS:
        limit = str(shape_slot_limit(n, protocol, quick))
        searches[protocol] = submit(network + ["--protocol", protocol, "--traffic", "bernoulli",
                                               "--find-saturation", "--max-slots", limit])
    halves = {}
    for protocol, future in searches.items():
        report = future.result()
        if report is None:  # refused (randomized: d >= g; reservation: words of g + 1 bits)
            for key in ("saturation", "saturation_ci_low", "saturation_ci_high",
                        "search_unsettled", "half_load_latency", "half_load_latency_ci",
                        "half_load_saturated"):
                row[f"{protocol}_{key}"] = None
            for device in DEVICES:
                row[f"{protocol}_{device}_pj_per_bit"] = None
            continue
        search = report["saturation"]
        row["capacity"] = report["open_loop"]["hardware_bound"]["value"]
        row[f"{protocol}_saturation"] = search["throughput"]
        row[f"{protocol}_saturation_ci_low"] = search["ci_low"]
        row[f"{protocol}_saturation_ci_high"] = search["ci_high"]
        row[f"{protocol}_search_unsettled"] = unsettled_runs(search)
        limit = str(shape_slot_limit(n, protocol, quick))
        for device in DEVICES:
            halves[protocol, device] = submit(
                network + ["--protocol", protocol, "--traffic", "bernoulli", "--rate",
                           f"{search['throughput'] / 2:.6g}", "--max-slots", limit,
                           "--device", device])
    for (protocol, device), future in halves.items():
        report = future.result()
        r = report["runs"][0]
        row[f"{protocol}_half_load_latency"] = r["latency_mean"]
        row[f"{protocol}_half_load_latency_ci"] = r["steady_state"]["latency_ci"]
        row[f"{protocol}_half_load_saturated"] = r["saturated"]
        row[f"{protocol}_{device}_pj_per_bit"] = r["energy_per_bit_pj"]
        for part in PARTS:
            row[f"{protocol}_{device}_{part}_pj_per_bit"] = r["energy_parts_pj_per_bit"][part]
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
    print(f"shape POPS({d},{g}): {row}", file=sys.stderr)
    return row


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
    """The Markdown lines of the saturation table: one row per curve (network, protocol), from
    the curve's saturation search and its steady-state runs."""
    lines = ["| network | protocol | hardware bound | routing bound | stable / saturated at | "
             "sustained [95%] | peak accepted | search runs | latency at half of it [95%] | "
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
    """The Markdown lines of the shape tables: the runs' slots, then light and energy per
    device set."""
    def saturation(r, protocol):
        if r.get(f"{protocol}_saturation") is None:
            return "-"
        unsettled = r.get(f"{protocol}_search_unsettled") or 0
        return (f"{fmt(r[f'{protocol}_saturation'])} [{fmt(r[f'{protocol}_saturation_ci_low'])}"
                f", {fmt(r[f'{protocol}_saturation_ci_high'])}]"
                + (f" ({unsettled} unsettled)" if unsettled else ""))

    def margin(r, device):
        text = fmt(r.get(f"{device}_margin_db"))
        return text if r.get(f"{device}_closes", True) else f"{text} (does not close)"
    # The protocols the rows have (a CSV of an earlier study may lack one).
    loads = [p for p in SHAPE_LOADS if any(f"{p}_saturation" in r for r in rows)]
    lines = ["| n | POPS(d,g) | couplers | fan-out | capacity | "
             + "".join(f"{p} sat. [95%] | " for p in loads)
             + "".join(f"{p} latency @ half | " for p in loads)
             + "slots: randomized | offline | sorting | tdma |",
             "|" + "---|" * (9 + 2 * len(loads))]
    for r in rows:
        lines.append(f"| {r['n']} | ({r['d']},{r['g']}) | {r['couplers']:,} | {r['fanout']} | "
                     f"{fmt(r.get('capacity'))} | "
                     + "".join(f"{saturation(r, p)} | " for p in loads)
                     + "".join(f"{fmt(r.get(f'{p}_half_load_latency'))} | " for p in loads)
                     + f"{fmt(r['randomized_permutation_slots'])} | "
                     f"{fmt(r['offline_permutation_slots'])} | "
                     f"{fmt(r['sorting_permutation_slots'])} | {fmt(r['tdma_permutation_slots'])} |")
    for device in DEVICES:
        lines += ["", f"Device set `{device}`:", "",
                  "| n | POPS(d,g) | transmitters | margin dB | laser mW per transmitter | "
                  "laser W (all lit) | static W | "
                  + "".join(f"{p} pJ/bit @ half | " for p in loads)
                  + "tdma shares laser/mod/rx/serdes/static |",
                  "|" + "---|" * (8 + len(loads))]
        for r in rows:
            def shares(protocol):
                total = r.get(f"{protocol}_{device}_pj_per_bit")
                if not total:
                    return "-"
                return "/".join(f"{100 * r[f'{protocol}_{device}_{part}_pj_per_bit'] / total:.0f}"
                                for part in PARTS) + " %"
            lines.append(f"| {r['n']} | ({r['d']},{r['g']}) | {fmt(r.get('transmitters'))} | "
                         f"{margin(r, device)} | "
                         f"{fmt(r.get(f'{device}_laser_mw_per_transmitter'))} | "
                         f"{fmt(r.get(f'{device}_laser_w'))} | "
                         f"{fmt(r.get(f'{device}_static_w'))} | "
                         + "".join(f"{fmt(r.get(f'{p}_{device}_pj_per_bit'))} | " for p in loads)
                         + f"{shares('tdma')} |")
    return lines


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


def print_tables(curves, rows):
    if curves:
        print("\n".join(curve_table(curves)))
        print()
    if rows:
        print("\n".join(shape_tables(rows)))


if __name__ == "__main__":
    cli_guard.run(main)
