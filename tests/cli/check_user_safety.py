#!/usr/bin/python3
"""Runs optinet and the scripts a user runs as a user runs them, in a temporary folder, with bad
paths, bad files, bad numbers, options that cannot act, full disks and signals, and checks what
the user gets: the exit status, exactly one line on stderr that matches, nothing of the input
echoed raw, and no file created, left half-written or overwritten. Each case is one row of the
table below (the bad-input table of docs/robustness.md).

usage: check_user_safety.py OPTINET [--list] [--sanitized] [--only TEXT]
(--only TEXT: only the cases whose class or name contains TEXT)
"""
import json
import os
import re
import resource
import select
import signal
import stat
import subprocess
import sys
import tempfile
import time

OPTINET = None
SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ASAN_COROUTINE_WARNING = re.compile(
    r"^(==\d+==WARNING: ASan is ignoring requested __asan_handle_no_return: .*"
    r"|False positive error reports may follow"
    r"|For details see https://github.com/google/sanitizers/issues/189)$")
SMALL = ["pops", "--d", "2", "--g", "2"]
# A signal "during the runs" is sent once optinet's stderr says a run is done (without --quiet a
# log gets "run k/N done" per run), not after a fixed delay: a loaded machine may still be
# elaborating after seconds.
AFTER_FIRST_RUN = "after the first run"
PROGRESS = re.compile(r"^run \d+/\d+ done$")
MESH = ["mesh", "--n", "4"]
# A series that runs for a long time with every output a run can have (a short VCD, a JSON),
# each run short: a signal "after the first run" reaches it mid-series at once.
SERIES = ["pops", "--d", "16", "--g", "16", "--runs", "100000", "--vcd", "v", "--trace-slots",
          "0:8", "--json", "j.json"]
SERIES_OUTPUTS = ["v.vcd", "j.json"]
CLOSED_PIPE = "a pipe whose reader has gone"  # a Case's stdout: `optinet ... | head` after head
LONG = ["pops", "--d", "64", "--g", "64", "--runs", "400", "--quiet"]
LOGGED = [a for a in LONG if a != "--quiet"]


class Case:
    """line: the regular expression stderr's one line must match (None: stderr stays empty)."""

    def __init__(self, klass, name, args, status, line, setup=None, keep=(), absent=(),
                 present=(), limit_file_kib=None, stdout=None, signal_after=None,
                 limit_memory_mib=None, limit_cpu_seconds=None, ignored=(), program=None,
                 env=None, check_stdout=None):
        self.klass, self.name, self.args = klass, name, args
        self.status, self.line = status, line
        self.setup, self.keep, self.absent, self.present = setup, keep, absent, present
        self.limit_file_kib, self.stdout, self.signal_after = limit_file_kib, stdout, signal_after
        self.limit_memory_mib = limit_memory_mib  # address space; not under a sanitizer
        self.limit_cpu_seconds = limit_cpu_seconds  # CPU time: SIGXCPU when it is spent
        self.ignored = ignored  # signals ignored when optinet starts (as nohup does)
        self.program = program  # a script (path in the source tree) run instead of optinet
        self.env = env  # variables added to the environment
        self.check_stdout = check_stdout  # stdout (text) -> a problem, or None if it is right


def write(path, data, mode="wb"):
    with open(path, mode) as f:
        f.write(data)


def fifo(path):
    os.mkfifo(path)


def report_fields(**expected):
    """A check of --check's JSON on stdout: each field as expected."""
    def check(text):
        try:
            report = json.loads(text)
        except ValueError:
            return f"stdout is not one JSON object: {text[:80]!r}"
        wrong = {k: report.get(k) for k, v in expected.items() if report.get(k) != v}
        return f"--check reported {wrong}, expected {expected}" if wrong else None
    return check


