#!/usr/bin/env python3
"""usage: ocpc_rtl_instance.py OPTINET WORKDIR

Per-instance RTL in the OCPC's pins view: `--rtl receiver:NODE=MODEL` (and `...:lockstep`)
swaps processor NODE's receiver alone for a verilated receiver stage, and the runs are the
behavioural runs, field for field (every protocol closed loop, an open-loop run, several
receivers at once), with the combinational stage (`ocpc_bus_receiver`) and with the same stage's
outputs registered (`ocpc_bus_receiver_registered`). The swapped receiver has the verilated
model as its child `rtl`, clocked by its `rtl_clk`, and reads the bus's lanes (transmitter K's
wires, as the bus's input K does); the others have none. In lockstep, a design with a planted
bug (`receiver_drops_collisions`: collisions unflagged) fails the run, exit 1, with an error that
names the first slot in which the receiver collided (read from the behavioural run's VCD) and
the receiver. A swapped receiver's run has the behavioural run's waveforms, but for its own
output wires. Exits 77 (skipped) in a build without Verilator. Exit status 1 on the first
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
from vcd_reader import full_names, parse  # noqa: E402

OPTINET, WORKDIR = sys.argv[1], pathlib.Path(sys.argv[2])
WORKDIR.mkdir(parents=True, exist_ok=True)
COMBINATIONAL, REGISTERED = "ocpc_bus_receiver", "ocpc_bus_receiver_registered"


def run(args):
    return run_report([OPTINET, "ocpc"] + args, WORKDIR / "rtl.json")


def rtl_args(swaps):
    return [a for spec in swaps for a in ("--rtl", spec)]


help_text = subprocess.run([OPTINET, "ocpc", "--help"], check=True, capture_output=True,
                           text=True).stdout
PROTOCOLS = [p.strip() for p in re.search(r"--protocol TEXT=\S+\s+(.*)", help_text).group(1)
             .split(",")]
SWAPS = [[f"receiver:3={COMBINATIONAL}"], [f"receiver:0={REGISTERED}:lockstep"],
         [f"receiver:1={COMBINATIONAL}", f"receiver:5={REGISTERED}",
          f"receiver:7={COMBINATIONAL}:lockstep"]]
compared = 0
for protocol in PROTOCOLS:
    base = ["--p", "8", "--protocol", protocol, "--runs", "2", "--seed", "4"]
    behavioural = run(base)
    for swaps in SWAPS:
        rtl = run(base + rtl_args(swaps))
        diffs = differences(behavioural, rtl)
        if diffs:
            fail(f"{protocol} with {' '.join(rtl_args(swaps))}:\n  " + "\n  ".join(diffs[:10]))
        compared += len(rtl["runs"])
open_loop = ["--p", "16", "--traffic", "bernoulli", "--rate", "0.2", "--warmup", "50",
             "--measure", "200", "--seed", "6"]
if differences(run(open_loop), run(open_loop + ["--rtl", f"receiver:2={REGISTERED}"])):
    fail("an open-loop run with --rtl receiver:2 differs from the behavioural run")
compared += 1



def vcd_signals(args, name):
    vcd = WORKDIR / f"{name}.vcd"
    write_vcd([OPTINET, "ocpc"] + args, vcd)
    names, changes = parse(vcd)
    return {n: changes.get(code, []) for n, code in full_names(names).items()}


# The waveforms too: every signal but the swapped receiver's own output wires (which change a
# quarter slot later) is the behavioural run's, the processors' receive registers included.
waves = ["--p", "8", "--h", "2", "--seed", "9"]
plain = vcd_signals(waves, "behavioural")
swapped = vcd_signals(waves + ["--rtl", f"receiver:6={REGISTERED}"], "swapped")
if "SystemC.ocpc.proc6.rx_packet" not in plain:
    fail("the VCD has no ocpc.proc6.rx_packet")
for name in sorted(set(plain) & set(swapped)):
    if not name.startswith("SystemC.ocpc.receiver6_") and plain[name] != swapped[name]:
        fail(f"{name}: behavioural {plain[name][:6]}... against --rtl receiver:6 "
             f"{swapped[name][:6]}...")

objects = swapped_hierarchy([OPTINET, "ocpc", "--p", "8", "--rtl",
                             f"receiver:3={COMBINATIONAL}"], "ocpc.receiver3",
                            WORKDIR / "rtl_hierarchy.json")
for k in range(8):
    lane = objects.get(f"ocpc.receiver3.lane{k}_valid", {}).get("bound_to")
    if lane is None or objects.get(f"ocpc.bus.in{k}_valid", {}).get("bound_to") != lane:
        fail(f"ocpc.receiver3.lane{k}_valid reads {lane!r}, not the bus's input {k}")

# Lockstep against a planted bug: the run fails at the receiver's first collision.
bug = ["--p", "8", "--h", "2", "--seed", "9"]
vcd = WORKDIR / "rtl_bug.vcd"
write_vcd([OPTINET, "ocpc"] + bug, vcd)
first = first_pulse(vcd, [f"ocpc.receiver{node}_collision" for node in range(8)])
if first is None:
    fail(f"no receiver collides in ocpc {' '.join(bug)}: no planted bug to catch")
slot, signal = first
receiver = signal.removesuffix("_collision")
node = receiver.removeprefix("ocpc.receiver")
expect_lockstep_failure(
    [OPTINET, "ocpc"] + bug + ["--rtl", f"receiver:{node}=receiver_drops_collisions:lockstep"],
    f"lockstep mismatch in slot {slot} at {receiver} (behavioural: valid 0 collision 1; "
    "rtl: valid 1 collision 0 frame of packet")
print(f"ok: {compared} runs with per-instance RTL receivers equal to the behavioural runs; "
      f"lockstep caught the planted bug in slot {slot} at {receiver}")
