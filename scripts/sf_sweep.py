#!/usr/bin/env python3
"""Section 7 of Valiant and Brebner redone by the model: Figures 1-3 (mean Phase A time, mean
Phase B time, mean maximal node population in Phase A, 100 runs each, identity permutation,
FIFO queues) for N = 2^2 ... 2^12, random permutations as spot checks, and the grid bound of
Theorem 3 against measured times.

usage: scripts/sf_sweep.py OPTINET OUTDIR [--runs 100] [--quick]
Writes OUTDIR/valiant-brebner.csv, OUTDIR/valiant-brebner-grid.csv and, if gnuplot is
installed, OUTDIR/valiant-brebner-fig{1,2,3}.png and OUTDIR/valiant-brebner-grid.png.
"""
import argparse
import csv
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile


def run(optinet, network, params, protocol, runs, traffic="identity", seed=1, extra=()):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        path = f.name
    cmd = [optinet, network] + [str(x) for x in params] + [
        "--protocol", protocol, "--traffic", traffic, "--runs", str(runs), "--seed", str(seed),
        "--json", path, "--quiet"] + list(extra)
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    with open(path) as f:
        data = json.load(f)
    os.unlink(path)
    if p.returncode != 0 or not data["summary"]["ok"]:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), p.stderr))
    return data


def configs(quick):
    """(label, network, params, protocol, N) for every scheme of Figures 1-3 and section 7."""
    top = 8 if quick else 12
    out = []
    for n in range(2, top + 1):
        for proto, label in (("cubes", "CUBES"), ("basic", "BASIC"), ("cubess", "CUBESS")):
            out.append((label, "hypercube", ["--n", n], proto, 2 ** n))
        out.append(("SHUFFLE/EXCHANGE", "shuffle-exchange", ["--n", n], "se", 2 ** n))
    for s in range(2, 10):
        if s * 2 ** s <= (256 if quick else 5000):
            out.append(("CCC", "ccc", ["--s", s], "ccc", s * 2 ** s))
    for d in (2, 3, 4):
        n = 1
        while d ** n <= (256 if quick else 5000):
            if d ** n >= 4:
                out.append(("%d-SHUFFLE" % d, "shuffle", ["--d", d, "--n", n], "dshuffle", d ** n))
                out.append(("%d-MSHUFFLE" % d, "shuffle", ["--d", d, "--n", n], "mshuffle", d ** n))
            n += 1
    return out


def gnuplot(script):
    if shutil.which("gnuplot") is None:
        print("gnuplot not found: plots skipped", file=sys.stderr)
        return
    subprocess.run(["gnuplot"], input=script, text=True, check=True)


FIGURE_SCHEMES = ["CUBES", "SHUFFLE/EXCHANGE", "CCC", "2-SHUFFLE", "3-SHUFFLE", "4-SHUFFLE",
                  "2-MSHUFFLE", "3-MSHUFFLE", "4-MSHUFFLE"]


