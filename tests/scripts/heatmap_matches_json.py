#!/usr/bin/python3
"""usage: heatmap_matches_json.py OPTINET HEATMAP_SCRIPT FOLDER

Runs an open-loop POPS(4,4) run with --json, draws its coupler heat map, and checks that the PNG
exists and is a PNG, and that the values written beside it (OUT.csv) are the JSON's
per-coupler single and collision slots over the counted slots. Exit 77 (skipped) if the
heat map script cannot import matplotlib.
"""
import csv
import json
import os
import subprocess
import sys

optinet, script, folder = sys.argv[1:4]
report_path = os.path.join(folder, "heatmap_run.json")
png = os.path.join(folder, "heatmap_run.png")
for path in (report_path, png, png[:-4] + ".csv"):
    if os.path.exists(path):
        os.remove(path)
subprocess.run([optinet, "pops", "--d", "4", "--g", "4", "--protocol", "randomized", "--traffic",
                "bernoulli", "--rate", "0.03", "--warmup", "100", "--measure", "1000", "--seed",
                "3", "--quiet", "--json", report_path], check=True, stdout=subprocess.DEVNULL)
drawn = subprocess.run([script, report_path, png], capture_output=True, text=True)
if "No module named 'matplotlib'" in drawn.stderr:
    print("skipped: matplotlib is not installed for", script)
    sys.exit(77)
if drawn.returncode != 0:
    print(drawn.stdout, drawn.stderr)
    sys.exit(1)
with open(png, "rb") as f:
    if f.read(8) != b"\x89PNG\r\n\x1a\n":
        print("FAIL: not a PNG:", png)
        sys.exit(1)
with open(report_path, encoding="utf-8") as f:
    run = json.load(f)["runs"][0]
slots = run["counted_slots"]
expected = {}
for medium in run["media"]:
    b, a = medium["name"][2:-1].split(",")
    expected[(int(b), int(a))] = (medium["single"] / slots, medium["collision"] / slots)
with open(png[:-4] + ".csv", encoding="utf-8") as f:
    rows = list(csv.DictReader(f))
if len(rows) != len(expected):
    print(f"FAIL: {len(rows)} couplers in the CSV, {len(expected)} in the JSON")
    sys.exit(1)
for row in rows:
    want = expected[(int(row["b"]), int(row["a"]))]
    got = (float(row["utilization"]), float(row["collision_share"]))
    if any(abs(x - y) > 1e-6 for x, y in zip(got, want)):
        print(f"FAIL: c({row['b']},{row['a']}): {got} in the CSV, {want} in the JSON")
        sys.exit(1)
if not any(c > 0 for _, c in expected.values()):
    print("FAIL: the randomized router collided nowhere, so the collision panel is not tested")
    sys.exit(1)
print(f"heat map matches the JSON: {len(rows)} couplers")
