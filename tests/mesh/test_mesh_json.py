#!/usr/bin/python3
"""optinet mesh --json: the per-run fields and the summary the docs and scripts rely on, and
--groups-csv: one row per group's operation, consistent with the JSON.
usage: test_mesh_json.py OPTINET WORKDIR"""
import csv
import json
import subprocess
import sys

optinet, workdir = sys.argv[1:3]
js, gc = workdir + "/mesh_run.json", workdir + "/mesh_groups.csv"
# A user's file named FILE.tmp stays as it is (the CSV was once written through it).
with open(gc + ".tmp", "w") as f:
    f.write("the user's\n")
subprocess.run([optinet, "mesh", "--n", "8", "--runs", "3", "--seed", "5", "--quiet", "--json",
                js, "--groups-csv", gc], check=True, stdout=subprocess.DEVNULL)
r = json.load(open(js))
assert r["network"] == "mesh" and r["protocol"] == "experiment", r["network"]
assert r["parameters"]["indexing"] == "hilbert" and r["parameters"]["n"] == 8
runs = r["runs"]
assert len(runs) == 3 and [x["seed"] for x in runs] == [5, 6, 7]
for x in runs:
    for k in ("slots", "steps", "packets", "delivered", "collisions", "max_queue",
              "split_overhead_mean", "split_overhead_max", "sync_overhead_mean"):
        assert k in x, k
    assert x["ok"] and x["packets"] == x["delivered"] > 0 and x["collisions"] == 0
    assert 0 < x["max_queue"] <= 2
for k in ("slots", "split_overhead_mean"):
    assert "mean" in r["summary"][k] and "max" in r["summary"][k], k
rows = list(csv.DictReader(open(gc)))
for x in runs:
    mine = [int(g["overhead"]) for g in rows if int(g["seed"]) == x["seed"] and g["kind"] == "split"]
    assert len(mine) == x["split_groups"] and max(mine) == x["split_overhead_max"], x["seed"]
    assert all(0 < int(g["size"]) <= 64 for g in rows)
    # Step 4 on a physical tree: Lemmas 4 and 5 hold, and the CSV's split rows agree with the JSON.
    assert x["lemma4_violations"] == 0 and x["lemma5_violations"] == 0, x["seed"]
    ratios = [float(g["lemma4_ratio"]) for g in rows
              if int(g["seed"]) == x["seed"] and g["kind"] == "split"]
    assert abs(max(ratios) - x["lemma4_max_ratio"]) < 1e-4, x["seed"]
    assert 0 < x["tree_steps_at_once_mean"] <= x["tree_steps_one_by_one_mean"], x["seed"]
assert open(gc + ".tmp").read() == "the user's\n", "--groups-csv overwrote FILE.tmp"
print("ok")
