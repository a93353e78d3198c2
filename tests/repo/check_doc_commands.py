#!/usr/bin/python3
"""The documentation's command lines run and the paths it names exist.

usage: check_doc_commands.py SOURCE_DIR BUILD_DIR [--sanitized]

* Every `build/optinet ...` (and `build/optinet_vp`, `build/mesh_sync_paths`) command of
  README.md and docs/**/*.md, in a code block or in backticks, is validated with `--check`
  (every option parsed and checked, as a run would, without running); those small enough
  (at most 4,096 processors by the check's estimate) then run, shrunk to `--runs 1`, in a
  scratch folder (at most 20,000 slots; open-loop runs with a fixed short warm-up and window;
  saturation searches and curves are only checked). Templates (a placeholder such as K, FILE or `a|b`) are skipped. A command
  must exit 0, or 4 where it injects faults.
* Every repository path the pages name in backticks or links (models/, protocols/, scripts/,
  docs/, ...; braces and globs expanded) must exist. Outputs the pages tell a user to make
  (build/, sweeps/, *.vcd, raw run folders) are not checked.
"""
import glob
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

SRC, BUILD = sys.argv[1], sys.argv[2]
TOP = ("models/", "protocols/", "testbenches/", "tests/", "scripts/", "bench/", "docs/",
       "studies/", "traces/", "rtl/", "cmake/")
GENERATED = ("build/", "sweeps/", "docs/results/mesh-sync/raw")
PROGRAMS = {"build/optinet": "optinet", "build/optinet_vp": "optinet_vp",
            "build/mesh_sync_paths": "mesh_sync_paths"}
PLACEHOLDER = re.compile(r"(^|[\s=:])([A-Z][A-Z0-9_]*|N\b|\$\w+)([\s,:]|$)")
# Networks above 1024 processors (256 under the sanitizers, --sanitized, whose runs are several
# times slower) are validated by --check only: their runs are benchmarks (docs/benchmarks.md).
SANITIZED = "--sanitized" in sys.argv[3:]
MAX_RUN_PROCESSORS = 256 if SANITIZED else 1024


def pages():
    found = [os.path.join(SRC, "README.md")]
    found += sorted(glob.glob(os.path.join(SRC, "docs", "**", "*.md"), recursive=True))
    return found


def commands(text):
    """Command lines: indented or fenced code lines and backticked spans that start with one
    of PROGRAMS (a trailing backslash joins the next line; a # comment is dropped)."""
    lines, out, fenced = text.splitlines(), [], False
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.strip().startswith("```"):
            fenced = not fenced
        code = fenced or line.startswith("    ")
        candidates = [line.strip()] if code else re.findall(r"`([^`]+)`", line)
        for c in candidates:
            while c.endswith("\\") and code and i + 1 < len(lines):
                i += 1
                c = c[:-1] + " " + lines[i].strip()
            c = c.split(" #")[0].split(" >")[0].strip()
            if c.split(" ")[0] in PROGRAMS:
                out.append(c)
        i += 1
    return out


def is_template(cmd):
    if len(cmd.split()) == 1 and cmd == "build/optinet":
        return True  # the program named, not a command line
    return bool(PLACEHOLDER.search(cmd)) or any(s in cmd for s in ("|", "[", "...", "<", "$"))


SEARCHES = ("--find-saturation", "--find-stability-limit", "--find-knee", "--rates")
MAX_SLOTS = 20000


def shrink(argv):
    """The command with one run, at most MAX_SLOTS slots and, open loop, a short fixed warm-up
    and window instead of a search; None when it is a search (validated by --check only)."""
    if any(a in SEARCHES for a in argv):
        return None
    out, skip = [], False
    for k, a in enumerate(argv):
        if skip:
            skip = False
            continue
        if a in ("--runs", "--max-slots", "--warmup", "--measure") and k + 1 < len(argv):
            skip = True
        else:
            out.append(a)
    out += ["--runs", "1", "--max-slots", str(MAX_SLOTS)]
    if "bernoulli" in argv or "bursty" in argv:
        out += ["--warmup", "200", "--measure", "1000"]
    return out


def prepare_outputs(argv, cwd):
    """Makes the folders of output options; False when an input file is missing."""
    for k, a in enumerate(argv[:-1]):
        value = argv[k + 1]
        if a in ("--json", "--vcd", "--groups-csv") and os.path.dirname(value):
            os.makedirs(os.path.join(cwd, os.path.dirname(value)), exist_ok=True)
        if a in ("--permutation-file", "--relation-file", "--device"):
            if not os.path.exists(os.path.join(cwd, value)):
                return False
    return True


