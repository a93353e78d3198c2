#!/usr/bin/env python3
"""Elaboration of POPS(D,D) in wall time and in CPU time, binaries alternated (issue 18).

usage: bench/elaboration_cpu.py OUT D ROUNDS BIN...   (appends one line per run to OUT)

Runs `BIN pops --d D --g D --runs 1 --seed 1 --quiet --json J`; reports timing_seconds from the
JSON (wall), and the CPU time the process had used (user, sys from /proc/PID/stat, polled every
20 ms) at the moment elaboration ended (process start + elaboration wall), and rusage at exit
(the same maximum RSS /usr/bin/time -v reports)."""
import datetime, json, os, subprocess, sys, tempfile, time
out, d, rounds, bins = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
tick = os.sysconf("SC_CLK_TCK")
for r in range(1, rounds + 1):
    for b in bins:
        j = f"{tempfile.gettempdir()}/elaboration_cpu-{os.getpid()}.json"
        la = open("/proc/loadavg").read().split()[0]
        t0 = time.monotonic()
        p = subprocess.Popen([b, "pops", "--d", d, "--g", d, "--runs", "1", "--seed", "1", "--quiet",
                              "--json", j], stdout=subprocess.DEVNULL)
        samples = []
        while True:
            try:
                f = open(f"/proc/{p.pid}/stat").read().rsplit(")", 1)[1].split()
                samples.append((time.monotonic() - t0, int(f[11]) / tick, int(f[12]) / tick))
            except (FileNotFoundError, ProcessLookupError, IndexError):
                pass
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            time.sleep(0.02)
        wall = time.monotonic() - t0
        ts = json.load(open(j))["timing_seconds"]
        e = ts["elaboration"]
        at = [s for s in samples if s[0] <= e]
        eu, es = (at[-1][1], at[-1][2]) if at else (float("nan"),) * 2
        line = (f"{datetime.datetime.utcnow():%H:%M:%S} r{r} POPS({d},{d}) {os.path.basename(b):16s} "
                f"elab {e:6.2f} s (cpu {eu + es:5.2f} = user {eu:5.2f} + sys {es:5.2f}) "
                f"sim {ts['simulation']:6.2f} | process wall {wall:6.2f} user {ru.ru_utime:6.2f} sys {ru.ru_stime:6.2f} "
                f"rss {ru.ru_maxrss / 1024:6.0f} MiB | load {la}")
        print(line, flush=True)
        open(out, "a").write(line + "\n")
