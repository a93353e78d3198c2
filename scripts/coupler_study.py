#!/usr/bin/python3
"""The architect's study of docs/results/coupler-evaluation.md, run by the model.

usage: scripts/coupler_study.py [--optinet build/optinet] [--out docs/results] [--jobs 2] [--quick]

1. Latency against offered load up to saturation (random access and TDMA) for POPS(16,16),
   POPS(64,64), the OCPC (p = 256), the MOB-PC (p = 16) and the 16 x 16 grid, each with its
   capacity bound.
2. Every POPS(d,g) shape with d*g = n for n = 1024 and 4096: couplers, fan-out, power margin,
   capacity, saturation throughput of tdma and randomized, latency at half of it, energy per
   packet, and slots to route one permutation with every router.
Writes coupler-evaluation-curves.csv, coupler-evaluation-shapes.csv and the plots into --out,
and prints the Markdown tables. Every run is one `optinet ... --json` invocation.
"""
import concurrent.futures
import csv
import json
import os
import subprocess
import sys
import tempfile

import cli_guard

SEED = 1


def run(optinet, args, scratch):
    """One optinet run; returns its JSON (None if the command refused it)."""
    fd, path = tempfile.mkstemp(suffix=".json", dir=scratch)
    os.close(fd)
    proc = subprocess.run([optinet] + args + ["--seed", str(SEED), "--quiet", "--json", path],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if proc.returncode == 2:
        os.remove(path)
        return None
    # Exit 1 with a report: a closed-loop run stopped at the slot limit (a result to show).
    cli_guard.check_exit(proc)
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    os.remove(path)
    return report


def open_loop(network, protocol, rate, warmup, measure, limit):
    return network + ["--protocol", protocol, "--traffic", "bernoulli", "--rate", str(rate),
                      "--warmup", str(warmup), "--measure", str(measure), "--max-slots",
                      str(limit)]


# Study 1: the curves. (label, network options, protocol, rates, warm-up, measure, limit)
def curve_cases(quick):
    short = quick
    cases = [
        ("POPS(16,16)", ["pops", "--d", "16", "--g", "16"], "randomized",
         [0.002, 0.005, 0.01, 0.015, 0.02, 0.025, 0.03], 1000, 10000, 40000),
        ("POPS(16,16)", ["pops", "--d", "16", "--g", "16"], "tdma",
         [0.1, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95], 1000, 10000, 40000),
        ("POPS(64,64)", ["pops", "--d", "64", "--g", "64"], "randomized",
         [0.002, 0.005, 0.01, 0.015, 0.02], 500, 3000, 12000),
        # TDMA's frame is n = 4096 slots: the warm-up must be longer to reach a steady state.
        ("POPS(64,64)", ["pops", "--d", "64", "--g", "64"], "tdma",
         [0.05, 0.2, 0.5], 5000, 3000, 25000),
        ("OCPC p=256", ["ocpc", "--p", "256"], "coinflip",
         [0.005, 0.01, 0.02, 0.04, 0.06], 1000, 10000, 40000),
        ("OCPC p=256", ["ocpc", "--p", "256"], "tdma",
         [0.1, 0.3, 0.5, 0.7, 0.9, 0.95], 1000, 10000, 40000),
        ("MOB-PC p=16", ["mob", "--p", "16"], "row-column",
         [0.005, 0.01, 0.02, 0.04, 0.06, 0.08], 1000, 10000, 40000),
        ("MOB-PC p=16", ["mob", "--p", "16"], "tdma",
         [0.05, 0.1, 0.2, 0.3, 0.4, 0.45], 1000, 10000, 40000),
        ("grid 16x16", ["grid", "--n", "16", "--k", "2"], "gridk",
         [0.02, 0.05, 0.08, 0.1, 0.12, 0.14], 1000, 10000, 40000),
    ]
    if short:
        cases = [(l, n, p, r[:2], 100, 500, 3000) for l, n, p, r, *_ in cases
                 if "64,64" not in l]
    return cases


def shapes(n):
    d = 1
    while d <= n:
        yield d, n // d
        d *= 2


def main():
    parser = cli_guard.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--optinet", default="build/optinet")
    parser.add_argument("--out", default="docs/results")
    parser.add_argument("--jobs", type=cli_guard.positive_int, default=2)
    parser.add_argument("--quick", action="store_true", help="a small smoke version")
    parser.add_argument("--only", choices=["curves", "shapes"], help="run one study only")
    parser.add_argument("--sizes", type=cli_guard.int_list, default="1024,4096",
                        help="n of the shape study")
    parser.add_argument("--d", type=cli_guard.int_list, default="",
                        help="only these d (comma-separated) in the shape study")
    args = parser.parse_args()
    cli_guard.output_folder(args.out, "--out", create=True)
    with tempfile.TemporaryDirectory(prefix="coupler-study-") as scratch:  # removed at the end
        return study(args, scratch)


def study(args, scratch):
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
    submit = lambda a: pool.submit(run, args.optinet, a, scratch)  # noqa: E731

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
        write_csv(os.path.join(args.out, "coupler-evaluation-shapes.csv"), rows)
    print_tables(curves, rows)
    return 0


def curve_study(submit, args):
    futures = []
    for label, network, protocol, rates, warmup, measure, limit in curve_cases(args.quick):
        for rate in rates:
            futures.append(((label, protocol, rate),
                            submit(open_loop(network, protocol, rate, warmup, measure, limit))))
    curves = []
    for (label, protocol, rate), future in futures:
        report = future.result()
        r = report["runs"][0]
        curves.append({"network": label, "protocol": protocol, "rate": rate,
                       "offered": r["offered"], "accepted": r["accepted"],
                       "latency_mean": r["latency_mean"], "latency_p99": r["latency_p99"],
                       "saturated": r["saturated"], "utilization": r["utilization"],
                       "collision_share": r["collision_share"],
                       "energy_per_packet_pj": r["energy_per_packet_pj"],
                       "capacity": report["open_loop"]["capacity"],
                       "bottleneck": report["open_loop"]["bottleneck"]})
        print(f"curve {label} {protocol} {rate}: accepted {r['accepted']:.4f} latency "
              f"{r['latency_mean']:.1f}{' SATURATED' if r['saturated'] else ''}",
              file=sys.stderr)
    write_csv(os.path.join(args.out, "coupler-evaluation-curves.csv"), curves)
    plot_curves(curves, args.out)
    return curves


def windows(n, protocol, quick):
    """(saturation run, half-load run) windows: warm-up, measured slots, slot limit. TDMA's
    frame is n slots: its warm-up is 1.25 n, so that the queues reach a steady state."""
    if quick:
        return (100, 500, 1500), (100, 1000, 6000)
    warmup = max(300, n + n // 4) if protocol == "tdma" else 300
    measure = 1000 if n >= 4096 else 2000
    # A TDMA packet waits up to a few frames for its pair's slot: the drain needs about 4 n.
    drain = max(8 * measure, 4 * n) if protocol == "tdma" else 8 * measure
    return (warmup, measure, warmup + 2 * measure), (warmup, measure, warmup + measure + drain)


def shape_row(submit, n, d, g, quick):
    network = ["pops", "--d", str(d), "--g", str(g)]
    row = {"n": n, "d": d, "g": g, "couplers": g * g, "fanout": d}
    # Permutations (closed loop), two seeds each, submitted first so they run in parallel.
    permutation = {}
    runs = "1" if n >= 4096 else "2"
    for protocol in ("randomized", "offline", "sorting", "tdma"):
        permutation[protocol] = submit(network + ["--protocol", protocol, "--runs", runs])
    over = {"tdma": 1.0, "randomized": 0.2 if d <= 2 * g else 0.05}
    sat = {}
    for protocol in ("tdma", "randomized"):
        saturation_window = windows(n, protocol, quick)[0]
        report = submit(open_loop(network, protocol, over[protocol], *saturation_window)).result()
        if report is None:
            sat[protocol] = None
            continue
        sat[protocol] = report["runs"][0]["accepted"]
        row["capacity"] = report["open_loop"]["capacity"]
        budget = report["power_budget"]["coupler"]
        row["margin_db"] = budget["margin_db"]
        row["closes"] = budget["closes"]
    for protocol in ("tdma", "randomized"):
        row[f"{protocol}_saturation"] = sat[protocol]
        if sat[protocol] is None:
            row[f"{protocol}_half_load_latency"] = None
            row[f"{protocol}_energy_pj"] = None
            continue
        half_window = windows(n, protocol, quick)[1]
        half = submit(open_loop(network, protocol, round(sat[protocol] / 2, 5), *half_window))
        half = half.result()
        r = half["runs"][0]
        row[f"{protocol}_half_load_latency"] = r["latency_mean"]
        row[f"{protocol}_energy_pj"] = r["energy_per_packet_pj"]
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


def plot_curves(curves, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    networks = []
    for c in curves:
        if c["network"] not in networks:
            networks.append(c["network"])
    fig, axes = plt.subplots(2, len(networks), figsize=(3.6 * len(networks), 6.4),
                             constrained_layout=True, squeeze=False)
    for col, network in enumerate(networks):
        top, bottom = axes[0][col], axes[1][col]
        capacity = None
        for protocol in dict.fromkeys(c["protocol"] for c in curves if c["network"] == network):
            pts = sorted((c for c in curves
                          if c["network"] == network and c["protocol"] == protocol),
                         key=lambda c: c["offered"])
            capacity = pts[0]["capacity"]
            xs = [p["offered"] for p in pts]
            # Latency of a saturated run counts only the packets that got out: left out.
            drained = [p for p in pts if not p["saturated"]]
            line, = top.plot([p["offered"] for p in drained],
                             [max(p["latency_mean"], 1e-3) for p in drained], "o-", label=protocol)
            bottom.plot(xs, [p["accepted"] for p in pts], "o-", color=line.get_color(),
                        label=protocol)
            stuck = [p for p in pts if p["saturated"]]
            bottom.plot([p["offered"] for p in stuck], [p["accepted"] for p in stuck], "x",
                        color="black", markersize=8)
        for ax in (top, bottom):
            ax.axvline(capacity, color="grey", linestyle="--", linewidth=1)
            ax.set_xscale("log")  # random access saturates 10-50 times below TDMA
            ax.set_xlabel("offered (packets/node/slot)")
        top.set_yscale("log")
        bottom.set_yscale("log")
        top.set_title(f"{network}\ncapacity {capacity:.3g} (dashed); x: saturated", fontsize=9)
        top.set_ylabel("mean latency (slots)")
        bottom.set_ylabel("accepted (packets/node/slot)")
        top.legend(fontsize=8)
    cli_guard.save_figure(fig, os.path.join(out, "coupler-evaluation-curves.png"), dpi=100)


def fmt(value, digits=3):
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "NO"
    if isinstance(value, float):
        return f"{value:.{digits}g}"
    return str(value)


def print_tables(curves, rows):
    print("| network | protocol | capacity | bottleneck | largest accepted | latency at lowest "
          "load | saturated from |")
    print("|---|---|---|---|---|---|---|")
    keys = list(dict.fromkeys((c["network"], c["protocol"]) for c in curves))
    for network, protocol in keys:
        pts = sorted((c for c in curves if (c["network"], c["protocol"]) == (network, protocol)),
                     key=lambda c: c["rate"])
        saturated = [p["rate"] for p in pts if p["saturated"]]
        print(f"| {network} | {protocol} | {fmt(pts[0]['capacity'])} | {pts[0]['bottleneck']} | "
              f"{fmt(max(p['accepted'] for p in pts))} | {fmt(pts[0]['latency_mean'])} | "
              f"{fmt(saturated[0]) if saturated else 'not reached'} |")
    print()
    print("| n | POPS(d,g) | couplers | fan-out | margin dB | capacity | tdma sat. | randomized "
          "sat. | tdma latency @ half | randomized latency @ half | tdma pJ/packet | randomized "
          "pJ/packet | slots: randomized | offline | sorting | tdma |")
    print("|" + "---|" * 16)
    for r in rows:
        print(f"| {r['n']} | ({r['d']},{r['g']}) | {r['couplers']} | {r['fanout']} | "
              f"{fmt(r.get('margin_db'))} | {fmt(r.get('capacity'))} | "
              f"{fmt(r['tdma_saturation'])} | {fmt(r['randomized_saturation'])} | "
              f"{fmt(r['tdma_half_load_latency'])} | {fmt(r['randomized_half_load_latency'])} | "
              f"{fmt(r['tdma_energy_pj'])} | {fmt(r['randomized_energy_pj'])} | "
              f"{fmt(r['randomized_permutation_slots'])} | {fmt(r['offline_permutation_slots'])} | "
              f"{fmt(r['sorting_permutation_slots'])} | {fmt(r['tdma_permutation_slots'])} |")


if __name__ == "__main__":
    cli_guard.run(main)
