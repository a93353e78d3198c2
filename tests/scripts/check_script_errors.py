#!/usr/bin/python3
"""The Python scripts a user runs (scripts/*.py, bench/*.py) refuse bad input as optinet does
(scripts/cli_guard.py): a missing input file, an output folder that cannot be written, a bad
number, a missing argument and a failed command are one line on stderr (no traceback) with the
expected exit status; --help prints the usage; Ctrl-C exits 130 with one line; a closed stdout
exits quietly. usage: check_script_errors.py SOURCE_DIR
"""
import os
import signal
import subprocess
import sys
import tempfile
import time

SRC = sys.argv[1]
PYTHON = sys.executable
failures = []
# The stand-ins answer --version as optinet does (the scripts ask before any work).
VERSION = 'if [ "$1" = --version ]; then echo "optinet 0.0-test"; exit 0; fi\n'


def script(name):
    return [PYTHON, os.path.join(SRC, name)]


def expect(argv, status, text, one_line=True):
    """Runs SCRIPT ARGS... (argv[0] relative to SOURCE_DIR) and checks its exit status, that
    stderr has no traceback and holds `text`, and (one_line) that it is exactly one line."""
    proc = subprocess.run(script(argv[0]) + argv[1:], capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)
    lines = proc.stderr.splitlines()
    problems = []
    if proc.returncode != status:
        problems.append(f"exit status {proc.returncode}, expected {status}")
    if "Traceback" in proc.stderr:
        problems.append("a traceback")
    if one_line and len(lines) != 1:
        problems.append(f"{len(lines)} lines on stderr, expected 1")
    if text not in proc.stderr:
        problems.append(f"stderr lacks {text!r}")
    if problems:
        failures.append(f"{' '.join(argv)}: {'; '.join(problems)}: {proc.stderr.strip()!r}")


