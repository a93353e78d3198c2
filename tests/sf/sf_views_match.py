#!/usr/bin/env python3
"""usage: sf_views_match.py OPTINET WORKDIR

The store-and-forward networks' two views are one hardware: `--view pins` and `--view grouped`
give the same runs for every topology and scheme (closed loop, unbounded and bounded queues;
open loop, Bernoulli and bursty, on the grid and the hypercube, and a curve; injected faults;
runs cut at the slot limit), their JSON reports equal in every field but `view`, the timings
and the memory estimate. With --vcd, every signal both views trace (each node's population, each
link's busy, packet and power_mw) has the same value at the end of every slot: in the pins
view a link's probe changes at the admission, the falling edge, half a slot after the grouped
view's (docs/cosimulation.md). Exit status 1 on the first difference.
"""
import os
import pathlib
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from views_match import Views, fail  # noqa: E402
from vcd_reader import full_names, parse  # noqa: E402

OPTINET, WORKDIR = sys.argv[1], pathlib.Path(sys.argv[2])
TOPOLOGIES = {
    "hypercube": ["--n", "4"],
    "shuffle": ["--d", "2", "--n", "4"],
    "ccc": ["--s", "3"],
    "shuffle-exchange": ["--n", "4"],
    "grid": ["--n", "4", "--k", "2"],
}


def slot_ends(path):
    """Every signal's value at the end of each slot (just before each rising edge of clk)."""
    names, changes = parse(path)
    codes = full_names(names)
    clock = changes[codes["SystemC.clk"]]
    rises = [t for t, v in clock if v == "1"]
    sampled = {}
    for name, code in codes.items():
        history, values, k = changes.get(code, []), [], 0
        value = None
        for rise in rises:
            while k < len(history) and history[k][0] < rise:
                value = history[k][1]
                k += 1
            values.append(value)
        sampled[name] = values
    return sampled


def compare_vcd(views, args):
    views.compare(args, vcd=False)  # the JSON reports
    sampled = {}
    for view in ("pins", "grouped"):
        views.run(args, view, vcd=True)
        sampled[view] = slot_ends(WORKDIR / f"views_{view}.vcd")
    common = sorted(set(sampled["pins"]) & set(sampled["grouped"]))
    for kind in (".population", ".busy", ".packet", ".power_mw"):
        if not any(n.endswith(kind) for n in common):
            fail(f"{' '.join(args)}: the VCDs share no {kind} signal")
    for name in common:
        if sampled["pins"][name] != sampled["grouped"][name]:
            fail(f"{' '.join(args)}: {name} at the slots' ends: grouped "
                 f"{sampled['grouped'][name][:12]}... against pins {sampled['pins'][name][:12]}...")
    return len(common)


compared = signals = 0
for topology, size in TOPOLOGIES.items():
    views = Views(OPTINET, WORKDIR, topology, [])
    for protocol in views.protocols():
        base = size + ["--protocol", protocol, "--runs", "2", "--seed", "7"]
        compared += views.compare(base + ["--traffic", "random"])
        compared += views.compare(base + ["--traffic", "random", "--queue-capacity", "1",
                                          "--discipline", "ftg"])
        compared += views.compare(base + ["--traffic", "random-h-relation", "--h", "2",
                                          "--queue-capacity", "2"])
    signals += compare_vcd(views, size + ["--traffic", "random", "--seed", "5"])
views = Views(OPTINET, WORKDIR, "hypercube", [])
for traffic in (["--traffic", "bernoulli", "--rate", "0.2"],
                ["--traffic", "bursty", "--rate", "0.1", "--burst", "4"]):
    for topology, size in (("hypercube", ["--n", "5"]), ("grid", ["--n", "6", "--k", "2"])):
        for capacity in ("0", "2"):
            compared += Views(OPTINET, WORKDIR, topology, []).compare(
                size + traffic + ["--seed", "3", "--warmup", "50", "--measure", "300",
                                  "--queue-capacity", capacity])
# A curve (which runs the grouped view unless --view says otherwise): the same points.
compared += Views(OPTINET, WORKDIR, "grid", []).compare(
    ["--n", "4", "--k", "2", "--traffic", "bernoulli", "--rates", "0.05,0.2", "--seed", "3",
     "--warmup", "50", "--measure", "200"])
signals += compare_vcd(Views(OPTINET, WORKDIR, "grid", []),
                       ["--n", "4", "--k", "2", "--traffic", "bernoulli", "--rate", "0.2",
                        "--seed", "3", "--warmup", "20", "--measure", "60"])
# Injected faults act on the same links in both views; runs cut at the slot limit (seed 11:
# the first two hit it) leave the same packets behind.
for extra in (["--fault", "link:0:1@2", "--fault", "ber:0.02"], ["--fault", "jammer:3"],
              ["--fault", "receiver:5@4", "--queue-capacity", "1"], ["--max-slots", "10"]):
    compared += views.compare(["--n", "5", "--traffic", "random", "--runs", "3", "--seed",
                               "11"] + extra)
signals += compare_vcd(views, ["--n", "4", "--traffic", "random", "--seed", "2", "--fault",
                               "link:0:1@2", "--fault", "ber:0.05"])
print(f"ok: {compared} runs equal in the pins and grouped views, {signals} VCD signals "
      "equal slot by slot")
