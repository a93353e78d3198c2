#!/usr/bin/python3
"""Tables I and II of Mei & Rizzi (POPS randomized routing) from the model's sweep.

The runs are the sweep studies/pops-table2.toml (families d = g, 4g, 16g, n = d*g up to 2^18),
run by the sweep runner:

    scripts/optinet-sweep studies/pops-table2.toml            # local workers (or --backend slurm)

This script reads the sweep's results (sweeps/pops-table2, or --sweep DIR) and writes
  * docs/results/pops-randomized.csv          (one row per size),
  * the generated tables inside docs/results/pops-randomized.md
    (between the GENERATED markers; text outside them is kept),
  * docs/results/pops-randomized-slots.png    (slots against n, ours vs the paper's column A),
  * docs/results/pops-randomized-steps.png    (steps against n, ours vs the paper's Table II).

Rows of sizes the sweep has no results for are kept from the CSV, so a partial sweep
(`optinet-sweep ... --where "n<=4096"`) replaces only its sizes.

Examples
  scripts/results/pops_randomized.py                       # CSV, tables and plots from sweeps/pops-table2
  scripts/results/pops_randomized.py --report-only         # tables and plots from the CSV
"""
from __future__ import annotations

import argparse
import csv
import math
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
import results_data  # noqa: E402
from sweep.results import load_points  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# OPTINET_RESULTS: another folder for the data and documents (the test of generated tables).
RESULTS = results_data.RESULTS

# family name -> d/g ratio
FAMILIES = {"dg": 1, "4g": 4, "16g": 16}
FAMILY_LABEL = {"dg": "d = g", "4g": "d = 4g", "16g": "d = 16g"}

# ---------------------------------------------------------------------------------------------
# The paper's data (Mei & Rizzi, section IV), n = 4 .. 262144 (the sizes this sweep covers).
# TABLE_I[family][n] = (A, B): slots of the randomized algorithm (A) and of the deterministic
# algorithm of [8] (B). TABLE_II[family][n] = (mu, sigma, max) of the number of steps, 100 runs.
# ---------------------------------------------------------------------------------------------
TABLE_I = {
    "dg": {4: (14.75, 37), 16: (20.90, 54), 64: (27.35, 79), 256: (30.10, 112),
           1024: (32.50, 153), 4096: (34.50, 202), 16384: (35.20, 259), 65536: (35.55, 324),
           262144: (36.55, 397)},
    "4g": {16: (71.40, 118), 64: (82.80, 177), 256: (87.15, 268), 1024: (92.60, 391),
           4096: (94.00, 546), 16384: (94.95, 733), 65536: (95.15, 952),
           262144: (95.35, 1203)},
    "16g": {64: (317.90, 442), 256: (322.45, 669), 1024: (343.10, 1024),
            4096: (345.60, 1507), 16384: (339.25, 2118), 65536: (336.45, 2857),
            262144: (334.30, 3724)},
}
TABLE_II = {
    "dg": {4: (3.15, 1.94, 12), 16: (4.43, 1.03, 8), 64: (5.39, 0.79, 7), 256: (6.10, 0.57, 8),
           1024: (6.50, 0.53, 8), 4096: (6.82, 0.46, 8), 16384: (7.04, 0.20, 8),
           65536: (7.16, 0.37, 8), 262144: (7.30, 0.46, 8)},
    "4g": {16: (14.33, 4.22, 35), 64: (16.13, 2.81, 27), 256: (18.06, 1.54, 23),
           1024: (18.45, 0.86, 20), 4096: (18.81, 0.64, 21), 16384: (18.95, 0.46, 20),
           65536: (19.06, 0.34, 20), 262144: (19.09, 0.29, 20)},
    "16g": {64: (56.88, 4.52, 82), 256: (62.58, 3.86, 81), 1024: (66.26, 5.16, 94),
            4096: (68.21, 3.94, 86), 16384: (67.65, 1.76, 73), 65536: (67.12, 0.89, 71),
            262144: (66.88, 0.59, 69)},
}

CSV_FIELDS = ["family", "d", "g", "n", "runs", "steps_mean", "steps_sd", "steps_max",
              "slots_mean", "slots_sd", "slots_max", "elaboration_s", "simulation_s",
              # extra columns (after the ones above): heavy tails, failures, caps
              "steps_min", "steps_median", "runs_not_ok", "runs_hit_limit", "undelivered",
              "max_slots", "runs_planned"]


def log(msg: str) -> None:
    print(f"[pops_randomized {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def shapes(family: str, max_n: int, min_n: int):
    """(d, g, n) for n = d*g with d = ratio*g, g = 2, 4, 8, ..."""
    ratio = FAMILIES[family]
    g = 2
    while True:
        d = ratio * g
        n = d * g
        if n > max_n:
            return
        if n >= min_n:
            yield d, g, n
        g *= 2


def mean_sd(xs):
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, 0.0
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))  # sample sd (n-1)


