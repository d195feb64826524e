"""Layout that breaks a word or a line: end-of-line hyphenation, soft hyphens, wrapped table cells, word rows.

Text extracted from a PDF or a wrapped e-mail splits words at line ends (``Hi-\\ngh``). Only a hyphen
between two letters at a line end is joined, so a list item ``- High`` or a range ``3-\\n4`` stays as
it is; the joined word must then still match as a whole token, so ``High-\\nway`` never reads ``High``.
"""

from __future__ import annotations

import itertools
import re

from windtunnel.leakage.views.registry import Replacement, decoder

# ``Hi-\ngh`` / ``Hi\u00ad\ngh``: a letter, a hyphen (or soft hyphen) at the end of a line, a letter.
_HYPHEN_RE = re.compile(r"(?<=[^\W\d_])[-\u00ad\u2010][ \t]*\r?\n[ \t]*(?=[^\W\d_])")


@decoder("hyphenation", order=75, marker=lambda t: "\n" in t)
def hyphenation(text: str) -> list[Replacement]:
    """The two halves of a hyphenated word joined (``High-\\nway`` is not ``High``: whole tokens only)."""
    return [(mt.start(), mt.end(), "") for mt in _HYPHEN_RE.finditer(text)]


BARS = "│┃║|"
"""The column bars of a drawn or pipe table."""
# A line of a drawn or pipe table: a bar first and last (after blanks).
_ROW_RE = re.compile(r"^[ \t]*[│┃|].*[│┃|][ \t]*\r?$", re.MULTILINE)
# A continuation line: its first cell is blank.
_CONT_RE = re.compile(r"\n[ \t]*[│┃|][ \t]+[│┃|]")


def _bars(line: str) -> tuple[int, ...]:
    """Where the column bars of a table line stand (its layout)."""
    return tuple(i for i, ch in enumerate(line) if ch in BARS)


def _cells(line: str, bars: tuple[int, ...]) -> list[str]:
    """The stripped text between consecutive bars."""
    return [line[a + 1 : b].strip() for a, b in itertools.pairwise(bars)]


def join_wrapped(first: str, more: str) -> str:
    """A cell's text and its continuation: a word broken mid-way (the continuation starts with a
    small letter: ``Crit`` + ``ical``) joins without a blank, anything else with one
    (``Feature`` + ``Request``). Words broken at a blank and joined without one (``the`` +
    ``admin``) make a longer word, which no label matches as a whole token: the other reading is in
    the string as written."""
    if not first or not more:
        return first or more
    return first + more if first[-1].isalpha() and more[0].islower() else f"{first} {more}"


@decoder("cells", order=76, marker=lambda t: _CONT_RE.search(t) is not None)
def wrapped_cells(text: str) -> list[Replacement]:
    """Each row of a drawn or pipe table whose cells wrap over lines (the continuation lines have a
    blank first cell and the same bars) written as one line, each cell's pieces joined
    (``│ Crit │`` / ``│ ical │`` → ``│ Critical │``). The row's line stands for the lines it joins."""
    out: list[Replacement] = []
    rows = list(_ROW_RE.finditer(text))
    i = 0
    while i < len(rows):
        head = rows[i]
        bars = _bars(head.group())
        cells = _cells(head.group(), bars)
        j = i + 1
        while (
            j < len(rows)
            and rows[j].start() == rows[j - 1].end() + 1
            and _bars(rows[j].group()) == bars
            and not _cells(rows[j].group(), bars)[0]
            and cells[0]
        ):
            cells = [join_wrapped(c, m) for c, m in zip(cells, _cells(rows[j].group(), bars), strict=True)]
            j += 1
        if j > i + 1 and len(bars) >= 3:
            bar = head.group()[bars[0]]
            out.append((head.start(), rows[j - 1].end(), f"{bar} " + f" {bar} ".join(cells) + f" {bar}"))
        i = j
    return out


