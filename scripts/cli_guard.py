"""How the project's Python scripts fail, as the C++ optinet does: one line on stderr naming the
program and the problem, a non-zero exit status, never a traceback.

    import cli_guard                      # bench/: sys.path.append(<repo>/scripts) first

    def main():
        ap = cli_guard.ArgumentParser(description=...)  # a usage error: one line, exit 2
        args = ap.parse_args()
        cli_guard.output_folder(args.out, "--out")      # refused before the long work
        png = cli_guard.output_file(args.png, "OUT.png", ".png", inputs=[args.json])  # not an input
        version = cli_guard.check_optinet(args.optinet) # it answers --version as optinet
        with open(args.json) as f, cli_guard.reading(args.json, "optinet report"):
            report = json.load(f)                       # bad data names the file
            ...
        with cli_guard.atomic_open(csv_path, "w") as f: # written whole, then renamed into place
            ...
        cli_guard.save_figure(fig, png)                 # the same for a matplotlib figure

    if __name__ == "__main__":
        cli_guard.run(main)

Outputs: output_file() checks a path before the work (not empty, the suffix asked for, not one
of the script's inputs, not a folder, device or pipe, in a folder where a file can be made);
output_folder() refuses a file, or a folder where nothing can be written; with made_folder() a
folder the script makes is removed again if the script fails before writing in it (a refused
run leaves nothing behind). Children runs a script's jobs (optinet processes from worker
threads) so that a signal reaches them at once: its stop() passes SIGINT on. atomic_open(),
write_atomically() and save_figure() write a file to a temporary beside it (.NAME.XXXX.tmp),
flush it to disk and rename it into place, and remove the temporary if anything fails or a
signal arrives; outputs() puts several files in place together, after all of them were written.

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
  KeyboardInterrupt (Ctrl-C), or a signal that ends a   PROG: interrupted (SIGNAME)      exit
    process by default (SIGTERM, SIGHUP, SIGQUIT, ...)                                 128 + signal
  BrokenPipeError (stdout piped into head)              nothing                          exit 141
  anything else: a bug in the script                    PROG: internal error (TYPE:      exit 70
                                                          message); please report ...
141 is what the shell shows for a C program killed by SIGPIPE. Python ignores SIGPIPE (a closed
pipe is BrokenPipeError) and SIGXFSZ (a write past the file-size limit is an OSError). A signal
ignored when the script started (nohup's SIGHUP) stays ignored. A bug is one line as optinet's
internal errors are; OPTINET_TRACEBACK=1 in the environment shows its traceback instead.
"""
import argparse
import contextlib
import csv
import errno
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time

EXIT_USAGE = 2
EXIT_FAILED = 1
EXIT_INTERNAL = 70  # as optinet's internal errors
EXIT_INTERRUPTED = 128 + signal.SIGINT
EXIT_BROKEN_PIPE = 128 + signal.SIGPIPE
# The signals whose default action ends a process and that come from outside it, beside SIGINT
# (KeyboardInterrupt): each becomes Interrupted in the main thread, so that `finally` blocks and
# the atomic writers below clean up. SIGPIPE and SIGXFSZ are Python's own (ignored, see above).
INTERRUPTING = [signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2,
                signal.SIGALRM, signal.SIGVTALRM, signal.SIGPROF, signal.SIGXCPU, signal.SIGIO,
                signal.SIGPWR, getattr(signal, "SIGSTKFLT", signal.SIGTERM),
                *range(signal.SIGRTMIN, signal.SIGRTMAX + 1)]


def prog() -> str:
    return os.path.basename(sys.argv[0])


def fail(message: str, status: int = EXIT_USAGE):
    """Ends the script: PROG: MESSAGE (newlines folded into one line) on stderr, exit status."""
    print(f"{prog()}: {' '.join(str(message).split())}", file=sys.stderr, flush=True)
    sys.exit(status)


