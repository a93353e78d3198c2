#!/usr/bin/python3
"""gjlr's failure rate against p and the schedule scale, from the runs.csv of
studies/gjlr-failure.toml (docs/results/ocpc-mob.md, "What the constants buy").

    scripts/gjlr_failure.py sweeps/gjlr-failure/runs.csv sweeps/gjlr-failure-p512/runs.csv \
        --direct-csv docs/results/ocpc-mob.csv --out docs/results/gjlr-failure

writes OUT.md (the tables) and OUT.png (failure rate and fallbacks per node against the scale,
one line per p). A run fails when any node still held a message at the end of the fixed
schedule (`fallbacks` > 0: the coin-flip fallback finished it). The 95% interval of a rate is
Clopper-Pearson's exact one; with no failure in n runs its upper end is 1 - 0.025^(1/n) (about
3.7/n), so a rate below 1e-3 is resolved only from about 3,700 clean runs.
"""
import argparse
import csv
import math
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from sweep.stats import incomplete_beta  # noqa: E402

TARGET = 1e-3


def beta_ppf(q, a, b):
    """Quantile of Beta(a, b) by bisection on the regularized incomplete beta."""
    lo, hi = 0.0, 1.0
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if incomplete_beta(a, b, mid) < q else (lo, mid)
    return (lo + hi) / 2


def interval(k, n):
    """Clopper-Pearson 95% interval of k failures in n runs."""
    low = 0.0 if k == 0 else beta_ppf(0.025, k, n - k + 1)
    high = 1.0 if k == n else (1 - 0.025 ** (1 / n) if k == 0 else beta_ppf(0.975, k + 1, n - k))
    return low, high


def load(paths):
    """Runs by (protocol, p, scale) from one or more runs.csv; a seed twice is an error."""
    points = defaultdict(list)
    seen = set()
    for path in paths:
        # p is a run column where it is an axis; otherwise a parameter in points.csv beside it.
        with open(os.path.join(os.path.dirname(path), "points.csv"), newline="") as f:
            point_p = {r["point"]: r["p"] for r in csv.DictReader(f)}
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                row.setdefault("p", point_p[row["point"]])
                if row["ok"] != "true":
                    sys.exit("gjlr_failure.py: %s: run %s of point %s failed its checks" %
                             (path, row["seed"], row["point"]))
                scale = row.get("gjlr-scale") or ""
                key = (row.get("protocol") or "gjlr", int(row["p"]), scale)
                if (key, row["seed"]) in seen:
                    sys.exit("gjlr_failure.py: %s: seed %s of %r twice" % (path, row["seed"], key))
                seen.add((key, row["seed"]))
                points[key].append(row)
    return points


def summary(points):
    rows = []
    for (protocol, p, scale), runs in sorted(points.items(),
                                             key=lambda kv: (kv[0][0], kv[0][1],
                                                             float(kv[0][2] or 0))):
        n = len(runs)
        failed = sum(int(r["fallbacks"]) > 0 for r in runs)
        nodes = sum(int(r["fallbacks"]) for r in runs)
        steps = [int(r["steps"]) for r in runs]
        clean = [int(r["steps"]) for r in runs if int(r["fallbacks"]) == 0]
        low, high = interval(failed, n)
        rows.append(dict(protocol=protocol, p=p, scale=scale, runs=n, failed=failed,
                         rate=failed / n, low=low, high=high, per_node=nodes / (n * p),
                         mean=sum(steps) / n, max=max(steps),
                         schedule=min(clean) if clean else None))
    return rows


def gjlr_by_p(rows):
    """The gjlr rows by p, each list in increasing scale."""
    by_p = defaultdict(list)
    for r in rows:
        if r["protocol"] == "gjlr":
            by_p[r["p"]].append(r)
    return {p: sorted(rs, key=lambda r: float(r["scale"])) for p, rs in by_p.items()}


def log2(p):
    return int(round(math.log2(p)))


def tables(rows):
    out = ["**`gjlr` failure rate** (random 2-relations): runs with any fallback among the runs, "
           "its 95% interval (Clopper-Pearson), fallback nodes per node, and steps (schedule = "
           "the steps of a run without fallback; mean and max over all runs).", "",
           "| p | scale | runs | failed | rate | 95% interval | fallbacks/node | schedule | "
           "mean steps | max steps |",
           "|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|"]
    for r in rows:
        if r["protocol"] != "gjlr":
            continue
        out.append("| 2^%d | %s | %d | %d | %.2g | [%.2g, %.2g] | %.2g | %s | %.1f | %d |" % (
            log2(r["p"]), r["scale"], r["runs"], r["failed"], r["rate"], r["low"], r["high"],
            r["per_node"], r["schedule"] if r["schedule"] is not None else "-", r["mean"],
            r["max"]))
    out += ["", "**Smallest scale by p** for a failure rate below 1e-3: *shown*, the smallest "
            "scale of the grid whose 95% upper bound is below 1e-3; *estimated*, the smallest "
            "scale from which on every point's rate (failed / runs) is below 1e-3, with its "
            "interval (an estimate, not a bound).", "",
            "| p | shown (steps) | estimated (steps) | its rate [95% interval] | runs there |",
            "|---:|---|---|---|---:|"]
    by_p = gjlr_by_p(rows)
    for p in sorted(by_p):
        ordered = by_p[p]
        shown = next((r for r in ordered if r["high"] < TARGET), None)
        estimated = None
        for r in reversed(ordered):
            if r["rate"] >= TARGET:
                break
            estimated = r
        cell = lambda r: "%s (%s)" % (r["scale"], r["schedule"]) if r else "none"
        out.append("| 2^%d | %s | %s | %s | %s |" % (
            log2(p), cell(shown), cell(estimated),
            "%.2g [%.2g, %.2g]" % (estimated["rate"], estimated["low"], estimated["high"])
            if estimated else "", estimated["runs"] if estimated else ""))
    direct = [r for r in rows if r["protocol"] != "gjlr"]
    if direct:
        out += ["", "**Direct algorithms at the same p and h** (random 2-relations)", "",
                "| p | protocol | runs | mean steps | max steps |", "|---:|---|---:|---:|---:|"]
        for r in direct:
            out.append("| 2^%d | `%s` | %d | %.1f | %d |" % (log2(r["p"]), r["protocol"],
                                                           r["runs"], r["mean"], r["max"]))
    return "\n".join(out) + "\n"


