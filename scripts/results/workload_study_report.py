"""The tables and statements of docs/results/workloads.md from its data (workloads.csv and
workloads-study.csv, written by workload_study.py): what the page's generated blocks hold and what
scripts/docs/doc_claims.py checks the page against."""
import csv
import io
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
import results_data as rd  # noqa: E402

PAGE = "workloads.md"
CSV_NAME = "workloads.csv"
STUDY_NAME = "workloads-study.csv"  # the study's record: one setting a line, as JSON
TITLE = "# Workloads: request-reply and a trace on POPS(16,16) and the 16 x 16 grid\n"
POPS_NODES = 256  # POPS(16,16): one TDMA frame is one slot per (source, destination) pair
FIELDS = ["workload", "network", "protocol", "load", "outstanding", "seed", "saturated",
          "saturation_reason", "warmup_slots", "window_slots", "window_method", "slots",
          "offered", "throughput", "throughput_low", "throughput_high", "round_trip_mean",
          "round_trip_low", "round_trip_high", "round_trip_p99", "round_trips",
          "outstanding_mean", "source_wait_mean", "accepted", "accepted_low", "accepted_high",
          "message_latency_mean", "message_latency_p99", "messages", "wall_seconds"]
FLOATS = ["load", "offered", "throughput", "throughput_low", "throughput_high",
          "round_trip_mean", "round_trip_low", "round_trip_high", "round_trip_p99",
          "outstanding_mean", "source_wait_mean", "accepted", "accepted_low", "accepted_high",
          "message_latency_mean", "message_latency_p99", "wall_seconds"]
INTS = ["outstanding", "seed", "warmup_slots", "window_slots", "slots", "round_trips",
        "messages"]
# The systems in the tables' column order: (network, protocol) -> heading
SYSTEMS = [(("POPS(16,16)", "tdma"), "POPS TDMA"),
           (("POPS(16,16)", "reservation"), "POPS reservation"),
           (("POPS(16,16)", "randomized"), "POPS random access"),
           (("16 x 16 grid", "gridk"), "grid (gridk)")]
NAME = dict(SYSTEMS)


def csv_text(rows):
    text = io.StringIO()
    w = csv.DictWriter(text, fieldnames=FIELDS, lineterminator="\n", restval="")
    w.writeheader()
    for r in rows:
        w.writerow(r)
    return text.getvalue()


def read_rows(path):
    """The rows of workloads.csv, typed (an empty cell is None)."""
    rows = []
    for r in rd.read_csv(path):
        row = dict(r)
        for k in FLOATS:
            row[k] = None if r[k] == "" else float(r[k])
        for k in INTS:
            row[k] = None if r[k] == "" else int(r[k])
        row["saturated"] = r["saturated"] == "True"
        row["system"] = (str(r["network"]), str(r["protocol"]))
        if row["system"] not in NAME:
            raise cli_guard.BadInput(f"{path}: not the expected system {row['system']}")
        rows.append(row)
    return rows


def study_text(meta):
    """The study's record as a CSV of key and JSON value."""
    text = io.StringIO()
    w = csv.writer(text, lineterminator="\n")
    w.writerow(["key", "value"])
    for k, v in meta.items():
        w.writerow([k, json.dumps(v)])
    return text.getvalue()


def read_meta(path):
    with open(path, newline="") as f, cli_guard.reading(path, "workload study record"):
        meta = {r["key"]: json.loads(r["value"]) for r in csv.DictReader(f)}
        for k in ("command", "seed", "loads", "outstanding", "trace_loads", "cpu_seconds",
                  "wall_seconds", "runs", "request_frames", "reply_frames", "trace_sizes",
                  "trace_writer", "trace_window", "max_slots", "optinet"):
            meta[k]
    return meta


def g(x, digits=3):
    return f"{x:.{digits}g}"


def round_trip_cell(r):
    if r is None:
        return "-"
    if r["round_trip_mean"] is None:
        return "none completed" + (" (S)" if r["saturated"] else "")
    ci = "" if r["round_trip_low"] is None else \
        f" [{r['round_trip_low']:.1f}, {r['round_trip_high']:.1f}]"
    return f"{r['round_trip_mean']:.1f}{ci}" + (" (S)" if r["saturated"] else "")


def throughput_cell(r):
    if r is None:
        return "-"
    if not r["round_trips"]:
        return "none completed" + (" (S)" if r["saturated"] else "")
    ci = "" if r["throughput_low"] is None else \
        f" [{g(r['throughput_low'])}, {g(r['throughput_high'])}]"
    return f"{g(r['throughput'])}{ci}" + (" (S)" if r["saturated"] else "")


