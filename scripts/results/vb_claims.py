#!/usr/bin/python3
"""Valiant & Brebner, section 7: the paper's written observations (i)-(v) checked against our
data by script, never by hand (docs/results/valiant-brebner.md, "Observations, derived").

usage: scripts/results/vb_claims.py [--sweep DIR] [--shuffles-sweep DIR] [--figures-sweep DIR] [--plots]

Reads docs/results/valiant-brebner.csv (the pipelined figures: identity, 100 runs a point) and
docs/results/valiant-brebner-setup.csv (the cube schemes in the paper's set-up and pipelined,
FIFO and furthest-to-go-first). --sweep DIR first rewrites the latter from the points.csv of
`scripts/optinet-sweep studies/vb-cube-schemes.toml`, and --shuffles-sweep DIR rewrites
docs/results/valiant-brebner-shuffles.csv (3- to 8-SHUFFLE and -MSHUFFLE in the paper's set-up)
from that of studies/vb-shuffles.toml. --figures-sweep DIR rewrites
docs/results/valiant-brebner-separate.csv (Figures 1-3 in the paper's set-up) from that of
studies/vb-figures-separate.toml and, like --plots, draws valiant-brebner-separate-fig{1,2,3}.png
from that CSV (needs matplotlib). Prints Markdown.
"""
import csv
import os

import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
import results_data  # noqa: E402
from results_data import read_csv, result  # noqa: E402

FIGURES = result("valiant-brebner.csv")
SETUP = result("valiant-brebner-setup.csv")
SHUFFLES = result("valiant-brebner-shuffles.csv")
SEPARATE = result("valiant-brebner-separate.csv")
FIELDS = ["phase_a_slots", "phase_b_slots", "max_node_population",
          "max_node_population_phase_a", "max_node_population_phase_b"]
# Observation (i): the bound on the run-time variance the paper states for each scheme.
TIME_LIMIT = {"CUBES": 0.6, "BASIC": 0.6, "CUBESS": 0.6, "3-SHUFFLE": 0.6, "4-SHUFFLE": 0.6,
              "3-MSHUFFLE": 0.6, "4-MSHUFFLE": 0.6, "2-SHUFFLE": 1.1, "2-MSHUFFLE": 1.1}
POPULATION_LIMIT = 0.7  # observation (ii), every scheme


def write_points(sweep: str, path: str, label) -> None:
    """The sweep's points as a CSV: label(row) gives the leading columns, then mean and sd of
    each field the sweep merged."""
    points = os.path.join(sweep, "points.csv")
    out = []
    with cli_guard.reading(points, "points.csv of a sweep"):
        for r in read_csv(points):
            o = label(r)
            for f in FIELDS:
                if f + "_mean" in r:
                    o[f + "_mean"] = round(float(r[f + "_mean"]), 3)
                    o[f + "_sd"] = round(float(r[f + "_sd"]), 3)
            out.append(o)
    with cli_guard.atomic_open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(out[0]))
        w.writeheader()
        w.writerows(out)


def cube_label(r):
    return {"N": 2 ** int(r["n"]), "scheme": r["protocol"].upper(), "phases": r["phases"],
            "discipline": r["discipline"], "runs": r["runs"]}


def shuffle_label(r):
    return {"N": int(r["N"]), "scheme": f"{r['d']}-{'M' if r['protocol'] == 'mshuffle' else ''}"
            "SHUFFLE", "d": int(r["d"]), "runs": r["runs"]}


def figure_label(r):
    return {"scheme": r["scheme"], "protocol": r["protocol"], "N": int(r["N"]), "runs": r["runs"]}


def plot_separate(rows):
    """Figures 1-3 in the paper's set-up, one line per scheme, from the separate-mode CSV."""
    plt = results_data.pyplot()
    figures = [(1, "phase_a_slots", "mean Phase A time (slots)"),
               (2, "phase_b_slots", "mean Phase B time (slots)"),
               (3, "max_node_population_phase_a", "mean maximal node population, Phase A")]
    schemes = list(dict.fromkeys(r["scheme"] for r in rows))
    markers = "os^vD<>xP*h"
    for number, field, label in figures:
        fig, ax = plt.subplots(figsize=(7.5, 5))
        for k, scheme in enumerate(schemes):
            pts = sorted((int(r["N"]), float(r[field + "_mean"])) for r in rows
                         if r["scheme"] == scheme)
            ax.plot(*zip(*pts), marker=markers[k % len(markers)],
                    linestyle="-" if k < 6 else "--", label=scheme)
        ax.set_xscale("log", base=2)
        ax.set_xlabel("N (nodes)")
        ax.set_ylabel(label)
        ax.set_title(f"Figure {number}, paper's set-up (--phases separate), identity, "
                     "100 runs a point", fontsize=10)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8, ncol=2)
        fig.tight_layout()
        cli_guard.save_figure(fig, result(f"valiant-brebner-separate-fig{number}.png"), dpi=90)
        plt.close(fig)


