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

A value may also stand on a line of its own in a text laid out line by line (a bottle label read by OCR: the brand,
the grade, ``清酒``, the strength, each a line). The same holds there: the shape (a short line alone) does not make a
value, the dataset does. A mined word filling its whole line is a value where a line next to it is one that
:data:`~windtunnel.leakage.mine.CANNED_RECORDS` records or more carry at that place (numbers masked,
:func:`line_shapes`): the line sits in a layout the records share, a slot of it (:func:`own_line`).
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


LINE_WORDS = 8
"""A line of more words than this is a sentence, not a line of a layout (:func:`line_shapes`)."""


def _shape(line: str) -> str:
    """A line as its layout holds it: blanks collapsed, case folded, numbers masked."""
    return _NUMBER.sub("#", " ".join(line.split()).casefold())


def line_shapes(text: str) -> set[str]:
    """The shapes (:func:`_shape`) of the short lines of a text of several lines: the lines a layout may share."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) < 2:
        return set()
    return {_shape(line) for line in lines if len(line.split()) <= LINE_WORDS}


def own_line(text: str, span: tuple[int, int] | None, shared: Collection[str]) -> bool:
    """The mined word at ``span`` of ``text`` fills its whole line (but for a closing ``.:;,``), and a line next to
    it (the nearest non-blank one before or after) has a shape among ``shared``, those the dataset's records carry
    alike at that place: a value set in a shared layout, not an author's words."""
    if span is None or not shared:
        return False
    a, b = span
    start = text.rfind("\n", 0, a) + 1
    end = text.find("\n", b)
    end = len(text) if end < 0 else end
    if text[start:a].strip() or text[b:end].strip().strip(".:;,"):
        return False
    before = [line for line in text[: max(0, start - 1)].splitlines() if line.strip()]
    after = [line for line in text[end + 1 :].splitlines() if line.strip()] if end < len(text) else []
    return any(_shape(near[k]) in shared for near, k in ((before, -1), (after, 0)) if near)


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
