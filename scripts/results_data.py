"""The common parts of the results scripts: reading the committed CSVs and the Markdown tables of
docs/results, splicing generated blocks into a page, least-squares fits in log2, and the helpers
the claims checks (doc_claims.py, claims_*.py) write their statements with.

    import results_data as rd
    rows = rd.read_csv(rd.result("mesh-sync", "overall.csv"))   # list of dicts
    tables = rd.md_tables(rd.result("split-hash.md"))           # every table of a page
    theorem1 = rd.table_after(rd.result("split-hash.md"), "## Theorem 1")[0]
    rd.num("99.95%"), rd.num("1,976"), rd.num("-")              # 99.95, 1976.0, None
    plt = rd.pyplot()                                           # matplotlib, no display
    rd.span([3.0, 6.04]), rd.col(rows, "steps"), rd.where(rows, d=2)   # the claims' helpers
    rd.replace_block(text, "tables", body, "pops_randomized.py")    # a GENERATED block
    a, b = rd.fit_log2([(64, 10.1), (65536, 20.0)])             # steps = a + b log2 x
"""
import csv
import math
import os
import re

import cli_guard

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# OPTINET_RESULTS points the scripts at a copy of docs/results (the generated-docs check).
RESULTS = os.environ.get("OPTINET_RESULTS") or os.path.join(ROOT, "docs", "results")


def result(*parts: str) -> str:
    """A path under docs/results."""
    return os.path.join(RESULTS, *parts)


class Cell(str):
    """A CSV value: a string that knows where it was read. float(), int() and a numeric format
    (f"{cell:.2f}") of a cell that is not a number raise cli_guard.BadInput naming the file, the
    line and the column (exit 2), not a bare ValueError."""

    def __new__(cls, text: str, path: str, line: int, column: str):
        cell = super().__new__(cls, text)
        cell.where = (path, line, column)
        return cell

    def _bad(self, what: str):
        path, line, column = self.where
        return cli_guard.BadInput(f"{path}:{line}: column {column}: '{str(self)[:40]}' is not "
                                  f"{what}")

    def __float__(self) -> float:
        try:
            return float(str(self))
        except ValueError:
            raise self._bad("a number") from None

    def __int__(self) -> int:
        try:
            return int(str(self))
        except ValueError:
            raise self._bad("an integer") from None

    def __format__(self, spec: str) -> str:
        if spec and spec[-1] in "bcdeEfFgGnoxX%":
            value = int(self) if spec[-1] in "bcdoxX" else float(self)
            return format(value, spec)
        return super().__format__(spec)

    def __reduce__(self):
        return (str, (str(self),))


def read_csv(path: str, missing_ok: bool = False) -> list:
    """The rows of a CSV as dicts of Cell (strings that turn into numbers or name their file,
    line and column); a missing or malformed file is one line naming it, or with missing_ok a
    missing file is no rows."""
    if missing_ok and not os.path.exists(path):
        return []
    with open(path, newline="") as f, cli_guard.reading(path, "CSV"):
        reader = csv.DictReader(f)
        rows = []
        for row in reader:
            line = reader.line_num
            if None in row or None in row.values():
                raise cli_guard.BadInput(f"{path}:{line}: not the header's "
                                         f"{len(reader.fieldnames)} values")
            rows.append({k: Cell(v, path, line, k) for k, v in row.items()})
        return rows


