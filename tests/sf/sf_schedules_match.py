#!/usr/bin/python3
"""usage: sf_schedules_match.py OPTINET WORKDIR

In the grouped view, store-and-forward nodes are stepped by the network's one process unless
--node-processes makes each node an SC_METHOD of its own (models/sf/sf_node.h,
"Process choice"). Both
schedules must give exactly the same runs: every case runs both ways and every JSON run field
but wall_seconds must agree, with the exit status; so must every signal of the two VCDs of the
traced cases. Cases cover each network and scheme, both disciplines, bounded queues, the
paper's separate phases, phase windows, h-relations, faults (a run that fails fails both ways)
and open-loop runs. Exit status 1 on the first difference.
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

# (arguments, traced): each run with --runs 3 --seed 11 unless it is open loop.
CASES = [
    (["hypercube", "--n", "6", "--protocol", "cubes", "--traffic", "random"], True),
    (["hypercube", "--n", "7", "--protocol", "basic", "--traffic", "random", "--discipline",
      "ftg"], False),
    (["hypercube", "--n", "6", "--protocol", "cubess", "--traffic", "random",
      "--queue-capacity", "1"], True),
    (["hypercube", "--n", "7", "--protocol", "cubes", "--traffic", "random", "--phases",
      "separate"], False),
    (["hypercube", "--n", "6", "--protocol", "cubes", "--traffic", "random-h-relation", "--h",
      "3", "--queue-capacity", "2"], False),
    (["hypercube", "--n", "5", "--protocol", "cubes", "--traffic", "random", "--fault",
      "link:0:1@2", "--fault", "ber:0.02"], True),
    (["shuffle", "--d", "2", "--n", "6", "--protocol", "mshuffle", "--traffic", "random"], False),
    (["shuffle", "--d", "4", "--n", "3", "--protocol", "dshuffle", "--traffic", "random",
      "--queue-capacity", "1"], False),
    (["ccc", "--s", "3", "--traffic", "random"], True),
    (["shuffle-exchange", "--n", "6", "--traffic", "bit-reversal"], False),
    (["grid", "--n", "8", "--k", "2", "--protocol", "grid3", "--traffic", "transpose"], False),
    (["grid", "--n", "4", "--k", "3", "--protocol", "gridk", "--traffic", "random",
      "--phase-window", "9"], False),
    (["grid", "--n", "6", "--k", "2", "--traffic", "bernoulli", "--rate", "0.2", "--warmup",
      "50", "--measure", "300"], True),
    (["hypercube", "--n", "5", "--traffic", "bursty", "--rate", "0.1", "--warmup", "50",
      "--measure", "200", "--queue-capacity", "2"], False),
    # Seed 11: the first two runs hit the slot limit, the third finishes after them.
    (["hypercube", "--n", "6", "--traffic", "random", "--max-slots", "10"], False),
]


def run(args, schedule, vcd):
    """The exit status, the runs without their wall time, and the VCD's value changes."""
    out = WORKDIR / f"sf_schedules_{schedule}.json"
    out.unlink(missing_ok=True)
    extra = [] if "--warmup" in args else ["--runs", "3", "--seed", "11"]
    extra += ["--view", "grouped"]  # the grouped view's two schedules
    extra += ["--node-processes"] if schedule == "node_processes" else []
    extra += ["--vcd", str(vcd)] if vcd else []
    status = subprocess.run([OPTINET] + args + extra + ["--json", str(out), "--quiet"],
                            stdout=subprocess.DEVNULL, check=False).returncode
    if not out.exists():
        sys.exit(f"FAIL: {' '.join(args + extra)}: exit status {status}, no JSON")
    report = json.loads(out.read_text())
    fields = [{f: v for f, v in r.items() if f != "wall_seconds"} for r in report["runs"]]
    changes = None
    if vcd:
        names, history = parse(vcd)
        changes = sorted((time, name, value) for code, h in history.items()
                         for name in names.get(code, []) for time, value in h)
    return status, fields, changes


compared = 0
for args, traced in CASES:
    results = {}
    for schedule in ("network", "node_processes"):
        vcd = WORKDIR / f"sf_schedules_{schedule}.vcd" if traced else None
        results[schedule] = run(args, schedule, vcd)
    network, node = results["network"], results["node_processes"]
    if not network[1] or all(r.get("hops", 0) == 0 for r in network[1]):
        sys.exit(f"FAIL: {' '.join(args)}: no run moved a packet")
    if network[:2] != node[:2]:
        sys.exit(f"FAIL: {' '.join(args)}: the runs differ (exit status {network[0]} and "
                 f"{node[0]}):\n network process {network[1]}\n node processes {node[1]}")
    if traced and (not network[2] or network[2] != node[2]):
        sys.exit(f"FAIL: {' '.join(args)}: the VCDs differ ({len(network[2] or [])} and "
                 f"{len(node[2] or [])} value changes)")
    compared += len(network[1])
print(f"ok: {compared} runs of {len(CASES)} cases the same under both schedules, field for "
      "field, and their VCDs alike")
