#!/usr/bin/python3
"""Every C++ source of the project is formatted as the committed .clang-format says.

usage: check_format.py CLANG_FORMAT SOURCE_DIR
Runs CLANG_FORMAT --dry-run --Werror over the .h, .hpp, .cpp and .cc files under the source
directories; prints each file it would change, then a summary. Exit status 1 if any would
change (fix: `clang-format-14 -i FILE`), or if no file was found.
"""
import pathlib
import subprocess
import sys

SOURCE_DIRS = ("models", "protocols", "testbenches", "tests", "bench", "rtl")
SUFFIXES = (".h", ".hpp", ".cpp", ".cc")


def main():
    clang_format, root = sys.argv[1], pathlib.Path(sys.argv[2])
    files = sorted(
        str(p)
        for d in SOURCE_DIRS
        for p in (root / d).rglob("*")
        if p.suffix in SUFFIXES and p.is_file()
    )
    # One call for all files; each file it would change is named in its diagnostics.
    result = subprocess.run(
        [clang_format, f"--style=file:{root / '.clang-format'}", "--dry-run", "--Werror", *files],
        capture_output=True,
        text=True,
    )
    named = {line.split(":", 1)[0] for line in result.stderr.splitlines() if ": error:" in line}
    unformatted = sorted(named)
    for f in unformatted:
        print(f"{pathlib.Path(f).relative_to(root)}: not formatted (clang-format -i)")
    if result.returncode != 0 and not unformatted:
        print(f"{clang_format} failed: {result.stderr.strip()[:500]}")
        return 1
    print(f"format: {len(files)} files checked, {len(unformatted)} not formatted")
    return 1 if unformatted or not files else 0


if __name__ == "__main__":
    sys.exit(main())
