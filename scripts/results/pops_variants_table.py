#!/usr/bin/python3
"""Every POPS randomized variant for d = k*g on random and adversarial
permutations, beside the paper's Table II. Prints a markdown table; one optinet call per cell.

  scripts/results/pops_variants_table.py --families 4,16 --max-n 4096 --runs 30 --adversarial-runs 10

Traffic kinds: random, transpose, bit-reversal (where optinet offers them for n), and two
permutations built here and passed with --permutation-file:
  * residue: source group A sends to the d destinations x with x mod g = A: every packet of a
    source group has the same unrotated key residue (aims at the fixed key t = x mod g);
  * window: the destinations are dealt to the sources window by window of the staggered layer
    windows (group G serving layer (w + G) mod L in window w), so a source group's packets are
    all eligible in the same windows (aims at layer windows built into every node; the router
    draws its window offsets from the run seed instead).
Lost packets per run = packets - delivered (only randomized-literal loses any).
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402

PAPER = {  # Table II of Mei & Rizzi: (d, g) -> mean steps
    (8, 2): 14.33, (16, 4): 16.13, (32, 8): 18.06, (64, 16): 18.45, (128, 32): 18.81,
    (256, 64): 18.95, (32, 2): 56.88, (64, 4): 62.58, (128, 8): 66.26, (256, 16): 68.21,
    (512, 32): 67.65, (2, 2): 3.15, (4, 4): 4.43, (8, 8): 5.39, (16, 16): 6.10, (32, 32): 6.50,
    (64, 64): 6.82,
}


def residue_permutation(d, g):
    n = d * g
    by_residue = [[x for x in range(n) if x % g == a] for a in range(g)]
    return [by_residue[s // d][s % d] for s in range(n)]


def window_permutation(d, g):
    layers = (d + g - 1) // g
    order = []
    for w in range(layers):
        for group in range(g):
            layer = (w + group) % layers
            order += [group * d + i for i in range(layer * g, min(d, layer * g + g))]
    return order


def run(binary, d, g, protocol, traffic, runs, seed, perm_dir):
    args = [binary, "pops", "--d", str(d), "--g", str(g), "--protocol", protocol, "--runs",
            str(runs), "--seed", str(seed), "--quiet", "--max-slots", "20000"]
    if traffic in ("residue", "window"):
        perm = residue_permutation(d, g) if traffic == "residue" else window_permutation(d, g)
        path = os.path.join(perm_dir, f"{traffic}_{d}_{g}.txt")
        with open(path, "w") as f:
            f.write(" ".join(map(str, perm)) + "\n")
        args += ["--traffic", "file", "--permutation-file", path]
    else:
        args += ["--traffic", traffic]
    out = os.path.join(perm_dir, "out.json")
    args += ["--json", out]
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode == 2:
        return None  # not offered for this shape
    cli_guard.check_exit(p)  # 1: a run lost packets or hit the slot limit
    with open(out) as f:
        j = json.load(f)
    steps = [r["steps"] for r in j["runs"]]
    lost = sum(r["packets"] - r["delivered"] for r in j["runs"]) / len(j["runs"])
    limit = sum(1 for r in j["runs"] if r["hit_limit"])
    mean = sum(steps) / len(steps)
    return mean, max(steps), lost, limit, len(steps)


def main():
    ap = cli_guard.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default="build/optinet")
    ap.add_argument("--families", type=cli_guard.int_list, default="2,4,8,16",
                    help="k of d = k*g")
    ap.add_argument("--min-n", type=int, default=16)
    ap.add_argument("--max-n", type=int, default=4096)
    ap.add_argument("--runs", type=cli_guard.positive_int, default=30)
    ap.add_argument("--adversarial-runs", type=cli_guard.positive_int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--protocols", default="randomized,randomized-law,randomized-literal")
    ap.add_argument("--traffic", default="random,transpose,bit-reversal,residue,window")
    a = ap.parse_args()
    protocols = a.protocols.split(",")
    print("| k | POPS(d,g) | n | traffic | runs | paper | " +
          " | ".join(f"{p} steps (max) lost/run" for p in protocols) + " |")
    print("|---:|---|---:|---|---:|---:|" + "---|" * len(protocols))
    with tempfile.TemporaryDirectory() as tmp:
        for k in a.families:
            g = 1
            while k * g * g <= a.max_n:
                d = k * g
                if d * g >= a.min_n:
                    for traffic in a.traffic.split(","):
                        runs = a.runs if traffic == "random" else a.adversarial_runs
                        cells = []
                        for p in protocols:
                            if k == 1 and p == "randomized-law":
                                p = "randomized-bijective"
                            r = run(a.binary, d, g, p, traffic, runs, a.seed, tmp)
                            if r is None:
                                cells.append("-")
                            else:
                                mean, mx, lost, limit, n = r
                                cells.append(f"{mean:.2f} ({mx}) {lost:.1f}" +
                                             (f" [{limit} at limit]" if limit else ""))
                        if all(c == "-" for c in cells):
                            continue
                        paper = PAPER.get((d, g)) if traffic == "random" else None
                        print(f"| {k} | ({d},{g}) | {d*g} | {traffic} | {runs} | "
                              f"{paper if paper else ''} | " + " | ".join(cells) + " |")
                        sys.stdout.flush()
                g *= 2


if __name__ == "__main__":
    cli_guard.run(main)
