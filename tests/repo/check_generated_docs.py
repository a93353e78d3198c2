#!/usr/bin/python3
"""The tables generated from committed data are in step with it: each generator that can
regenerate its document from the committed CSV (--report-only) is run on a copy of
docs/results (OPTINET_RESULTS), and the documents and CSVs it writes must equal the committed
ones. A CSV re-run without its tables regenerated fails here.

usage: check_generated_docs.py SOURCE_DIR
"""
import difflib
import os
import shutil
import subprocess
import sys
import tempfile

SRC = sys.argv[1]
RESULTS = os.path.join(SRC, "docs", "results")
# generator, its options, the files it reads and rewrites
GENERATORS = [
    ("pops_randomized.py", ["--report-only", "--no-plot"], ["pops-randomized.csv", "pops-randomized.md"]),
    ("pops_table1.py", ["--report-only"], ["pops-randomized.csv", "pops-table1.csv", "pops-table1.md"]),
    ("ocpc_mob.py", ["--report-only"], ["ocpc-mob.csv", "ocpc-mob.md"]),
    ("dmob_relations.py", ["--report-only"], ["dmob-relations.csv", "dmob.md"]),
    ("workload_study.py", ["--report-only"], ["workloads.csv", "workloads-study.csv", "workloads.md"]),
]


def main():
    stale = []
    with tempfile.TemporaryDirectory() as tmp:
        for script, options, files in GENERATORS:
            for name in files:
                shutil.copy(os.path.join(RESULTS, name), tmp)
            p = subprocess.run(["/usr/bin/python3", os.path.join(SRC, "scripts", "results", script)] + options,
                               env={**os.environ, "OPTINET_RESULTS": tmp}, capture_output=True,
                               text=True)
            if p.returncode != 0:
                print(f"FAIL: {script} exit {p.returncode}: {p.stderr.strip()}")
                return 1
            for name in files:
                with open(os.path.join(RESULTS, name)) as f:
                    committed = f.readlines()
                with open(os.path.join(tmp, name)) as f:
                    generated = f.readlines()
                if committed != generated:
                    stale.append(name)
                    print(f"FAIL: docs/results/{name} differs from what {script} "
                          f"{' '.join(options)} writes:")
                    sys.stdout.writelines(list(difflib.unified_diff(
                        committed, generated, "committed", "generated", n=0))[:20])
    if not stale:
        print("generated tables in step with their data")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
