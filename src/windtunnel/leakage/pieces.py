"""A list of a tokenizer's pieces is a text: principle 3 reads the listing it writes.

A model's prompt or output is often kept as the tokens a subword tokenizer cut it into: SentencePiece marks a
word's start with ``▁`` (``["▁Answer", "▁with", "▁one", "▁of", "▁:", "▁Approve", "▁,", "▁Deny"]``), byte-level
BPE with ``Ġ``, WordPiece a continuation with ``##``. Each element is a piece of one text, not a value of its
own: the list above is the sentence ``Answer with one of: Approve, Deny``, a listing of the label set, and
an element ``▁Deny`` is no more the record's value than the word is in that sentence. :func:`piece_text`
joins such a list back into its text; :func:`lists_every_label` says whether that text names every label,
each time beside another with a listing's separators only (``Approve, Deny``; not ``spam: Ham``, a pair).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from windtunnel.leakage.mention import in_listing

_START = ("\u2581", "\u0120")
"""The marks of a word's start: SentencePiece ``▁``, byte-level BPE ``Ġ``."""
_GLUE = "##"
"""WordPiece's mark of a piece continuing the word before it."""
_MIN_PIECES = 4
_MAX_PIECES = 4096


def piece_text(values: Sequence[object]) -> str | None:
    """The text a list of tokenizer pieces spells (marks of a word's start read as blanks, ``##`` pieces
    glued to the one before), or ``None`` when ``values`` is not such a list: four strings or more, every
    element a string, and half of them or more carrying a mark."""
    if not _MIN_PIECES <= len(values) <= _MAX_PIECES or not all(type(v) is str for v in values):
        return None
    pieces = [str(v) for v in values]
    marked = sum(1 for p in pieces if p.startswith(_START) or p.startswith(_GLUE))
    if 2 * marked < len(pieces):
        return None
    out: list[str] = []
    for p in pieces:
        if p.startswith(_START):
            out.append(" " + p[1:])
        elif p.startswith(_GLUE) and len(p) > len(_GLUE):
            out.append(p[len(_GLUE) :])
        else:
            out.append(p)
    return "".join(out).strip()


def lists_every_label(text: str, label_norms: Collection[str]) -> bool:
    """``text`` names every label (``label_norms``: casefolded, blanks collapsed; two at least) as whole
    words, and every occurrence stands beside another label with only a listing's separators between
    (:func:`~windtunnel.leakage.mention.in_listing`)."""
    if len(label_norms) < 2:
        return False
    low = " ".join(text.split()).casefold()
    spans: list[tuple[int, int]] = []
    for norm in label_norms:
        found = [m.span() for m in re.finditer(r"(?<!\w)" + re.escape(norm) + r"(?!\w)", low)]
        if not found:
            return False
        spans += found
    return all(in_listing(spans, low, a, b) for a, b in spans)
