#!/usr/bin/python3
"""Every signal of traces/mesh_sync_4x4.gtkw is in the VCD of the command the file names, and
the processors' phase signals show every phase of a split.
usage: mesh_gtkw_names.py OPTINET GTKW WORKDIR"""
import re
import subprocess
import sys

import os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from vcd_reader import full_names, parse  # noqa: E402

optinet, gtkw, workdir = sys.argv[1:4]
vcd_path = workdir + "/mesh_sync_4x4.vcd"
subprocess.run([optinet, "mesh", "--n", "4", "--levels", "2", "--seed", "3", "--quiet", "--vcd",
                vcd_path], check=True, stdout=subprocess.DEVNULL)
codes, changes = parse(vcd_path)
names = full_names(codes)
wanted = re.findall(r"\} (SystemC\.\S+)", open(gtkw).read())
missing = [s for s in wanted if re.sub(r"\[.*", "", s) not in names]
if missing:
    sys.exit("FAIL: not in the VCD: " + ", ".join(missing[:5]))
phase_codes = {c for n, c in names.items() if n.endswith(".phase")}
seen = {int(value, 2) for code in phase_codes for _, value in changes.get(code, [])}
if not {1, 2, 3, 4, 5, 6, 7, 8, 10} <= seen:
    sys.exit("FAIL: phases seen " + str(sorted(seen)))
print("ok:", len(wanted), "signals, phases", sorted(seen))
