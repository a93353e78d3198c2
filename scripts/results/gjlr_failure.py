#!/usr/bin/python3
"""gjlr's failure rate against p and the schedule scale, from the runs.csv of
studies/gjlr-failure.toml (docs/results/ocpc-mob.md, "What the constants buy").

    scripts/results/gjlr_failure.py sweeps/gjlr-failure/runs.csv sweeps/gjlr-failure-p512/runs.csv \
        --direct-csv docs/results/ocpc-mob.csv --out docs/results/gjlr-failure

writes OUT.md (the tables), OUT.csv (one line per point) and OUT.png (failure rate and
fallbacks per node against the scale, one line per p and constant). The scales are the
--gjlr-scale, --gjlr-c3-scale and --gjlr-compaction-scale columns of the runs (their products
are the factors on c3 and compaction_c); the other studies (studies/gjlr-failure-*.toml) run
through it the same way. A run fails when any node still held a message at the end of the fixed
schedule (`fallbacks` > 0: the coin-flip fallback finished it). The 95% interval of a rate is
Clopper-Pearson's exact one; with no failure in n runs its upper end is 1 - 0.025^(1/n) (about
3.7/n), so a rate below 1e-3 is resolved only from about 3,700 clean runs.
"""
import csv
import math
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
import results_data  # noqa: E402
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


def factor(row, column):
    """A scale column of a run as a float (1 where the study does not set it)."""
    return float(row.get(column) or 1)


def load(paths):
    """Runs by (protocol, p, c3 factor, compaction factor) from one or more runs.csv; a seed
    twice is an error. The factors are --gjlr-scale times --gjlr-c3-scale and times
    --gjlr-compaction-scale (the schedule multiplies them); the direct protocols have 1, 1."""
    points = defaultdict(list)
    seen = set()
    for path in paths:
        # p, h and n are run columns where they are axes; otherwise parameters in points.csv.
        points_csv = os.path.join(os.path.dirname(path), "points.csv")
        params = {r["point"]: r for r in results_data.read_csv(points_csv)}
        for row in results_data.read_csv(path):
            for column in ("p", "h", "n"):
                if not row.get(column):
                    row[column] = params[row["point"]].get(column) or row.get("p")
            if row["ok"] != "true":
                sys.exit("gjlr_failure.py: %s: run %s of point %s failed its checks" %
                         (path, row["seed"], row["point"]))
            common = factor(row, "gjlr-scale")
            key = (row.get("protocol") or "gjlr", int(row["p"]),
                   common * factor(row, "gjlr-c3-scale"),
                   common * factor(row, "gjlr-compaction-scale"))
            if (key, row["seed"]) in seen:
                sys.exit("gjlr_failure.py: %s: seed %s of %r twice" % (path, row["seed"], key))
            seen.add((key, row["seed"]))
            points[key].append(row)
    return points


def series_of(c3, compaction):
    """Which constants a point shrinks: both alike (--gjlr-scale), c3 alone, compaction_c
    alone, or both unlike (not charted)."""
    if c3 == compaction:
        return "both"
    return "c3" if compaction == 1 else "compaction" if c3 == 1 else "mixed"


def label(x):
    return "%g" % x


def summary(points):
    rows = []
    for (protocol, p, c3, compaction), runs in sorted(points.items()):
        n = len(runs)
        failed = sum(int(r["fallbacks"]) > 0 for r in runs)
        nodes = sum(int(r["fallbacks"]) for r in runs)
        steps = [int(r["steps"]) for r in runs]
        clean = [int(r["steps"]) for r in runs if int(r["fallbacks"]) == 0]
        low, high = interval(failed, n)
        series = series_of(c3, compaction)
        rows.append(dict(protocol=protocol, p=p, c3=c3, compaction=compaction, series=series,
                         scale=label(c3 if series != "compaction" else compaction),
                         h=sorted({r["h"] for r in runs}), runs=n, failed=failed,
                         rate=failed / n, low=low, high=high,
                         per_node=nodes / sum(int(r["n"]) for r in runs),
                         mob=any(int(r["n"]) != p for r in runs),
                         mean=sum(steps) / n, max=max(steps),
                         schedule=min(clean) if clean else None))
    return rows


def gjlr_series(rows):
    """The gjlr rows by (p, series), each list in increasing scale; the default point (both
    scales 1) belongs to every series of its p."""
    by = defaultdict(list)
    for r in rows:
        if r["protocol"] == "gjlr" and r["series"] != "mixed":
            by[(r["p"], r["series"])].append(r)
    for (p, series), rs in list(by.items()):
        default = [r for r in by.get((p, "both"), []) if r["c3"] == 1]
        if series != "both" and default:
            rs.extend(default)
    return {key: sorted(rs, key=lambda r: float(r["scale"])) for key, rs in by.items()}


def log2(p):
    return int(round(math.log2(p)))


