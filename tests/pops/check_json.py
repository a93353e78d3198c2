#!/usr/bin/python3
"""Checks the --json output of `optinet pops`: structure, per-run consistency, summary.

usage: check_json.py FILE D G RUNS FIRST_SEED
"""
import json
import math
import sys


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def main():
    path, d, g, runs, seed = sys.argv[1], *map(int, sys.argv[2:6])
    with open(path) as f:
        doc = json.load(f)
    n = d * g
    if doc.get("network") != "pops":
        fail("network is %r" % doc.get("network"))
    params = doc["parameters"]
    if (params["d"], params["g"], params["n"]) != (d, g, n):
        fail("parameters %r" % params)
    for key in ("protocol", "traffic", "seed", "runs", "summary"):
        if key not in doc:
            fail("missing %r" % key)
    if len(doc["runs"]) != runs:
        fail("%d runs, expected %d" % (len(doc["runs"]), runs))
    for k, r in enumerate(doc["runs"]):
        for key in ("seed", "slots", "steps", "packets", "delivered", "collisions",
                    "collisions_by_slot_of_step", "ok", "errors"):
            if key not in r:
                fail("run %d has no %r" % (k, key))
        if r["seed"] != seed + k:
            fail("run %d has seed %d, expected %d" % (k, r["seed"], seed + k))
        if r["packets"] != n or r["delivered"] != n:
            fail("run %d delivered %d of %d packets, expected %d" %
                 (k, r["delivered"], r["packets"], n))
        if sum(r["collisions_by_slot_of_step"]) != r["collisions"]:
            fail("run %d: collisions by slot %r do not add up to %d" %
                 (k, r["collisions_by_slot_of_step"], r["collisions"]))
        if any(r["collisions_by_slot_of_step"][2:]):
            fail("run %d collided in slots 3-5" % k)
        if r["steps"] * 5 != r["slots"]:
            fail("run %d: %d steps but %d slots" % (k, r["steps"], r["slots"]))
        if r["ok"] is not True or r["errors"]:
            fail("run %d not ok: %r" % (k, r["errors"]))
    slots = [r["slots"] for r in doc["runs"]]
    mean = sum(slots) / len(slots)
    sd = math.sqrt(sum((x - mean) ** 2 for x in slots) / (len(slots) - 1)) if len(slots) > 1 else 0
    summary = doc["summary"]["slots"]
    if not math.isclose(summary["mean"], mean, rel_tol=1e-5):
        fail("summary mean %r, runs give %r" % (summary["mean"], mean))
    if not math.isclose(summary["sd"], sd, rel_tol=1e-5, abs_tol=1e-9):
        fail("summary sd %r, runs give %r" % (summary["sd"], sd))
    if summary["max"] != max(slots):
        fail("summary max %r, runs give %r" % (summary["max"], max(slots)))
    if doc["summary"].get("ok") is not True:
        fail("summary not ok")
    print("ok: %d runs, slots %r" % (runs, slots))


main()
