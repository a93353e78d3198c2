#!/usr/bin/python3
"""The scripts check their inputs before any work and say what is wrong with them: one case per
class of defect a careful user met (bad data named by file, line and column; messages that name
the real fault; inputs refused before the work; options that would not act; outputs that would
overwrite an input or each other; signals passed on to running jobs; nothing left behind by a
refused run). Each case runs the script on a small input (a stand-in optinet where the real one
would take long) and checks the exit status, that stderr is one line holding the expected text,
and what the case is about (a file kept, a folder not made, the time to stop).

usage: check_script_inputs.py SOURCE_DIR OPTINET
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SRC, OPTINET = sys.argv[1], sys.argv[2]
PYTHON = "/usr/bin/python3"
failures = []


def path_of(name):
    """A script by its name, wherever its folder under scripts/ is."""
    for folder, _, files in os.walk(os.path.join(SRC, "scripts")):
        if name in files:
            return os.path.join(folder, name)
    raise SystemExit(f"FAIL: no scripts/**/{name}")


def run(name, *args, env=None):
    """The script's finished process; one still running after 30 s counts as a failure (exit
    status None): every case here ends in well under a second."""
    command = [PYTHON, path_of(name), *args]
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=30,
                              stdin=subprocess.DEVNULL, env={**os.environ, **(env or {})})
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(command, None, "", "still running after 30 s")


def expect(case, proc, status, *texts):
    """Exit status, no traceback, one line on stderr holding every text."""
    problems = []
    if proc.returncode != status:
        problems.append(f"exit status {proc.returncode}, expected {status}")
    lines = proc.stderr.strip().splitlines()
    if len(lines) != 1:
        problems.append(f"{len(lines)} lines on stderr")
    problems += [f"stderr lacks {t!r}" for t in texts if t not in proc.stderr]
    if problems:
        failures.append(f"{case}: {'; '.join(problems)}: {proc.stderr.strip()[-400:]!r}")


def write(path, text, mode=0o644):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, mode)
    return path


SPEC_HEAD = '[sweep]\nnetwork = "pops"\n[options]\nd = 2\ng = 2\n'
# A stand-in optinet that answers --version and sleeps in every run (SIGINT ends it).
SLEEPER = """#!/usr/bin/python3
import signal, sys, time
if sys.argv[1:] == ["--version"]:
    print("optinet 0.0-test")
    sys.exit(0)
