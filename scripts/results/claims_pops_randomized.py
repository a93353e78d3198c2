"""The statements of docs/results/pops-randomized.md rebuilt from its tables: the generated
Table I / Table II comparison (itself generated from pops-randomized.csv and checked against it
by check_generated_docs) and the variant tables of "Correct routers beside Table II"."""
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import results_data as rd  # noqa: E402

PAGE = "pops-randomized.md"


def pct(x):
    return f"{100 * x:.0f}"


def by_n(rows):
    return {int(rd.num(r["n"])): r for r in rows}


def first_sweep_runs(runs_per_size, sizes):
    """Runs of the whole sweep from the table "Runs per size" and the sizes of each family (the
    d > g sweep also ran n = 2^18, which the CSV no longer holds)."""
    total = 0
    for r in runs_per_size:
        ns = sizes[r["family"]]
        total += rd.num(r["n ≤ 2^14"]) * sum(1 for n in ns if n <= 2 ** 14)
        total += rd.num(r["n = 2^16"]) + rd.num(r["n = 2^18"])
    return int(total)


def steps_claims(dg, dg4, dg16, runs_table, runs_table_page, sizes):
    c = []
    big = [r for r in dg if rd.num(r["n"]) >= 256]
    worst = max(big, key=lambda r: abs(rd.num(r["Δμ"])))
    gap = abs(rd.num(worst["Δμ"]))
    c.append(f"For n ≥ 256 our mean number of steps is within {gap:.1f}% of"
             f" the paper's μ at every size (largest: {worst['Δμ']} at n = {worst['n']},"
             f" {worst['ours μ']} vs {worst['paper μ']})")
    top = {rd.num(r["ours max"]) for r in big} | {rd.num(r["paper max"]) for r in big}
    c.append(f"σ {rd.span(rd.col(big, 'ours σ'), '{:.2f}')} against"
             f" {rd.span(rd.col(big, 'paper σ'), '{:.2f}')}, and the max is"
             f" {'/'.join(f'{x:.0f}' for x in sorted(top))} at every n ≥ 256 in both")
    small = by_n(dg)
    ratio = {f: [rd.num(r["ours μ"]) / rd.num(r["paper μ"]) for r in rows]
             for f, rows in (("4g", dg4), ("16g", dg16))}
    faster = all(x <= 1 for x in ratio["4g"] + ratio["16g"])
    c.append(f"The correct router (zero loss in every run) is"
             f" {'at least as fast as' if faster else 'not always as fast as'} the paper's"
             f" (lossy) Table II at every size up to 2^16, by"
             f" {rd.span([100 * (1 - x) for x in ratio['4g']])}% at d = 4g and by up to"
             f" {100 * (1 - min(ratio['16g'])):.0f}% at d = 16g")
    c += ratio_table(dg4, dg16)
    last4 = [r for r in dg4 if rd.num(r["n"]) >= 4096]
    c.append("flat at d = 4g (" + ", ".join(r["ours μ"] for r in last4) + " steps at " +
             ", ".join(f"2^{len(bin(int(rd.num(r['n'])))) - 3}" for r in last4) +
             f"; the paper {rd.span(rd.col(last4, 'paper μ'), '{:.2f}')})")
    g2_4, g2_16 = by_n(dg4)[16], by_n(dg16)[64]
    c.append(f"POPS(8,2) {g2_4['ours μ']}, POPS(32,2) {g2_16['ours μ']} (max"
             f" {g2_16['ours max']})")
    c.append(f"(σ {rd.num(g2_16['ours σ']):.1f} at POPS(32,2) against the paper's"
             f" {g2_16['paper σ']})")
    c.append(f"Checks over all {first_sweep_runs(runs_table_page, sizes):,} runs")
    counted = [r for r in runs_table if r["family"] != "d = g"]
    c.append(f"The {sum(rd.num(r['runs']) for r in counted):,.0f} runs of the d > g rows")
    c.append(f"n = 4 gives {small[4]['ours μ']} steps against {small[4]['paper μ']}, n = 16"
             f" {small[16]['ours μ']} against {small[16]['paper μ']}")
    return c


def ratio_table(dg4, dg16):
    """The rows of the ours / paper table: d = 4g and d = 16g side by side, the ends and the
    g = 2 rows with their means (and the standard error where it decides "even")."""
    def cell(r, note):
        x = rd.num(r["ours μ"]) / rd.num(r["paper μ"])
        if not note:
            return f"{x:.2f}"
        se = rd.num(r["ours σ"]) / rd.num(r["runs"]) ** 0.5
        extra = f"; standard error {se:.2f}" if note == "se" else ""
        return f"{x:.2f} ({r['ours μ']} vs {r['paper μ']}{extra})"
    rows = []
    for i, a in enumerate(dg4):
        b = dg16[i] if i < len(dg16) else None
        n = f"{a['n']} / {b['n']}" if b else a["n"]
        last4 = i == len(dg4) - 1
        left = cell(a, i == 0 or last4)
        right = "-" if b is None else cell(b, "se" if i < 2 else i == len(dg16) - 1)
        rows.append(f"| {n}{' (g = 2)' if i == 0 else ''} | {left} | {right} |")
    return rows


