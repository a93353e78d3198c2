#!/usr/bin/python3
"""usage: check_memory_estimate.py OPTINET

Every network family's memory estimate (`optinet ... --check`, the number the refusal and the
sweep runner's Slurm --mem use) against the peak resident set of the same network run once,
within 20%, with --hierarchy too. A family that forgets part of what it is made of (its links, its couplers) fails
here. Sizes: about 4,000 processors each, so that the per-element costs dominate the process's
fixed 9 MiB and each run takes well under a second. Not under the sanitizers (their shadow
memory is not the model's).
"""
import json
import os
import subprocess
import sys
import tempfile

OPTINET = sys.argv[1]
TOLERANCE = 0.20
CASES = ["pops --d 64 --g 64", "pops --d 256 --g 16", "ocpc --p 4096", "mob --p 64",
         "dmob --k 16 --dim 3", "dmob --k 4 --dim 6",
         "hypercube --n 12 --traffic random", "grid --n 64 --k 2 --traffic random",
         "mesh --n 64 --levels 1", "splithash --k 64 --depth 2",
         "splithash --k 64 --depth 2 --view pins"]
# --hierarchy holds the hierarchy's text until the run ends: its cost is in the estimate too.
HIERARCHY = os.path.join(tempfile.mkdtemp(), "hierarchy.json")
CASES += [f"ocpc --p 4096 --hierarchy {HIERARCHY}", f"dmob --k 4 --dim 6 --hierarchy {HIERARCHY}"]


def estimate(case: str) -> int:
    p = subprocess.run([OPTINET] + case.split() + ["--check"], capture_output=True, text=True,
                       check=True)
    return json.loads(p.stdout)["memory_estimate_bytes"]


def peak_rss(case: str) -> int:
    process = subprocess.Popen([OPTINET] + case.split() + ["--quiet"], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"FAIL: optinet {case} exited {os.waitstatus_to_exitcode(status)}")
    return usage.ru_maxrss * 1024


failed = 0
for case in CASES:
    e, m = estimate(case), peak_rss(case)
    ok = abs(e - m) <= TOLERANCE * m
    failed += not ok
    print(f"{'ok  ' if ok else 'FAIL'} {case}: estimate {e / 2**20:.1f} MiB, measured "
          f"{m / 2**20:.1f} MiB ({(e - m) / m:+.0%})")
sys.exit(1 if failed else 0)
