#!/usr/bin/python3
"""Tests of scripts/optinet-sweep. usage: test_sweep.py CASE SOURCE_DIR [OPTINET]
Cases: expansion, bad_specs, optinet_refuses, resume, killed_job, interrupt, merge_stats."""
import atexit
import csv
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

CASE, SRC = sys.argv[1], sys.argv[2]
OPTINET = sys.argv[3] if len(sys.argv) > 3 else None
FAKE = os.path.join(SRC, "tests", "scripts", "sweep_fake_optinet.py")
RUNNER = os.path.join(SRC, "scripts", "optinet-sweep")
sys.path.insert(0, os.path.join(SRC, "scripts"))
from sweep.spec import SpecError, load  # noqa: E402

TMP = tempfile.mkdtemp(prefix="optinet-sweep-test.")
atexit.register(shutil.rmtree, TMP, True)


def check(condition, message):
    if not condition:
        print("FAIL:", message)
        sys.exit(1)


def write_spec(text, name="spec.toml"):
    path = os.path.join(TMP, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def runner(spec, *extra, optinet=FAKE, env=None):
    return subprocess.run(["/usr/bin/python3", RUNNER, spec, "--optinet", optinet, "--output",
                           os.path.join(TMP, "out"), "--no-plots", *extra], capture_output=True,
                          text=True, env={**os.environ, **(env or {})})


FAKE_SPEC = """
[sweep]
network = "fake"
[axes]
x = [1, 2]
[runs]
count = 4
seed = 1
per_job = 2
[merge]
fields = ["steps"]
"""


def expansion():
    spec = load(write_spec("""
[sweep]
network = "pops"
[options]
protocol = "randomized"
quiet-flag = true
off = false
[axes]
"@family:d:g" = ["dg:2:2", "4g:8:2"]
rate = { start = 0.1, stop = 0.3, step = 0.1 }
[runs]
seeds = { start = 5, stop = 9, step = 2 }
per_job = 2
[[override]]
match = { family = "4g", rate = 0.3 }
runs = { seeds = [1, 2, 3, 10] }
options = { protocol = "offline", max-slots = 50 }
"""))
    check(spec.columns() == ["family", "d", "g", "rate"], f"columns {spec.columns()}")
    check([p.values for p in spec.points][:4] == [
        {"family": "dg", "d": 2, "g": 2, "rate": 0.1}, {"family": "dg", "d": 2, "g": 2, "rate": 0.2},
        {"family": "dg", "d": 2, "g": 2, "rate": 0.3}, {"family": "4g", "d": 8, "g": 2, "rate": 0.1}],
        f"points {[p.values for p in spec.points]}")
    check(len(spec.points) == 6, "2 shapes x 3 rates")
    check(spec.points[0].seeds == [5, 7, 9], f"seeds {spec.points[0].seeds}")
    # seeds 5, 7, 9 are not consecutive: three jobs of one run each
    first = [j for j in spec.jobs if j.point == 0]
    check([(j.seed, j.runs) for j in first] == [(5, 1), (7, 1), (9, 1)], "jobs of point 0")
    check(first[0].args == ["pops", "--d", "2", "--g", "2", "--rate", "0.1", "--protocol",
                            "randomized", "--quiet-flag"], f"args {first[0].args}")
    last = [j for j in spec.jobs if j.point == 5]
    check(spec.points[5].seeds == [1, 2, 3, 10], "override seeds")
    check([(j.seed, j.runs) for j in last] == [(1, 3), (10, 1)], "override chunks (per_job unset: one job)")
    check(last[0].args == ["pops", "--d", "8", "--g", "2", "--rate", "0.3", "--protocol",
                           "offline", "--quiet-flag", "--max-slots", "50"], f"{last[0].args}")
    check(last[0].option_keys["--protocol"] == "override[0].options.protocol", "key of override")
    check(last[0].option_keys["--d"] == 'axes.@family:d:g', "key of axis")
    geometric = load(write_spec('[sweep]\nnetwork = "x"\n[axes]\nn = { start = 2, stop = 64, '
                                'factor = 4 }\n', "geo.toml"))
    check([p.values["n"] for p in geometric.points] == [2, 8, 32], "geometric range")
    mixed = load(write_spec('[axes]\n"network:n:s:@count" = ["hypercube:3::4", "ccc::2:1"]\n'
                            '[runs]\nseed = 5\nper_job = 3\n', "mixed.toml"))
    check([(j.args, j.seed, j.runs) for j in mixed.jobs] ==
          [(["hypercube", "--n", "3"], 5, 3), (["hypercube", "--n", "3"], 8, 1),
           (["ccc", "--s", "2"], 5, 1)], f"network axis, empty part, @count: {mixed.jobs}")
    from sweep.slurm import memory_class_mib
    mib = 1 << 20
    check([memory_class_mib(x) for x in (1, 40 * mib, 3284769177)] == [64, 64, 5120],
          "memory classes: 1.5 x the estimate, at least 64 MiB, up to its three leading bits")
    command = spec.jobs[0].command("optinet", "j.json")
    check(command[-7:] == ["--seed", "5", "--runs", "1", "--quiet", "--json", "j.json"], "command")


def bad_specs():
    cases = [
        ('[sweep]\nnetwork = "pops"\ncolour = 1\n', "sweep.colour: unknown key"),
        ('[sweep]\nnetwork = "pops"\n[axes]\nrate = []\n', "axes.rate: empty axis"),
        ('[sweep]\nnetwork = "pops"\n[axes]\nrate = { start = 1, stop = 0, step = 1 }\n',
         "axes.rate: the range is empty"),
        ('[sweep]\nnetwork = "pops"\n[axes]\n"d:g" = ["2:2", "4"]\n', "axes.d:g: '4' does not"),
        ('[sweep]\nnetwork = "pops"\n[options]\nseed = 3\n', "options.seed: set by the runner"),
        ('[sweep]\nnetwork = "pops"\n[runs]\ncount = 0\n', "runs.count: must be"),
        ('[sweep]\nnetwork = "pops"\n[[override]]\nmatch = { q = 1 }\n',
         "override[0].match.q: not an axis column"),
        ('[sweep]\nnetwork = "pops"\n[[plot]]\nname = "a"\nx = "d"\ny = "slots"\n',
         "plot[0].y: 'slots' is not in merge.fields"),
        ('[sweep]\n', "sweep.network: missing"),
        ('[sweep\n', "spec: not TOML"),
        # Found by tests/scripts/fuzz_sweep_spec.py: wrong types and sizes are refusals, not tracebacks.
        ('[sweep]\nnetwork = "pops"\n[axes]\nrate = { start = 1, stop = 1e12, step = 1 }\n',
         "axes.rate: 1000000000000 values, more than"),
        ('[sweep]\nnetwork = "pops"\n[axes]\nrate = { start = "a", stop = 2, step = 1 }\n',
         "axes.rate.start: must be a finite number"),
        ('[sweep]\nnetwork = "pops"\n[[override]]\nmatch = 0.5\n',
         "override[0].match: must be a table"),
        ('options = 1\n[sweep]\nnetwork = "pops"\n', "options: must be a table"),
        ('[sweep]\nnetwork = "pops"\n[runs]\ncount = 999999999\n', "runs.count: 999999999"),
        # A plot is a file in the output folder: a name that leaves it is refused.
        ('[sweep]\nnetwork = "pops"\n[merge]\nfields = ["slots"]\n[[plot]]\nname = "../../x"\n'
         'x = "d"\ny = "slots"\n', "plot[0].name: '../../x' is not accepted"),
        ('[sweep]\nnetwork = "pops"\n[merge]\nfields = ["slots"]\n[[plot]]\nname = "/tmp/x"\n'
         'x = "d"\ny = "slots"\n', "plot[0].name: '/tmp/x' is not accepted"),
        ('[sweep]\nnetwork = "pops"\nname = "../../x"\n', "sweep.name: '../../x' is not accepted"),
        ('[sweep]\nnetwork = "pops"\nname = 7\n', "sweep.name: '7' is not accepted"),
    ]
    for text, expected in cases:
        p = runner(write_spec(text))
        lines = p.stderr.strip().splitlines()
        check(p.returncode == 2, f"exit {p.returncode} for {text!r}")
        check(len(lines) == 1 and expected in lines[0], f"{lines} should name {expected!r}")
        with_key = expected.split(":")[0]
        with_spec = write_spec(text)
        check(lines[0].startswith(f"optinet-sweep: {with_spec}: {with_key}"), lines[0])
    check(not os.path.exists(os.path.join(TMP, "out")), "nothing written for a bad spec")
    # An option the (fake) optinet refuses: named by its spec key, before any job ran.
    p = runner(write_spec('[sweep]\nnetwork = "fake"\n[axes]\nx = [1, 0]\n'))
    lines = p.stderr.strip().splitlines()
    check(p.returncode == 2 and len(lines) == 1 and "axes.x: optinet refuses it: --x:" in lines[0],
          f"{p.returncode} {lines}")
    check(not os.path.exists(os.path.join(TMP, "out", "jobs")), "no job ran")
    # One bad option value: one line naming it (not the whole usage), exit 2.
    for extra, expected in ((["--jobs", "0"], "--jobs"), (["--chunk", "x"], "--chunk"),
                            (["--backend", "cloud"], "--backend")):
        p = runner(write_spec(FAKE_SPEC), *extra)
        lines = p.stderr.strip().splitlines()
        check(p.returncode == 2 and len(lines) == 1 and expected in lines[0] and
              lines[0].startswith("optinet-sweep: "), f"{extra}: {p.returncode} {lines}")
    # --optinet that is not optinet: a folder, a file that cannot run, another program.
    not_executable = write_spec("", "not-executable")
    for optinet, expected in ((TMP, "is a folder"), (not_executable, "cannot run (Permission"),
                              ("/bin/ls", "is not optinet"),
                              (os.path.join(TMP, "missing"), "cannot run (No such file")):
        p = runner(write_spec(FAKE_SPEC), optinet=optinet)
        lines = p.stderr.strip().splitlines()
        check(p.returncode == 2 and len(lines) == 1 and
              lines[0].startswith(f"optinet-sweep: --optinet: '{optinet}") and expected in lines[0],
              f"--optinet {optinet}: {p.returncode} {lines}")
    # An output folder that cannot be made (under a file) or written: one line naming --output.
    not_a_folder = write_spec("", "a-file")
    for output in (os.path.join(not_a_folder, "out"), "/proc/optinet-sweep-test"):
        p = runner(write_spec(FAKE_SPEC), "--output", output)
        lines = p.stderr.strip().splitlines()
        check(p.returncode == 2 and len(lines) == 1 and
              lines[0].startswith(f"optinet-sweep: --output {output}: cannot write there"),
              f"{p.returncode} {lines}")


def optinet_refuses():
    """The real optinet's --check refuses --d 0 and the runner names the spec key."""
    p = runner(write_spec('[sweep]\nnetwork = "pops"\n[axes]\n"d:g" = ["2:2", "0:2"]\n'),
               optinet=OPTINET)
    lines = p.stderr.strip().splitlines()
    check(p.returncode == 2 and len(lines) == 1, f"{p.returncode} {lines}")
    check("axes.d:g: optinet refuses it: --d:" in lines[0], lines[0])
    check(not os.path.exists(os.path.join(TMP, "out", "jobs")), "no job ran")
    check_out = subprocess.run([OPTINET, "pops", "--d", "4", "--g", "2", "--check"],
                               capture_output=True, text=True)
    report = json.loads(check_out.stdout)
    check(check_out.returncode == 0 and report["processors"] == 8 and
          report["memory_estimate_bytes"] > 0, f"--check: {check_out.stdout}")


def jobs_run(log):
    with open(log) as f:
        return sorted(int(x) for x in f.read().split())


def edit_result(name, change):
    path = os.path.join(TMP, "out", "jobs", name)
    with open(path) as f:
        result = json.load(f)
    change(result)
    with open(path, "w") as f:
        json.dump(result, f)


def resume():
    spec = write_spec(FAKE_SPEC)
    log = os.path.join(TMP, "log")
    status = runner(spec, "--status").stdout
    check("0 of 4 job(s) finished" in status and "time left unknown" in status and
          "left: unknown until a job" in status, f"--status before any job: {status}")
    p = runner(spec, "--jobs", "2", env={"FAKE_OPTINET_LOG": log})
    check(p.returncode == 0, p.stderr)
    check(jobs_run(log) == [1, 1, 3, 3], f"first run: seeds {jobs_run(log)}")
    jobs = sorted(os.listdir(os.path.join(TMP, "out", "jobs")))
    check(jobs == ["p0000-s1-r2.json", "p0000-s3-r2.json", "p0001-s1-r2.json",
                   "p0001-s3-r2.json"], f"job files {jobs}")
    os.remove(os.path.join(TMP, "out", "jobs", "p0001-s3-r2.json"))
    # --status per point: a run reported not ok, and the time left from the finished job's rate.
    edit_result("p0000-s1-r2.json", lambda r: r["report"]["runs"][1].update(ok=False))
    edit_result("p0001-s1-r2.json", lambda r: r.update(wall_seconds=100.0))
    status = runner(spec, "--status").stdout
    check("p0000 x=1: 2 of 2 job(s), 4 of 4 run(s), 1 not ok" in status and
          "p0001 x=2: 1 of 2 job(s), 2 of 4 run(s), 0 not ok, 100 s spent, 100 s left" in status
          and "left: 100 s of one worker" in status, status)
    os.remove(log)
    p = runner(spec, "--jobs", "2", env={"FAKE_OPTINET_LOG": log})
    check(p.returncode == 0 and "3 job(s) already finished, skipped" in p.stderr, p.stderr)
    check(jobs_run(log) == [3], f"the rerun ran seeds {jobs_run(log)}, not only the missing job")
    # A result of another optinet version does not count.
    path = os.path.join(TMP, "out", "jobs", "p0000-s1-r2.json")
    with open(path) as f:
        result = json.load(f)
    result["key"] = "0" * 16
    with open(path, "w") as f:
        json.dump(result, f)
    os.remove(log)
    runner(spec, env={"FAKE_OPTINET_LOG": log})
    check(jobs_run(log) == [1], f"a mismatched result must be rerun, ran {jobs_run(log)}")
    status = runner(spec, "--status")
    check("4 of 4 job(s) finished" in status.stdout, status.stdout)
    # Another optinet version: every finished job is stale and runs again.
    os.remove(log)
    runner(spec, env={"FAKE_OPTINET_LOG": log, "FAKE_OPTINET_VERSION": "fake-2"})
    check(jobs_run(log) == [1, 1, 3, 3],
          f"a new optinet version must rerun every job, ran {jobs_run(log)}")


def killed_job():
    spec = write_spec(FAKE_SPEC)
    log = os.path.join(TMP, "log")
    process = subprocess.Popen(
        ["/usr/bin/python3", RUNNER, spec, "--optinet", FAKE, "--output",
         os.path.join(TMP, "out"), "--jobs", "1", "--no-plots"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        env={**os.environ, "FAKE_OPTINET_HANG_SEED": "3", "FAKE_OPTINET_LOG": log})
    jobs = os.path.join(TMP, "out", "jobs")
    deadline = time.time() + 30
    while time.time() < deadline:  # job p0000-s1 finished, p0000-s3 hangs
        if os.path.exists(log) and jobs_run(log) == [1, 3]:
            break
        time.sleep(0.05)
    check(jobs_run(log) == [1, 3], "the hanging job did not start")
    os.killpg(process.pid, signal.SIGKILL)  # the runner and its optinet, as a node failure would
    process.wait()
    finished = sorted(f for f in os.listdir(jobs) if f.endswith(".json") and f[0] != ".")
    check(finished == ["p0000-s1-r2.json"], f"after the kill: {finished}")
    os.remove(log)
    p = runner(spec, "--jobs", "1", env={"FAKE_OPTINET_LOG": log})
    check(p.returncode == 0, p.stderr)
    check(jobs_run(log) == [1, 3, 3], f"rerun: {jobs_run(log)} (the killed job must run again)")


def interrupt():
    """Ctrl-C (SIGINT to the runner): the running job stops, the finished one is kept, exit 130,
    and the next run resumes with the interrupted job."""
    spec = write_spec(FAKE_SPEC)
    log = os.path.join(TMP, "log")
    process = subprocess.Popen(
        ["/usr/bin/python3", RUNNER, spec, "--optinet", FAKE, "--output",
         os.path.join(TMP, "out"), "--jobs", "1", "--no-plots"], stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, text=True,
        env={**os.environ, "FAKE_OPTINET_HANG_SEED": "3", "FAKE_OPTINET_LOG": log})
    deadline = time.time() + 30
    while time.time() < deadline and not (os.path.exists(log) and jobs_run(log) == [1, 3]):
        time.sleep(0.05)
    time.sleep(0.2)
    process.send_signal(signal.SIGINT)
    try:
        _, err = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        check(False, "the runner did not stop on SIGINT")
    check(process.returncode == 130 and "interrupted (SIGINT); 1 of 4" in err,
          f"{process.returncode} {err}")
    jobs = os.path.join(TMP, "out", "jobs")
    check(sorted(os.listdir(jobs)) == ["p0000-s1-r2.json"], f"{os.listdir(jobs)}")
    os.remove(log)
    p = runner(spec, env={"FAKE_OPTINET_LOG": log})
    check(p.returncode == 0 and jobs_run(log) == [1, 3, 3], f"resume: {jobs_run(log)}")
    # A closed stdout (--dry-run piped into head): no traceback, exit 141 as after SIGPIPE.
    process = subprocess.Popen(["/usr/bin/python3", RUNNER, spec, "--optinet", FAKE, "--output",
                                os.path.join(TMP, "dry"), "--dry-run"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    process.stdout.close()
    err = process.communicate(timeout=20)[1]
    check(process.returncode == 141 and "Traceback" not in err, f"closed stdout: "
          f"{process.returncode} {err.strip()[-300:]}")


def merge_stats():
    p = runner(write_spec(FAKE_SPEC))
    check(p.returncode == 0, p.stderr)
    with open(os.path.join(TMP, "out", "points.csv")) as f:
        rows = list(csv.DictReader(f))
    # x = 1: steps of seeds 1..4 are 1, 4, 2, 2; x = 2 doubles them. By hand: mean 2.25,
    # sd sqrt((1.5625 + 3.0625 + 0.0625 + 0.0625) / 3) = sqrt(4.75 / 3) = 1.258306,
    # t(0.975, 3) = 3.182446, half-width 3.182446 * 1.258306 / 2 = 2.002245.
    expected = {"steps_n": 4, "steps_mean": 2.25, "steps_sd": 1.258306, "steps_min": 1,
                "steps_max": 4, "steps_ci95_low": 2.25 - 2.002245,
                "steps_ci95_high": 2.25 + 2.002245, "runs": 4, "runs_ok": 4, "n": 4}
    for row, scale in zip(rows, (1, 2)):
        for key, value in expected.items():
            want = value * scale if key.startswith("steps_") and key != "steps_n" else value
            if key == "n":
                want = 4 * scale
            check(math.isclose(float(row[key]), want, rel_tol=2e-6, abs_tol=1e-9),
                  f"x = {scale}: {key} = {row[key]}, by hand {want}")
    with open(os.path.join(TMP, "out", "runs.csv")) as f:
        runs = list(csv.DictReader(f))
    check([(r["x"], r["seed"], r["steps"]) for r in runs][:4] ==
          [("1", "1", "1"), ("1", "2", "4"), ("1", "3", "2"), ("1", "4", "2")], f"{runs[:4]}")
    manifest = json.load(open(os.path.join(TMP, "out", "manifest.json")))
    check(manifest["version"] == "optinet fake-1" and manifest["points"][0]["seeds"] ==
          [1, 2, 3, 4] and "[axes]" in manifest["spec"], "manifest: spec, version, seeds")


{"expansion": expansion, "bad_specs": bad_specs, "optinet_refuses": optinet_refuses,
 "resume": resume, "killed_job": killed_job, "interrupt": interrupt, "merge_stats": merge_stats}[CASE]()
print("PASS", CASE)