def slots_claims(slots):
    c = []
    rows = [r for r in slots if rd.num(r["n"]) >= 256]
    dg = [r for r in rows if r["family"] == "d = g"]
    c.append(f"Our mean slots match column A of Table I to within"
             f" {max(abs(rd.num(r['ΔA'])) for r in dg):.1f}% for n ≥ 256")
    fam = {f: [r for r in rows if r["family"] == f] for f in ("d = 4g", "d = 16g")}
    c.append(f"In slots, for n ≥ 256: d = 4g goes from"
             f" {rd.span(rd.col(fam['d = 4g'], 'ours slots mean'), sep=' to ')} against column"
             f" A's {rd.span(rd.col(fam['d = 4g'], 'paper A'))}; d = 16g from"
             f" {rd.span(rd.col(fam['d = 16g'], 'ours slots mean'), sep=' to ')} against"
             f" column A's {rd.span(rd.col(fam['d = 16g'], 'paper A'))}")
    below_b = all(rd.num(r["ours slots mean"]) < rd.num(r["paper B"]) for r in slots)
    c.append("Our slot means stay far below column B" if below_b else
             "Our slot means are not below column B at every size")
    gap = {(r["family"], int(rd.num(r["n"]))):
           rd.num(r["paper A"]) / rd.num(r["paper 5·μ (Table II)"]) - 1 for r in slots}
    for fam_, n in (("d = g", 4), ("d = 16g", 64), ("d = 4g", 256)):
        r = next(x for x in slots if x["family"] == fam_ and rd.num(x["n"]) == n)
        c.append(f"n = {n}, {fam_}: {r['paper A']}{' slots' if n == 4 else ''} against"
                 f"{' 5 × 3.15 =' if n == 4 else ''} {r['paper 5·μ (Table II)']}")
    worst = max(gap, key=lambda k: gap[k])
    low = min(gap, key=lambda k: gap[k])
    c.append(f"up to {100 * gap[worst]:+.1f}% ({worst[0]}, n = {worst[1]}), and"
             f" {100 * gap[low]:.1f}% at n = {low[1]} for {low[0]}".replace("-", "−"))
    large = [abs(v) for (f, n), v in gap.items() if n >= 16384]
    c.append(f"For n ≥ 16,384 they are at most {100 * max(large):.1f}%")
    twentieths = all(abs(rd.num(r["paper A"]) * 20 - round(rd.num(r["paper A"]) * 20)) < 1e-6
                     for r in slots)
    c.append("Every column-A value is a multiple of 0.05 slots" if twentieths else
             "Not every column-A value is a multiple of 0.05 slots")
    return c


def variant_claims(random_perms, dg_variants, adversarial, dg_adversarial):
    c = []

    def mu(r, key):
        return rd.num(r[key])
    R, LAW = "`randomized` μ (max)", "`randomized-law` μ (max)"
    LIT = "`randomized-literal` μ (max)"
    fam = {f: [r for r in random_perms if r["family"] == f] for f in ("d = 4g", "d = 16g")}
    gain4 = [1 - mu(r, R) / mu(r, "paper μ (lossy)") for r in fam["d = 4g"]]
    first4 = fam["d = 4g"][0]
    r16 = {int(rd.num(r["n"])): r for r in fam["d = 16g"]}
    large16 = [1 - mu(r, R) / mu(r, "paper μ (lossy)") for n, r in r16.items() if n >= 1024]
    c.append(f"by {rd.span([100 * x for x in gain4])}% at d = 4g ({mu(first4, R):.2f} against"
             f" {first4['paper μ (lossy)']} at POPS{first4['POPS(d,g)']}), and at d = 16g by"
             f" {pct(1 - mu(r16[64], R) / mu(r16[64], 'paper μ (lossy)'))}% at POPS(32,2)"
             f" ({mu(r16[64], R):.2f} against {r16[64]['paper μ (lossy)']}) and"
             f" {rd.span([100 * x for x in large16])}% from n = 1,024")
    c.append(f"POPS(64,4) is even with the paper ({mu(r16[256], R):.2f} against"
             f" {r16[256]['paper μ (lossy)']} in these 30 runs")
    r32 = next(r for r in fam["d = 4g"] if r["POPS(d,g)"] == "(32,8)")
    c.append(f"at POPS(32,8) give the same {mu(r32, LAW):.2f} and {mu(r32, LIT):.2f} steps")
    law16 = [mu(r, LAW) / mu(r, "paper μ (lossy)") - 1 for r in fam["d = 16g"]]
    law4 = [mu(r, LAW) / mu(r, "paper μ (lossy)") - 1 for r in fam["d = 4g"]]
    worst4 = max(fam["d = 4g"], key=lambda r: mu(r, LAW) / mu(r, "paper μ (lossy)"))
    c.append(f"`randomized-law` is within {100 * max(law16):.0f}% of the paper at d = 16g and"
             f" {rd.span([100 * x for x in law4])}% slower at d = 4g ({mu(worst4, LAW):.2f}"
             f" against {worst4['paper μ (lossy)']} at n = {worst4['n']})")
    other = [r for r in random_perms if r["family"] in ("d = 2g", "d = 8g")]
    fastest_correct = all(mu(r, R) < mu(r, LAW) for r in other)
    lit = [r for r in other if mu(r, LIT) < mu(r, R)]
    c.append(f"`randomized` is {'the' if fastest_correct else 'not the'} fastest correct router"
             " at every size; only the lossy literal step is faster, at " +
             ", ".join(f"POPS{r['POPS(d,g)']} ({mu(r, LIT):.2f} against {mu(r, R):.2f})"
                       for r in lit))
    saving = [1 - rd.num(r["`randomized-bijective` μ (max)"]) /
              rd.num(r["`randomized` (paper) μ (max)"]) for r in dg_variants
              if rd.num(r["n"]) >= 64]
    c.append(f"saves {rd.span([100 * x for x in saving])}% of the steps from n = 64 on"
             f" ({100 * saving[-1]:.0f}% at n = {dg_variants[-1]['n']})")
    at16 = by_n(dg_variants)[16]
    c.append(f"n = 16 takes {rd.num(at16['`randomized` (paper) μ (max)']):.2f} steps (the paper"
             f" has {at16['paper μ']})")
    c += adversarial_claims(adversarial, dg_adversarial)
    return c


