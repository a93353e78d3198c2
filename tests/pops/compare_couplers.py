#!/usr/bin/python3
"""usage: compare_couplers.py OPTINET WORKDIR D G RUNS [PROTOCOL]

Runs `optinet pops` on POPS(D,G) with seeds 1..RUNS twice, with --coupler behavioural and
--coupler rtl, and checks that every run is identical: seed, slots, steps, collisions,
collisions_by_slot_of_step, delivered, packets, max_buffers, hit_limit and ok."""
import json
import os
import subprocess
import sys

FIELDS = ("seed", "slots", "steps", "collisions", "collisions_by_slot_of_step", "delivered",
          "packets", "max_buffers", "hit_limit", "ok")


def runs(optinet, workdir, coupler, args):
    path = os.path.join(workdir, "couplers_%s_%s.json" % ("_".join(args[1:]), coupler))
    cmd = [optinet, "pops", "--coupler", coupler, "--seed", "1", "--quiet", "--json", path] + args
    status = subprocess.run(cmd, stdout=subprocess.DEVNULL).returncode
    if status != 0:
        sys.exit("FAIL: %s exited with %d" % (" ".join(cmd), status))
    with open(path) as f:
        return json.load(f)["runs"]


def main():
    optinet, workdir, d, g, count = sys.argv[1:6]
    protocol = sys.argv[6] if len(sys.argv) > 6 else "randomized"
    args = ["--d", d, "--g", g, "--runs", count, "--protocol", protocol]
    behavioural = runs(optinet, workdir, "behavioural", args)
    rtl = runs(optinet, workdir, "rtl", args)
    if len(behavioural) != int(count) or len(rtl) != int(count):
        sys.exit("FAIL: expected %s runs, got %d and %d" % (count, len(behavioural), len(rtl)))
    for b, r in zip(behavioural, rtl):
        for field in FIELDS:
            if b[field] != r[field]:
                sys.exit("FAIL: seed %d, %s: behavioural %r, rtl %r" %
                         (b["seed"], field, b[field], r[field]))
    print("POPS(%s,%s) %s: %s runs identical (slots %s)" %
          (d, g, protocol, count, [x["slots"] for x in behavioural]))


main()
