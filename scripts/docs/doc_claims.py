#!/usr/bin/python3
"""The numeric statements of docs/results/*.md recomputed from the data the pages commit (their
CSVs and their own tables): each statement is rebuilt here as text from the data and must appear
in the page word for word (line breaks aside). A page that says more or other than its data
fails, and so does a CSV re-run without its page brought in step.

usage: scripts/docs/doc_claims.py [--list | --prose-numbers]

Pages: split-hash.md, dmob.md, mesh-sync.md, faults.md, pops-table1.md (its prose),
valiant-brebner.md (whose observations scripts/results/vb_claims.py prints), coupler-evaluation.md
(the tables of its section 1, rebuilt from its CSVs), pops-randomized.md
(scripts/results/claims_pops_randomized.py), ocpc-mob.md (scripts/results/claims_ocpc_mob.py), workloads.md
(scripts/results/workload_study_report.py, from workloads.csv and workloads-study.csv) and the
gjlr-failure*.md pages (scripts/results/claims_gjlr_failure.py). --list prints every derived statement.

Every number in a page's prose is inside a derived statement or listed in prose_numbers.txt
(beside this script) as not derived by one (prose_numbers.py): a number changed anywhere in
prose fails. --prose-numbers prints that list as the pages have it now.
Exit 1 when a statement is not in its page, or a prose number is neither checked nor listed.
"""
import collections
import contextlib
import io
import math

import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "results"))
import claims_gjlr_failure  # noqa: E402
import claims_ocpc_mob  # noqa: E402
import claims_pops_randomized  # noqa: E402
import cli_guard  # noqa: E402
import coupler_study  # noqa: E402
import design_ranking  # noqa: E402
import prose_numbers  # noqa: E402
import results_data as rd  # noqa: E402
import vb_claims  # noqa: E402
import workload_study_report  # noqa: E402


span, col, where, norm = rd.span, rd.col, rd.where, rd.norm


