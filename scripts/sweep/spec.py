"""The sweep spec: a TOML file read with tomllib, checked key by key, expanded into points and jobs.

A spec names the network, the fixed options, the axes, the runs (seeds) of each point, per-point
overrides, the run fields to merge and the plots. A point is one combination of axis values; its
runs (one seed each) are split into jobs of consecutive seeds, one optinet call per job
(`--seed S --runs K`: run k of seed S is run 0 of seed S+k, so the split does not change the
results). docs/sweeps.md describes every key.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import re
import tomllib
from dataclasses import dataclass, field


class SpecError(Exception):
    """A spec the runner refuses; the message is one line starting with the key at fault."""


TOP_KEYS = {"sweep", "options", "axes", "runs", "override", "merge", "plot", "slurm"}
SWEEP_KEYS = {"name", "network", "optinet", "output"}
RUNS_KEYS = {"count", "seed", "seeds", "per_job"}
OVERRIDE_KEYS = {"match", "runs", "options"}
MERGE_KEYS = {"fields"}
PLOT_KEYS = {"name", "x", "y", "group", "logx", "logy", "title", "where"}
# A plot's name is the file name of its PNG and SVG in the output folder, and the sweep's name
# that of its default output folder in sweeps/: no folder, no "..".
FILE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}")


def _file_name(value, key: str) -> None:
    if not isinstance(value, str) or not FILE_NAME.fullmatch(value) or ".." in value:
        raise SpecError(f"{key}: '{str(value)[:40]}' is not accepted (a file name: letters, "
                        f"digits, '_', '.', '-', no '..', at most 100)")
SLURM_KEYS = {"partition", "time", "mem", "chunk", "extra"}
RANGE_KEYS = {"start", "stop", "step", "factor"}
# The runner owns these optinet options: a job's seeds, runs and report.
RUNNER_OPTIONS = {"seed", "runs", "json", "quiet", "check", "vcd"}
# Options a sweep does not take, with the reason: each writes a file (every job would write the
# same one, outside the output folder), runs a series of rates whose runs are rates and not
# seeds (merged as runs of one point they would be wrong), or prints instead of running.
NOT_IN_A_SWEEP = {
    "hierarchy": "writes a file, the same one for every job (run optinet itself for it)",
    "groups-csv": "writes a file, the same one for every job (run optinet itself for it)",
    "rates": "a series of rates is one run per rate, not runs of one point (accepted: an axis "
             "of rate)",
    "find-saturation": "a saturation search is one run per rate, not runs of one point "
                       "(accepted: an axis of rate, or optinet itself)",
    "help": "prints the options instead of running",
    "version": "prints the version instead of running",
}


def _taken(name: str, where: str) -> None:
    """Refuses an optinet option the runner sets or a sweep does not take."""
    name = name.lstrip("-")
    if name in RUNNER_OPTIONS:
        raise SpecError(f"{where}: set by the runner (runs, seeds, outputs)")
    if name in NOT_IN_A_SWEEP:
        raise SpecError(f"{where}: not taken in a sweep: {NOT_IN_A_SWEEP[name]}")
# Bounds: a spec file is read up to MAX_SPEC_BYTES; a spec expands to at most MAX_JOBS jobs
# (and as many points and seeds per point), far beyond the studies (Table II: 28 jobs) and
# small enough that a typing slip (stop = 1e12) is a refusal, not an exhausted memory.
MAX_SPEC_BYTES = 1 << 20
MAX_JOBS = 100_000


@dataclass
class Job:
    point: int                 # index of the point
    seed: int                  # first seed
    runs: int                  # consecutive seeds seed..seed+runs-1
    args: list[str]            # optinet arguments without --seed/--runs/--json/--quiet
    option_keys: dict = field(default_factory=dict)  # optinet option -> spec key that set it

    def command(self, optinet: str, json_path: str) -> list[str]:
        return [optinet] + self.args + ["--seed", str(self.seed), "--runs", str(self.runs),
                                        "--quiet", "--json", json_path]

    def key(self, version: str) -> str:
        """What a finished result must match: the optinet call and the optinet version."""
        text = json.dumps({"args": self.args, "seed": self.seed, "runs": self.runs,
                           "version": version}, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def name(self) -> str:
        return f"p{self.point:04d}-s{self.seed}-r{self.runs}"


@dataclass
class Point:
    index: int
    values: dict               # column -> value (axis values and labels, in axis order)
    seeds: list[int]


@dataclass
class Spec:
    path: str
    text: str
    name: str
    network: str
    optinet: str | None
    output: str | None
    options: dict
    axes: list                 # [(spec key, [component names], [tuples of values])]
    seeds: list[int]
    per_job: int | None
    overrides: list
    fields: list[str]
    plots: list[dict]
    slurm: dict
    points: list[Point] = field(default_factory=list)
    jobs: list[Job] = field(default_factory=list)

    def columns(self) -> list[str]:
        return [c for _, names, _ in self.axes for c in names]


def _unknown(table: dict, allowed: set, where: str) -> None:
    for key in table:
        if key not in allowed:
            raise SpecError(f"{where}{key}: unknown key (accepted: {', '.join(sorted(allowed))})")


def _table(raw: dict, key: str, where: str = "") -> dict:
    return _is_table(raw.get(key, {}), f"{where}{key}")


def _is_table(value, where: str) -> dict:
    if not isinstance(value, dict):
        raise SpecError(f"{where}: must be a table")
    return value


def _is_array_of_tables(value, where: str) -> list:
    if not isinstance(value, list) or not all(isinstance(x, dict) for x in value):
        raise SpecError(f"{where}: must be an array of tables ([[{where}]])")
    return value


def _is_number(value, where: str):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise SpecError(f"{where}: must be a finite number")
    return value


def _bounded(count: int, where: str) -> None:
    if count > MAX_JOBS:
        raise SpecError(f"{where}: {count} values, more than the {MAX_JOBS} a sweep may have")


def expand_range(key: str, r: dict) -> list:
    """{start, stop, step} (arithmetic) or {start, stop, factor} (geometric); stop included."""
    _unknown(r, RANGE_KEYS, f"axes.{key}.")
    if "start" not in r or "stop" not in r or ("step" in r) == ("factor" in r):
        raise SpecError(f"axes.{key}: a range needs start, stop and one of step or factor")
    start = _is_number(r["start"], f"axes.{key}.start")
    stop = _is_number(r["stop"], f"axes.{key}.stop")
    values = []
    if "step" in r:
        step = _is_number(r["step"], f"axes.{key}.step")
        if step <= 0:
            raise SpecError(f"axes.{key}.step: must be > 0")
        span = (stop - start) / step
        _bounded(int(span) + 1 if math.isfinite(span) else MAX_JOBS + 1, f"axes.{key}")
        count = int(math.floor(span + 1e-9)) + 1
        for k in range(max(count, 0)):
            v = start + k * step
            values.append(round(v, 12) if isinstance(v, float) else v)
    else:
        factor = _is_number(r["factor"], f"axes.{key}.factor")
        if factor <= 1:
            raise SpecError(f"axes.{key}.factor: must be > 1")
        if start <= 0:
            raise SpecError(f"axes.{key}.start: must be > 0 for a range with a factor")
        _bounded(int(math.log(max(stop / start, 1)) / math.log(factor)) + 1, f"axes.{key}")
        v = start
        while v <= stop * (1 + 1e-12):
            values.append(round(v, 12) if isinstance(v, float) else v)
            v = v * factor
    if not values:
        raise SpecError(f"axes.{key}: the range is empty")
    return values


def expand_axis(key: str, value) -> tuple[list[str], list[tuple]]:
    """An axis: a list or a range; "a:b" keys take "x:y" values (shapes as d:g pairs). A name
    starting with @ is a label: a column of the results, not an optinet option; the label @count
    sets the point's number of runs (seeds runs.seed, runs.seed + 1, ...)."""
    names = key.split(":")
    if any(not n or n == "@" for n in names):
        raise SpecError(f"axes.{key}: empty name in the key")
    for name in names:
        if not name.startswith("@"):
            _taken(name, f"axes.{key}")
    if isinstance(value, dict):
        if len(names) > 1:
            raise SpecError(f"axes.{key}: a composite axis takes a list of \"x:y\" strings")
        values = expand_range(key, value)
    elif isinstance(value, list):
        values = value
    else:
        raise SpecError(f"axes.{key}: must be a list or a range table")
    if not values:
        raise SpecError(f"axes.{key}: empty axis")
    rows = []
    for v in values:
        if isinstance(v, (dict, list)):
            raise SpecError(f"axes.{key}: values must be numbers, strings or booleans")
        if len(names) == 1:
            rows.append((v,))
            continue
        parts = str(v).split(":")
        if len(parts) != len(names):
            raise SpecError(f"axes.{key}: '{v}' does not have {len(names)} parts separated by :")
        rows.append(tuple(_number(p) for p in parts))
    return [n.lstrip("@") for n in names], rows


