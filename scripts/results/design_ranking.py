#!/usr/bin/python3
"""Designs ranked: for each n, every POPS(d,g) shape (d a power of two, d * g = n, g at most the
1024 the command builds) under each laser architecture (--laser) and device set (--device),
priced by `optinet --check` (nothing runs): the power budget, the limits it violates, the part
count, and the energy per delivered bit of TDMA at the stated offered load as a collision-free
schedule below its capacity costs it (`energy_at_offered_load`). The Pareto front of energy per
bit, latency, lasers and parts among the buildable designs that carry the load, per n.

usage: scripts/results/design_ranking.py --optinet build/optinet [--out docs/results]
           [--sizes 256,1024,4096] [--rate 0.3] [--jobs 2] [--report-only]

Latency: TDMA's zero-load latency, half a frame of n slots, 1 + (n - 1) / 2 (the queueing
formula of docs/evaluation-model.md, "The latency knee", at load 0), times the device set's slot
in ns: the zero-load figure, not the latency at the load (TDMA's at 0.3 is about 1 / (1 - 0.3)
times it). The coupler study's measured zero-load latency (coupler-evaluation-shapes.csv in
--out, `tdma_knee_zero_load_latency`) is kept beside it where the study has the shape.
Lasers: the lasers (combs counted as one each), the costliest active part. Parts: lasers,
modulators, photodetectors, rings, stars, fibres and waveguides added up (a transceiver is made
of them, so not counted again); the cost when a device set prices its parts (none shipped does).
Writes design-ranking.csv (every design, `pareto` marking the front), the blocks `front` and
`lasers` of coupler-evaluation.md in --out (the latter: POPS(16,16) and POPS(64,64) on chip
under each laser architecture), design-ranking-lasers.png (their W and pJ/bit) and
design-ranking-front-4096.png (every design of n = 4096 that carries the load, energy per bit
against parts, the front marked); prints the front and the laser table.
"""
import concurrent.futures
import csv
import io
import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
import results_data  # noqa: E402
import design_ranking_plots  # noqa: E402

LASERS = ["continuous", "gated", "throttled", "per-node", "comb"]
DEVICES = ["fibre", "onchip", "onchip-dsent"]
PART_KEYS = ["lasers", "modulators", "photodetectors", "rings", "stars", "fibres", "waveguides"]
MAX_G = 1024
FIELDS = ["n", "d", "g", "device", "laser", "capacity", "carries_load", "buildable",
          "violations", "slot_ns", "latency_slots", "latency_ns", "measured_zero_load_slots",
          "energy_pj_per_bit", "laser_pj_per_bit", "static_pj_per_bit", "laser_w", "static_w",
          "required_launch_dbm"] + PART_KEYS + ["transceivers", "parts", "cost", "pareto"]
CSV_NAME = "design-ranking.csv"
LASERS_PNG = "design-ranking-lasers.png"  # LASER_SHAPES under each laser architecture
FRONT_PNG = "design-ranking-front-4096.png"  # the designs of n = FRONT_N and their front
FRONT_N = 4096
STUDY_CSV = "coupler-evaluation-shapes.csv"


