"""The numbers in the prose of a results page, each either checked (inside a statement that
doc_claims.py derives from data and finds in the page) or listed in prose_numbers.txt, the
committed list of the prose numbers no statement derives: settings, theorem and section numbers,
references, and results not yet turned into statements. A number that is neither, or a listed
one the page no longer has, fails doc_claims.py: a change to any number in prose is caught.

Prose is the page less its tables, code (fenced, indented and inline), HTML comments, generated
blocks, link targets and images. A listed number is named by its context: the number with up
to three words before it and two after, as the page's prose has them (white space folded).

    import prose_numbers
    unlisted, stale = prose_numbers.check(page, text, claims, listed)
"""
import collections
import re

NUMBER = re.compile(r"(?<![\w.])[-+−]?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d+)?")
# Spans that are not prose: blanked before numbers are looked for.
NOT_PROSE = [
    (re.compile(r"<!-- BEGIN GENERATED.*?<!-- END GENERATED[^>]*-->", re.S)),
    (re.compile(r"^```.*?^```", re.S | re.M)),
    (re.compile(r"<!--.*?-->", re.S)),
    (re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)")),
    (re.compile(r"\]\([^)\n]*\)")),
    (re.compile(r"`[^`\n]*`")),
    (re.compile(r"^[ \t]*\|.*$", re.M)),
]
LIST_FILE_HEADER = """\
# The numbers in the prose of docs/results/*.md that no statement of doc_claims.py derives from
# data: settings (N = 4096), theorem, section and reading numbers, references, and results not
# yet turned into statements. One line per number: PAGE, a tab, and the number with up to three
# words before it and two after, as the page's prose has them. doc_claims.py fails on a prose
# number that is neither inside a derived statement nor listed here, and on a listed one that
# the page no longer has. `scripts/docs/doc_claims.py --prose-numbers` prints the list as the
# pages have it now (review its diff: a listed number is one no statement checks).
"""


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


def prose(text: str) -> str:
    """TEXT with everything that is not prose turned to blanks (offsets kept)."""
    for pattern in NOT_PROSE:
        for m in list(pattern.finditer(text)):
            text = _blank(text, m.start(), m.end())
    # Indented code: lines of 4+ blanks after a blank line, to the next unindented line.
    lines, out, code, previous_blank = text.split("\n"), [], False, True
    for line in lines:
        indented = line.startswith("    ") or line.startswith("\t")
        code = (code or previous_blank) and indented and line.strip() != ""
        out.append(" " * len(line) if code else line)
        previous_blank = line.strip() == "" or (code and previous_blank)
    return "\n".join(out)


def _normalized(text: str):
    """TEXT with white space folded to one blank, and the offset in TEXT of each character."""
    chars, where = [], []
    for i, ch in enumerate(text):
        if ch.isspace():
            if chars and chars[-1] != " ":
                chars.append(" ")
                where.append(i)
        else:
            chars.append(ch)
            where.append(i)
    return "".join(chars), where


def checked_offsets(text: str, claims) -> set:
    """The offsets of TEXT inside a statement found in it (line breaks aside)."""
    flat, where = _normalized(text)
    covered = set()
    for claim in claims:
        claim = " ".join(claim.split())
        at = flat.find(claim)
        while claim and at >= 0:
            covered.update(where[at:at + len(claim)])
            at = flat.find(claim, at + 1)
    return covered


def contexts(text: str, claims) -> list:
    """The context of each prose number of the page TEXT that no statement covers: the word
    holding it with up to three words before and two after (a word holding two such numbers
    is listed twice)."""
    body = prose(text)
    covered = checked_offsets(text, claims)
    words = [(m.start(), m.group()) for m in re.finditer(r"\S+", body)]
    found = []
    for i, (start, word) in enumerate(words):
        for m in NUMBER.finditer(word):
            if all(start + k in covered for k in range(m.start(), m.end())):
                continue
            found.append(" ".join(w for _, w in words[max(0, i - 3):i + 3]))
    return found


def read_list(path: str) -> dict:
    """PAGE -> Counter of listed contexts, from the committed list."""
    listed = collections.defaultdict(collections.Counter)
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            page, _, context = line.partition("\t")
            listed[page][context] += 1
    return listed


def check(text: str, claims, listed: collections.Counter):
    """(contexts of prose numbers neither checked nor listed, listed contexts the page lacks)."""
    have = collections.Counter(contexts(text, claims))
    return sorted((have - listed).elements()), sorted((listed - have).elements())
