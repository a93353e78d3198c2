#!/usr/bin/python3
"""The architect's study of docs/results/coupler-evaluation.md, run by the model.

usage: scripts/results/coupler_study.py [--optinet build/optinet] [--out docs/results] [--jobs 2]
       [--sizes 256,1024,4096] [--only curves|shapes | --all] [--quick]

The shapes (the default): every POPS(d,g) shape with d*g = n for n in --sizes (a shape optinet
refuses or whose memory estimate does not fit is listed as skipped, with why), each with TDMA,
reservation and randomized routing in the grouped view: the protocol's capacity
(open_loop.protocol_capacity), the latency knee (`--find-knee`: 3 x the zero-load latency) and
one steady-state run at half the knee's offered load per device set (fibre, onchip): latency
and throughput in slots and in ns, the energy per delivered bit with its parts, transmitters,
margin, laser and static power; and the slots to route one permutation with every router. Then
the curves of TDMA and reservation on each size's square shape, POPS(sqrt n, sqrt n), around
the knee (the rates of `--rates auto`, every point its own run, merged into one curve), with
the capacity drawn on them. Writes coupler-evaluation-shapes.csv,
coupler-evaluation-knee-curves.csv, its plot and the page's generated blocks.

Section 1's curves (`--only curves`): latency against accepted load (random access, TDMA and
reservation) for POPS(16,16), POPS(64,64) (randomized and reservation), the OCPC (p = 256), the
MOB-PC (p = 16) and the 16 x 16 grid (--networks, --protocols: some of them), each one
`optinet --rates auto` run, with the hardware and the routing bound; coupler-evaluation-curves.csv.

Every run is one `optinet ... --json` invocation, here (--jobs at once) or, with --backend
slurm, one Slurm job each (--jobs queued at once); the seed is 1 (the CSVs' seed column).
"""
import argparse
import os
import shutil
import sys
import tempfile
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
# The study's parts; the readers and tables are also what scripts/docs/doc_claims.py checks.
from coupler_study_cases import (case_order, curve_cases, network_list,  # noqa: E402
                                 selected_cases, shapes)
from coupler_study_curves import curve_study  # noqa: E402
from coupler_study_data import (read_curves, read_knee_curves, read_shapes,  # noqa: E402, F401
                                read_study_csv, readable_file, write_page_block)
from coupler_study_plots import plot_curves, plot_knee_curves  # noqa: E402
from coupler_study_runs import PriorityPool, run  # noqa: E402
from coupler_study_shapes import size_study  # noqa: E402
from coupler_study_tables import (curve_table, decided, knee_curve_table,  # noqa: E402, F401
                                  permutation_table, print_tables, shape_findings, shape_tables)


def main():
    parser = cli_guard.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--optinet", default="build/optinet")
    parser.add_argument("--out", default="docs/results")
    parser.add_argument("--jobs", type=cli_guard.positive_int, default=2,
                        help="runs at once (here, or Slurm jobs queued at once)")
    parser.add_argument("--backend", choices=["local", "slurm"], default="local",
                        help="run here, or each run as a Slurm job (sbatch --wait; --out must "
                        "be on a file system the compute nodes share)")
    parser.add_argument("--partition", default="", help="the Slurm partition (--backend slurm)")
    parser.add_argument("--time", default="24:00:00",
                        help="a Slurm job's time limit (--backend slurm)")
    parser.add_argument("--quick", action="store_true", help="a small smoke version: shorter runs (with --sizes 4, seconds)")
    parser.add_argument("--report-only", action="store_true",
                        help="rewrite the plot and the page's tables from the CSVs in --out, "
                        "running nothing")
    parser.add_argument("--only", choices=["curves", "shapes"],
                        help="shapes (the default): every POPS(d,g) of --sizes and the knee "
                        "curves of its square shapes; curves: section 1's curves only")
    parser.add_argument("--all", action="store_true",
                        help="both: section 1's curves and the shapes of --sizes")
    parser.add_argument("--protocols", type=lambda t: [x for x in t.split(",") if x], default="",
                        help="only the curves of these protocols (comma-separated)")
    parser.add_argument("--networks", type=network_list, default="",
                        help="only the curves of these networks (comma-separated labels, as "
                        "in the page: POPS(64,64),OCPC p=256)")
    parser.add_argument("--keep", metavar="CSV", type=readable_file,
                        help="a curves CSV of an earlier study: its curves not run now are kept "
                        "in the new CSV, plot and table")
    parser.add_argument("--keep-shapes", metavar="CSV", type=readable_file,
                        help="a shapes CSV of an earlier study: its rows of shapes not run now "
                        "are kept in the new CSV and table")
    parser.add_argument("--keep-knee-curves", metavar="CSV", type=readable_file,
                        help="a knee-curves CSV of an earlier study: its curves of sizes whose "
                        "square shape does not run now are kept in the new CSV, plot and table")
    parser.add_argument("--sizes", type=size_list, default="256,1024,4096",
                        help="n of the shape study (powers of two >= 2, comma-separated)")
    parser.add_argument("--d", type=cli_guard.int_list, default="",
                        help="only these d (comma-separated) in the shape study")
    args = parser.parse_args()
    check_arguments(args)
    # Inputs first: the kept CSVs are read before any run, and their errors end the study then.
    args.kept_curves = read_curves(args.keep, "--keep") if args.keep else []
    args.kept_shapes = read_shapes(args.keep_shapes, "--keep-shapes") if args.keep_shapes else []
    args.kept_knee_curves = (read_knee_curves(args.keep_knee_curves, "--keep-knee-curves")
                             if args.keep_knee_curves else [])
    slurm = None
    if args.backend == "slurm" and not args.report_only:
        if shutil.which("sbatch") is None:
            raise cli_guard.BadInput("--backend slurm: sbatch not found (a Slurm login node "
                                     "is needed)")
        slurm = {"partition": args.partition, "time": args.time}
    # A folder the study made is removed again if the study is refused or fails empty-handed.
    with cli_guard.made_folder(args.out, "--out"):
        if args.report_only:
            return report_only(args)
        cli_guard.check_optinet(args.optinet)
        # The runs' JSON files: beside the results when Slurm's compute nodes write them.
        where = os.path.abspath(args.out) if slurm else None
        with tempfile.TemporaryDirectory(prefix="coupler-study-", dir=where) as scratch:
            return study(args, scratch, slurm)  # the scratch folder is removed at the end


