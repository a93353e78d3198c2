"""The figures of the design ranking (scripts/results/design_ranking.py), drawn from the rows of
design-ranking.csv: the laser architectures on one die, and one size's designs with their
Pareto front."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402


def pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def plot_lasers(rows, rate, path):
    """Per shape of ROWS (design_ranking.laser_rows), each laser architecture's laser and static
    power (W, every laser lit) and its energy per delivered bit at RATE; a design that is not
    buildable is hatched."""
    plt = pyplot()
    shapes = list(dict.fromkeys((r["n"], r["d"], r["g"]) for r in rows))
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.5))
    width = 0.8 / len(shapes)
    lasers = list(dict.fromkeys(r["laser"] for r in rows))
    for i, shape in enumerate(shapes):
        mine = {r["laser"]: r for r in rows if (r["n"], r["d"], r["g"]) == shape}
        xs = [j + (i - (len(shapes) - 1) / 2) * width for j in range(len(lasers))]
        label = f"POPS({shape[1]},{shape[2]}), n = {shape[0]}"
        hatch = ["" if mine[x]["buildable"] else "//" for x in lasers]
        laser_w = [mine[x]["laser_w"] for x in lasers]
        static_w = [mine[x]["static_w"] for x in lasers]
        color = f"C{i}"
        for x, lw, sw, h in zip(xs, laser_w, static_w, hatch):
            axes[0].bar(x, lw, width, color=color, hatch=h, edgecolor="black", linewidth=0.5)
            axes[0].bar(x, sw, width, bottom=lw, color=color, alpha=0.4, hatch=h,
                        edgecolor="black", linewidth=0.5)
        axes[1].bar(xs, [mine[x]["energy_pj_per_bit"] for x in lasers], width, color=color,
                    label=label, hatch=None, edgecolor="black", linewidth=0.5)
        for x, h, r in zip(xs, hatch, (mine[x] for x in lasers)):
            if h:
                axes[1].bar(x, r["energy_pj_per_bit"], width, color=color, hatch=h,
                            edgecolor="black", linewidth=0.5)
    axes[0].set_ylim(bottom=min(min(r["laser_w"], r["static_w"]) for r in rows) / 2)
    for ax in axes:
        ax.set_xticks(range(len(lasers)))
        ax.set_xticklabels(lasers)
        ax.set_yscale("log")
        ax.set_xlabel("--laser")
    axes[0].set_ylabel("W: laser (solid, every laser lit) + static (light)")
    axes[0].set_title("Power on the die")
    axes[1].set_ylabel(f"pJ per delivered bit at offered load {rate:g}")
    axes[1].set_title("Energy per bit (hatched: not buildable)")
    axes[1].legend(fontsize=8)
    fig.suptitle(f"Laser architectures on chip ({rows[0]['device']} devices), TDMA")
    fig.tight_layout()
    cli_guard.save_figure(fig, path)
    plt.close(fig)


def plot_front(rows, n, rate, path):
    """The designs of size N that carry the load: energy per delivered bit at RATE against
    parts, by device set, hollow where not buildable, the Pareto front ringed."""
    plt = pyplot()
    mine = [r for r in rows if r["n"] == n and r["carries_load"]
            and r["energy_pj_per_bit"] is not None]
    fig, ax = plt.subplots(figsize=(11, 5.5))
    markers = {"continuous": "o", "gated": "s", "throttled": "D", "per-node": "^", "comb": "v"}
    for i, device in enumerate(dict.fromkeys(r["device"] for r in mine)):
        for laser, marker in markers.items():
            for built in (True, False):
                pts = [r for r in mine if r["device"] == device and r["laser"] == laser
                       and r["buildable"] == built]
                if not pts:
                    continue
                ax.scatter([r["parts"] for r in pts], [r["energy_pj_per_bit"] for r in pts],
                           marker=marker, s=30, facecolors=f"C{i}" if built else "none",
                           edgecolors=f"C{i}",
                           label=f"{device}, {laser}" + ("" if built else " (not buildable)"))
    front = [r for r in mine if r["pareto"]]
    ax.scatter([r["parts"] for r in front], [r["energy_pj_per_bit"] for r in front], s=220,
               facecolors="none", edgecolors="red", linewidths=1.5, label="Pareto front")
    for r in front:
        ax.annotate(f"POPS({r['d']},{r['g']}) {r['device']} {r['laser']}",
                    (r["parts"], r["energy_pj_per_bit"]), textcoords="offset points",
                    xytext=(8, -14), fontsize=8, color="red")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("parts (lasers, modulators, photodetectors, rings, stars, fibres, waveguides)")
    ax.set_ylabel(f"pJ per delivered bit at offered load {rate:g}")
    ax.set_title(f"n = {n}: every POPS shape that carries the load, TDMA")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1))
    fig.tight_layout()
    cli_guard.save_figure(fig, path)
    plt.close(fig)
