#!/usr/bin/python3
"""A run is reproduced exactly from its seed: the same optinet command twice gives the same run
fields (steps, deliveries, collisions, stuck, rounds, fallbacks), and a different seed gives a
different run (so the comparison can fail).

usage: dmob_runs_reproducible.py OPTINET WORKDIR ARGS...
"""
import json
import os
import subprocess
import sys

FIELDS = ("seed", "ok", "slots", "steps", "packets", "delivered", "collisions", "stuck", "max_rounds",
          "fallbacks", "max_buffers")


def runs(optinet, workdir, args, seed, name):
    path = os.path.join(workdir, name)
    done = subprocess.run([optinet, *args, "--seed", str(seed), "--json", path, "--quiet"],
                          stdout=subprocess.DEVNULL)
    if done.returncode not in (0, 1):  # 1: a run that failed (stuck), reproduced all the same
        sys.exit(f"optinet exited with {done.returncode}")
    with open(path) as f:
        return [{k: r.get(k) for k in FIELDS} for r in json.load(f)["runs"]]


def main():
    optinet, workdir, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(workdir, exist_ok=True)
    first = runs(optinet, workdir, args, 5, "first.json")
    again = runs(optinet, workdir, args, 5, "again.json")
    other = runs(optinet, workdir, args, 6, "other.json")
    if first != again:
        print(f"not reproduced:\n{first}\n{again}")
        return 1
    strip = [{k: v for k, v in r.items() if k != "seed"} for r in first]
    if strip == [{k: v for k, v in r.items() if k != "seed"} for r in other]:
        print("seeds 5 and 6 gave the same runs: the check could not fail")
        return 1
    print(f"reproduced: {first}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
