"""The statements of docs/results/ocpc-mob.md rebuilt from its data: ocpc-mob.csv (the sweep's
points), the gjlr failure pages and their CSVs (gjlr-failure*.md / .csv), and the run counts of
the larger failure studies (gjlr-failure-p*-points.csv). The failed-run counts of those larger
studies are in no committed file (their sweeps' runs.csv is not kept), so for them the check
covers the run counts and the intervals the page derives from its counts, not the counts."""
import math

import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import gjlr_failure  # noqa: E402
import results_data as rd  # noqa: E402

PAGE = "ocpc-mob.md"


class Sweep:
    """ocpc-mob.csv by (network, protocol, traffic, p, h)."""

    def __init__(self):
        self.rows = rd.read_csv(rd.result("ocpc-mob.csv"))
        self.at = {(r["network"], r["protocol"], r["traffic"], int(r["p"]), int(r["h"])): r
                   for r in self.rows}

    def steps(self, network, protocol, p, h=2, traffic="random-h-relation", key="steps_mean"):
        if h == "log":
            h = max(1, math.ceil(math.log2(p)))
        return float(self.at[(network, protocol, traffic, p, h)][key])

    def lower(self, network, protocol, p, key="steps_mean"):
        return self.steps(network, protocol, p, 2, "lower-bound", key)

    def fit(self, network, protocol, traffic="lower-bound", h=2, least_p=0):
        pts = sorted((int(r["n"] if traffic == "lower-bound" else r["p"]),
                      float(r["steps_mean"])) for r in self.rows
                     if r["network"] == network and r["protocol"] == protocol and
                     r["traffic"] == traffic and int(r["h"]) == h and int(r["p"]) >= least_p)
        return rd.fit_log2(pts)

    def ps(self, network, protocol):
        return sorted({int(r["p"]) for r in self.rows
                       if r["network"] == network and r["protocol"] == protocol})


def e(p):
    return f"2^{int(math.log2(p))}"


def direct_claims(s):
    c = []
    ocpc = s.ps("ocpc", "coinflip")
    lo, hi = ocpc[0], ocpc[-1]
    b = {pr: s.fit("ocpc", pr)[1] for pr in ("coinflip", "thinning", "valiant")}
    c.append(f"`coinflip`: {b['coinflip']:.2f} step per doubling of p, from"
             f" {s.lower('ocpc', 'coinflip', lo):.0f} steps at p = {e(lo)} to"
             f" {s.lower('ocpc', 'coinflip', hi):.0f} at p = {e(hi)}")
    c.append(f"`thinning`: {b['thinning']:.2f} steps per doubling")
    c.append(f"Neither curve flattens anywhere in {e(lo)}..{e(hi)}")
    c.append(f"On the lower-bound relation it takes {s.lower('ocpc', 'valiant', lo):.2f} steps at"
             f" p = {e(lo)} and {s.lower('ocpc', 'valiant', hi):.0f} at {e(hi)},"
             f" {b['valiant']:.2f} steps per doubling of p (the fit)")
    one = {s.steps("ocpc", pr, p, 1, key="steps_max") for pr in ("thinning", "valiant")
           for p in ocpc}
    c.append(f"a permutation is delivered in 1 step ({max(one):.0f} with the termination step)"
             if one == {2.0} else "a permutation is not always delivered in 1 step")
    first, last = (s.steps("ocpc", "coinflip", p, "log") for p in (lo, hi))
    c.append(f"`coinflip` with h = ceil(log2 p) goes from {first:.0f} steps at p = {e(lo)} to"
             f" {last:.0f} at p = {e(hi)}")
    c.append(f"needs {s.steps('ocpc', 'thinning', hi, 'log'):.0f} steps at the same point")
    # For which h thinning beats coin flips at every p from 2^12 on.
    late = [p for p in ocpc if p >= 4096]
    better = [h for h in (1, 2, 4, 8, "log") if all(
        s.steps("ocpc", "thinning", p, h) < s.steps("ocpc", "coinflip", p, h) for p in late)]
    worse4 = [p for p in late if s.steps("ocpc", "thinning", p, 4) >=
              s.steps("ocpc", "coinflip", p, 4)]
    hs = " and ".join("h = log p" if h == "log" else f"h = {h}" for h in better)
    c.append(f"It is also better than coin flips for {hs} at every p >= 2^12, but not for h = 4"
             f" ({len(worse4)} of the {len(late)} sizes from 2^12 on: at 2^16"
             f" {s.steps('ocpc', 'thinning', hi, 4):.1f} against"
             f" {s.steps('ocpc', 'coinflip', hi, 4):.1f} steps)")
    sides = s.ps("mob", "row-column")
    c.append(f"On the lower-bound relation it takes {s.lower('mob', 'row-column', sides[0]):.0f}"
             f" steps at side {sides[0]} and {s.lower('mob', 'row-column', sides[-1]):.0f} at side"
             f" {sides[-1]} ({s.fit('mob', 'row-column')[1]:.2f} steps per doubling of n)")
    mean, most = (s.steps("mob", "row-column", 64, 8, key=k) for k in ("steps_mean", "steps_max"))
    c.append(f"At side 64 and h = 8 the mean is about {round(mean, -3):,.0f} steps (max"
             f" {round(most, -3):,.0f})")
    return c


