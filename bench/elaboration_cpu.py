#!/usr/bin/python3
"""Elaboration of POPS(D,D) in wall time and in CPU time, binaries alternated .

usage: bench/elaboration_cpu.py OUT D ROUNDS BIN...   (appends one line per run to OUT)

Runs `BIN pops --d D --g D --runs 1 --seed 1 --quiet --json J`; reports timing_seconds from the
JSON (wall), and the CPU time the process had used (user, sys from /proc/PID/stat, polled every
20 ms) at the moment elaboration ended (process start + elaboration wall), and rusage at exit
(the same maximum RSS /usr/bin/time -v reports)."""
import datetime
import json
import os
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.append(os.path.join(REPO, "scripts"))
import cli_guard  # noqa: E402


def main():
    ap = cli_guard.ArgumentParser(description=__doc__)
    ap.add_argument("out", metavar="OUT", help="file the lines are appended to")
    ap.add_argument("d", metavar="D", type=cli_guard.positive_int, help="POPS(D,D)")
    ap.add_argument("rounds", metavar="ROUNDS", type=cli_guard.positive_int)
    ap.add_argument("bins", metavar="BIN", nargs="+", help="optinet binaries, alternated")
    args = ap.parse_args()
    out, d, rounds, bins = args.out, str(args.d), args.rounds, args.bins
    cli_guard.output_folder(os.path.dirname(out), "OUT")
    tick = os.sysconf("SC_CLK_TCK")
    for r in range(1, rounds + 1):
        for b in bins:
            j = f"{tempfile.gettempdir()}/elaboration_cpu-{os.getpid()}.json"
            with open("/proc/loadavg") as f:
                la = f.read().split()[0]
            t0 = time.monotonic()
            p = subprocess.Popen([b, "pops", "--d", d, "--g", d, "--runs", "1", "--seed", "1",
                                  "--quiet", "--json", j], stdout=subprocess.DEVNULL)
            samples = []
            while True:
                try:
                    with open(f"/proc/{p.pid}/stat") as f:
                        fields = f.read().rsplit(")", 1)[1].split()
                    samples.append((time.monotonic() - t0, int(fields[11]) / tick,
                                    int(fields[12]) / tick))
                except (FileNotFoundError, ProcessLookupError, IndexError):
                    pass
                pid, status, ru = os.wait4(p.pid, os.WNOHANG)
                if pid:
                    break
                time.sleep(0.02)
            wall = time.monotonic() - t0
            if os.waitstatus_to_exitcode(status) != 0:
                raise subprocess.CalledProcessError(os.waitstatus_to_exitcode(status), p.args)
            with open(j) as f:
                ts = json.load(f)["timing_seconds"]
            e = ts["elaboration"]
            at = [s for s in samples if s[0] <= e]
            eu, es = (at[-1][1], at[-1][2]) if at else (float("nan"),) * 2
            line = (f"{datetime.datetime.utcnow():%H:%M:%S} r{r} POPS({d},{d}) "
                    f"{os.path.basename(b):16s} "
                    f"elab {e:6.2f} s (cpu {eu + es:5.2f} = user {eu:5.2f} + sys {es:5.2f}) "
                    f"sim {ts['simulation']:6.2f} | process wall {wall:6.2f} user "
                    f"{ru.ru_utime:6.2f} sys {ru.ru_stime:6.2f} "
                    f"rss {ru.ru_maxrss / 1024:6.0f} MiB | load {la}")
            print(line, flush=True)
            with open(out, "a") as f:
                f.write(line + "\n")


if __name__ == "__main__":
    cli_guard.run(main)
