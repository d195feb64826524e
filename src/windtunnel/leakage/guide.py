"""Where a walked item can hit: the strings of its serialisation that hold what the pre-check found.

The walk visits the projection in the order ``orjson.dumps`` writes it (keys in order, each key
before its value), so the *n*-th string token of the serialisation (keys and string values, counted
from 0) is the *n*-th string the walk meets. With an exact plan (see :mod:`prefilter`: ASCII, no
literal backslash in any string) a string token is delimited by the quotes that are not preceded
by a backslash, so the token holding a byte position is the count of such quotes before it, halved.

Every finding outside upstream fields needs, in the string (or key) it is found in, every word of
some answer or correlated value (lowercased), or something a decoded view can read (a hot base64
run, an entity, a percent-escape). Each of those sits inside the string's own token, verbatim (a
word, a run, ``&`` and ``%`` are never escaped by JSON). So the tokens holding one chosen word of
each answer, and the decodable pieces the plan found, are the only strings the walk has to look
at: a subtree holding none of them holds no finding, and is passed over by counting its tokens.
"""

from __future__ import annotations

from typing import Any

from windtunnel.leakage.needles import NeedleSet
from windtunnel.leakage.prefilter import Plan, dumps, token_sets
from windtunnel.leakage.text import WORD_RE

_NON_FINITE = frozenset({"nan", "inf"})
_MAX_TARGETS = 32
"""More places than this: the guidance would cost about what it saves; the walk checks as before."""


def target_tokens(blob: bytes, plan: Plan, needles: NeedleSet) -> list[int] | None:
    """The sorted indices of the string tokens of ``blob`` that may hold a finding, or ``None``
    when this cannot guide the walk (an upstream-named key, a numeric or date answer, a word
    outside any string, too many places)."""
    words = _words(needles)
    if words is None or plan.upstream or not plan.exact:
        return None
    places: list[int] = []
    if words:
        low = blob.lower()
        for word in words:
            if not _find_all(low, word, places):
                return None
    if plan.decode:
        pieces = [r.encode() for r in plan.hot]
        if plan.entities:
            pieces.append(b"&")
        if plan.percent:
            pieces.append(b"%")
        for piece in pieces:
            if not _find_all(blob, piece, places):
                return None
    out: set[int] = set()
    for at in places:
        quotes = blob.count(b'"', 0, at) - blob.count(b'\\"', 0, at)
        if not quotes & 1:
            return None  # outside every string: a number or a literal (``true``) may hit
        out.add(quotes >> 1)
    return sorted(out)


def _words(needles: NeedleSet) -> list[bytes] | None:
    """One word of each answer and correlated value (its longest), lowercased, to find where they
    can match; ``None`` when that cannot be done from the serialisation. (Not cached on the needle
    set: a few hundred bytes per distinct answer, measured as resident memory, for well under a
    microsecond per item.)"""
    if needles.any_canon:
        return None
    out: list[bytes] = []
    for words in token_sets(needles):
        if not words:
            return None
        word = max(words, key=len)
        if not word.isascii():
            return None
        out.append(word.encode())
    return out


def _find_all(text: bytes, piece: bytes, places: list[int]) -> bool:
    """Append every position of ``piece`` in ``text``; ``False`` when there are too many."""
    at = text.find(piece)
    while at >= 0:
        places.append(at)
        if len(places) > _MAX_TARGETS:
            return False
        at = text.find(piece, at + 1)
    return True


def reads_as_null(needles: NeedleSet) -> bool:
    """Some answer or correlated value can be a float ``nan`` or ``inf`` (``-inf``), which the walk
    reads as ``repr`` writes it and orjson serialises as ``null``: the serialisation cannot rule
    it out, so such an item gets no pre-check."""
    # The longest word of such a value is one of them (checked first: this runs on every item).
    return any(
        n.role != "label" and n.key in _NON_FINITE and _NON_FINITE.issuperset(WORD_RE.findall(n.norm))
        for n in needles.needles
    )


def token_count(value: Any) -> int:
    """How many string tokens (keys and string values) ``value`` serialises to (or a serialisation
    holds, given as bytes)."""
    t = type(value)
    if t is str:
        return 1
    if t is bytes:
        return (value.count(b'"') - value.count(b'\\"')) >> 1
    if t is dict or t is list:
        blob = dumps(value)
        if blob is None:  # the item serialised, so its parts do: never reached
            raise TypeError("a part of a serialised projection did not serialise")
        return (blob.count(b'"') - blob.count(b'\\"')) >> 1
    return 0
