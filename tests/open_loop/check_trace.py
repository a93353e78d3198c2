#!/usr/bin/python3
"""usage: check_trace.py OPTINET WORKDIR
Workload traces (testbenches/open_loop/trace_file.h) through the command: a synthetic workload
written with --write-trace and read back with --traffic trace:FILE and the same seed gives the
same run (every measure of the run, packet for packet) on POPS, the OCPC and the grid; a
dependency holds a message until the one it names has arrived; a trace file of 10 GB is refused
by its size at once (one line, exit 2)."""
import json
import os
import subprocess
import sys
import time

optinet, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
out = os.path.join(work, "trace.json")

# The fields of a run that the workload and the network decide (not its wall time, not the
# parameters that name the traffic).
SAME = ["offered", "accepted", "latency_mean", "latency_p50", "latency_p99", "latency_max",
        "latency_histogram", "created", "labelled", "labelled_delivered", "drain_slot",
        "drained", "injection_queue_mean", "injection_queue_max", "accepted_node_min",
        "accepted_node_max", "receiver_load_max", "busiest_receiver", "steady_state"]


def run(*args):
    if os.path.exists(out):
        os.remove(out)
    status = subprocess.run([optinet, *args, "--json", out, "--quiet"],
                            stdout=subprocess.DEVNULL).returncode
    assert status == 0, "exit status %d: %s" % (status, " ".join(args))
    with open(out) as f:
        r = json.load(f)["runs"][0]
    assert r["ok"] and not r["errors"], (args, r["errors"])
    return r


cases = [
    ("pops tdma", ["pops", "--d", "4", "--g", "4", "--protocol", "tdma", "--traffic", "bernoulli",
                   "--rate", "0.4", "--message-sizes", "1:0.5,3:0.5"]),
    ("pops randomized", ["pops", "--d", "4", "--g", "4", "--protocol", "randomized",
                         "--traffic", "bursty", "--rate", "0.02", "--pattern", "tornado"]),
    ("ocpc reservation", ["ocpc", "--p", "8", "--protocol", "reservation", "--traffic",
                          "bernoulli", "--rate", "0.3", "--pattern", "hotspot", "--hotspot", "2"]),
    ("grid", ["grid", "--n", "4", "--k", "2", "--traffic", "bernoulli", "--rate", "0.3",
              "--message-frames", "2"]),
    ("pops request-reply", ["pops", "--d", "4", "--g", "4", "--protocol", "reservation",
                            "--traffic", "request-reply", "--rate", "0.2", "--outstanding",
                            "64", "--reply-frames", "3"]),
]
window = ["--warmup", "100", "--measure", "1000", "--seed", "11", "--max-slots", "10000",
          "--view", "grouped"]
for label, args in cases:
    trace = os.path.join(work, label.replace(" ", "_") + ".trace")
    synthetic = run(*args, *window, "--write-trace", trace)
    replay = run(*args[:args.index("--traffic")], "--traffic", "trace:" + trace, *window)
    # A request-reply run offers a transaction's frames when it draws the request; the replay
    # offers each message's frames when it creates it.
    keys = [k for k in SAME if "request-reply" not in label or k not in ("offered", "steady_state")]
    for key in keys:
        assert synthetic[key] == replay[key], "%s: %s differs: %s vs %s" % (
            label, key, synthetic[key], replay[key])
    if "messages" in synthetic:
        for key in ("labelled_delivered", "latency_mean", "latency_p99"):
            assert synthetic["messages"][key] == replay["messages"][key], (label, key)
    with open(trace) as f:
        lines = sum(1 for line in f if not line.startswith("#"))
    print("%s: %d messages, the replay's run is the run (%d packets, latency %.3f)" % (
        label, lines, synthetic["created"], synthetic["latency_mean"]))

# A dependency: message 1 (node 1 -> 0) waits for message 0 (node 0 -> 1, 4 frames) to arrive.
dependent = os.path.join(work, "dependent.trace")
with open(dependent, "w") as f:
    f.write("0 0 1 4\n0 1 0 1 class=reply after=0\n")
r = run("ocpc", "--p", "4", "--protocol", "tdma", "--traffic", "trace:" + dependent,
        "--max-slots", "1000")
assert r["messages"]["delivered"] == 2 and r["created"] == 5, r["messages"]
alone = os.path.join(work, "alone.trace")
with open(alone, "w") as f:
    f.write("0 1 0 1\n")
first = run("ocpc", "--p", "4", "--protocol", "tdma", "--traffic", "trace:" + alone,
            "--max-slots", "1000")
assert r["latency_max"] > first["latency_max"] or r["drain_slot"] > first["drain_slot"], (r, first)

# A file of 10 GB (sparse) is refused by its size before anything is read.
huge = os.path.join(work, "huge.trace")
with open(huge, "wb") as f:
    f.truncate(10 << 30)
try:
    start = time.monotonic()
    p = subprocess.run([optinet, "pops", "--traffic", "trace:" + huge], capture_output=True,
                       text=True)
    assert p.returncode == 2 and p.stdout == "" and p.stderr.count("\n") == 1, p
    assert "--traffic" in p.stderr and time.monotonic() - start < 10, p.stderr
    print("10 GB trace: " + p.stderr.strip())
finally:
    os.remove(huge)
print("trace checks passed")