# A row of an OCR engine's word table (Tesseract TSV): three numeric cells or more, then one text cell.
_WORD_ROW_RE = re.compile(r"^((?:-?\d+(?:\.\d+)?\t){3,})([^\t\r\n]*?)\r?$", re.MULTILINE)
WORD_ROW_MARK_RE = re.compile(r"\n(?:-?\d+(?:\.\d+)?\t){3}")
"""The marker of :func:`word_rows`: a line led by three numeric cells."""
_MIN_WORD_ROWS = 3


@decoder("word_rows", order=77, marker=lambda t: "\t" in t and WORD_ROW_MARK_RE.search(t) is not None)
def word_rows(text: str) -> list[Replacement]:
    """A table of one word per row after numeric cells (positions, sizes, confidences: what an OCR
    engine writes per word) read as the running text it holds: each run of three such rows or more,
    with the same number of numeric cells, has the cells dropped and its words joined by blanks
    (``…\t91\tSize:`` / ``…\t88\tSmall`` → ``Size: Small``). Each word keeps its own characters."""
    out: list[Replacement] = []
    rows = list(_WORD_ROW_RE.finditer(text))
    i = 0
    while i < len(rows):
        j = i + 1
        width = rows[i].group(1).count("\t")
        while j < len(rows) and rows[j].start() == rows[j - 1].end() + 1 and rows[j].group(1).count("\t") == width:
            j += 1
        if j - i >= _MIN_WORD_ROWS:
            for k in range(i, j):
                row = rows[k]
                last = k == j - 1
                if row.group(2).strip():
                    out.append((row.start(), row.start(2), ""))
                    if not last:
                        out.append((row.end(), row.end() + 1, " "))
                else:
                    out.append((row.start(), row.end() if last else row.end() + 1, ""))
        i = j
    return out


# A line holding one named text field: ``text = "so"``, ``label: "so"`` (a record of an alignment or a list).
_WORD_FIELD_RE = re.compile(r'^[ \t]*([A-Za-z_][\w.-]{0,40})[ \t]*[=:][ \t]*"([^"\n]{0,40})"[ \t]*\r?$', re.MULTILINE)
_MIN_WORD_FIELDS = 3
_MAX_WORD_GAP = 8
"""Lines between two records' text fields (their numeric fields, a record's header)."""


def _numeric_lines(text: str, a: int, b: int) -> bool:
    """The lines of ``text[a:b]`` (a few at most) hold no text in quotes: the other fields of a record
    (``xmin = 0.4``, ``intervals [3]:``)."""
    gap = text[a:b]
    return '"' not in gap and gap.count("\n") <= _MAX_WORD_GAP


@decoder(
    "word_fields",
    order=78,
    marker=lambda t: t.count('"') >= 2 * _MIN_WORD_FIELDS and _WORD_FIELD_RE.search(t) is not None,
    blob_marker=lambda b: b.count(b'\\"') >= 2 * _MIN_WORD_FIELDS and b.find(b'= \\"') >= 0,
    blob_anchors=(b'= \\"',),
)
def word_fields(text: str) -> list[Replacement]:
    """Records of one short text each (a word of an alignment's tier, ``intervals [6]: xmin = 2.44 …
    text = "positive"``) read as the running text they hold: each run of three records or more whose
    text field has the same name, with only their other fields (no quoted text) between, has its texts
    joined by blanks into the first one (``text = "marking sentiment as positive"``). A quoted field of
    another name (a tier's ``name = "phones"``) ends the run. Each word keeps its own characters."""
    out: list[Replacement] = []
    fields = list(_WORD_FIELD_RE.finditer(text))
    i = 0
    while i < len(fields):
        j = i + 1
        name = fields[i].group(1)
        while (
            j < len(fields)
            and fields[j].group(1) == name
            and _numeric_lines(text, fields[j - 1].end(), fields[j].start())
        ):
            j += 1
        if j - i >= _MIN_WORD_FIELDS:
            for k in range(i, j - 1):
                out.append((fields[k].end(2), fields[k + 1].start(2), " "))
        i = j
    return out


