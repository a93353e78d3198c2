#!/usr/bin/python3
"""The mutant catalogue: plausible single-point bugs planted one at a time, each rebuilt and run
against the whole test suite, which must kill every one (make mutate; not part of CI's run).

usage: scripts/dev/mutate.py [--only NAME[,NAME...]] [--jobs N]

Each mutant in tests/mutants/catalogue.toml names a file, a piece of its text that occurs exactly
once, what replaces it, and the layer and bug it stands for. The script exports HEAD's tree into
build-mutate/src (the working tree is never touched), builds it once, then for each mutant:
applies it, rebuilds, runs ctest, records the tests that failed, and restores the file. A mutant
whose build fails is reported as such (a catalogue error, not a kill). The report goes to stdout
and to build-mutate/report.json; exit status 1 if any mutant survived or did not build.
"""
import json
import os
import re
import shutil
import subprocess
import time
import tomllib

import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CATALOGUE = os.path.join(ROOT, "tests", "mutants", "catalogue.toml")
WORK = os.path.join(ROOT, "build-mutate")
SOURCE = os.path.join(WORK, "src")
BUILD = os.path.join(WORK, "build")


def load_catalogue():
    with open(CATALOGUE, "rb") as f, cli_guard.reading(CATALOGUE, "mutant catalogue"):
        mutants = tomllib.load(f)["mutant"]
    names = set()
    for m in mutants:
        for key in ("name", "layer", "bug", "file", "find", "replace"):
            if key not in m:
                raise cli_guard.BadInput(f"{CATALOGUE}: mutant {m.get('name', '?')} lacks '{key}'")
        if m["name"] in names:
            raise cli_guard.BadInput(f"{CATALOGUE}: {m['name']} given twice")
        names.add(m["name"])
    return mutants


def check_applies(mutants):
    """Every `find` must occur exactly once in its file as HEAD has it."""
    for m in mutants:
        path = os.path.join(ROOT, m["file"])
        text = open(path, encoding="utf-8").read()
        count = text.count(m["find"])
        if count != 1:
            raise cli_guard.BadInput(f"{CATALOGUE}: {m['name']}: 'find' occurs {count} times "
                                     f"in {m['file']}")


def export_head():
    shutil.rmtree(SOURCE, ignore_errors=True)
    os.makedirs(SOURCE)
    archive = subprocess.run(["git", "-C", ROOT, "archive", "HEAD"], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", SOURCE], input=archive, check=True)


def build(jobs):
    proc = subprocess.run(["cmake", "--build", BUILD, "-j", str(jobs)], capture_output=True,
                          text=True)
    return proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]


def run_suite(jobs):
    """Names of the failed tests (ctest's summary)."""
    proc = subprocess.run(["ctest", "-j", str(jobs), "--timeout", "300"], cwd=BUILD,
                          capture_output=True, text=True)
    failed = re.findall(r"^\s*\d+ - (\S+) \(", proc.stdout, re.M)
    return failed


def main():
    parser = cli_guard.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated mutant names")
    parser.add_argument("--jobs", type=cli_guard.positive_int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    mutants = load_catalogue()
    check_applies(mutants)
    if args.only:
        wanted = set(args.only.split(","))
        unknown = wanted - {m["name"] for m in mutants}
        if unknown:
            parser.error(f"--only: unknown mutants {sorted(unknown)}")
        mutants = [m for m in mutants if m["name"] in wanted]
    started = time.time()
    export_head()
    subprocess.run(["cmake", "-S", SOURCE, "-B", BUILD, "-DCMAKE_BUILD_TYPE=Release"],
                   check=True, capture_output=True)
    ok, log = build(args.jobs)
    if not ok:
        raise SystemExit("the unmutated tree does not build:\n" + log)
    baseline = run_suite(args.jobs)
    if baseline:
        cli_guard.fail(f"the unmutated tree fails tests: {baseline}", 1)
    results = []
    for m in mutants:
        t0 = time.time()
        path = os.path.join(SOURCE, m["file"])
        original = open(path, encoding="utf-8").read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(original.replace(m["find"], m["replace"], 1))
        built, log = build(args.jobs)
        killed_by = run_suite(args.jobs) if built else []
        with open(path, "w", encoding="utf-8") as f:
            f.write(original)
        status = "did not build" if not built else ("killed" if killed_by else "SURVIVED")
        results.append({"name": m["name"], "layer": m["layer"], "bug": m["bug"],
                        "status": status, "killed_by": killed_by,
                        "seconds": round(time.time() - t0, 1)})
        shown = ", ".join(killed_by[:4]) + (f" and {len(killed_by) - 4} more" if len(killed_by) > 4 else "")
        print(f"{m['name']} [{m['layer']}]: {status}" + (f" by {len(killed_by)}: {shown}" if killed_by else ""),
              flush=True)
    build(args.jobs)  # leave the build as HEAD
    killed = sum(r["status"] == "killed" for r in results)
    minutes = (time.time() - started) / 60
    print(f"score: {killed} of {len(results)} mutants killed in {minutes:.1f} minutes")
    cli_guard.write_atomically(os.path.join(WORK, "report.json"), json.dumps(
        {"killed": killed, "mutants": len(results), "minutes": round(minutes, 1),
         "results": results}, indent=1))
    return 0 if killed == len(results) else 1


if __name__ == "__main__":
    cli_guard.run(main)
