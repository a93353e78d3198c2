#!/usr/bin/python3
"""The physical-layer figures of docs/physical-layer.md from optinet's JSON reports: per shape
and device set the transceivers, laser power per transmitter and in total, static power, and
energy per delivered bit by part (a table and a stacked-bar plot); and the delivered share under
--fault ber:budget as the launch power is lowered below the budget.

usage: scripts/results/physical_layer_figures.py DIR OUT.png

DIR holds the reports the commands of docs/physical-layer.md write: DEVICE_D_G.json (open-loop
TDMA runs) and ber_K.json (K dB below the required launch). The tables go to standard output.
"""
import glob
import json
import os
import re

import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402

PARTS = ["laser", "modulator", "receiver", "serdes", "static"]


def load(path):
    with open(path) as f, cli_guard.reading(path, "optinet report"):
        return json.load(f)


def shape_rows(folder):
    rows = []
    for path in sorted(glob.glob(os.path.join(folder, "*_*_*.json"))):
        m = re.match(r"(fibre|onchip)_(\d+)_(\d+)\.json$", os.path.basename(path))
        if not m:
            continue
        report = load(path)
        b, r = report["power_budget"], report["runs"][0]
        rows.append({"device": m.group(1), "d": int(m.group(2)), "g": int(m.group(3)),
                     "transmitters": b["transmitters"], "receivers": b["receivers"],
                     "launch_dbm": b["required_launch_dbm"],
                     "laser_mw": b["laser_mw_per_transmitter"], "laser_w": b["laser_w"],
                     "static_w": b["static_w"], "accepted": r["accepted"],
                     "saturated": r["saturated"], "pj_per_bit": r["energy_per_bit_pj"],
                     "parts": r["energy_parts_pj_per_bit"],
                     "collision_share": r["energy_collision_share"]})
    rows.sort(key=lambda x: (x["device"], x["d"]))
    return rows


def ber_rows(folder):
    rows = []
    for path in glob.glob(os.path.join(folder, "ber_*.json")):
        m = re.match(r"ber_(\d+)\.json$", os.path.basename(path))
        if not m:
            continue
        report = load(path)
        fault = report["parameters"]["faults"][0]
        runs = report["runs"]
        packets = sum(r["packets"] for r in runs)
        delivered = sum(r["delivered"] for r in runs)
        rows.append({"below_db": int(m.group(1)), "received_dbm": fault["received_power_dbm"],
                     "ber": fault["bit_error_rate"], "frame_loss": fault["probability"],
                     "frames_lost": sum(r["faults"][0]["frames_lost"] for r in runs),
                     "delivered_share": delivered / packets if packets else 0.0})
    return sorted(rows, key=lambda x: x["below_db"])


def main():
    ap = cli_guard.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", metavar="DIR")
    ap.add_argument("png", metavar="OUT.png")
    args = ap.parse_args()
    png = cli_guard.output_file(args.png, "OUT.png", ".png")
    if not os.path.isdir(args.dir):
        raise OSError(2, "No such folder", args.dir)
    rows = shape_rows(args.dir)
    print("| devices | POPS(d,g) | transmitters = receivers | required launch (dBm) | laser per "
          "transmitter (mW optical) | laser, all (W electrical) | static (W) | accepted | "
          "pJ per delivered bit | " + " | ".join(PARTS) + " | collisions |")
    print("|---" * (10 + len(PARTS)) + "|")
    for x in rows:
        shares = ["%.1f%%" % (100 * x["parts"][p] / x["pj_per_bit"]) for p in PARTS]
        print("| %s | (%d,%d) | %d | %.2f | %.4g | %.4g | %.4g | %.4f%s | %.4g | %s | %.1f%% |" % (
            x["device"], x["d"], x["g"], x["transmitters"], x["launch_dbm"], x["laser_mw"],
            x["laser_w"], x["static_w"], x["accepted"], " (saturated)" if x["saturated"] else "",
            x["pj_per_bit"], " | ".join(shares), 100 * x["collision_share"]))
    brows = ber_rows(args.dir)
    if brows:
        print()
        print("| dB below the required launch | received (dBm) | BER | frame loss | frames lost "
              "| delivered share |")
        print("|---|---|---|---|---|---|")
        for x in brows:
            print("| %d | %.2f | %.3g | %.3g | %d | %.4f |" % (
                x["below_db"], x["received_dbm"], x["ber"], x["frame_loss"], x["frames_lost"],
                x["delivered_share"]))
    if not rows:
        return 0
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    devices = sorted({x["device"] for x in rows})
    fig, axes = plt.subplots(1, len(devices), figsize=(5 * len(devices), 4.5), squeeze=False)
    for ax, device in zip(axes[0], devices):
        mine = [x for x in rows if x["device"] == device]
        labels = ["(%d,%d)" % (x["d"], x["g"]) for x in mine]
        bottom = [0.0] * len(mine)
        for p in PARTS:
            values = [x["parts"][p] for x in mine]
            ax.bar(labels, values, bottom=bottom, label=p)
            bottom = [b + v for b, v in zip(bottom, values)]
        ax.set_xlabel("POPS(d,g)")
        ax.set_ylabel("pJ per delivered bit")
        ax.set_ylim(bottom=0)
        ax.set_title("%s devices" % device)
        ax.legend(fontsize=8)
    fig.suptitle("TDMA at offered load 0.3: energy per delivered bit by part")
    fig.tight_layout()
    cli_guard.save_figure(fig, png)
    return 0


if __name__ == "__main__":
    cli_guard.run(main)
