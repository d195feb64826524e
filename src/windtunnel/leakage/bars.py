"""A chart or table with one line per label: the same value on every line is a listing, the one bar far
longer than every other is the label it scores highest (principles 3 and 6).

A tool explaining a classifier often prints one line per label and a value after each: a bar drawn in block
characters (``Low ▏``, ``High ██████████▌``) or a status (``Low (not scored)``). Every label is named once, so
the label words alone say nothing; what the lines hold after them does:

* the same text after every label (``(not scored)``, ``n/a``), each line led by the same marks, is a listing
  of the label set: findings in those lines are dropped (:func:`drop_even_lines`); a line whose lead mark
  differs (a cursor ``>`` before one label) sets its label apart and is no listing;
* drawn bars after every label, one at least twice as long as each other, score that label highest: the
  chart states it, ``freetext.key-value`` at the bar (:func:`bar_findings`), and the findings on the other
  labels' lines are dropped.

A line is a label at its start (after blanks, a bullet or a ``|``), then blanks or a ``:`` or ``|``, then its
value to the end of the line; the label set's lines must each occur once in one string.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import drop_within, node_at, parse_pointer, raw_finding, string_leaves
from windtunnel.leakage.text import normalize_needle

_EIGHTHS = {"█": 8, "▉": 7, "▊": 6, "▋": 5, "▌": 4, "▍": 3, "▎": 2, "▏": 1}
_BAR = re.compile(r"[\u2580-\u25a0]+")
"""A bar drawn in block elements (``█``, ``▌``, ``▏`` …) or squares (``■``): UTF-8 ``E2 96 ..``, which the
gate looks for in the serialisation."""
_MIN_RATIO = 2.0
_MAX_LEAVES = 2000
_MAX_TEXT = 100_000
_LEAD = " \t-*•|>"


@dataclass(frozen=True)
class Line:
    """A line of a per-label chart: the label's span, the value's span and text (stripped), and the marks
    before the label (a bullet, a cursor ``>``, blanks removed)."""

    label: str
    label_span: tuple[int, int]
    value_span: tuple[int, int]
    value: str
    lead: str = ""


def may_chart(blob: bytes | None) -> bool:
    """Sound gate of :func:`drop_even_lines` on the serialised projection: one line per label needs a line
    break inside a string (its escape's backslash looked for first, by memchr)."""
    return blob is None or (blob.find(b"\\") >= 0 and blob.find(b"\\n") >= 0)


def may_draw(blob: bytes | None) -> bool:
    """Sound gate of :func:`bar_findings`: a line break inside a string and a block character (orjson writes
    non-ASCII characters as UTF-8, never escaped; the escape's backslash looked for first, by memchr)."""
    return blob is None or (blob.find(b"\\") >= 0 and blob.find(b"\\n") >= 0 and blob.find(b"\xe2\x96") >= 0)


def label_lines(text: str, label_set: Sequence[str]) -> dict[str, Line] | None:
    """``{label norm: line}`` when every label of the set heads exactly one line of ``text`` (see the
    module), else ``None``."""
    if len(text) > _MAX_TEXT or "\n" not in text:
        return None
    norms = sorted({normalize_needle(lab) for lab in label_set if lab.strip()}, key=len, reverse=True)
    if len(norms) < 2:
        return None
    found: dict[str, list[Line]] = {}
    start = 0
    for raw in text.split("\n"):
        i = line_start = start
        end = start + len(raw)
        start = end + 1
        while i < end and text[i] in _LEAD:
            i += 1
        lead = "".join(text[line_start:i].split())
        head = normalize_needle(text[i : min(end, i + 80)])
        for norm in norms:
            if not head.startswith(norm):
                continue
            j = i + len(norm)  # ASCII-folded labels keep their length; others are checked below
            if normalize_needle(text[i:j]) != norm or (j < end and (text[j].isalnum() or text[j] == "_")):
                break
            k = j
            while k < end and text[k] in " \t:|":
                k += 1
            if k == j and k < end:
                break  # the label runs into its value: a word, not a line's head
            e = end
            while e > k and text[e - 1].isspace():
                e -= 1
            found.setdefault(norm, []).append(Line(norm, (i, j), (k, e), text[k:e], lead))
            break
    if set(found) != set(norms) or any(len(v) != 1 for v in found.values()):
        return None
    return {norm: lines[0] for norm, lines in found.items()}


def _bar_length(value: str) -> float | None:
    """The length of a drawn bar (block characters in eighths, other bar characters as whole ones)."""
    if not value or _BAR.fullmatch(value) is None:
        return None
    return sum(_EIGHTHS.get(ch, 8) for ch in value) / 8  # a square or a block of another height: a whole one


def _longest(lines: Mapping[str, Line]) -> str | None:
    """The label whose bar is at least twice as long as every other, when every line holds a bar."""
    lengths = {norm: _bar_length(line.value) for norm, line in lines.items()}
    if any(v is None for v in lengths.values()):
        return None
    ranked = sorted(lengths.items(), key=lambda kv: kv[1] or 0.0, reverse=True)
    top, second = ranked[0][1] or 0.0, ranked[1][1] or 0.0
    return ranked[0][0] if top > 0 and top >= _MIN_RATIO * second else None


def bar_findings(item_id: str, projection: Any, expected: Sequence[str], label_set: Sequence[str]) -> list[Finding]:
    """``freetext.key-value`` at the bar of the answer's line when it is the one far longest (see the module)."""
    answers = {normalize_needle(e): e for e in expected}
    out: list[Finding] = []
    if not isinstance(projection, (Mapping, list)):
        return out
    for path, text in islice(string_leaves(projection), _MAX_LEAVES):
        lines = label_lines(text, label_set)
        if lines is None:
            continue
        top = _longest(lines)
        if top in answers:
            detail = "a chart of every label draws the expected answer's bar far longer than the others"
            out.append(raw_finding(item_id, path, lines[top].value_span, "freetext.key-value", detail, answers[top]))
    return out


def drop_even_lines(findings: list[Finding], projection: Any, label_set: Sequence[str]) -> list[Finding]:
    """``findings`` without those on the lines of a per-label chart or table that do not single their label
    out: every line holding the same value, or a line other than the far longest bar's."""
    return drop_within(findings, lambda pointer: _even_spans(projection, pointer, label_set))


def _even_spans(projection: Any, pointer: str, label_set: Sequence[str]) -> list[tuple[int, int]]:
    """The spans (label to end of value) of the lines of the string at ``pointer`` that single nothing out.

    When every label's line has the same lead and the same value, the chart is even and all its lines are
    returned; else, when one bar is at least twice every other (:func:`_longest`), the other lines are, as
    only the longest singles its label out. With neither, nothing is returned and the findings stand. A
    line marked apart by its lead (a cursor before one label) makes the values differ by lead, so it is
    never even.
    """
    try:
        text = node_at(projection, parse_pointer(pointer))
    except ValueError:
        return []
    if not isinstance(text, str):
        return []
    lines = label_lines(text, label_set)
    if lines is None:
        return []
    # a line marked apart (a cursor ``>`` before one label only) singles its label out, whatever the values
    values = {(line.lead, " ".join(line.value.casefold().split())) for line in lines.values()}
    if len(values) == 1:
        return [(line.label_span[0], line.value_span[1]) for line in lines.values()]
    top = _longest(lines)
    if top is None:
        return []
    return [(line.label_span[0], line.value_span[1]) for norm, line in lines.items() if norm != top]
