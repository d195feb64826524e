"""Principle 2 for struck-through text: a label struck out is retracted, not stated.

A note that strikes a word through says the word no longer holds: ``Priority: ~~Low~~ ~~High~~ **Medium**``
states Medium and takes back Low and High, and a note that strikes every value it names (``~~Low~~ ~~High~~
~~Medium~~ — re-triage Monday``) states none. Strike-through is negation written in layout, as ``not High``
is in words (principle 2: a negated mention states nothing). A prose finding (``freetext.*``) whose matched
characters lie inside one short struck run is dropped; the label left standing keeps its own findings, and
the rules that read the whole text (elimination, a selection mark, a position) are left alone.

Struck runs are recognised as the rich-text markups write them, one line and a few words each: Markdown's
``~~x~~`` and a chat's ``~x~`` (glued to the word, not touching another word), HTML's ``<del>``, ``<s>``
and ``<strike>``, and an element styled ``text-decoration: line-through``. A dash pair (``-x-``) is not read:
it is as often a hyphenated compound or a range.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import node_at, parse_pointer

_STRUCK = re.compile(
    r"~~(?=[^\s~])([^~\n]{1,80}?)(?<=[^\s~])~~"
    r"|(?<![\w~])~(?=[^\s~])([^~\n]{1,80}?)(?<=[^\s~])~(?![\w~])"
    r"|<(del|s|strike)\b[^<>]{0,200}>([^<]{1,80})</(?:del|s|strike)\s*>"
    r"|<([a-z]+)\b[^<>]{0,200}line-through[^<>]{0,200}>([^<]{1,80})</\5\s*>",
    re.IGNORECASE,
)
_WORDS = re.compile(r"\w+")
_MAX_WORDS = 4
"""A struck run of more words is a struck sentence or paragraph, read as the prose it is."""

_WHOLE_TEXT_RULES = frozenset({"freetext.elimination", "freetext.selected", "freetext.position", "freetext.matrix"})
"""Prose rules decided by the whole text, not by the word matched: a struck word is part of their evidence."""


def may_strike(blob: bytes) -> bool:
    """Sound gate on the serialised projection: every struck run needs a ``~`` or a ``<``."""
    return b"~" in blob or b"<" in blob


def struck_runs(text: str) -> list[tuple[int, int]]:
    """``[start, end)`` of the text inside each short struck run of ``text`` (see the module doc)."""
    out: list[tuple[int, int]] = []
    if "~" not in text and "<" not in text:
        return out
    for m in _STRUCK.finditer(text):
        group = next(g for g in (1, 2, 4, 6) if m.group(g) is not None)
        a, b = m.span(group)
        if len(_WORDS.findall(text, a, b)) <= _MAX_WORDS:
            out.append((a, b))
    return out


def drop_struck(findings: list[Finding], projection: Any) -> list[Finding]:
    """``findings`` without the prose findings whose matched characters lie inside a struck run of the
    string they point at (a label struck out is retracted); the list itself when none is dropped."""
    runs: dict[str, Sequence[tuple[int, int]]] = {}
    kept: list[Finding] = []
    for f in findings:
        if _struck(f, projection, runs):
            continue
        kept.append(f)
    return findings if len(kept) == len(findings) else kept


def _struck(f: Finding, projection: Any, runs: dict[str, Sequence[tuple[int, int]]]) -> bool:
    """The prose finding ``f`` matched inside a struck run of its own string.

    Only word-level prose findings on a value qualify: findings of the rules that read the whole text
    (:data:`_WHOLE_TEXT_RULES`), a key, JSON held in a string or a finding without a span are never
    dropped. The span must lie wholly inside one struck run. The runs of each string are computed once and
    kept in ``runs`` (the caller's memo, one per item); a pointer that does not resolve to a string has none.
    """
    if (
        f.channel != "freetext"
        or f.rule in _WHOLE_TEXT_RULES
        or f.span is None
        or f.target != "value"
        or f.inner is not None
    ):
        return False
    spans = runs.get(f.pointer)
    if spans is None:
        try:
            text = node_at(projection, parse_pointer(f.pointer))
        except ValueError:  # not a pointer: nothing to read
            text = None
        spans = runs[f.pointer] = struck_runs(text) if isinstance(text, str) else []
    a, b = f.span
    return any(ra <= a and b <= rb for ra, rb in spans)