def plot_figures(outdir, rows):
    data = os.path.join(outdir, "valiant-brebner-plotdata.dat")
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
""" % (png, number, title, ylabel, plots))
    os.unlink(data)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("optinet")
    ap.add_argument("outdir")
    ap.add_argument("--runs", type=int, default=100)
    ap.add_argument("--quick", action="store_true", help="small N only (a smoke test)")
    ap.add_argument("--parts", default="figures,grid,disjoint",
                    help="comma-separated: figures, grid, disjoint")
    a = ap.parse_args()
    parts = a.parts.split(",")
    os.makedirs(a.outdir, exist_ok=True)
    if "figures" in parts:
        figures(a)
    if "grid" in parts:
        theorem3(a)
    if "disjoint" in parts:
        disjoint(a)


def disjoint(a):
    """The paper's experimental set-up: Phase B starts for every packet at one slot T after
    Phase A has ended everywhere (checked per run), queues entering Phase B in random order.
    Compared with the default, where a packet starts Phase B as soon as it finishes Phase A."""
    rows = []
    top = 8 if a.quick else 12
    for label, network, mk, proto in (
            ("CUBES", "hypercube", lambda n: ["--n", n], "cubes"),
            ("SHUFFLE/EXCHANGE", "shuffle-exchange", lambda n: ["--n", n], "se"),
            ("2-SHUFFLE", "shuffle", lambda n: ["--d", 2, "--n", n], "dshuffle"),
            ("2-MSHUFFLE", "shuffle", lambda n: ["--d", 2, "--n", n], "mshuffle")):
        for n in range(2, top + 1):
            start = 6 * n  # well past the end of Phase A (checked below)
            fed = run(a.optinet, network, mk(n), proto, a.runs)
            dis = run(a.optinet, network, mk(n), proto, a.runs,
                      extra=["--phase-b-start", str(start)])
            late = sum(1 for r in dis["runs"] if r["phase_a_slots"] >= start)
            if late:
                sys.exit("%s n=%d: Phase A not over by slot %d in %d runs" % (label, n, start, late))
            rows.append({
                "scheme": label, "N": 2 ** n, "runs": a.runs, "phase_b_start": start,
                "phase_a_fed_mean": round(fed["summary"]["phase_a_slots"]["mean"], 3),
                "phase_a_disjoint_mean": round(dis["summary"]["phase_a_slots"]["mean"], 3),
                "phase_b_fed_mean": round(fed["summary"]["phase_b_slots"]["mean"], 3),
                "phase_b_disjoint_mean": round(dis["summary"]["phase_b_slots"]["mean"], 3),
                "population_a_fed_mean":
                    round(fed["summary"]["max_node_population_phase_a"]["mean"], 3),
                "population_a_disjoint_mean":
                    round(dis["summary"]["max_node_population_phase_a"]["mean"], 3),
            })
            print("disjoint %s N=%d: B fed %.2f disjoint %.2f" % (
                label, 2 ** n, rows[-1]["phase_b_fed_mean"], rows[-1]["phase_b_disjoint_mean"]),
                file=sys.stderr)
    with open(os.path.join(a.outdir, "valiant-brebner-disjoint.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)


def figures(a):
    rows = []
    for label, network, params, proto, n in configs(a.quick):
        for traffic, runs in (("identity", a.runs), ("random", max(1, a.runs // 10))):
            d = run(a.optinet, network, params, proto, runs, traffic)
            s = d["summary"]
            rows.append({
                "scheme": label, "network": network, "protocol": proto, "N": n,
                "traffic": traffic, "runs": runs,
                "phase_a_mean": round(s["phase_a_slots"]["mean"], 3),
                "phase_a_sd": round(s["phase_a_slots"]["sd"], 3),
                "phase_b_mean": round(s["phase_b_slots"]["mean"], 3),
                "phase_b_sd": round(s["phase_b_slots"]["sd"], 3),
                "population_a_mean": round(s["max_node_population_phase_a"]["mean"], 3),
                "population_a_sd": round(s["max_node_population_phase_a"]["sd"], 3),
                "population_mean": round(s["max_node_population"]["mean"], 3),
                "slots_mean": round(s["slots"]["mean"], 3),
                "slots_max": s["slots"]["max"],
            })
            print("%-18s N=%-5d %-8s A %.2f B %.2f pop %.2f" % (
                label, n, traffic, rows[-1]["phase_a_mean"], rows[-1]["phase_b_mean"],
                rows[-1]["population_a_mean"]), file=sys.stderr)
    path = os.path.join(a.outdir, "valiant-brebner.csv")
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    plot_figures(a.outdir, rows)


def theorem3(a):
    # Theorem 3: the n x n grid, grid3 (Phases A, Z, B); each phase within n + g, the whole
    # within 3n + 2g (Phase A has no delay). Measured: the worst per-phase excess g over n.
    grid = []
    for side in ((4, 8, 16) if a.quick else (4, 8, 16, 32, 64)):
        for traffic in ("random", "identity"):
            d = run(a.optinet, "grid", ["--n", side, "--k", "2"], "grid3", a.runs, traffic)
            excess = [max(r["subphase_slots"]) - side for r in d["runs"]]
            slots = [r["slots"] for r in d["runs"]]
            grid.append({
                "n": side, "N": side * side, "traffic": traffic, "runs": a.runs,
                "slots_mean": round(sum(slots) / len(slots), 3), "slots_max": max(slots),
                "bound_3n": 3 * side,
                "g_max": max(excess), "g_over_sqrt_n": round(max(excess) / math.sqrt(side), 3),
                "phase_a_max": max(r["subphase_slots"][0] for r in d["runs"]),
                "phase_z_max": max(r["subphase_slots"][1] for r in d["runs"]),
                "phase_b_max": max(r["subphase_slots"][2] for r in d["runs"]),
            })
            print("grid n=%d %s: slots mean %.2f max %d, g max %d" % (
                side, traffic, grid[-1]["slots_mean"], grid[-1]["slots_max"], grid[-1]["g_max"]),
                file=sys.stderr)
    path = os.path.join(a.outdir, "valiant-brebner-grid.csv")
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(grid[0].keys()))
        w.writeheader()
        w.writerows(grid)
    data = os.path.join(a.outdir, "grid.dat")
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
""" % (os.path.join(a.outdir, "valiant-brebner-grid.png"), data))
    os.unlink(data)


if __name__ == "__main__":
    main()