def relation(rows):
    hs = sorted({h for r in rows for h in r["h"]}, key=int)
    mob = any(r["mob"] for r in rows)
    return "random %s-relations%s" % ("/".join(hs),
                                      "; MOB-PC: p is the side, n = p^2" if mob else "")


def tables(rows):
    gjlr = [r for r in rows if r["protocol"] == "gjlr"]
    separate = any(r["series"] != "both" for r in gjlr)
    what = "c3 scale | compaction scale" if separate else "scale"
    out = ["**`gjlr` failure rate** (%s): runs with any fallback among the runs, " % relation(rows) +
           "its 95% interval (Clopper-Pearson), fallback nodes per node, and steps (schedule = "
           "the steps of a run without fallback; mean and max over all runs).", "",
           "| p | %s | runs | failed | rate | 95%% interval | fallbacks/node | schedule | " % what +
           "mean steps | max steps |",
           "|---:|---:|" + ("---:|" if separate else "") + "---:|---:|---:|---|---:|---:|---:|---:|"]
    for r in gjlr:
        scales = ("%s | %s" % (label(r["c3"]), label(r["compaction"])) if separate else
                  r["scale"])
        out.append("| 2^%d | %s | %d | %d | %.2g | [%.2g, %.2g] | %.2g | %s | %.1f | %d |" % (
            log2(r["p"]), scales, r["runs"], r["failed"], r["rate"], r["low"], r["high"],
            r["per_node"], r["schedule"] if r["schedule"] is not None else "-", r["mean"],
            r["max"]))
    out += ["", "**Smallest scale by p** for a failure rate below 1e-3: *shown*, the smallest "
            "scale of the grid whose 95% upper bound is below 1e-3; *estimated*, the smallest "
            "scale from which on every point's rate (failed / runs) is below 1e-3, with its "
            "interval (an estimate, not a bound).", "",
            "| p |%s shown (steps) | estimated (steps) | its rate [95%% interval] | runs there |" %
            (" scaled |" if separate else ""),
            "|---:|" + ("---|" if separate else "") + "---|---|---|---:|"]
    for (p, series), ordered in sorted(gjlr_series(rows).items()):
        shown = next((r for r in ordered if r["high"] < TARGET), None)
        estimated = None
        for r in reversed(ordered):
            if r["rate"] >= TARGET:
                break
            estimated = r
        cell = lambda r: "%s (%s)" % (r["scale"], r["schedule"]) if r else "none"
        names = {"both": "c3 and compaction_c", "c3": "c3", "compaction": "compaction_c"}
        out.append("| 2^%d |%s %s | %s | %s | %s |" % (
            log2(p), " %s |" % names[series] if separate else "", cell(shown), cell(estimated),
            "%.2g [%.2g, %.2g]" % (estimated["rate"], estimated["low"], estimated["high"])
            if estimated else "", estimated["runs"] if estimated else ""))
    direct = [r for r in rows if r["protocol"] != "gjlr"]
    if direct:
        out += ["", "**Direct algorithms at the same p and h** (%s)" % relation(direct), "",
                "| p | protocol | runs | mean steps | max steps |", "|---:|---|---:|---:|---:|"]
        for r in direct:
            out.append("| 2^%d | `%s` | %d | %.1f | %d |" % (log2(r["p"]), r["protocol"],
                                                           r["runs"], r["mean"], r["max"]))
    return "\n".join(out) + "\n"


def direct_points(rows, ocpc_csv):
    """Each direct algorithm's mean steps by p on random h-relations from p = 2^9 on: the
    committed study (ocpc_csv) and this study's direct points, at the study's one h."""
    hs = {h for r in rows for h in r["h"]}
    if len(hs) != 1:
        sys.exit("gjlr_failure.py: --direct-csv needs runs of one h (these have %s)" % sorted(hs))
    h = int(hs.pop())
    points = defaultdict(dict)
    for r in results_data.read_csv(ocpc_csv):
        if (r["network"] == "ocpc" and r["traffic"] == "random-h-relation" and
                int(r["h"]) == h and r["protocol"] != "gjlr" and int(r["p"]) >= 512):
            points[r["protocol"]][int(r["p"])] = float(r["steps_mean"])
    for r in rows:
        if r["protocol"] != "gjlr":
            points[r["protocol"]][r["p"]] = r["mean"]
    return h, points


def direct_fits(rows, ocpc_csv):
    """(a, b) of steps = a + b log2 p for each direct algorithm (least squares over
    direct_points)."""
    _, points = direct_points(rows, ocpc_csv)
    return {protocol: results_data.fit_log2(sorted(pts.items()))
            for protocol, pts in sorted(points.items())}


