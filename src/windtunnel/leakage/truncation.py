"""Abbreviation by truncation: a label cut short with an ellipsis (``Sh…``, ``Neg...``).

A narrow column, a chip or an accessibility snapshot shortens a value that does not fit and marks the
cut with an ellipsis: ``Sh…`` in the category column reads ``Shipping`` when no other label of the set
starts with ``Sh``. The ellipsis says the word was cut, so unlike a bare abbreviation (three letters at
least, :func:`~windtunnel.leakage.aliases.label_abbreviations`) any prefix counts, one letter
included, as long as it is the prefix of exactly one label (``Ne…`` is no one's in a set holding
``Negative`` and ``Neutral``). The cut is marked, so the truncation stands for the label itself and
is decided by the same principles (a value, a pair, a tie to the task in prose).
"""

from __future__ import annotations

from collections.abc import Sequence

ELLIPSES = ("...", "\u2026")
"""How a cut is marked: three full stops and the ellipsis character (the one character is written
as the three, so the first gives the needle both match)."""
MAX_PREFIXES = 32
"""Prefixes of one label written out at most (labels are short; a long one is cut early anyway)."""


def label_truncations(label: str, label_set: Sequence[str]) -> list[str]:
    """``label`` cut after each of its first characters and marked with an ellipsis, for every cut
    that no other label of ``label_set`` (compared case-insensitively) starts with. Without a label
    set of two labels or more, none: a lone answer's prefix singles out nothing."""
    if len(label_set) < 2 or label not in label_set:
        return []
    others = [o.casefold() for o in label_set if o != label]
    out: list[str] = []
    for n in range(1, min(len(label), MAX_PREFIXES + 1)):
        prefix = label[:n].rstrip()
        if not prefix or prefix != label[:n] or not prefix[-1].isalnum():
            continue
        low = prefix.casefold()
        if any(o.startswith(low) for o in others):
            continue
        out.extend(prefix + mark for mark in ELLIPSES)
    return out
