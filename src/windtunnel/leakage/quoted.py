"""Short quotations in prose, each read as a value of the slot the words before it name.

An editor's note ``Autograph heading, in the translator's English: 'at a walking pace'. Engrave the Italian term.``
is prose, and mining reads prose as words, for review: words an author chose may follow the label because the case
does. A quotation is not the author's words but a value the text cites — a heading, a status, a reply — set apart by
its marks, as a field's value is by its field. Read as the value of a slot named by the word before it (``english``),
the quotations of a dataset's notes form a field like any other: one whose values each ride with one label is a code
book, found though no quotation is held by enough records to be tested alone
(:mod:`~windtunnel.leakage.codebook`).

Only short quotations are values (at most :data:`~windtunnel.leakage.candidates.PROSE_WORDS` words): a quoted
sentence is speech, read as the prose around it is. An apostrophe inside a word (``translator's``) opens nothing: a
mark opens a quotation only after a blank, a colon or the text's start, and closes it only before a blank, a stop or
the text's end.
"""

from __future__ import annotations

import re

MAX_WORDS = 6
"""Words a quotation may hold to be a value (:data:`~windtunnel.leakage.candidates.PROSE_WORDS`)."""

_PAIRS = {"'": "'", '"': '"', "‘": "’", "“": "”", "«": "»", "„": "“", "‚": "‘"}
"""Each opening mark and the mark that closes it."""
_QUOTE = re.compile(
    r"(?:(?<=^)|(?<=[\s:(\[—–-]))(?P<open>['\"‘“«„‚])(?P<pad>[ \u00a0\u202f]*)"
    r"(?P<text>[^\s'\"‘’“”«»„‚][^'\"‘’“”«»„‚\n]{0,118}?)(?P<pad2>[ \u00a0\u202f]*)"
    r"(?P<close>['\"’”»“‘])(?=$|[\s.,;:!?)\]—–-])"
)
_LEAD = r"[\s:,—–()\[\]-]{0,4}$"
_NAME = re.compile(r"([^\W\d_][\w'’-]*)" + _LEAD)
"""The word right before a quotation (its colon, comma, dash or bracket skipped): the slot the quotation fills."""
_TWO_NAMES = re.compile(r"([^\W\d_][\w'’-]*)[^\w\n]+([^\W\d_][\w'’-]*)" + _LEAD)
"""The two words before a quotation: the slot of a second quotation after the same word (``the translator wrote``)."""
_PADDED = "«"
"""The opening mark whose quotations may keep blanks inside the marks (``« à pas lents »``)."""


def quotations(text: str) -> list[tuple[str, str, tuple[int, int]]]:
    """``(slot name, quotation, span of its characters)`` of each short quotation of ``text`` that follows a word, the
    name in lower case; a second quotation after the same word is named by the two words before it."""
    out: list[tuple[str, str, tuple[int, int]]] = []
    seen: set[str] = set()
    for m in _QUOTE.finditer(text):
        if _PAIRS[m.group("open")] != m.group("close"):
            continue
        if (m.group("pad") or m.group("pad2")) and m.group("open") != _PADDED:
            continue
        quote = m.group("text").rstrip()
        if not quote or len(quote.split()) > MAX_WORDS or not any(c.isalpha() for c in quote):
            continue
        before = max(0, m.start() - 60)
        named = _NAME.search(text, before, m.start())
        if named is None:
            continue
        name = named.group(1).casefold().rstrip("'’")
        if name in seen:
            two = _TWO_NAMES.search(text, before, m.start())
            name = f"{two.group(1)} {two.group(2)}".casefold() if two is not None else name
            if name in seen:
                continue
        seen.add(name)
        start = m.start("text")
        out.append((name, quote, (start, start + len(quote))))
    return out
