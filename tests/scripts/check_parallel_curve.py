#!/usr/bin/python3
"""A curve's points run in parallel and merged (scripts/sweep/curve.py) equal the serial
`optinet --rates` command: the same report but for the wall clock, every run with its seed;
and scripts/results/coupler_study.py runs a tiny study end to end (every shape of n = 4: knee,
half-knee runs for both device sets, the knee curves merged from parallel points), its CSVs
and page blocks written, and its curve's rows equal to the serial command's runs.
usage: check_parallel_curve.py SOURCE_DIR OPTINET
"""
import concurrent.futures
import csv
import json
import os
import subprocess
import sys
import tempfile

SRC, OPTINET = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(SRC, "scripts"))
from sweep import curve  # noqa: E402

failures = []


def report_of(args, folder):
    """optinet ARGS with seed 1 and --json; its report."""
    fd, path = tempfile.mkstemp(suffix=".json", dir=folder)
    os.close(fd)
    proc = subprocess.run([OPTINET] + args + ["--seed", "1", "--quiet", "--json", path],
                          capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise SystemExit(f"FAIL {' '.join(args)}: exit {proc.returncode}: {proc.stderr.strip()}")
    with open(path) as f:
        return json.load(f)


with tempfile.TemporaryDirectory() as tmp:
    base = ["pops", "--d", "2", "--g", "4", "--view", "grouped", "--protocol", "tdma",
            "--traffic", "bernoulli", "--max-slots", "20000"]
    # The rates of `--rates auto` around a knee: the shares, and past a knee near the capacity
    # rates between the two.
    if curve.knee_curve_rates(0.8, 0.85)[-2:] != [0.825, 0.825 + 0.15 * 0.05]:
        failures.append(f"knee_curve_rates(0.8, 0.85) = {curve.knee_curve_rates(0.8, 0.85)}")
    rates = curve.knee_curve_rates(0.6, 7 / 8)
    if rates != [s * 0.6 for s in curve.KNEE_SHARES]:
        failures.append(f"knee_curve_rates(0.6, 7/8) = {rates}")
    serial = report_of(curve.curve_args(base, rates), tmp)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        points = list(pool.map(lambda r: report_of(curve.point_args(base, r), tmp), rates))
    merged = curve.merge_curve(points, rates)
    a, b = curve.comparable(merged), curve.comparable(serial)
    if a != b:
        keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
        runs = [i for i, (x, y) in enumerate(zip(a["runs"], b["runs"])) if x != y]
        failures.append(f"the merged curve differs from the serial --rates in {keys} "
                        f"(runs {runs})")
    if [r["seed"] for r in merged["runs"]] != [1] * len(rates):
        failures.append("the merged runs do not report their seed 1")
    if [r["rate"] for r in merged["runs"]] != rates:
        failures.append("the merged runs are not in the order of the rates")
    # A point of another command is not merged.
    other = report_of(curve.point_args(base[:-2] + ["--max-slots", "30000"], rates[0]), tmp)
    try:
        curve.merge_curve([other] + points[1:], rates)
        failures.append("merge_curve took a point of another command")
    except ValueError:
        pass

    # The tiny study end to end: every shape of n = 4, the knee curves of POPS(2,2).
    out = os.path.join(tmp, "study")
    proc = subprocess.run(["/usr/bin/python3", os.path.join(SRC, "scripts/results/coupler_study.py"),
                           "--optinet", OPTINET, "--out", out, "--sizes", "4", "--quick",
                           "--jobs", "2"], capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        failures.append(f"the tiny study: exit {proc.returncode}: {proc.stderr.strip()[-500:]}")
    else:
        with open(os.path.join(out, "coupler-evaluation-shapes.csv"), newline="") as f:
            shapes = list(csv.DictReader(f))
        if [(r["d"], r["g"]) for r in shapes] != [("1", "4"), ("2", "2"), ("4", "1")]:
            failures.append(f"the tiny study's shapes: {[(r['d'], r['g']) for r in shapes]}")
        for r in shapes:
            for key in ("tdma_capacity", "tdma_knee_throughput", "tdma_half_latency",
                        "tdma_fibre_half_latency_ns", "tdma_onchip_pj_per_bit", "seed"):
                if r.get(key, "") == "":
                    failures.append(f"the tiny study's POPS({r['d']},{r['g']}) has no {key}")
        with open(os.path.join(out, "coupler-evaluation-knee-curves.csv"), newline="") as f:
            knee_rows = list(csv.DictReader(f))
        tdma = [r for r in knee_rows if r["protocol"] == "tdma"]
        if {r["protocol"] for r in knee_rows} != {"tdma", "reservation"} or not tdma:
            failures.append(f"the tiny study's knee curves: {[r['protocol'] for r in knee_rows]}")
        else:
            # The curve merged from parallel points is the serial command's.
            serial = report_of(["pops", "--d", "2", "--g", "2", "--view", "grouped", "--protocol",
                                "tdma", "--traffic", "bernoulli", "--max-slots", "20000",
                                "--device", "fibre", "--rates",
                                ",".join(r["rate"] for r in tdma)], tmp)
            got = [(float(r["accepted"]), float(r["latency_mean"]), int(r["seed"])) for r in tdma]
            want = [(r["accepted_per_sender"], r["latency_mean"], r["seed"])
                    for r in serial["runs"]]
            if got != want:
                failures.append(f"the study's TDMA curve {got} differs from the serial {want}")
        with open(os.path.join(out, "coupler-evaluation.md")) as f:
            page = f.read()
        for block in ("shapes", "knee-curves"):
            if f"BEGIN GENERATED by scripts/results/coupler_study.py: {block}" not in page:
                failures.append(f"the tiny study's page has no '{block}' block")

failures = [f for f in failures if f]
for f in failures:
    print(f"FAIL {f}")
sys.exit(1 if failures else 0)