def split_hash():
    page = rd.result("split-hash.md")
    th1 = rd.table_after(page, "## Theorem 1")[0]
    levels, batches, batch_levels = rd.table_after(page, "## Main Lemma")[:3]
    random_function = rd.table_after(page, "## Corollary 3")[0]
    trade4096, trade65536 = rd.table_after(page, "## The trade-off")[:2]
    hrel, remainder = rd.table_after(page, "## Theorem 4")[:2]
    c = []
    first = col(levels, "delivered in round 1")
    rounds = [rd.num(r["rounds max (mean)"]) for r in levels
              if rd.num(r["rounds max (mean)"]) is not None]
    c.append(f'"delivered in round 1" column of the level table below is {span(first, "{:.2f}")}%'
             f" in every run without stuck packets, and no level took more than {max(rounds):.0f}"
             " rounds in any batch")
    d2 = {a: col(where(th1, d=2, a=a), "steps (sd)") for a in (2, 3, 4)}
    c.append(f"at d = 2, {span(d2[2])} steps (a = 2), {span(d2[3])} (a = 3), {span(d2[4])}"
             " (a = 4) from N = 256 to 65,536")
    t_max = max(col(levels, "t_i"))
    c.append(f"which at these sizes are at most {t_max:.1f}")
    # Depth against d^2 log d at a = 3, N from 4096 to 65,536.
    big = [r for r in th1 if rd.num(r["a"]) == 3 and rd.num(r["N"]) >= 4096]
    steps = {d: col([r for r in big if rd.num(r["d"]) == d], "steps (sd)") for d in (2, 3, 4)}
    mean = {d: sum(v) / len(v) for d, v in steps.items()}
    bound = {d: d * d * (math.log2(d) if d > 2 else 1) for d in (2, 3, 4)}
    grows = [mean[d] / mean[2] for d in (3, 4)]
    bgrows = [bound[d] / bound[2] for d in (3, 4)]
    relation = "less" if all(g < b for g, b in zip(grows, bgrows)) else "more"
    per_unit = ", ".join(f"{mean[d] / bound[d]:.1f}" for d in (2, 3)) + \
        f" and {mean[4] / bound[4]:.1f}"
    c.append(f"the steps per unit of d² log d are {per_unit} at d = 2, 3, 4")
    c.append(f"**Depth costs {relation} than the bound's d² log d grows**: at a = 3 and N from"
             f" 4096 to 65,536, depth 3 takes {grows[0]:.1f}x the steps of depth 2"
             f" ({mean[3]:.0f} against {mean[2]:.0f}) and depth 4 {grows[1]:.1f}x"
             f" ({mean[4]:.0f}), where d² log d grows {bgrows[0]:.1f}x and {bgrows[1]:.0f}x")
    stuck = [rd.num(r["runs ok / stuck"].split("/")[1]) /
             sum(rd.num(x) for x in r["runs ok / stuck"].split("/"))
             for r in where(th1, d=2, a=2) if rd.num(r["N"]) <= 16384]
    c.append(f"at depth 2, a = 2 {max(stuck):.0%} to {min(stuck):.0%} of the runs have a stuck"
             " packet at N ≤ 16,384")
    largest = [sum(rd.num(x) for x in r["runs ok / stuck"].split("/")) for r in th1
               if rd.num(r["d"]) >= 3 and rd.num(r["N"]) >= 32768]
    c.append(f"few runs a point at the largest depth-3 and depth-4 networks: {span(largest)}")
    over = [r for r in levels if rd.num(r["t_i"]) >= 1 and r["funnels over t_i"] != "-"]
    counts = [tuple(int(x) for x in r["funnels over t_i"].split("/")) for r in over]
    worst = max(counts, key=lambda t: t[0] / t[1])
    c.append(f"Where t_i ≥ {min(rd.num(r['t_i']) for r in over):.2f} (a_i ="
             f" {' or '.join(sorted({r['a_i'] for r in over}))} at the top levels of depth 3"
             f" and 4) at most {worst[0]} (batch, funnel) pair in {worst[1]:,} needed more than"
             " t_i rounds")
    nine = [r for r in where(batches, batches=9) if rd.num(r["a"]) in (3, 4)]
    default = {a: where(th1, d=2, N=4096, a=a)[0] for a in (3, 4)}
    ok_stuck = {a: [int(rd.num(x)) for x in r["runs ok / stuck"].split("/")]
                for a, r in default.items()}
    none = all(rd.num(r["runs ok / stuck"].split("/")[1]) == 0 for r in nine)
    c.append(f"More batches are the safe end: with 9 batches {'no' if none else 'some'} a = 3 or"
             f" 4 run had a stuck packet, and at the default (β = 2: "
             f"{rd.num(default[3]['batches']):.0f} and {rd.num(default[4]['batches']):.0f}"
             f" batches) {ok_stuck[3][1]} of {sum(ok_stuck[3])} a = 3 runs and {ok_stuck[4][1]}"
             f" of {sum(ok_stuck[4])} a = 4 runs at N = 4096 had one (Theorem 1 table)")
    a2 = {rd.num(r["batches"]): r for r in where(batches, a=2)}
    a2l = {rd.num(r["batches"]): r for r in where(batch_levels, a=2)}
    c.append(f"a = 2: {rd.num(a2[3]['steps (sd)']):.1f} steps with 3 batches against"
             f" {rd.num(a2[9]['steps (sd)']):.1f} with the default 9")
    c.append(f"a = 2: {rd.num(a2l[2]['delivered in round 1']):.0f}% through in round 1 with 2"
             f" batches, {rd.num(a2l[3]['delivered in round 1']):.0f}% with 3,"
             f" {rd.num(a2l[5]['delivered in round 1']):.1f}% with 5")
    funnels = col(where(random_function, d=2), "in the funnels")
    c.append(f"The funnels take the same {span(funnels)} steps at every N")
    c.append(f"where log N / log log N is {span(col(random_function, 'bound'), '{:.1f}')} and"
             f" the largest sink load {span(col(random_function, 'largest sink load'))}")
    # Trade-off: the funnel simulation on the MOB against split&hash's own steps (N = 4096).
    own = {(d, a): rd.num(where(th1, d=d, N=4096, a=a)[0]["steps (sd)"])
           for d, a in ((2, 2), (3, 3), (4, 2))}
    fun = {d: rd.num(next(r for r in trade4096 if r["network"].startswith(f"{d}-D MOB, funnel"))
                     ["steps mean (sd)"]) for d in (2, 3, 4)}
    ratios = [fun[2] / own[(2, 2)], fun[3] / own[(3, 3)], fun[4] / own[(4, 2)]]
    c.append(f"At N = 4096 the simulation costs {span(ratios)} times the split&hash network's"
             f" own steps (same k, d, a: {own[(2, 2)]:.1f}, {own[(3, 3)]:.0f}, {own[(4, 2)]:.0f}"
             " in the Theorem 1 table)")

    def steps_of(table, prefix):
        return rd.num(next(r for r in table if r["network"].startswith(prefix))["steps mean (sd)"])
    sh4, mob4 = steps_of(trade65536, "split&hash d=4"), steps_of(trade65536, "4-D MOB, dim")
    c.append(f"it is {mob4 / sh4:.1f}x faster ({sh4:.0f} against {mob4:.0f} steps")
    ocpc = [steps_of(t, "OCPC, coinflip") for t in (trade4096, trade65536)]
    c.append(f"The OCPC remains fastest (coin flips: {span(ocpc)} steps)")
    per_h = {}
    for d, k in ((2, 64), (3, 16)):
        s = {rd.num(r["h"]): rd.num(r["steps mean (sd)"]) for r in where(hrel, d=d, k=k)}
        per_h[d] = ((s[8] - s[2]) / 6, s[2], s[8])
    c.append(f"from h = 2 to 8 a unit of h costs about {per_h[2][0]:.0f} steps at depth 2 (k ="
             f" 64: {per_h[2][1]:.0f} to {per_h[2][2]:.0f}) and {per_h[3][0]:.0f} at depth 3 (k ="
             f" 16: {per_h[3][1]:.0f} to {per_h[3][2]:.0f})")
    h1 = col(where(hrel, d=2, h=1), "steps mean (sd)")
    c.append(f"and the run costs {span(h1)} steps, against {mean[2]:.0f}")
    ratio2, ratio3 = col(where(hrel, d=2), "steps / bound"), col(where(hrel, d=3), "steps / bound")
    c.append(f"steps / bound is {span(ratio2, '{:.1f}')} at depth 2 and"
             f" {span(ratio3, '{:.1f}')} at depth 3")
    left = col(where(remainder, h=8), "share")
    c.append(f"at h = 8 it leaves {span(left, '{:g}')}% of the packets")
    most = col(hrel, "applications (most)")
    multi = [r for r in hrel if rd.num(r["applications (most)"]) > 1]
    c.append(f"at {len(multi)} of the {len(most)} points a level's remainder took"
             f" {span(col(multi, 'applications (most)'))} applications, and limited to one"
             f" (`--applications 1`) the same runs leave {span(col(multi, 'stuck after one'))}"
             " packets stuck")
    c.append(f"no run took more than {max(most):.0f}, so the default limit of 8 applications is"
             " never reached here")
    return "split-hash.md", c