def size_list(text):
    """argparse type: the shape study's n, powers of two >= 2, comma-separated."""
    sizes = cli_guard.int_list(text)
    if not sizes or any(n < 2 or n & (n - 1) for n in sizes):
        raise argparse.ArgumentTypeError(f"'{text}' is not accepted (powers of two >= 2, "
                                         "comma-separated)")
    return sizes


def check_arguments(args):
    """Options that would not act are refused before anything runs: a protocol or network no
    curve has, a selection of no curve, a --d that no shape of --sizes has."""
    if runs_section_curves(args) and not args.report_only:
        protocols = {protocol for _, _, protocol, _ in curve_cases(False)}
        for protocol in args.protocols:
            if protocol not in protocols:
                raise cli_guard.BadInput(f"--protocols: '{protocol}' is not accepted (protocols "
                                         f"of the study: {', '.join(sorted(protocols))})")
        if not selected_cases(args):
            raise cli_guard.BadInput("--protocols, --networks: no curve of the study runs these "
                                     "protocols on these networks")
    sizes = args.sizes
    for d in args.d:
        if not any(d == shape for n in sizes for shape, _ in shapes(n)):
            raise cli_guard.BadInput(f"--d: {d} is not accepted (no POPS(d,g) with d*g = "
                                     f"{' or '.join(map(str, sizes))} has it: d a power of two "
                                     f"<= {max(sizes)})")


def study(args, scratch, slurm=None):
    """The study's runs, --jobs at once; Ctrl-C or a signal stops the running ones at once
    (their optinet processes get SIGINT) and ends the study. A run asked for twice with the
    same arguments (a curve's point at half the knee and the shape's half-knee run) runs
    once."""
    pool = PriorityPool(args.jobs)
    children = cli_guard.Children()
    optinet = os.path.abspath(args.optinet) if slurm else args.optinet
    submitted = {}
    lock = threading.Lock()

    def submit(a, priority=0):
        with lock:
            if tuple(a) not in submitted:
                submitted[tuple(a)] = pool.submit(priority, run, optinet, a, scratch, children,
                                                  slurm)
            return submitted[tuple(a)]
    try:
        return studies(args, submit)
    except KeyboardInterrupt:
        children.stop(pool)
        raise
    finally:
        pool.shutdown(wait=True)


def runs_section_curves(args):
    return args.only == "curves" or args.all


def runs_shapes(args):
    return args.only != "curves" or args.all


def studies(args, submit):
    curves, rows, knee_rows = [], [], []
    if runs_section_curves(args):
        curves = curve_study(submit, args)
    if runs_shapes(args):
        rows, knee_rows = size_study(submit, args)
    print_tables(curves, rows, knee_rows)
    return 0


def report_only(args):
    """The plots and the page's tables again from the CSVs in --out, without a run."""
    curves, rows, knee_rows = [], [], []
    if runs_section_curves(args):
        curves = case_order(read_curves(os.path.join(args.out, "coupler-evaluation-curves.csv"),
                                        "--report-only"))
        plot_curves(curves, args.out)
        write_page_block(args.out, "saturation", curve_table(curves))
    if runs_shapes(args):
        rows = read_shapes(os.path.join(args.out, "coupler-evaluation-shapes.csv"),
                           "--report-only")
        knee_path = os.path.join(args.out, "coupler-evaluation-knee-curves.csv")
        knee_rows = (read_knee_curves(knee_path, "--report-only") if os.path.exists(knee_path)
                     else [])  # a study interrupted before its curves
        plot_knee_curves(knee_rows, args.out)
        write_page_block(args.out, "shapes", shape_tables(rows))
        write_page_block(args.out, "knee-curves", knee_curve_table(knee_rows))
    print_tables(curves, rows, knee_rows)
    return 0


if __name__ == "__main__":
    cli_guard.run(main)
