#!/usr/bin/python3
"""usage: check_fault_json.py OPTINET WORKDIR
Runs POPS(2,2) TDMA with packet 0 -> 2 and coupler c(1,0) dead from slot 1, and checks the JSON:
the plan under parameters.faults, and per run what the fault did (one frame lost, the packet
listed with its reason, exit status 4)."""
import json
import os
import subprocess
import sys

optinet, work = sys.argv[1], sys.argv[2]
perm = os.path.join(work, "fault_json_perm.txt")
out = os.path.join(work, "fault_json.json")
with open(perm, "w") as f:
    f.write("2 - - -\n")
status = subprocess.run([optinet, "pops", "--d", "2", "--g", "2", "--protocol", "tdma",
                         "--permutation-file", perm, "--fault", "coupler:1:0@1",
                         "--fault", "ber:0.5", "--json", out, "--quiet"],
                        stdout=subprocess.DEVNULL).returncode
assert status == 4, "exit status %d" % status
r = json.load(open(out))
assert r["parameters"]["faults"] == [
    {"spec": "coupler:1:0@1", "kind": "coupler", "from_slot": 1},
    {"spec": "ber:0.5", "kind": "ber", "probability": 0.5}], r["parameters"]["faults"]
run = r["runs"][0]
assert run["ok"] and run["errors"] == [], run
assert run["undelivered_to_faults"] == 1 and run["delivered"] == 0, run
assert run["faults"][0] == {"spec": "coupler:1:0@1", "frames_lost": 1}, run["faults"]
assert run["faults"][1]["frames_lost"] == 0, run["faults"]  # a dead coupler garbles nothing
assert run["fault_losses"][0].startswith("packet 0 (0 -> 2): stopped by fault coupler:1:0@1"), run
assert run["stalled"] is False and run["halted_nodes"] == [], run
os.remove(out)
print("ok")
