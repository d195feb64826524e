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
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from windtunnel.leakage.decode import embedded_json
from windtunnel.leakage.pointers import escape_pointer_token, in_derive_from
from windtunnel.leakage.ranges import number_of

TOP_MEMBERS = (2, 16)
"""The fewest and most members of a list or object whose top is read when the record lists no label set: a pair at
least (one number ranks nothing), sixteen at most (a longer run of numbers is a series — readings over time, a
histogram — not one score per label). With a label set, one number per label exactly (``labels``): a pair of
coordinates is no score vector of a four-label task."""

TOP_PREFIX = "argmax "
"""How a top is written as a candidate's text: ``argmax 2`` (a list's position), ``argmax High`` (an object's key)."""


class Top(NamedTuple):
    """One list or object of numbers with one strictly greatest member."""

    pointer: str
    """Where the vector sits (inside JSON held in a string: the string's pointer, then its own)."""
    member: str
    """The greatest member's index or key."""
    members: tuple[str, ...]
    """Every member's pointer: the vector is the input's, a copy's or a graded field's when its members are."""
    cut: int | None
    """Inside JSON held in a string: the length of the string's pointer (``pointer[:cut]``), else None."""


def _number(value: Any) -> float | None:
    """``value`` as a finite number, or None: a number, or a string writing one whole (``"0.730"``, ``"73%"``); a
    boolean, another string, null and a nested container are no score."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        number = number_of(value)
    elif isinstance(value, int | float):
        number = float(value)
    else:
        return None
    return number if number is not None and math.isfinite(number) else None


def vector_tops(node: Any, labels: int = 0) -> Iterator[Top]:
    """Every list or object in ``node`` (JSON held in a string walked as structure, one level, as mining reads it)
    whose members are all numbers (:func:`_number`), one per label (``labels``, the size of the record's label set;
    without one, :data:`TOP_MEMBERS`), one strictly greatest. A tie at the
    top (every score equal, two shared firsts) ranks nothing. Iterative, so a deep item is walked too."""
    stack: list[tuple[str, Any, int | None]] = [("", node, None)]
    low, high = TOP_MEMBERS
    while stack:
        ptr, value, cut = stack.pop()
        if isinstance(value, str):
            doc = embedded_json(value) if cut is None and value.lstrip()[:1] in ("{", "[") else None
            if doc is not None:
                stack.append((ptr, doc, len(ptr)))
            continue
        if isinstance(value, Mapping):
            members = [(str(k), v) for k, v in value.items()]
        elif isinstance(value, list):
            members = [(str(i), v) for i, v in enumerate(value)]
        else:
            continue
        numbers = [_number(v) for _k, v in members]
        if (len(members) == labels if labels else low <= len(members) <= high) and all(n is not None for n in numbers):
            best = max(n for n in numbers if n is not None)
            firsts = [k for (k, _v), n in zip(members, numbers, strict=True) if n == best]
            if len(firsts) == 1 and ptr:
                yield Top(ptr, firsts[0], tuple(f"{ptr}/{escape_pointer_token(k)}" for k, _v in members), cut)
            continue
        stack.extend(
            (f"{ptr}/{escape_pointer_token(k)}", v, cut)
            for k, v in reversed(members)
            if isinstance(v, Mapping | list | str)
        )


def score_tops(
    node: Any, derive_from: Sequence[str] = (), copied: Collection[str] = frozenset(), labels: int = 0
) -> Iterator[Top]:
    """Every top of ``node`` (:func:`vector_tops`) outside the named input: a vector any of
    whose members is in ``derive_from`` (``/scores/a`` named, ``/scores/*``) is the input's and has no top, nor one
    any of whose members is the item's copy of its input (``copied``, :func:`~.input_copies.copied_places`)."""
    for top in vector_tops(node, labels):
        if not any(in_derive_from(p, derive_from) or p in copied for p in (top.pointer, *top.members)):
            yield top


def top_values(
    node: Any, derive_from: Sequence[str], inside: Callable[[str, Sequence[str]], bool], labels: int = 0
) -> Iterator[tuple[str, str]]:
    """``(pointer, text)`` of each top of ``node`` whose members are all ``inside`` (as
    :func:`~.input_explained.input_values` reads a place): the input's own tops as the input's values, the others'
    as theirs, so a top outside that only repeats the input's (a copy, a rescaled copy) is explained by it."""
    for top in vector_tops(node, labels):
        if all(inside(p, derive_from) for p in top.members):
            yield top.pointer, TOP_PREFIX + top.member


RANK_SHARE = 0.95
"""A top outside the input ranks as an input's top (:func:`ranked_by_input`) when each of its values goes with one
value of the input's, and each of those with one of its own, on this share of the records holding both at least."""
RANK_RECORDS = 10
"""Records holding both tops, at least, before :func:`ranked_by_input` reads one as the other."""


def _one_to_one(pairs: Sequence[tuple[Any, Any]]) -> bool:
    """Whether ``pairs`` map each first value to one second value and back on :data:`RANK_SHARE` of them."""
    for a, b in ((0, 1), (1, 0)):
        by: dict[Any, Counter[Any]] = {}
        for pair in pairs:
            by.setdefault(pair[a], Counter())[pair[b]] += 1
        if len(by) < 2 or sum(c.most_common(1)[0][1] for c in by.values()) < RANK_SHARE * len(pairs):
            return False
    return True


def ranked_by_input(inputs: Sequence[Mapping[str, Any]], outside: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Per template of a top outside the input (``outside``: per record, :func:`top_values` read outside) that ranks
    as a top of the input does (``inputs``: per record, read inside), that input template: a copy of the input's
    vector in another order or scale (a chart's bars, the shares of the sub-indices) whose greatest member is the
    input's greatest on nearly every record. Whatever it tells, the input tells (a model reads the input's top
    anyway): the input's signal, not a leak, however well it follows the label."""

    def tops(values: Sequence[Mapping[str, Any]]) -> set[str]:
        return {t for v in values for t, x in v.items() if isinstance(x, str) and x.startswith(TOP_PREFIX)}

    out: dict[str, str] = {}
    theirs = sorted(tops(inputs))
    for template in sorted(tops(outside)):
        for source in theirs:
            pairs = [
                (o[template], i[source]) for o, i in zip(outside, inputs, strict=True) if template in o and source in i
            ]
            if len(pairs) >= RANK_RECORDS and _one_to_one(pairs):
                out[template] = source
                break
    return out
