#!/usr/bin/python3
"""usage: check_request_reply.py OPTINET WORKDIR
Request-reply transactions through the command (testbenches/open_loop/transactions.h): on every
family that runs open-loop traffic each run conserves frames per class and transactions; Little's
law holds (transactions outstanding = throughput x round trip, within the intervals); with M = 1
at zero load the round trip is the request's and the reply's one-way latencies, measured by
open-loop runs of messages of their sizes, plus the one-slot service; a bound M holds the
throughput to M / round trip and leaves requests waiting."""
import json
import os
import subprocess
import sys

optinet, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
out = os.path.join(work, "request_reply.json")


def run(*args):
    if os.path.exists(out):
        os.remove(out)
    status = subprocess.run([optinet, *args, "--json", out, "--quiet"],
                            stdout=subprocess.DEVNULL).returncode
    assert status == 0, "exit status %d: %s" % (status, " ".join(args))
    with open(out) as f:
        report = json.load(f)
    for r in report["runs"]:
        assert r["ok"] and not r["errors"], (args, r["errors"])
    return report


def transactions(*args):
    report = run(*args, "--traffic", "request-reply")
    t = report["runs"][0]["transactions"]
    for name in ("requests", "replies"):
        c = t[name]
        assert c["frames_created"] == c["frames_delivered"] + c["frames_in_flight"], (args, c)
    assert t["replies"]["messages_created"] <= t["requests"]["messages_delivered"], (args, t)
    assert t["drawn"] == t["issued"] + t["waiting"], (args, t)
    assert t["issued"] == t["completed"] + t["open"], (args, t)
    assert t["completed"] > 0, (args, t)
    return t


def littles_law(label, t):
    x, w, l = t["throughput"], t["round_trip"]["mean"], t["outstanding_mean"]
    x_ci, w_ci = t["throughput_ci"], t["round_trip_ci"]
    assert x_ci and w_ci, (label, t)
    slack = (x_ci[1] - x_ci[0]) / 2 * w + (w_ci[1] - w_ci[0]) / 2 * x + 0.02 * l
    assert abs(l - x * w) <= slack, "%s: outstanding %.4f, throughput x round trip %.4f x %.2f = " \
        "%.4f (slack %.4f)" % (label, l, x, w, x * w, slack)
    print("%s: outstanding %.4f = %.4f x %.2f (+- %.4f)" % (label, l, x, w, slack))


window = ["--warmup", "500", "--measure", "8000", "--batch-slots", "250", "--max-slots", "40000"]
# Every family that runs open-loop traffic, under a load that keeps requests waiting for some.
cases = [
    ("pops tdma", ["pops", "--d", "4", "--g", "4", "--protocol", "tdma", "--rate", "0.5",
                   "--outstanding", "2", "--reply-frames", "4"]),
    ("pops reservation", ["pops", "--d", "4", "--g", "4", "--protocol", "reservation",
                          "--rate", "0.4", "--outstanding", "4", "--message-frames", "2",
                          "--reply-frames", "3"]),
    ("pops random access", ["pops", "--d", "4", "--g", "4", "--protocol", "randomized",
                            "--rate", "0.05", "--outstanding", "2"]),
    ("ocpc tdma", ["ocpc", "--p", "8", "--protocol", "tdma", "--rate", "0.3",
                   "--outstanding", "2", "--reply-frames", "2"]),
    ("ocpc coinflip", ["ocpc", "--p", "8", "--protocol", "coinflip", "--rate", "0.2",
                       "--outstanding", "3"]),
    ("grid", ["grid", "--n", "4", "--k", "2", "--rate", "0.3", "--outstanding", "2",
              "--message-sizes", "1:0.5,4:0.5", "--reply-frames", "4"]),
    ("hypercube", ["hypercube", "--n", "4", "--rate", "0.3", "--outstanding", "8"]),
]
for label, args in cases:
    littles_law(label, transactions(*args, *window, "--seed", "5"))

# M = 1 at zero load on POPS with reservation (a one-way latency that barely varies at zero
# load: a 2-frame message 5 slots, a 5-frame one 8): the round trip is the one-way latency of a
# 2-frame request, one slot of service and the one-way latency of a 5-frame reply, each measured
# by an open-loop run of messages of its size.
zero = ["pops", "--d", "4", "--g", "4", "--protocol", "reservation", "--rate", "0.002", "--seed",
        "3", "--warmup", "0", "--measure", "20000", "--max-slots", "40000"]
t = transactions(*zero, "--outstanding", "1", "--message-frames", "2", "--reply-frames", "5")
one_way = []
for frames in (2, 5):
    m = run(*zero, "--traffic", "bernoulli", "--message-frames", str(frames))["runs"][0]["messages"]
    one_way.append((m["latency_mean"], m["latency_p50"]))
expected = one_way[0][0] + 1 + one_way[1][0]
assert t["round_trip"]["count"] > 50, t
assert abs(t["round_trip"]["mean"] - expected) < 0.1, (t["round_trip"], one_way)
assert t["round_trip"]["p50"] == one_way[0][1] + 1 + one_way[1][1], (t["round_trip"], one_way)
print("zero load, M = 1: round trip %.3f = %.3f + 1 + %.3f" % (
    t["round_trip"]["mean"], one_way[0][0], one_way[1][0]))

# A bound M: offered far above M / round trip, the throughput stays at M / round trip (Little
# with every place held) and the requests drawn wait; the run is saturated.
t = transactions("pops", "--d", "4", "--g", "4", "--protocol", "tdma", "--rate", "1",
                 "--outstanding", "1", "--reply-frames", "8", *window, "--seed", "2")
assert t["waiting"] > 0, t
assert abs(t["outstanding_mean"] - 1) < 0.01, t
assert abs(t["throughput"] * t["round_trip"]["mean"] - 1) < 0.05, t
print("M = 1 saturated: throughput %.4f x round trip %.2f = %.3f" %
      (t["throughput"], t["round_trip"]["mean"], t["throughput"] * t["round_trip"]["mean"]))
print("request-reply checks passed")