def dmob():
    page = rd.result("dmob.md")
    steps, hrel = rd.table_after(page, "## How it was measured")[:2]
    funnel = rd.table_after(page, "## Theorem 2")[0]
    c = []
    at = {(rd.num(r["D"]), rd.num(r["N"])): rd.num(r["steps mean"]) for r in steps}
    c.append(f"At N = 4096: {at[(2, 4096)]:.0f} steps (D = 2), {at[(3, 4096)]:.0f} (D = 3),"
             f" {at[(4, 4096)]:.0f} (D = 4); at N ~ 2^16: {at[(2, 65536)]:.0f},"
             f" {at[(3, 64000)]:.0f}, {at[(4, 65536)]:.0f}")
    sd_share = max(rd.num(r["sd"]) / rd.num(r["steps mean"]) for r in steps)
    c.append(f"The spread is large (sd up to {sd_share:.0%} of the mean)")
    h4 = {rd.num(r["D"]): r for r in where(hrel, h=4)}
    c.append(f"{rd.num(h4[4]['steps mean']) / rd.num(h4[2]['steps mean']):.0f} times the D = 2"
             f" steps at D = 4, h = 4, with a tail of {rd.num(h4[4]['max']):,.0f} steps")
    ok = [r for r in funnel if r["funnel / bound"] != "-"]
    per_d = {d: col(where(ok, D=d), "funnel / bound") for d in (2, 3, 4)}
    c.append(f"funnel / (d^4 log d log log N) is {span(per_d[2], '{:.1f}')} at D = 2,"
             f" {span(per_d[3], '{:.1f}')} at D = 3 and {span(per_d[4], '{:.1f}')} at D = 4")
    vs = col(ok, "funnel / dim-order")
    c.append(f"the direct `dim-order` baseline is {span(vs)} times faster")
    d4 = where(ok, D=4)
    c.append("funnel / dim-order at D = 4 is " + ", ".join(
        f"{rd.num(r['funnel / dim-order']):.1f} at N = {rd.num(r['N']):,.0f}" for r in d4))
    one_round = [f"{rd.num(r['K']):.0f}" for r in where(ok, D=2)
                 if rd.num(r["max rounds"]) == 1 or rd.num(r["funnel steps mean (sd)"]) == 594]
    c.append(f"594 at D = 2 (K = {', '.join(one_round)})")
    psi = {d: col(where(funnel, D=d), "ψ routed") for d in (2, 3, 4)}
    c.append(f"({span(psi[2])} at D = 2, {span(psi[3])} at D = 3, {span(psi[4])} at D = 4)")
    entries = col(funnel, "entries / node")
    c.append(f"each node holds at most {span(entries)} route entries, computed by the node itself"
             " from the network's parameters")
    c.append(f"stores ({span(entries)} here)")
    return "dmob.md", c


