#!/usr/bin/python3
"""Section 7 of Valiant and Brebner redone by the model: Figures 1-3 (mean Phase A time, mean
Phase B time, mean maximal node population in Phase A, 100 runs each, identity permutation,
FIFO queues) for N = 2^2 ... 2^12, random permutations as spot checks, the grid bound of
Theorem 3 against measured times, and the paper's disjoint phases against fed Phase B.

The runs are the sweep studies/valiant-brebner.toml, run by the sweep runner:

    scripts/optinet-sweep studies/valiant-brebner.toml --jobs 2     # or --backend slurm

usage: scripts/results/vb_results.py OUTDIR [--sweep sweeps/valiant-brebner]
Reads the sweep's results and writes OUTDIR/valiant-brebner.csv, valiant-brebner-grid.csv,
valiant-brebner-disjoint.csv and, if gnuplot is installed, OUTDIR/valiant-brebner-fig{1,2,3}.png
and OUTDIR/valiant-brebner-grid.png.
"""
import csv
import math
import os
import shutil
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "scripts"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
from sweep.results import load_points  # noqa: E402
from sweep.stats import summarize  # noqa: E402


def mean(point, field):
    return summarize([r[field] for r in point["runs"]])["mean"]


def sd(point, field):
    return summarize([r[field] for r in point["runs"]])["sd"]


def write_csv(path, rows):
    with cli_guard.atomic_open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)


def gnuplot(script, png):
    if shutil.which("gnuplot") is None:
        print("gnuplot not found: plots skipped", file=sys.stderr)
        return
    cli_guard.check_exit(cli_guard.gnuplot(script, png), accepted=(0,))


FIGURE_SCHEMES = ["CUBES", "SHUFFLE/EXCHANGE", "CCC", "2-SHUFFLE", "3-SHUFFLE", "4-SHUFFLE",
                  "2-MSHUFFLE", "3-MSHUFFLE", "4-MSHUFFLE"]


def plot_figures(outdir, rows):
    with tempfile.TemporaryDirectory() as tmp:
        plot_figures_with(outdir, rows, os.path.join(tmp, "valiant-brebner-plotdata.dat"))


def plot_figures_with(outdir, rows, data):
    with open(data, "w") as f:
        for label in FIGURE_SCHEMES:
            f.write('"%s"\n' % label)
            for r in sorted((r for r in rows if r["scheme"] == label and r["traffic"] == "identity"),
                            key=lambda r: r["N"]):
                f.write("%g %s %s %s\n" % (math.log2(r["N"]), r["phase_a_mean"], r["phase_b_mean"],
                                           r["population_a_mean"]))
            f.write("\n\n")
    figures = [
        (1, 2, "Completion times for Phase A: mean values for 100 runs", "slots"),
        (2, 3, "Completion times for Phase B: mean values for 100 runs", "slots"),
        (3, 4, "Maximal node populations in Phase A: mean values for 100 runs", "packets"),
    ]
    for number, column, title, ylabel in figures:
        png = os.path.join(outdir, "valiant-brebner-fig%d.png" % number)
        plots = ", ".join(
            "'%s' index %d using 1:%d with linespoints title '%s'" % (data, i, column, label)
            for i, label in enumerate(FIGURE_SCHEMES))
        gnuplot("""set terminal pngcairo size 900,600
set output '%s'
set title 'Figure %d (model). %s'
set xlabel 'log2 N'
set ylabel '%s'
set key outside right
set grid
set xtics 1
plot %s
""" % (png, number, title, ylabel, plots), png)


def main():
    ap = cli_guard.ArgumentParser(description=__doc__)
    ap.add_argument("outdir", metavar="OUTDIR")
    ap.add_argument("--sweep", default=os.path.join(REPO, "sweeps", "valiant-brebner"),
                    help="output folder of scripts/optinet-sweep studies/valiant-brebner.toml")
    a = ap.parse_args()
    cli_guard.output_folder(a.outdir, "OUTDIR", create=True)
    parts = {}
    with cli_guard.reading(a.sweep, "sweep output"):
        for point in load_points(a.sweep):
            parts.setdefault(point["values"]["part"], []).append(point)
    if parts.get("figures"):
        figures(a.outdir, parts["figures"])
    if parts.get("grid"):
        theorem3(a.outdir, parts["grid"])
    if parts.get("fed") and parts.get("disjoint"):
        disjoint(a.outdir, parts["fed"], parts["disjoint"])


