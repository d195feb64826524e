"""The top of a list or an object of numbers: which member holds the greatest number, read by mining as one value.

An upstream model's scores for a record — ``"class_probs": [0.12, 0.09, 0.73, 0.06]`` beside an opaque
``"class_order": "grade_v3"``, ``{"A": 0.1, "B": 0.8, "C": 0.1}`` under a plain name — state its answer in the
position or the key of their greatest number, not in any one number: each probability is a record's own value and
rides with nothing. The per-item audit reads such a ranking where the record itself says it is one (principle 6: a
name of a model's judgement, a listing of the labels beside it); an unnamed vector of one number per label is told by
the dataset only. Mining reads the top of every list or object of numbers outside the named input as one value of
that place (:func:`score_tops`: ``argmax 2`` at ``/auto/class_probs``), so a vector whose top position follows the
label is found at the vector by the same test as any value; a vector whose top is another measurement's (an input's
sub-scores, a pair of coordinates) follows the label only as far as that measurement does, and the test and the
input-explained checks judge it as they judge a value.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

from windtunnel.leakage.pointers import escape_pointer_token

TOP_MEMBERS = (2, 16)
"""The fewest and most members of a list or object whose top is read: a pair at least (one number ranks nothing),
sixteen at most (a longer run of numbers is a series — readings over time, a histogram — not one score per label)."""

TOP_PREFIX = "argmax "
"""How a top is written as a candidate's text: ``argmax 2`` (a list's position), ``argmax High`` (an object's key)."""


def _number(value: Any) -> float | None:
    """``value`` as a finite number, or None (a boolean, a string, null and a nested container are no score)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def score_tops(node: Any) -> Iterator[tuple[str, str]]:
    """``(pointer, member)`` of every list or object in ``node`` (not inside JSON held in a string) whose members are
    all numbers, :data:`TOP_MEMBERS` of them, one strictly greatest: its pointer and that member's index or key. A tie
    at the top (every score equal, two shared firsts) ranks nothing. Iterative, so a deep item is walked too."""
    stack: list[tuple[str, Any]] = [("", node)]
    while stack:
        ptr, value = stack.pop()
        if isinstance(value, Mapping):
            members = [(str(k), v) for k, v in value.items()]
        elif isinstance(value, list):
            members = [(str(i), v) for i, v in enumerate(value)]
        else:
            continue
        numbers = [_number(v) for _k, v in members]
        low, high = TOP_MEMBERS
        if low <= len(members) <= high and all(n is not None for n in numbers):
            best = max(n for n in numbers if n is not None)
            firsts = [k for (k, _v), n in zip(members, numbers, strict=True) if n == best]
            if len(firsts) == 1:
                yield ptr, firsts[0]
            continue
        stack.extend(
            (f"{ptr}/{escape_pointer_token(k)}", v) for k, v in reversed(members) if isinstance(v, Mapping | list)
        )
