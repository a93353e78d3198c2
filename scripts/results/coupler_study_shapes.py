"""The shape study of the coupler study (scripts/results/coupler_study.py): every POPS(d,g) of a
size, its knees, runs at half the knee and permutations, then the knee curves of the square
shapes."""
import concurrent.futures
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
from coupler_study_cases import (CURVE_LOADS, DEVICES, KNEE_KEYS, PARTS, SEED,  # noqa: E402
                                 SHAPE_LOADS, knee_slot_limit, load_args, pops_network, shapes)
from coupler_study_data import write_csv, write_page_block  # noqa: E402
from coupler_study_plots import plot_knee_curves  # noqa: E402
from coupler_study_tables import knee_curve_table, shape_tables  # noqa: E402
from sweep import curve as sweep_curve  # noqa: E402


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
        # The laser is sized to the required launch: a negative margin at the installed launch
        # closes there, unless a limit (the launch ceiling among them) is exceeded.
        row[f"{device}_required_launch_dbm"] = budget["required_launch_dbm"]
        row[f"{device}_violations"] = [v["name"] for v in budget["violations"]]
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
