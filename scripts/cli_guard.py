"""How the project's Python scripts fail, as the C++ optinet does: one line on stderr naming the
program and the problem, a non-zero exit status, never a traceback.

    import cli_guard                      # bench/: sys.path.append(<repo>/scripts) first

    def main():
        ap = cli_guard.ArgumentParser(description=...)  # a usage error: one line, exit 2
        args = ap.parse_args()
        cli_guard.output_folder(args.out, "--out")      # refused before the long work
        with open(args.json) as f, cli_guard.reading(args.json, "optinet report"):
            report = json.load(f)                       # bad data names the file
            ...

    if __name__ == "__main__":
        cli_guard.run(main)

run(main) calls main() and exits with its return value; what main raises becomes one line:
  OSError: a missing, unreadable or unwritable file     PROG: PATH: strerror             exit 2
  BadInput: from reading(), or raised by a script       PROG: PATH: not the expected WHAT (detail)
                                                                                         exit 2
  json.JSONDecodeError, csv.Error, KeyError or          PROG: input: not the expected data
    UnicodeDecodeError outside reading()                  (detail)                       exit 2
  subprocess.CalledProcessError (or check_exit)         PROG: PROGRAM: exit status N
                                                          (its last stderr line, if kept) exit 1
  subprocess.TimeoutExpired                             PROG: PROGRAM: timed out after S s exit 1
  CheckFailed: a result that fails the script's check   PROG: MESSAGE                    exit 1
  ModuleNotFoundError (matplotlib not installed)        PROG: No module named 'NAME'     exit 1
  KeyboardInterrupt (Ctrl-C)                            PROG: interrupted (SIGINT)       exit 130
  BrokenPipeError (stdout piped into head)              nothing                          exit 141
141 is what the shell shows for a C program killed by SIGPIPE (optinet's case). Anything else is a
bug in the script and keeps its traceback.
"""
import argparse
import contextlib
import csv
import json
import os
import signal
import subprocess
import sys
import tempfile

EXIT_USAGE = 2
EXIT_FAILED = 1
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 128 + signal.SIGPIPE


def prog() -> str:
    return os.path.basename(sys.argv[0])


def fail(message: str, status: int = EXIT_USAGE):
    """Ends the script: PROG: MESSAGE (newlines folded into one line) on stderr, exit status."""
    print(f"{prog()}: {' '.join(str(message).split())}", file=sys.stderr, flush=True)
    sys.exit(status)


class BadInput(Exception):
    """An input whose content is not what the script reads; str() is the whole message."""


class CheckFailed(Exception):
    """A result that fails a script's own check (a run optinet reported not ok); str() is the
    whole message."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse whose usage error is one line, PROG: MESSAGE (see PROG --help), exit 2; the
    description is printed as written (a script's docstring)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(**kwargs)

    def error(self, message):
        fail(f"{message} (see {self.prog} --help)")


def positive_int(text: str) -> int:
    """argparse type: an integer >= 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not accepted (an integer >= 1)")
    return value


def executable(text: str) -> str:
    """argparse type: the path of an executable file (optinet), checked before any output."""
    if not (os.path.isfile(text) and os.access(text, os.X_OK)):
        raise argparse.ArgumentTypeError(f"'{text}' is not accepted (an executable file)")
    return text


def int_list(text: str) -> list:
    """argparse type: comma-separated integers ("" is the empty list)."""
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not accepted (comma-separated integers)")


@contextlib.contextmanager
def reading(path: str, what: str = "data"):
    """Inside the block, a parse error or a missing field or value is reported as PATH's:
    BadInput "PATH: not the expected WHAT (detail)". An OSError passes through."""
    try:
        yield
    except OSError:
        raise
    except (ValueError, csv.Error, KeyError, IndexError, TypeError, AttributeError) as e:
        detail = f"no field {e}" if isinstance(e, KeyError) else str(e) or type(e).__name__
        raise BadInput(f"{path}: not the expected {what} ({detail})") from None


def output_folder(path: str, name: str, create: bool = False) -> None:
    """Refuses (exit 2, one line naming the option NAME) a folder that does not exist (with
    create, cannot be made) or where a file cannot be written, by writing a probe file in it."""
    folder = path or "."
    try:
        probe_folder(folder, create)
    except OSError as e:
        fail(f"{name}: {folder}: {e.strerror or e}")


def probe_folder(folder: str, create: bool = False) -> None:
    """Raises OSError if `folder` does not exist (with create: cannot be made) or a file cannot
    be written in it (a probe file is written and removed)."""
    if create:
        os.makedirs(folder, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=folder, prefix=".probe."):
        pass


def check_exit(proc: subprocess.CompletedProcess, accepted=(0, 1)) -> None:
    """Raises CalledProcessError for a finished command whose exit status is not accepted
    (optinet's 1: a run failed its checks or hit the slot limit, its report written)."""
    if proc.returncode not in accepted:
        raise subprocess.CalledProcessError(proc.returncode, proc.args, proc.stdout, proc.stderr)


def check_runs(runs, what: str, ok=lambda run: run["ok"]) -> None:
    """Raises CheckFailed naming WHAT and the seeds of the runs (an optinet report's "runs")
    that are not ok."""
    bad = [run["seed"] for run in runs if not ok(run)]
    if bad:
        raise CheckFailed(f"{what}: run(s) with seed(s) {bad} failed their checks")


def _program(cmd) -> str:
    """The program of a command (a string or an argument list)."""
    return cmd.split()[0] if isinstance(cmd, str) else str(cmd[0])


def run(main, *args) -> None:
    """Runs main(*args) and exits with its return value, turning the failures listed in the
    module's docstring into one line on stderr."""
    try:
        status = main(*args)
        sys.stdout.flush()
    except BrokenPipeError:
        # Later flushes (at exit) would fail again: point stdout at /dev/null.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(EXIT_BROKEN_PIPE)
    except KeyboardInterrupt:
        fail("interrupted (SIGINT)", EXIT_INTERRUPTED)
    except ModuleNotFoundError as e:
        fail(str(e), EXIT_FAILED)
    except OSError as e:
        where = f"{e.filename}: " if e.filename is not None else ""
        fail(f"{where}{e.strerror or e}")
    except BadInput as e:
        fail(str(e))
    except (json.JSONDecodeError, csv.Error, KeyError, UnicodeDecodeError) as e:
        detail = f"no field {e}" if isinstance(e, KeyError) else str(e)
        fail(f"input: not the expected data ({detail})")
    except subprocess.CalledProcessError as e:
        if e.returncode < 0:
            how = f"killed by {signal.Signals(-e.returncode).name}"
        else:
            how = f"exit status {e.returncode}"
        err = e.stderr.decode(errors="replace") if isinstance(e.stderr, bytes) else e.stderr
        last = (err or "").strip().splitlines()[-1:]
        fail(f"{_program(e.cmd)}: {how}" + (f" ({last[0]})" if last else ""), EXIT_FAILED)
    except subprocess.TimeoutExpired as e:
        fail(f"{_program(e.cmd)}: timed out after {e.timeout:.3g} s", EXIT_FAILED)
    except CheckFailed as e:
        fail(str(e), EXIT_FAILED)
    sys.exit(status)