class Interrupted(KeyboardInterrupt):
    """A signal that ends a process by default arrived (run() installs the handlers); a
    KeyboardInterrupt, so that code stopping on Ctrl-C stops on it too."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def signal_name(signum: int) -> str:
    """SIGTERM, SIGHUP, SIGRTMIN+3, ..."""
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"SIGRTMIN+{signum - signal.SIGRTMIN}"


def interrupted_status(e: KeyboardInterrupt) -> tuple:
    """(signal number, exit status 128 + it) of a KeyboardInterrupt (SIGINT) or Interrupted."""
    signum = getattr(e, "signum", signal.SIGINT)
    return signum, 128 + signum


_first_signal = []


def _raise_interrupted(signum, _frame):
    # A second signal while the first unwinds (thread pools joining, files closing) leaves at
    # once with the first one's status: its one line has been printed already.
    if _first_signal:
        os._exit(128 + _first_signal[0])
    _first_signal.append(signum)
    raise Interrupted(signum)


def install_signal_handlers() -> None:
    """Every signal of INTERRUPTING raises Interrupted in the main thread; SIGTERM always, the
    others when at their default action (one ignored from the start, as nohup does, stays so)."""
    for s in INTERRUPTING:
        if s == signal.SIGTERM or signal.getsignal(s) == signal.SIG_DFL:
            signal.signal(s, _raise_interrupted)


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
    if os.path.lexists(folder) and not os.path.isdir(folder):
        raise NotADirectoryError(errno.ENOTDIR, "a file, not a folder", folder)
    if create:
        os.makedirs(folder, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=folder, prefix=".probe."):
        pass


@contextlib.contextmanager
def made_folder(path: str, name: str):
    """Makes the output folder PATH (refused as output_folder() refuses it, naming the option
    NAME) for the block; if the block fails (a refusal, an error, a signal) the folders it made
    are removed again when still empty, so a refused run leaves nothing behind."""
    folder = path or "."
    made, parent = [], os.path.abspath(folder)
    while not os.path.lexists(parent):
        made.append(parent)
        parent = os.path.dirname(parent)
    output_folder(folder, name, create=True)
    try:
        yield folder
    except BaseException:
        for created in made:  # innermost first
            with contextlib.suppress(OSError):
                os.rmdir(created)
        raise


def output_file(path: str, name: str, suffix: str = None, inputs=()) -> str:
    """Checks the output file PATH given as NAME before the work: refused (one line naming NAME,
    exit 2) if it is empty, lacks `suffix` (e.g. ".png"), is one of the script's `inputs` (an
    output never overwrites what the script reads), is a folder, a device, a pipe or anything
    but a regular file, or is in a folder that does not exist or where no file can be made.
    Returns PATH."""
    if not path:
        fail(f"{name}: an empty path is not accepted (a file path)")
    for source in filter(None, inputs):
        if os.path.abspath(path) == os.path.abspath(source) or (
                os.path.exists(path) and os.path.exists(source)
                and os.path.samefile(path, source)):
            fail(f"{name}: '{path}' is an input of this run; an output never replaces an "
                 "input (accepted: another path)")
    if suffix and (not path.endswith(suffix) or os.path.basename(path) == suffix):
        fail(f"{name}: '{path}' is not accepted (a file path ending in {suffix})")
    if path.endswith(os.sep) or os.path.isdir(path):
        fail(f"{name}: '{path}' is a folder, not a file")
    if os.path.lexists(path) and not os.path.isfile(path):
        fail(f"{name}: '{path}' is not a regular file (a device, pipe or broken link)")
    folder = os.path.dirname(path) or "."
    try:
        probe_folder(folder)
    except OSError as e:
        fail(f"{name}: cannot write '{path}' (folder '{folder}': {e.strerror or e})")
    return path


def _temporary_beside(path: str):
    """A new temporary file beside PATH, .NAME.XXXXXXXX.tmp, with the mode a new file gets."""
    folder = os.path.dirname(path) or "."
    fd, temporary = tempfile.mkstemp(dir=folder, prefix="." + os.path.basename(path) + ".",
                                     suffix=".tmp")
    mask = os.umask(0)
    os.umask(mask)
    os.fchmod(fd, 0o666 & ~mask)  # mkstemp's 0600 would hide results from the group
    return fd, temporary


@contextlib.contextmanager
def outputs():
    """Several output files put in place together: yields open_(PATH, MODE="w", **kwargs), a
    file object writing a temporary beside PATH. When the block ends without an exception every
    temporary is flushed to disk and then renamed onto its path; after an exception (a signal
    too) every temporary is removed and no path is touched."""
    pending = []  # [temporary, path]

    def open_(path, mode="w", **kwargs):
        fd, temporary = _temporary_beside(path)
        pending.append([temporary, path])
        return os.fdopen(fd, mode, **kwargs)

    try:
        yield open_
        for temporary, _ in pending:
            fd = os.open(temporary, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        while pending:
            temporary, path = pending[0]
            os.replace(temporary, path)
            pending.pop(0)
    finally:
        for temporary, _ in pending:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


@contextlib.contextmanager
def atomic_open(path: str, mode: str = "w", **kwargs):
    """open(PATH, MODE) for writing, through a temporary beside PATH that replaces it only when
    the block ends without an exception (see outputs())."""
    with outputs() as open_, open_(path, mode, **kwargs) as f:
        yield f


def write_atomically(path: str, data) -> None:
    """Writes DATA (str or bytes) to PATH through a temporary and a rename."""
    with atomic_open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


def save_figure(fig, path: str, open_=None, **kwargs) -> None:
    """fig.savefig into PATH through a temporary and a rename, in the format PATH's suffix
    names; with open_ (from outputs()) as one of a set of files."""
    fmt = os.path.splitext(path)[1].lstrip(".").lower() or "png"
    if open_ is None:
        with atomic_open(path, "wb") as f:
            fig.savefig(f, format=fmt, **kwargs)
    else:
        with open_(path, "wb") as f:
            fig.savefig(f, format=fmt, **kwargs)


def gnuplot_png_terminal() -> str:
    """The PNG terminal this gnuplot has: pngcairo where it is built in, else png."""
    probe = subprocess.run(["gnuplot", "-e", "set terminal pngcairo"], capture_output=True,
                           text=True)
    return "pngcairo" if probe.returncode == 0 and "unknown" not in probe.stderr.lower() else "png"


def gnuplot(script: str, png: str) -> subprocess.CompletedProcess:
    """Runs gnuplot on SCRIPT (given on its standard input), whose `set output 'PNG'` is turned
    to a temporary beside PNG; the picture replaces PNG only if gnuplot succeeded. Returns the
    finished process (its stderr kept) for the caller to judge."""
    line = f"set output '{png}'"
    if line not in script:
        raise ValueError(f"gnuplot script without {line!r}")
    fd, temporary = _temporary_beside(png)
    os.close(fd)
    try:
        done = subprocess.run(["gnuplot"], input=script.replace(line, f"set output '{temporary}'"),
                              capture_output=True, text=True)
        if done.returncode == 0:
            with outputs() as open_, open_(png, "wb") as f, open(temporary, "rb") as picture:
                f.write(picture.read())
        return done
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


OPTINET_VERSION = re.compile(r"optinet \S+")  # what `optinet --version` prints


def optinet_version(optinet: str) -> tuple:
    """(the version `OPTINET --version` prints, e.g. "optinet 0.4.0", or None; and if None, why
    OPTINET is not accepted): a folder, a missing or non-executable file, a program that is not
    optinet, one that fails or does not answer within 30 s."""
    accepted = "accepted: the optinet binary, e.g. build/optinet"
    if os.path.isdir(optinet):
        return None, f"'{optinet}' is a folder ({accepted})"
    try:
        p = subprocess.run([optinet, "--version"], capture_output=True, text=True,
                           stdin=subprocess.DEVNULL, timeout=30, errors="replace")
    except OSError as e:
        return None, f"'{optinet}' cannot run ({e.strerror or e}; {accepted})"
    except subprocess.TimeoutExpired:
        return None, f"'{optinet} --version' did not answer within 30 s ({accepted})"
    answer = p.stdout.strip()
    if p.returncode != 0 or not OPTINET_VERSION.fullmatch(answer):
        said = (answer.splitlines() or p.stderr.strip().splitlines() or [""])[0][:60]
        return None, (f"'{optinet}' is not optinet ('--version' gave exit status {p.returncode} "
                      f"and {said!r}, not 'optinet VERSION'; {accepted})")
    return answer, ""


def check_optinet(optinet: str, name: str = "--optinet") -> str:
    """The version of OPTINET, asked before any work; anything but optinet is refused with one
    line naming the option NAME (see optinet_version)."""
    version, problem = optinet_version(optinet)
    if version is None:
        fail(f"{name}: {problem}")
    return version


def optinet(text: str) -> str:
    """argparse type: the optinet binary (it answers --version as optinet), checked before any
    output."""
    version, problem = optinet_version(text)
    if version is None:
        raise argparse.ArgumentTypeError(problem)
    return text


class Children:
    """The child processes that a script's worker threads run (optinet jobs). On Ctrl-C or a
    signal, stop() passes SIGINT on to every running one at once (optinet stops its run and
    writes no half report) and kills any started later, so the script ends without waiting
    for its jobs."""

    def __init__(self):
        self._lock = threading.Lock()
        self._running = set()
        self.stopped = False

    def track(self, process: subprocess.Popen) -> None:
        """Registers a started process (killed at once if stop() came first)."""
        with self._lock:
            self._running = {p for p in self._running if p.poll() is None}
            self._running.add(process)
            if self.stopped:
                process.kill()

    def run(self, command, **kwargs) -> subprocess.CompletedProcess:
        """subprocess.run(COMMAND, **KWARGS) without input or timeout, tracked."""
        process = subprocess.Popen(command, **kwargs)
        self.track(process)
        out, err = process.communicate()
        return subprocess.CompletedProcess(command, process.returncode, out, err)

    def stop(self, pool=None, grace: float = 10.0) -> None:
        """Ignores further signals (the stop must not break), sends SIGINT to the running
        processes (one that has not ended after GRACE seconds, as a program started with SIGINT
        ignored, is killed) and, with a ThreadPoolExecutor POOL, drops its queued work and waits
        for its threads (each returns as soon as its process has stopped)."""
        for s in [signal.SIGINT] + INTERRUPTING:
            signal.signal(s, signal.SIG_IGN)
        with self._lock:
            self.stopped = True
            running = [p for p in self._running if p.poll() is None]
        for process in running:
            process.send_signal(signal.SIGINT)
        deadline = time.monotonic() + grace
        for process in running:
            try:
                process.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


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
    install_signal_handlers()
    try:
        status = main(*args)
        sys.stdout.flush()
    except BrokenPipeError:
        # Later flushes (at exit) would fail again: point stdout at /dev/null.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(EXIT_BROKEN_PIPE)
    except KeyboardInterrupt as e:
        signum, status = interrupted_status(e)
        fail(f"interrupted ({signal_name(signum)})", status)
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
    except Exception as e:  # a bug: one line, unless its traceback is asked for
        if os.environ.get("OPTINET_TRACEBACK"):
            raise
        what = (str(e).splitlines() or [""])[0][:200]
        fail(f"internal error ({type(e).__name__}" + (f": {what}" if what else "") +
             "); please report the command line (OPTINET_TRACEBACK=1 shows where)", EXIT_INTERNAL)
    sys.exit(status)
