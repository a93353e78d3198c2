#!/usr/bin/python3
"""Golden runs: exact results of a fixed set of optinet runs, committed in tests/golden/runs.json
and compared by a test, so that any change in behaviour shows as a difference that someone
re-blesses on purpose (in the spirit of Accellera's golden logs).

usage: scripts/dev/golden.py check OPTINET      compare with the committed table (exit 1 on a change)
       scripts/dev/golden.py bless OPTINET      rewrite the table, and say what changed
       scripts/dev/golden.py list               the command lines

Every network, every protocol and every traffic kind (closed and open loop), on small networks
with fixed seeds: the whole set runs in seconds. A run's JSON is kept whole (slots, steps,
collisions, deliveries per slot, buffers, fallbacks, media counters, latencies), less its timing
fields and the memory estimate (a property of the machine's build, not of the model).
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
from compare_runs import differences, strip_timing  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABLE = os.path.join(ROOT, "tests", "golden", "runs.json")

POPS = ["pops --d 4 --g 4 --runs 3 --seed 11", "pops --d 8 --g 4 --runs 3 --seed 12",
        "pops --d 4 --g 8 --runs 3 --seed 13", "pops --d 2 --g 2 --runs 3 --seed 14"]
CASES = (
    # POPS: every protocol, every traffic, d = g, d > g, d < g.
    POPS
    + [f"pops --d 4 --g 4 --traffic {t} --seed 21" for t in ("identity", "bit-reversal", "transpose", "partial")]
    + [f"pops --d 8 --g 4 --protocol {p} --runs 2 --seed 22"
       for p in ("randomized-literal", "offline", "sorting", "sorting-bitonic")]
    + ["pops --d 4 --g 8 --protocol offline --seed 23", "pops --d 4 --g 8 --protocol sorting --seed 24",
       "pops --d 4 --g 4 --protocol tdma --traffic bernoulli --rate 0.5 --warmup 50 --measure 200 --seed 25",
       "pops --d 8 --g 4 --traffic bernoulli --rate 0.05 --warmup 50 --measure 200 --seed 26",
       "pops --d 4 --g 4 --traffic bursty --rate 0.05 --burst 4 --warmup 50 --measure 200 --seed 27",
       "pops --d 4 --g 4 --traffic bernoulli --rate 0.05 --pattern hotspot --hotspot 3 --fraction 0.3 "
       "--warmup 50 --measure 200 --seed 28"]
    # OCPC and MOB-PC: every protocol and traffic.
    + [f"ocpc --p 16 --h 2 --protocol {p} --runs 2 --seed 31" for p in ("coinflip", "thinning", "valiant", "gjlr")]
    + ["ocpc --p 16 --traffic permutation --seed 32", "ocpc --p 16 --traffic lower-bound --seed 33",
       "ocpc --p 16 --protocol tdma --traffic bernoulli --rate 0.5 --warmup 50 --measure 200 --seed 34",
       "ocpc --p 16 --traffic bernoulli --rate 0.05 --warmup 50 --measure 200 --seed 35"]
    + [f"mob --p 4 --h 2 --protocol {p} --runs 2 --seed 41" for p in ("gjlr", "row-column")]
    + ["mob --p 4 --protocol tdma --traffic bernoulli --rate 0.3 --warmup 50 --measure 200 --seed 42",
       "mob --p 4 --traffic bursty --rate 0.05 --warmup 50 --measure 200 --seed 43"]
    # The D-dimensional MOB (dim-order): D = 3 and D = 4, a permutation, an h-relation, a fault.
    + ["dmob --k 3 --dim 3 --h 2 --runs 2 --seed 44", "dmob --k 2 --dim 4 --traffic permutation --seed 45",
       "dmob --k 3 --dim 3 --fault bus:bus_d2_4@3 --seed 46"]
    # Store-and-forward: every network, scheme, discipline and traffic.
    + [f"hypercube --n 5 --protocol {p} --traffic random --runs 2 --seed 51" for p in ("cubes", "basic", "cubess")]
    + [f"hypercube --n 4 --traffic {t} --seed 52" for t in ("identity", "bit-reversal", "transpose", "partial")]
    + ["hypercube --n 5 --protocol basic --discipline ftg --traffic random --seed 53",
       "hypercube --n 5 --protocol cubess --queue-capacity 2 --traffic random --seed 54",
       "hypercube --n 5 --protocol cubes --phases separate --traffic random --runs 2 --seed 57",
       "shuffle --d 2 --n 5 --protocol dshuffle --phases separate --traffic random --seed 58",
       "hypercube --n 4 --traffic bernoulli --rate 0.05 --warmup 50 --measure 200 --seed 55",
       "shuffle --d 3 --n 3 --protocol mshuffle --traffic random --seed 61",
       "shuffle --d 2 --n 5 --protocol dshuffle --traffic random --seed 62",
       "ccc --s 3 --traffic random --seed 63", "shuffle-exchange --n 5 --traffic random --seed 64",
       "grid --n 8 --k 2 --protocol grid3 --traffic random --seed 65",
       "grid --n 4 --k 3 --protocol gridk --traffic transpose --seed 66",
       "grid --n 4 --k 2 --traffic bursty --rate 0.05 --warmup 50 --measure 200 --seed 67",
       # Bounded queues near their limit: a queue's admission rule shows in every slot.
       "hypercube --n 4 --traffic bernoulli --rate 0.1 --queue-capacity 1 --warmup 50 --measure 200 --seed 56"]
    # An odd h: thinning's load ceil(h / 2^(phase-1)) differs from its floor.
    + ["ocpc --p 16 --h 3 --protocol thinning --runs 2 --seed 36"]
    # GJLR on a larger machine (L2 = 3: more levels of its schedule than p = 16).
    + ["ocpc --p 256 --h 2 --protocol gjlr --seed 37"]
    # The synchronizing mesh: both protocols, both memberships, two indexings.
    + ["mesh --n 4 --levels 2 --runs 2 --seed 71",
       "mesh --n 8 --indexing row --membership consecutive --levels 3 --seed 72",
       "mesh --n 4 --protocol sync --indexing snake --seed 73"]
    # Injected faults: what each does, and the losses it explains (exit status 4).
    + ["pops --d 4 --g 4 --fault coupler:3:1 --fault receiver:5@4 --runs 2 --seed 81",
       "ocpc --p 16 --protocol gjlr --fault ber:0.05 --runs 2 --seed 82",
       "mob --p 4 --protocol row-column --fault bus:row_bus1@3 --seed 83",
       "hypercube --n 4 --fault link:0:1 --fault jammer:6 --traffic random --seed 84"]
    # Split&hash: depth 2 and 3, several rounds, and packets stuck at the round limit (exit 1).
    + ["splithash --k 8 --depth 2 --runs 2 --seed 91",
       "splithash --k 16 --depth 2 --batches 3 --network-seed 3 --seed 2",
       "splithash --k 8 --depth 3 --a 2 --network-seed 5 --seed 92",
       "splithash --k 16 --depth 3 --batches 1 --round-limit 5 --seed 93",
       "splithash --k 16 --depth 2 --a 3 --protocol random-function --traffic random-function --seed 94"]
)

SKIPPED_KEYS = {"memory_estimate_bytes"}


def run(optinet, case):
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "run.json")
        proc = subprocess.run([optinet] + case.split() + ["--quiet", "--json", path],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)
        if not os.path.exists(path):
            why = proc.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["no report"]
            cli_guard.fail(f"optinet {case}: exit status {proc.returncode} ({why[0]})", 1)
        with open(path) as f:
            report = strip_timing(json.load(f))
    for key in SKIPPED_KEYS:
        report.pop(key, None)
    return {"exit": proc.returncode, "report": report}


def main():
    ap = cli_guard.ArgumentParser(
        description=__doc__.splitlines()[0],
        usage="%(prog)s check OPTINET | bless OPTINET | list")
    ap.add_argument("command", choices=["check", "bless", "list"])
    ap.add_argument("optinet", nargs="?", metavar="OPTINET")
    args = ap.parse_args()
    if args.command == "list":
        print("\n".join(CASES))
        return 0
    if args.optinet is None:
        ap.error(f"{args.command}: OPTINET is needed (the optinet binary)")
    optinet = os.path.abspath(args.optinet)
    if not (os.path.isfile(optinet) and os.access(optinet, os.X_OK)):
        cli_guard.fail(f"OPTINET: '{args.optinet}' is not an executable file")
    current = {case: run(optinet, case) for case in CASES}
    golden = {}
    if os.path.exists(TABLE):
        with open(TABLE) as f, cli_guard.reading(TABLE, "golden table"):
            golden = json.load(f)
    changed = 0
    for case in CASES:
        if case not in golden:
            print(f"new: {case}")
            changed += 1
            continue
        diffs = differences(golden[case], current[case])
        if diffs:
            changed += 1
            print(f"changed: {case}")
            for d in diffs[:10]:
                print(f"  {d}")
            if len(diffs) > 10:
                print(f"  ... and {len(diffs) - 10} more")
    for case in golden:
        if case not in current:
            print(f"removed: {case}")
            changed += 1
    if args.command == "bless":
        os.makedirs(os.path.dirname(TABLE), exist_ok=True)
        cli_guard.write_atomically(TABLE, json.dumps(current, indent=1, sort_keys=True) + "\n")
        print(f"blessed {len(CASES)} runs ({changed} new or changed) into {os.path.relpath(TABLE, ROOT)}")
        return 0
    print(f"{len(CASES) - changed} of {len(CASES)} golden runs unchanged")
    if changed:
        print("if the change is intended: scripts/dev/golden.py bless OPTINET, and say why in the commit")
    return 1 if changed else 0


if __name__ == "__main__":
    cli_guard.run(main)