def median(xs):
    ys = sorted(xs)
    k = len(ys) // 2
    return ys[k] if len(ys) % 2 else (ys[k - 1] + ys[k]) / 2


def row_of(family, point):
    """The CSV row of one size from its sweep point (scripts/sweep/results.py load_points)."""
    p, rs = point["parameters"], point["runs"]
    d, g, n = p["d"], p["g"], p["n"]
    steps = [r["steps"] for r in rs]
    slots = [r["slots"] for r in rs]
    not_ok = [r["seed"] for r in rs if not r.get("ok", False)]
    hit = [r["seed"] for r in rs if r.get("hit_limit", False)]
    if not_ok or hit:
        log(f"WARNING {family} n={n}: runs not ok (seeds) {not_ok}, hit slot limit {hit}")
    sm, ssd = mean_sd(steps)
    lm, lsd = mean_sd(slots)
    return {
        "family": family, "d": d, "g": g, "n": n, "runs": len(rs),
        "steps_mean": f"{sm:.4f}", "steps_sd": f"{ssd:.4f}", "steps_max": max(steps),
        "slots_mean": f"{lm:.4f}", "slots_sd": f"{lsd:.4f}", "slots_max": max(slots),
        "elaboration_s": f"{point['elaboration']:.3f}",
        "simulation_s": f"{point['simulation']:.3f}",
        "steps_min": min(steps), "steps_median": f"{median(steps):g}",
        "runs_not_ok": len(not_ok), "runs_hit_limit": len(hit),
        "undelivered": sum(r["packets"] - r["delivered"] for r in rs),
        "max_slots": p.get("max_slots", 100000), "runs_planned": point["planned"],
    }


def read_csv(path):
    return results_data.read_csv(path, missing_ok=True)


def write_csv(path, rows):
    order = {f: i for i, f in enumerate(FAMILIES)}
    rows = sorted(rows, key=lambda r: (order[r["family"]], int(r["n"])))
    with cli_guard.atomic_open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS, extrasaction="ignore", lineterminator="\n")
        w.writeheader()
        for r in rows:
            w.writerow(r)
    return read_csv(path)  # every value as a string, as when read back later


def pct(ours, paper):
    return 100.0 * (ours - paper) / paper


def fmt_n(n):
    return f"{n:,}"


