#!/usr/bin/python3
"""End-to-end: `optinet ocpc|mob --protocol gjlr --gjlr-scale S` (and --gjlr-c3-scale,
--gjlr-compaction-scale) records the scale in the JSON parameters, shortens the schedule, and a
tiny scale makes procedures fail, so that the fallback appears (and still delivers every packet
once); without the option the JSON has no such field.

usage: test_gjlr_scale_json.py OPTINET DIR
"""
import json
import os
import subprocess
import sys


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def run(optinet, path, *args):
    argv = [optinet, *args, "--quiet", "--json", path]
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        fail("%s: exit status %d\n%s%s" % (" ".join(argv), done.returncode, done.stdout,
                                            done.stderr))
    with open(path) as f:
        doc = json.load(f)
    for k, r in enumerate(doc["runs"]):
        if not r["ok"] or r["delivered"] != r["packets"]:
            fail("%s: run %d delivered %d of %d" % (" ".join(args), k, r["delivered"],
                                                    r["packets"]))
    return doc


def main():
    optinet, directory = sys.argv[1], sys.argv[2]
    path = os.path.join(directory, "gjlr_scale.json")
    base = ["ocpc", "--p", "1024", "--h", "2", "--protocol", "gjlr", "--runs", "3", "--seed", "5"]

    default = run(optinet, path, *base)
    if "gjlr_scale" in default["parameters"]:
        fail("a default run records gjlr_scale: %r" % default["parameters"])
    if any(r["fallbacks"] for r in default["runs"]):
        fail("the default schedule fell back at p = 1024, h = 2: %r" % default["runs"])

    one = run(optinet, path, *base, "--gjlr-scale", "1")
    if one["parameters"].get("gjlr_scale") != 1:
        fail("parameters %r" % one["parameters"])
    if [r["steps"] for r in one["runs"]] != [r["steps"] for r in default["runs"]]:
        fail("--gjlr-scale 1 changed the steps")

    # Scale 2: a longer schedule, which still needs no fallback.
    double = run(optinet, path, *base, "--gjlr-scale", "2")
    if double["parameters"].get("gjlr_scale") != 2:
        fail("parameters %r" % double["parameters"])
    if min(r["steps"] for r in double["runs"]) <= max(r["steps"] for r in default["runs"]):
        fail("scale 2 is not longer: %r" % double["summary"]["steps"])

    # The separate scales: recorded when given, and c3 x 0.5 with compaction_c x 0.5 is the
    # schedule (and, seed for seed, the runs) of --gjlr-scale 0.5.
    half = run(optinet, path, *base, "--gjlr-scale", "0.5")
    split = run(optinet, path, *base, "--gjlr-c3-scale", "0.5", "--gjlr-compaction-scale", "0.5")
    if (split["parameters"].get("gjlr_c3_scale") != 0.5 or
            split["parameters"].get("gjlr_compaction_scale") != 0.5 or
            "gjlr_scale" in split["parameters"]):
        fail("parameters %r" % split["parameters"])
    fields = ("steps", "fallbacks", "collisions")
    if [[r[f] for f in fields] for r in split["runs"]] != \
            [[r[f] for f in fields] for r in half["runs"]]:
        fail("c3 and compaction x 0.5 differ from --gjlr-scale 0.5: %r / %r" % (
            split["runs"], half["runs"]))
    c3 = run(optinet, path, *base, "--gjlr-c3-scale", "0.5")
    if not (max(r["steps"] for r in half["runs"]) < min(r["steps"] for r in c3["runs"]) and
            max(r["steps"] for r in c3["runs"]) < min(r["steps"] for r in default["runs"])):
        fail("c3 x 0.5 alone is not between scale 0.5 and the default: %r" % c3["runs"])
    if "gjlr_compaction_scale" in c3["parameters"]:
        fail("parameters %r" % c3["parameters"])

    # Scale 0.05: one-step compactions and thinning phases of 1-2 steps cannot move h = 4 of
    # 1024 nodes' messages; the fallback must finish every run.
    tiny = run(optinet, path, "ocpc", "--p", "1024", "--h", "4", "--protocol", "gjlr",
               "--runs", "2", "--seed", "1", "--gjlr-scale", "0.05")
    if abs(tiny["parameters"].get("gjlr_scale", 0) - 0.05) > 1e-12:
        fail("parameters %r" % tiny["parameters"])
    for k, r in enumerate(tiny["runs"]):
        if r["fallbacks"] == 0:
            fail("scale 0.05: run %d had no fallback: %r" % (k, r))

    # The MOB-PC takes the scale too.
    mob = run(optinet, path, "mob", "--p", "8", "--h", "2", "--protocol", "gjlr", "--runs", "1",
              "--gjlr-scale", "0.5")
    if mob["parameters"].get("gjlr_scale") != 0.5:
        fail("parameters %r" % mob["parameters"])
    if mob["runs"][0]["fallbacks"] == 0 and mob["runs"][0]["steps"] >= 315:
        fail("mob scale 0.5: %d steps, the default schedule has 315" % mob["runs"][0]["steps"])

    # Lemma 4's symmetry steps: recorded; at p = 8 the machine is one block (steps 1 and 2 do
    # not run), so the run is the default one.
    plain = run(optinet, path, "mob", "--p", "8", "--h", "2", "--protocol", "gjlr", "--runs", "1")
    lemma4 = run(optinet, path, "mob", "--p", "8", "--h", "2", "--protocol", "gjlr", "--runs", "1",
                 "--gjlr-lemma4")
    if lemma4["parameters"].get("gjlr_lemma4") is not True or "gjlr_lemma4" in plain["parameters"]:
        fail("parameters %r / %r" % (lemma4["parameters"], plain["parameters"]))
    if lemma4["runs"][0]["steps"] != plain["runs"][0]["steps"]:
        fail("--gjlr-lemma4 changed a one-block run")
    print("ok")


if __name__ == "__main__":
    main()
