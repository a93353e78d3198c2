#!/usr/bin/python3
"""traces/pops_pins_coupler.gtkw on the demo's waveform (`make demo`, pins view): every signal it
shows is in the VCD, and coupler c(0,0) collides in the slots its comment names.
usage: pops_pins_gtkw.py OPTINET GTKW WORKDIR"""
import re
import subprocess
import sys

import os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from vcd_reader import full_names, parse  # noqa: E402

optinet, gtkw, workdir = sys.argv[1:4]
vcd_path = workdir + "/pops_pins_demo.vcd"
subprocess.run([optinet, "pops", "--d", "4", "--g", "4", "--seed", "1", "--view", "pins",
                "--quiet", "--vcd", vcd_path], check=True, stdout=subprocess.DEVNULL)
codes, changes = parse(vcd_path)
names = full_names(codes)
text = open(gtkw).read()
wanted = re.findall(r"\} (SystemC\.\S+)", text)
missing = [s for s in wanted if re.sub(r"\[.*", "", s) not in names]
if missing:
    sys.exit("FAIL: not in the VCD: " + ", ".join(missing[:5]))
said = [int(s) for s in re.search(r"collides in slots ([\d, and]+)\.", text).group(1)
        .replace("and", ",").split(",") if s.strip()]
code = names["SystemC.pops.group0.coupler_b0_a0.collision"]
slots = changes[names["SystemC.control.slot"]]  # (time, binary value), in time order


def slot_at(time):
    """The slot number the `slot` signal shows at `time` (a run starts at a falling edge, so
    slot k is not the clock cycle k: read it, do not divide the time by the period)."""
    value = "0"
    for t, v in slots:
        if t > time:
            break
        value = v
    return int(value, 2)


seen = [slot_at(t) for t, value in changes.get(code, []) if value == "1"]
if seen != said:
    sys.exit(f"FAIL: c(0,0) collides in slots {seen}, the save file says {said}")
print("ok:", len(wanted), "signals; c(0,0) collides in slots", seen)
