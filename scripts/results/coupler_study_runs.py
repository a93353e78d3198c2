"""How the coupler study (scripts/results/coupler_study.py) runs optinet: one run here or as a
Slurm job, its CPU time, and the priority pool of workers."""
import concurrent.futures
import heapq
import json
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
from coupler_study_cases import SEED  # noqa: E402
from sweep import slurm as sweep_slurm  # noqa: E402


def slurm_command(optinet, args, command, path, slurm):
    """`command` (a run of optinet ARGS) as one Slurm job that sbatch waits for (its exit
    status is the job's): a core, the memory `optinet --check` estimates with the sweep
    runner's margin, and the partition and time limit asked for; its output goes to PATH.log."""
    check = subprocess.run([optinet] + args + ["--check"], capture_output=True, text=True)
    mem = 0
    if check.returncode == 0:
        mem = sweep_slurm.memory_request_mib(json.loads(check.stdout)["memory_estimate_bytes"])
    job = ["sbatch", "--wait", "--quiet", "--job-name=optinet-study", "--cpus-per-task=1",
           f"--output={path}.log", f"--time={slurm['time']}"]
    if mem:
        job.append(f"--mem={mem}M")
    if slurm["partition"]:
        job.append(f"--partition={slurm['partition']}")
    return job + ["--wrap", "exec " + shlex.join(command)]


def run(optinet, args, scratch, children, slurm=None):
    """One optinet run, here or as a Slurm job (`slurm`: partition and time), its process
    tracked in CHILDREN; returns its JSON (None if the command refused it)."""
    fd, path = tempfile.mkstemp(suffix=".json", dir=scratch)
    os.close(fd)
    command = [optinet] + args + ["--seed", str(SEED), "--quiet", "--json", path]
    if slurm:
        proc = children.run(slurm_command(optinet, args, command, path, slurm),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if os.path.exists(path + ".log"):
            with open(path + ".log", encoding="utf-8", errors="replace") as f:
                proc.stderr += f.read()
            os.remove(path + ".log")
        if proc.returncode != 2 and os.path.getsize(path) == 0:
            # No report and not a refusal: sbatch failed, or the job died before optinet wrote.
            cli_guard.check_exit(proc, accepted=(0,))
        cpu = None
    else:
        proc, cpu = run_here(command, children)
    if proc.returncode == 2:
        os.remove(path)
        return None
    # Exit 1 with a report: a closed-loop run stopped at the slot limit (a result to show).
    cli_guard.check_exit(proc)
    with open(path, encoding="utf-8") as f, cli_guard.reading(f"{optinet}'s report", "JSON"):
        report = json.load(f)
    os.remove(path)
    report["cpu_seconds"] = cpu  # the process's user + system time (None on Slurm)
    return report


class OwnReaping:
    """A started process as cli_guard.Children sees it (poll, send_signal, kill, wait), reaped
    only by its own thread (os.wait4, which returns its resource usage): Children's poll of
    every running process would otherwise reap it, and its usage with it."""

    def __init__(self, process):
        self.process = process
        self.returncode = None

    def poll(self):
        return self.returncode

    def send_signal(self, signum):
        if self.returncode is None:
            os.kill(self.process.pid, signum)

    def kill(self):
        self.send_signal(signal.SIGKILL)

    def wait(self, timeout=None):
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.returncode is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(self.process.args, timeout)
            time.sleep(0.05)
        return self.returncode


def run_here(command, children):
    """COMMAND run here, tracked in CHILDREN; its completed process and CPU seconds (user +
    system, from its own resource usage: other load on the machine does not count)."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True)
    tracked = OwnReaping(process)
    children.track(tracked)
    err = process.stderr.read()
    process.stderr.close()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = tracked.returncode = os.waitstatus_to_exitcode(status)
    return (subprocess.CompletedProcess(command, process.returncode, None, err),
            usage.ru_utime + usage.ru_stime)


class PriorityPool:
    """Workers that take the queued call of the lowest priority (then the oldest): a shape's
    later runs, queued once its knees are known, go before the next shapes' first runs, so
    the shapes finish one after another. shutdown() as ThreadPoolExecutor's."""

    def __init__(self, workers):
        self._queue = []
        self._count = 0
        self._cv = threading.Condition()
        self._closed = False
        self._threads = [threading.Thread(target=self._work, daemon=True) for _ in range(workers)]
        for t in self._threads:
            t.start()

    def submit(self, priority, fn, *args):
        future = concurrent.futures.Future()
        with self._cv:
            if self._closed:
                raise RuntimeError("submit after shutdown")
            heapq.heappush(self._queue, (priority, self._count, future, fn, args))
            self._count += 1
            self._cv.notify()
        return future

    def _work(self):
        while True:
            with self._cv:
                while not self._queue and not self._closed:
                    self._cv.wait()
                if not self._queue:
                    return
                _, _, future, fn, args = heapq.heappop(self._queue)
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn(*args))
            except BaseException as e:  # noqa: B902 (the caller's result() raises it)
                future.set_exception(e)

    def shutdown(self, wait=True, cancel_futures=False):
        with self._cv:
            self._closed = True
            if cancel_futures:
                for item in self._queue:
                    item[2].cancel()
                self._queue.clear()
            self._cv.notify_all()
        if wait:
            for t in self._threads:
                t.join()