_DITTOS = frozenset({"〃", "″", '"', "”", "“", "''", "do.", "ditto", "dito", "id."})
"""Marks that repeat the cell above (a ditto mark, its typewriter forms, ``do.`` for *ditto*)."""
_DITTO_HINTS = ("〃", "″", "do.", "''", '""', "ditto", "dito", "”", "id.")
_DITTO_BLOB_HINTS = tuple(h.encode() for h in _DITTO_HINTS if h != '""') + (b'\\"\\"',)
_FIXED_CELL = re.compile(r"\S+(?: \S+)*")


def _line_cells(line: str) -> tuple[str, list[tuple[int, int, str]]]:
    """The cells of one line of a table with where each stands: ``("pipe" | "csv" | "fixed", [(start, end,
    text)])`` — between bars, between commas outside quotes (the text unquoted), or runs of words set apart
    by two blanks or more."""
    if line.count("|") >= 2:
        bars = [i for i, ch in enumerate(line) if ch == "|"]
        out = []
        for a, b in itertools.pairwise(bars):
            inner = line[a + 1 : b]
            lead = len(inner) - len(inner.lstrip())
            out.append((a + 1 + lead, a + 1 + len(inner.rstrip()), inner.strip()))
        return "pipe", out
    if "," in line:
        out, start, quoted = [], 0, False
        for i, ch in enumerate(line + ","):
            if ch == '"':
                quoted = not quoted
            elif ch == "," and not quoted:
                raw = line[start:i]
                text = raw[1:-1].replace('""', '"') if len(raw) >= 2 and raw[0] == raw[-1] == '"' else raw
                out.append((start, i, text.strip()))
                start = i + 1
        return "csv", out
    return "fixed", [(m.start(), m.end(), m.group()) for m in _FIXED_CELL.finditer(line)]


@decoder(
    "ditto",
    order=79,
    marker=lambda t: "\n" in t and any(h in t for h in _DITTO_HINTS),
    # a lone backslash is memchr; the two-byte line break a full search
    blob_marker=lambda b: b.find(b"\\") >= 0 and b.find(b"\\n") >= 0 and any(b.find(h) >= 0 for h in _DITTO_BLOB_HINTS),
)
def ditto(text: str) -> list[Replacement]:
    """A table's cell holding only a ditto mark (``〃``, ``"``, ``''``, ``do.``) read as the cell above it
    says, in a pipe, CSV or fixed-width table (the same field, or for fixed-width columns the cell that
    starts at the same column, of the line above; a ditto above a ditto carries the first one down):
    ``HD-8143   Positive`` / ``HD-8148   do.`` → ``HD-8148   Positive``. The ditto's characters stand for
    the text it repeats, so a finding points at the mark."""
    out: list[Replacement] = []
    above: tuple[str, list[tuple[int, int, str]], list[str]] | None = None
    pos = 0
    for line in text.split("\n"):
        kind, cells = _line_cells(line)
        shown = [c[2] for c in cells]
        if kind == "pipe" and cells and all(set(c[2]) <= set("-: ") for c in cells):
            pos += len(line) + 1
            continue  # a pipe table's rule line
        if above is not None and above[0] == kind:
            for k, (a, b, cell) in enumerate(cells):
                if cell.casefold() not in _DITTOS:
                    continue
                if kind == "fixed":
                    match = [j for j, c in enumerate(above[1]) if c[0] == a]
                    j = match[0] if match else -1
                else:
                    j = k if len(above[1]) == len(cells) else -1
                if j < 0 or not above[2][j] or above[2][j].casefold() in _DITTOS:
                    continue
                shown[k] = above[2][j]
                out.append((pos + a, pos + b, shown[k]))
        above = (kind, cells, shown)
        pos += len(line) + 1
    return out
