#!/usr/bin/env python3
"""usage: pops_rtl_instance.py OPTINET WORKDIR

Per-instance RTL in POPS's pins view: `--rtl coupler:B:A=optical_passive_star` (and
`...:lockstep`) swaps coupler c(B,A) alone for the verilated coupler, and the runs are the
behavioural runs, field for field (every protocol, closed loop and an open-loop run, couplers
with and without collisions, several at once). The swapped coupler has the verilated model as
its child `rtl`, clocked by the slot clock; the others have none. In lockstep, a design with a
planted bug (`star_drops_collisions`: collisions unflagged) fails the run, exit 1, with an error
that names the first slot in which the coupler collided (read from the behavioural run's VCD)
and the coupler. Exits 77 (skipped) in a build without Verilator. Exit status 1 on the first
difference.
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
MODEL = "optical_passive_star"


def fail(message):
    sys.exit(f"FAIL: {message}")


def run(args, name):
    out = WORKDIR / f"rtl_{name}.json"
    command = [OPTINET, "pops"] + args + ["--json", str(out), "--quiet"]
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode == 2 and "was not built" in done.stderr:
        print(f"SKIPPED: {done.stderr.strip()}")
        sys.exit(77)
    if done.returncode == 2 and "--d/--g" in done.stderr and "--rtl" not in args:
        return None  # a protocol that needs another shape
    if done.returncode not in (0, 1):
        fail(f"{' '.join(command)}: exit {done.returncode}: {done.stderr}")
    report = strip_timing(json.loads(out.read_text()))
    report.pop("memory_estimate_bytes")
    report["exit_status"] = done.returncode
    return report


def protocols():
    help_text = subprocess.run([OPTINET, "pops", "--help"], check=True, capture_output=True,
                               text=True).stdout
    return [p.strip() for p in re.search(r"--protocol TEXT=\S+\s+(.*)", help_text).group(1)
            .split(",")]


SWAPS = [["coupler:1:2=" + MODEL], ["coupler:0:0=" + MODEL + ":lockstep"],
         ["coupler:3:3=" + MODEL, "coupler:2:1=" + MODEL + ":lockstep",
          "coupler:0:3=" + MODEL]]
compared = 0
for protocol in protocols():
    for shape in (["--d", "4", "--g", "4"], ["--d", "8", "--g", "4"]):
        base = shape + ["--protocol", protocol, "--runs", "2", "--seed", "4"]
        behavioural = run(base, "behavioural")
        if behavioural is not None:
            break
    if behavioural is None:
        fail(f"{protocol}: refused on POPS(4,4) and POPS(8,4)")
    for swap in SWAPS:
        rtl = run(base + [a for spec in swap for a in ("--rtl", spec)], "swapped")
        diffs = differences(behavioural, rtl)
        if diffs:
            fail(f"{protocol} with --rtl {' '.join(swap)}:\n  " + "\n  ".join(diffs[:10]))
        compared += len(rtl["runs"])
open_loop = ["--d", "4", "--g", "4", "--traffic", "bernoulli", "--rate", "0.1", "--warmup", "50",
             "--measure", "200", "--seed", "6"]
if differences(run(open_loop, "open"), run(open_loop + ["--rtl", "coupler:2:2=" + MODEL],
                                               "open_rtl")):
    fail("an open-loop run with --rtl coupler:2:2 differs from the behavioural run")
compared += 1

hierarchy = WORKDIR / "rtl_hierarchy.json"
subprocess.run([OPTINET, "pops", "--d", "4", "--g", "4", "--rtl", "coupler:1:2=" + MODEL,
                "--hierarchy", str(hierarchy), "--quiet"], check=True, stdout=subprocess.DEVNULL)
objects = {o["name"]: o for o in json.loads(hierarchy.read_text())["objects"]}
if objects.get("pops.group1.coupler_b1_a2.rtl.clk", {}).get("bound_to") != "clk":
    fail("c(1,2) has no verilated child rtl clocked by the slot clock")
swapped = sorted({n.split(".rtl")[0] for n in objects if ".rtl." in n})
if swapped != ["pops.group1.coupler_b1_a2"]:
    fail(f"verilated models in {swapped}, expected c(1,2) only")

# Lockstep against a planted bug: the run fails at the coupler's first collision.
bug = ["--d", "8", "--g", "2", "--seed", "9"]
vcd = WORKDIR / "rtl_bug.vcd"
subprocess.run([OPTINET, "pops"] + bug + ["--vcd", str(vcd), "--quiet"], check=True,
               stdout=subprocess.DEVNULL)
names, changes = parse(vcd)
codes = full_names(names)
coupler = "pops.group1.coupler_b1_a0"
collided = [t for t, v in changes[codes["SystemC." + coupler + ".collision"]] if v == "1"]
if not collided:
    fail(f"{coupler} never collides in pops {' '.join(bug)}: no planted bug to catch")
slot = None
for t, v in changes[codes["SystemC.control.slot"]]:
    if t <= collided[0]:
        slot = int(v, 2)
done = subprocess.run([OPTINET, "pops"] + bug + ["--rtl", "coupler:1:0=star_drops_collisions:lockstep"],
                      capture_output=True, text=True)
expected = (f"lockstep mismatch in slot {slot} at {coupler} (behavioural: busy 1 collision 1; "
            "rtl: busy 1 collision 0 frame of packet")
if done.returncode != 1 or expected not in done.stdout + done.stderr:
    fail(f"--rtl coupler:1:0=star_drops_collisions:lockstep: exit {done.returncode}, expected 1 "
         f"and '{expected}':\n{done.stdout}{done.stderr}")
print(f"ok: {compared} runs with per-instance RTL couplers equal to the behavioural runs; "
      f"lockstep caught the planted bug in slot {slot} at {coupler}")
