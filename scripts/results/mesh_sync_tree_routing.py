#!/usr/bin/python3
"""Step 4 of the splits (Lemmas 4 and 5) and the experiment loop's variants, from the raw CSVs
of bench/mesh_sync_results.sh.

Usage: scripts/results/mesh_sync_tree_routing.py DIR   (DIR/raw/*.csv in; DIR/tree-routing.csv and
DIR/variants.csv out)
A split row of a raw CSV carries its step 4 on a physical tree (protocols/mesh/
tree_routing.h): the most packets of one routing problem over one link and their ratio to
Lemma 4's 3 ceil(log2 s_u), the tree steps all at once, one by one and all at once with one queue
per vertex, and the largest ratio of a problem's steps to Lemma 5's 8 ceil(log2 s).
"""
import os
from collections import defaultdict

import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
import results_data  # noqa: E402

D = "docs/results/mesh-sync"  # DIR, set by main()
# The loop of set12-hilbert16 with one choice changed (bench/mesh_sync_results.sh).
VARIANTS = [("set12-hilbert16", "defaults"),
            ("outbox-hilbert16", "--outbox per-link"),
            ("step4-hilbert16", "--step4 one-by-one"),
            ("paper-loop-hilbert16", "--loop paper")]


def rows_of(name):
    path = os.path.join(D, "raw", name + ".csv")
    return results_data.read_csv(path)


def mean(rows, key):
    return sum(float(r[key]) for r in rows) / len(rows)


def write_tree_routing(data):
    """Per ceil(log2 s) over the splits of set12-hilbert16, then the worst over every variant."""
    splits = {name: [r for r in rows if r["kind"] == "split"] for name, rows in data.items()}
    by_k = defaultdict(list)
    for r in splits["set12-hilbert16"]:
        if int(r["size"]) == 1:
            continue  # a group of one routes nothing
        by_k[(int(r["size"]) - 1).bit_length()].append(r)
    every = [r for rows in splits.values() for r in rows]
    with cli_guard.atomic_open(os.path.join(D, "tree-routing.csv"), "w") as f:
        f.write("series,ceil_log2_s,splits,lemma4_max_packets,lemma4_bound,lemma4_max_ratio,"
                "lemma5_bound,lemma5_max_ratio,steps_at_once_mean,steps_one_by_one_mean,"
                "steps_single_queue_mean\n")
        for k, g in sorted(by_k.items()):
            f.write(f"set12-hilbert16,{k},{len(g)},{max(int(r['lemma4_packets']) for r in g)},"
                    f"{3 * k},{max(float(r['lemma4_ratio']) for r in g):.4f},{8 * k},"
                    f"{max(float(r['lemma5_ratio']) for r in g):.4f},"
                    f"{mean(g, 'tree_steps_at_once'):.2f},{mean(g, 'tree_steps_one_by_one'):.2f},"
                    f"{mean(g, 'tree_steps_single_queue'):.2f}\n")
        f.write(f"{len(splits)} series,,{len(every)},"
                f"{max(int(r['lemma4_packets']) for r in every)},,"
                f"{max(float(r['lemma4_ratio']) for r in every):.4f},,"
                f"{max(float(r['lemma5_ratio']) for r in every):.4f},,,\n")


def write_variants(data):
    with cli_guard.atomic_open(os.path.join(D, "variants.csv"), "w") as f:
        f.write("series,change,splits,split_mean,split_max,syncs,sync_mean\n")
        for name, change in VARIANTS:
            split = [int(r["overhead"]) for r in data[name] if r["kind"] == "split"]
            sync = [int(r["overhead"]) for r in data[name] if r["kind"] == "sync"]
            sync_mean = f"{sum(sync) / len(sync):.1f}" if sync else ""
            f.write(f"{name},{change},{len(split)},{sum(split) / len(split):.1f},{max(split)},"
                    f"{len(sync)},{sync_mean}\n")


def main():
    global D
    ap = cli_guard.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", nargs="?", default=D, metavar="DIR",
                    help="DIR/raw/*.csv in; DIR/*.csv out (default %(default)s)")
    D = ap.parse_args().dir
    cli_guard.output_folder(D, "DIR")
    data = {name: rows_of(name) for name, _ in VARIANTS}
    write_tree_routing(data)
    write_variants(data)


if __name__ == "__main__":
    cli_guard.run(main)
