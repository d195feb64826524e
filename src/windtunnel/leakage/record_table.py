"""A one-record table held in a string, read as its fields: what mining counts at ``pointer/<column>``.

A docket excerpt, a report row, a CSV snippet — ``| Grant | Organisation | Amount | Recommendation |`` over one
row — states its record's values, each named by its column (principle 1 reads such a cell as a value). Written in a
string, the whole text is one value that the row's other cells (an id, a name, an amount) make unique; mining
reads it as structure, as it walks JSON held in a string: each cell is a whole value at the string's pointer
followed by its column's name, so a column whose cells ride with the label is a field like any other.

A table is a header line and exactly one data row (a pipe table's rule line aside), both with the same number of
cells (two or more), split at ``|`` (Markdown, Slack), a tab, or ``;`` / ``,`` when every header cell is a short
name (three words at most, no sentence): prose with commas is no table. Without a delimiter, a fixed-width table
(a mainframe report, a notice's extract row) is read by its columns: the header's names are parted by two blanks or
more (a name of a few words keeps one blank inside), and the row fills every column, each of its cells starting at
its name's character after a blank and ending before the next name's start, as principle 1 reads such a cell in
the scan (:func:`windtunnel.leakage.mention._fixed_cell`). A table of many records is left to structure resolution
(which row is this record's).
"""

from __future__ import annotations

import re

Cell = tuple[str, str, tuple[int, int]]
"""(column name, cell text, span of the cell text in the string)."""

_RULE = re.compile(r"[\s|:+=-]+")
_MAX_NAME_WORDS = 3
_DELIMITERS = ("|", "\t", ";", ",")
_NAME = re.compile(r"\S(?: ?\S)*")
"""A fixed-width header's column names: runs of characters with at most one blank inside (two blanks part them)."""


def record_table(text: str) -> list[Cell]:
    """The cells of the one-record table ``text`` holds (see the module docstring), or ``[]``."""
    if "\n" not in text:
        return []
    lines: list[tuple[str, int]] = []
    at = 0
    for line in text.split("\n"):
        if line.strip() and not _RULE.fullmatch(line):
            lines.append((line, at))
        at += len(line) + 1
    if len(lines) != 2:
        return []
    (head, _h), (row, start) = lines
    for d in _DELIMITERS:
        names = _cells(head, d, 0)
        cells = _cells(row, d, start)
        if len(names) < 2 or len(names) != len(cells):
            continue
        if d in ",;" and any(len(n.split()) > _MAX_NAME_WORDS or not n for n, _s in names):
            continue
        out = [(name, value, span) for (name, _ns), (value, span) in zip(names, cells, strict=True) if name and value]
        if out:
            return out
    return _fixed_width(head, row, start)


def _fixed_width(head: str, row: str, start: int) -> list[Cell]:
    """The cells of the row ``row`` (written at ``start``) under the fixed-width header ``head``, or ``[]``: two
    names or more, each of a few words with a letter, the row's text all inside the columns, every cell filled,
    starting at its name's column after a blank and ending with a blank before the next name's column."""
    names = [(m.start(), m.group()) for m in _NAME.finditer(head)]
    if len(names) < 2 or any(len(n.split()) > _MAX_NAME_WORDS or not any(ch.isalpha() for ch in n) for _a, n in names):
        return []
    if row[: names[0][0]].strip():
        return []
    out: list[Cell] = []
    for i, (a, name) in enumerate(names):
        b = names[i + 1][0] if i + 1 < len(names) else len(row)
        piece = row[a:b]
        if not piece.strip() or piece[0].isspace() or (a > 0 and not row[a - 1 : a].isspace()):
            return []
        if i + 1 < len(names) and not row[b - 1 : b].isspace():
            return []
        value = piece.strip()
        out.append((name, value, (start + a, start + a + len(value))))
    return out


def _cells(line: str, d: str, offset: int) -> list[tuple[str, tuple[int, int]]]:
    """The stripped cells of ``line`` split at ``d`` with their spans (``offset``: where ``line`` starts); the empty
    edges of a pipe row with outer bars are no cells."""
    parts: list[tuple[str, tuple[int, int]]] = []
    lo = 0
    for piece in line.split(d):
        lead = len(piece) - len(piece.lstrip())
        value = piece.strip().strip('"').strip()
        a = offset + lo + lead + (1 if piece.strip().startswith('"') else 0)
        parts.append((value, (a, a + len(value))))
        lo += len(piece) + 1
    if d == "|" and line.strip().startswith("|"):
        parts = parts[1:]
    if d == "|" and line.strip().endswith("|"):
        parts = parts[:-1]
    return parts


__all__ = ["record_table"]
