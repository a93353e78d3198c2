#!/usr/bin/python3
"""Tables and plots of the split&hash study (studies/splithash.toml) for
docs/results/split-hash.md, from the sweep's job reports (they keep every run's per-level
rounds, which the merged CSVs leave out).

    scripts/optinet-sweep studies/splithash.toml --jobs 1
    scripts/results/splithash_results.py sweeps/splithash docs/results

Prints the Markdown tables; writes split-hash-steps.png and split-hash-stuck.png. "bound" is
the paper's bound without its constant: d^2 log d log log N (Theorem 1) or log N / log log N
(Corollary 3a, protocol random-function), logs base 2."""
import json
import math
import os
import statistics

import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
import results_data  # noqa: E402


def load(sweep: str) -> list[dict]:
    points = []
    folder = os.path.join(sweep, "jobs")
    for name in sorted(os.listdir(folder)):
        if name.startswith(".") or not name.endswith(".json"):
            continue
        path = os.path.join(folder, name)
        with open(path) as f, cli_guard.reading(path, "sweep job report"):
            report = json.load(f)["report"]
            points.append({"parameters": report["parameters"], "runs": report["runs"],
                           "protocol": report["protocol"]})
    return points


def reference(protocol: str, depth: int, n: int) -> float:
    """The paper's bound without its constant (logs base 2): d^2 log d log log N for a
    permutation (Theorem 1; log d taken as 1 at d = 2), log N / log log N for a random function
    (Corollary 3a)."""
    if protocol == "random-function":
        return math.log2(n) / math.log2(math.log2(n))
    return depth * depth * max(1.0, math.log2(depth)) * math.log2(math.log2(n))


def funnel_steps(run: dict, funnels: list[dict]) -> float:
    """Steps the run spent in the funnels between levels d and 1: every round of level i is
    a_i steps and one slot for the wired-OR line."""
    a = {f["level"]: f["functions"] for f in funnels}
    slots = sum(sum(lv["rounds_per_batch"]) * (2 * a[lv["level"]] + 1)
                for lv in run["levels"] if lv["level"] > 0)
    return slots / 2


def row(point: dict) -> dict:
    p, runs = point["parameters"], point["runs"]
    ok = [r for r in runs if r["ok"]]
    steps = [r["steps"] for r in ok]
    in_funnels = [funnel_steps(r, p["funnels"]) for r in ok]
    funnels = p["funnels"]
    levels = {}
    for lv in funnels:
        i = lv["level"]
        rounds = [max(l["rounds_per_batch"]) for r in ok for l in r["levels"] if l["level"] == i]
        first = [l["successes_by_round"][0] / r["packets"] for r in ok for l in r["levels"]
                 if l["level"] == i and l["successes_by_round"]]
        over = sum(l["funnels_over_bound"] for r in ok for l in r["levels"] if l["level"] == i)
        total = sum(l["funnels"] for r in ok for l in r["levels"] if l["level"] == i)
        levels[i] = {"t": lv["round_bound"], "max_rounds": max(rounds) if rounds else None,
                     "over": over, "funnels": total,
                     "mean_rounds": statistics.mean(rounds) if rounds else None,
                     "first_round": statistics.mean(first) if first else None,
                     "a_i": lv["functions"], "b_i": lv["block_size"],
                     "bus": lv["bus_length"]}
    degree = max([lv["functions"] for lv in funnels], default=1) + 1
    longest = max([lv["bus_length"] for lv in funnels] + [p["sink_bus_length"]])
    return {"depth": p["depth"], "k": p["k"], "a": p["a"], "n": p["n"], "batches": p["batches"],
            "runs": len(runs), "ok": len(ok),
            "stuck_runs": sum(1 for r in runs if r["stuck"] > 0),
            "funnel_steps": statistics.mean(in_funnels) if in_funnels else None,
            "sink_load": max((r.get("max_sink_load", 1) for r in runs), default=None),
            "steps": statistics.mean(steps) if steps else None,
            "sd": statistics.stdev(steps) if len(steps) > 1 else 0.0,
            "ref": reference(point["protocol"], p["depth"], p["n"]), "levels": levels, "degree": degree,
            "bus": longest}