def _number(text: str):
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def expand_seeds(runs, where: str = "runs") -> tuple[list[int], int | None]:
    _unknown(_is_table(runs, where), RUNS_KEYS, "runs.")
    if "seeds" in runs and ("count" in runs or "seed" in runs):
        raise SpecError("runs.seeds: give either seeds or count (and seed), not both")
    if "seeds" in runs:
        s = runs["seeds"]
        seeds = expand_range("seeds", s) if isinstance(s, dict) else s
        if not isinstance(seeds, list) or not all(isinstance(x, int) and x >= 0 for x in seeds):
            raise SpecError("runs.seeds: must be a list or range of integers >= 0")
    else:
        count, first = runs.get("count", 1), runs.get("seed", 1)
        if not isinstance(count, int) or count < 1:
            raise SpecError("runs.count: must be an integer >= 1")
        if not isinstance(first, int) or first < 0:
            raise SpecError("runs.seed: must be an integer >= 0")
        _bounded(count, "runs.count")
        seeds = list(range(first, first + count))
    if not seeds:
        raise SpecError("runs.seeds: empty")
    if len(set(seeds)) != len(seeds):
        raise SpecError("runs.seeds: a seed is listed twice")
    per_job = runs.get("per_job")
    if per_job is not None and (not isinstance(per_job, int) or per_job < 1):
        raise SpecError("runs.per_job: must be an integer >= 1")
    return seeds, per_job


