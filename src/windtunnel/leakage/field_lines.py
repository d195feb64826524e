"""Lines of short fields written in a text: ``Sp QURO / DBH 118 / ht 27 m / crown poor / RR Hi``.

A surveyor's field-sheet shorthand, a label printer's line, a status bar: one separator parts a line into short
segments, each a name and its value. A mined word ending such a segment is that field's value (principle 3), as
``name: value`` in prose is (:func:`~windtunnel.leakage.mine.clause_value`), not an author's words for review.

The shape alone does not make a line of fields: lyrics quoted with `` / `` for their line breaks, feature bullets
joined by `` • `` have it too. What does is the dataset: the fields' names recur. A line's *names* are its segments
without their last word, numbers masked (``sp``, ``dbh``, ``ht #``, ``crown``, ``rr``); mining keeps the names that
:data:`~windtunnel.leakage.mine.CANNED_RECORDS` records or more carry at one place (:attr:`MineResult.field_lines`),
and only a segment of such a line gives a value. A song's lines or a product's bullets, written anew per record, do
not recur (review 46 F3: 210 of 210 lyrics and 180 of 180 listings flagged when the shape alone decided).
"""

from __future__ import annotations

import re
from collections.abc import Collection

SEPARATOR = re.compile(r"[ \t]+[/|;·•][ \t]+")
"""What parts a line of short fields: a slash, a bar, a semicolon or a dot with blanks around it."""
MIN_SEGMENTS = 3
SEGMENT_WORDS = 4
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")

Names = tuple[str, ...]


def _segments(line: str) -> list[tuple[int, int]] | None:
    """The segments of ``line`` (offsets) when one separator parts it into :data:`MIN_SEGMENTS` or more, each of one to
    :data:`SEGMENT_WORDS` words; None otherwise."""
    seps = list(SEPARATOR.finditer(line))
    if len(seps) + 1 < MIN_SEGMENTS or len({m.group().strip() for m in seps}) != 1:
        return None
    bounds = [0, *(x for m in seps for x in (m.start(), m.end())), len(line)]
    segments = list(zip(bounds[::2], bounds[1::2], strict=True))
    if any(not 1 <= len(line[x:y].split()) <= SEGMENT_WORDS for x, y in segments):
        return None
    return segments


def _names(line: str, segments: list[tuple[int, int]]) -> Names:
    """Each segment without its last word, case folded and numbers masked: the fields' names."""
    return tuple(_NUMBER.sub("#", " ".join(line[x:y].split()[:-1]).casefold()) for x, y in segments)


def line_names(text: str) -> set[Names]:
    """The names of every line of short fields ``text`` holds (:func:`_segments`)."""
    out = set()
    for line in text.splitlines():
        segments = _segments(line)
        if segments is not None:
            out.add(_names(line, segments))
    return out


def segment_value(text: str, span: tuple[int, int] | None, known: Collection[Names]) -> bool:
    """The mined word at ``span`` of ``text`` ends a segment of a line of short fields, after a name, and the line's
    names are among ``known`` (those the dataset's records carry alike)."""
    if span is None or not known:
        return False
    a, b = span
    start = text.rfind("\n", 0, a) + 1
    end = text.find("\n", b)
    line = text[start : len(text) if end < 0 else end]
    segments = _segments(line)
    if segments is None or _names(line, segments) not in known:
        return False
    a, b = a - start, b - start
    for x, y in segments:
        if x <= a and b <= y:
            return not line[b:y].strip() and bool(line[x:a].split())
    return False