def observations_i_ii_separate(rows):
    print("Figures 1-3 in the paper's set-up (`valiant-brebner-separate.csv`, identity, "
          "separate phases, 100 runs a point):\n")
    print("| scheme | largest run-time variance (N, phase) | paper's bound | within |")
    print("|---|---|---|---|")
    for scheme, limit in TIME_LIMIT.items():
        v, r, k = largest([r for r in rows if r["scheme"] == scheme],
                          ["phase_a_slots_sd", "phase_b_slots_sd"])
        phase = "A" if k == "phase_a_slots_sd" else "B"
        print(f"| {scheme} | {v:.3f} (N = {r['N']}, Phase {phase}) | {limit} | "
              f"{'yes' if v <= limit else '**no**'} |")
    v, r, _ = largest(rows, ["max_node_population_phase_a_sd", "max_node_population_phase_b_sd"])
    print(f"\nLargest population variance of any scheme, either phase: {v:.2f} ({r['scheme']}, "
          f"N = {r['N']}); the paper's bound {POPULATION_LIMIT}: "
          f"{'within' if v <= POPULATION_LIMIT else '**above**'}.\n")
    gap, worst = max(((float(r["max_node_population_phase_b_mean"]) -
                       float(r["max_node_population_phase_a_mean"]), r) for r in rows),
                     key=lambda t: t[0])
    print(f"(iv) Phase B population minus Phase A population, largest over every point: {gap:+.2f} "
          f"({worst['scheme']}, N = {worst['N']}).\n")


def separate_against_pipelined(separate, figures):
    pipelined = {(r["scheme"], int(r["N"])): r for r in figures}
    pairs = [(r, pipelined[(r["scheme"], int(r["N"]))]) for r in separate
             if (r["scheme"], int(r["N"])) in pipelined]
    faster = sum(1 for s, p in pairs if float(s["phase_a_slots_mean"]) < float(p["phase_a_mean"]))
    fuller = sum(1 for s, p in pairs if float(s["max_node_population_phase_a_mean"]) >
                 float(p["population_a_mean"]))
    print(f"Separate against pipelined, the same (scheme, N) ({len(pairs)} points): Phase A faster "
          f"when separate at {faster}, Phase A population larger when separate at {fuller}.\n")
    for n in (1024, 4096):
        for mode, rows, a, pop in (("separate", separate, "phase_a_slots_mean",
                                    "max_node_population_phase_a_mean"),
                                   ("pipelined", figures, "phase_a_mean", "population_a_mean")):
            at = sorted((r for r in rows if int(r["N"]) == n), key=lambda r: float(r[a]))
            print(f"* {mode}, N = {n}, Phase A: " +
                  " < ".join(f"{r['scheme']} {float(r[a]):.2f}" for r in at) + ".")
    print()


def observation_i_shuffles(rows):
    print("d-way shuffles in the paper's set-up (`valiant-brebner-shuffles.csv`, identity, "
          "separate phases, 100 runs a point):\n")
    print("| scheme | N | Phase A (variance) | Phase B (variance) | population A (variance) |")
    print("|---|---|---|---|---|")
    for r in rows:
        def cell(f):
            return f"{float(r[f + '_mean']):.2f} ({float(r[f + '_sd']) ** 2:.2f})"
        print(f"| {r['scheme']} | {r['N']} | {cell('phase_a_slots')} | {cell('phase_b_slots')} | "
              f"{cell('max_node_population_phase_a')} |")
    v, r, k = largest(rows, ["phase_a_slots_sd", "phase_b_slots_sd"])
    p, q, _ = largest(rows, ["max_node_population_phase_a_sd"])
    print(f"\nLargest run-time variance: {v:.2f} ({r['scheme']}, N = {r['N']}), the paper's bound "
          f"0.6: {'within' if v <= 0.6 else '**above**'}; largest population variance {p:.2f} "
          f"({q['scheme']}), bound {POPULATION_LIMIT}: "
          f"{'within' if p <= POPULATION_LIMIT else '**above**'}.\n")


def largest(rows, keys):
    """(variance, row, key) of the largest variance over `keys` (sd columns)."""
    return max(((float(r[k]) ** 2, r, k) for r in rows for k in keys), key=lambda t: t[0])


