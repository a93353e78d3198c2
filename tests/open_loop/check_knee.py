#!/usr/bin/python3
"""usage: check_knee.py OPTINET WORKDIR
The latency knee and each protocol's capacity through the command, on small networks whose
answer is known: TDMA's knee brackets the 3x point of its periodic server's exact mean latency
(OCPC p = 16 and POPS(2,4)); the protocol capacity in every open-loop report equals the
schedule's; a budget below the factor decides; the stability search says what it decides; a
--rates auto curve ends past the knee."""
import json
import os
import subprocess
import sys

optinet, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
out = os.path.join(work, "knee.json")


def run(*args):
    if os.path.exists(out):
        os.remove(out)
    status = subprocess.run([optinet, *args, "--json", out, "--quiet"],
                            stdout=subprocess.DEVNULL).returncode
    assert status == 0, "exit status %d: %s" % (status, " ".join(args))
    with open(out) as f:
        return json.load(f)


def tdma_latency(rate, frame, senders):
    """Mean latency of a pair queue served once per frame (docs/evaluation-model.md)."""
    q = rate / senders
    a = frame * q
    return 1 + (frame - 1) / 2 + frame * (a * (a - q) / (2 * (1 - a)) + q * (frame - 1) / 2)


def three_x_point(frame, senders, capacity):
    target = 3 * tdma_latency(0, frame, senders)
    lo, hi = 0.0, capacity * (1 - 1e-12)
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if tdma_latency(mid, frame, senders) < target else (lo, mid)
    return lo


# TDMA on the OCPC p = 16 (a frame of 15 shifts) and on POPS(2,4) (a frame of n = 8 slots).
for args, frame, senders, capacity in (
        (["ocpc", "--p", "16"], 15, 15, 1.0),
        (["pops", "--d", "2", "--g", "4"], 8, 7, 7 / 8)):
    r = run(*args, "--protocol", "tdma", "--traffic", "bernoulli", "--find-knee",
            "--max-slots", "400000")
    pc = r["open_loop"]["protocol_capacity"]
    assert abs(pc["value"] - capacity) < 1e-12, pc
    assert pc["value"] <= r["open_loop"]["hardware_bound"]["value"] + 1e-9, r["open_loop"]
    k = r["knee"]
    assert k["upper_from"] == "protocol capacity" and abs(k["upper"] - capacity) < 1e-12, k
    assert k["bracketed"] is True, k
    point = three_x_point(frame, senders, capacity)
    # The bracket holds the formula's point, within the runs' 1% precision on the latency.
    assert k["under_rate"] * 0.99 <= point <= k["over_rate"] * 1.01, (point, k)
    assert abs(k["offered"] - point) <= 0.01 * point, (point, k["offered"])
    assert abs(k["zero_load_latency"] - tdma_latency(0, frame, senders)) <= \
        0.02 * tdma_latency(0, frame, senders), k["zero_load_latency"]
    assert k["criterion"].startswith("3 x zero-load latency"), k["criterion"]
    assert k["points"][0]["zero_load"] is True, k["points"][0]
    assert len(r["runs"]) == len(k["points"]), (len(r["runs"]), len(k["points"]))
    assert r["open_loop"]["rate"] == "per run", r["open_loop"]

# A budget below 3 x the zero-load latency decides (128.3 ns slots: 2000 ns = 15.6 slots on the
# OCPC p = 16, whose zero-load latency is 8 slots).
r = run("ocpc", "--p", "16", "--protocol", "tdma", "--traffic", "bernoulli", "--find-knee",
        "--latency-budget-ns", "2000", "--knee-factor", "4", "--max-slots", "400000")
k = r["knee"]
assert k["criterion"].startswith("latency budget 2000 ns"), k["criterion"]
assert abs(k["threshold"] - 2000 / 128.3) < 1e-9, k["threshold"]
assert k["under_rate"] < k["over_rate"] <= 1, k

# Random access has no capacity in advance: the report says so, and the stability search says
# what it decides and labels what it measured.
r = run("ocpc", "--p", "8", "--protocol", "coinflip", "--traffic", "bernoulli", "--rate", "0.01")
assert r["open_loop"]["protocol_capacity"]["value"] is None, r["open_loop"]["protocol_capacity"]
assert "measured only" in r["open_loop"]["protocol_capacity"]["how"], r["open_loop"]
r = run("ocpc", "--p", "16", "--protocol", "tdma", "--traffic", "bernoulli",
        "--pattern", "transpose", "--find-stability-limit")
s = r["saturation"]
assert s["decides"].startswith("strict stability"), s
assert s["verdict"] in ("decided", "bounded by the run length"), s
assert abs(s["protocol_capacity"] - 1 / 15) < 1e-12, s

# Store-and-forward: gridk on the 4 x 4 grid, its two-phase routes' capacity below the bounds.
r = run("grid", "--n", "4", "--k", "2", "--protocol", "gridk", "--traffic", "bernoulli",
        "--rate", "0.05", "--warmup", "100", "--measure", "1000")
ol = r["open_loop"]
assert ol["protocol_capacity"]["value"] < ol["routing_bound"]["value"], ol
assert ol["protocol_capacity"]["how"].startswith("exact: gridk"), ol["protocol_capacity"]

# A curve of --rates auto ends past the knee, below the capacity.
r = run("ocpc", "--p", "8", "--protocol", "tdma", "--traffic", "bernoulli", "--rates", "auto",
        "--max-slots", "200000")
knee = r["curve"]["knee"]
rates = [x["rate"] for x in r["runs"][len(r["knee"]["points"]):]]
assert max(rates) > knee and max(rates) < 1, (knee, rates)
os.remove(out)
print("ok")
