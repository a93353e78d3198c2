#!/usr/bin/python3
"""usage: fuzz_sweep_spec.py REPO SECONDS [SEED]

Fuzzes the sweep spec reader (scripts/sweep/spec.py) the way libFuzzer fuzzes optinet's input
parsers (tests/fuzz/): mutations of the committed studies and of the corpus in
tests/fuzz/corpus/sweep_spec/, each loaded in process. Every input must give a Spec or a
SpecError (the runner's one line, exit 2); anything else (another exception, a spec of more
jobs than the bound, more than 5 s or 1 GiB for one input) is a finding: the input is written
to the current folder and the test fails. SEED fixes the mutation sequence, so a finding is
reproducible; the test runs for SECONDS.
"""
import os
import random
import resource
import signal
import sys
import time
import traceback

REPO, SECONDS = sys.argv[1], float(sys.argv[2])
SEED = int(sys.argv[3]) if len(sys.argv) > 3 else 1
sys.path.insert(0, os.path.join(REPO, "scripts"))
from sweep import spec as sweep_spec  # noqa: E402

# Values that reach the corners of a TOML reader and of the spec's checks.
INTERESTING = ["0", "-1", "1e308", "1e999", "nan", "inf", "-inf", "9223372036854775807",
               "99999999999999999999", "\"\"", "\"a:b:c\"", "[]", "{}", "[[]]", "true", "false",
               "{start = 1, stop = 1e12, step = 1}", "{start = 1, stop = 2, factor = 1.0000001}",
               "{start = \"a\", stop = 3, step = 1}", "\"\\u0000\"", "0.1", "[1, \"x\"]"]


def corpus():
    inputs = []
    for folder in ("studies", os.path.join("tests", "fuzz", "corpus", "sweep_spec")):
        path = os.path.join(REPO, folder)
        for name in sorted(os.listdir(path)):
            with open(os.path.join(path, name), "rb") as f:
                inputs.append(f.read())
    return inputs


def mutate(data: bytes, rng: random.Random) -> bytes:
    lines = data.split(b"\n")
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(6)
        i = rng.randrange(len(lines)) if lines else 0
        if kind == 0 and lines:  # a value replaced by an interesting one
            key, sep, _ = lines[i].partition(b"=")
            if sep:
                lines[i] = key + b"= " + rng.choice(INTERESTING).encode()
        elif kind == 1 and lines:
            del lines[i]
        elif kind == 2 and lines:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif kind == 3 and lines and lines[i]:  # a byte changed
            b = bytearray(lines[i])
            b[rng.randrange(len(b))] = rng.randrange(256)
            lines[i] = bytes(b)
        elif kind == 4:  # a line from another place (another table's key)
            lines.insert(i, rng.choice([b"[sweep]", b"[runs]", b"[[override]]", b"[axes]",
                                        b"[[plot]]", b"[options]", b"[merge]", b"[slurm]"]))
        elif kind == 5 and lines:
            lines = lines[:i]  # truncated
    return b"\n".join(lines)


def on_alarm(signum, frame):
    raise TimeoutError("more than 5 s for one input")


def main():
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    signal.signal(signal.SIGALRM, on_alarm)
    rng = random.Random(SEED)
    seeds = corpus()
    path = os.path.abspath("fuzz_sweep_spec.toml")
    deadline, count, refused = time.monotonic() + SECONDS, 0, 0
    while time.monotonic() < deadline:
        data = mutate(rng.choice(seeds), rng)
        with open(path, "wb") as f:
            f.write(data)
        signal.alarm(5)
        try:
            s = sweep_spec.load(path)
            assert len(s.jobs) <= sweep_spec.MAX_JOBS, f"{len(s.jobs)} jobs"
        except sweep_spec.SpecError as e:
            message = str(e)
            assert "\n" not in message and message, repr(message)
            refused += 1
        except BaseException:
            signal.alarm(0)
            finding = os.path.abspath(f"fuzz_sweep_spec-finding-{count}.toml")
            os.replace(path, finding)
            print(f"FAIL: input {count} (seed {SEED}) saved as {finding}")
            traceback.print_exc()
            return 1
        finally:
            signal.alarm(0)
        count += 1
    os.unlink(path)
    print(f"fuzz_sweep_spec: {count} inputs in {SECONDS:g} s, {refused} refused, "
          f"{count - refused} accepted, no finding")
    return 0


if __name__ == "__main__":
    sys.exit(main())
