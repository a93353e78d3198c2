#!/usr/bin/python3
"""A stand-in for optinet in the sweep runner's tests: it answers --version and --check as optinet
does and writes a report whose run values are known by hand, value(seed) = seed * seed % 7
(seeds 1..4 give 1, 4, 2, 2). --x 0 is refused ("--x: ..."), as optinet refuses a bad option.
FAKE_OPTINET_HANG_SEED=S: a job whose seeds include S waits an hour (to be killed).
FAKE_OPTINET_LOG=FILE: every job's --seed is appended to FILE.
FAKE_OPTINET_VERSION=V: --version answers "optinet V" (default fake-1)."""
import json
import os
import sys
import time

args = sys.argv[1:]
if args == ["--version"]:
    print("optinet " + os.environ.get("FAKE_OPTINET_VERSION", "fake-1"))
    sys.exit(0)


def option(name, default=None):
    return args[args.index(name) + 1] if name in args else default


if option("--x") == "0":
    print("optinet: --x: '0' is not in [1, 9]", file=sys.stderr)
    sys.exit(2)
if "--check" in args:
    print(json.dumps({"network": args[0], "processors": 4, "memory_estimate_bytes": 10485760}))
    sys.exit(0)
seed, runs = int(option("--seed", "1")), int(option("--runs", "1"))
if os.environ.get("FAKE_OPTINET_LOG"):
    with open(os.environ["FAKE_OPTINET_LOG"], "a") as f:
        f.write(f"{seed}\n")
hang = os.environ.get("FAKE_OPTINET_HANG_SEED")
if hang and seed <= int(hang) < seed + runs:
    time.sleep(3600)
x = int(option("--x", "1"))
report = {"network": args[0], "parameters": {"x": x, "n": 4 * x},
          "runs": [{"seed": s, "steps": s * s % 7 * x, "ok": True, "wall_seconds": 0.001}
                   for s in range(seed, seed + runs)]}
path = option("--json")
with open(path + ".tmp", "w") as f:
    json.dump(report, f)
os.replace(path + ".tmp", path)
