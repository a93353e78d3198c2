#!/usr/bin/python3
"""Summaries and plots of docs/results/mesh-sync.md from bench/mesh_sync_results.sh's raw CSVs.

Usage: scripts/results/mesh_sync_plots.py DIR   (DIR/raw/*.csv in; DIR/*.csv summaries and DIR/*.png out)
A group's overhead is the slots from its first member entering the operation to its last one
leaving it; for a split the size is the size of the group being split, for a sync the size of
the sub-group synchronized.
"""
import os
from collections import defaultdict

import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
import results_data  # noqa: E402

plt = results_data.pyplot()

D = "docs/results/mesh-sync"  # DIR, set by main()


def load(name):
    path = os.path.join(D, "raw", name + ".csv")
    if not os.path.exists(path):
        return None
    return [(r["kind"], int(r["level"]), int(r["size"]), int(r["overhead"]))
            for r in results_data.read_csv(path)]


def binned(rows, kind, width):
    """{bin start: (count, mean, max)} of the overheads of `kind` by group size."""
    acc = defaultdict(list)
    for k, _, s, o in rows:
        if k == kind:
            acc[(s - 1) // width * width + 1].append(o)
    return {b: (len(v), sum(v) / len(v), max(v)) for b, v in sorted(acc.items())}


def overall(rows, kind):
    v = [o for k, _, _, o in rows if k == kind]
    return (len(v), sum(v) / len(v), max(v)) if v else (0, 0, 0)


def write_summary(name, rows, width):
    with cli_guard.atomic_open(os.path.join(D, "summary-" + name + ".csv"), "w") as f:
        f.write("kind,size_from,size_to,groups,mean_overhead,max_overhead\n")
        for kind in ("split", "sync", "join"):
            for b, (c, m, x) in binned(rows, kind, width).items():
                f.write(f"{kind},{b},{b + width - 1},{c},{m:.2f},{x}\n")


def curve(ax, rows, kind, width, label, style):
    b = binned(rows, kind, width)
    xs = [k + (width - 1) / 2 for k in b]
    ax.plot(xs, [v[1] for v in b.values()], style, label=label + " average")
    ax.plot(xs, [v[2] for v in b.values()], style.replace("-", ":"), label=label + " maximum")


data = {}
lines = []
SERIES = ["set12-hilbert16", "set3-hilbert16", "set3-row16", "random-row16", "random-snake16",
          "random-column16", "set3-snake16", "set12-hilbert32", "set3-hilbert32", "set3-row32",
          "set12-hilbert64", "set3-hilbert64", "set3-row64"]


def load_all():
    for name in SERIES:
        rows = load(name)
        data[name] = rows
        n = int(name[-2:])
        write_summary(name, rows, max(1, n * n // 32))


def fig_sets12(name, n):
    rows = data[name]
    w = max(1, n * n // 32)
    fig, ax = plt.subplots(figsize=(7, 4.5))
    curve(ax, rows, "split", w, "identification (split)", "b-o")
    curve(ax, rows, "sync", w, "synchronization", "r-s")
    ax.axvline(n, color="gray", lw=0.5)
    ax.set_xlabel(f"sub-group size s (bins of {w}); grey line: s = n")
    ax.set_ylabel("overhead (parallel communication steps)")
    ax.set_title(f"Sets 1-2: {n} x {n} mesh, Hilbert indexing, random sub-groups")
    ax.legend(fontsize=8)
    fig.tight_layout()
    cli_guard.save_figure(fig, os.path.join(D, f"fig4-{name}.png"), dpi=110)
    plt.close(fig)
    for kind in ("split", "sync"):
        c, m, x = overall(rows, kind)
        lines.append(f"{name},{kind},{c},{m:.1f},{x}")


def fig_set3(n):
    h, r = data.get(f"set3-hilbert{n}"), data.get(f"set3-row{n}")
    if h is None or r is None:
        return
    w = max(1, n * n // 32)
    fig, ax = plt.subplots(figsize=(7, 4.5))
    curve(ax, h, "split", w, "Hilbert", "b-o")
    curve(ax, r, "split", w, "row major", "r-s")
    snake = data.get(f"set3-snake{n}")
    if snake is not None:
        b = binned(snake, "split", w)
        ax.plot([k + (w - 1) / 2 for k in b], [v[1] for v in b.values()], "g-^",
                label="snake average")
        cs, ms, xs = overall(snake, "split")
        lines.append(f"set3-{n},split snake/hilbert mean ratio,{cs},{ms / overall(h, 'split')[1]:.2f},"
                     f"{xs / overall(h, 'split')[2]:.2f}")
    ax.set_xlabel(f"sub-group size s (bins of {w})")
    ax.set_ylabel("identification overhead (steps)")
    ax.set_title(f"Set 3: {n} x {n}, consecutively indexed sub-groups")
    ax.legend(fontsize=8)
    fig.tight_layout()
    cli_guard.save_figure(fig, os.path.join(D, f"fig5-set3-{n}.png"), dpi=110)
    plt.close(fig)
    ch, mh, xh = overall(h, "split")
    cr, mr, xr = overall(r, "split")
    lines.append(f"set3-{n},split row/hilbert mean ratio,{cr},{mr / mh:.2f},{xr / xh:.2f}")
    bh, br = binned(h, "split", w), binned(r, "split", w)
    with cli_guard.atomic_open(os.path.join(D, f"set3-ratio-{n}.csv"), "w") as f:
        f.write("size_from,size_to,hilbert_mean,row_mean,ratio\n")
        for b in bh:
            if b in br:
                f.write(f"{b},{b + w - 1},{bh[b][1]:.2f},{br[b][1]:.2f},{br[b][1] / bh[b][1]:.2f}\n")


def fig_indexings():
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for name, label, style in [("set12-hilbert16", "Hilbert", "b-"), ("random-row16", "row", "r-"),
                               ("random-snake16", "snake", "g-"),
                               ("random-column16", "column", "m-")]:
        if name in data:
            b = binned(data[name], "split", 8)
            ax.plot([k + 3.5 for k in b], [v[1] for v in b.values()], style, label=label)
            c, m, x = overall(data[name], "split")
            lines.append(f"indexings-16 {label},split,{c},{m:.1f},{x}")
    ax.set_xlabel("size of the group split (bins of 8)")
    ax.set_ylabel("average identification overhead (steps)")
    ax.set_title("16 x 16, random sub-groups: the four indexing schemes")
    ax.legend(fontsize=8)
    fig.tight_layout()
    cli_guard.save_figure(fig, os.path.join(D, "indexings-16.png"), dpi=110)
    plt.close(fig)


def fig_paths():
    path = os.path.join(D, "worst-case-paths.csv")
    if not os.path.exists(path):
        return
    rows = results_data.read_csv(path)
    n = [int(r["n"]) for r in rows]
    cols = {k: [float(r[k]) for r in rows] for k in (
        "thm1_hilbert", "thm1_lower", "thm1_upper", "thm3_row", "thm3_snake", "n_log2n",
        "equi_rn1", "equi_r_bound")}
    col = cols.__getitem__
    fig, ax = plt.subplots(figsize=(7, 4.5))
    ax.loglog(n, col("thm1_hilbert"), "b-o", label="Hilbert, Theorem 1 construction")
    ax.loglog(n, col("thm1_lower"), "b:", label="(n/sqrt 2) sqrt(log n)")
    ax.loglog(n, col("thm1_upper"), "b--", label="3 sqrt 2 n sqrt(log n)")
    ax.loglog(n, col("thm3_row"), "r-s", label="row major, Theorem 3 construction")
    ax.loglog(n, col("thm3_snake"), "g-^", label="snake, Theorem 3 construction")
    ax.loglog(n, col("n_log2n"), "r:", label="n log n")
    ax.loglog(n, col("equi_rn1"), "k-x", label="Hilbert equidistant, stride n+1")
    ax.loglog(n, col("equi_r_bound"), "k--", label="3 alpha n (Theorem 2, leading term)")
    ax.set_xlabel("mesh side n")
    ax.set_ylabel("longest leaf-root path (links)")
    ax.set_title("Worst-case tree paths")
    ax.legend(fontsize=7)
    fig.tight_layout()
    cli_guard.save_figure(fig, os.path.join(D, "worst-case-paths.png"), dpi=110)
    plt.close(fig)


def fig_scaling():
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for n, style in ((16, "b-o"), (32, "g-^"), (64, "r-s")):
        name = f"set12-hilbert{n}"
        if name not in data:
            continue
        for kind, st in (("split", style), ("sync", style.replace("-", "--"))):
            b = binned(data[name], kind, n * n // 16)
            ax.plot([(k + n * n // 32) / (n * n) for k in b], [v[1] / n for v in b.values()], st,
                    label=f"{n} x {n} {kind}")
    ax.set_xlabel("s / n^2 (bins of n^2/16)")
    ax.set_ylabel("average overhead / n")
    ax.set_title("Hilbert, random sub-groups: overhead per mesh side")
    ax.legend(fontsize=8)
    fig.tight_layout()
    cli_guard.save_figure(fig, os.path.join(D, "scaling-hilbert.png"), dpi=110)
    plt.close(fig)


def main():
    global D
    ap = cli_guard.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", nargs="?", default=D, metavar="DIR",
                    help="DIR/raw/*.csv in; DIR/*.csv and DIR/*.png out (default %(default)s)")
    D = ap.parse_args().dir
    cli_guard.output_folder(D, "DIR")
    missing = [name for name in SERIES
               if not os.path.exists(os.path.join(D, "raw", name + ".csv"))]
    if missing:  # a partial set would rewrite overall.csv without the missing series
        raise cli_guard.BadInput(f"DIR: {os.path.join(D, 'raw')} has no {missing[0]}.csv"
                                 f"{f' (and {len(missing) - 1} more)' if len(missing) > 1 else ''};"
                                 " bench/mesh_sync_results.sh makes every series")
    load_all()
    for name, n in [("set12-hilbert16", 16), ("set12-hilbert32", 32), ("set12-hilbert64", 64)]:
        if name in data:
            fig_sets12(name, n)
    for n in (16, 32, 64):
        fig_set3(n)
    fig_indexings()
    fig_paths()
    fig_scaling()
    with cli_guard.atomic_open(os.path.join(D, "overall.csv"), "w") as f:
        f.write("experiment,kind,groups,mean_overhead,max_overhead\n")
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    cli_guard.run(main)
