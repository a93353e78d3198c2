"""A latency-throughput curve's runs in parallel, merged as one curve.

`optinet ... --rates R1,...,Rk` runs its rates one after the other in one process, every run
with the command's seed; a run's results depend only on its rate, its seed and its options, so
the same rates run as k processes `optinet ... --rate Ri` (here on a pool, or as Slurm jobs)
give the same runs. `merge_curve` puts their reports together as the one report of the serial
command: its runs in the order of the rates, `open_loop.rate` "per run", `curve.rates` the
list. What a merged report cannot equal is the wall clock: `wall_seconds` of every run and
`timing_seconds` (`comparable` drops them).

The rates `--rates auto` takes after a knee (`knee_curve_rates`) are the same rule as
testbenches/cli/search.cpp's: 0.1-1.25 of the knee, a rate past it that reaches the capacity
moved between the knee and the capacity.
"""
from __future__ import annotations

import copy

# The shares of the knee `--rates auto` runs (testbenches/cli/search.cpp, kKneeShares).
KNEE_SHARES = (0.1, 0.3, 0.5, 0.7, 0.9, 1, 1.1, 1.25)
# Fields of a report that measure the wall clock, not the network.
CLOCK_FIELDS = ("wall_seconds",)


def knee_curve_rates(knee: float, upper: float) -> list[float]:
    """The rates of a curve around a knee at offered load `knee` below `upper` (the protocol's
    capacity, else the hardware bound): the shares of KNEE_SHARES, those past the knee that
    reach `upper` moved between the knee and it."""
    rates = []
    for share in KNEE_SHARES:
        rate = share * knee
        if share > 1 and rate >= upper:
            rate = (knee + upper) / 2 + (share - 1.1) * (upper - knee)
        if 0 < rate < upper:
            rates.append(rate)
    return rates


def rate_text(rate: float) -> str:
    """A rate as optinet reads it back exactly (repr: the shortest round-trip decimal)."""
    return repr(float(rate))


def point_args(args: list[str], rate: float) -> list[str]:
    """One point of the curve: the curve's optinet arguments with `--rate`."""
    return list(args) + ["--rate", rate_text(rate)]


def curve_args(args: list[str], rates: list[float]) -> list[str]:
    """The serial command of the same curve: `--rates R1,...,Rk`."""
    return list(args) + ["--rates", ",".join(rate_text(r) for r in rates)]


def merge_curve(reports: list[dict], rates: list[float]) -> dict:
    """One curve's report from the reports of its points (one `--rate` run each, in the order
    of `rates`), as the serial `--rates` command writes it. The points must be runs of one
    command: the same network, parameters, protocol, traffic and seed."""
    if len(reports) != len(rates) or not reports:
        raise ValueError(f"{len(reports)} report(s) for {len(rates)} rate(s)")
    first = reports[0]
    for report, rate in zip(reports, rates):
        for key in ("network", "parameters", "protocol", "traffic", "seed"):
            if report.get(key) != first.get(key):
                raise ValueError(f"the point at rate {rate} differs from the first in '{key}'")
        if len(report["runs"]) != 1 or report["runs"][0]["rate"] != rate:
            raise ValueError(f"the point at rate {rate} is not one run at that rate")
    merged = copy.deepcopy(first)
    merged["runs"] = [copy.deepcopy(r["runs"][0]) for r in reports]
    merged["open_loop"]["rate"] = "per run"
    merged["curve"] = {"rates": [float(r) for r in rates]}
    merged.pop("summary", None)  # a summary over one run each; the serial report's is over all
    merged["timing_seconds"] = {
        key: sum(r["timing_seconds"].get(key, 0) for r in reports)
        for key in first.get("timing_seconds", {})}
    return merged


def comparable(report: dict) -> dict:
    """A curve's report without what depends on the wall clock or on how its points were
    grouped into processes (the summary over the runs, the timing): what a merged curve and
    the serial command must have alike."""
    out = copy.deepcopy(report)
    out.pop("timing_seconds", None)
    out.pop("summary", None)
    for run in out.get("runs", []):
        for key in CLOCK_FIELDS:
            run.pop(key, None)
    return out