def run_commands(failures):
    ran = checked = skipped = 0
    seen = set()
    with tempfile.TemporaryDirectory() as tmp:
        for page in pages():
            with open(page) as f:
                cmds = commands(f.read())
            for cmd in cmds:
                if cmd in seen:
                    continue
                seen.add(cmd)
                if is_template(cmd):
                    skipped += 1
                    continue
                argv = shlex.split(cmd)
                argv[0] = os.path.join(BUILD, PROGRAMS[argv[0]])
                if not os.path.exists(argv[0]) or not prepare_outputs(argv, tmp):
                    skipped += 1
                    continue
                where = os.path.relpath(page, SRC)
                accepted = (0, 4) if "--fault" in argv else (0,)
                if PROGRAMS[cmd.split(" ")[0]] != "optinet" or "--help" in argv:
                    p = subprocess.run(argv, cwd=tmp, capture_output=True, text=True,
                                       timeout=600)
                    ran += 1
                    if p.returncode not in accepted:
                        failures.append(f"{where}: `{cmd}` exit {p.returncode}: "
                                        f"{p.stderr.strip()[-200:]}")
                    continue
                p = subprocess.run(argv + ["--check"], cwd=tmp, capture_output=True, text=True,
                                   timeout=120)
                checked += 1
                if p.returncode != 0:
                    failures.append(f"{where}: `{cmd}` --check exit {p.returncode}: "
                                    f"{p.stderr.strip()[-200:]}")
                    continue
                try:
                    size = json.loads(p.stdout).get("processors", MAX_RUN_PROCESSORS + 1)
                except ValueError:
                    size = MAX_RUN_PROCESSORS + 1
                short = shrink(argv)
                if size > MAX_RUN_PROCESSORS or short is None:
                    continue
                p = subprocess.run(short + ["--quiet"], cwd=tmp, capture_output=True,
                                   text=True, timeout=120)
                ran += 1
                # A shrunk run may end at the slot limit it was given (exit 1, and it says so);
                # a lockstep example runs a design with a planted bug (rtl/*_drops_*.sv),
                # and must catch it.
                out = p.stderr + p.stdout
                limit = p.returncode == 1 and "stopped at the slot limit" in out
                bugged = re.search(r"=\w+_drops_\w+:lockstep", cmd) is not None
                planted = bugged and p.returncode == 1 and "lockstep mismatch in slot" in out
                if bugged and not planted:
                    failures.append(f"{where}: `{cmd}` (shrunk to --runs 1) did not catch the "
                                    f"planted bug: exit {p.returncode}")
                elif p.returncode not in accepted and not limit and not planted:
                    failures.append(f"{where}: `{cmd}` (shrunk to --runs 1) exit "
                                    f"{p.returncode}: {p.stderr.strip()[-200:]}")
    return checked, ran, skipped


def expand(path):
    """Brace alternatives ({h,cpp}) expanded; globs left to glob()."""
    m = re.search(r"\{([^{}]*)\}", path)
    if not m:
        return [path]
    return [q for alt in m.group(1).split(",")
            for q in expand(path[:m.start()] + alt + path[m.end():])]


def named_paths(text, page_dir):
    """(path as written, absolute candidates) for every repository path of a page: backticked
    paths from the repository's top, and relative link targets from the page's folder."""
    found = []
    for token, relative in ([(t, False) for t in re.findall(r"`([^`\s]+)`", text)] +
                            [(t, True) for t in re.findall(r"\]\(([^)\s#]+)", text)]):
        token = token.rstrip(".,;:)").split("#")[0].split(":")[0]
        if token.startswith(("http", "mailto", "/")) or "<" in token or not token:
            continue
        if token.startswith(TOP) or token in ("README.md", "CMakeLists.txt", "Makefile"):
            found.append((token, [os.path.join(SRC, t) for t in expand(token)]))
        elif relative:
            found.append((token, [os.path.join(page_dir, t) for t in expand(token)]))
    return found


def exists(path):
    """A file or folder, a glob that matches, or a stem (`splithash_{processor,network}` for
    the .h and .cpp pair)."""
    if any(ch in path for ch in "*?["):
        return bool(glob.glob(path))
    return os.path.exists(path) or bool(glob.glob(glob.escape(path) + ".*"))


def check_paths(failures):
    count = 0
    for page in pages():
        with open(page) as f:
            text = f.read()
        for token, candidates in named_paths(text, os.path.dirname(page)):
            if token.startswith(GENERATED) or token.endswith((".vcd", ".fst")):
                continue
            rel = os.path.relpath(candidates[0], SRC)
            if rel.startswith(GENERATED) or rel.startswith(".."):
                continue
            count += 1
            for c in candidates:
                if not exists(c):
                    failures.append(f"{os.path.relpath(page, SRC)}: names `{token}`, which "
                                    "does not exist")
                    break
    return count


def main():
    failures = []
    paths = check_paths(failures)
    checked, ran, skipped = run_commands(failures)
    for f in failures:
        print("FAIL:", f)
    print(f"{paths} named paths, {checked} commands checked, {ran} run (shrunk), "
          f"{skipped} templates or commands needing absent inputs skipped; "
          f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