def option_args(options, where: str) -> tuple[list[str], dict]:
    """--key value for each option; true is a flag, false leaves it out."""
    args, keys = [], {}
    for key, value in _is_table(options, where.rstrip(".") or "options").items():
        _taken(key, f"{where}{key}")
        if isinstance(value, (dict, list)):
            raise SpecError(f"{where}{key}: must be a number, a string or a boolean")
        option = "--" + key.lstrip("-")
        keys[option] = f"{where}{key}"
        if value is True:
            args.append(option)
        elif value is not False:
            args += [option, str(value)]
    return args, keys


def consecutive_chunks(seeds: list[int], per_job: int) -> list[tuple[int, int]]:
    """(first seed, runs) for runs of consecutive seeds, at most per_job each."""
    chunks = []
    for s in seeds:
        if chunks and chunks[-1][0] + chunks[-1][1] == s and chunks[-1][1] < per_job:
            chunks[-1] = (chunks[-1][0], chunks[-1][1] + 1)
        else:
            chunks.append((s, 1))
    return chunks


def load(path: str) -> Spec:
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_SPEC_BYTES + 1)
        if len(data) > MAX_SPEC_BYTES:
            raise SpecError(f"spec: '{path}' is longer than {MAX_SPEC_BYTES} bytes")
        raw = tomllib.loads(data.decode())
    except OSError as e:
        raise SpecError(f"spec: cannot read '{path}' ({e.strerror})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise SpecError(f"spec: not TOML ({e})") from None
    _unknown(raw, TOP_KEYS, "")
    sweep = _table(raw, "sweep")
    _unknown(sweep, SWEEP_KEYS, "sweep.")
    options = _table(raw, "options")
    option_args(options, "options.")
    axes_raw = _table(raw, "axes")
    axes = []
    for key, value in axes_raw.items():
        names, rows = expand_axis(key, value)
        axes.append((key, names, rows))
    columns = [c for _, names, _ in axes for c in names]
    if len(set(columns)) != len(columns):
        raise SpecError("axes: a name appears in two axes")
    if not isinstance(sweep.get("network"), str) and "network" not in columns:
        raise SpecError("sweep.network: missing (the optinet network, e.g. pops, or an axis "
                        "named network)")
    seeds, per_job = expand_seeds(_table(raw, "runs"))
    overrides = _is_array_of_tables(raw.get("override", []), "override")
    for i, o in enumerate(overrides):
        _unknown(o, OVERRIDE_KEYS, f"override[{i}].")
        for c in _table(o, "match", f"override[{i}]."):
            if c not in columns:
                raise SpecError(f"override[{i}].match.{c}: not an axis column "
                                f"(columns: {', '.join(columns)})")
        if "runs" in o:
            expand_seeds(o["runs"], f"override[{i}].runs")
        option_args(o.get("options", {}), f"override[{i}].options.")
    merge = _table(raw, "merge")
    _unknown(merge, MERGE_KEYS, "merge.")
    fields = merge.get("fields", [])
    if not isinstance(fields, list) or not all(isinstance(x, str) for x in fields):
        raise SpecError("merge.fields: must be a list of run field names")
    plots = _is_array_of_tables(raw.get("plot", []), "plot")
    for i, p in enumerate(plots):
        _unknown(p, PLOT_KEYS, f"plot[{i}].")
        for k in ("name", "x", "y"):
            if not isinstance(p.get(k), str):
                raise SpecError(f"plot[{i}].{k}: missing")
        _file_name(p["name"], f"plot[{i}].name")
        if p["y"] not in fields:
            raise SpecError(f"plot[{i}].y: '{p['y']}' is not in merge.fields")
    if "name" in sweep:
        _file_name(sweep["name"], "sweep.name")
    slurm = _table(raw, "slurm")
    _unknown(slurm, SLURM_KEYS, "slurm.")
    spec = Spec(path=path, text=data.decode(), name=sweep.get("name", os.path.splitext(
        os.path.basename(path))[0]), network=sweep.get("network", ""), optinet=sweep.get("optinet"),
        output=sweep.get("output"), options=options, axes=axes, seeds=seeds, per_job=per_job,
        overrides=overrides, fields=fields, plots=plots, slurm=slurm)
    expand(spec)
    return spec


def expand(spec: Spec) -> None:
    """Points: the product of the axes in spec order; jobs: each point's seeds in chunks."""
    _bounded(math.prod(len(rows) for _, _, rows in spec.axes), "axes (the product of their lengths)")
    products = itertools.product(*[rows for _, _, rows in spec.axes]) if spec.axes else [()]
    for combo in products:
        values, args, keys = {}, [spec.network], {}
        for (key, names, _), row in zip(spec.axes, combo):
            for name, v in zip(names, row):
                values[name] = v
                if name == "network":  # an axis of networks: the command's first word
                    args[0] = str(v)
                    keys["network"] = f"axes.{key}"
                    continue
                if key.split(":")[names.index(name)].startswith("@") or v == "":
                    continue  # a label, or an empty part: no such option at this point
                option = "--" + name
                keys[option] = f"axes.{key}"
                args += [option] if v is True else [] if v is False else [option, str(v)]
        seeds, per_job = spec.seeds, spec.per_job
        if "count" in values:  # the label @count: this point's number of runs
            count = values["count"]
            if not isinstance(count, int) or count < 1:
                raise SpecError(f"axes: @count '{count}' is not an integer >= 1")
            seeds = list(range(seeds[0], seeds[0] + count))
        options = {k: (v, f"options.{k}") for k, v in spec.options.items()}
        for i, o in enumerate(spec.overrides):  # a matching override replaces what it names
            if all(values.get(c) == v for c, v in o.get("match", {}).items()):
                if "runs" in o:
                    seeds, per_job = expand_seeds(o["runs"])
                for k, v in o.get("options", {}).items():
                    options[k] = (v, f"override[{i}].options.{k}")
        for k, (v, where) in options.items():
            a, _ = option_args({k: v}, "")
            args += a
            keys["--" + k.lstrip("-")] = where
        point = Point(len(spec.points), values, seeds)
        spec.points.append(point)
        for first, runs in consecutive_chunks(seeds, per_job or len(seeds)):
            spec.jobs.append(Job(point.index, first, runs, list(args), dict(keys)))
        _bounded(len(spec.jobs), "runs (jobs of all points)")
