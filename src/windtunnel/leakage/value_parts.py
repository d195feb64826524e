"""The part of a mined value that rides with its label: the words the other labels' records do not hold there.

Mining and the blind agent find a whole value riding with a label (``You are a support assistant for Acme.
[route:rf]``, held by the ``refund`` records only). Blanking it takes the instruction with the tag. What rides is
the part of the value that differs from what the records of every label hold at the same field: the words of the
value (runs between blanks) that the field's values on the items of **every** label also hold name no label, and
the rest (``[route:rf]``) is the rider. The sanitizer cuts the run of characters from the first to the last such
word (:func:`differing_span`) and keeps the rest; a value whose words all differ, or all are common, or that is a
single word (a code), is still blanked whole (there is no part to keep, or no part to point at). The words held
alike are counted over the dataset (:func:`common_words`); the cut falls on every item whose value holds such a
word, whatever its label (:attr:`~windtunnel.leakage.sanitize.MinedField.riders`), and is made only when what the
values keep leans to no label (:func:`leaning`), else the field is blanked whole as before.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from windtunnel.leakage.baseline import binom_sf

LEAN_ALPHA = 0.01
"""What a field's values keep after the cut must name no label: each kept text's labels are tested against the
labels' shares of the field's items (one-sided exact binomial, Bonferroni over the labels) at this level."""

_WORD = re.compile(r"\S+")
_EDGE = re.compile(r"^\W+|\W+$")


def words(value: str) -> list[re.Match[str]]:
    """The words of ``value`` (runs between blanks) with their places: a code (``EXQ-OSD-DAL``, ``[route:rf]``) is one
    word, cut whole or kept whole, since a code's inner pieces are no parts the other labels' values hold apart."""
    return list(_WORD.finditer(value))


def key(word: str) -> str:
    """A word as compared: case-folded, the punctuation around it dropped (``Acme.`` is ``acme``)."""
    return _EDGE.sub("", word).casefold()


def common_words(held: Iterable[tuple[str, str]]) -> frozenset[str]:
    """The words (case-folded) that the values of one field hold on the items of every label, from ``held``:
    ``(value, label)`` per item filling the field. Empty with fewer than two labels (nothing to compare)."""
    by_label: dict[str, set[str]] = {}
    for value, label in held:
        by_label.setdefault(label, set()).update(key(m.group()) for m in words(value))
    if len(by_label) < 2:
        return frozenset()
    out: set[str] | None = None
    for seen in by_label.values():
        out = set(seen) if out is None else out & seen
    return frozenset(out or ())


def differing_span(value: str, common: frozenset[str]) -> tuple[int, int] | None:
    """The characters of ``value`` from its first to its last word not in ``common`` with the blank after them (before
    them, at the end of the value: no dangling blank is left), or ``None`` when the whole
    value goes (one word, no word in ``common``, or every word in it: nothing to keep, or nothing to point at)."""
    found = words(value)
    odd = [m for m in found if key(m.group()) not in common]
    if len(found) < 2 or not odd or len(odd) == len(found):
        return None
    a, b = odd[0].start(), odd[-1].end()
    if value[b:].strip():  # the blank after it goes with it, or, for a last part, the blank before it
        return (a, len(value) - len(value[b:].lstrip()))
    return (len(value[:a].rstrip()), b)


def riders(value: str, common: frozenset[str]) -> frozenset[str]:
    """The words (case-folded) of ``value`` not in ``common``."""
    return frozenset(key(m.group()) for m in words(value)) - common


def leaning(kept: Iterable[tuple[str, str]]) -> bool:
    """Whether some text of ``kept`` leans to a label (:func:`leaning_texts`)."""
    return bool(leaning_texts(kept))


def leaning_texts(kept: Iterable[tuple[str, str]]) -> set[str]:
    """The texts the field's values keep after their cuts (``(text, label)`` per item filling the field) lean
    to a label: each held by a label's items beyond that label's share of the field (:data:`LEAN_ALPHA`). A word
    common to every label may still be held mostly where a rider was (``cage`` beside a cage code, the code's items
    of some labels only): the kept words would then tell what the cut removed, and the field is blanked whole."""
    by_text: dict[str, Counter[str]] = {}
    total: Counter[str] = Counter()
    for text, label in kept:
        by_text.setdefault(text, Counter())[label] += 1
        total[label] += 1
    n_all = sum(total.values())
    if len(total) < 2:
        return set()
    return {
        text
        for text, counts in by_text.items()
        if any(
            binom_sf(k, sum(counts.values()), total[label] / n_all) * len(total) <= LEAN_ALPHA
            for label, k in counts.items()
        )
    }
