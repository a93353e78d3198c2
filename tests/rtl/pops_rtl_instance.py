#!/usr/bin/env python3
"""usage: pops_rtl_instance.py OPTINET WORKDIR

Per-instance RTL in POPS's pins view: `--rtl coupler:B:A=optical_passive_star` (and
`...:lockstep`) swaps coupler c(B,A) alone for the verilated coupler, and the runs are the
behavioural runs, field for field (every protocol, closed loop and an open-loop run, couplers
with and without collisions, several at once). The swapped coupler has the verilated model as
its child `rtl`, clocked by the coupler's rtl_clk; the others have none. In lockstep, a design with a
planted bug (`star_drops_collisions`: collisions unflagged) fails the run, exit 1, with an error
that names the first slot in which the coupler collided (read from the behavioural run's VCD)
and the coupler. Exits 77 (skipped) in a build without Verilator. Exit status 1 on the first
difference.
"""
import os
import pathlib
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_runs import differences  # noqa: E402
from rtl_instances import (expect_lockstep_failure, fail, first_pulse, run_report,  # noqa: E402
                           swapped_hierarchy, write_vcd)

OPTINET, WORKDIR = sys.argv[1], pathlib.Path(sys.argv[2])
WORKDIR.mkdir(parents=True, exist_ok=True)
MODEL = "optical_passive_star"


def run(args, name):
    # A protocol that needs another shape is refused without --rtl (None).
    return run_report([OPTINET, "pops"] + args, WORKDIR / f"rtl_{name}.json",
                      None if "--rtl" in args else "--d/--g")


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

swapped_hierarchy([OPTINET, "pops", "--d", "4", "--g", "4", "--rtl", "coupler:1:2=" + MODEL],
                  "pops.group1.coupler_b1_a2", WORKDIR / "rtl_hierarchy.json")

# Lockstep against a planted bug: the run fails at the coupler's first collision.
bug = ["--d", "8", "--g", "2", "--seed", "9"]
vcd = WORKDIR / "rtl_bug.vcd"
write_vcd([OPTINET, "pops"] + bug, vcd)
coupler = "pops.group1.coupler_b1_a0"
first = first_pulse(vcd, [coupler + ".collision"])
if first is None:
    fail(f"{coupler} never collides in pops {' '.join(bug)}: no planted bug to catch")
slot = first[0]
expect_lockstep_failure(
    [OPTINET, "pops"] + bug + ["--rtl", "coupler:1:0=star_drops_collisions:lockstep"],
    f"lockstep mismatch in slot {slot} at {coupler} (behavioural: busy 1 collision 1; "
    "rtl: busy 1 collision 0 frame of packet")
print(f"ok: {compared} runs with per-instance RTL couplers equal to the behavioural runs; "
      f"lockstep caught the planted bug in slot {slot} at {coupler}")
