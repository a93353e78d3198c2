#!/usr/bin/python3
"""The layering of docs/architecture.md: nothing under models/ includes protocols/ or testbenches/,
and nothing under protocols/ includes testbenches/.

usage: check_layering.py SOURCE_DIR
Prints each include across the layering with its file and line; exit status 1 if any.
"""
import pathlib
import re
import sys

FORBIDDEN = {
    "models": ("protocols/", "testbenches/"),
    "protocols": ("testbenches/",),
}
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]')


def main():
    root = pathlib.Path(sys.argv[1])
    bad = []
    checked = 0
    for layer, forbidden in FORBIDDEN.items():
        for path in sorted((root / layer).rglob("*")):
            if path.suffix not in (".h", ".hpp", ".cpp", ".cc"):
                continue
            checked += 1
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                m = INCLUDE.match(line)
                if m and m.group(1).startswith(forbidden):
                    bad.append(f"{path.relative_to(root)}:{number}: includes {m.group(1)}")
    for b in bad:
        print(b)
    print(f"layering: {checked} files checked, {len(bad)} includes across the layering")
    return 1 if bad or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
