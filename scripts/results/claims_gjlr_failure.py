"""The gjlr failure-rate pages (docs/results/gjlr-failure*.md) rebuilt by scripts/results/gjlr_failure.py
from the committed data: every line the script writes must be in the page.

gjlr-failure-constants.md, -h1.md and -mob.md are rebuilt from their CSVs (one line per point:
runs, failed runs, fallbacks per node, steps); gjlr-failure.md has no CSV of its points, so its
rates, intervals, smallest scales and crossover fits are rebuilt from its own counts (runs,
failed, steps) and docs/results/ocpc-mob.csv.
"""
import math
import os
import re

import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import gjlr_failure  # noqa: E402
import results_data as rd  # noqa: E402

# page (without .md), whether its p is a MOB-PC side (the CSV does not carry n)
PAGES = [("gjlr-failure", False), ("gjlr-failure-constants", False), ("gjlr-failure-h1", False),
         ("gjlr-failure-mob", True)]


def point(protocol, p, h, c3, compaction, runs, failed, per_node, schedule, mean, most, mob):
    """One point as gjlr_failure.summary makes it, from its counts."""
    low, high = gjlr_failure.interval(failed, runs)
    series = gjlr_failure.series_of(c3, compaction)
    return dict(protocol=protocol, p=p, c3=c3, compaction=compaction, series=series,
                scale=gjlr_failure.label(c3 if series != "compaction" else compaction),
                h=[str(h)], runs=runs, failed=failed, rate=failed / runs, low=low, high=high,
                per_node=per_node, mob=mob, mean=mean, max=most, schedule=schedule)


def per_node_as_shown(stored, shown):
    """Fallbacks per node: the CSV keeps 3 significant digits and the page shows 2, so where the
    stored value sits on a rounding boundary (0.0315) either neighbour (0.031, 0.032) agrees
    with the data; the page's is taken then, any other value stays the stored one."""
    if stored == 0:
        return stored
    half = 0.5 * 10 ** (math.floor(math.log10(stored)) - 2)
    options = {"%.2g" % (stored - half * 0.999), "%.2g" % (stored + half * 0.999)}
    return float(shown) if shown in options else stored


def rows_from_csv(path, mob, page_rows):
    shown = {(r["p"], r.get("scale") or (r["c3 scale"], r["compaction scale"])):
             r["fallbacks/node"] for r in page_rows}
    rows = []
    for r in rd.read_csv(path):
        c3, compaction = float(r["c3_scale"]), float(r["compaction_scale"])
        key = (f"2^{int(math.log2(int(r['p'])))}", r["c3_scale"]) if c3 == compaction else \
            (f"2^{int(math.log2(int(r['p'])))}", (r["c3_scale"], r["compaction_scale"]))
        rows.append(point(r["protocol"], int(r["p"]), r["h"], c3, compaction, int(r["runs"]),
                          int(r["failed"]),
                          per_node_as_shown(float(r["fallbacks_per_node"]), shown.get(key)),
                          int(r["schedule"]) if r["schedule"] else None,
                          float(r["steps_mean"]), int(r["steps_max"]), mob))
    return rows


def rows_from_page(path, text):
    """The points of a page without a CSV: its failure table (counts and steps) and its table
    of direct algorithms."""
    h = int(re.search(r"random (\d+)-relations", text).group(1))
    tables = rd.md_tables(path, text)
    failures = tables[0]
    rows = []
    for r in failures:
        scale = rd.num(r["scale"])
        rows.append(point("gjlr", 2 ** int(r["p"].split("^")[1]), h, scale, scale,
                          int(rd.num(r["runs"])), int(rd.num(r["failed"])),
                          rd.num(r["fallbacks/node"]),
                          None if r["schedule"] == "-" else int(rd.num(r["schedule"])),
                          rd.num(r["mean steps"]), int(rd.num(r["max steps"])), False))
    for direct in (t for t in tables if "protocol" in t[0] and "mean steps" in t[0]):
        for r in direct:
            rows.append(point(r["protocol"].strip("`"), 2 ** int(r["p"].split("^")[1]), h, 1.0,
                              1.0, int(rd.num(r["runs"])), 0, 0.0, None, rd.num(r["mean steps"]),
                              int(rd.num(r["max steps"])), False))
    return rows


def points_of(name, mob=False):
    """The points of a gjlr-failure page as gjlr_failure.summary makes them (sorted as it does),
    from its CSV or, without one, from its own counts; and the page's text."""
    path = rd.result(name + ".md")
    with open(path) as f:
        text = f.read()
    csv_path = rd.result(name + ".csv")
    rows = rows_from_csv(csv_path, mob, rd.md_tables(path, text)[0]) \
        if os.path.exists(csv_path) else rows_from_page(path, text)
    rows.sort(key=lambda r: (r["protocol"], r["p"], r["c3"], r["compaction"]))
    return rows, text


def direct_fits(name):
    """The direct algorithms' (a, b) fits of a page with a crossover table, unrounded."""
    return gjlr_failure.direct_fits(points_of(name)[0], rd.result("ocpc-mob.csv"))


def rebuilt(name, mob):
    """(page file name, the lines gjlr_failure.py writes for it from the committed data)."""
    rows, text = points_of(name, mob)
    out = gjlr_failure.tables(rows)
    if "**Crossover**" in text:
        out += gjlr_failure.crossover(rows, rd.result("ocpc-mob.csv"))
    return name + ".md", [line for line in out.splitlines() if line.strip()]


def gjlr_pages():
    """One derive function per page, in doc_claims' form."""
    return [lambda name=name, mob=mob: rebuilt(name, mob) for name, mob in PAGES]
