"""Values of a field that ride with no label: held alike by the items of several labels.

A field some of whose values were mined is blanked on every item that fills it
(:func:`~windtunnel.leakage.sanitize.uniform_fields`): its other values may be the riders of the labels mining found
too rare to prove (``priority_id: 1`` mined for ``Low``, ``2``, ``3`` and ``4`` not), and a blank only where a mined
value was would name its label. A value that the items of several labels hold, each label about as often as its share
of the field's items, is shown not to be such a rider (a work queue ``EXQ-NEW-KCK`` that new exceptions of every
disposition sit in, beside ``EXQ-OSD-KCK`` on the damage claims only): blanking it as well cuts a clean record for
nothing. So it is kept, when what is blanked still falls on the items of every label filling the field, none of them
leaning beyond chance (:func:`shared_values`): an empty value then names no label, as on a field every label's items
lose alike. When the blanks would fall on some labels' items only (a fee of ``2500`` mined for one label beside
``800`` and ``1200`` shared by all), the field is blanked on every item as before.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from windtunnel.leakage.baseline import binom_sf

SHARED_ALPHA = 0.05
"""A value is shared when it is held by items of two labels or more and none of its labels is above its share of the
field's items at this level (one-sided exact binomial, uncorrected: a value that leans is blanked, so the test errs
towards blanking)."""

BLANK_ALPHA = 0.01
"""The blanks left (the values not shared) must not lean to a label either: a one-sided exact binomial test of each
label's count among them against its share of the field's items, Bonferroni-corrected over the labels."""


def shared_values(holders: Iterable[tuple[str, str]]) -> frozenset[str]:
    """The values of one field to keep, from ``holders``: ``(value, label)`` per item filling the field (a value as its
    JSON text, so ``1`` and ``"1"`` differ). A value is kept when items of two labels or more hold it and none of its
    labels leans beyond chance (:data:`SHARED_ALPHA`); none is kept unless the items holding the other values (those
    blanked) are of every label filling the field and lean to none (:data:`BLANK_ALPHA`), since a blank would then
    name the labels it falls on."""
    by_value: dict[str, Counter[str]] = {}
    total: Counter[str] = Counter()
    for value, label in holders:
        by_value.setdefault(value, Counter())[label] += 1
        total[label] += 1
    n_all = sum(total.values())
    if len(total) < 2:
        return frozenset()
    share = {label: count / n_all for label, count in total.items()}
    kept = {
        value
        for value, counts in by_value.items()
        if len(counts) >= 2
        and all(binom_sf(k, sum(counts.values()), share[label]) > SHARED_ALPHA for label, k in counts.items())
    }
    blanked: Counter[str] = Counter()
    for value, counts in by_value.items():
        if value not in kept:
            blanked.update(counts)
    n_blanked = sum(blanked.values())
    if not kept or set(blanked) != set(total):
        return frozenset()
    if any(binom_sf(k, n_blanked, share[label]) * len(total) <= BLANK_ALPHA for label, k in blanked.items()):
        return frozenset()
    return frozenset(kept)
