"""Section 1's curves of the coupler study (scripts/results/coupler_study.py): each one
`optinet --rates auto` run, its rows, the CSV, plot and table."""
import concurrent.futures
import os
import sys

from coupler_study_cases import case_order, curve_command, selected_cases
from coupler_study_data import write_csv, write_page_block
from coupler_study_plots import plot_curves
from coupler_study_tables import curve_table


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
