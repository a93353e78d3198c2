#!/usr/bin/python3
"""Steps of `random-function` (Corollary 3b) and `h-relation` (Theorem 4b) on the d-dimensional
MOB, against N and h, beside the same algorithms on the split&hash network they simulate
(`splithash`, the same k, d, a, network seed and run seeds, so the same traffic) and beside the
papers' bounds (logs base 2): d^4 log d loglog N + log N / loglog N (Corollary 3b) and
d^5 log d loglog N + d^3 h (Theorem 4b). One optinet process at a time.

Writes docs/results/dmob-relations.csv (one row per run) and the generated block "relations"
of docs/results/dmob.md (the tables and the statements read from them).

usage: scripts/results/dmob_relations.py OPTINET [--runs N]     # run the sweep, then the report
       scripts/results/dmob_relations.py --report-only          # the report from the CSV
"""
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
import results_data  # noqa: E402

RESULTS = results_data.RESULTS
CSV = os.path.join(RESULTS, "dmob-relations.csv")
DOC = os.path.join(RESULTS, "dmob.md")
FIELDS = ["network", "protocol", "d", "k", "a", "n", "h", "seed", "ok", "steps", "stuck",
          "fallbacks", "max_rounds"]
ROUND_LIMIT = 64  # the default --round-limit
A = 3  # a = 3 at d = 2: level-1 blocks of 2-21 nodes (random batches need more than one)
RANDOM_FUNCTION = [16, 32, 64]              # k at d = 2
H_RELATION = [(16, 1), (16, 2), (16, 4), (32, 1), (32, 2), (32, 4), (64, 2)]  # (k, h) at d = 2


def log(message):
    print(message, file=sys.stderr, flush=True)


def measure(optinet, network, protocol, k, h, runs):
    """The runs of one point (seeds 1..runs) as CSV rows."""
    size = ["--k", str(k), "--dim" if network == "dmob" else "--depth", "2"]
    traffic = ["--traffic", "random-function"] if protocol == "random-function" else \
        ["--h", str(h)]
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        cmd = [optinet, network, *size, "--a", str(A), "--protocol", protocol, *traffic,
               "--runs", str(runs), "--seed", "1", "--max-slots", "100000000",
               "--json", out.name, "--quiet"]
        log(" ".join(cmd[1:]))
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL)
        cli_guard.check_exit(proc)  # 1: a run with a stuck packet (a result to show)
        with open(out.name) as f:
            result = json.load(f)
    n = result["parameters"]["n"]
    return [{"network": network, "protocol": protocol, "d": 2, "k": k, "a": A, "n": n, "h": h,
             "seed": r["seed"], "ok": int(r["ok"]), "steps": r["steps"], "stuck": r["stuck"],
             "fallbacks": r["fallbacks"], "max_rounds": r["max_rounds"]}
            for r in result["runs"]]


def sweep(optinet, runs):
    rows = []
    for k in RANDOM_FUNCTION:
        for network in ("dmob", "splithash"):
            rows += measure(optinet, network, "random-function", k, 1, runs)
    for k, h in H_RELATION:
        for network in ("dmob", "splithash"):
            rows += measure(optinet, network, "h-relation", k, h, runs)
    return rows


def bound(protocol, d, n, h):
    loglog = math.log2(math.log2(n))
    if protocol == "random-function":
        return d ** 4 * math.log2(d) * loglog + math.log2(n) / loglog
    return d ** 5 * math.log2(d) * loglog + d ** 3 * h


def points(rows, protocol):
    """Per (k, h): the mesh's runs and the split&hash network's, in sweep order."""
    out = {}
    for r in rows:
        if r["protocol"] != protocol:
            continue
        key = (int(r["k"]), int(r["h"]))
        out.setdefault(key, {"dmob": [], "splithash": [], "n": int(r["n"])})
        out[key][r["network"]].append(r)
    return out


def mean_sd(rs):
    steps = [int(r["steps"]) for r in rs if int(r["ok"])]
    if not steps:
        return None, None, "-"
    mean = statistics.mean(steps)
    sd = statistics.stdev(steps) if len(steps) > 1 else 0.0
    return mean, steps, f"{mean:.1f} ({sd:.1f})"


def table(rows, protocol):
    head = ("| k | N | h | mesh runs ok / stuck | mesh steps mean (sd) | max | split&hash runs ok"
            " / stuck | split&hash steps mean (sd) | mesh / split&hash | bound | mesh / bound |")
    lines = [head, "|" + "---|" * 11]
    ratios = {}
    for (k, h), p in points(rows, protocol).items():
        dm, dsteps, dcell = mean_sd(p["dmob"])
        sm, _, scell = mean_sd(p["splithash"])
        b = bound(protocol, 2, p["n"], h)

        def okstuck(rs):
            return f"{sum(int(r['ok']) for r in rs)} / {sum(1 for r in rs if int(r['stuck']))}"
        ratio = f"{dm / sm:.1f}" if dm and sm else "-"
        ratios[(k, h)] = (dm, sm, b)
        lines.append(f"| {k} | {p['n']} | {h} | {okstuck(p['dmob'])} | {dcell} | "
                     f"{max(dsteps) if dsteps else '-'} | {okstuck(p['splithash'])} | {scell} | "
                     f"{ratio} | {b:.1f} | {f'{dm / b:.1f}' if dm else '-'} |")
    return "\n".join(lines), ratios


