#!/usr/bin/python3
"""Table I of Mei & Rizzi side by side, measured by the OptiNet model.

For d = g, 4g, 16g and n = d*g = 4^k up to --max-n, run the deterministic `sorting` router

    optinet pops --protocol sorting --d D --g G --runs R --seed 1 --quiet --json FILE

and put its slots next to
  * our `randomized` router's mean slots, read from docs/results/pops-randomized.csv (measured
    by scripts/results/pops_randomized.py; slots = 5 x steps there),
  * the paper's Table I, column A (their randomized algorithm) and column B (the count of [8],
    the algorithm our `sorting` router stands for).

Writes
  * docs/results/pops-table1.csv          (the sorting runs),
  * the table between the GENERATED markers of docs/results/pops-table1.md,
  * docs/results/pops-table1.png          (three panels like the paper's Figures 4-6).

Every run must be ok (conservation checked by the model, no collision, no slot cap) and take
exactly the closed-form count sorting_slots(d,g) of protocols/pops/sorting_network.h; the script
stops otherwise. With s = 1 for d = 1, else 2 ceil(d/g) (the slots of one comparator stage):
  * d >= g, k = d/g, L = log2 g: L(2L+1) s + s + (8k - 1), that is Batcher on the g^2 wires of
    each POPS(g,g) sub-network, the predecessor exchange and the class delivery
    (protocols/pops/class_delivery.h); for d > 1 this is k(4L^2 + 2L) + 10k - 1;
  * d < g, L = log2 n: (L(L+1)/2 + L) s (Batcher on all n wires, then L distribute stages).

The runs are the sweep studies/pops-table1.toml (3 runs per size, 1 from n = 2^16 on), run by
the sweep runner; this script reads its results (sweeps/pops-table1, or --sweep DIR).

Examples
  scripts/optinet-sweep studies/pops-table1.toml --jobs 2      # the runs
  scripts/results/pops_table1.py                       # CSV, table and plot from sweeps/pops-table1
  scripts/results/pops_table1.py --report-only         # table and plot from the CSV
"""
from __future__ import annotations

import csv
import math
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
import pops_randomized as pt  # noqa: E402  (paper data)
import results_data  # noqa: E402
from sweep.results import load_points  # noqa: E402

RESULTS = pt.RESULTS
CSV_PATH = os.path.join(RESULTS, "pops-table1.csv")
MD_PATH = os.path.join(RESULTS, "pops-table1.md")
PNG_PATH = os.path.join(RESULTS, "pops-table1.png")
RANDOMIZED_CSV = os.path.join(RESULTS, "pops-randomized.csv")
FIELDS = ["family", "d", "g", "n", "runs", "sorter", "slots_min", "slots_max", "closed_form",
          "runs_ok", "collisions", "elaboration_s", "simulation_s"]


