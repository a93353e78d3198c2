#!/usr/bin/env python3
"""Every signal of traces/mesh_sync_4x4.gtkw is in the VCD of the command the file names, and
the processors' phase signals show every phase of a split.
usage: mesh_gtkw_names.py OPTINET GTKW WORKDIR"""
import re
import subprocess
import sys

optinet, gtkw, workdir = sys.argv[1:4]
vcd_path = workdir + "/mesh_sync_4x4.vcd"
subprocess.run([optinet, "mesh", "--n", "4", "--levels", "2", "--seed", "3", "--quiet", "--vcd",
                vcd_path], check=True, stdout=subprocess.DEVNULL)
scope, names, codes = [], {}, {}
lines = open(vcd_path).read().split("\n")
body = 0
for i, line in enumerate(lines):
    t = line.split()
    if not t:
        continue
    if t[0] == "$scope":
        scope.append(t[2])
    elif t[0] == "$upscope":
        scope.pop()
    elif t[0] == "$var":
        name = ".".join(scope + [t[4]])
        names[name] = t[3]
    elif t[0] == "$enddefinitions":
        body = i
        break
wanted = re.findall(r"\} (SystemC\.\S+)", open(gtkw).read())
missing = [s for s in wanted if re.sub(r"\[.*", "", s) not in names]
if missing:
    sys.exit("FAIL: not in the VCD: " + ", ".join(missing[:5]))
phase_codes = {c for n, c in names.items() if n.endswith(".phase")}
seen = set()
for line in lines[body:]:
    if line.startswith("b") and " " in line:
        value, code = line[1:].split()
        if code in phase_codes:
            seen.add(int(value, 2))
if not {1, 2, 3, 4, 5, 6, 7, 8, 10} <= seen:
    sys.exit("FAIL: phases seen " + str(sorted(seen)))
print("ok:", len(wanted), "signals, phases", sorted(seen))
