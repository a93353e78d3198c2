#!/usr/bin/python3
"""usage: check_steady_state.py OPTINET WORKDIR
Steady state and saturation through the command, on small networks whose answer is known:
an overloaded run is saturated whatever --max-slots is; a stable run whose drain the slot limit
cuts is not; --find-saturation brackets TDMA's transpose throughput 1/n on POPS(4,4); --rates
runs a curve, with results in ns and Gb/s; a window in which nothing is delivered has null
latencies."""
import json
import os
import subprocess
import sys

optinet, work = sys.argv[1], sys.argv[2]
out = os.path.join(work, "steady_state.json")


def run(*args):
    if os.path.exists(out):
        os.remove(out)
    status = subprocess.run([optinet, *args, "--json", out, "--quiet"],
                            stdout=subprocess.DEVNULL).returncode
    assert status == 0, "exit status %d: %s" % (status, " ".join(args))
    with open(out) as f:
        return json.load(f)


# TDMA under transpose carries 1/16 per sending node of POPS(4,4); 0.5 offered is far beyond.
for max_slots in ("20000", "200000"):
    r = run("pops", "--d", "4", "--g", "4", "--protocol", "tdma", "--traffic", "bernoulli",
            "--pattern", "transpose", "--rate", "0.5", "--max-slots", max_slots)["runs"][0]
    assert r["saturated"] is True, (max_slots, r["saturated"], r["steady_state"])
    assert "backlog grew" in r["saturation_reason"], r["saturation_reason"]
    assert r["steady_state"]["window_method"] == "saturated", r["steady_state"]
    assert r["accepted_per_sender"] < 0.07, r["accepted_per_sender"]

# TDMA at 0.3 on POPS(4,4) is stable (latency about 12 slots); 5 slots of drain cannot finish.
r = run("pops", "--d", "4", "--g", "4", "--protocol", "tdma", "--traffic", "bernoulli",
        "--rate", "0.3", "--warmup", "1000", "--measure", "20000", "--max-slots", "21005")
run0 = r["runs"][0]
assert run0["drained"] is False, run0["drained"]
assert run0["saturated"] is False, (run0["saturation_reason"], run0["steady_state"])
lo, hi = run0["steady_state"]["accepted_ci"]
assert lo <= run0["offered"] <= hi or abs(run0["accepted"] - run0["offered"]) < 0.01, run0

# The search: TDMA gives a transpose pair one slot in n = 16, so rate 1/16 is the knee.
r = run("pops", "--d", "4", "--g", "4", "--protocol", "tdma", "--traffic", "bernoulli",
        "--pattern", "transpose", "--find-saturation")
s = r["saturation"]
assert s["bracketed"] is True, s
assert s["stable_rate"] <= 1 / 16 * 1.03 and s["saturated_rate"] >= 1 / 16 * 0.97, s
assert s["ci_low"] <= s["throughput"] <= s["ci_high"], s
assert len(r["runs"]) == len(s["points"]), (len(r["runs"]), len(s["points"]))
assert r["open_loop"]["rate"] == "per run", r["open_loop"]

# A curve at two rates: one run each, in order, with results in ns and Gb/s (the default
# device's 512-bit frame at 10 Gb/s, 51.2 ns, its 25.7 ns guard and 51.4 ns lock: a slot of
# 128.3 ns; --period-ns sets it).
r = run("ocpc", "--p", "8", "--protocol", "tdma", "--traffic", "bernoulli", "--rates", "0.1,0.2")
assert [x["rate"] for x in r["runs"]] == [0.1, 0.2], [x["rate"] for x in r["runs"]]
assert r["curve"] == {"rates": [0.1, 0.2]}, r["curve"]
run0 = r["runs"][0]
assert abs(run0["slot_ns"] - 128.3) < 1e-9, run0["slot_ns"]
assert abs(run0["latency_mean_ns"] - run0["latency_mean"] * 128.3) < 1e-6, run0
assert abs(run0["accepted_gbps_per_node"] - run0["accepted"] * 512 / 128.3) < 1e-9, run0
r = run("ocpc", "--p", "8", "--protocol", "tdma", "--traffic", "bernoulli", "--rate", "0.1",
        "--period-ns", "2")
assert r["runs"][0]["slot_ns"] == 2, r["runs"][0]["slot_ns"]

# Nothing offered: latencies are null, not 0, and the summary leaves them out.
r = run("ocpc", "--p", "16", "--protocol", "tdma", "--traffic", "bernoulli", "--rate", "0",
        "--warmup", "10", "--measure", "100")
run0 = r["runs"][0]
for field in ("latency_mean", "latency_p50", "latency_p99", "latency_max"):
    assert run0[field] is None, (field, run0[field])
assert r["summary"]["latency_mean"] is None, r["summary"]
assert run0["steady_state"]["latency_ci"] is None, run0["steady_state"]
os.remove(out)
print("ok")