def crossover(rows, ocpc_csv, h=2):
    """Fits steps = a + b log2 p to each direct algorithm's random h-relations from p = 2^9 on:
    the point means of the committed study (ocpc_csv) and this study's direct points, and
    solves for the p at which the fit reaches each gjlr schedule length of this study."""
    points = defaultdict(dict)
    with open(ocpc_csv, newline="") as f:
        for r in csv.DictReader(f):
            if (r["network"] == "ocpc" and r["traffic"] == "random-h-relation" and
                    int(r["h"]) == h and r["protocol"] != "gjlr" and int(r["p"]) >= 512):
                points[r["protocol"]][int(r["p"])] = float(r["steps_mean"])
    for r in rows:
        if r["protocol"] != "gjlr":
            points[r["protocol"]][r["p"]] = r["mean"]
    schedules = sorted({r["schedule"] for r in rows
                        if r["protocol"] == "gjlr" and r["schedule"] is not None})
    out = ["", "**Crossover** (least squares steps = a + b log2 p over p = 2^9 .. 2^%d, "
           "random %d-relations; log2 p at which the fit reaches each gjlr schedule length)" % (
               max(log2(p) for pts in points.values() for p in pts), h), "",
           "| protocol | a | b | " + " | ".join("%d steps" % s for s in schedules) + " |",
           "|---|---:|---:|" + "---:|" * len(schedules)]
    for protocol in sorted(points):
        xy = [(math.log2(p), y) for p, y in sorted(points[protocol].items())]
        mx = sum(x for x, _ in xy) / len(xy)
        my = sum(y for _, y in xy) / len(xy)
        b = sum((x - mx) * (y - my) for x, y in xy) / sum((x - mx) ** 2 for x, _ in xy)
        a = my - b * mx
        out.append("| `%s` | %.1f | %.2f | " % (protocol, a, b) +
                   " | ".join("%.0f" % ((s - a) / b) for s in schedules) + " |")
    return "\n".join(out) + "\n"


def plot(rows, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4.2))
    by_p = gjlr_by_p(rows)
    for p in sorted(by_p):
        rs = by_p[p]
        xs = [float(r["scale"]) for r in rs]
        counts = sorted({r["runs"] for r in rs})
        label = "p = 2^%d (%s runs/point)" % (log2(p), "-".join(str(c) for c in counts))
        # A rate of 0 is drawn at its 95% upper bound, open marker.
        line = a.plot(xs, [r["rate"] if r["failed"] else float("nan") for r in rs], "o-",
                      label=label)[0]
        a.plot([x for x, r in zip(xs, rs) if not r["failed"]],
               [r["high"] for r in rs if not r["failed"]], "v", mfc="none",
               color=line.get_color())
        a.vlines(xs, [max(r["low"], 1e-6) for r in rs], [r["high"] for r in rs],
                 color=line.get_color(), alpha=0.4)
        b.plot(xs, [r["per_node"] if r["per_node"] else float("nan") for r in rs], "o-",
               color=line.get_color(), label=label)
    a.axhline(TARGET, color="grey", ls="--", lw=0.8)
    a.set(yscale="log", xlabel="--gjlr-scale (x c3 and compaction_c)",
          ylabel="runs with a fallback (rate; v: 95% bound when none)",
          title="gjlr failure rate, random 2-relations")
    b.set(yscale="log", xlabel="--gjlr-scale", ylabel="fallback nodes per node",
          title="fallbacks per node")
    a.legend(fontsize=7)
    b.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs_csv", nargs="+")
    ap.add_argument("--out", required=True, help="path without extension: OUT.md, OUT.png")
    ap.add_argument("--direct-csv", help="the committed OCPC study (docs/results/ocpc-mob.csv): "
                    "adds the crossover fits of the direct algorithms")
    args = ap.parse_args()
    rows = summary(load(args.runs_csv))
    text = tables(rows) + (crossover(rows, args.direct_csv) if args.direct_csv else "")
    with open(args.out + ".md", "w") as f:
        f.write(text)
    plot(rows, args.out + ".png")
    print(text)


if __name__ == "__main__":
    main()