def observations_i_ii(figures):
    print("Pipelined figures (`valiant-brebner.csv`, identity, 100 runs a point):\n")
    print("| scheme | largest run-time variance (N, phase) | paper's bound | within |")
    print("|---|---|---|---|")
    for scheme, limit in TIME_LIMIT.items():
        rows = [r for r in figures if r["scheme"] == scheme]
        v, r, k = largest(rows, ["phase_a_sd", "phase_b_sd"])
        phase = "A" if k == "phase_a_sd" else "B"
        print(f"| {scheme} | {v:.3f} (N = {r['N']}, Phase {phase}) | {limit} | "
              f"{'yes' if v <= limit else '**no**'} |")
    v, r, _ = largest(figures, ["population_a_sd"])
    print(f"\nLargest population variance of any scheme: {v:.2f} ({r['scheme']}, N = {r['N']}); "
          f"the paper's bound {POPULATION_LIMIT}: {'within' if v <= POPULATION_LIMIT else '**above**'}.\n")


def observations_setup(setup):
    def pick(n, phases, discipline):
        return {r["scheme"]: r for r in setup
                if int(r["N"]) == n and r["phases"] == phases and r["discipline"] == discipline}

    def ranking(rows, field):
        order = sorted(rows, key=lambda s: float(rows[s][field + "_mean"]))
        return " < ".join(f"{s} {float(rows[s][field + '_mean']):.2f}" for s in order)

    for phases in ("separate", "pipelined"):
        for n in sorted({int(r["N"]) for r in setup}):
            rows = pick(n, phases, "fifo")
            print(f"* {phases}, FIFO, N = {n}: Phase A {ranking(rows, 'phase_a_slots')}; "
                  f"Phase B {ranking(rows, 'phase_b_slots')}; population in Phase A "
                  f"{ranking(rows, 'max_node_population_phase_a')}.")
    worst = max(setup, key=lambda r: float(r["max_node_population_phase_b_mean"]) -
                float(r["max_node_population_phase_a_mean"]))
    gap = float(worst["max_node_population_phase_b_mean"]) - float(
        worst["max_node_population_phase_a_mean"])
    print(f"* (iv) Phase B population minus Phase A population, largest over every row: "
          f"{gap:+.2f} ({worst['scheme']}, N = {worst['N']}, {worst['phases']}, "
          f"{worst['discipline']}).")
    for n in sorted({int(r["N"]) for r in setup}):
        fifo, ftg = pick(n, "separate", "fifo"), pick(n, "separate", "ftg")
        parts = []
        for s in ("BASIC", "CUBES", "CUBESS"):
            a = [float(x[s]["phase_a_slots_mean"]) for x in (fifo, ftg)]
            b = [float(x[s]["phase_b_slots_mean"]) for x in (fifo, ftg)]
            parts.append(f"{s} A {a[0]:.2f} -> {a[1]:.2f} ({(a[1] - a[0]) / a[0]:+.1%}), "
                         f"B {b[0]:.2f} -> {b[1]:.2f} ({(b[1] - b[0]) / b[0]:+.1%})")
        print(f"* (v) separate, FIFO -> furthest-to-go-first, N = {n}: " + "; ".join(parts) + ".")


def main():
    p = cli_guard.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sweep", help="output of studies/vb-cube-schemes.toml: rewrite the setup CSV")
    p.add_argument("--shuffles-sweep", help="output of studies/vb-shuffles.toml: rewrite its CSV")
    p.add_argument("--figures-sweep",
                   help="output of studies/vb-figures-separate.toml: rewrite its CSV and PNGs")
    p.add_argument("--plots", action="store_true", help="redraw the separate-mode PNGs")
    args = p.parse_args()
    if args.figures_sweep:
        write_points(args.figures_sweep, SEPARATE, figure_label)
    separate = read_csv(SEPARATE)
    if args.figures_sweep or args.plots:
        plot_separate(separate)
    if args.sweep:
        write_points(args.sweep, SETUP, cube_label)
    if args.shuffles_sweep:
        write_points(args.shuffles_sweep, SHUFFLES, shuffle_label)
    main_report(separate)


def main_report(separate=None):
    """The observations, as Markdown, from the committed CSVs (scripts/docs/doc_claims.py checks
    that the page holds every line)."""
    separate = separate if separate is not None else read_csv(SEPARATE)
    with cli_guard.reading(FIGURES, "CSV"):
        figures = [r for r in read_csv(FIGURES) if r["traffic"] == "identity"]
    observations_i_ii(figures)
    print("Cube schemes (`valiant-brebner-setup.csv`, identity, 100 runs a point):\n")
    observations_setup(read_csv(SETUP))
    print()
    observation_i_shuffles(read_csv(SHUFFLES))
    observations_i_ii_separate(separate)
    separate_against_pipelined(separate, figures)


if __name__ == "__main__":
    cli_guard.run(main)