def mesh_sync():
    page = "mesh-sync.md"
    overall = {(r["experiment"], r["kind"]): r for r in rd.read_csv(
        rd.result("mesh-sync", "overall.csv"))}

    def summary(name, kind="split"):
        return [r for r in rd.read_csv(rd.result("mesh-sync", f"summary-{name}.csv"))
                if r["kind"] == kind]

    def mean_in(rows, lo, hi):
        return [float(r["mean_overhead"]) for r in rows
                if int(r["size_from"]) >= lo and int(r["size_to"]) <= hi]
    c = []
    sp, sy = overall[("set12-hilbert16", "split")], overall[("set12-hilbert16", "sync")]
    c.append(f"2,000 repetitions: {int(sp['groups']):,} splits, {int(sy['groups']):,} syncs")
    c.append(f"| split (identification) | {int(sp['groups']):,} | {sp['mean_overhead']} |"
             f" {sp['max_overhead']} |")
    c.append(f"| sync of the new sub-group | {int(sy['groups']):,} | {sy['mean_overhead']} |"
             f" {sy['max_overhead']} |")
    h16, h16sync = summary("set12-hilbert16"), summary("set12-hilbert16", "sync")
    c.append(f"(about {span(mean_in(h16, 57, 240))} steps for s between 57 and 240)")
    c.append(f"lower** (about {span(mean_in(h16sync, 57, 240))} on the plateau)")
    whole, half = mean_in(h16, 249, 256)[0], mean_in(h16, 121, 128)[0]
    c.append(f"The whole-mesh bin (s = 249-256, {whole:.0f} on average)")
    c.append(f"than the groups of about half the mesh (s = 121-128, {half:.0f} on average)")
    ratio = rd.read_csv(rd.result("mesh-sync", "set3-ratio-16.csv"))
    inner = [float(r["ratio"]) for r in ratio if int(r["size_to"]) < 249]
    last = [float(r["ratio"]) for r in ratio if int(r["size_to"]) >= 249][0]
    c.append(f"per size bin between {span(inner, '{:.1f}', ' and ')}")
    c.append(f"(s = 249-256: {last:.2f})")
    snake = overall[("set3-16", "split snake/hilbert mean ratio")]
    c.append(f"{float(snake['mean_overhead']):.2f} times Hilbert on 16 x 16 (`--indexing snake`)")
    for mesh, runs in (("16", None), ("32", "500"), ("64", "100")):
        r = overall[(f"set3-{mesh}", "split row/hilbert mean ratio")]
        label = f"{mesh} x {mesh}" + (f" ({runs} runs)" if runs else "")
        mean = f"**{r['mean_overhead']}**" if mesh == "16" else r["mean_overhead"]
        c.append(f"| {label} | {int(r['groups']):,} | {mean} | {r['max_overhead']} |")
    paths = rd.read_csv(rd.result("mesh-sync", "worst-case-paths.csv"))
    dev = {int(r["n"]): float(r["thm1_hilbert"]) / float(r["thm1_lower"]) - 1 for r in paths}
    below = [str(n) for n, v in dev.items() if v < 0]
    above = [str(n) for n, v in dev.items() if v > 0]
    c.append(f"The proof's group (best sub-mesh size over q) comes within"
             f" {min(dev.values()):+.0%} to {max(dev.values()):+.0%} of the lower bound"
             f" (n/sqrt 2) sqrt(log n): below it at n = {', '.join(below)}")
    c.append(f"above it at n = {', '.join(above)}")
    row = [float(r["thm3_row"]) / float(r["n_log2n"]) for r in paths]
    snk = [float(r["thm3_snake"]) / float(r["n_log2n"]) for r in paths]
    c.append(f"{', '.join(f'{x:.2f}' for x in row)} of n log2 n for n = 16..256 (row major;"
             f" snake {snk[0]:.2f}..{snk[-1]:.2f})")
    c.append(f"Stride 1 (the whole mesh): {paths[0]['equi_r1']}..{paths[-1]['equi_r1']}, under 3"
             f" alpha sqrt(s) ({paths[0]['equi_r1_bound']}..{float(paths[-1]['equi_r1_bound']):.0f})")
    for mesh, runs in (("16", "2,000"), ("32", "500"), ("64", "100")):
        s, y = overall[(f"set12-hilbert{mesh}", "split")], overall[(f"set12-hilbert{mesh}", "sync")]
        c.append(f"| {mesh} x {mesh} ({runs} runs) | {int(s['groups']):,} | {s['mean_overhead']}"
                 f" | {s['max_overhead']} | {int(y['groups']):,} | {y['mean_overhead']} |"
                 f" {y['max_overhead']} |")
    per_n = [float(overall[(f"set12-hilbert{m}", "split")]["mean_overhead"]) / m
             for m in (16, 32, 64)]
    c.append(f"({', '.join(f'{x:.1f}' for x in per_n)} n on average)")
    plateau = [x / m for m in (16, 32, 64) for x in mean_in(summary(f"set12-hilbert{m}"),
                                                             m * m // 4, m * m * 15 // 16)]
    plateau_sync = [x / m for m in (16, 32, 64)
                    for x in mean_in(summary(f"set12-hilbert{m}", "sync"), m * m // 4,
                                     m * m * 15 // 16)]
    c.append(f"the plateau of the split (s from n²/4 to 15n²/16) is {span(plateau, '{:.1f}')} n,"
             f" of the sync {span(plateau_sync, '{:.1f}')} n")
    names = {"Hilbert": "Hilbert", "snake": "snake", "row major": "row", "column major": "column"}
    for label, key in names.items():
        r = overall[(f"indexings-16 {key}", "split")]
        c.append(f"| {label} | {r['mean_overhead']} | {r['max_overhead']} |")
    base = float(overall[("indexings-16 Hilbert", "split")]["mean_overhead"])
    others = [float(overall[(f"indexings-16 {k}", "split")]["mean_overhead"]) / base - 1
              for k in ("snake", "row", "column")]
    c.append(f"Over all groups the means differ by {span([100 * x for x in others])} %")
    large = {k: mean_in(summary(f"random-{k}16") if k != "hilbert" else h16, 153, 248)
             for k in ("row", "column", "snake", "hilbert")}
    rh = [r / h for r, h in zip(large["row"], large["hilbert"])]
    whole_row = mean_in(summary("random-row16"), 249, 256)[0] / whole
    c.append(f"for s from 153 to 248, row and column major cost about"
             f" {span(large['row'] + large['column'], '{:.0f}')} steps, snake about"
             f" {span(large['snake'])}, Hilbert about {span(large['hilbert'])} (row major"
             f" {span(rh, '{:.2f}')} times Hilbert; `mesh-sync/summary-random-row16.csv`)."
             f" In the whole-mesh bin (s = 249-256) row major is cheaper: {whole_row:.2f} times"
             " Hilbert")
    c += mesh_sync_tree_routing()
    return page, c


def mesh_sync_tree_routing():
    """Lemmas 4 and 5 (tree-routing.csv) and the loop's variants (variants.csv)."""
    c = []
    tree = rd.read_csv(rd.result("mesh-sync", "tree-routing.csv"))
    per_k = [r for r in tree if r["series"] == "set12-hilbert16"]
    for r in per_k:
        c.append(f"| {r['ceil_log2_s']} | {int(r['splits']):,} | {r['lemma4_max_packets']} |"
                 f" {r['lemma4_bound']} | {float(r['lemma4_max_ratio']):.2f} |"
                 f" {r['lemma5_bound']} | {float(r['lemma5_max_ratio']):.2f} |"
                 f" {r['steps_at_once_mean']} | {r['steps_one_by_one_mean']} |"
                 f" {r['steps_single_queue_mean']} |")
    every = [r for r in tree if r["series"] != "set12-hilbert16"][0]
    # The series are the loop's variants, each replaying set 1's splits: counted per series.
    per_series = {int(r["splits"]) for r in rd.read_csv(rd.result("mesh-sync", "variants.csv"))}
    series = int(every["series"].split()[0])
    replays = (f"{per_series.pop():,} splits of set 1 under each of the {series} variants of the"
               f" loop below ({int(every['splits']):,} split replays, not distinct splits)"
               if len(per_series) == 1 else f"{int(every['splits']):,} splits of the {series}"
               " variants of the loop below")
    c.append(f"Over the {replays}, no link carried"
             f" more than {every['lemma4_max_packets']} packets of one problem and the largest"
             f" count was {float(every['lemma4_max_ratio']):.2f} of Lemma 4's bound; no problem"
             f" took more than {float(every['lemma5_max_ratio']):.2f} of Lemma 5's")
    at_once = sum(float(r["steps_at_once_mean"]) * int(r["splits"]) for r in per_k)
    one = sum(float(r["steps_one_by_one_mean"]) * int(r["splits"]) for r in per_k)
    single = sum(float(r["steps_single_queue_mean"]) * int(r["splits"]) for r in per_k)
    c.append(f"one by one takes {one / at_once:.1f} times the tree steps of all at once, and one"
             f" queue per vertex {single / at_once:.2f} times a queue per link")
    var = {r["series"]: r for r in rd.read_csv(rd.result("mesh-sync", "variants.csv"))}
    for r in var.values():
        sync = f"{int(r['syncs']):,} | {r['sync_mean']}" if int(r["syncs"]) else "0 | -"
        c.append(f"| `{r['change']}` | {int(r['splits']):,} | {r['split_mean']} |"
                 f" {r['split_max']} | {sync} |" if r["change"].startswith("--") else
                 f"| {r['change']} | {int(r['splits']):,} | {r['split_mean']} |"
                 f" {r['split_max']} | {sync} |")
    base = float(var["set12-hilbert16"]["split_mean"])

    def rel(name):
        return float(var[name]["split_mean"]) / base
    c.append(f"a queue per tree link lowers the mean split overhead by"
             f" {100 * (1 - rel('outbox-hilbert16')):.1f} %")
    c.append(f"problem at a time costs {rel('step4-hilbert16'):.2f} times the split overhead")
    c.append(f"without them the splits cost {100 * (1 - rel('paper-loop-hilbert16')):.1f} % less")
    return c


def faults():
    page = rd.result("faults.md")
    couplers = rd.table_after(page, "### POPS randomized router")[0]
    ber = rd.table_after(page, "### OCPC protocols")[0]
    links, link_ber = rd.table_after(page, "### A store-and-forward scheme")[:2]
    c = []
    exact = all(r["delivered"] == r["with a path (predicted)"] for r in couplers)
    c.append("the losses are exactly the packets without a path" if exact else
             "the losses are not exactly the packets without a path")
    by_dead = {rd.num(r["dead couplers"]): r for r in couplers}
    c.append(f"({rd.num(by_dead[1]['slowdown']):.2f} times the fault-free length with one dead"
             f" coupler, {rd.num(by_dead[8]['slowdown']):.2f} with 8 of 64")
    stopped = by_dead[16]["runs stopped (no progress)"].split("/")
    c.append(f"{stopped[0]} of {stopped[1]} runs end by the progress watch")
    columns = [k for k in ber[0] if k.startswith("ber ") and k != "ber 0"]
    gjlr = next(r for r in ber if r["protocol"] == "gjlr")
    tdma = next(r for r in ber if r["protocol"] == "tdma")
    halts = [gjlr[k].split("/")[3].strip() for k in columns]
    rates = [k.split()[1] for k in columns]
    c.append(f"({', '.join(halts[:-1])} and {halts[-1]} node halts over 10 runs of 64 nodes at"
             f" P = {', '.join(rates)})")
    shares = [tdma[k].split("/")[0].strip() for k in columns]
    c.append(f"the delivered share is about 1 - P ({', '.join(shares)} at P ="
             f" {', '.join(rates)})")
    flat = {r["slowdown"] for r in links}
    c.append("the length to the last delivery does not change" if flat == {"1.00"} else
             "the length to the last delivery changes")
    c.append(f"Bit errors on links only slow the run (up to"
             f" {max(col(link_ber, 'slowdown')):.2f} times at P = {link_ber[-1]['ber']})")
    return "faults.md", c


def pops_table1():
    """The prose under the generated table of pops-table1.md."""
    page = rd.result("pops-table1.md")
    rows = rd.table_after(page, "## Results")[0]
    for r in rows:
        r["ratio"] = rd.num(r["ours randomized (runs)"]) / rd.num(r["paper A"])
    fam = {f: [r for r in rows if r["family"] == f] for f in ("d = g", "d = 4g", "d = 16g")}
    c = []
    late = [abs(r["ratio"] - 1) for r in fam["d = g"] if rd.num(r["n"]) >= 256]
    every = [abs(r["ratio"] - 1) for r in fam["d = g"]]
    c.append(f"Our `randomized` is within {math.ceil(1000 * max(late)) / 10:.1f}% of A from"
             f" n = 256 on (and within {math.ceil(1000 * max(every)) / 10:.1f}% at every size")
    worse = [r for r in fam["d = g"] if rd.num(r["ours randomized (runs)"]) >
             rd.num(r["ours sorting"])]
    c.append("It beats our `sorting` at every size but n = " + ", ".join(
        f"{rd.num(r['n']):,.0f} ({rd.num(r['ours randomized (runs)']):.2f} against"
        f" {rd.num(r['ours sorting']):.0f})" for r in worse))
    for n in (65536, 262144):
        r = next(x for x in fam["d = g"] if rd.num(x["n"]) == n)
        ran, srt = rd.num(r["ours randomized (runs)"]), rd.num(r["ours sorting"])
        c.append(f"{ran:.1f} against {srt:.0f} at 2^{int(math.log2(n))} ({srt / ran:.1f} times)")
    above = {f: [r["ratio"] for r in fam[f]] for f in ("d = 4g", "d = 16g")}
    both = above["d = 4g"] + above["d = 16g"]
    c.append(f"takes {span(both, '{:.2f}')} of A at every size: {span(above['d = 4g'], '{:.2f}')}"
             f" for d = 4g, {span(above['d = 16g'], '{:.2f}')} for d = 16g")
    for name, f in fam.items():
        first, last = f[0], f[-1]
        top = f" (n = 2^{int(math.log2(rd.num(last['n'])))})" if name == "d = g" else ""
        c.append(f"{rd.num(first['sorting / B']):.2f} (n = {rd.num(first['n']):,.0f}) -"
                 f" {rd.num(last['sorting / B']):.2f}{top} |")
    return "pops-table1.md", c


def valiant_brebner():
    """The observations scripts/results/vb_claims.py derives, every line of its output in the page."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        vb_claims.main_report()
    c = [line for line in out.getvalue().splitlines() if line.strip()]
    grid = [r for r in rd.read_csv(rd.result("valiant-brebner-grid.csv"))
            if r["traffic"] == "random"]
    first, last = grid[0], grid[-1]
    c.append(f"for random permutations the mean run grows from"
             f" {float(first['slots_mean']) / int(first['n']):.1f}n at n = {int(first['n'])} to"
             f" {float(last['slots_mean']) / int(last['n']):.1f}n at n = {int(last['n'])}")
    return "valiant-brebner.md", c


def coupler_evaluation():
    """The tables of section 1: TDMA against the queueing formula and the two bounds from
    coupler-evaluation-saturation.csv, the saturation searches from the curves' CSV."""
    rows = rd.read_csv(rd.result("coupler-evaluation-saturation.csv"))
    c = []
    for r in (r for r in rows if r["kind"] == "tdma_steady_state"):
        formula, mean = rd.num(r["formula_slots"]), rd.num(r["latency_mean"])
        c.append(f"| {round(rd.num(r['offered']), 2):g} | {rd.num(r['a']):.4f} | {formula:.1f} | "
                 f"{mean:.1f} [{rd.num(r['latency_ci_low']):.1f}, "
                 f"{rd.num(r['latency_ci_high']):.1f}] ({100 * (mean / formula - 1):+.1f}%) |")
    # The saturation table: every curve's search, as the study prints it.
    curves = coupler_study.read_curves(rd.result("coupler-evaluation-curves.csv"),
                                       "the page's data")
    c += coupler_study.curve_table(curves)[2:]
    def curve(network, protocol):
        return coupler_study.decided([r for r in curves
                                      if (r["network"], r["protocol"]) == (network, protocol)])
    pops16 = curve("POPS(16,16)", "randomized")
    stable = pops16[0]["stable_rate"]
    below = min(r["rate"] for r in pops16 if r["saturated"] and r["rate"] < stable)
    c.append(f"POPS(16,16)'s randomized router is stable at {stable:.4f} offered in a run of"
             f" {pops16[0]['max_slots']:,} slots, while the curve's point at {below:.4f} saturates")
    sustained = [curve(n, p)[0]["saturation_throughput"] for n, p in (
        ("POPS(16,16)", "randomized"), ("POPS(64,64)", "randomized"), ("OCPC p=256", "coinflip"),
        ("MOB-PC p=16", "row-column"))]
    c.append("Random access sustains {:.4f} (POPS(16,16) randomized), {:.4f} (POPS(64,64)"
             " randomized), {:.4f} (OCPC coinflip) and {:.4f} (MOB-PC row-column)".format(*sustained))
    tdma = curve("POPS(16,16)", "tdma")[0]
    c.append(f"finds {tdma['saturation_throughput']:.4f} sustained (stable at "
             f"{tdma['stable_rate']:.4f}, saturated at {tdma['saturated_rate']:.4f} in such a run)")
    collapsed = [r for r in curve("OCPC p=256", "coinflip") if r["saturated"] and r["rate"] >= 0.06]
    c.append(f"coinflip collapses ({min(r['accepted'] for r in collapsed):.4f}-"
             f"{max(r['accepted'] for r in collapsed):.4f} accepted at"
             f" {min(r['rate'] for r in collapsed):.3f}-{max(r['rate'] for r in collapsed):g}"
             " offered)")
    # The earlier searches of the networks and protocols whose curve has not been run.
    def key(network, protocol):
        return network.replace(" ", ""), protocol
    ran = {key(r["network"], r["protocol"]) for r in curves}
    for r in (r for r in rows if r["kind"] == "saturation"):
        if key(r["network"], r["protocol"]) in ran:
            continue
        unsettled = int(rd.num(r["unsettled_runs"]))
        saturated = rd.num(r["saturated_rate"])
        c.append(f"| {r['network']} | {r['protocol']} | {rd.num(r['hardware_bound']):.4g} "
                 f"({'LP' if r['hardware_method'] == 'lp' else 'cut'}) | "
                 f"{rd.num(r['routing_bound']):.4g} | {rd.num(r['stable_rate']):.4f} / "
                 f"{'not reached' if saturated is None else f'{saturated:.4f}'} | "
                 f"{rd.num(r['throughput']):.4f} [{rd.num(r['ci_low']):.4f}, "
                 f"{rd.num(r['ci_high']):.4f}] | {rd.num(r['peak_accepted']):.4f} | "
                 f"{int(rd.num(r['runs']))}{f' ({unsettled} unsettled)' if unsettled else ''} | "
                 f"{rd.num(r['simulation_seconds']):.0f} s |")
    for r in (r for r in rows if r["kind"] == "bounds"):
        c.append(f"| {r['network']} | {r['pattern']} | {rd.num(r['hardware_bound']):.4f} "
                 f"({r['hardware_method']}, ")
    return "coupler-evaluation.md", c + coupler_shape_claims() + design_ranking_claims()


def coupler_shape_claims():
    """Section 2: the shape tables, the knee curves and the prose under them, from the study's
    CSVs; the window-free columns of n = 1024 and 4096 from the earlier study's."""
    rows = coupler_study.read_shapes(rd.result("coupler-evaluation-shapes.csv"),
                                     "the page's data")
    knee_rows = coupler_study.read_knee_curves(rd.result("coupler-evaluation-knee-curves.csv"),
                                               "the page's data")
    large = coupler_study.read_study_csv(rd.result("coupler-evaluation-shapes-large.csv"),
                                         ("n", "d", "g", "capacity"), "the page's data")
    c = [line.rstrip() for line in coupler_study.shape_tables(rows)[2:] if line.startswith("| ")]
    c += [line.rstrip() for line in coupler_study.knee_curve_table(knee_rows)[2:]]
    c += coupler_study.shape_findings(rows)
    c += coupler_study.permutation_table([r for r in large if r["n"] not in
                                          {row["n"] for row in rows}])[2:]
    return c


def design_ranking_claims():
    """Section 3: the front, the count of designs and the sentences under them, from
    design-ranking.csv."""
    rows = design_ranking.read_rows(rd.result(design_ranking.CSV_NAME))
    c = [line.rstrip() for line in design_ranking.front_table(rows)[2:]]
    c += [line.rstrip() for line in design_ranking.count_table(rows)[2:]]
    return c + design_ranking.findings(rows)


PAGES = [split_hash, dmob, mesh_sync, faults, pops_table1, valiant_brebner, coupler_evaluation,
         claims_pops_randomized.pops_randomized, claims_ocpc_mob.ocpc_mob,
         workload_study_report.claims] + claims_gjlr_failure.gjlr_pages()


PROSE_NUMBERS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "prose_numbers.txt")


def main():
    p = cli_guard.ArgumentParser(description=__doc__.split("\n")[0])
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--list", action="store_true", help="print every derived statement")
    mode.add_argument("--prose-numbers", action="store_true",
                      help="print the list of prose numbers no statement derives (the content "
                      "of prose_numbers.txt for the pages as they are), check nothing")
    args = p.parse_args()
    listed = collections.defaultdict(collections.Counter)
    if not args.prose_numbers:
        with cli_guard.reading(PROSE_NUMBERS, "list of prose numbers"):
            listed = prose_numbers.read_list(PROSE_NUMBERS)
    else:
        print(prose_numbers.LIST_FILE_HEADER, end="")
    failed = total = unlisted = 0
    for derive in PAGES:
        name, claims = derive()
        with open(rd.result(name)) as f:
            page = f.read()
        if args.prose_numbers:
            for context in prose_numbers.contexts(page, claims):
                print(f"{name}\t{context}")
            continue
        text = norm(page)
        for claim in claims:
            total += 1
            if args.list:
                print(f"{name}: {claim}")
            if norm(claim) not in text:
                failed += 1
                print(f"FAIL {name}: the data say: {norm(claim)}")
        new, stale = prose_numbers.check(page, claims, listed.pop(name, collections.Counter()))
        for context in new:
            print(f"FAIL {name}: a prose number neither in a derived statement nor listed in "
                  f"prose_numbers.txt: {context}")
        for context in stale:
            print(f"FAIL {name}: listed in prose_numbers.txt, not in the page's prose: {context}")
        unlisted += len(new) + len(stale)
    if args.prose_numbers:
        return 0
    for name in listed:
        print(f"FAIL {name}: listed in prose_numbers.txt, not a page this script checks")
        unlisted += 1
    print(f"{total - failed} of {total} statements in step with their data")
    if failed or unlisted:
        raise cli_guard.CheckFailed(f"{failed} statement(s) differ from their data, {unlisted} "
                                    "prose number(s) neither checked nor listed")
    return 0


if __name__ == "__main__":
    cli_guard.run(main)