def tables_markdown(rows):
    out = []
    by_family = {f: [r for r in rows if r["family"] == f] for f in FAMILIES}
    # Table II: steps
    out.append("### Steps (Table II): ours vs the paper\n")
    out.append("Steps are iterations of the 5-slot step. Ours: sample standard deviation (n-1) "
               "over the runs listed; paper: 100 runs. Δμ = (ours − paper) / paper.\n")
    for fam, rs in by_family.items():
        if not rs:
            continue
        out.append(f"**{FAMILY_LABEL[fam]}**\n")
        out.append("| n | POPS(d,g) | runs | ours μ | ours σ | ours median | ours max | paper μ "
                   "| paper σ | paper max | Δμ |")
        out.append("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for r in rs:
            n = int(r["n"])
            p = TABLE_II[fam].get(n)
            m = float(r["steps_mean"])
            capped = int(r.get("runs_hit_limit") or 0) > 0
            ge = "≥ " if capped else ""
            runs = r["runs"]
            if r.get("runs_planned") and r["runs_planned"] != r["runs"]:
                runs += f" (of {r['runs_planned']} planned)"
            if capped:
                runs += (f"; {r['runs_hit_limit']} stopped at --max-slots {r['max_slots']}, "
                         f"{r['undelivered']} packets undelivered")
            if p:
                pm, ps, px = p
                d = f"{pct(m, pm):+.1f}%"
                cells = [f"{pm:.2f}", f"{ps:.2f}", f"{px}", ("≥ " + d) if capped else d]
            else:
                cells = ["-", "-", "-", "-"]
            out.append(f"| {fmt_n(n)} | ({r['d']},{r['g']}) | {runs} | {ge}{m:.2f} | "
                       f"{'-' if capped else format(float(r['steps_sd']), '.2f')} | "
                       f"{ge}{r.get('steps_median', '')} | {ge}{r['steps_max']} | "
                       + " | ".join(cells) + " |")
        out.append("")
    # Table I: slots
    out.append("### Slots (Table I): ours vs the paper's column A (and B for scale)\n")
    out.append("Ours: mean number of slots (= 5 × steps in our model). Paper: column A "
               "(randomized) and B (deterministic algorithm of [8]). ΔA = (ours − A) / A.\n")
    out.append("| n | family | POPS(d,g) | runs | ours slots mean | ours sd | ours max | paper A "
               "| ΔA | paper B | paper 5·μ (Table II) |")
    out.append("|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for fam, rs in by_family.items():
        for r in rs:
            n = int(r["n"])
            m = float(r["slots_mean"])
            a_b = TABLE_I[fam].get(n)
            mu = TABLE_II[fam].get(n)
            a = f"{a_b[0]:.2f}" if a_b else "-"
            da = f"{pct(m, a_b[0]):+.1f}%" if a_b else "-"
            b = f"{a_b[1]:,}" if a_b else "-"
            five_mu = f"{5 * mu[0]:.2f}" if mu else "-"
            ge = "≥ " if int(r.get("runs_hit_limit") or 0) > 0 else ""
            out.append(f"| {fmt_n(n)} | {FAMILY_LABEL[fam]} | ({r['d']},{r['g']}) | {r['runs']} "
                       f"| {ge}{m:.2f} | {float(r['slots_sd']):.2f} | {ge}{r['slots_max']} | {a} "
                       f"| {ge}{da} | {b} | {five_mu} |")
    out.append("")
    # d = g within 5%?
    rs = [r for r in by_family["dg"] if int(r["n"]) >= 256 and int(r["n"]) in TABLE_II["dg"]]
    if rs:
        diffs = [(int(r["n"]), pct(float(r["steps_mean"]), TABLE_II["dg"][int(r["n"])][0]))
                 for r in rs]
        worst = max(diffs, key=lambda x: abs(x[1]))
        within = all(abs(x) <= 5.0 for _, x in diffs)
        out.append(f"d = g, n ≥ 256: largest |Δμ| of the steps is {abs(worst[1]):.1f}% "
                   f"(n = {fmt_n(worst[0])}); all within 5%: **{'yes' if within else 'no'}**.\n")
    for fam in ("4g", "16g"):
        rs = [r for r in by_family[fam] if int(r["n"]) >= 256 and int(r["n"]) in TABLE_II[fam]]
        full = [r for r in rs if not int(r.get("runs_hit_limit") or 0)]
        if full:
            ratios = [float(r["steps_mean"]) / TABLE_II[fam][int(r["n"])][0] for r in full]
            out.append(f"{FAMILY_LABEL[fam]}, n ≥ 256 (runs that finished): ours / paper μ ranges "
                       f"from {min(ratios):.2f} to {max(ratios):.2f}.\n")
    bad = [r for r in rows if int(r.get("runs_not_ok", 0) or 0) or
           int(r.get("runs_hit_limit", 0) or 0)]
    if bad:
        out.append("Runs with ok = false or at the slot limit: " + "; ".join(
            f"{r['family']} n={r['n']}: {r['runs_not_ok']} not ok, {r['runs_hit_limit']} at limit"
            for r in bad) + ".\n")
    else:
        out.append("Every run finished with ok = true and none hit the slot limit.\n")
    return "\n".join(out)


def runs_markdown(rows):
    out = ["| family | n | POPS(d,g) | runs | elaboration (s) | simulation, all runs (s) |",
           "|---|---:|---|---:|---:|---:|"]
    total = 0.0
    for r in rows:
        e, s = float(r["elaboration_s"]), float(r["simulation_s"])
        total += e + s
        out.append(f"| {FAMILY_LABEL[r['family']]} | {fmt_n(int(r['n']))} | ({r['d']},{r['g']}) "
                   f"| {r['runs']} | {e:.2f} | {s:.2f} |")
    out.append("")
    out.append(f"Sum of elaboration + simulation over all sizes: {total / 60:.1f} min.\n")
    return "\n".join(out)


GNUPLOT = r"""
set terminal {term} size 1500,520 font ",11"
set output '{png}'
set multiplot layout 1,3 title "{title}"
set logscale x 2
set format x "2^{{%L}}"
set key top left opaque box
set grid
set xlabel "n = d g (processors)"
set ylabel "{ylabel}"
{panels}
unset multiplot
"""

PANEL = r"""
set title "{label}"
set xrange [{xmin}:{xmax}]
{yscale}
plot '{ours}' using 1:2:3 with yerrorlines lw 2 pt 7 lc rgb "#1f77b4" title "ours (mean ± sd)", \
     '{ours}' using 1:4 with points pt 6 ps 1.2 lc rgb "#1f77b4" title "ours (max)", \
     '{paper}' using 1:2 with linespoints lw 2 pt 5 lc rgb "#d62728" title "{paper_title}"{extra}
"""


def plot(rows, tmp, which, out_dir):
    if not shutil.which("gnuplot"):
        log("gnuplot not found; no plots")
        return None
    term = cli_guard.gnuplot_png_terminal()
    panels = []
    for fam in FAMILIES:
        rs = [r for r in rows if r["family"] == fam]
        if not rs:
            continue
        ours = os.path.join(tmp, f"ours-{fam}-{which}.dat")
        capped = os.path.join(tmp, f"capped-{fam}-{which}.dat")
        paper = os.path.join(tmp, f"paper-{fam}-{which}.dat")
        n_capped = 0
        with open(ours, "w") as f, open(capped, "w") as fc:
            for r in rs:
                if int(r.get("runs_hit_limit") or 0):
                    fc.write(f"{r['n']} {r[which + '_max']}\n")  # the cap: a lower bound
                    n_capped += 1
                else:
                    f.write(f"{r['n']} {r[which + '_mean']} {r[which + '_sd']} "
                            f"{r[which + '_max']}\n")
        ns = [int(r["n"]) for r in rs]
        with open(paper, "w") as f:
            for n, v in sorted(TABLE_I[fam].items() if which == "slots"
                               else TABLE_II[fam].items()):
                if min(ns) <= n <= max(ns):
                    if which == "slots":
                        f.write(f"{n} {v[0]}\n")
                    else:
                        f.write(f"{n} {v[0]} {v[2]}\n")
        extra = ""
        if n_capped:
            extra += (f", \\\n     '{capped}' using 1:2 with points pt 9 ps 1.8 lc rgb \"#2ca02c\" "
                      "title \"ours: run stopped at the slot cap (lower bound)\"")
        if which == "steps":
            extra += (f", \\\n     '{paper}' using 1:3 with points pt 4 ps 1.2 lc rgb \"#d62728\" "
                     "title \"paper (max)\"")
        top = max(float(r[which + "_max"]) for r in rs)
        ref = max(v[0] for v in (TABLE_I if which == "slots" else TABLE_II)[fam].values())
        yscale = ("set logscale y 10\nset yrange [*:*]\nset offsets 0, 0, graph 0.15, 0"
                  if top > 4 * ref else
                  "unset logscale y\nset yrange [0:*]\nset offsets 0, 0, graph 0.35, 0")
        panels.append(PANEL.format(
            yscale=yscale, label=FAMILY_LABEL[fam], xmin=min(ns) / 2, xmax=max(ns) * 2, ours=ours, paper=paper,
            paper_title="paper, Table I column A" if which == "slots" else "paper μ (Table II)",
            extra=extra))
    png = os.path.join(out_dir, f"pops-randomized-{which}.png")
    title = ("Slots to route a random permutation: our model vs Mei and Rizzi, Table I (A)"
             if which == "slots" else
             "Steps (5-slot iterations): our model vs Mei and Rizzi, Table II")
    script = GNUPLOT.format(term=term, png=png, title=title,
                            ylabel="slots" if which == "slots" else "steps",
                            panels="\n".join(panels))
    res = cli_guard.gnuplot(script, png)
    if res.returncode != 0:
        log(f"gnuplot failed: {res.stderr}")
        return None
    log(f"wrote {png}")
    return png


def write_markdown(path, rows):
    results_data.write_generated(
        path, {"tables": tables_markdown(rows), "runs": runs_markdown(rows)},
        "pops_randomized.py", "# POPS randomized routing: Tables I and II of Mei & Rizzi\n")
    log(f"wrote {path}")


def main():
    ap = cli_guard.ArgumentParser(description=__doc__,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sweep", default=os.path.join(REPO, "sweeps", "pops-table2"),
                    help="output folder of scripts/optinet-sweep studies/pops-table2.toml")
    ap.add_argument("--csv", default=os.path.join(RESULTS, "pops-randomized.csv"))
    ap.add_argument("--md", default=os.path.join(RESULTS, "pops-randomized.md"))
    ap.add_argument("--report-only", action="store_true",
                    help="no sweep: regenerate the tables and plots from the CSV")
    ap.add_argument("--no-plot", action="store_true")
    args = ap.parse_args()

    cli_guard.output_file(args.csv, "--csv")
    cli_guard.output_file(args.md, "--md")
    rows = read_csv(args.csv)
    if not args.report_only:
        with cli_guard.reading(args.sweep, "sweep output"):
            for point in load_points(args.sweep):
                row = row_of(point["values"]["family"], point)
                rows = [x for x in rows if not (x["family"] == row["family"] and
                                                int(x["n"]) == row["n"])]
                rows.append(row)
    rows = write_csv(args.csv, rows)
    if not rows:
        cli_guard.fail("no data: the sweep has no results and the CSV no rows", 1)
    write_markdown(args.md, rows)
    if not args.no_plot:
        with tempfile.TemporaryDirectory() as tmp:
            out_dir = os.path.dirname(os.path.abspath(args.md))
            plot(rows, tmp, "slots", out_dir)
            plot(rows, tmp, "steps", out_dir)


if __name__ == "__main__":
    cli_guard.run(main)
