"""Principle 6 for character offsets: a span of a text of the record that selects a label states it.

An annotation may point at the answer instead of writing it: ``{"answer_start": 92, "answer_end": 100}``
into a form whose text lists every option (``Sentiment (pick one): Neutral  /  Negative  /  Positive``).
The text alone is a listing (principle 3); the offsets are a selector of this record, as a pressed digit is
for a phone menu, and the characters they select are the label.

* A span is an object's pair of integers named by one prefix and ``start`` / ``end`` (or ``begin`` /
  ``end``): ``answer_start`` and ``answer_end``, ``start`` and ``end``, ``char_begin`` and ``char_end``;
  ``0 <= start < end``.
* The span selects a label when, in a string of the projection outside the annotation (the one its
  ``source`` field names, when it names one), the characters from ``start`` to ``end`` are a label of the
  set as whole words. Offsets that select a label in no string, or different labels in different strings,
  select nothing.

The finding (``direct.selection``, high) is at the span's start field, reported only when the label it
selects is the answer. A span left null (a skipped field) selects nothing; a span selecting a name or a
date is no label.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import containers, raw_finding, string_leaves
from windtunnel.leakage.text import normalize_needle

_START = re.compile(r"(?i)(.*?)(start|begin)$")
_MAX_NODES = 5000


def may_offset(blob: bytes) -> bool:
    """The gate on the serialised projection: a key ending in ``start`` or ``begin`` and one ending in ``end``."""
    low = blob.lower()
    return (b'start":' in low or b'begin":' in low) and b'end":' in low


def _spans(node: Mapping[str, Any]) -> Iterator[tuple[str, int, int]]:
    """``(start key, start, end)`` of each span the object holds."""
    for key, value in node.items():
        m = _START.match(str(key))
        if m is None or type(value) is not int:
            continue
        end = node.get(m.group(1) + ("END" if m.group(2).isupper() else "end"))
        if type(end) is int and 0 <= value < end:
            yield str(key), value, end


def _selected(text: str, a: int, b: int, norms: dict[str, str]) -> str | None:
    """The label ``text[a:b]`` is, as whole words."""
    if b > len(text) or (a > 0 and text[a - 1].isalnum()) or (b < len(text) and text[b].isalnum()):
        return None
    return norms.get(normalize_needle(text[a:b]))


def offset_findings(item_id: str, projection: Any, expected: Sequence[str], label_set: Sequence[str]) -> list[Finding]:
    """Findings where a span of character offsets selects the answer in a text of the record (module docstring).

    Offsets are read from objects that hold a start and an end (see :func:`_spans`) and applied to every
    string of the record outside that object, or only to the field named by its ``source`` member when it
    has one. The span must select exactly one label over all those texts, and that label must be the
    answer. The strings are gathered only once an object with offsets is found, as most records have none.
    """
    if len(label_set) < 2 or not expected or not isinstance(projection, (Mapping, list)):
        return []
    norms = {normalize_needle(x): x for x in label_set}
    answer = normalize_needle(expected[0])
    leaves: list[tuple[tuple[str, ...], str]] | None = None
    out: list[Finding] = []
    for node, at in containers(projection, _MAX_NODES, width=500):
        if not isinstance(node, Mapping):
            continue
        for key, a, b in _spans(node):
            if leaves is None:
                leaves = list(string_leaves(projection))
            source = node.get("source")
            picked = {
                lab
                for path, text in leaves
                if path[: len(at)] != at
                and (type(source) is not str or (path and path[-1] == source))
                and (lab := _selected(text, a, b, norms)) is not None
            }
            if len(picked) == 1 and normalize_needle(next(iter(picked))) == answer:
                out.append(
                    raw_finding(
                        item_id,
                        (*at, key),
                        None,
                        "direct.selection",
                        "character offsets of this record select the expected answer in a text of the record",
                        expected[0],
                        channel="direct",
                        representation="json",
                    )
                )
    return out