def statements(rf, hr, rows):
    """What the tables say, read from them."""
    said = []
    ok = {k: v for k, v in rf.items() if v[0] and v[1]}
    if ok:
        lo, hi = min(ok), max(ok)
        said.append(f"* Random functions: the mesh takes {ok[lo][0]:.0f} steps at N = {lo[0] ** 2}"
                    f" and {ok[hi][0]:.0f} at N = {hi[0] ** 2}, "
                    f"{min(v[0] / v[1] for v in ok.values()):.1f}-"
                    f"{max(v[0] / v[1] for v in ok.values()):.1f} times the split&hash"
                    " network's steps on the same random functions.")
    hok = {k: v for k, v in hr.items() if v[0] and v[1]}
    if hok:
        said.append(f"* h-relations: the mesh takes {min(v[0] for v in hok.values()):.0f}-"
                    f"{max(v[0] for v in hok.values()):.0f} steps, "
                    f"{min(v[0] / v[1] for v in hok.values()):.1f}-"
                    f"{max(v[0] / v[1] for v in hok.values()):.1f} times the split&hash"
                    " network's.")
        for k in sorted({k for k, _ in hok}):
            hs = sorted(h for kk, h in hok if kk == k)
            if len(hs) > 1:
                said.append(f"  At k = {k} (N = {k * k}) the mesh's steps go from "
                            f"{hok[(k, hs[0])][0]:.0f} at h = {hs[0]} to "
                            f"{hok[(k, hs[-1])][0]:.0f} at h = {hs[-1]}.")
    for network, name in (("dmob", "the mesh"), ("splithash", "the split&hash network")):
        runs = [r for r in rows if r["network"] == network]
        stuck = [r for r in runs if int(r["stuck"])]
        limit = [r for r in runs if int(r["max_rounds"]) >= ROUND_LIMIT and not int(r["stuck"])]
        said.append(f"* On {name}: {len(stuck)} of {len(runs)} runs with a stuck packet"
                    f" ({where_runs(stuck)}); {len(limit)} more in which a level used its round"
                    f" limit of {ROUND_LIMIT} and a later application delivered what it left"
                    f" ({where_runs(limit)}); gjlr fallbacks:"
                    f" {sum(int(r['fallbacks']) for r in runs)}.")
    return "\n".join(said)


def where_runs(rs):
    """'protocol k = K, h = H: seeds ...' for each point of the runs, or 'none'."""
    points = {}
    for r in rs:
        points.setdefault((r["protocol"], int(r["k"]), int(r["h"])), []).append(str(r["seed"]))
    return "; ".join(f"{p} k = {k}" + (f", h = {h}" if p == "h-relation" else "") +
                     f": seed{'s' if len(s) > 1 else ''} {', '.join(s)}"
                     for (p, k, h), s in points.items()) or "none"


def report(rows):
    rf_table, rf = table(rows, "random-function")
    hr_table, hr = table(rows, "h-relation")
    runs = max(int(r["seed"]) for r in rows)
    body = "\n".join([
        f"d = 2, a = {A}, network seed 1, runs with seeds 1..{runs} on both networks (the same"
        " traffic). \"bound\" is Corollary 3b's d^4 log d loglog N + log N / loglog N for random"
        " functions and Theorem 4b's d^5 log d loglog N + d^3 h for h-relations (logs base 2)."
        " Steps are over the runs that delivered everything.",
        "", "Random functions (`--protocol random-function --traffic random-function`):", "",
        rf_table, "", "h-relations (`--protocol h-relation --h H`, random h-relations):", "",
        hr_table, "", statements(rf, hr, rows)])
    results_data.write_generated(DOC, {"relations": body}, "dmob_relations.py",
                                 "# The D-dimensional mesh of optical buses\n")
    log(f"wrote {DOC}")


def main():
    ap = cli_guard.ArgumentParser(description=__doc__)
    ap.add_argument("optinet", metavar="OPTINET", nargs="?", type=cli_guard.optinet,
                    help="the optinet binary (not with --report-only)")
    ap.add_argument("--runs", type=cli_guard.positive_int, default=3,
                    help="runs per point (default 3)")
    ap.add_argument("--report-only", action="store_true", help="the report from the CSV")
    a = ap.parse_args()
    if a.report_only == (a.optinet is not None):
        cli_guard.fail("give OPTINET to run the sweep, or --report-only (not both)")
    cli_guard.output_file(CSV, "--csv")
    if a.report_only:
        rows = results_data.read_csv(CSV)
    else:
        rows = sweep(a.optinet, a.runs)
        with cli_guard.atomic_open(CSV, newline="") as f:
            import csv
            w = csv.DictWriter(f, fieldnames=FIELDS, lineterminator="\n")
            w.writeheader()
            w.writerows(rows)
        log(f"wrote {CSV}")
    report(rows)


if __name__ == "__main__":
    cli_guard.run(main)