def schedule_claims(s):
    c = []
    gj = {p: s.steps("ocpc", "gjlr", p) for p in s.ps("ocpc", "gjlr")}
    flat = sorted(p for p, v in gj.items() if v == gj[512])
    c.append(f"h = 2 takes {gj[64]:.0f} steps at p = 2^6 (one target group), {gj[128]:.0f} at"
             f" 2^7..2^8 (L2 = 3), {gj[512]:.0f} at every p from {e(flat[0])} to {e(flat[-1])}")
    v = s.lower("ocpc", "valiant", 65536)
    c.append(f"grows by about {s.fit('ocpc', 'valiant')[1]:.0f} steps per doubling on the"
             f" lower-bound relation ({v:.0f} steps at 2^16)")
    c.append(f"gjlr's fitted {s.fit('ocpc', 'gjlr')[1]:.2f} per doubling")
    per_h = [(s.steps("ocpc", "gjlr", p, 8) - s.steps("ocpc", "gjlr", p, 1)) / 7
             for p in s.ps("ocpc", "gjlr") if p >= 512]
    c.append(f"about {sum(per_h) / len(per_h):.0f} steps per unit of h")
    fell = [r for r in s.rows if r["protocol"] == "gjlr" and float(r["fallbacks_mean"]) > 0]
    only = fell[0] if len(fell) == 1 else None
    c.append(f"In the sweep only p = {e(int(only['p']))} with h = {only['h']} (= log p) needed one"
             f" ({float(only['fallbacks_mean']):g} fallback nodes per run over {only['runs']}"
             " runs); every other OCPC point and every MOB-PC point ran the schedule alone"
             if only else f"{len(fell)} gjlr points needed a fallback")
    ocpc_gjlr = {(p, h): s.steps("ocpc", "gjlr", p, h) for p in (64, 128) for h in (1, 2, 4, 8)}
    mob = [s.steps("mob", "gjlr", p, h) / ocpc_gjlr[(p, h)] for p in (64, 128)
           for h in (1, 2, 4, 8)]
    c.append(f"so it costs {rd.span(mob, '{:.1f}')} times the OCPC's steps"
             " at the same side")
    c.append(f"It raises the MOB-PC lower-bound fit to {s.fit('mob', 'gjlr')[1]:.1f} steps per"
             " doubling of n")
    return c


def failure_tables():
    """The gjlr-failure pages' points by (protocol, p, c3 factor, compaction factor), as
    claims_gjlr_failure reads them (and holds them to their data)."""
    import claims_gjlr_failure as g
    return {name: {(r["protocol"], r["p"], r["c3"], r["compaction"]): r
                   for r in g.points_of(name, mob)[0]} for name, mob in g.PAGES}


def points_runs():
    """Runs per (p, scale) of the larger studies, from their points CSVs."""
    runs = {}
    for p, files in ((2048, ["p2048"]), (8192, ["p8192", "p8192-s1"]), (32768, ["p32768"]),
                     (131072, ["p131072"])):
        for f in files:
            for r in rd.read_csv(rd.result(f"gjlr-failure-{f}-points.csv")):
                runs[(p, float(r["gjlr_scale"]))] = int(r["runs"])
    return runs


