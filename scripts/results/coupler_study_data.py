"""The coupler study's files (scripts/results/coupler_study.py): its CSVs read back and written,
and the generated blocks of docs/results/coupler-evaluation.md."""
import argparse
import ast
import csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
import results_data  # noqa: E402


def readable_file(text):
    """argparse type: a file that exists."""
    if not os.path.isfile(text):
        raise argparse.ArgumentTypeError(
            f"'{text}' is not accepted (an existing CSV of this script)")
    return text


def read_study_csv(path, keys, option):
    """The rows of a CSV this script wrote, with numbers, lists, dicts, booleans and None
    restored; `keys` must be among its columns."""
    def value(text):
        if text == "":
            return None
        try:
            return ast.literal_eval(text)
        except (ValueError, SyntaxError):
            return text
    cells = results_data.read_csv(path)
    if not cells or not set(keys) <= cells[0].keys():
        raise cli_guard.BadInput(f"{path}: not a CSV of scripts/coupler_study.py ({option}: "
                                 f"columns {', '.join(keys)} expected)")
    rows = [{k: value(v) for k, v in row.items()} for row in cells]
    # A column of numbers holds numbers, nothing or "> LIMIT" (a run stopped at its slot limit)
    # in every row: other text names its file, line and column.
    for key in rows[0]:
        if any(type(r[key]) in (int, float) for r in rows):
            for r, c in zip(rows, cells):
                if isinstance(r[key], str) and not re.fullmatch(r"> \d+", r[key]):
                    float(c[key])  # BadInput
    return rows


def read_curves(path, option="curves CSV"):
    return read_study_csv(path, ("network", "protocol", "hardware_bound"), option)


def read_shapes(path, option):
    return read_study_csv(path, ("n", "d", "g", "skipped"), option)


def read_knee_curves(path, option):
    return read_study_csv(path, ("network", "protocol", "n", "knee_offered"), option)


def write_csv(path, rows):
    keys = []
    for r in rows:
        keys += [k for k in r if k not in keys]
    with cli_guard.atomic_open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        w.writerows(rows)


def write_page_block(out, name, lines):
    """A generated block of the page coupler-evaluation.md in `out`."""
    results_data.write_generated(os.path.join(out, "coupler-evaluation.md"),
                                 {name: "\n".join(line.rstrip() for line in lines)},
                                 "coupler_study.py",
                                 "# Evaluating couplers and buses\n")