def adversarial_claims(rows, dg_rows):
    """Each permutation's steps against the random permutation's at the same POPS(d,g)."""
    c = []
    R, LAW = "`randomized` μ (max)", "`randomized-law` μ (max)"
    random = {r["POPS(d,g)"]: r for r in rows if r["traffic"] == "random"}
    adv = [r for r in rows if r["traffic"] != "random"]

    def ratio(r, key):
        return rd.num(r[key]) / rd.num(random[r["POPS(d,g)"]][key])

    def g_of(r):
        return int(r["POPS(d,g)"].strip("()").split(",")[1])
    others = [ratio(r, R) for r in adv if g_of(r) > 2]
    c.append(f"`randomized` is within {max(others):.2f}x of its random-permutation steps on"
             " every permutation here except at g = 2")
    g2 = sorted((r for r in adv if g_of(r) == 2 and ratio(r, R) > max(others)),
                key=lambda r: -ratio(r, R))
    c.append("except at g = 2: " + ", ".join(
        f"{'' if r['traffic'] == 'transpose' else '`'}{r['traffic']}"
        f"{'' if r['traffic'] == 'transpose' else '`'} {ratio(r, R):.2f}x at POPS{r['POPS(d,g)']}"
        for r in g2))
    worst = g2[0]
    c.append(f"(at POPS{worst['POPS(d,g)']} {rd.num(worst[R]):.2f} against"
             f" {rd.num(random[worst['POPS(d,g)']][R]):.2f}, max {worst[R].split('(')[1]}")
    law_worst = max(adv, key=lambda r: ratio(r, LAW))
    c.append(f"within {ratio(law_worst, LAW):.2f}x of random everywhere (`{law_worst['traffic']}`"
             f" at POPS{law_worst['POPS(d,g)']})")
    row = {(r["POPS(d,g)"], r["traffic"]): r for r in rows}
    t32, w32 = row[("(32,2)", "transpose")], row[("(32,4)", "window")]
    c.append(f"(transpose at POPS(32,2): {rd.num(t32[LAW]):.2f}; `window` at POPS(32,4):"
             f" {rd.num(w32[LAW]):.2f} against {rd.num(w32[R]):.2f})")
    bijective = "`randomized-bijective` μ (max)"
    traffic = [t for t in ("transpose", "bit-reversal", "residue", "window")
               if all(r[bijective] == "1.00 (1)" for r in dg_rows if r["traffic"] == t)]
    c.append("`randomized-bijective` routes " + ", ".join(traffic[:-1]) +
             f" and `{traffic[-1]}` in one step")
    return c


def pops_randomized():
    page = rd.result(PAGE)
    runs_table, dg, dg4, dg16, slots = rd.md_tables(page)[:5]
    random_perms = rd.table_after(page, "### Table II, random permutations")[0]
    dg_variants = rd.table_after(page, "### d = g: the paper's router")[0]
    adversarial, dg_adversarial = rd.table_after(page, "### Adversarial traffic")[:2]
    csv_runs = rd.read_csv(rd.result("pops-randomized.csv"))
    sizes = {f"d = {f}": [int(r["n"]) for r in csv_runs
                          if r["family"] == ("dg" if f == "g" else f)] for f in ("g", "4g", "16g")}
    c = steps_claims(dg, dg4, dg16, [dict(family=("d = g" if r["family"] == "dg" else "d > g"),
                                          runs=r["runs"]) for r in csv_runs], runs_table, sizes)
    c += slots_claims(slots)
    c += variant_claims(random_perms, dg_variants, adversarial, dg_adversarial)
    return PAGE, c