def bound(k, n):
    low, high = gjlr_failure.interval(k, n)
    return low, high


def constants_claims(t):
    c = []
    main = t["gjlr-failure"]

    def g(p, s, page="gjlr-failure", c3=None, comp=None):
        return t[page][("gjlr", p, s if c3 is None else c3, s if comp is None else comp)]

    cells = []
    scales = (0.25, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
    for p in (512, 2048, 8192, 32768):
        row = []
        for sc in scales:
            r = main.get(("gjlr", p, sc, sc))
            row.append(f"{r['failed']}/{r['runs']} ({r['schedule'] if r['schedule'] else '-'})"
                       if r else "")
        cells.append(f"| {e(p)} | " + " | ".join(row) + " |")
    c += cells
    r = {p: g(p, 0.5) for p in (512, 2048, 8192, 32768)}
    c.append("At scale 0.5 the rate goes from " + ", ".join(
        [f"{100 * r[512]['rate']:.1f}% (2^9) to {100 * r[2048]['rate']:.1f}% (2^11)",
         f"{100 * r[8192]['rate']:.0f}% (2^13)"]) + f" and {100 * r[32768]['rate']:.0f}% (2^15)")
    r7 = {p: g(p, 0.7) for p in (512, 2048, 8192)}
    c.append(f"at 0.7 from {100 * r7[512]['rate']:.2f}% to {100 * r7[2048]['rate']:.1f}% and"
             f" {100 * r7[8192]['rate']:.1f}%")
    d13 = g(8192, 1.0)
    c.append(f"so the rate there is {d13['rate']:.3f} (95% interval {d13['low']:.4f}-"
             f"{d13['high']:.3f})")
    p15, p17 = g(32768, 1.0), g(131072, 1.0)
    c.append(f"at 2^15 (3 s per run) {p15['runs']} runs bound the rate only by {p15['high']:.2f},"
             f" at 2^17 (about 14 s per run) {p17['runs']} runs by {p17['high']:.2f}")
    d9 = g(512, 1.0)
    c.append(f"{d9['failed']} failed run in {d9['runs']:,}, 95% interval"
             f" [{d9['low']:.0e}, {d9['high']:.1e}]".replace("e-0", "e-"))
    a8, a9, a7 = g(512, 0.8), g(512, 0.9), g(512, 0.7)
    c.append(f"S = 0.8 ({a8['schedule']} steps) and 0.9 ({a9['schedule']}) had {a8['failed']} in"
             f" {a8['runs']:,} ({a8['rate']:.1e}, interval up to {a8['high']:.1e})"
             .replace("e-0", "e-"))
    c.append(f"S = 0.7 ({a7['schedule']} steps) is above ({a7['failed']} in {a7['runs']:,},"
             f" {a7['rate']:.2g}, interval [{a7['low']:.2g}, {a7['high']:.2g}])")
    b8, b1 = g(2048, 0.8), g(2048, 1.0)
    c.append(f"({b8['failed']} of {b8['runs']} at 0.8, {b1['failed']} of {b1['runs']} at 1;"
             f" bound {b1['high']:.2g})")
    return c


def larger_studies_claims():
    """Run counts from the points CSVs and the intervals of the page's own counts."""
    runs = points_runs()
    c = []

    def iv(k, n, fmt):
        low, high = bound(k, n)
        return fmt(low, high)
    c.append(f"(seeds 1-{runs[(2048, 1.0)]:,}; the same seeds as the")
    c.append(f"S = 1.25 (151 steps) did not fail: 0 of {runs[(2048, 1.25)]:,}, interval"
             f" [0, {bound(0, runs[(2048, 1.25)])[1]:.1e}]")
    c.append("2.5e-4 with 95% interval " + iv(1, runs[(2048, 1.0)],
                                               lambda a, b: f"[{a * 1e6:.0f}e-6, {b:.1e}]"))
    c.append(f"S = 1.25 (151 steps) did not fail, 0 of {runs[(8192, 1.25)]:,}, 95% interval"
             f" [0, {bound(0, runs[(8192, 1.25)])[1]:.1e}]")
    c.append(f"S = 1 (129 steps) failed in 3 of {runs[(8192, 1.0)]:,}")
    c.append("with interval " + iv(3, runs[(8192, 1.0)], lambda a, b: f"[{a:.1e}, {b:.1e}]"))
    c.append(f"S = 1.25 failed in 2 of {runs[(32768, 1.25)]:,}")
    c.append(f"{2 / runs[(32768, 1.25)]:.1e} with 95% interval " +
             iv(2, runs[(32768, 1.25)], lambda a, b: f"[{a:.1e}, {b:.1e}]"))
    c.append(f"S = 1.5 did not fail: 0 of {runs[(32768, 1.5)]:,}, 95% interval"
             f" [0, {bound(0, runs[(32768, 1.5)])[1]:.2e}]")
    n5, n75 = runs[(131072, 0.5)], runs[(131072, 0.75)]
    c.append(f"S = 0.5 then ran {n5} runs: 3 failed")
    c.append(f"{3 / n5:.1e} with 95% interval " +
             iv(3, n5, lambda a, b: f"[{a:.1e}, {b:.1e}]"))
    c.append(f"S = 0.75 (140 steps) then ran {n75:,} runs (seeds 1-{n75:,})")
    c.append(f"95% interval [0, {bound(0, n75)[1]:.2e}]")
    c.append(f"S = 0.25 failed in all {runs[(131072, 0.25)]}")
    c = [x.replace("e-0", "e-") for x in c]
    return c


def smallest_table():
    """The rows of "Smallest constants shown, by p": run counts from the points CSVs and the
    gjlr-failure page, bounds from the counts, crossings from the fits of the crossover."""
    runs = points_runs()
    import claims_gjlr_failure as g
    fits = g.direct_fits("gjlr-failure")
    c = []
    for p, scale, steps, failed in ((512, 1.0, 129, 1), (2048, 1.25, 151, 0),
                                    (8192, 1.25, 151, 0), (32768, 1.5, 168, 0),
                                    (131072, 0.75, 140, 0)):
        n = runs.get((p, scale), 6000 if p == 512 else None)
        high = bound(failed, n)[1]
        shown = f"{high:.1e}" if f"{high:.1e}" != "1.0e-03" else f"{high:.2e}"
        cross = " / ".join(f"{(steps - fits[x][0]) / fits[x][1]:.0f}"
                           for x in ("valiant", "thinning", "coinflip"))
        c.append(f"| {e(p)} | {scale:g} ({steps}): {failed} / {n:,}, {shown}"
                 .replace("e-0", "e-"))
        c.append(f"| {cross} |")
    return c


def ocpc_mob():
    s = Sweep()
    c = direct_claims(s) + schedule_claims(s)
    t = failure_tables()
    c += constants_claims(t)
    c += larger_studies_claims()
    c += smallest_table()
    c += crossover_claims(s) + constants_section(t) + h1_crossover(s) + mob_failure_claims(t)
    return PAGE, c


def crossover_claims(s):
    """The crossover table (the lines gjlr_failure.py writes for gjlr-failure.md) and the
    crossings and ranges the prose reads from it."""
    import claims_gjlr_failure as g
    _, lines = g.rebuilt("gjlr-failure", False)
    c = [line for line in lines if line.startswith("| `") and line.count("|") > 6]
    fits = g.direct_fits("gjlr-failure")

    def at(protocol, steps):
        a, b = fits[protocol]
        return f"{(steps - a) / b:.0f}"
    c.append(f"`valiant` could pass it no earlier than about 2^{at('valiant', 114)} and passes"
             f" 140 steps near 2^{at('valiant', 140)}, while `thinning` and `coinflip` would not"
             f" before 2^{at('thinning', 114)} and 2^{at('coinflip', 114)} on their fits")
    c.append(f"would pass gjlr's 145 steps (S = 0.8) near p = 2^{at('valiant', 145)} and its"
             f" 161 steps (S = 1) near p = 2^{at('valiant', 161)}")
    c.append(f"the direct `thinning` and `coinflip` would need p = 2^{at('thinning', 161)} and"
             f" 2^{at('coinflip', 161)} on these lines")
    direct = {r["protocol"]: r for r in
              (x for x in failure_tables()["gjlr-failure"].values() if x["protocol"] != "gjlr")}
    c.append(f"coinflip {direct['coinflip']['mean']:.0f}, thinning"
             f" {direct['thinning']['mean']:.0f}, valiant {direct['valiant']['mean']:.0f} steps"
             " against gjlr's 161")
    ranges = {}
    for pr in ("thinning", "coinflip", "valiant"):
        v = [s.steps("ocpc", pr, p) for p in s.ps("ocpc", pr) if p >= 512]
        ranges[pr] = rd.span(v + [direct[pr]["mean"]])
    c.append(f"`thinning` ({ranges['thinning']} steps), `coinflip` ({ranges['coinflip']}) and"
             f" `valiant` ({ranges['valiant']}) take at the same p")
    return c


def constants_section(t):
    """'Which constant fails' and 'h = 1' from gjlr-failure-constants.csv and -h1.csv."""
    const, main, h1 = t["gjlr-failure-constants"], t["gjlr-failure"], t["gjlr-failure-h1"]
    c = []
    scales = (0.25, 0.5, 0.6, 0.7, 0.8)
    for p, runs_label in ((512, "2^9"), (2048, "2^11")):
        for what, key in (("c3 x S alone", lambda x: (x, 1.0)),
                          ("compaction_c x S alone", lambda x: (1.0, x)),
                          ("both x S", lambda x: (x, x))):
            table = main if what == "both x S" else const
            cells = []
            for sc in scales:
                r = table.get(("gjlr", p, *key(sc)))
                cells.append(f"{r['failed']}/{r['runs']} ({r['schedule'] or '-'})" if r else "")
            c.append(f"| {runs_label}, {what} | " + " | ".join(cells) + " |")

    def pt(r):
        return f"{100 * r['rate']:.1f}%" if r["rate"] < 0.1 else f"{100 * r['rate']:.0f}%"
    c9, c11 = const[("gjlr", 512, 0.5, 1.0)], const[("gjlr", 2048, 0.5, 1.0)]
    c.append(f"c3 alone at 0.5 fails in {pt(c9)} of the runs at 2^9 (95% interval"
             f" [{100 * c9['low']:.1f}%, {100 * c9['high']:.1f}%]) and {pt(c11)} at 2^11"
             f" ([{100 * c11['low']:.0f}%, {100 * c11['high']:.0f}%])")
    comp = [r for r in const.values() if r["series"] == "compaction"]
    clean = all(r["failed"] == 0 for r in comp)
    runs = {r["p"]: r["runs"] for r in comp}
    c.append(f"compaction_c alone {'did not fail once' if clean else 'failed'}, in"
             f" {runs[512]:,} runs at 2^9 and {runs[2048]} at 2^11, at any scale down to"
             f" {min(r['compaction'] for r in comp):g}")
    c.append(f"(rates below {max(r['high'] for r in comp if r['p'] == 512):.2g} and"
             f" {max(r['high'] for r in comp if r['p'] == 2048):.2g} at 95%)")
    b9, b11 = main[("gjlr", 512, 0.5, 0.5)], main[("gjlr", 2048, 0.5, 0.5)]
    c.append(f"at 2^9 {pt(b9)} [{100 * b9['low']:.1f}%, {100 * b9['high']:.1f}%] with both at"
             f" 0.5 against {pt(c9)} with c3 alone, at 2^11 {pt(b11)} against {pt(c11)}")
    q_both, q_c3 = main[("gjlr", 512, 0.25, 0.25)], const[("gjlr", 512, 0.25, 1.0)]
    c.append(f"only at 0.25 is \"both\" worse ({pt(q_both)} against {pt(q_c3)} at 2^9)")
    quarter = const[("gjlr", 512, 1.0, 0.25)]
    c3_08 = const[("gjlr", 512, 0.8, 1.0)]
    c.append(f"can be cut to a quarter ({quarter['schedule']} steps instead of"
             f" {main[('gjlr', 512, 1.0, 1.0)]['schedule']}) with no failure seen, while thinning"
             f" at 0.8 ({c3_08['schedule']} steps) already fails")
    rows9 = sorted((r for r in h1.values() if r["p"] == 512), key=lambda r: r["c3"])
    c.append("| steps (schedule) | " + " | ".join(str(r["schedule"]) for r in rows9) + " |")
    c.append(f"| failed runs of {rows9[0]['runs']:,} | " +
             " | ".join(str(r["failed"]) for r in rows9) + " |")
    c.append(f"(each rate below {max(r['high'] for r in rows9):.1e} at 95%"
             .replace("e-0", "e-"))
    c.append(f"no run of the {sum(r['runs'] for r in rows9):,} had a single collision")
    c.append(f"the remaining {rows9[0]['schedule'] - 1}-{rows9[-1]['schedule'] - 1} steps move"
             " nothing")
    rows11 = sorted((r for r in h1.values() if r["p"] == 2048), key=lambda r: r["c3"])
    c.append(f"At p = 2^11 the same: {rows11[0]['runs']} runs each at S = {rows11[0]['c3']:g}"
             f" ({rows11[0]['schedule']} steps) and S = {rows11[-1]['c3']:g}"
             f" ({rows11[-1]['schedule']}), no failure and no collision (bound"
             f" {rows11[0]['high']:.2g}" if all(r["failed"] == 0 for r in rows11) else
             "At p = 2^11 runs failed")
    return c


def h1_crossover(s):
    """coinflip on permutations: its steps from 2^9 to 2^16 and the line the h1 page fits."""
    import claims_gjlr_failure as g
    a, b = g.direct_fits("gjlr-failure-h1")["coinflip"]
    two = {s.steps("ocpc", pr, p, 1) for pr in ("thinning", "valiant")
           for p in s.ps("ocpc", pr)}
    ps = s.ps("ocpc", "coinflip")
    return [f"`thinning` and `valiant` take {two.pop():.0f} steps at every p from {e(ps[0])} to"
            f" {e(ps[-1])}" if len(two) == 1 else "`thinning` and `valiant` vary at h = 1",
            f"`coinflip` grows from {s.steps('ocpc', 'coinflip', 512, 1):.0f} (2^9) to"
            f" {s.steps('ocpc', 'coinflip', ps[-1], 1):.0f} steps ({e(ps[-1])}), a line"
            f" {a:.1f} + {b:.2f} log2 p that would reach gjlr's floor of 57 steps near p ="
            f" 2^{(57 - a) / b:.0f} and its 73 steps"]


def mob_failure_claims(t):
    mob = t["gjlr-failure-mob"]
    c = []
    side7 = sorted((r for r in mob.values() if r["p"] == 128), key=lambda r: r["c3"])
    for r in side7:
        c.append(f"| {r['schedule'] if r['schedule'] else ''}")
        c.append(f"| {r['failed']}/{r['runs']}")
    r8 = next(r for r in mob.values() if r["p"] == 256)
    c.append(f"S = {r8['c3']:g} ({r8['schedule']} steps against 1043 at the default), seeds"
             f" 1-{r8['runs']}: {r8['failed']} of {r8['runs']} runs failed")
    c.append(f"{r8['max']} steps)")
    half = next(r for r in side7 if r["c3"] == 0.5)
    c.append(f"at S = 0.5 {half['failed']} of {half['runs']} runs (95% interval"
             f" [{half['low']:.2f}, {half['high']:.2f}]) against"
             f" {100 * t['gjlr-failure'][('gjlr', 512, 0.5, 0.5)]['rate']:.1f}% of OCPC runs at"
             " p = 2^9")
    r6 = next(r for r in side7 if r["c3"] == 0.6)
    c.append(f"At S = 0.6 ({r6['schedule']} steps, {100 * r6['schedule'] / 1034:.0f}% of the"
             f" default) {r6['failed']} of {r6['runs']} runs failed ({100 * r6['rate']:.1f}%,"
             f" [{r6['low']:.3f}, {r6['high']:.2f}]")
    return c