signal.signal(signal.SIGINT, lambda *_: sys.exit(130))
open(LOG, "a").write("run\\n")
time.sleep(60)
"""


def sweep(tmp, name, body, *args):
    spec = write(os.path.join(tmp, name + ".toml"), SPEC_HEAD + body)
    return run("optinet-sweep", spec, "--optinet", OPTINET, "--dry-run", *args)


with tempfile.TemporaryDirectory() as tmp:
    # Bad data: a non-number in a committed CSV names the file, the line and the column.
    results = os.path.join(tmp, "results")
    shutil.copytree(os.path.join(SRC, "docs", "results"), results,
                    ignore=shutil.ignore_patterns("*.png", "raw"))
    overall = os.path.join(results, "mesh-sync", "overall.csv")
    with open(overall) as f:
        lines = f.read().splitlines(True)
    header = lines[0].strip().split(",")
    cells = lines[1].strip().split(",")
    cells[header.index("groups")] = "abc"
    lines[1] = ",".join(cells) + "\n"
    write(overall, "".join(lines))
    expect("doc_claims, a non-number in a CSV", run("doc_claims.py", env={
        "OPTINET_RESULTS": results}), 2, "overall.csv:2: column groups: 'abc' is not")
    shutil.copy(os.path.join(SRC, "docs", "results", "mesh-sync", "overall.csv"), overall)
    # A message names the script's own option, not another script's: the page's curves CSV
    # read by doc_claims is not "--keep".
    curves = os.path.join(results, "coupler-evaluation-curves.csv")
    write(curves, "junk,x\n1,2\n")
    proc = run("doc_claims.py", env={"OPTINET_RESULTS": results})
    expect("doc_claims, a curves CSV of other columns", proc, 2, "coupler-evaluation-curves.csv",
           "the page's data")
    if "--keep" in proc.stderr:
        failures.append(f"doc_claims names coupler_study's --keep: {proc.stderr.strip()!r}")

    # A program that is not optinet: refused naming --optinet, before the output folder is made.
    out = os.path.join(tmp, "new", "study")
    expect("coupler_study --optinet /bin/true", run("coupler_study.py", "--optinet", "/bin/true",
           "--out", out, "--only", "shapes", "--sizes", "4"), 2, "--optinet", "is not optinet")
    if os.path.exists(os.path.join(tmp, "new")):
        failures.append("a refused coupler_study left the output folder it made")
    # An output folder that is a file.
    a_file = write(os.path.join(tmp, "a-file"), "x\n")
    expect("coupler_study --out FILE", run("coupler_study.py", "--out", a_file, "--report-only"),
           2, "--out", "a file, not a folder")
    spec = write(os.path.join(tmp, "file-out.toml"), SPEC_HEAD)
    expect("optinet-sweep --output FILE", run("optinet-sweep", spec, "--optinet", OPTINET,
                                              "--output", a_file), 2, "a file, not a folder")

    # Sweep specs: options optinet does not run with, or that every job would refuse.
    expect("sweep help = true", sweep(tmp, "help", "help = true\n"), 2, "options.help")
    expect("sweep hierarchy", sweep(tmp, "hier", 'hierarchy = "h.txt"\n'), 2,
           "options.hierarchy", "writes a file")
    expect("sweep groups-csv axis", sweep(tmp, "groups", '[axes]\n"groups-csv" = ["g.csv"]\n'),
           2, "axes.groups-csv", "writes a file")
    expect("sweep rates", sweep(tmp, "rates", 'traffic = "bernoulli"\nrates = "0.1,0.2"\n'), 2,
           "options.rates", "not taken in a sweep")
    expect("sweep find-saturation", sweep(tmp, "search", 'traffic = "bernoulli"\n'
                                          '"find-saturation" = true\n'), 2,
           "options.find-saturation")
    expect("sweep seeds every job refuses", sweep(
        tmp, "seeds", "[runs]\nseed = 9223372036854775807\ncount = 2\nper_job = 2\n"), 2,
        "runs: optinet refuses it: --seed")
    # A plot naming no column is refused before any job.
    plot = '[merge]\nfields = ["slots"]\n[[plot]]\nname = "p"\nx = "n"\ny = "slots"\n'
    expect("sweep plot group", sweep(tmp, "plot", plot + 'group = "nonesuch"\n'), 2,
           "plot[0].group", "nonesuch")
    # --where on a boolean axis selects the point asked for.
    flags = ('[axes]\n"@fast" = [true, false]\n[[override]]\nmatch = { fast = false }\n'
             'options = { g = 4 }\n')
    for value, want in (("false", "--g 4"), ("true", "--g 2")):
        proc = sweep(tmp, "flags", flags, "--where", f"fast={value}")
        if proc.returncode != 0 or want not in proc.stdout or proc.stdout.count("--seed") != 1:
            failures.append(f"--where fast={value}: exit {proc.returncode}, jobs "
                            f"{proc.stdout.strip()!r}, expected one job with {want}")

    # The coupler study: inputs read and options checked before any run (the stand-in logs
    # every run; none may have started).
    log = os.path.join(tmp, "runs.log")
    sleeper = write(os.path.join(tmp, "optinet"), SLEEPER.replace("LOG", repr(log)), 0o755)
    bad_csv = write(os.path.join(tmp, "bad.csv"), "junk,x\n1,2\n")
    study = ["--optinet", sleeper, "--out", os.path.join(tmp, "study"), "--only", "shapes"]
    expect("--keep-shapes read first", run("coupler_study.py", *study, "--sizes", "16",
                                            "--keep-shapes", bad_csv), 2, "--keep-shapes")
    expect("--sizes 0", run("coupler_study.py", *study, "--sizes", "0"), 2, "--sizes")
    expect("--d of no shape", run("coupler_study.py", *study, "--sizes", "16", "--d", "32"), 2,
           "--d: 32")
    expect("--protocols foo", run("coupler_study.py", "--optinet", sleeper, "--out",
                                  os.path.join(tmp, "study"), "--only", "curves", "--protocols",
                                  "tdma,foo"), 2, "--protocols: 'foo'")
    if os.path.exists(log):
        failures.append("coupler_study started runs before refusing its options")
    if os.path.exists(os.path.join(tmp, "study")):
        failures.append("a refused coupler_study left its output folder")
    # A signal reaches the running jobs: the study ends at once, not when its jobs end.
    proc = subprocess.Popen([PYTHON, path_of("coupler_study.py"), *study, "--sizes", "4",
                             "--jobs", "2"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    for _ in range(100):
        if os.path.exists(log):
            break
        time.sleep(0.1)
    time.sleep(0.5)
    start = time.time()
    proc.send_signal(signal.SIGTERM)
    err = proc.communicate(timeout=60)[1]
    took = time.time() - start
    if proc.returncode != 128 + signal.SIGTERM or took > 10 or \
            err.strip() != "coupler_study.py: interrupted (SIGTERM)":
        failures.append(f"coupler_study on SIGTERM: exit {proc.returncode} after {took:.1f} s, "
                        f"stderr {err.strip()[-300:]!r}")

    # The heat map never writes its CSV over its input report.
    report = os.path.join(tmp, "heat.csv")
    subprocess.run([OPTINET, "pops", "--d", "2", "--g", "2", "--traffic", "bernoulli", "--rate",
                    "0.1", "--quiet", "--json", report], check=True, capture_output=True)
    with open(report) as f:
        before = f.read()
    expect("coupler_heatmap over its input", run("coupler_heatmap.py", report,
                                                  os.path.join(tmp, "heat.png")), 2,
           "an input of this run")
    with open(report) as f:
        if f.read() != before:
            failures.append("coupler_heatmap overwrote its input report")

for f in failures:
    print("FAIL:", f)
print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
