#!/usr/bin/env python3
"""usage: pops_views_match.py OPTINET WORKDIR

POPS's two views are one hardware: `--view pins` and `--view grouped` give the same runs for
every protocol (closed loop on three shapes and two traffics; open loop, Bernoulli and bursty,
for every protocol that runs it; and with injected faults), their JSON reports equal in every field but `view`, the timings
and the memory estimate. With --vcd, every signal both views trace (the processors' tx/rx registers, the
couplers' busy, collision, frame_packet, frame_kind and power_mw) changes at the same times to
the same values. Exit status 1 on the first difference.
"""
import json
import os
import pathlib
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_runs import differences, strip_timing  # noqa: E402
from vcd_reader import full_names, parse  # noqa: E402

OPTINET, WORKDIR = sys.argv[1], pathlib.Path(sys.argv[2])
WORKDIR.mkdir(parents=True, exist_ok=True)


def fail(message):
    sys.exit(f"FAIL: {message}")


def protocols():
    help_text = subprocess.run([OPTINET, "pops", "--help"], check=True, capture_output=True,
                               text=True).stdout
    line = re.search(r"--protocol TEXT=\S+\s+(.*)", help_text)
    if not line:
        fail("no --protocol line in optinet pops --help")
    return [p.strip() for p in line.group(1).split(",")]


def run(args, view, vcd=False):
    out = WORKDIR / f"views_{view}.json"
    command = [OPTINET, "pops"] + args + ["--view", view, "--json", str(out), "--quiet"]
    if vcd:
        command += ["--vcd", str(WORKDIR / f"views_{view}.vcd")]
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode == 2:
        return None  # refused (an open-loop traffic the protocol does not run)
    # 1: a run failed its checks (randomized-literal may); 4: injected faults kept packets from
    # delivery. Both views must report them alike.
    if done.returncode not in (0, 1, 4):
        fail(f"optinet pops {' '.join(args)} --view {view}: exit {done.returncode}: {done.stderr}")
    report = strip_timing(json.loads(out.read_text()))
    report.pop("memory_estimate_bytes")  # the elaboration's size, which the views differ in
    report["exit_status"] = done.returncode
    if report["parameters"].pop("view") != view:
        fail(f"optinet pops {' '.join(args)}: the report does not say view {view}")
    return report


def vcd_changes(view):
    names, changes = parse(WORKDIR / f"views_{view}.vcd")
    return {name: changes.get(code, []) for name, code in full_names(names).items()}


def compare(args, vcd=False):
    pins, grouped = run(args, "pins", vcd), run(args, "grouped", vcd)
    if pins is None or grouped is None:
        if (pins is None) != (grouped is None):
            fail(f"optinet pops {' '.join(args)}: refused by one view only")
        return 0
    diffs = differences(grouped, pins)
    if diffs:
        fail(f"optinet pops {' '.join(args)}: the views differ:\n  " + "\n  ".join(diffs[:10]))
    if vcd:
        a, b = vcd_changes("grouped"), vcd_changes("pins")
        common = sorted(set(a) & set(b))
        if not any(".coupler_" in n for n in common) or not any(".proc" in n for n in common):
            fail(f"optinet pops {' '.join(args)}: the VCDs share no coupler or processor signal")
        for name in common:
            if a[name] != b[name]:
                fail(f"{name}: grouped {a[name][:6]}... against pins {b[name][:6]}...")
    return len(pins["runs"])


compared = 0
shapes = [["--d", "4", "--g", "4"], ["--d", "8", "--g", "4"], ["--d", "4", "--g", "8"]]
for protocol in protocols():
    for shape in shapes:
        for traffic in (["--traffic", "random"], ["--traffic", "partial"]):
            compared += compare(shape + ["--protocol", protocol, "--runs", "2", "--seed", "7"]
                                + traffic)
    for traffic in (["--traffic", "bernoulli", "--rate", "0.1"],
                    ["--traffic", "bursty", "--rate", "0.05", "--burst", "4"]):
        compared += compare(["--d", "4", "--g", "4", "--protocol", protocol, "--seed", "3",
                             "--warmup", "50", "--measure", "200"] + traffic)
    compared += compare(["--d", "4", "--g", "4", "--protocol", protocol, "--seed", "5"], vcd=True)
# Injected faults act on the same couplers and receivers in both views, and are logged alike.
for faults in (["--fault", "jammer:5"], ["--fault", "ber:0.01"],
               ["--fault", "coupler:1:2@3", "--fault", "receiver:6"],
               ["--fault", "jammer:3@10", "--protocol", "reservation"]):
    compared += compare(["--d", "4", "--g", "4", "--runs", "2", "--seed", "2"] + faults)
print(f"ok: {compared} runs equal in the pins and grouped views, VCD signals included")
