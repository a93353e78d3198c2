#!/usr/bin/python3
"""The fault study of docs/results/faults.md: runs build/optinet with injected faults and prints
markdown tables. Short runs (the machine is shared); one optinet process at a time.

usage: bench/fault_study.py [OPTINET] [pops|ocpc|sf ...]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.append(os.path.join(REPO, "scripts"))
import cli_guard  # noqa: E402

OPTINET = "build/optinet"  # set by main()
PARTS = ("pops", "ocpc", "sf")


def run(args):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "r.json")
        p = subprocess.run([OPTINET] + args + ["--quiet", "--json", path],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        cli_guard.check_exit(p, (0, 4))  # 4: faults kept packets from delivery
        with open(path) as f:
            return json.load(f), p.returncode


def mean(xs):
    return sum(xs) / len(xs) if xs else 0.0


def summary(report):
    runs = report["runs"]
    packets = sum(r["packets"] for r in runs)
    delivered = sum(r["delivered"] for r in runs)
    finished = [r["slots"] for r in runs if not r.get("stalled", False)]
    return {
        "delivered": delivered / packets,
        "slots": mean([r["slots"] for r in runs]),
        # A run's length: its slots, or for a run stopped for want of progress the slot of its
        # last delivery (the progress watch's window is not work).
        "last": mean([r["last_delivery_slot"] if r.get("stalled") else r["slots"] for r in runs]),
        "halts": sum(len(r.get("halted_nodes", [])) for r in runs),
        "finished_slots": mean(finished) if finished else float("nan"),
        "stalled": sum(1 for r in runs if r.get("stalled", False)),
        "duplicates": sum(r.get("fault_duplicates", 0) for r in runs),
        "runs": len(runs),
    }


def pops_path_fraction(g, d, dead):
    """Share of (source, destination) pairs, source != destination, that the randomized router
    can deliver with couplers `dead` dead (d = g: any relay group r): slot 5 crosses
    c(group(x), x mod g), which must live, and some r must have c(r, a) and c(x mod g, r)."""
    n = d * g
    live = lambda b, a: (b, a) not in dead
    ok = total = 0
    for s in range(n):
        a = s // d
        for x in range(n):
            if x == s:
                continue
            c, t = x // d, x % g
            total += 1
            if live(c, t) and any(live(r, a) and live(t, r) for r in range(g)):
                ok += 1
    return ok / total


def pops():
    d = g = 8
    runs = 20
    print("POPS(%d,%d), randomized router, random permutations, %d runs per row (seeds 1..%d)\n"
          % (d, g, runs, runs))
    print("| dead couplers | spec | delivered | with a path (predicted) | slots"
          " | slowdown | runs stopped (no progress) | duplicates |")
    print("|---|---|---|---|---|---|---|---|")
    base = None
    rng = random.Random(14)
    couplers = [(b, a) for b in range(g) for a in range(g)]
    rng.shuffle(couplers)
    for k in (0, 1, 2, 4, 8, 16):
        dead = couplers[:k]
        args = ["pops", "--d", str(d), "--g", str(g), "--runs", str(runs), "--seed", "1",
                "--max-slots", "100000"]
        for b, a in dead:
            args += ["--fault", "coupler:%d:%d" % (b, a)]
        s = summary(run(args)[0])
        if base is None:
            base = s["last"]
        spec = " ".join("%d:%d" % c for c in dead) if k <= 4 else "first %d of the list" % k
        print("| %d | %s | %.4f | %.4f | %.1f | %.2f | %d/%d | %d |" % (
            k, spec or "-", s["delivered"], pops_path_fraction(g, d, set(dead)), s["last"],
            s["last"] / base, s["stalled"], s["runs"], s["duplicates"]))
    print("\ndead coupler list (B:A, in order): " + " ".join("%d:%d" % c for c in couplers[:16]))


def ocpc():
    p = 64
    runs = 10
    print("\nOCPC p = %d, random 1-relations, %d runs per cell (seeds 1..%d): delivered fraction"
          " / mean slots / runs stopped for want of progress / nodes halted on a failed protocol"
          " check\n" % (p, runs, runs))
    bers = (0, 0.001, 0.01, 0.05)
    print("| protocol | " + " | ".join("ber %g" % b for b in bers) + " |")
    print("|---|" + "---|" * len(bers))
    for protocol in ("coinflip", "thinning", "valiant", "gjlr", "tdma"):
        cells = []
        for b in bers:
            args = ["ocpc", "--p", str(p), "--protocol", protocol, "--runs", str(runs),
                    "--max-slots", "100000"]
            if b:
                args += ["--fault", "ber:%g" % b]
            s = summary(run(args)[0])
            cells.append("%.4f / %.1f / %d / %d" % (s["delivered"], s["last"], s["stalled"],
                                                    s["halts"]))
        print("| %s | %s |" % (protocol, " | ".join(cells)))


def sf():
    n = 6
    runs = 10
    N = 1 << n
    print("\nhypercube n = %d (N = %d), scheme cubes, random permutations, %d runs per row\n"
          % (n, N, runs))
    print("| dead links | delivered | slots | slowdown | runs stopped |")
    print("|---|---|---|---|---|")
    rng = random.Random(14)
    links = [(u, u ^ (1 << b)) for u in range(N) for b in range(n)]
    rng.shuffle(links)
    base = None
    for k in (0, 1, 2, 4, 8):
        args = ["hypercube", "--n", str(n), "--traffic", "random", "--runs", str(runs),
                "--max-slots", "100000"]
        for u, v in links[:k]:
            args += ["--fault", "link:%d:%d" % (u, v)]
        s = summary(run(args)[0])
        if base is None:
            base = s["last"]
        print("| %d | %.4f | %.1f | %.2f | %d/%d |" % (k, s["delivered"], s["last"],
                                                   s["last"] / base, s["stalled"], s["runs"]))
    print("\ndead link list (U:V, in order): " + " ".join("%d:%d" % l for l in links[:8]))
    # Bit errors on links: refused and resent, never lost.
    print("\n| ber | delivered | slots | slowdown |")
    print("|---|---|---|---|")
    for b in (0, 0.01, 0.1, 0.3):
        args = ["hypercube", "--n", str(n), "--traffic", "random", "--runs", str(runs)]
        if b:
            args += ["--fault", "ber:%g" % b]
        s = summary(run(args)[0])
        if b == 0:
            base = s["slots"]
        print("| %g | %.4f | %.1f | %.2f |" % (b, s["delivered"], s["slots"], s["slots"] / base))


def main():
    global OPTINET
    ap = cli_guard.ArgumentParser(description=__doc__)
    ap.add_argument("words", nargs="*", metavar="[OPTINET] [pops|ocpc|sf ...]",
                    help="the optinet binary (default build/optinet), then the parts to run "
                         "(default all)")
    args = ap.parse_args()
    words = args.words
    if words and words[0] not in PARTS:
        OPTINET = words.pop(0)
    try:
        cli_guard.executable(OPTINET)
    except argparse.ArgumentTypeError as e:
        ap.error(f"argument OPTINET: {e}")
    unknown = [w for w in words if w not in PARTS]
    if unknown:
        ap.error(f"'{unknown[0]}' is not accepted (a part: pops, ocpc or sf)")
    for part in words or PARTS:
        globals()[part]()


if __name__ == "__main__":
    cli_guard.run(main)