def fmt(x, digits=1):
    return "-" if x is None else f"{x:.{digits}f}"


def main() -> int:
    ap = cli_guard.ArgumentParser(description=__doc__)
    ap.add_argument("sweep", metavar="SWEEP", help="the sweep's output folder")
    ap.add_argument("out", metavar="OUT", help="folder for the PNGs")
    args = ap.parse_args()
    sweep, out = args.sweep, args.out
    cli_guard.output_folder(out, "OUT")
    points = load(sweep)
    with cli_guard.reading(sweep, "split&hash sweep"):
        rows = sorted((row(p) for p in points),
                      key=lambda r: (r["depth"], r["n"], r["a"], r["batches"]))
    print("| d | k | a | N | batches | longest bus | degree | runs ok / stuck | steps (sd) "
          "| in the funnels | after them | largest sink load | bound | steps / bound |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        ratio = None if r["steps"] is None else r["steps"] / r["ref"]
        print(f"| {r['depth']} | {r['k']} | {r['a']} | {r['n']} | {r['batches']} | {r['bus']} "
              f"| {r['degree']} | {r['ok']} / {r['stuck_runs']} | {fmt(r['steps'])} "
              f"({fmt(r['sd'])}) | {fmt(r['funnel_steps'])} "
              f"| {fmt(None if r['steps'] is None else r['steps'] - r['funnel_steps'])} "
              f"| {r['sink_load']} | {fmt(r['ref'])} | {fmt(ratio, 2)} |")
    print()
    print("| d | k | a | batches | level i | a_i | b_i | bus length | t_i | rounds max (mean) "
          "| funnels over t_i | delivered in round 1 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        for i, lv in sorted(r["levels"].items(), reverse=True):
            share = f"{lv['over']}/{lv['funnels']}" if lv["funnels"] else "-"
            first = None if lv["first_round"] is None else 100 * lv["first_round"]
            print(f"| {r['depth']} | {r['k']} | {r['a']} | {r['batches']} | {i} | {lv['a_i']} "
                  f"| {lv['b_i']} | {lv['bus']} | {lv['t']:.2f} | {lv['max_rounds'] or '-'} "
                  f"({fmt(lv['mean_rounds'], 2)}) | {share} | {fmt(first, 2)}% |")
    plot(rows, out)
    return 0


def plot(rows: list[dict], out: str) -> None:
    """split-hash-steps.png (steps against N) and split-hash-stuck.png (runs with a stuck
    packet against N), one line per depth and a."""
    plt = results_data.pyplot()

    def figure(value, ylabel: str, title: str, name: str) -> None:
        fig, ax = plt.subplots(figsize=(7, 4.5))
        for depth, color in ((2, "tab:blue"), (3, "tab:orange"), (4, "tab:green")):
            for a, marker in ((2, "o"), (3, "s"), (4, "^")):
                pts = [(r["n"], value(r)) for r in rows
                       if r["depth"] == depth and r["a"] == a and value(r) is not None]
                if pts:
                    ax.plot(*zip(*pts), marker=marker, color=color, label=f"d = {depth}, a = {a}")
        ax.set_xscale("log", base=2)
        ax.set_xlabel("N (sinks)")
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        ax.legend(fontsize=7, ncol=3)
        ax.grid(alpha=0.3)
        fig.tight_layout()
        cli_guard.save_figure(fig, os.path.join(out, name), dpi=110)

    figure(lambda r: r["steps"], "steps, mean of runs without stuck packets",
           "funnel protocol, random permutations", "split-hash-steps.png")
    figure(lambda r: r["stuck_runs"] / r["runs"], "share of runs with a stuck packet",
           "the Funnel Algorithm's failures (round limit 64)", "split-hash-stuck.png")


if __name__ == "__main__":
    cli_guard.run(main)
