"""Keys that are ids: an object keyed by the things it describes is a list in all but syntax.

A list's indices are read as ``*`` in every slot signature (:mod:`.mentions`): the same field of every element is one
place, so a slot's evidence pools over the elements. An object keyed by ids (``{"F15": "PASS", "F10": "FAIL"}``, the
other fibres of a cable by fibre number) is the same structure written as a mapping, and read key by key its places
split into one small slot per id, each too small for the dataset to find at chance, and a label drawn at random for
another fibre reads as this record's.

Only the dataset tells a key that is an id from a field name with a digit in it (``q1`` of a questionnaire, ``p95``):
the keys of one shape under one place (digits read as ``0``: ``F10`` and ``F15`` are ``F0``) are ids when there are
:data:`MIN_KEYS` of them or more and none is held by more than :data:`MAX_SHARE` of the records holding any of them — a
questionnaire's ``q1`` to ``q9`` each stand in every record, an id map's keys each in a few. Such a key is then read
as ``*`` in the signatures, as a list index is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from windtunnel.leakage.mentions import Mention

MIN_KEYS = 4
"""Distinct keys of one shape under one place before they can be ids."""
MAX_SHARE = 0.5
"""The largest share of the records holding a key of the shape that one key may be held by, for the keys to be ids."""
FOLLOWS_SUPPORT = 5
FOLLOWS_SHARE = 0.8
"""A key held by ``FOLLOWS_SUPPORT`` records or more whose label there is the record's on ``FOLLOWS_SHARE`` of them
follows the label alone: its place's keys are fields, not ids (the agreement's own bar for a value slot)."""

_DIGITS = re.compile(r"\d+")


def _shape(segment: str) -> str | None:
    """The shape of a pointer segment with a digit and a letter (digits as ``0``); ``None`` for any other segment (a
    list index is read as ``*`` already, a name without a digit is a field's)."""
    if segment.isdigit() or not any(c.isdigit() for c in segment) or not any(c.isalpha() for c in segment):
        return None
    return _DIGITS.sub("0", segment)


@dataclass(frozen=True)
class IdKeys:
    """The places whose keys of one shape are ids: ``(place, shape)``, the place as a pointer template."""

    places: frozenset[tuple[str, str]] = frozenset()

    def rewrite(self, m: Mention) -> Mention:
        """``m`` with each id key of its pointer read as ``*`` in its signatures (the pointer itself kept: a finding
        points at the original place)."""
        if not self.places or not m.pointer:
            return m
        segments = m.pointer.split("/")
        hit = [i for i, seg in enumerate(segments) if i and (_place(segments[:i]), _shape(seg)) in self.places]
        if not hit:
            return m
        ctx = m.signatures[1]
        old = m.signatures[0][: len(m.signatures[0]) - len(ctx) - 1]
        parts = old.split("/")
        if len(parts) != len(segments):
            return m  # a key the signature wrote otherwise: left as it is
        for i in hit:
            parts[i] = "*"
        new = "/".join(parts)
        sigs = tuple(new + s[len(old) :] if s.startswith(old + " ") else s for s in m.signatures)
        return m._replace(signatures=sigs)


def _place(segments: list[str]) -> str:
    """The pointer template of a segment list (list indices as ``*``)."""
    return "/".join("*" if s.isdigit() else s for s in segments)


def id_keys(mentions: Iterable[tuple[int, str, bool]]) -> IdKeys:
    """The places whose keys are ids, from ``(record, pointer, whether the label there is the record's)`` of every
    mention of the dataset (see the module). A place one of whose keys follows the label alone (:data:`FOLLOWS_SUPPORT`
    records or more, :data:`FOLLOWS_SHARE` of them agreeing) is a set of fields, one of which is a leak (a checklist's
    ``q07`` holding the outcome beside ``q01`` to ``q12`` drawn four at a time; review 43b): its keys are no ids."""
    holders: dict[tuple[str, str], dict[str, set[int]]] = {}
    agreeing: dict[tuple[str, str], dict[str, set[int]]] = {}
    for record, pointer, agrees in mentions:
        segments = pointer.split("/")
        for i in range(1, len(segments)):
            shape = _shape(segments[i])
            if shape is not None:
                place = (_place(segments[:i]), shape)
                holders.setdefault(place, {}).setdefault(segments[i], set()).add(record)
                if agrees:
                    agreeing.setdefault(place, {}).setdefault(segments[i], set()).add(record)
    places = set()
    for place, keys in holders.items():
        if len(keys) < MIN_KEYS:
            continue
        records = len(set().union(*keys.values()))
        if max(len(r) for r in keys.values()) > MAX_SHARE * records:
            continue
        told = agreeing.get(place, {})
        if any(len(r) >= FOLLOWS_SUPPORT and len(told.get(k, ())) >= FOLLOWS_SHARE * len(r) for k, r in keys.items()):
            continue
        places.add(place)
    return IdKeys(frozenset(places))


__all__ = ["FOLLOWS_SHARE", "FOLLOWS_SUPPORT", "MAX_SHARE", "MIN_KEYS", "IdKeys", "id_keys"]
