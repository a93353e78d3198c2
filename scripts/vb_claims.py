#!/usr/bin/env python3
"""Valiant & Brebner, section 7: the paper's written observations (i)-(v) checked against our
data by script, never by hand (docs/results/valiant-brebner.md, "Observations, derived").

usage: scripts/vb_claims.py [--sweep DIR]

Reads docs/results/valiant-brebner.csv (the pipelined figures: identity, 100 runs a point) and
docs/results/valiant-brebner-setup.csv (the cube schemes in the paper's set-up and pipelined,
FIFO and furthest-to-go-first). --sweep DIR first rewrites the latter from the points.csv of
`scripts/optinet-sweep studies/vb-cube-schemes.toml`. Prints Markdown.
"""
import argparse
import csv
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIGURES = os.path.join(ROOT, "docs", "results", "valiant-brebner.csv")
SETUP = os.path.join(ROOT, "docs", "results", "valiant-brebner-setup.csv")
FIELDS = ["phase_a_slots", "phase_b_slots", "max_node_population",
          "max_node_population_phase_a", "max_node_population_phase_b"]
# Observation (i): the bound on the run-time variance the paper states for each scheme.
TIME_LIMIT = {"CUBES": 0.6, "BASIC": 0.6, "CUBESS": 0.6, "3-SHUFFLE": 0.6, "4-SHUFFLE": 0.6,
              "3-MSHUFFLE": 0.6, "4-MSHUFFLE": 0.6, "2-SHUFFLE": 1.1, "2-MSHUFFLE": 1.1}
POPULATION_LIMIT = 0.7  # observation (ii), every scheme


def write_setup(sweep: str) -> None:
    rows = list(csv.DictReader(open(os.path.join(sweep, "points.csv"))))
    out = []
    for r in rows:
        o = {"N": 2 ** int(r["n"]), "scheme": r["protocol"].upper(), "phases": r["phases"],
             "discipline": r["discipline"], "runs": r["runs"]}
        for f in FIELDS:
            o[f + "_mean"] = round(float(r[f + "_mean"]), 3)
            o[f + "_sd"] = round(float(r[f + "_sd"]), 3)
        out.append(o)
    temporary = SETUP + ".tmp"
    with open(temporary, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(out[0]))
        w.writeheader()
        w.writerows(out)
    os.replace(temporary, SETUP)


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
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sweep", help="points of studies/vb-cube-schemes.toml to rewrite the setup CSV")
    args = p.parse_args()
    if args.sweep:
        write_setup(args.sweep)
    figures = [r for r in csv.DictReader(open(FIGURES)) if r["traffic"] == "identity"]
    observations_i_ii(figures)
    print("Cube schemes (`valiant-brebner-setup.csv`, identity, 100 runs a point):\n")
    observations_setup(list(csv.DictReader(open(SETUP))))


if __name__ == "__main__":
    main()