def shapes(n):
    """(d, g) for every power of two d with d * g = n and g <= MAX_G."""
    out, d = [], 1
    while d <= n:
        if n % d == 0 and n // d <= MAX_G:
            out.append((d, n // d))
        d *= 2
    return out


def tdma_capacity(n, d, g):
    """TDMA's exact capacity on POPS(d,g) (open_loop.protocol_capacity): every pair once per
    frame, (n - 1) / n for d <= g, the couplers' bound g / d of it beyond."""
    return (n - 1) / n * min(1.0, g / d)


def measured_zero_load(out):
    """(n, d, g) -> TDMA's measured zero-load latency in slots, from the coupler study's CSV."""
    path = os.path.join(out, STUDY_CSV)
    if not os.path.exists(path):
        return {}
    found = {}
    with open(path) as f, cli_guard.reading(path, "coupler study CSV"):
        for r in csv.DictReader(f):
            if r.get("tdma_knee_zero_load_latency"):
                found[(int(r["n"]), int(r["d"]), int(r["g"]))] = float(
                    r["tdma_knee_zero_load_latency"])
    return found


def price(optinet, children, n, d, g, device, laser, rate):
    """One design priced by optinet --check."""
    cmd = [optinet, "pops", "--d", str(d), "--g", str(g), "--protocol", "tdma", "--traffic",
           "bernoulli", "--rate", repr(rate), "--warmup", "100", "--measure", "1000", "--device",
           device, "--laser", laser, "--check"]  # a fixed window: nothing runs
    proc = children.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    cli_guard.check_exit(proc, accepted=(0,))
    with cli_guard.reading(" ".join(cmd), "optinet --check report"):
        report = json.loads(proc.stdout)
        budget, energy = report["power_budget"], report["energy_at_offered_load"]
        parts = budget["parts"]
        row = {"n": n, "d": d, "g": g, "device": device, "laser": laser,
               "buildable": budget["buildable"],
               "violations": ";".join(v["name"] for v in budget["violations"]),
               "slot_ns": energy["slot_ns"], "energy_pj_per_bit": energy["energy_per_bit_pj"],
               "laser_pj_per_bit": energy["laser_pj_per_bit"],
               "static_pj_per_bit": energy["static_pj_per_bit"], "laser_w": budget["laser_w"],
               "static_w": budget["static_w"],
               "required_launch_dbm": budget["required_launch_dbm"],
               "transceivers": parts["transceivers"], "cost": parts["cost"]}
        for k in PART_KEYS:
            row[k] = parts[k]
    return row


def pareto(rows, keys):
    """The rows no other row is at least as good as in every key and better in one."""
    def dominates(a, b):
        return all(a[k] <= b[k] for k in keys) and any(a[k] < b[k] for k in keys)
    return [r for r in rows if not any(dominates(o, r) for o in rows if o is not r)]


def rank(rows, rate, zero_load):
    """Fills capacity, load, latency and parts, and marks the front per n."""
    for r in rows:
        n, d, g = r["n"], r["d"], r["g"]
        r["capacity"] = tdma_capacity(n, d, g)
        r["carries_load"] = r["capacity"] >= rate
        r["measured_zero_load_slots"] = zero_load.get((n, d, g))
        r["latency_slots"] = 1 + (n - 1) / 2
        r["latency_ns"] = r["latency_slots"] * r["slot_ns"]
        r["parts"] = sum(int(r[k]) for k in PART_KEYS)
        r["pareto"] = False
    for n in sorted({r["n"] for r in rows}):
        candidates = [r for r in rows if r["n"] == n and r["carries_load"] and r["buildable"]
                      and r["energy_pj_per_bit"] is not None]
        for r in pareto(candidates, ("energy_pj_per_bit", "latency_ns", "lasers", "parts")):
            r["pareto"] = True
    return rows


def as_bool(cell):
    return cell == "True"


def read_rows(path):
    """The rows of design-ranking.csv, typed."""
    rows = []
    with open(path) as f, cli_guard.reading(path, "design ranking CSV"):
        for r in csv.DictReader(f):
            for k in ("n", "d", "g", "parts", "transceivers") + tuple(PART_KEYS):
                r[k] = int(r[k])
            for k in ("capacity", "slot_ns", "latency_slots", "latency_ns", "energy_pj_per_bit",
                      "laser_pj_per_bit", "static_pj_per_bit", "laser_w", "static_w",
                      "required_launch_dbm", "measured_zero_load_slots"):
                r[k] = float(r[k]) if r[k] not in ("", "None") else None
            r["cost"] = float(r["cost"]) if r["cost"] not in ("", "None") else None
            for k in ("carries_load", "buildable", "pareto"):
                r[k] = as_bool(r[k])
            rows.append(r)
    return rows


def write_rows(path, rows):
    text = io.StringIO()
    w = csv.DictWriter(text, fieldnames=FIELDS, lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: r[k] for k in FIELDS})
    cli_guard.write_atomically(path, text.getvalue())


def fmt(v, digits=4):
    if v is None:
        return "-"
    if isinstance(v, float) and (not math.isfinite(v)):
        return "-"
    return f"{v:.{digits}g}"


def front_table(rows):
    """The Markdown table of the front, per n, by energy per bit."""
    lines = ["| n | POPS(d,g) | devices | laser | pJ/bit | laser pJ/bit | static pJ/bit | "
             "latency ns (slots) | lasers | rings | stars | fibres | waveguides | parts |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in sorted((r for r in rows if r["pareto"]),
                    key=lambda r: (r["n"], r["energy_pj_per_bit"], r["latency_ns"])):
        lines.append(f"| {r['n']} | ({r['d']},{r['g']}) | {r['device']} | {r['laser']} | "
                     f"{fmt(r['energy_pj_per_bit'])} | {fmt(r['laser_pj_per_bit'])} | "
                     f"{fmt(r['static_pj_per_bit'])} | {fmt(r['latency_ns'])} "
                     f"({fmt(r['latency_slots'])}) | {r['lasers']} | {r['rings']} | "
                     f"{r['stars']} | {r['fibres']} | {r['waveguides']} | {r['parts']} |")
    return lines


def count_table(rows):
    """Per n and device set: designs priced, carrying the load, buildable, on the front."""
    lines = ["| n | devices | designs | carry the load | buildable among them | on the front |",
             "|---|---|---|---|---|---|"]
    for n in sorted({r["n"] for r in rows}):
        for device in DEVICES:
            mine = [r for r in rows if r["n"] == n and r["device"] == device]
            if not mine:
                continue
            carry = [r for r in mine if r["carries_load"]]
            lines.append(f"| {n} | {device} | {len(mine)} | {len(carry)} | "
                         f"{sum(r['buildable'] for r in carry)} | "
                         f"{sum(r['pareto'] for r in mine)} |")
    return lines


# The laser architectures compared on one die: a shape of n = 256 and one of n = 4096.
LASER_SHAPES = [(16, 16), (64, 64)]
LASER_DEVICE = "onchip"


def laser_rows(rows):
    """The rows of LASER_SHAPES on LASER_DEVICE, in the order of LASER_SHAPES and LASERS."""
    order = {(d, g, laser): i for i, (d, g, laser) in
             enumerate((d, g, laser) for d, g in LASER_SHAPES for laser in LASERS)}
    mine = [r for r in rows if r["device"] == LASER_DEVICE
            and (r["d"], r["g"], r["laser"]) in order]
    return sorted(mine, key=lambda r: order[r["d"], r["g"], r["laser"]])


def laser_table(rows):
    """The Markdown table of LASER_SHAPES on LASER_DEVICE under every laser architecture."""
    lines = ["| n | POPS(d,g) | laser | lasers | laser W (all lit) | static W | pJ/bit | "
             "laser pJ/bit | static pJ/bit | buildable |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for r in laser_rows(rows):
        built = "yes" if r["buildable"] else "no: " + r["violations"].replace(";", ", ")
        lines.append(f"| {r['n']} | ({r['d']},{r['g']}) | {r['laser']} | {r['lasers']} | "
                     f"{fmt(r['laser_w'])} | {fmt(r['static_w'])} | "
                     f"{fmt(r['energy_pj_per_bit'])} | {fmt(r['laser_pj_per_bit'])} | "
                     f"{fmt(r['static_pj_per_bit'])} | {built} |")
    return lines


def laser_findings(rows):
    """The sentences under the laser table: per shape, the energy per bit of each architecture
    against the continuous laser's, and on which the shape is buildable."""
    out = []
    for d, g in LASER_SHAPES:
        mine = {r["laser"]: r for r in laser_rows(rows) if (r["d"], r["g"]) == (d, g)}
        if "continuous" not in mine:
            continue
        base = mine["continuous"]["energy_pj_per_bit"]
        others = ", ".join(f"{laser} {fmt(r['energy_pj_per_bit'])} "
                           f"({r['energy_pj_per_bit'] / base:.3g}x)"
                           for laser, r in mine.items() if laser != "continuous")
        built = [laser for laser, r in mine.items() if r["buildable"]]
        where = (f"buildable under {', '.join(built)}" if built else
                 "buildable under none of them ("
                 + ", ".join(sorted({v for r in mine.values() for v in r["violations"].split(";")
                                     if v})) + ")")
        out.append(f"On `{LASER_DEVICE}`, POPS({d},{g}) costs {fmt(base)} pJ/bit with continuous "
                   f"lasers; {others}; {where}.")
    return out


def findings(rows):
    """The sentences of the page's section, from the rows."""
    out = []
    for n in sorted({r["n"] for r in rows}):
        front = sorted((r for r in rows if r["n"] == n and r["pareto"]),
                       key=lambda r: r["energy_pj_per_bit"])
        if not front:
            out.append(f"At n = {n} no design that carries the load is buildable.")
            continue
        best = front[0]
        out.append(f"At n = {n} the least energy per bit on the front is "
                   f"{fmt(best['energy_pj_per_bit'])} pJ/bit, POPS({best['d']},{best['g']}) on "
                   f"`{best['device']}` with {best['laser']} lasers.")
        for what in ("lasers", "parts"):
            fewest = min(front, key=lambda r: (r[what], r["energy_pj_per_bit"]))
            out.append(f"The fewest {what} on the front at n = {n}: {fewest[what]}, "
                       f"POPS({fewest['d']},{fewest['g']}) on `{fewest['device']}` with "
                       f"{fewest['laser']} lasers at {fmt(fewest['energy_pj_per_bit'])} pJ/bit.")
        buildable = {}
        for r in rows:
            if r["n"] == n and r["carries_load"]:
                buildable.setdefault(r["device"], 0)
                buildable[r["device"]] += r["buildable"]
        none = [d for d in DEVICES if buildable.get(d) == 0]
        if none:
            out.append(f"At n = {n} no design on " + " or ".join(f"`{d}`" for d in none)
                       + " that carries the load is buildable.")
    return out


def section_lines(rows, rate):
    return ([f"TDMA at offered load {rate}, priced by `optinet --check` (data "
             f"`{CSV_NAME}`); the front among the buildable designs that carry the load:", ""]
            + front_table(rows) + ["", "Designs per size and device set:", ""]
            + count_table(rows))


def laser_lines(rows, rate):
    shapes_named = " and ".join(f"POPS({d},{g})" for d, g in LASER_SHAPES)
    return ([f"{shapes_named} on `{LASER_DEVICE}` under each laser architecture, TDMA at "
             f"offered load {rate} (rows of `{CSV_NAME}`):", ""] + laser_table(rows))


def main():
    p = cli_guard.ArgumentParser(description=__doc__)
    p.add_argument("--optinet", type=cli_guard.optinet, help="the optinet binary")
    p.add_argument("--out", default="docs/results", help="folder of the CSV and the page")
    p.add_argument("--sizes", type=cli_guard.int_list, default=[256, 1024, 4096],
                   help="values of n, comma-separated (powers of two)")
    p.add_argument("--rate", type=float, default=0.3,
                   help="offered load, packets per node per slot, in (0, 1)")
    p.add_argument("--jobs", type=cli_guard.positive_int, default=2)
    p.add_argument("--report-only", action="store_true",
                   help="the page's block and the front again from the CSV, pricing nothing")
    args = p.parse_args()
    if not (0 < args.rate < 1):
        cli_guard.fail(f"--rate: {args.rate} is not accepted (a load in (0, 1))")
    bad = [n for n in args.sizes if n < 2 or n & (n - 1)]
    if bad or not args.sizes:
        cli_guard.fail(f"--sizes: {bad or 'none'} not accepted (powers of two >= 2)")
    if not args.report_only and not args.optinet:
        cli_guard.fail("--optinet: required to price the designs (or --report-only)")
    cli_guard.output_folder(args.out, "--out")
    csv_path = os.path.join(args.out, CSV_NAME)
    if args.report_only:
        rows = read_rows(csv_path)
    else:
        children = cli_guard.Children()
        jobs = [(n, d, g, device, laser) for n in args.sizes for d, g in shapes(n)
                for device in DEVICES for laser in LASERS]
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            try:
                rows = list(pool.map(lambda j: price(args.optinet, children, *j, args.rate),
                                     jobs))
            except BaseException:
                children.stop(pool)
                raise
        rows = rank(rows, args.rate, measured_zero_load(args.out))
        write_rows(csv_path, rows)
        rows = read_rows(csv_path)
    lines = section_lines(rows, args.rate)
    lasers = laser_lines(rows, args.rate)
    results_data.write_generated(os.path.join(args.out, "coupler-evaluation.md"),
                                 {"front": "\n".join(lines), "lasers": "\n".join(lasers)},
                                 "design_ranking.py", "# Evaluating couplers and buses\n")
    design_ranking_plots.plot_lasers(laser_rows(rows), args.rate,
                                     os.path.join(args.out, LASERS_PNG))
    design_ranking_plots.plot_front(rows, FRONT_N, args.rate, os.path.join(args.out, FRONT_PNG))
    print("\n".join(lines))
    print()
    print("\n".join(lasers))
    print()
    print("\n".join(laser_findings(rows)))
    print()
    print("\n".join(findings(rows)))
    return 0


if __name__ == "__main__":
    cli_guard.run(main)
