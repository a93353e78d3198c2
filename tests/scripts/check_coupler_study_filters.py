#!/usr/bin/python3
"""scripts/results/coupler_study.py runs only the curves that --networks and --protocols select, and keeps
the other curves of a --keep CSV: the study is run with a stand-in optinet that logs its command
lines and reports one steady-state run, and the log and the CSV are checked.
usage: check_coupler_study_filters.py SOURCE_DIR
"""
import csv
import os
import subprocess
import sys
import tempfile

SRC = sys.argv[1]
failures = []

# A stand-in for optinet: logs its arguments (one line per run) and writes a `--rates auto`
# report of one run to the file after --json.
FAKE = r'''#!/usr/bin/python3
import json, sys
args = sys.argv[1:]
if args == ["--version"]:
    print("optinet 0.0-test")
    sys.exit(0)
with open(LOG, "a") as f:
    f.write(" ".join(args) + "\n")
run = {"rate": 0.1, "offered_per_sender": 0.1, "accepted_per_sender": 0.1,
       "steady_state": {"accepted_ci": [0.09, 0.11], "latency_ci": [9.0, 11.0],
                        "warmup_method": "mser", "max_slots": 1000},
       "latency_mean": 10.0, "latency_p99": 20.0, "latency_mean_ns": 100.0,
       "saturated": False, "drained": True, "utilization": 0.1, "collision_share": 0.0,
       "energy_per_packet_pj": 1.0}
report = {"open_loop": {"hardware_bound": {"value": 1.0, "method": "lp"},
                        "routing_bound": {"value": 1.0}},
          "saturation": {"throughput": 0.2, "ci_low": 0.19, "ci_high": 0.21,
                         "stable_rate": 0.2, "saturated_rate": 0.25, "peak_accepted": 0.2,
                         "points": [], "saturated_in_doubt": False, "stable_in_doubt": False},
          "parameters": {"max_slots": 1000}, "timing_seconds": {"simulation": 1.0},
          "runs": [run]}
with open(args[args.index("--json") + 1], "w") as f:
    json.dump(report, f)
'''


def study(tmp, out, log, *options):
    """Runs the curve study with the stand-in into `out`; returns the command lines it ran."""
    fake = os.path.join(tmp, "optinet")
    with open(fake, "w") as f:
        f.write(FAKE.replace("LOG", repr(log)))
    os.chmod(fake, 0o755)
    if os.path.exists(log):
        os.remove(log)
    os.makedirs(out, exist_ok=True)
    proc = subprocess.run([sys.executable, os.path.join(SRC, "scripts/results/coupler_study.py"),
                           "--optinet", fake, "--out", out, "--only", "curves", "--jobs", "1",
                           *options], capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        failures.append(f"{' '.join(options)}: exit {proc.returncode}: {proc.stderr.strip()}")
        return []
    with open(log) as f:
        return [line.split() for line in f]


def curves_in(out):
    with open(os.path.join(out, "coupler-evaluation-curves.csv"), newline="") as f:
        return sorted({(r["network"], r["protocol"]) for r in csv.DictReader(f)})


with tempfile.TemporaryDirectory() as tmp:
    log = os.path.join(tmp, "runs.log")
    first = os.path.join(tmp, "first")
    # One network, every protocol of it.
    ran = study(tmp, first, log, "--networks", "POPS(64,64)")
    networks = {" ".join(r[:r.index("--protocol")]) for r in ran}
    protocols = sorted(r[r.index("--protocol") + 1] for r in ran)
    if networks != {"pops --d 64 --g 64"} or protocols != ["randomized", "reservation"]:
        failures.append(f"--networks POPS(64,64) ran {ran}")
    # Two networks (a comma inside a label's parentheses is the label's) and one protocol,
    # keeping the first study's curves.
    second = os.path.join(tmp, "second")
    ran = study(tmp, second, log, "--networks", "POPS(64,64),OCPC p=256", "--protocols",
                "reservation", "--keep", os.path.join(first, "coupler-evaluation-curves.csv"))
    commands = sorted(" ".join(r[:r.index("--traffic")]) for r in ran)
    expected = ["ocpc --p 256 --protocol reservation",
                "pops --d 64 --g 64 --protocol reservation"]
    if commands != expected:
        failures.append(f"--networks 'POPS(64,64),OCPC p=256' --protocols reservation ran "
                        f"{commands}, expected {expected}")
    want = [("OCPC p=256", "reservation"), ("POPS(64,64)", "randomized"),
            ("POPS(64,64)", "reservation")]
    if curves_in(second) != want:
        failures.append(f"the CSV with --keep holds {curves_in(second)}, expected {want}")

for f in failures:
    print(f"FAIL {f}")
sys.exit(1 if failures else 0)
