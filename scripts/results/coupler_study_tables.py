"""The coupler study's tables and findings (scripts/results/coupler_study.py): the Markdown of
docs/results/coupler-evaluation.md's generated blocks and the sentences doc_claims checks."""
from coupler_study_cases import DEVICES, PARTS, SHAPE_LOADS, shapes


def fmt(value, digits=3):
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "NO"
    if isinstance(value, float):
        return f"{value:.{digits}g}"
    return str(value)


def decided(points):
    """A curve's runs without those a longer run of the same rate superseded: the search's
    runs come first (`search_points` of them), each rate's runs in order of their length."""
    search = points[:points[0]["search_points"]]
    last = {p["rate"]: i for i, p in enumerate(search)}
    return [p for i, p in enumerate(search) if last[p["rate"]] == i] + \
        points[len(search):]


def curve_table(curves):
    """The Markdown lines of the strict-stability table: one row per curve (network, protocol),
    from the curve's stability search and its steady-state runs."""
    lines = ["| network | protocol | hardware bound | routing bound | stable / saturated at | "
             "strict-stability limit, accepted [95%] | peak accepted | search runs | "
             "latency at half of it [95%] | "
             "slot limit | time |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for network, protocol in dict.fromkeys((c["network"], c["protocol"]) for c in curves):
        pts = decided([c for c in curves if (c["network"], c["protocol"]) == (network, protocol)])
        first = pts[0]
        half = min((p for p in pts if not p["saturated"] and p["latency_mean"] is not None),
                   key=lambda p: abs(p["accepted"] - first["saturation_throughput"] / 2),
                   default=None)
        saturated = (f"{first['saturated_rate']:.4f}" if first["saturated_rate"] is not None
                     else "not reached")
        method = "LP" if first["hardware_bound_method"] == "lp" else "cut"
        unsettled = first["search_unsettled"]
        runs = f"{first['search_points']}" + (f" ({unsettled} unsettled)" if unsettled else "")
        latency = "-"
        if half:
            ci = half["latency_ci"]
            latency = (f"{half['latency_mean']:.4g} at {half['accepted']:.4f}"
                       + (f" [{ci[0]:.4g}, {ci[1]:.4g}]" if ci else ""))
        lines.append(f"| {network} | {protocol} | {first['hardware_bound']:.4g} ({method}) | "
                     f"{first['routing_bound']:.4g} | {first['stable_rate']:.4f} / {saturated} | "
                     f"{first['saturation_throughput']:.4f} [{first['saturation_ci_low']:.4f}, "
                     f"{first['saturation_ci_high']:.4f}] | {first['peak_accepted']:.4f} | "
                     f"{runs} | {latency} | {first['max_slots']:,} | {first['seconds']:.0f} s |")
    return lines


def shape_tables(rows):
    """The Markdown lines of the shape tables: capacity, knee, latency at half the knee and a
    permutation's slots; the knee searches; then light, latency in ns and energy per device
    set."""
    def knee(r, p):
        if r.get(f"{p}_knee_throughput") is None:
            return "-"
        return fmt(r[f"{p}_knee_throughput"], 4)

    def skipped(r, columns):
        return (f"| {r['n']} | ({r['d']},{r['g']}) | {r['couplers']:,} | {r['fanout']} | "
                f"skipped: {r['skipped']} |" + " |" * (columns - 5))
    loads = [p for p in SHAPE_LOADS if any(f"{p}_knee_throughput" in r for r in rows)]
    columns = 6 + 2 * len(loads) + 4
    lines = ["| n | POPS(d,g) | couplers | fan-out | hardware bound | tdma capacity | "
             + "".join(f"{p} knee | " for p in loads)
             + "".join(f"{p} latency @ half knee | " for p in loads)
             + "slots: randomized | offline | sorting | tdma |",
             "|" + "---|" * columns]
    for r in rows:
        if r.get("skipped"):
            lines.append(skipped(r, columns))
            continue
        lines.append(f"| {r['n']} | ({r['d']},{r['g']}) | {r['couplers']:,} | {r['fanout']} | "
                     f"{fmt(r.get('capacity'), 4)} | {fmt(r.get('tdma_capacity'), 4)} | "
                     + "".join(f"{knee(r, p)} | " for p in loads)
                     + "".join(f"{fmt(r.get(f'{p}_half_latency'), 4)} | " for p in loads)
                     + f"{fmt(r.get('randomized_permutation_slots'))} | "
                     f"{fmt(r.get('offline_permutation_slots'))} | "
                     f"{fmt(r.get('sorting_permutation_slots'))} | "
                     f"{fmt(r.get('tdma_permutation_slots'))} |")
    lines += ["", "The knee searches (`--find-knee`, 3 x the zero-load latency):", "",
              "| n | POPS(d,g) | protocol | capacity | knee offered | knee accepted | "
              "latency at the knee / zero-load (slots) | bracket (offered) | runs | CPU |",
              "|" + "---|" * 10]
    for r in rows:
        for p in loads:
            if r.get("skipped") or r.get(f"{p}_knee_throughput") is None:
                continue
            how = r[f"{p}_capacity_how"]
            capacity = (fmt(r[f"{p}_capacity"], 4) + f" ({how})" if r[f"{p}_capacity"] is not None
                        else "measured only")
            bracket = (f"{r[f'{p}_knee_under_rate']:.4f} / {r[f'{p}_knee_over_rate']:.4f}"
                       if r[f"{p}_knee_bracketed"] else "not bracketed")
            lines.append(f"| {r['n']} | ({r['d']},{r['g']}) | {p} | {capacity} | "
                         f"{r[f'{p}_knee_offered']:.4f} | {r[f'{p}_knee_throughput']:.4f} | "
                         f"{r[f'{p}_knee_latency']:.4g} / {r[f'{p}_knee_zero_load_latency']:.4g} | "
                         f"{bracket} | {r[f'{p}_knee_runs']} | "
                         f"{fmt(r.get(f'{p}_knee_cpu_seconds'), 3)} s |")
    for device in DEVICES:
        dcolumns = 8 + 3 * len(loads)
        lines += ["", f"Device set `{device}` (the same runs at half the knee, priced with its "
                  "devices and its slot):", "",
                  "| n | POPS(d,g) | transmitters | margin dB | laser mW per transmitter | "
                  "laser W (all lit) | static W | slot ns | "
                  + "".join(f"{p} latency ns @ half | " for p in loads)
                  + "".join(f"{p} Gb/s per node @ half | " for p in loads)
                  + "".join(f"{p} pJ/bit @ half | " for p in loads),
                  "|" + "---|" * dcolumns]
        for r in rows:
            if r.get("skipped"):
                lines.append(skipped(r, dcolumns))
                continue
            slot = next((r.get(f"{p}_{device}_slot_ns") for p in loads
                         if r.get(f"{p}_{device}_slot_ns") is not None), None)
            lines.append(f"| {r['n']} | ({r['d']},{r['g']}) | {fmt(r.get('transmitters'))} | "
                         f"{margin(r, device)} | "
                         f"{fmt(r.get(f'{device}_laser_mw_per_transmitter'))} | "
                         f"{fmt(r.get(f'{device}_laser_w'))} | "
                         f"{fmt(r.get(f'{device}_static_w'))} | {fmt(slot)} | "
                         + "".join(f"{fmt(r.get(f'{p}_{device}_half_latency_ns'), 4)} | "
                                   for p in loads)
                         + "".join(f"{fmt(r.get(f'{p}_{device}_half_accepted_gbps'))} | "
                                   for p in loads)
                         + "".join(f"{fmt(r.get(f'{p}_{device}_pj_per_bit'))} | " for p in loads))
    return lines


def tdma_formula_latency(frame, n, rate):
    """The mean latency of TDMA's pair queue (docs/evaluation-model.md, "The latency knee"): a
    frame of `frame` slots, Bernoulli arrivals of rate / (n - 1) per slot and pair."""
    q = rate / (n - 1)
    a = frame * q
    return 1 + (frame - 1) / 2 + frame * (a * (a - q) / (2 * (1 - a)) + q * (frame - 1) / 2)


def tdma_formula_knee(n, factor=3):
    """The offered load at which the formula's latency on POPS(d,g), d <= g (a frame of n
    slots), passes `factor` times its zero-load value."""
    zero = tdma_formula_latency(n, n, 0)
    lo, hi = 0.0, (n - 1) / n
    while hi - lo > 1e-9:
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if tdma_formula_latency(n, n, mid) < factor * zero else (lo, mid)
    return lo


def best_knee(rows, protocol, n, name):
    """The row of ROWS with the highest knee of PROTOCOL and the start of the sentence naming
    it (`NAME's knee at n = N is ... accepted`), or (None, "")."""
    known = [r for r in rows if r.get(f"{protocol}_knee_throughput") is not None]
    if not known:
        return None, ""
    best = max(known, key=lambda r: r[f"{protocol}_knee_throughput"])
    return best, (f"{name}'s knee at n = {n} is " + ("" if len(known) == 1 else "highest ")
                  + f"on POPS({best['d']},{best['g']}), "
                  f"{best[f'{protocol}_knee_throughput']:.4f}")


def shape_findings(rows):
    """The sentences of the page's prose under the shape tables, from the shapes' rows (per n:
    TDMA's knee against its capacity and the queueing formula, reservation's and randomized
    routing's knees, and the shapes whose budget closes)."""
    out = []
    for n in sorted({r["n"] for r in rows}):
        done = [r for r in rows if r["n"] == n and not r.get("skipped")]
        measured = {(r["d"], r["g"]) for r in rows if r["n"] == n}
        missing = [f"({d},{g})" for d, g in shapes(n) if (d, g) not in measured]
        if missing:
            out.append(f"At n = {n} the tables hold {len(measured)} of the {len(list(shapes(n)))} "
                       f"shapes; POPS{', POPS'.join(missing)} have not been run yet (the command "
                       "under \"How to reproduce\" runs them).")
        full = [r for r in done if r["d"] <= r["g"] and r.get("tdma_knee_offered") is not None]
        if full:
            formula = tdma_formula_knee(n)
            offered = [r["tdma_knee_offered"] for r in full]
            worst = max(abs(x / formula - 1) for x in offered)
            latency = [r["tdma_half_latency"] for r in full]
            where = (f"on POPS({full[0]['d']},{full[0]['g']}) is {offered[0]:.4f}"
                     if len(full) == 1 else f"on the {len(full)} shapes with d <= g lies at "
                     f"{min(offered):.4f}-{max(offered):.4f}")
            slots = (f"{latency[0]:.1f}" if len(full) == 1
                     else f"{min(latency):.1f}-{max(latency):.1f}")
            out.append(f"At n = {n}, TDMA's knee {where} offered, within {100 * worst:.2f}% of "
                       f"the queueing formula's 3x point ({formula:.4f}), "
                       f"{100 * min(offered) / full[0]['tdma_capacity']:.0f}% of its capacity "
                       f"{full[0]['tdma_capacity']:.4f}; its latency at half the knee is "
                       f"{slots} slots.")
        best, start = best_knee(done, "reservation", n, "Reservation")
        if best:
            out.append(start + " accepted, where its latency is "
                       f"{best['reservation_knee_latency']:.1f} slots (3 x its zero-load "
                       f"{best['reservation_knee_zero_load_latency']:.2f}; TDMA's zero-load "
                       "latency is half a frame), and "
                       f"{best['reservation_half_latency']:.3g} slots at half of it.")
        best, start = best_knee(done, "randomized", n, "Randomized routing")
        if best:
            out.append(start + ".")
        for device in DEVICES:
            closing = [r for r in done if r.get(f"{device}_closes")]
            if closing:
                widest = max(closing, key=lambda r: r["d"])
                out.append(f"With `{device}` devices the star closes its budget at the installed "
                           f"launch up to fan-out {widest['d']} at n = {n} "
                           f"({widest[f'{device}_margin_db']:+.2f} dB).")
            under = [r for r in done if r.get(f"{device}_required_launch_dbm") is not None
                     and "launch_ceiling" not in r[f"{device}_violations"]]
            if under:
                widest = max(under, key=lambda r: r["d"])
                out.append(f"With `{device}` devices the budget closes under the launch ceiling "
                           f"up to fan-out {widest['d']} at n = {n} (a launch of "
                           f"{widest[f'{device}_required_launch_dbm']:+.2f} dBm).")
            priced = [r for r in done if r.get(f"tdma_{device}_pj_per_bit") is not None]
            if priced:
                cheapest = min(priced, key=lambda r: r[f"tdma_{device}_pj_per_bit"])
                total = cheapest[f"tdma_{device}_pj_per_bit"]
                part = max(PARTS, key=lambda k: cheapest.get(f"tdma_{device}_{k}_pj_per_bit") or 0)
                share = cheapest[f"tdma_{device}_{part}_pj_per_bit"] / total
                out.append(f"With `{device}` devices TDMA at half its knee costs least on "
                           f"POPS({cheapest['d']},{cheapest['g']}) at n = {n}: {total:.3g} "
                           f"pJ/bit, {100 * share:.1f}% of it {part}.")
    return out


def margin(r, device):
    """The margin at the installed launch; below 0, the launch at which the budget closes (the
    laser is sized to it), or that it is above the launch ceiling."""
    text = fmt(r.get(f"{device}_margin_db"))
    if r.get(f"{device}_closes", True):
        return text
    required = r.get(f"{device}_required_launch_dbm")
    if required is None:  # a row of a study that did not record it
        return f"{text} (needs {-r[f'{device}_margin_db']:.3g} dB more launch)"
    if "launch_ceiling" in (r.get(f"{device}_violations") or []):
        return f"{text} (needs {required:+.2f} dBm, above the launch ceiling)"
    return f"{text} (closes at {required:+.2f} dBm)"


def knee_curve_table(rows):
    """The Markdown lines of the knee curves: one row per point."""
    lines = ["| network | protocol | capacity | knee (offered) | offered | accepted [95%] | "
             "mean latency, slots [95%] | ns | window | saturated |", "|" + "---|" * 10]
    for r in rows:
        ci, lci = r["accepted_ci"], r["latency_ci"]
        latency = (f"{r['latency_mean']:.4g}" + (f" [{lci[0]:.4g}, {lci[1]:.4g}]" if lci else "")
                   if r["latency_mean"] is not None else "-")
        lines.append(f"| {r['network']} | {r['protocol']} | {fmt(r['protocol_capacity'], 4)} | "
                     f"{r['knee_offered']:.4f} | {r['offered']:.4f} | {r['accepted']:.4f}"
                     + (f" [{ci[0]:.4f}, {ci[1]:.4f}]" if ci else "") + f" | {latency} | "
                     f"{fmt(r['latency_mean_ns'], 4)} | {r['window_method']} | "
                     f"{fmt(r['saturated'])} |")
    return lines


def permutation_table(rows):
    """The Markdown lines of the window-free columns of shapes rows: couplers, fan-out, the
    fibre set's margin, capacity and the slots of one permutation per router."""
    lines = ["| n | POPS(d,g) | couplers | fan-out | fibre margin dB | capacity | "
             "permutation slots: randomized | offline | sorting | tdma |", "|" + "---|" * 10]
    for r in rows:
        if r["capacity"] is None:  # refused by the command
            lines.append(f"| {r['n']} | ({r['d']},{r['g']}) | {r['couplers']:,} | {r['fanout']} "
                         "| refused: the command builds g <= 1024 | | | | | |")
            continue
        margin = f"{r['margin_db']:+.2f}" + (
            "" if r["closes"] else f" (needs {-r['margin_db']:.2f} dB more launch)")
        lines.append(f"| {r['n']} | ({r['d']},{r['g']}) | {r['couplers']:,} | {r['fanout']} | "
                     f"{margin} | {fmt(r['capacity'])} | "
                     f"{fmt(r['randomized_permutation_slots'])} | "
                     f"{fmt(r['offline_permutation_slots'])} | "
                     f"{fmt(r['sorting_permutation_slots'])} | "
                     f"{fmt(r['tdma_permutation_slots'])} |")
    return lines


def print_tables(curves, rows, knee_rows=()):
    if curves:
        print("\n".join(curve_table(curves)))
        print()
    if rows:
        print("\n".join(shape_tables(rows)))
    if knee_rows:
        print()
        print("\n".join(knee_curve_table(knee_rows)))
