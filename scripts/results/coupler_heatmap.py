#!/usr/bin/python3
"""POPS(d,g) coupler heat map: utilization and collisions of every coupler c(b,a).

usage: scripts/results/coupler_heatmap.py RUN.json OUT.png [--run K]

RUN.json is the --json output of an open-loop `optinet pops` run. The PNG has two g x g panels
(rows: destination group b, columns: source group a): the share of the measured slots in which
c(b,a) carried a frame (exactly one transmitter), and the share in which it collided. The
same two matrices are written to OUT.csv beside it (b, a, utilization, collision share), so that
a test or a reader can check the picture against the JSON. OUT.png must end in .png; both files
are written whole and put in place together.
"""
import csv
import json
import re

import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402


def matrices(report, run_index):
    runs = report["runs"]
    if not 0 <= run_index < len(runs):
        raise cli_guard.BadInput(f"--run {run_index}: the file has {len(runs)} run(s)")
    run = runs[run_index]
    if "media" not in run:
        raise cli_guard.BadInput("the run has no media counters "
                                 "(run optinet pops with --traffic bernoulli or bursty)")
    g = report["parameters"]["g"]
    slots = run["counted_slots"]
    utilization = [[0.0] * g for _ in range(g)]
    collisions = [[0.0] * g for _ in range(g)]
    for medium in run["media"]:
        b, a = map(int, re.fullmatch(r"c\((\d+),(\d+)\)", medium["name"]).groups())
        utilization[b][a] = medium["single"] / slots if slots else 0.0
        collisions[b][a] = medium["collision"] / slots if slots else 0.0
    return run, utilization, collisions


def main():
    parser = cli_guard.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("json")
    parser.add_argument("png")
    parser.add_argument("--run", type=int, default=0, help="run index (default 0)")
    args = parser.parse_args()
    png = cli_guard.output_file(args.png, "OUT.png", ".png", inputs=[args.json])
    values = cli_guard.output_file(png[:-len(".png")] + ".csv", "OUT.png",
                                   inputs=[args.json])
    with open(args.json, encoding="utf-8") as f, cli_guard.reading(args.json, "optinet report"):
        report = json.load(f)
        run, utilization, collisions = matrices(report, args.run)
        p = report["parameters"]
        o = report.get("open_loop", {})
        heading = (f"POPS({p['d']},{p['g']}) {report['protocol']}, {o.get('process', '')} "
                   f"rate {o.get('rate', '')} {o.get('pattern', '')}, seed {run['seed']}: "
                   f"accepted {run['accepted']:.3f} packets/node/slot")
    g = len(utilization)

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(10, 4.4), constrained_layout=True)
    for ax, data, title, cmap in ((axes[0], utilization, "utilization (one transmitter)", "viridis"),
                                  (axes[1], collisions, "collision slots", "magma")):
        peak = max(map(max, data))
        image = ax.imshow(data, cmap=cmap, vmin=0, vmax=peak if peak > 0 else 1.0,
                          origin="upper", interpolation="nearest")
        ax.set_title(title if peak > 0 else title + ": none")
        ax.set_xlabel("source group a")
        ax.set_ylabel("destination group b")
        fig.colorbar(image, ax=ax, shrink=0.85, label="share of measured slots")
    fig.suptitle(heading)

    with cli_guard.outputs() as open_:
        with open_(values, "w", newline="", encoding="utf-8") as f:
            out = csv.writer(f)
            out.writerow(["b", "a", "utilization", "collision_share"])
            for b in range(g):
                for a in range(g):
                    out.writerow([b, a, f"{utilization[b][a]:.6f}", f"{collisions[b][a]:.6f}"])
        cli_guard.save_figure(fig, png, open_, dpi=110)
    print(f"heat map: {png} ({g} x {g} couplers); values: {values}")
    return 0


if __name__ == "__main__":
    cli_guard.run(main)
