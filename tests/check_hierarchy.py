#!/usr/bin/env python3
"""usage: check_hierarchy.py OPTINET WORKDIR

`optinet NETWORK --hierarchy FILE` on a small network of every family: the file is one JSON
object {"objects": [...]}, one entry per SystemC object with its name, kind and bound_to; names
are unique; every port is bound, to an object of the hierarchy; the top-level clock is there.
Exit status 1 on the first failure.
"""
import json
import pathlib
import subprocess
import sys

OPTINET, WORKDIR = sys.argv[1], pathlib.Path(sys.argv[2])
WORKDIR.mkdir(parents=True, exist_ok=True)

FAMILIES = ["pops --d 4 --g 4", "ocpc --p 16", "mob --p 4",
            "dmob --k 3 --dim 3", "hypercube --n 4", "shuffle --d 2 --n 4", "ccc --s 3",
            "shuffle-exchange --n 4", "grid --n 4 --k 2", "mesh --n 4 --levels 2",
            "splithash --k 8 --depth 2"]
PORT_KINDS = {"sc_in", "sc_out", "sc_inout", "sc_port"}


def fail(message):
    sys.exit(f"FAIL: {message}")


def hierarchy(command, name):
    out = WORKDIR / f"hierarchy_{name}.json"
    subprocess.run([OPTINET] + command.split() + ["--hierarchy", str(out), "--quiet"], check=True,
                   stdout=subprocess.DEVNULL)
    report = json.loads(out.read_text())
    if list(report) != ["objects"]:
        fail(f"{command}: keys {list(report)}, expected ['objects']")
    objects = {}
    for o in report["objects"]:
        if list(o)[:3] != ["name", "kind", "bound_to"]:
            fail(f"{command}: entry {o} lacks name, kind, bound_to")
        if o["name"] in objects:
            fail(f"{command}: {o['name']} listed twice")
        objects[o["name"]] = o
    for o in objects.values():
        if o["kind"] in PORT_KINDS and o["bound_to"] not in objects:
            fail(f"{command}: port {o['name']} bound to {o['bound_to']!r}, not an object")
        if o["kind"] not in PORT_KINDS and o["kind"] != "sc_export" and o["bound_to"] is not None:
            fail(f"{command}: {o['name']} ({o['kind']}) has bound_to {o['bound_to']!r}")
    if objects.get("clk", {}).get("kind") != "sc_clock":
        fail(f"{command}: no slot clock 'clk' at the top")
    return objects


for i, command in enumerate(FAMILIES):
    objects = hierarchy(command, f"{command.split()[0]}_{i}")
print(f"ok: the hierarchy of {len(FAMILIES)} networks, every port bound")