def as_built(args):
    """A check that --check's processors and links are those of the network a run builds (the
    run's JSON report, written in the case's folder)."""
    def check(text):
        try:
            checked = json.loads(text)
            subprocess.run([OPTINET] + args + ["--quiet", "--json", "built.json"], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
            with open("built.json") as f:
                built = json.load(f)["parameters"]
        except (ValueError, subprocess.SubprocessError, OSError) as e:
            return f"no report to compare: {e}"
        os.remove("built.json")
        wanted = {"processors": built["nodes"], "links": built["links"]}
        got = {"processors": checked.get("processors"),
               "links": checked.get("parameters", {}).get("links")}
        return None if got == wanted else f"--check says {got}, the run built {wanted}"
    return check


def help_says(*present, absent=()):
    """A check of --help on stdout: every text of `present` in it, none of `absent`."""
    def check(text):
        missing = [t for t in present if t not in text]
        extra = [t for t in absent if t in text]
        if missing or extra:
            return f"--help lacks {missing} or has {extra}"
        return None
    return check


def printed_paths_exist(text):
    """Every path the line names after ': ' and before ' (' or ';' exists."""
    paths = re.findall(r"(?:heat map|values): (\S+?)(?:[ ;]|$)", text)
    missing = [p for p in paths if not os.path.isfile(p)]
    if not paths or missing:
        return f"printed {text.strip()!r}: paths {missing or 'none'} do not exist"
    return None


def open_loop_run(path):
    subprocess.run([OPTINET] + SMALL + ["--traffic", "bernoulli", "--rate", "0.2", "--quiet",
                                        "--json", path], check=True, stdout=subprocess.DEVNULL)


SWEEP_SPEC = (b'[sweep]\nnetwork = "fake"\n[axes]\nx = [1, 2]\n[runs]\ncount = 2\nseed = 1\n'
              b'per_job = 1\n[merge]\nfields = ["steps"]\n')
FAKE_OPTINET = os.path.join(SOURCE, "tests", "scripts", "sweep_fake_optinet.py")
HEATMAP = "scripts/results/coupler_heatmap.py"
SWEEP = "scripts/optinet-sweep"
LONG_NAME = "x" * 10000
THE_OPTINET = "the optinet under test"  # an argument of a script's case, replaced by its path


CASES = [
    # ---- output paths, checked as they will be written ------------------------------------
    Case("output path", "vcd is a folder", SMALL + ["--vcd", "x"], 2, r"^optinet: --vcd: 'x\.vcd' is a folder",
         setup=lambda: os.mkdir("x.vcd")),
    Case("output path", "vcd ends in a slash", SMALL + ["--vcd", "sub/"], 2, r"--vcd: .* is a folder"),
    Case("output path", "vcd folder missing", SMALL + ["--vcd", "no/x.vcd"], 2, r"--vcd: cannot write 'no/x\.vcd' \(folder 'no' does not exist\)"),
    Case("output path", "json folder missing", SMALL + ["--json", "no/x.json"], 2, r"--json: cannot write"),
    Case("output path", "json is a folder", SMALL + ["--json", "."], 2, r"--json: '\.' is a folder"),
    Case("output path", "json empty", SMALL + ["--json", ""], 2, r"--json: an empty path"),
    Case("output path", "vcd empty", SMALL + ["--vcd", ""], 2, r"--vcd: an empty path"),
    Case("output path", "vcd is a fifo", SMALL + ["--vcd", "p.vcd"], 2, r"--vcd: 'p\.vcd' is not a regular file",
         setup=lambda: fifo("p.vcd")),
    Case("output path", "vcd and json clash", SMALL + ["--vcd", "w", "--json", "w.vcd"], 2,
         r"--vcd: 'w\.vcd' is also the file of --json", absent=["w.vcd"]),
    Case("output path", "json onto permutation file", ["pops", "--d", "2", "--g", "2", "--traffic", "file",
         "--permutation-file", "perm.txt", "--json", "./perm.txt"], 2, r"--json: .* is also the file of --permutation-file",
         setup=lambda: write("perm.txt", b"1 0 3 2\n"), keep=["perm.txt"]),
    Case("output path", "json onto device file", SMALL + ["--device", "dev.json", "--json", "dev.json"], 2,
         r"--json: 'dev\.json' is also the file of --device",
         setup=lambda: write("dev.json", b"{}\n"), keep=["dev.json"]),
    Case("output path", "json onto relation file", ["ocpc", "--p", "4", "--h", "1",
         "--relation-file", "rel.txt", "--json", "rel.txt"], 2, r"--json: 'rel\.txt' is also the file of --relation-file",
         setup=lambda: write("rel.txt", b"0 1\n1 0\n"), keep=["rel.txt"]),
    Case("output path", "json through a symlink onto vcd", SMALL + ["--vcd", "t.vcd", "--json", "link.json"], 2,
         r"is also the file of", setup=lambda: (write("t.vcd", b"old"), os.symlink("t.vcd", "link.json")),
         keep=["t.vcd"]),
    # /proc passes access(W_OK) for root, not for other users: either way it is refused up front.
    Case("output path", "json in a folder no file can be made in", SMALL + ["--json", "/proc/optinet.json"], 2,
         r"^optinet: --json: cannot write '/proc/optinet\.json' \((cannot create a file in )?folder '/proc': "),
    Case("output path", "vcd in a folder no file can be made in", SMALL + ["--vcd", "/proc/optinet"], 2,
         r"^optinet: --vcd: cannot write '/proc/optinet\.vcd' \((cannot create a file in )?folder '/proc': "),
    Case("output path", "groups csv and json clash", MESH + ["--groups-csv", "g.csv", "--json", "./g.csv"], 2,
         r"^optinet: --json: '\./g\.csv' is also the file of --groups-csv", absent=["g.csv"]),
    Case("output path", "groups csv in a folder no file can be made in", MESH + ["--groups-csv", "/proc/g.csv"], 2,
         r"^optinet: --groups-csv: cannot write '/proc/g\.csv' \((cannot create a file in )?folder '/proc': "),
    Case("output path", "bad input leaves an old json untouched", SMALL + ["--json", "old.json", "--runs", "0"], 2,
         r"--runs", setup=lambda: write("old.json", b"{\"old\": true}\n"), keep=["old.json"]),
    # ---- write errors, after the runs ------------------------------------------------------
    Case("write error", "json to a full device", SMALL + ["--json", "/dev/full"], 3,
         r"^optinet: --json: cannot write '/dev/full' \(No space left on device\)$"),
    Case("write error", "json to a full device keeps the old vcd", SMALL + ["--vcd", "v", "--json", "/dev/full"], 3,
         r"^optinet: --json: cannot write '/dev/full' \(No space left on device\)$",
         setup=lambda: write("v.vcd", b"old"), keep=["v.vcd"]),
    Case("write error", "json to a full device writes no groups csv", MESH + ["--quiet", "--groups-csv", "g.csv",
         "--json", "/dev/full"], 3, r"^optinet: --json: cannot write '/dev/full' \(No space left on device\)$",
         absent=["g.csv"]),
    Case("write error", "groups csv to a full device", MESH + ["--quiet", "--groups-csv", "/dev/full"], 3,
         r"^optinet: --groups-csv: cannot write '/dev/full' \(No space left on device\)$"),
    Case("write error", "groups csv over the file-size limit keeps the old file", MESH + ["--runs", "8",
         "--quiet", "--groups-csv", "g.csv"], 3, r"^optinet: --groups-csv: cannot write 'g\.csv' \(File too large\)$",
         setup=lambda: write("g.csv", b"old\n"), keep=["g.csv"], limit_file_kib=2),
    Case("write error", "stdout to a full device", SMALL, 3, r"^optinet: cannot write the standard output$",
         stdout="/dev/full"),
    Case("write error", "vcd over the file-size limit", ["pops", "--d", "8", "--g", "8", "--runs", "3",
         "--vcd", "big", "--quiet"], 3, r"^optinet: --vcd: cannot write 'big\.vcd' \(File too large\)$",
         limit_file_kib=8, absent=["big.vcd"]),
    Case("write error", "json over the file-size limit keeps the old file", ["pops", "--d", "32", "--g", "32",
         "--runs", "40", "--quiet", "--json", "j.json"], 3, r"^optinet: --json: cannot write 'j\.json' \(File too large\)$",
         setup=lambda: write("j.json", b"{\"old\": true}\n"), keep=["j.json"], limit_file_kib=4),
    # ---- signals ---------------------------------------------------------------------------
    Case("signal", "SIGINT during the runs", LOGGED + ["--vcd", "v", "--json", "j.json"], 130,
         r"^optinet: interrupted \(SIGINT\) after \d+ of 400 run\(s\); nothing written$",
         signal_after=(signal.SIGINT, AFTER_FIRST_RUN), absent=["v.vcd", "j.json"]),
    Case("signal", "SIGTERM during the runs", LOGGED + ["--json", "j.json"], 143,
         r"^optinet: interrupted \(SIGTERM\) after \d+ of 400 run\(s\); nothing written$",
         signal_after=(signal.SIGTERM, AFTER_FIRST_RUN), absent=["j.json"]),
    Case("signal", "SIGTERM while --json waits for a FIFO's reader", SMALL + ["--json", "f.json"], 143,
         r"^optinet: interrupted \(SIGTERM\); nothing written$", signal_after=(signal.SIGTERM, 1.0),
         setup=lambda: fifo("f.json")),
    Case("signal", "SIGINT while --json waits, before the VCD is in place", SMALL + ["--vcd", "v", "--json", "f.json"],
         130, r"^optinet: interrupted \(SIGINT\); nothing written$",
         signal_after=(signal.SIGINT, 1.0), setup=lambda: fifo("f.json"), absent=["v.vcd"]),
    Case("signal", "SIGTERM during elaboration", ["pops", "--d", "256", "--g", "256", "--vcd", "v"], 143,
         r"^optinet: interrupted \(SIGTERM\); nothing written$", signal_after=(signal.SIGTERM, 0.5),
         absent=["v.vcd"]),
    Case("signal", "a crash signal", LONG + ["--vcd", "v"], 70,
         r"^optinet: internal error \(SIGSEGV\); nothing written; please report the command line$",
         signal_after=(signal.SIGSEGV, 2.0), absent=["v.vcd"]),
    Case("signal", "SIGSYS, a crash signal too", LONG + ["--vcd", "v"], 70,
         r"^optinet: internal error \(SIGSYS\); nothing written; please report the command line$",
         signal_after=(signal.SIGSYS, 2.0), absent=["v.vcd"]),
    # Every other signal whose default action ends the process stops the series as SIGINT does:
    # no VCD (nor its temporary or pipe), no JSON, one line, exit 128 + signal.
    Case("signal", "SIGHUP during the runs (no VCD, pipe or JSON left)",
         ["pops", "--d", "32", "--g", "32", "--runs", "60", "--vcd", "v", "--json", "j.json"], 129,
         r"^optinet: interrupted \(SIGHUP\) after \d+ of 60 run\(s\); nothing written$",
         signal_after=(signal.SIGHUP, AFTER_FIRST_RUN), absent=["v.vcd", "j.json"]),
    *[Case("signal", f"{name} during the runs", SERIES, 128 + number,
           rf"^optinet: interrupted \({re.escape(name)}\) after \d+ of 100000 run\(s\); "
           r"nothing written$", signal_after=(number, AFTER_FIRST_RUN), absent=SERIES_OUTPUTS)
      for name, number in [("SIGQUIT", signal.SIGQUIT), ("SIGPIPE", signal.SIGPIPE),
                           ("SIGUSR1", signal.SIGUSR1), ("SIGUSR2", signal.SIGUSR2),
                           ("SIGALRM", signal.SIGALRM), ("SIGVTALRM", signal.SIGVTALRM),
                           ("SIGPROF", signal.SIGPROF), ("SIGXCPU", signal.SIGXCPU),
                           ("SIGIO", signal.SIGIO), ("SIGPWR", signal.SIGPWR),
                           ("SIGSTKFLT", signal.SIGSTKFLT), ("SIGRTMIN", signal.SIGRTMIN),
                           ("SIGRTMIN+1", signal.SIGRTMIN + 1), ("SIGRTMAX", signal.SIGRTMAX)]],
    Case("signal", "CPU time limit reached during the runs (SIGXCPU)", SERIES, 128 + signal.SIGXCPU,
         # Under the sanitizers the second of CPU may be spent before the runs start.
         r"^optinet: interrupted \(SIGXCPU\)( after \d+ of 100000 run\(s\))?; nothing written$",
         limit_cpu_seconds=1, absent=SERIES_OUTPUTS),
    Case("signal", "SIGUSR1 during elaboration", ["pops", "--d", "256", "--g", "256", "--vcd", "v"],
         128 + signal.SIGUSR1, r"^optinet: interrupted \(SIGUSR1\); nothing written$",
         signal_after=(signal.SIGUSR1, 0.5), absent=["v.vcd"]),
    Case("signal", "SIGPIPE while --json waits for a FIFO's reader", SMALL + ["--vcd", "v", "--json",
         "f.json"], 128 + signal.SIGPIPE, r"^optinet: interrupted \(SIGPIPE\); nothing written$",
         signal_after=(signal.SIGPIPE, 1.0), setup=lambda: fifo("f.json"), absent=["v.vcd"]),
    Case("signal", "standard output a pipe whose reader went away (| head)", SMALL + ["--vcd", "v",
         "--json", "j.json"], 128 + signal.SIGPIPE,
         r"^optinet: interrupted \(SIGPIPE\); nothing written$", stdout=CLOSED_PIPE,
         absent=["v.vcd", "j.json"]),
    Case("signal", "SIGHUP ignored from the start (nohup) is ignored", ["pops", "--d", "8", "--g", "8",
         "--runs", "300", "--json", "j.json"], 0, None, signal_after=(signal.SIGHUP, AFTER_FIRST_RUN),
         ignored=[signal.SIGHUP], present=["j.json"]),
    # ---- memory ------------------------------------------------------------------------------
    Case("memory", "allocation failure while elaborating", ["pops", "--d", "128", "--g", "128", "--vcd", "v"], 70,
         r"^optinet: out of memory \(a smaller network needs less\); nothing written$",
         limit_memory_mib=300, absent=["v.vcd"]),
    Case("memory", "thread stacks that cannot be mapped", ["splithash", "--k", "32", "--quiet", "--vcd", "v"], 70,
         r"^optinet: out of memory \(a smaller network needs less\); nothing written$",
         limit_memory_mib=117, absent=["v.vcd"]),
    Case("memory", "allocation failure during a run (no cut VCD)",
         ["grid", "--n", "32", "--traffic", "bernoulli", "--rate", "0.9", "--warmup", "100", "--measure", "100000",
          "--max-slots", "200000", "--quiet", "--vcd", "v", "--trace-nodes", "0:1"], 70,
         r"^optinet: out of memory \(a smaller network needs less\); nothing written$",
         limit_memory_mib=127, absent=["v.vcd"]),
    Case("memory", "estimate above --max-memory", ["pops", "--d", "64", "--g", "64", "--max-memory", "10M"], 2,
         r"^optinet: --d/--g: this network needs about 39 MiB \(estimate\), more than the 10 MiB of --max-memory"),
    Case("memory", "max-memory not a size", SMALL + ["--max-memory", "1x"], 2, r"^optinet: --max-memory: '1x' is not accepted"),
    # ---- input files, read with a bound ----------------------------------------------------
    Case("input file", "permutation file of NUL bytes", ["pops", "--d", "2", "--g", "2", "--traffic", "file",
         "--permutation-file", "nul.txt"], 2, r"--permutation-file: 'nul\.txt': not a text file \(byte 0x00 at offset 0\)",
         setup=lambda: write("nul.txt", b"\0" * 1000)),
    Case("input file", "permutation file of binary junk", ["pops", "--d", "2", "--g", "2", "--traffic", "file",
         "--permutation-file", "junk.bin"], 2, r"--permutation-file: 'junk\.bin': not a text file",
         setup=lambda: write("junk.bin", bytes(range(256)) * 4)),
    Case("input file", "permutation file is a folder", ["pops", "--d", "2", "--g", "2", "--traffic", "file",
         "--permutation-file", "."], 2, r"--permutation-file: '\.': is a directory"),
    Case("input file", "permutation file missing", ["pops", "--d", "2", "--g", "2", "--traffic", "file",
         "--permutation-file", "none.txt"], 2, r"--permutation-file: 'none\.txt': cannot read \(No such file"),
    Case("input file", "permutation file too large", ["pops", "--d", "2", "--g", "2", "--traffic", "file",
         "--permutation-file", "huge.txt"], 2, r"--permutation-file: 'huge\.txt': larger than 65792 bytes",
         setup=lambda: write("huge.txt", b"# " + b"x" * 70000 + b"\n0 1 2 3\n")),
    Case("input file", "permutation file endless", ["pops", "--d", "2", "--g", "2", "--traffic", "file",
         "--permutation-file", "/dev/zero"], 2, r"--permutation-file: '/dev/zero': larger than"),
    Case("input file", "over-long token shortened", ["pops", "--d", "2", "--g", "2", "--traffic", "file",
         "--permutation-file", "long.txt"], 2, r"--permutation-file: '1{40}\.\.\.' in 'long\.txt' is not a destination",
         setup=lambda: write("long.txt", b"1" * 5000 + b"\n")),
    Case("input file", "relation file of binary junk", ["ocpc", "--p", "4", "--h", "1",
         "--relation-file", "junk.bin"], 2, r"--relation-file: 'junk\.bin': not a text file",
         setup=lambda: write("junk.bin", b"0 1\n\x1b[2J\x07")),
    Case("input file", "device file of binary junk", SMALL + ["--device", "junk.json"], 2,
         r"--device: 'junk\.json': not a text file", setup=lambda: write("junk.json", b"{\x01}")),
    Case("input file", "device file is a folder", SMALL + ["--device", "."], 2, r"--device: '\.': is a directory"),
    # ---- command-line values ---------------------------------------------------------------
    Case("value", "network name of control bytes", ["\x1b[2Jpops"], 2, r"^optinet: network: unknown '\\x1b\[2Jpops'"),
    Case("value", "seed of control bytes", SMALL + ["--seed", "\x1b[31m1"], 2, r"--seed: '\\x1b\[31m1' is not accepted"),
    Case("value", "over-long seed shortened", SMALL + ["--seed", "9" * 5000], 2, r"--seed: '9{40}\.\.\.' is not accepted"),
    Case("value", "negative seed", SMALL + ["--seed", "-1"], 2, r"--seed: .* is not accepted \(an integer from 0 to"),
    Case("value", "seed in exponent form", SMALL + ["--seed", "1e3"], 2, r"--seed: '1e3' is not accepted"),
    Case("value", "seed beyond 64 bits", SMALL + ["--seed", "18446744073709551616"], 2, r"--seed: .* is not accepted"),
    Case("value", "seed beyond 2^63 - 1", SMALL + ["--seed", "9223372036854775808"], 2, r"--seed: .* is not accepted"),
    Case("value", "run seeds that would pass 2^63 - 1", SMALL + ["--seed", "9223372036854775807", "--runs", "2"], 2,
         r"--seed: 9223372036854775807 with --runs 2 gives run seeds above"),
    Case("value", "runs in hexadecimal", SMALL + ["--runs", "0x10"], 2, r"--runs: '0x10' is not accepted"),
    Case("value", "max-slots zero", SMALL + ["--max-slots", "0"], 2, r"--max-slots: '0' is not accepted"),
    Case("value", "d not an integer", ["pops", "--d", "4.0", "--g", "2"], 2, r"--d: '4\.0' is not accepted"),
    Case("value", "period below the time resolution", SMALL + ["--period-ns", "0.001"], 2,
         r"--period-ns: '0\.001' is not accepted \(ns, an even whole number of picoseconds"),
    Case("value", "period of an odd number of ps", SMALL + ["--period-ns", "0.125"], 2, r"--period-ns: '0\.125' is not accepted"),
    Case("value", "period in hexadecimal", SMALL + ["--period-ns", "0x1p-3"], 2, r"--period-ns: '0x1p-3' is not accepted"),
    Case("value", "period nan", SMALL + ["--period-ns", "nan"], 2, r"--period-ns: 'nan' is not accepted"),
    Case("value", "period with a sign", SMALL + ["--period-ns", "+1"], 2, r"--period-ns: '\+1' is not accepted"),
    Case("value", "rate inf", SMALL + ["--traffic", "bernoulli", "--rate", "inf"], 2, r"--rate: 'inf' is not accepted"),
    Case("value", "rate above one", SMALL + ["--traffic", "bernoulli", "--rate", "1.5"], 2, r"--rate: '1\.5' is not accepted"),
    Case("value", "rate in hexadecimal", SMALL + ["--traffic", "bernoulli", "--rate", "0x1p-3"], 2, r"--rate: '0x1p-3' is not accepted"),
    # ---- options that can never act: refused, naming the option ----------------------------
    Case("cannot act", "fault from a slot past --max-slots", SMALL + ["--fault", "coupler:1:1@1000000000",
         "--max-slots", "100"], 2, r"^optinet: --fault: 'coupler:1:1@1000000000' would act from slot "
         r"1000000000, but every run stops at --max-slots 100 \(accepted: @SLOT below --max-slots\)$"),
    Case("cannot act", "fault from the slot --max-slots itself", SMALL + ["--fault", "receiver:1@100",
         "--max-slots", "100"], 2, r"^optinet: --fault: 'receiver:1@100' would act from slot 100"),
    Case("cannot act", "link fault past --max-slots", ["hypercube", "--n", "2", "--fault", "link:0:1@500",
         "--max-slots", "500"], 2, r"^optinet: --fault: 'link:0:1@500' would act from slot 500"),
    Case("cannot act", "trace window past --max-slots", SMALL + ["--vcd", "v", "--trace-slots", "200:300",
         "--max-slots", "100"], 2, r"^optinet: --trace-slots: '200:300' would act from slot 200",
         absent=["v.vcd"]),
    Case("cannot act", "bus trace window past --max-slots", ["ocpc", "--p", "4", "--vcd", "v",
         "--trace-slots", "50:60", "--max-slots", "50"], 2, r"^optinet: --trace-slots: '50:60' would act"),
    Case("cannot act", "Phase B start past --max-slots", ["hypercube", "--n", "3", "--phase-b-start", "100",
         "--max-slots", "100"], 2, r"^optinet: --phase-b-start: '100' would act from slot 100"),
    Case("cannot act", "first sub-phase window past --max-slots", ["grid", "--n", "4", "--phase-window",
         "100", "--max-slots", "100"], 2, r"^optinet: --phase-window: '100' would act from slot 100"),
    Case("cannot act", "experiment option with the sync protocol", MESH + ["--protocol", "sync", "--levels",
         "2"], 2, r"^optinet: --levels: applies to --protocol experiment only \(not sync\)$"),
    Case("cannot act", "membership with the sync protocol", MESH + ["--protocol", "sync", "--membership",
         "consecutive"], 2, r"^optinet: --membership: applies to --protocol experiment only"),
    Case("cannot act", "open-loop option on a network without open loop", ["shuffle", "--rate", "0.1"], 2,
         r"^optinet: --rate: an open-loop option, and shuffle runs no open-loop traffic \(open-loop runs "
         r"are on pops, ocpc, mob, hypercube, grid\)$"),
    Case("cannot act", "open-loop traffic on a network without open loop", ["dmob", "--traffic", "bernoulli",
         "--rate", "0.1"], 2, r"^optinet: --traffic: 'bernoulli' is open-loop traffic, which dmob does not "
         r"run \(accepted: random-function, random-h-relation, permutation, lower-bound; open-loop runs are on"),
    Case("cannot act", "fault on a network without a fault model", ["splithash", "--fault", "receiver:1"], 2,
         r"^optinet: --fault: splithash has no fault model \(faults on pops, ocpc, mob, dmob, hypercube"),
    Case("cannot act", "device file on a network without optical media", MESH + ["--device", "d.json"], 2,
         r"^optinet: --device: mesh has no optical media to budget \(accepted on pops,",
         setup=lambda: write("d.json", b"{}\n")),
    # ---- messages name an option of the command, --check what a run builds --------------------
    Case("names", "memory refusal names ccc's size option", ["ccc", "--s", "16", "--max-memory", "1G"], 2,
         r"^optinet: --s: this network needs about .* more than the 1\.0 GiB of --max-memory"),
    Case("names", "memory refusal names shuffle's size options", ["shuffle", "--d", "64", "--n", "3",
         "--max-memory", "1M"], 2, r"^optinet: --d/--n: this network needs about"),
    Case("names", "memory refusal names grid's size options", ["grid", "--n", "64", "--max-memory", "1M"],
         2, r"^optinet: --n/--k: this network needs about"),
    Case("names", "memory refusal names dmob's size options", ["dmob", "--max-memory", "1M"], 2,
         r"^optinet: --k/--dim: this network needs about"),
    Case("names", "memory refusal names split&hash's size options", ["splithash", "--max-memory", "1M"], 2,
         r"^optinet: --k/--depth: this network needs about"),
    Case("names", "gjlr option on dmob, which has no gjlr", ["dmob", "--gjlr-scale", "2"], 2,
         r"^optinet: --gjlr-scale 2: not an option of optinet dmob; see optinet dmob --help$"),
    Case("names", "hypercube --check counts processors and links", ["hypercube", "--n", "4", "--check"],
         0, None, check_stdout=report_fields(processors=16, threads=0)),
    *[Case("names", f"{net} --check is the network a run builds", [net, "--check"], 0, None,
           check_stdout=as_built([net])) for net in ("hypercube", "shuffle", "ccc", "shuffle-exchange",
                                                     "grid")],
    # ---- help and refusals list what is accepted -------------------------------------------
    Case("help", "a 10,000-character protocol keeps the accepted list", SMALL + ["--protocol", LONG_NAME],
         2, r"^optinet: --protocol: unknown 'x{40}\.\.\.' \(accepted: randomized, .*, sorting-bitonic\)$"),
    Case("help", "a 10,000-character traffic keeps the accepted list", ["hypercube", "--traffic",
         LONG_NAME], 2, r"^optinet: --traffic: unknown 'x{40}\.\.\.' \(accepted: .*, "
         r"random-h-relation; open loop: bernoulli, bursty, request-reply, trace:FILE; "
         r"or --relation-file PATH\)$"),
    Case("help", "a 10,000-character network keeps the accepted list", [LONG_NAME], 2,
         r"^optinet: network: unknown 'x{40}\.\.\.' \(accepted: pops, .*, splithash\)$"),
    *[Case("help", f"{net} --help lists its protocols", [net, "--help"], 0, None,
           check_stdout=help_says(f"{names}\n")) for net, names in (
               ("hypercube", "cubes, basic, cubess"), ("shuffle", "mshuffle, dshuffle"), ("ccc", "ccc"),
               ("shuffle-exchange", "se"), ("grid", "gridk, grid3"), ("mesh", "experiment, sync"))],
    *[Case("help", f"{net} --help shows no open-loop options", [net, "--help"], 0, None,
           check_stdout=help_says(absent=("Open-loop", "--rate", "bernoulli")))
      for net in ("dmob", "shuffle", "ccc", "shuffle-exchange", "mesh", "splithash")],
    *[Case("help", f"{net} --help shows its open-loop options", [net, "--help"], 0, None,
           check_stdout=help_says(
               "Open-loop runs (--traffic bernoulli, bursty, request-reply, trace:FILE)", "--rate"))
      for net in ("pops", "ocpc", "mob", "hypercube", "grid")],
    Case("help", "--burst shows the range it accepts", SMALL + ["--help"], 0, None,
         check_stdout=help_says("--burst FLOAT:NUMBER in [1, 1e6]")),
    Case("help", "--burst below the range shown", SMALL + ["--traffic", "bursty", "--burst", "0.5"], 2,
         r"^optinet: --burst: '0\.5' is not accepted \(a number from 1 to 1e6\)$"),
    Case("help", "mesh --help shows no fault or device option", MESH + ["--help"], 0, None,
         check_stdout=help_says(absent=("--fault", "--device"))),
    # ---- the scripts a user runs, held to the same rules ------------------------------------
    Case("script", "heat map without .png", ["run.json", "out"], 2,
         r"^coupler_heatmap\.py: OUT\.png: 'out' is not accepted \(a file path ending in \.png\)$",
         program=HEATMAP, setup=lambda: open_loop_run("run.json"), absent=["out", "out.png", "out.csv"]),
    Case("script", "heat map in another format", ["run.json", "out.jpg2"], 2,
         r"^coupler_heatmap\.py: OUT\.png: 'out\.jpg2' is not accepted", program=HEATMAP,
         setup=lambda: open_loop_run("run.json"), absent=["out.jpg2", "out.csv"]),
    Case("script", "heat map onto a device", ["run.json", "/dev/null"], 2,
         r"^coupler_heatmap\.py: OUT\.png: '/dev/null' is not accepted", program=HEATMAP,
         setup=lambda: open_loop_run("run.json")),
    Case("script", "heat map onto a FIFO", ["run.json", "p.png"], 2,
         r"^coupler_heatmap\.py: OUT\.png: 'p\.png' is not a regular file", program=HEATMAP,
         setup=lambda: (open_loop_run("run.json"), fifo("p.png")), absent=["p.csv"]),
    Case("script", "heat map whose CSV would be a folder", ["run.json", "e.png"], 2,
         r"^coupler_heatmap\.py: OUT\.png: 'e\.csv' is a folder", program=HEATMAP,
         setup=lambda: (open_loop_run("run.json"), os.mkdir("e.csv")), absent=["e.png"]),
    Case("script", "heat map and its CSV side by side, as printed", ["run.json", "./res.d/out.png"], 0,
         None, program=HEATMAP, setup=lambda: (open_loop_run("run.json"), os.mkdir("res.d")),
         present=["res.d/out.png", "res.d/out.csv"], check_stdout=printed_paths_exist),
    Case("script", "an error no check foresaw is one line, not a traceback", ["run.json", "out.png"], 70,
         r"^coupler_heatmap\.py: internal error \(ValueError: .*\); please report the command line",
         program=HEATMAP, setup=lambda: write("run.json", b'{"parameters": {"d": 1, "g": 0}, '
                                               b'"protocol": "p", "runs": [{"seed": 1, "accepted": 0, '
                                               b'"media": [], "counted_slots": 1}]}'),
         absent=["out.png", "out.csv"]),
    Case("script", "a table script's --csv that is a folder", ["--report-only", "--no-plot", "--csv", "t",
         "--md", "t.md"], 2, r"^pops_randomized\.py: --csv: 't' is a folder, not a file$",
         program="scripts/results/pops_randomized.py", setup=lambda: os.mkdir("t"), absent=["t.md"]),
    Case("script", "a study's --out whose .md would be a folder", ["runs.csv", "--out", "g"], 2,
         r"^gjlr_failure\.py: --out: 'g\.md' is a folder, not a file$", program="scripts/results/gjlr_failure.py",
         setup=lambda: (os.mkdir("g.md"), write("runs.csv", b"")), absent=["g.csv", "g.png"]),
    Case("script", "sweep: one bad value is one line", ["spec.toml", "--jobs", "0"], 2,
         r"^optinet-sweep: argument --jobs: '0' is not accepted \(an integer >= 1\)", program=SWEEP,
         setup=lambda: write("spec.toml", SWEEP_SPEC)),
    Case("script", "sweep: --optinet that is not optinet", ["spec.toml", "--optinet", "/bin/ls", "--output",
         "out"], 2, r"^optinet-sweep: --optinet: '/bin/ls' is not optinet", program=SWEEP,
         setup=lambda: write("spec.toml", SWEEP_SPEC), absent=["out"]),
    Case("script", "sweep: a plot named outside the output folder", ["spec.toml", "--optinet",
         FAKE_OPTINET, "--output", "out"], 2,
         r"^optinet-sweep: spec\.toml: plot\[0\]\.name: '\.\./escape' is not accepted", program=SWEEP,
         setup=lambda: write("spec.toml", SWEEP_SPEC + b'[[plot]]\nname = "../escape"\nx = "x"\n'
                                                      b'y = "steps"\n'), absent=["out"]),
    Case("script", "sweep: SIGHUP stops the jobs, no temporary left", ["spec.toml", "--optinet",
         FAKE_OPTINET, "--output", "out", "--jobs", "1", "--no-plots"], 129,
         r"^optinet-sweep: interrupted \(SIGHUP\); 0 of 4 job\(s\) finished this time are kept; rerun "
         r"to resume$", program=SWEEP, setup=lambda: write("spec.toml", SWEEP_SPEC),
         env={"FAKE_OPTINET_HANG_SEED": "1"}, signal_after=(signal.SIGHUP, 2.0)),
    Case("script", "the installer's unknown option, escaped", ["\x1b[2Jx"], 2,
         r"^install-deps\.sh: \$'\\E\[2Jx' is not an option \(accepted: --check, or none\)$",
         program="scripts/install-deps.sh"),
    Case("script", "the fuzzing script without its arguments", [], 2,
         r"^fuzz\.sh: needs SANITIZE_BUILD .* and SECONDS", program="scripts/dev/fuzz.sh"),
    # The script's temporary files in the case's folder (TMPDIR), so that the check sees any
    # left behind.
    Case("script", "SIGTERM to a script while optinet runs: one line, nothing left",
         [THE_OPTINET, "100000"], 143, r"^dmob_steps\.py: interrupted \(SIGTERM\)$",
         program="scripts/results/dmob_steps.py", env={"TMPDIR": "."}, signal_after=(signal.SIGTERM, 3.0)),
    Case("script", "a script's SIGTERM is one line", ["1000000"], 143,
         r"^vb_crosscheck\.py: interrupted \(SIGTERM\)$", program="scripts/results/vb_crosscheck.py",
         signal_after=(signal.SIGTERM, 1.0)),

]


def wait_for_progress(proc, deadline):
    """Reads proc's stderr until a progress line, the end, or the deadline; returns what it read."""
    read = b""
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([proc.stderr], [], [], remaining)[0]:
            break
        line = proc.stderr.readline()
        read += line
        if not line or PROGRESS.match(line.decode("latin-1").rstrip("\n")):
            break
    return read


def tree():
    """Every file and folder below the current folder, as relative paths."""
    found = set()
    for folder, folders, files in os.walk("."):
        found.update(os.path.relpath(os.path.join(folder, name)) for name in folders + files)
    return found


def run_case(case, folder):
    if case.setup:
        case.setup()
    before = {p: open(p, "rb").read() for p in case.keep}
    entries_before = tree()

    def limits():
        if case.limit_file_kib is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (case.limit_file_kib * 1024,) * 2)
        if case.limit_memory_mib is not None:
            resource.setrlimit(resource.RLIMIT_AS, (case.limit_memory_mib << 20,) * 2)
        if case.limit_cpu_seconds is not None:
            # The soft limit sends SIGXCPU; the hard one (SIGKILL) only if that is not heeded.
            resource.setrlimit(resource.RLIMIT_CPU, (case.limit_cpu_seconds, 60))
        for s in case.ignored:
            signal.signal(s, signal.SIG_IGN)

    if case.stdout == CLOSED_PIPE:
        reader, out = os.pipe()
        os.close(reader)
    else:
        out = open(case.stdout, "wb") if case.stdout else \
            subprocess.PIPE if case.check_stdout else subprocess.DEVNULL
    # Scripts run with Debian's Python, which has their packages (matplotlib), as they do.
    runner = ["bash"] if (case.program or "").endswith(".sh") else ["/usr/bin/python3"]
    command = (runner + [os.path.join(SOURCE, case.program)] if case.program else
               [OPTINET]) + [OPTINET if a == THE_OPTINET else a for a in case.args]
    proc = subprocess.Popen(command, stdout=out, stderr=subprocess.PIPE, preexec_fn=limits,
                            env={**os.environ, **case.env} if case.env else None)
    early = b""
    if case.signal_after:
        sig, delay = case.signal_after
        if delay == AFTER_FIRST_RUN:
            early = wait_for_progress(proc, deadline=time.monotonic() + 120)
        else:
            time.sleep(delay)
        if proc.poll() is None:
            proc.send_signal(sig)
    try:
        printed, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        return ["hung (killed after 120 s)"]
    err = early + err
    if case.stdout == CLOSED_PIPE:
        os.close(out)
    elif case.stdout:
        out.close()
    problems = []
    # Progress lines ("run k/N done") may precede the one message line. A sanitizer build adds
    # ASan's known warning about SystemC's coroutine stacks when an exception is thrown: exactly
    # those three lines are dropped (docs/robustness.md, "Sanitizers").
    lines = [l for l in err.decode("latin-1").splitlines()
             if not PROGRESS.match(l) and not ASAN_COROUTINE_WARNING.match(l)]
    if proc.returncode != case.status:
        problems.append(f"exit status {proc.returncode}, expected {case.status}")
    if case.line is None:
        if lines:
            problems.append(f"{len(lines)} lines on stderr, expected none: {lines[:3]}")
    elif len(lines) != 1:
        problems.append(f"{len(lines)} lines on stderr, expected 1: {lines[:3]}")
    elif not re.search(case.line, lines[0]):
        problems.append(f"stderr {lines[0]!r} does not match {case.line!r}")
    if any(ord(c) < 0x20 or ord(c) == 0x7f for line in lines for c in line):
        problems.append("a control byte reached the terminal")
    for p, content in before.items():
        if not os.path.exists(p) or open(p, "rb").read() != content:
            problems.append(f"{p} was changed or removed")
    for p in case.absent:
        if os.path.exists(p):
            problems.append(f"{p} was left behind")
    for p in case.present:
        if not os.path.isfile(p):
            problems.append(f"{p} was not written")
    if case.check_stdout:
        problem = case.check_stdout(printed.decode("latin-1"))
        if problem:
            problems.append(problem)
    new = tree() - entries_before
    leftovers = [e for e in new if os.path.basename(e).startswith(".")]
    if leftovers:
        problems.append(f"temporary files left: {leftovers}")
    return problems


def main():
    global OPTINET
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    OPTINET = os.path.abspath(sys.argv[1])
    if "--list" in sys.argv:
        classes = {}
        for c in CASES:
            classes.setdefault(c.klass, []).append(c.name)
        for k, names in classes.items():
            print(f"{k} ({len(names)}): " + "; ".join(names))
        print(f"total: {len(CASES)}")
        return 0
    # An address-space limit cannot be combined with AddressSanitizer's shadow memory.
    sanitized = "--sanitized" in sys.argv
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv[:-1] else ""
    cases = [c for c in CASES if only in c.klass or only in c.name]
    if not cases:
        print(f"no case's class or name contains {only!r}")
        return 2
    failed = 0
    for case in cases:
        if sanitized and case.limit_memory_mib is not None:
            print(f"[{case.klass}] {case.name}: skipped under the sanitizers")
            continue
        with tempfile.TemporaryDirectory(prefix="optinet-user-") as folder:
            os.chdir(folder)
            problems = run_case(case, folder)
            os.chdir("/")
        status = "ok" if not problems else "FAILED: " + "; ".join(problems)
        print(f"[{case.klass}] {case.name}: {status}")
        failed += bool(problems)
    print(f"{len(cases) - failed} of {len(cases)} cases as a user expects")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