def disjoint(outdir, fed_points, disjoint_points):
    """The paper's experimental set-up: Phase B starts for every packet at one slot T after
    Phase A has ended everywhere (checked per run), queues entering Phase B in random order.
    Compared with the default, where a packet starts Phase B as soon as it finishes Phase A."""
    fed_of = {(p["values"]["scheme"], p["values"]["N"]): p for p in fed_points}
    rows = []
    for dis in disjoint_points:
        v = dis["values"]
        fed = fed_of[(v["scheme"], v["N"])]
        start = v["phase-b-start"]
        late = sum(1 for r in dis["runs"] if r["phase_a_slots"] >= start)
        if late:
            cli_guard.fail("%s N=%d: Phase A not over by slot %d in %d runs" % (
                v["scheme"], v["N"], start, late), 1)
        rows.append({
            "scheme": v["scheme"], "N": v["N"], "runs": len(dis["runs"]), "phase_b_start": start,
            "phase_a_fed_mean": round(mean(fed, "phase_a_slots"), 3),
            "phase_a_disjoint_mean": round(mean(dis, "phase_a_slots"), 3),
            "phase_b_fed_mean": round(mean(fed, "phase_b_slots"), 3),
            "phase_b_disjoint_mean": round(mean(dis, "phase_b_slots"), 3),
            "population_a_fed_mean": round(mean(fed, "max_node_population_phase_a"), 3),
            "population_a_disjoint_mean": round(mean(dis, "max_node_population_phase_a"), 3),
        })
    write_csv(os.path.join(outdir, "valiant-brebner-disjoint.csv"), rows)


def figures(outdir, points):
    rows = []
    for p in points:
        v = p["values"]
        rows.append({
            "scheme": v["scheme"], "network": v["network"], "protocol": v["protocol"],
            "N": v["N"], "traffic": v["traffic"], "runs": len(p["runs"]),
            "phase_a_mean": round(mean(p, "phase_a_slots"), 3),
            "phase_a_sd": round(sd(p, "phase_a_slots"), 3),
            "phase_b_mean": round(mean(p, "phase_b_slots"), 3),
            "phase_b_sd": round(sd(p, "phase_b_slots"), 3),
            "population_a_mean": round(mean(p, "max_node_population_phase_a"), 3),
            "population_a_sd": round(sd(p, "max_node_population_phase_a"), 3),
            "population_mean": round(mean(p, "max_node_population"), 3),
            "slots_mean": round(mean(p, "slots"), 3),
            "slots_max": max(r["slots"] for r in p["runs"]),
        })
    write_csv(os.path.join(outdir, "valiant-brebner.csv"), rows)
    plot_figures(outdir, rows)


def theorem3(outdir, points):
    # Theorem 3: the n x n grid, grid3 (Phases A, Z, B); each phase within n + g, the whole
    # within 3n + 2g (Phase A has no delay). Measured: the worst per-phase excess g over n.
    grid = []
    for p in points:
        side, runs = p["values"]["n"], p["runs"]
        excess = [max(r["subphase_slots"]) - side for r in runs]
        slots = [r["slots"] for r in runs]
        grid.append({
            "n": side, "N": side * side, "traffic": p["values"]["traffic"], "runs": len(runs),
            "slots_mean": round(sum(slots) / len(slots), 3), "slots_max": max(slots),
            "bound_3n": 3 * side,
            "g_max": max(excess), "g_over_sqrt_n": round(max(excess) / math.sqrt(side), 3),
            "phase_a_max": max(r["subphase_slots"][0] for r in runs),
            "phase_z_max": max(r["subphase_slots"][1] for r in runs),
            "phase_b_max": max(r["subphase_slots"][2] for r in runs),
        })
    write_csv(os.path.join(outdir, "valiant-brebner-grid.csv"), grid)
    with tempfile.TemporaryDirectory() as tmp:
        plot_grid(outdir, grid, os.path.join(tmp, "grid.dat"))


def plot_grid(outdir, grid, data):
    png = os.path.join(outdir, "valiant-brebner-grid.png")
    with open(data, "w") as f:
        for g in grid:
            if g["traffic"] == "random":
                f.write("%d %s %d %d\n" % (g["n"], g["slots_mean"], g["slots_max"], 3 * g["n"]))
    gnuplot("""set terminal pngcairo size 800,560
set output '%s'
set title 'grid3 on the n x n grid (random permutations): measured vs 3n'
set xlabel 'n'
set ylabel 'slots'
set logscale x 2
set key left top
set grid
plot '%s' using 1:2 with linespoints title 'mean', '' using 1:3 with linespoints title 'max', '' using 1:4 with lines title '3n'
""" % (png, data), png)


if __name__ == "__main__":
    cli_guard.run(main)
