#!/usr/bin/python3
"""usage: hardware_acks_match_stepping.py OPTINET WORKDIR

An untraced OCPC-family processor sleeps through the ack slot of each communication step and
its receiver logic acknowledges (models/ocpc/ocpc_hardware_acks.h); a traced one steps both slots
itself. Both must give exactly the same runs: every case is run untraced, with every processor
traced (--vcd) and with only the first half traced (--trace-nodes: the two kinds in one run),
and every JSON run field but wall_seconds must agree; so must every bus signal of the two VCDs
(a bus shows the same frames whoever acknowledged them). Exit status 1 on the first difference.
"""
import json
import pathlib
import subprocess
import sys

import os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from vcd_reader import parse  # noqa: E402

OPTINET, WORKDIR = sys.argv[1], pathlib.Path(sys.argv[2])
WORKDIR.mkdir(parents=True, exist_ok=True)

# (command, processors): every protocol built on communication steps, on the three topologies,
# with a few faults (frames lost at a dead bus, garbled by bit errors).
CASES = [
    (["ocpc", "--p", "64", "--h", "2", "--protocol", "gjlr"], 64),
    (["ocpc", "--p", "32", "--h", "3", "--protocol", "thinning"], 32),
    (["ocpc", "--p", "32", "--h", "2", "--protocol", "valiant"], 32),
    (["ocpc", "--p", "32", "--h", "2", "--protocol", "coinflip"], 32),
    (["ocpc", "--p", "16", "--protocol", "gjlr", "--fault", "ber:0.05"], 16),
    (["mob", "--p", "8", "--h", "2", "--protocol", "gjlr"], 64),
    (["mob", "--p", "4", "--h", "2", "--protocol", "gjlr", "--gjlr-lemma4"], 16),
    (["mob", "--p", "8", "--h", "2", "--protocol", "row-column"], 64),
    (["mob", "--p", "4", "--protocol", "row-column", "--fault", "bus:row_bus1@3"], 16),
    (["dmob", "--k", "3", "--dim", "3", "--h", "2"], 27),
]


def runs(args, name):
    """The exit status and the runs (a fault may make a run fail: the status is compared too)."""
    out = WORKDIR / f"hardware_acks_{name}.json"
    out.unlink(missing_ok=True)
    status = subprocess.run(
        [OPTINET] + args + ["--runs", "2", "--seed", "7", "--json", str(out), "--quiet"],
        stdout=subprocess.DEVNULL, check=False).returncode
    report = json.loads(out.read_text())
    return status, [{f: v for f, v in r.items() if f != "wall_seconds"} for r in report["runs"]]


def bus_signals(vcd):
    """Every value change of a signal outside the processors' scopes and their receivers'
    (the pins view traces a processor's receiver wires with the processor): (time, name,
    value)."""
    names, changes = parse(vcd)
    return sorted((time, name, value) for code, history in changes.items()
                  for name in names.get(code, []) if ".proc" not in name
                  and ".receiver" not in name for time, value in history)


compared = 0
for args, n in CASES:
    untraced = runs(args, "untraced")
    if not untraced[1] or any(r["packets"] == 0 for r in untraced[1]):
        sys.exit(f"FAIL: {' '.join(args)}: no packets")
    vcds = {}
    for mode, extra in (("traced", []), ("half traced", ["--trace-nodes", f"0:{n // 2 - 1}"])):
        vcds[mode] = WORKDIR / f"hardware_acks_{mode.replace(' ', '_')}.vcd"
        other = runs(args + ["--vcd", str(vcds[mode])] + extra, mode.replace(" ", "_"))
        if other != untraced:
            sys.exit(f"FAIL: {' '.join(args)}: {mode} runs differ from untraced ones:\n"
                     f" untraced {untraced}\n {mode} {other}")
    full, half = bus_signals(vcds["traced"]), bus_signals(vcds["half traced"])
    if not full or full != half:
        sys.exit(f"FAIL: {' '.join(args)}: the buses' signals differ between the traced and the "
                 f"half traced VCD ({len(full)} and {len(half)} changes)")
    compared += len(untraced[1])
print(f"ok: {compared} runs the same untraced, traced and half traced, field for field")