def at(rows, workload):
    return {(r["system"], r["load"], r["outstanding"]): r for r in rows
            if r["workload"] == workload}


def points(rows, workload):
    """The (load, M) points of a workload, in order (M None for traces)."""
    return sorted({(r["load"], r["outstanding"] or 0) for r in rows if r["workload"] == workload})


def request_reply_tables(rows, meta):
    cells = at(rows, "request-reply")
    per = meta["request_frames"] + meta["reply_frames"]  # frames per transaction
    head = "| load | M | " + " | ".join(name for _, name in SYSTEMS) + " |"
    rule = "|---|---|" + "---|" * len(SYSTEMS)
    rt = [head, rule]
    tp = ["| load | M | drawn | " + " | ".join(name for _, name in SYSTEMS) + " |",
          rule + "---|"]
    for load, m in points(rows, "request-reply"):
        rt.append(f"| {load:g} | {m} | " + " | ".join(
            round_trip_cell(cells.get((s, load, m))) for s, _ in SYSTEMS) + " |")
        tp.append(f"| {load:g} | {m} | {g(load / per)} | " + " | ".join(
            throughput_cell(cells.get((s, load, m))) for s, _ in SYSTEMS) + " |")
    return rt, tp


def trace_table(rows):
    cells = at(rows, "trace")
    lines = ["| load | " + " | ".join(name for _, name in SYSTEMS) + " |",
             "|---|" + "---|" * len(SYSTEMS)]
    for load, _ in points(rows, "trace"):
        out = []
        for s, _ in SYSTEMS:
            r = cells.get((s, load, None))
            if r is None or r["message_latency_mean"] is None:
                out.append("-")
                continue
            out.append(f"{r['message_latency_mean']:.1f} / {r['message_latency_p99']:.0f} / "
                       f"{r['accepted']:.4f} [{r['accepted_low']:.4f}, {r['accepted_high']:.4f}]"
                       + (" (S)" if r["saturated"] else ""))
        lines.append(f"| {load:g} | " + " | ".join(out) + " |")
    return lines


def setting(meta):
    """The study's settings, from its record."""
    return (f"requests of {meta['request_frames']} frame ({64 * meta['request_frames']} bytes)"
            f" and replies of {meta['reply_frames']} frames ({meta['reply_frames'] // 16} KiB),"
            f" outstanding limits M = {', '.join(str(m) for m in meta['outstanding'])}, loads "
            f"{', '.join(f'{x:g}' for x in meta['loads'])} frames per node per slot, seed "
            f"{meta['seed']}")


def names(systems):
    return ", ".join(NAME[s] for s in systems) if systems else "none"