def crossover(rows, ocpc_csv):
    """The direct algorithms' fits (direct_fits) and the log2 p at which each reaches each gjlr
    schedule length of this study ("never" where the fit does not grow)."""
    h, points = direct_points(rows, ocpc_csv)
    schedules = sorted({r["schedule"] for r in rows
                        if r["protocol"] == "gjlr" and r["schedule"] is not None})
    out = ["", "**Crossover** (least squares steps = a + b log2 p over p = 2^9 .. 2^%d, "
           "random %d-relations; log2 p at which the fit reaches each gjlr schedule length)" % (
               max(log2(p) for pts in points.values() for p in pts), h), "",
           "| protocol | a | b | " + " | ".join("%d steps" % s for s in schedules) + " |",
           "|---|---:|---:|" + "---:|" * len(schedules)]
    for protocol, (a, b) in direct_fits(rows, ocpc_csv).items():
        out.append("| `%s` | %.1f | %.2f | " % (protocol, a, b) +
                   " | ".join("%.0f" % ((s - a) / b) if b > 0 else "never" for s in schedules) +
                   " |")
    return "\n".join(out) + "\n"


def write_points(rows, path):
    """One line per point: what the tables show, for the record (not the raw runs)."""
    columns = ["protocol", "p", "h", "c3_scale", "compaction_scale", "runs", "failed", "rate",
               "ci95_low", "ci95_high", "fallbacks_per_node", "schedule", "steps_mean",
               "steps_max"]
    with cli_guard.atomic_open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(columns)
        for r in rows:
            w.writerow([r["protocol"], r["p"], "/".join(r["h"]), label(r["c3"]),
                        label(r["compaction"]), r["runs"], r["failed"], "%.3g" % r["rate"],
                        "%.3g" % r["low"], "%.3g" % r["high"], "%.3g" % r["per_node"],
                        "" if r["schedule"] is None else r["schedule"], "%.2f" % r["mean"],
                        r["max"]])


def plot(rows, path):
    plt = results_data.pyplot()
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4.2))
    names = {"both": "", "c3": ", c3 only", "compaction": ", compaction_c only"}
    for (p, series), rs in sorted(gjlr_series(rows).items()):
        xs = [float(r["scale"]) for r in rs]
        counts = sorted({r["runs"] for r in rs})
        label_ = "p = 2^%d%s (%s runs/point)" % (log2(p), names[series],
                                                 "-".join(str(c) for c in counts))
        # A rate of 0 is drawn at its 95% upper bound, open marker.
        line = a.plot(xs, [r["rate"] if r["failed"] else float("nan") for r in rs], "o-",
                      label=label_)[0]
        a.plot([x for x, r in zip(xs, rs) if not r["failed"]],
               [r["high"] for r in rs if not r["failed"]], "v", mfc="none",
               color=line.get_color())
        a.vlines(xs, [max(r["low"], 1e-6) for r in rs], [r["high"] for r in rs],
                 color=line.get_color(), alpha=0.4)
        b.plot(xs, [r["per_node"] if r["per_node"] else float("nan") for r in rs], "o-",
               color=line.get_color(), label=label_)
    a.axhline(TARGET, color="grey", ls="--", lw=0.8)
    a.set(yscale="log", xlabel="scale (x c3 and compaction_c, or the one named)",
          ylabel="runs with a fallback (rate; v: 95% bound when none)",
          title="gjlr failure rate, %s" % relation(rows).replace("; ", "\n"))
    b.set(xlabel="scale", ylabel="fallback nodes per node", title="fallbacks per node")
    a.legend(fontsize=7)
    if any(r["per_node"] for r in rows if r["protocol"] == "gjlr"):
        b.set(yscale="log")
        b.legend(fontsize=7)
    else:  # nothing to draw on a log axis: say so instead of an empty frame
        b.text(0.5, 0.5, "no node fell back in any run", ha="center", va="center",
               transform=b.transAxes)
        b.set_yticks([])
    b.set_xlim(a.get_xlim())  # the same scales as the rates beside it
    fig.tight_layout()
    cli_guard.save_figure(fig, path, dpi=110)


def main():
    ap = cli_guard.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs_csv", nargs="+")
    ap.add_argument("--out", required=True, help="path without extension: OUT.md, OUT.png")
    ap.add_argument("--direct-csv", help="the committed OCPC study (docs/results/ocpc-mob.csv): "
                    "adds the crossover fits of the direct algorithms")
    args = ap.parse_args()
    for suffix in (".md", ".csv", ".png"):
        cli_guard.output_file(args.out + suffix, "--out",
                              inputs=args.runs_csv + [args.direct_csv or ""])
    rows = summary(load(args.runs_csv))
    text = tables(rows) + (crossover(rows, args.direct_csv) if args.direct_csv else "")
    cli_guard.write_atomically(args.out + ".md", text)
    write_points(rows, args.out + ".csv")
    plot(rows, args.out + ".png")
    print(text)


if __name__ == "__main__":
    cli_guard.run(main)
