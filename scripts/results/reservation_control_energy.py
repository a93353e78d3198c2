#!/usr/bin/python3
"""The reservation protocol's control-plane energy of docs/reservation-protocol.md, measured:
one `optinet` run per row (the commands below, seed 1), its control plane's energy per
delivered packet, the run's energy per packet, the control share, the control words' bits and
frames per slot and the power budget's verdict. Writes reservation-control-energy.csv in --out;
scripts/docs/doc_claims.py rebuilds the page's sentences from it.

usage: scripts/results/reservation_control_energy.py --optinet build/optinet --runs DIR
           [--out docs/results] [--jobs 2]

DIR keeps each run's JSON report (NAME.json); a report already there is read, not run again.
"""
import concurrent.futures
import csv
import io
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402

CSV_NAME = "reservation-control-energy.csv"
# name -> the run's options (after `optinet`), as the page gives them.
RUNS = {
    "pops16_fibre": ["pops", "--d", "16", "--g", "16", "--protocol", "reservation", "--traffic",
                     "bernoulli", "--rate", "0.5"],
    "pops16_onchip": ["pops", "--d", "16", "--g", "16", "--protocol", "reservation", "--traffic",
                      "bernoulli", "--rate", "0.5", "--device", "onchip"],
    "pops64_fibre": ["pops", "--d", "64", "--g", "64", "--protocol", "reservation", "--traffic",
                     "bernoulli", "--rate", "0.5", "--seed", "1"],
    "ocpc256_fibre": ["ocpc", "--p", "256", "--protocol", "reservation", "--traffic", "bernoulli",
                      "--rate", "0.3", "--warmup", "200", "--measure", "500"],
}
FIELDS = ["name", "command", "seed", "energy_per_packet_pj", "control_energy_per_packet_pj",
          "energy_control_share", "control_slot_bits", "control_frames_per_slot",
          "control_transmitters", "control_receivers", "required_launch_dbm", "max_fanout",
          "buildable"]


def report(optinet, runs_dir, name, children):
    """NAME's JSON report: read from RUNS_DIR, or run and kept there."""
    path = os.path.join(runs_dir, name + ".json")
    if not os.path.exists(path):
        cmd = [optinet] + RUNS[name] + ["--quiet", "--json", path]
        proc = children.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        cli_guard.check_exit(proc, accepted=(0,))
    with open(path) as f, cli_guard.reading(path, "optinet report"):
        return json.load(f)


def row(name, r):
    """The CSV row of run NAME's report R (its first run)."""
    run, budget = r["runs"][0], r["power_budget"]
    medium = next(v for v in budget.values() if isinstance(v, dict) and "max_fanout" in v)
    return {"name": name, "command": " ".join(["build/optinet"] + RUNS[name]), "seed": r["seed"],
            "energy_per_packet_pj": run["energy_per_packet_pj"],
            "control_energy_per_packet_pj": run["control"]["energy_per_packet_pj"],
            "energy_control_share": run["energy_control_share"],
            "control_slot_bits": run["control"]["slot_bits"],
            "control_frames_per_slot": run["control"]["frames_per_slot"],
            "control_transmitters": budget["control_transmitters"],
            "control_receivers": budget["control_receivers"],
            "required_launch_dbm": budget["required_launch_dbm"],
            "max_fanout": medium["max_fanout"], "buildable": budget["buildable"]}


def read_rows(path):
    """name -> the row of the CSV, numbers as numbers."""
    out = {}
    with open(path) as f, cli_guard.reading(path, "reservation control energy CSV"):
        for r in csv.DictReader(f):
            for k in FIELDS[3:-1]:
                r[k] = float(r[k])
            r["buildable"] = r["buildable"] == "True"
            out[r["name"]] = r
    return out


def main():
    p = cli_guard.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--optinet", type=cli_guard.optinet, required=True, help="the optinet binary")
    p.add_argument("--runs", required=True, metavar="DIR", help="folder of the runs' reports")
    p.add_argument("--out", default="docs/results", help="folder of the CSV")
    p.add_argument("--jobs", type=cli_guard.positive_int, default=2)
    args = p.parse_args()
    cli_guard.output_folder(args.out, "--out")
    cli_guard.output_folder(args.runs, "--runs", create=True)
    children = cli_guard.Children()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        try:
            reports = list(pool.map(lambda n: report(args.optinet, args.runs, n, children), RUNS))
        except BaseException:
            children.stop(pool)
            raise
    text = io.StringIO()
    w = csv.DictWriter(text, fieldnames=FIELDS, lineterminator="\n")
    w.writeheader()
    for name, r in zip(RUNS, reports):
        w.writerow(row(name, r))
    cli_guard.write_atomically(os.path.join(args.out, CSV_NAME), text.getvalue())
    print(text.getvalue(), end="")
    return 0


if __name__ == "__main__":
    cli_guard.run(main)