def closed_form(d: int, g: int) -> int:
    """sorting_slots(d, g) of protocols/pops/sorting_network.h, for checking the runs."""
    per_stage = 1 if d == 1 else 2 * math.ceil(d / g)
    if d >= g:  # sort each POPS(g,g) sub-network, predecessor exchange, class delivery
        log_g = g.bit_length() - 1
        return log_g * (2 * log_g + 1) * per_stage + per_stage + 8 * (d // g) - 1
    log_n = (d * g).bit_length() - 1
    return (log_n * (log_n + 1) // 2 + log_n) * per_stage


def paper_b(d: int, g: int) -> float:
    """The corrected count of [8] (Mei & Rizzi, section IV): column B of Table I."""
    r, lg = d / g, math.log2(g)
    return 4 * r * lg * lg + 2 * r * lg + 21 * r + 3 * lg + 7


def write_csv(done):
    order = {f: i for i, f in enumerate(pt.FAMILIES)}
    rows = sorted(done.values(), key=lambda r: (order[r["family"]], int(r["n"])))
    with cli_guard.atomic_open(CSV_PATH, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def row_of(family, point, sorter):
    """The CSV row of one size from its sweep point; every run must be ok, without collision,
    and take exactly the closed form."""
    p, runs = point["parameters"], point["runs"]
    d, g, n = p["d"], p["g"], p["n"]
    slots = [r["slots"] for r in runs]
    row = {
        "family": family, "d": d, "g": g, "n": n, "runs": len(runs), "sorter": sorter,
        "slots_min": min(slots), "slots_max": max(slots), "closed_form": closed_form(d, g),
        "runs_ok": sum(1 for r in runs if r["ok"]),
        "collisions": sum(r["collisions"] for r in runs),
        "elaboration_s": f"{point['elaboration']:.2f}",
        "simulation_s": f"{point['simulation']:.2f}",
    }
    if row["runs_ok"] != len(runs) or row["collisions"] or min(slots) != max(slots) \
            or slots[0] != row["closed_form"]:
        cli_guard.fail(f"unexpected result for {family} POPS({d},{g}): {row}", 1)
    return row


def randomized_slots():
    """(family, n) -> (mean slots, runs) of our randomized router."""
    return {(r["family"], int(r["n"])): (float(r["slots_mean"]), int(r["runs"]))
            for r in pt.read_csv(RANDOMIZED_CSV)}


def table_markdown(rows):
    rnd = randomized_slots()
    out = ["Slots to route a random permutation. Ours: `randomized` = mean slots over the runs "
           "shown (5 slots per step), `sorting` = slots of every run (deterministic: the same "
           "for every permutation). Paper: Table I column A (randomized, measured) and B (the "
           "count of [8]).\n",
           "| n | family | POPS(d,g) | ours randomized (runs) | paper A | ours sorting | "
           "paper B | sorting / B | sorting ≤ B | randomized / A |",
           "|---:|---|---|---:|---:|---:|---:|---:|:---:|---:|"]
    for r in rows:
        fam, n, d, g = r["family"], int(r["n"]), int(r["d"]), int(r["g"])
        a, b = pt.TABLE_I[fam].get(n, (None, None))
        if b is not None and abs(b - paper_b(d, g)) > 0.5:
            cli_guard.fail(f"transcribed B {b} != formula {paper_b(d, g)} at {fam} n={n}", 1)
        b = paper_b(d, g) if b is None else b
        ours = int(r["slots_min"])
        mean, runs = rnd.get((fam, n), (None, 0))
        rnd_txt = f"{mean:.2f} ({runs})" if mean is not None else "-"
        a_txt = f"{a:.2f}" if a is not None else "-"
        ratio_a = f"{mean / a:.2f}" if mean is not None and a else "-"
        out.append(f"| {pt.fmt_n(n)} | {pt.FAMILY_LABEL[fam]} | ({d},{g}) | {rnd_txt} | {a_txt} | "
                   f"{ours:,} | {b:,.0f} | {ours / b:.2f} | {'yes' if ours <= b else 'no'} | "
                   f"{ratio_a} |")
    return "\n".join(out)


GNUPLOT = """set terminal {term} size 1500,520 font ",10"
set output '{png}'
set multiplot layout 1,3 title "Slots to route a random permutation: OptiNet model vs Mei and Rizzi, Table I"
set logscale x 2
set format x "2^{{%L}}"
set xlabel "n = d g"
set ylabel "slots"
set key top left
set grid
{panels}
unset multiplot
"""

PANEL = """set title "{label}"
set xrange [{xmin}:{xmax}]
{yscale}
plot '{dat}' using 1:2 with linespoints pt 7 lc rgb "#1f77b4" title "ours: randomized (mean)", \\
     '{dat}' using 1:3 with linespoints pt 6 lc rgb "#aec7e8" dt 2 title "paper A (randomized)", \\
     '{dat}' using 1:4 with linespoints pt 5 lc rgb "#d62728" title "ours: sorting", \\
     '{dat}' using 1:5 with linespoints pt 4 lc rgb "#ff9896" dt 2 title "paper B ([8], formula)"
"""


def plot(rows, tmp):
    rnd = randomized_slots()
    term = cli_guard.gnuplot_png_terminal()
    panels = []
    for fam in pt.FAMILIES:
        rs = [r for r in rows if r["family"] == fam]
        if not rs:
            continue
        dat = os.path.join(tmp, f"table1-{fam}.dat")
        with open(dat, "w") as f:
            for r in rs:
                n, d, g = int(r["n"]), int(r["d"]), int(r["g"])
                a = pt.TABLE_I[fam].get(n, (None,))[0]
                mean = rnd.get((fam, n), (None,))[0]
                f.write(f"{n} {mean if mean is not None else 'NaN'} "
                        f"{a if a is not None else 'NaN'} {r['slots_min']} {paper_b(d, g)}\n")
        ns = [int(r["n"]) for r in rs]
        yscale = "set logscale y 10\nset yrange [*:*]" if fam != "dg" else \
            "unset logscale y\nset yrange [0:*]"
        panels.append(PANEL.format(label=pt.FAMILY_LABEL[fam], xmin=min(ns) / 2,
                                   xmax=max(ns) * 2, yscale=yscale, dat=dat))
    res = cli_guard.gnuplot(GNUPLOT.format(term=term, png=PNG_PATH, panels="\n".join(panels)),
                            PNG_PATH)
    if res.returncode != 0:
        cli_guard.fail(f"gnuplot failed: {res.stderr}", 1)
    pt.log(f"wrote {PNG_PATH}")


def main():
    ap = cli_guard.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sweep", default=os.path.join(pt.REPO, "sweeps", "pops-table1"),
                    help="output folder of scripts/optinet-sweep studies/pops-table1.toml")
    ap.add_argument("--sorter", choices=["odd-even", "bitonic"], default="odd-even",
                    help="the sorter the sweep ran (protocol sorting or sorting-bitonic)")
    ap.add_argument("--report-only", action="store_true", help="table and plot from the CSV")
    args = ap.parse_args()
    cli_guard.output_folder(RESULTS, "output folder")

    with tempfile.TemporaryDirectory() as tmp:
        if not args.report_only:
            done = {(r["family"], int(r["n"])): r for r in pt.read_csv(CSV_PATH)}
            with cli_guard.reading(args.sweep, "sweep output"):
                for point in load_points(args.sweep):
                    row = row_of(point["values"]["family"], point, args.sorter)
                    done[(row["family"], row["n"])] = row
            write_csv(done)
        rows = pt.read_csv(CSV_PATH)
        results_data.write_generated(MD_PATH, {"table": table_markdown(rows)}, "pops_table1.py",
                                     "# Table I side by side\n")
        pt.log(f"wrote {MD_PATH}")
        plot(rows, tmp)


if __name__ == "__main__":
    cli_guard.run(main)
