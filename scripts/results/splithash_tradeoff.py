#!/usr/bin/python3
"""The trade-off the split&hash paper is about, measured at equal N: bus length (and its optical
loss under the default devices, docs/devices/README.md), degree, buses and steps to route a random permutation on split&hash networks of depth 2 to 4, the
d-dimensional MOB, the MOB-PC and the OCPC (docs/results/split-hash.md).

    scripts/results/splithash_tradeoff.py build/optinet [RUNS [ONLY]]
        RUNS: runs a case (default 3, seeds 1..); ONLY: run only the cases whose label has it

Runs each case with `optinet ... --json`, prints one Markdown table per N. A network family the
binary does not have (dmob) is listed as such."""
import json
import os
import statistics
import subprocess
import tempfile

import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402

CASES = {
    4096: [
        ("split&hash d=2, a=3", ["splithash", "--k", "64", "--depth", "2", "--a", "3"]),
        ("split&hash d=3, a=3", ["splithash", "--k", "16", "--depth", "3", "--a", "3"]),
        ("split&hash d=4, a=2", ["splithash", "--k", "8", "--depth", "4", "--a", "2"]),
        ("3-D MOB, dim-order", ["dmob", "--k", "16", "--dim", "3", "--protocol", "dim-order"]),
        ("4-D MOB, dim-order", ["dmob", "--k", "8", "--dim", "4", "--protocol", "dim-order"]),
        ("MOB-PC, row-column", ["mob", "--p", "64", "--protocol", "row-column"]),
        ("MOB-PC, gjlr", ["mob", "--p", "64", "--protocol", "gjlr"]),
        ("OCPC, coinflip", ["ocpc", "--p", "4096", "--protocol", "coinflip"]),
        ("OCPC, gjlr", ["ocpc", "--p", "4096", "--protocol", "gjlr"]),
    ],
    65536: [
        ("split&hash d=2, a=3", ["splithash", "--k", "256", "--depth", "2", "--a", "3"]),
        ("split&hash d=4, a=3", ["splithash", "--k", "16", "--depth", "4", "--a", "3"]),
        ("4-D MOB, dim-order", ["dmob", "--k", "16", "--dim", "4", "--protocol", "dim-order"]),
        ("MOB-PC, row-column", ["mob", "--p", "256", "--protocol", "row-column"]),
        ("MOB-PC, gjlr", ["mob", "--p", "256", "--protocol", "gjlr"]),
        ("OCPC, coinflip", ["ocpc", "--p", "65536", "--protocol", "coinflip"]),
        ("OCPC, gjlr", ["ocpc", "--p", "65536", "--protocol", "gjlr"]),
    ],
}


def shape(report: dict) -> tuple:
    """(longest bus, degree: buses a node is attached to, buses) from the report's parameters."""
    p = report["parameters"]
    net = report["network"]
    if net == "splithash":
        funnels = p["funnels"]
        longest = max([f["bus_length"] for f in funnels] + [p["sink_bus_length"]])
        degree = max([f["functions"] for f in funnels], default=1) + 1
        return longest, degree, p["buses"]
    if net == "dmob":
        return p["k"], p["dim"], p.get("buses", "")
    if net == "mob":
        return p["p"], 2, 2 * p["p"]
    return p["p"], 1, 1


def main() -> int:
    ap = cli_guard.ArgumentParser(description=__doc__)
    ap.add_argument("optinet", metavar="OPTINET", type=cli_guard.optinet,
                    help="the optinet binary")
    ap.add_argument("runs", metavar="RUNS", nargs="?", type=cli_guard.positive_int, default=3,
                    help="runs a case (default %(default)s, seeds 1..)")
    ap.add_argument("only", metavar="ONLY", nargs="?", default="",
                    help="run only the cases whose label has it")
    args = ap.parse_args()
    optinet, runs, only = args.optinet, args.runs, args.only
    with tempfile.TemporaryDirectory() as folder:
        for n, cases in CASES.items():
            print(f"\nN = {n}, random permutations, {runs} runs (seeds 1..{runs}):\n")
            print("| network | longest bus | its loss, dB | buses per node | buses | steps mean (sd) "
                  "| runs ok |")
            print("|---|---|---|---|---|---|---|")
            for label, args in cases:
                if only not in label:
                    continue
                path = os.path.join(folder, "r.json")
                if os.path.exists(path):
                    os.remove(path)
                proc = subprocess.run([optinet] + args + ["--traffic", "permutation", "--seed", "1",
                                                          "--runs", str(runs), "--quiet", "--json", path],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                if not os.path.exists(path):
                    why = proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else "no report"
                    print(f"| {label} | - | - | - | - | not run: {why} | - |")
                    continue
                with open(path) as f:
                    report = json.load(f)
                ok = [r for r in report["runs"] if r["ok"]]
                steps = [r["steps"] for r in ok]
                longest, degree, buses = shape(report)
                bus = report.get("power_budget", {}).get("bus", {})
                loss = f"{bus['total_loss_db']:.1f}" if "total_loss_db" in bus else "-"
                mean = f"{statistics.mean(steps):.1f}" if steps else "-"
                sd = f"{statistics.stdev(steps):.1f}" if len(steps) > 1 else "0"
                print(f"| {label} | {longest} | {loss} | {degree} | {buses} | {mean} ({sd}) "
                      f"| {len(ok)}/{len(report['runs'])} |")
    return 0


if __name__ == "__main__":
    cli_guard.run(main)
