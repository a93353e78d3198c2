#!/usr/bin/python3
"""Runs a fixed set of optinet command lines with two builds and compares their JSON.

usage: scripts/compare_runs.py OLD_OPTINET NEW_OPTINET [--keep DIR]

Every network, several protocols and traffic kinds. Timing fields (wall_seconds,
timing_seconds) are left out; numbers are compared to a relative 1e-5, because a JSON writer
may print a double with more digits than another. Exit status 0 when every run's JSON is the
same, 1 otherwise (each difference printed).
"""
import json
import math
import os
import subprocess
import tempfile

import cli_guard

# One command line per case: every network family, with its protocols and traffic kinds.
CASES = [
    "pops --d 4 --g 4 --runs 3 --seed 5",
    "pops --d 8 --g 4 --runs 3 --seed 2",
    "pops --d 4 --g 8 --runs 3 --seed 3",
    "pops --d 8 --g 8 --protocol offline --runs 2 --seed 4",
    "pops --d 16 --g 4 --protocol sorting --runs 2 --seed 7",
    "pops --d 8 --g 4 --protocol sorting --sorter bitonic --seed 8",
    "pops --d 4 --g 4 --protocol randomized-literal --traffic partial --runs 2 --seed 1",
    "pops --d 4 --g 4 --traffic transpose --seed 9",
    "pops --d 8 --g 2 --traffic bit-reversal --seed 9",
    "ocpc --p 16 --runs 3 --seed 1",
    "ocpc --p 32 --h 2 --protocol thinning --runs 2 --seed 2",
    "ocpc --p 32 --h 3 --protocol valiant --runs 2 --seed 3",
    "ocpc --p 64 --h 2 --protocol gjlr --seed 4",
    "ocpc --p 16 --traffic lower-bound --seed 5",
    "ocpc --p 16 --traffic permutation --seed 6",
    "mob --p 4 --runs 3 --seed 1",
    "mob --p 8 --h 2 --protocol gjlr --seed 2",
    "hypercube --n 6 --protocol cubes --runs 2 --seed 1",
    "hypercube --n 5 --protocol basic --traffic random --discipline ftg --seed 2",
    "hypercube --n 5 --protocol cubess --queue-capacity 2 --seed 3",
    "shuffle --d 3 --n 3 --protocol mshuffle --seed 4",
    "shuffle --d 2 --n 5 --protocol dshuffle --traffic bit-reversal --seed 5",
    "ccc --s 3 --seed 6",
    "shuffle-exchange --n 5 --seed 7",
    "grid --n 8 --k 2 --protocol grid3 --traffic random --seed 8",
    "grid --n 4 --k 3 --protocol gridk --traffic transpose --seed 9",
]

TIMING_KEYS = {"wall_seconds", "timing_seconds"}


def strip_timing(value):
    if isinstance(value, dict):
        return {k: strip_timing(v) for k, v in value.items() if k not in TIMING_KEYS}
    if isinstance(value, list):
        return [strip_timing(v) for v in value]
    return value


def differences(a, b, path="$", allow_added=False):
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b)):
            if k not in a and allow_added:
                continue
            if k not in a or k not in b:
                out.append(f"{path}.{k}: only in {'new' if k in b else 'old'}")
            else:
                out += differences(a[k], b[k], f"{path}.{k}", allow_added)
        return out
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return [f"{path}: {len(a)} items against {len(b)}"]
        return [d for i, (x, y) in enumerate(zip(a, b))
                for d in differences(x, y, f"{path}[{i}]", allow_added)]
    numbers = (int, float)
    if isinstance(a, numbers) and isinstance(b, numbers) and not isinstance(a, bool):
        if math.isclose(a, b, rel_tol=1e-5, abs_tol=1e-9):
            return []
    elif a == b:
        return []
    return [f"{path}: {a!r} against {b!r}"]


def run(binary, case, json_path):
    proc = subprocess.run([binary] + case.split() + ["--quiet", "--json", json_path],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          timeout=600)
    if proc.returncode != 0:
        return None, f"exit status {proc.returncode}: {proc.stderr.strip()}"
    with open(json_path, encoding="utf-8") as f:
        return strip_timing(json.load(f)), ""


def main():
    parser = cli_guard.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--keep", help="folder to keep both JSON files of every case in")
    parser.add_argument("--allow-added", action="store_true",
                        help="fields only the new build writes are not differences")
    args = parser.parse_args()
    if args.keep:
        cli_guard.output_folder(args.keep, "--keep", create=True)
    if args.keep:
        return compare(args, args.keep)
    with tempfile.TemporaryDirectory(prefix="optinet-compare-") as folder:  # removed at the end
        return compare(args, folder)


def compare(args, folder):
    failed = 0
    for k, case in enumerate(CASES):
        old, old_err = run(args.old, case, os.path.join(folder, f"{k:02d}-old.json"))
        new, new_err = run(args.new, case, os.path.join(folder, f"{k:02d}-new.json"))
        if old_err or new_err:
            diffs = [f"old: {old_err}" if old_err else "", f"new: {new_err}" if new_err else ""]
            diffs = [d for d in diffs if d]
        else:
            diffs = differences(old, new, allow_added=args.allow_added)
        status = "same" if not diffs else "DIFFERENT"
        print(f"{status:9} optinet {case}")
        for d in diffs[:10]:
            print(f"          {d}")
        failed += bool(diffs)
    print(f"{len(CASES) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    cli_guard.run(main)
