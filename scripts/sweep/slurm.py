"""The Slurm backend: one job-array task per chunk of jobs (sbatch --array), each task running its
chunk through `optinet-sweep SPEC --run-chunk I` on the compute node (the output folder is on a
shared file system, as on any cluster). Jobs are grouped by memory class (the estimate of
`optinet --check` with a margin, rounded up to its three leading bits), one array per class, unless
the spec or the command line sets --mem for all."""
from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys

import cli_guard  # scripts/, on the path of scripts/optinet-sweep

MIB = 1024 * 1024
# The estimate covers the network (threads, media, nodes, links, the VCD); the margin covers what
# it does not: the packets in flight and the latency records of open-loop runs.
MEMORY_MARGIN = 1.5
MEMORY_FLOOR_MIB = 64


def memory_request_mib(estimate_bytes: int) -> int:
    return max(MEMORY_FLOOR_MIB, int(estimate_bytes * MEMORY_MARGIN / MIB) + 1)


def memory_class_mib(estimate_bytes: int) -> int:
    """The request rounded up to its three leading bits (at most 12.5% more): jobs of one class
    share an array."""
    mib = memory_request_mib(estimate_bytes)
    step = 1 << max(0, mib.bit_length() - 3)
    return -(-mib // step) * step


def chunks(pending: list[int], chunk: int) -> list[list[int]]:
    return [pending[i:i + chunk] for i in range(0, len(pending), chunk)]


def write_script(output: str, spec_path: str, optinet: str, offset: int, tasks: int,
                 settings: dict, mem_mib: int, runner: str) -> str:
    """An array of `tasks` tasks running the sweep's tasks offset .. offset + tasks - 1."""
    folder = os.path.join(output, "slurm")
    os.makedirs(folder, exist_ok=True)
    lines = ["#!/bin/sh", f"#SBATCH --job-name=optinet-sweep",
             f"#SBATCH --array=0-{tasks - 1}", f"#SBATCH --mem={mem_mib}M",
             "#SBATCH --cpus-per-task=1",
             f"#SBATCH --output={os.path.join(folder, 'task-%a.log')}"]
    if settings.get("partition"):
        lines.append(f"#SBATCH --partition={settings['partition']}")
    if settings.get("time"):
        lines.append(f"#SBATCH --time={settings['time']}")
    for extra in settings.get("extra", []):
        lines.append(f"#SBATCH {extra}")
    lines.append(" ".join(shlex.quote(x) for x in [
        sys.executable, runner, spec_path, "--output", output, "--optinet", optinet,
        "--run-chunk"]) + f' "$(({offset} + SLURM_ARRAY_TASK_ID))"')
    path = os.path.join(folder, f"sweep-{mem_mib}M.sbatch")
    cli_guard.write_atomically(path, "\n".join(lines) + "\n")
    return path


def submit(script: str) -> str:
    if shutil.which("sbatch") is None:
        raise RuntimeError("sbatch not found (is this a Slurm login node?)")
    p = subprocess.run(["sbatch", "--parsable", script], capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("sbatch: " + (p.stderr.strip() or p.stdout.strip()))
    return p.stdout.strip().split(";")[0]


def queue_state(job_id: str) -> str:
    """squeue's view of the array: counts of its tasks by state, or '' if none is queued."""
    if not job_id or shutil.which("squeue") is None:
        return ""
    p = subprocess.run(["squeue", "-h", "-r", "-j", job_id, "-o", "%T"], capture_output=True,
                       text=True)
    if p.returncode != 0:
        return ""
    counts: dict[str, int] = {}
    for state in p.stdout.split():
        counts[state] = counts.get(state, 0) + 1
    return ", ".join(f"{n} {s.lower()}" for s, n in sorted(counts.items()))


def save_submission(output: str, arrays: list[dict], tasks: list[list[str]]) -> None:
    """The arrays (script, --mem, job id) and the job names of every task."""
    cli_guard.write_atomically(os.path.join(output, "slurm", "submission.json"),
                               json.dumps({"arrays": arrays, "tasks": tasks}, indent=1))


def load_submission(output: str) -> dict:
    try:
        with open(os.path.join(output, "slurm", "submission.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}
