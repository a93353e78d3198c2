#!/usr/bin/python3
"""usage: dmob_matches_mob.py OPTINET WORKDIR

The D-dimensional MOB with D = 2 is the MOB-PC: `optinet dmob --k K --dim 2 --protocol dim-order`
must give exactly the runs of `optinet mob --p K --protocol row-column` (every JSON run field but wall_seconds:
slots, steps, packets, delivered, collisions, cross-bus collisions, buffers) for several K,
seeds and traffics, a relation file among them. Exit status 1 on the first difference.
"""
import json
import pathlib
import subprocess
import sys

OPTINET, WORKDIR = sys.argv[1], pathlib.Path(sys.argv[2])
WORKDIR.mkdir(parents=True, exist_ok=True)

# A 2-relation on 16 nodes (K = 4): node i sends to i+5 and i+11 (mod 16).
relation = WORKDIR / "dmob_relation_k4.txt"
relation.write_text("".join(f"{i} {(i + 5) % 16}\n{i} {(i + 11) % 16}\n" for i in range(16)))

TRAFFICS = [["--traffic", "random-h-relation"], ["--traffic", "random-h-relation", "--h", "3"],
            ["--traffic", "permutation"], ["--traffic", "lower-bound", "--h", "2"]]
CASES = [(k, seed, traffic) for k in (2, 3, 5, 8) for seed in (1, 9, 2026) for traffic in TRAFFICS]
CASES += [(4, seed, ["--relation-file", str(relation), "--h", "2"]) for seed in (1, 9, 2026)]


def report_of(args, name):
    out = WORKDIR / f"dmob_vs_mob_{name}.json"
    subprocess.run([OPTINET] + args + ["--runs", "3", "--json", str(out), "--quiet"], check=True,
                   stdout=subprocess.DEVNULL)
    return json.loads(out.read_text())


def runs(args, name):
    report = report_of(args, name)
    # Everything but the host's wall-clock time.
    return [{f: v for f, v in run.items() if f != "wall_seconds"} for run in report["runs"]]


compared = 0
for k, seed, traffic in CASES:
    if k < 4 and "lower-bound" in traffic:
        continue  # the lower-bound relation needs at least 4 processors on both
    common = ["--seed", str(seed)] + traffic
    mob = runs(["mob", "--p", str(k), "--protocol", "row-column"] + common, "mob")
    dmob = runs(["dmob", "--k", str(k), "--dim", "2", "--protocol", "dim-order"] + common, "dmob")
    if len(mob) != 3 or any(r["packets"] == 0 or r["delivered"] != r["packets"] for r in mob):
        sys.exit(f"FAIL: mob --p {k} {' '.join(common)}: not 3 complete runs")
    if mob != dmob:
        sys.exit(f"FAIL: K = {k}, {' '.join(common)}:\n mob  {mob}\n dmob {dmob}")
    compared += len(mob)
# The report's shape of a D-dimensional MOB: K = 3, D = 4 has 81 nodes and 4 * 27 buses of 3.
shape = report_of(["dmob", "--k", "3", "--dim", "4"], "shape")["parameters"]
expected = {"k": 3, "dim": 4, "n": 81, "buses": 108, "bus_length": 3}
if {key: shape.get(key) for key in expected} != expected:
    sys.exit(f"FAIL: dmob --k 3 --dim 4 parameters {shape}, expected {expected}")
print(f"ok: {compared} runs of dmob --dim 2 dim-order equal to mob row-column, field for field")
