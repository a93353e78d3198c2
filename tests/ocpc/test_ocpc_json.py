#!/usr/bin/python3
"""End-to-end: `optinet ocpc|mob ... --json FILE` exits 0 and writes the documented object.

usage: test_ocpc_json.py OPTINET DIR
"""
import json
import os
import subprocess
import sys


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def run(optinet, path, network, p, h, protocol, traffic, runs, seed):
    args = [optinet, network, "--p", str(p), "--h", str(h), "--protocol", protocol,
            "--traffic", traffic, "--runs", str(runs), "--seed", str(seed), "--quiet",
            "--json", path]
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode != 0:
        fail("%s: exit status %d\n%s%s" % (" ".join(args), done.returncode, done.stdout,
                                            done.stderr))
    with open(path) as f:
        doc = json.load(f)
    n = p * p if network == "mob" else p
    if doc["network"] != network or doc["protocol"] != protocol or doc["traffic"] != traffic:
        fail("header %r" % {k: doc.get(k) for k in ("network", "protocol", "traffic")})
    if (doc["parameters"]["p"], doc["parameters"]["n"], doc["parameters"]["h"]) != (p, n, h):
        fail("parameters %r" % doc["parameters"])
    if len(doc["runs"]) != runs:
        fail("%d runs, expected %d" % (len(doc["runs"]), runs))
    expected = {"random-h-relation": n * h, "permutation": n, "lower-bound": 2 * (n // 4)}
    for k, r in enumerate(doc["runs"]):
        for key in ("seed", "slots", "steps", "packets", "delivered", "collisions",
                    "cross_bus_collisions", "fallbacks", "max_buffers", "hit_limit", "ok",
                    "errors", "wall_seconds"):
            if key not in r:
                fail("run %d has no %r" % (k, key))
        if r["seed"] != seed + k:
            fail("run %d seed %d" % (k, r["seed"]))
        if r["packets"] != expected[traffic] or r["delivered"] != r["packets"]:
            fail("run %d delivered %d of %d" % (k, r["delivered"], r["packets"]))
        if r["slots"] != 2 * r["steps"]:
            fail("run %d: %d slots, %d steps" % (k, r["slots"], r["steps"]))
        if not r["ok"] or r["errors"] or r["hit_limit"]:
            fail("run %d not ok: %r" % (k, r["errors"]))
    steps = [r["steps"] for r in doc["runs"]]
    s = doc["summary"]["steps"]
    if s["max"] != max(steps) or s["min"] != min(steps):
        fail("summary %r vs %r" % (s, steps))
    if abs(s["mean"] - sum(steps) / len(steps)) > 1e-3 * max(1, s["mean"]):  # 6 digits
        fail("summary mean %r vs %r" % (s["mean"], steps))
    if doc["summary"]["slots"]["max"] != 2 * max(steps) or doc["summary"]["ok"] is not True:
        fail("summary %r" % doc["summary"])


def main():
    optinet, directory = sys.argv[1], sys.argv[2]
    path = os.path.join(directory, "ocpc.json")
    run(optinet, path, "ocpc", 32, 2, "coinflip", "random-h-relation", 3, 5)
    run(optinet, path, "ocpc", 64, 2, "valiant", "lower-bound", 2, 1)
    run(optinet, path, "mob", 5, 1, "row-column", "permutation", 2, 7)
    print("ok")


if __name__ == "__main__":
    main()