def pyplot():
    """matplotlib.pyplot on the Agg backend (files only, no display); imported on first use,
    so scripts that only print tables run without matplotlib."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def num(cell: str):
    """The number in a table cell ("1,976", "99.95%", "54.0 (1.8)" -> 54.0); None for "-". A
    CSV value (Cell) is a number, empty or "-" (None): anything else names its file, line and
    column (cli_guard.BadInput)."""
    text = cell.strip().replace(",", "").rstrip("%").split(" ")[0].strip("*")
    try:
        return float(text)
    except ValueError:
        if isinstance(cell, Cell) and text not in ("", "-"):
            raise cell._bad("a number") from None
        return None


def _cells(line: str) -> list:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def md_tables(path: str, text: str = None) -> list:
    """Every pipe table of a Markdown file, in order, each a list of dicts keyed by its header
    (a repeated header name gets a suffix: "N", "N#2")."""
    if text is None:
        with open(path) as f:
            text = f.read()
    tables, lines = [], text.splitlines()
    i = 0
    while i < len(lines):
        if (lines[i].lstrip().startswith("|") and i + 1 < len(lines)
                and set(lines[i + 1].replace("|", "").strip()) <= set("-: ")
                and "-" in lines[i + 1]):
            header, seen = [], {}
            for name in _cells(lines[i]):
                seen[name] = seen.get(name, 0) + 1
                header.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
            rows, i = [], i + 2
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append(dict(zip(header, _cells(lines[i]))))
                i += 1
            tables.append(rows)
        else:
            i += 1
    return tables


def table_after(path: str, heading: str) -> list:
    """The tables of a Markdown file from the line starting with `heading` on."""
    with open(path) as f:
        text = f.read()
    at = text.find("\n" + heading)
    if at < 0:
        raise cli_guard.BadInput(f"{path}: no line starting with {heading!r}")
    return md_tables(path, text[at:])


def span(values, fmt="{:.0f}", sep="-"):
    """'lo-hi' of the values as the claims write them (one value when both ends round alike)."""
    lo, hi = fmt.format(min(values)), fmt.format(max(values))
    return lo if lo == hi else f"{lo}{sep}{hi}"


def col(rows, key):
    """The numbers of one column of a table (cells without a number left out)."""
    return [num(r[key]) for r in rows if num(r[key]) is not None]


def where(rows, **match):
    """The rows whose cells read as the given numbers: where(rows, d=2, N=4096)."""
    return [r for r in rows if all(num(r[k]) == v for k, v in match.items())]


def norm(text: str) -> str:
    """Text with every run of white space one blank (line breaks do not matter to a claim)."""
    return " ".join(text.split())


def script_path(script: str) -> str:
    """The path from the repository's root of the script named SCRIPT (scripts/ or one of its
    folders: results/, docs/, dev/)."""
    for folder in ("", "results", "docs", "dev"):
        path = os.path.join("scripts", folder, script)
        if os.path.isfile(os.path.join(ROOT, path)):
            return path
    return os.path.join("scripts", script)


def replace_block(text: str, name: str, body: str, script: str) -> str:
    """TEXT with its generated block NAME (between "<!-- BEGIN GENERATED by PATH: NAME -->",
    PATH the script's path, and "<!-- END GENERATED: NAME -->") holding BODY; the block is
    appended when the text has none. A block marked with another script's name is taken over."""
    begin = re.compile(r"<!-- BEGIN GENERATED by scripts/[\w./]+: %s -->" % re.escape(name))
    end = f"<!-- END GENERATED: {name} -->"
    block = f"<!-- BEGIN GENERATED by {script_path(script)}: {name} -->\n{body}\n{end}"
    found = begin.search(text)
    if found and end in text[found.start():]:
        stop = text.index(end, found.start()) + len(end)
        return text[:found.start()] + block + text[stop:]
    return text + "\n" + block + "\n"


def write_generated(path: str, blocks: dict, script: str, title: str) -> None:
    """Rewrites the generated blocks (name -> body) of the Markdown page PATH, atomically; a page
    that does not exist yet starts with TITLE. Text outside the blocks is kept."""
    text = title
    if os.path.exists(path):
        with open(path) as f, cli_guard.reading(path, "Markdown page"):
            text = f.read()
    for name, body in blocks.items():
        text = replace_block(text, name, body, script)
    cli_guard.write_atomically(path, text)


def fit_log2(points):
    """Least squares steps = a + b log2 x over (x, steps) points; returns (a, b) (nan, nan
    with fewer than two distinct x)."""
    xs = [math.log2(x) for x, _ in points]
    ys = [y for _, y in points]
    k = len(xs)
    if k < 2:
        return (float("nan"), float("nan"))
    mx, my = sum(xs) / k, sum(ys) / k
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else float("nan")
    return (my - b * mx, b)