def findings(rows, meta):
    """The sentences under the tables, from the rows."""
    out = []
    rr = at(rows, "request-reply")
    pts = points(rows, "request-reply")
    lightest = min(load for load, _ in pts)
    least_m = min(m for _, m in pts)
    zero = [(s, rr.get((s, lightest, least_m))) for s, _ in SYSTEMS]
    out.append(f"At load {lightest:g} with M = {least_m} the round trip is " + ", ".join(
        f"{r['round_trip_mean']:.1f} slots on {NAME[s]}" for s, r in zero
        if r and r["round_trip_mean"] is not None) + ".")
    tdma = [r for r in rows if r["workload"] == "request-reply" and r["system"] == SYSTEMS[0][0]
            and r["round_trip_mean"] is not None and not r["saturated"]]
    if tdma:
        out.append(f"POPS TDMA's stable round trips are "
                   f"{rd.span([r['round_trip_mean'] for r in tdma])} slots: a reply of "
                   f"{meta['reply_frames']} frames to one node gets one slot of each "
                   f"{POPS_NODES}-slot frame ({meta['reply_frames'] * POPS_NODES} slots), so it "
                   "completes at most M / round trip transactions per node per slot whatever "
                   "the load.")
    for s, name in SYSTEMS:
        by_m = {m: [load for load, mm in pts if mm == m and rr[(s, load, m)]["saturated"]]
                for m in sorted({m for _, m in pts})}
        if not any(by_m.values()):
            out.append(f"{name} is stable at every point.")
            continue
        out.append(f"{name} is saturated at " + "; ".join(
            f"M = {m}: " + (", ".join(f"{x:g}" for x in v) if v else "no load")
            for m, v in by_m.items()) + ".")
    best, second = {}, {}
    for load, m in pts:
        stable = sorted((rr[(s, load, m)]["round_trip_mean"], s) for s, _ in SYSTEMS
                        if (s, load, m) in rr and not rr[(s, load, m)]["saturated"]
                        and rr[(s, load, m)]["round_trip_mean"] is not None)
        best[(load, m)] = stable[0][1] if stable else None
        second[(load, m)] = stable[1][1] if len(stable) > 1 else None
    winners = sorted({s for s in best.values() if s}, key=lambda s: list(NAME).index(s))
    for s in winners:
        mine = [p for p, b in best.items() if b == s]
        out.append(f"The least round trip among the stable systems: {NAME[s]}'s, " + (
            f"at every one of the {len(pts)} (load, M) points." if len(mine) == len(pts) else
            f"at {len(mine)} of the {len(pts)} (load, M) points (load/M: " +
            ", ".join(f"{load:g}/{m}" for load, m in mine) + ")."))
    for s, name in SYSTEMS:
        stable = [p for p in pts if (s, *p) in rr and not rr[(s, *p)]["saturated"]]
        seconds = [p for p in stable if second[p] == s]
        if seconds:
            out.append(f"{name} has the second least round trip at {len(seconds)} of the "
                       f"{len(stable)} points where it is stable.")
    for s, name in SYSTEMS:
        ratios = [rr[(s, load, m)]["round_trip_mean"] / rr[(b, load, m)]["round_trip_mean"]
                  for (load, m), b in best.items() if b and b != s and (s, load, m) in rr
                  and not rr[(s, load, m)]["saturated"]]
        if ratios:
            out.append(f"Where {name} is stable and not the fastest, its round trip is "
                       f"{rd.span(ratios, '{:.1f}')} times the least ({len(ratios)} points).")
    none = [p for p, b in best.items() if b is None]
    if none:
        out.append("No system is stable at " + ", ".join(f"{load:g}/{m}" for load, m in none)
                   + " (load/M).")
    out += trace_findings(rows)
    out.append(f"The study ran {meta['runs']} runs in {meta['cpu_seconds']:.0f} CPU-seconds "
               f"({meta['wall_seconds']:.0f} s of wall time).")
    return out


def trace_findings(rows):
    out = []
    tr = at(rows, "trace")
    for load, _ in points(rows, "trace"):
        mine = [(r["message_latency_mean"], s) for s, _ in SYSTEMS
                for r in [tr.get((s, load, None))] if r and not r["saturated"]
                and r["message_latency_mean"] is not None]
        sat = [s for s, _ in SYSTEMS if tr.get((s, load, None)) and tr[(s, load, None)]
               ["saturated"]]
        fastest = min(mine)[1] if mine else None
        out.append(f"Trace at load {load:g}: the least message latency is "
                   + (f"{NAME[fastest]}'s ({min(mine)[0]:.1f} slots)" if fastest else "none")
                   + f"; saturated: {names(sat)}.")
    return out


def blocks(rows, meta):
    rt, tp = request_reply_tables(rows, meta)
    setup = [f"Settings: {setting(meta)}.", ""]
    return {
        "request-reply": "\n".join(
            setup + ["Round trip, slots (issue to the reply's last frame): mean [95% "
                     "batch-means interval]; (S): saturated.", ""] + rt +
            ["", "Completed transactions per node per slot [95% interval]; drawn: the "
             "requests drawn per node per slot (load / frames per transaction).", ""] + tp),
        "trace": "\n".join(
            [f"Each trace: Bernoulli messages of sizes `{meta['trace_sizes']}` (frames: "
             "share), written by the run of "
             f"{NAME[tuple(meta['trace_writer'])]} with the window "
             f"{meta['trace_window'][0]} + {meta['trace_window'][1]} slots, replayed with the "
             "same window and seed. Message latency mean / p99 (slots) / accepted frames per "
             "node per slot [95% interval]; (S): saturated.", ""] + trace_table(rows)),
        "findings": "\n".join(f"* {line}" for line in findings(rows, meta)),
        "command": "\n".join(["```", meta["command"], "```", "",
                              f"({meta['optinet']}; every run's seed {meta['seed']}.)"]),
    }


def claims():
    """(page, statements) for doc_claims.py: the tables' rows and the findings."""
    rows = read_rows(rd.result(CSV_NAME))
    meta = read_meta(rd.result(STUDY_NAME))
    rt, tp = request_reply_tables(rows, meta)
    return PAGE, ([setting(meta)] + rt[2:] + tp[2:] + trace_table(rows)[2:] +
                  findings(rows, meta) + [meta["command"]])
