#!/usr/bin/python3
"""Checks a VCD written by `optinet pops --vcd` against the run's --json output.

usage: check_vcd.py VCD JSON D G

* names follow the hierarchy: pops.groupB.procK.{tx_valid,tx_packet,rx_valid,rx_packet},
  pops.groupB.coupler_bB_aA.{busy,collision,frame_packet,frame_kind}, control.slot, clk;
* coupler flags change only at rising clock edges (they hold for a whole slot);
* sampled at every falling edge, the collision flags add up to the run's collision count: a
  collision in slot k is a pulse in cycle k.
"""
import json
import sys

import os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from vcd_reader import parse  # noqa: E402


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def value_at(history, t):
    v = None
    for time, value in history:
        if time > t:
            break
        v = value
    return v


def main():
    vcd, json_path, d, g = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    names, changes = parse(vcd)
    code_of = {full: code for code, fulls in names.items() for full in fulls}
    expected = ["SystemC.clk", "SystemC.control.slot"]
    for b in range(g):
        for k in range(d):
            for sig in ("tx_valid", "tx_packet", "rx_valid", "rx_packet"):
                expected.append("SystemC.pops.group%d.proc%d.%s" % (b, k, sig))
        for a in range(g):
            for sig in ("busy", "collision", "frame_packet", "frame_kind"):
                expected.append("SystemC.pops.group%d.coupler_b%d_a%d.%s" % (b, b, a, sig))
    missing = [name for name in expected if name not in code_of]
    if missing:
        fail("missing signals: %s" % ", ".join(missing[:10]))

    clk = changes[code_of["SystemC.clk"]]
    rising = {t for t, v in clk if v == "1"}
    falling = [t for t, v in clk if v == "0"]
    flags = [code_of[n] for n in expected if n.endswith(".busy") or n.endswith(".collision")]
    for code in flags:
        for t, v in changes.get(code, []):
            if t != 0 and t not in rising:
                fail("%s changes to %s at %d ps, not at a rising edge" % (names[code][0], v, t))

    collisions = 0
    for code in (code_of[n] for n in expected if n.endswith(".collision")):
        history = changes.get(code, [])
        collisions += sum(1 for t in falling if value_at(history, t) == "1")
    with open(json_path) as f:
        run = json.load(f)["runs"][0]
    if collisions != run["collisions"]:
        fail("%d collision slots in the VCD, %d in the run" % (collisions, run["collisions"]))
    busy = sum(1 for n in expected if n.endswith(".busy")
               for t in falling if value_at(changes.get(code_of[n], []), t) == "1")
    if run["slots"] > 0 and busy == 0:
        fail("no coupler was ever busy")
    print("ok: %d signals, %d collision slots, %d busy coupler-slots" %
          (len(expected), collisions, busy))


main()