with tempfile.TemporaryDirectory() as tmp:
    missing = os.path.join(tmp, "missing")
    unwritable = "/proc/optinet-no-such-folder"  # cannot be made or written, even by root
    report = os.path.join(tmp, "report.json")
    with open(report, "w") as f:
        f.write('{"runs": [')  # cut short
    fake = os.path.join(tmp, "optinet")  # a binary that fails as optinet does on a full disk
    with open(fake, "w") as f:
        f.write("#!/bin/sh\n" + VERSION + "echo 'optinet: --json: cannot write' >&2\nexit 3\n")
    os.chmod(fake, 0o755)
    # A binary that exits 0 but reports a run not ok (its --json is the argument after --json).
    not_ok = os.path.join(tmp, "optinet-not-ok")
    with open(not_ok, "w") as f:
        f.write('#!/bin/sh\n' + VERSION + 'while [ "$1" != --json ]; do shift; done\n'
                'echo \'{"parameters": {"n": 16, "buses": 8}, "runs": [{"seed": 7, "ok": false, '
                '"delivered": 1, "packets": 2, "steps": 3}]}\' > "$2"\n')
    os.chmod(not_ok, 0o755)

    # A missing input file: PROG: PATH: strerror, exit 2.
    expect(["scripts/results/coupler_heatmap.py", missing + ".json", os.path.join(tmp, "x.png")], 2,
           missing + ".json: No such file or directory")
    expect(["scripts/compare_runs.py", missing, missing], 2, missing)
    expect(["scripts/results/gjlr_failure.py", os.path.join(missing, "runs.csv"), "--out",
            os.path.join(tmp, "g")], 2, "No such file or directory")
    expect(["scripts/results/splithash_results.py", missing, tmp], 2, missing)
    expect(["scripts/results/pops_randomized.py", "--sweep", missing, "--csv", os.path.join(tmp, "p.csv"),
            "--md", os.path.join(tmp, "p.md"), "--no-plot"], 2, missing)
    expect(["scripts/results/splithash_tradeoff.py", missing, "1"], 2, missing)
    expect(["bench/fault_study.py", missing, "pops"], 2, missing)
    # An input that is not what the script reads: the file named, exit 2.
    expect(["scripts/results/coupler_heatmap.py", report, os.path.join(tmp, "x.png")], 2,
           report + ": not the expected")
    # An output folder that cannot be written: refused before any work, naming the option.
    expect(["scripts/results/gjlr_failure.py", "runs.csv", "--out", unwritable + "/x"], 2, "--out")
    expect(["scripts/results/coupler_heatmap.py", report, unwritable + "/x.png"], 2, "OUT.png")
    expect(["scripts/docs/xwd2png.py", report, os.path.join(tmp, "x.png")], 2,
           report + ": not the expected XWD screen dump")
    expect(["scripts/docs/xwd2png.py", report, unwritable + "/x.png"], 2, "OUT.png")
    expect(["scripts/results/coupler_study.py", "--optinet", fake, "--out", unwritable], 2, "--out")
    not_curves = os.path.join(tmp, "not-curves.csv")
    with open(not_curves, "w") as f:
        f.write("junk,x\n1,2\n")
    expect(["scripts/results/coupler_study.py", "--optinet", fake, "--out", tmp, "--only", "curves",
            "--protocols", "tdma", "--keep", not_curves], 2, "--keep")
    expect(["scripts/results/coupler_study.py", "--optinet", fake, "--out", tmp, "--only", "curves",
            "--protocols", "none"], 2, "--protocols")
    expect(["scripts/results/coupler_study.py", "--optinet", fake, "--out", tmp, "--networks",
            "POPS(8,8)"], 2, "--networks")
    expect(["scripts/results/coupler_study.py", "--optinet", fake, "--out", tmp, "--only", "curves",
            "--networks", "POPS(64,64)", "--protocols", "tdma"], 2, "--networks")
    expect(["scripts/compare_runs.py", fake, fake, "--keep", unwritable], 2, "--keep")
    expect(["scripts/results/splithash_results.py", missing, unwritable], 2, "OUT")
    expect(["scripts/results/vb_results.py", unwritable], 2, "OUTDIR")
    # Without every raw series the mesh-sync summaries would be rewritten short: refused.
    expect(["scripts/results/mesh_sync_plots.py", tmp], 2, "bench/mesh_sync_results.sh")
    expect(["scripts/results/pops_randomized.py", "--csv", unwritable + "/p.csv"], 2, "--csv")
    expect(["scripts/results/physical_layer_figures.py", missing, os.path.join(tmp, "x.png")], 2, missing)
    expect(["scripts/results/design_ranking.py", "--report-only", "--out", missing], 2, "--out")
    expect(["scripts/results/design_ranking.py", "--report-only", "--rate", "1.5"], 2, "--rate")
    expect(["scripts/results/design_ranking.py", "--report-only", "--sizes", "100"], 2, "--sizes")
    expect(["scripts/results/design_ranking.py", "--out", tmp], 2, "--optinet")
    expect(["scripts/results/workload_study.py", "--report-only", "--out", missing], 2, "--out")
    expect(["scripts/results/workload_study.py", "--report-only", "--loads", "0.1,2"], 2,
           "--loads")
    expect(["scripts/results/workload_study.py", "--report-only", "--outstanding", "0"], 2,
           "--outstanding")
    expect(["scripts/results/workload_study.py", "--out", tmp], 2, "--optinet")
    expect(["bench/elaboration_cpu.py", unwritable + "/out", "4", "1", fake], 2, "OUT")
    # Missing arguments and bad numbers: argparse's error in one line, exit 2.
    expect(["scripts/results/splithash_hrelation.py"], 2, "OPTINET")
    expect(["scripts/results/dmob_steps.py"], 2, "OPTINET")
    expect(["scripts/dev/golden.py", "check"], 2, "OPTINET")
    expect(["scripts/results/dmob_steps.py", fake, "x"], 2, "RUNS")
    expect(["scripts/results/vb_crosscheck.py", "0"], 2, "RUNS")
    expect(["scripts/results/splithash_hrelation.py", fake, "2", "2:3"], 2, "D:A:K")
    expect(["scripts/results/dmob_funnel_steps.py", fake, "2:8:2"], 2, "D:K:A:RUNS")
    expect(["scripts/results/pops_variants_table.py", "--families", "4,x"], 2, "--families")
    expect(["bench/reference_ratio.py", "--rounds", "0"], 2, "--rounds")
    expect(["bench/booksim_compare.py", missing], 2, "BOOKSIM_SRC")
    booksim = os.path.join(tmp, "booksim-src")  # looks like BookSim2's src folder
    os.makedirs(booksim, exist_ok=True)
    for name in ("Makefile", "trafficmanager.cpp"):
        open(os.path.join(booksim, name), "w").close()
    expect(["bench/booksim_compare.py", booksim, "--loads", "0.1,2"], 2, "--loads")
    # A command that fails: its program and exit status (and its last line), exit 1.
    expect(["scripts/results/pops_variants_table.py", "--binary", fake, "--families", "1", "--max-n", "16",
            "--traffic", "random"], 1, fake + ": exit status 3 (optinet: --json: cannot write)")
    # An OPTINET that is not optinet: refused before the table's header is printed.
    for name, says in (("scripts/results/dmob_steps.py", "accepted: the optinet binary"),
                       ("scripts/results/vb_theorem4.py", "accepted: the optinet binary"),
                       ("bench/fault_study.py", "an executable file")):
        expect([name, missing], 2, says)
        expect([name, "/bin/true"] if "fault" not in name else [name, missing], 2, says)
        proc = subprocess.run(script(name) + [missing], capture_output=True, text=True,
                              timeout=60)
        if proc.stdout:
            failures.append(f"{name} {missing}: printed before refusing: {proc.stdout[:80]!r}")
    # A run the script's own check rejects: one line naming it, exit 1.
    expect(["scripts/results/dmob_steps.py", not_ok, "1"], 1, "seed(s) [7] failed")
    expect(["scripts/results/vb_theorem4.py", not_ok], 1, "seed(s) [7] failed")
    expect(["scripts/results/dmob_funnel_steps.py", not_ok, "2:8:2:1"], 1, "seed(s) [7] failed")

    # --help: the usage on stdout, exit 0, for every script (the modules they import, which have
    # no #! line, are not run).
    for folder in ("scripts", "scripts/results", "scripts/docs", "scripts/dev", "bench"):
        for name in sorted(os.listdir(os.path.join(SRC, folder))):
            if not name.endswith(".py"):
                continue
            with open(os.path.join(SRC, folder, name), "rb") as f:
                if f.read(2) != b"#!":
                    continue
            proc = subprocess.run(script(f"{folder}/{name}") + ["--help"],
                                  capture_output=True, text=True, timeout=60)
            if proc.returncode != 0 or not proc.stdout.startswith("usage:") or proc.stderr:
                failures.append(f"{folder}/{name} --help: exit {proc.returncode}, "
                                f"stderr {proc.stderr.strip()[-200:]!r}")

    # Ctrl-C: one line, exit 130.
    proc = subprocess.Popen(script("scripts/results/vb_crosscheck.py") + ["1000000"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    err = proc.communicate(timeout=30)[1]
    if proc.returncode != 130 or err.strip() != "vb_crosscheck.py: interrupted (SIGINT)":
        failures.append(f"SIGINT: exit {proc.returncode}, stderr {err.strip()[-300:]!r}")

    # stdout closed early (piped into head): nothing on stderr, exit 141 as after SIGPIPE.
    proc = subprocess.Popen(script("scripts/dev/golden.py") + ["list"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    proc.stdout.close()
    err = proc.communicate(timeout=30)[1]
    if proc.returncode != 141 or err:
        failures.append(f"closed stdout: exit {proc.returncode}, stderr {err.strip()[-300:]!r}")

for f in failures:
    print(f)
print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
