"""Listings of labels in structured data: a member is never blanked alone.

``["Low", "Medium", "High"]``, ``{"LOW": "Low", "HIGH": "High"}`` or a list of option objects names
every label. Blanking the one that equals an item's answer leaves the others in place, so the gap names
the answer by elimination — a worse leak than the one removed. The sanitizer asks
:func:`listing_member` first: a member of a listing is left as it is, except for a *mark* that sets it
apart from its siblings (``"selected": true`` where the others say ``false``), which takes the siblings'
value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from windtunnel.leakage.pointers import parse_pointer
from windtunnel.leakage.text import normalize_needle


@dataclass
class Listing:
    """The listing a finding's value is a member of."""

    container: Any
    """The list or object holding the members."""
    member: Any
    """The key or index of the member on the finding's path."""


def _label_of(value: Any, norms: frozenset[str]) -> str | None:
    if isinstance(value, str):
        n = normalize_needle(value)
        return n if n in norms else None
    if isinstance(value, Mapping):
        for v in value.values():
            if isinstance(v, str) and (n := normalize_needle(v)) in norms:
                return n
    return None


def listing_member(root: Any, pointer: str, labels: Sequence[str], answers: Sequence[str] = ()) -> Listing | None:
    """The listing holding the value at ``pointer`` (one or two levels up), or ``None``.

    A listing is a list or object of which at least half the members hold labels, two or more of them
    distinct, one of them not among the item's ``answers``: a member holds a label when it is a label string, or
    an object with a label among its own values (an option object). A record whose fields happen to hold two
    labels (``id: "1"`` beside ``rating: "2"``) is not a listing, nor is a multi-label item's own list of its
    answers (``"tags": ["ci", "eng", "web"]`` for the answers ``ci`` and ``eng``): no other label is left to
    name them by elimination.
    """
    norms = frozenset(normalize_needle(lab) for lab in labels) - {""}
    mine_all = frozenset(normalize_needle(a) for a in answers)
    if len(norms) < 2:
        return None
    chain: list[tuple[Any, Any]] = []
    node = root
    try:
        for tok in parse_pointer(pointer):
            key: Any = int(tok) if isinstance(node, list) else tok
            chain.append((node, key))
            node = node[key]
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    for container, key in reversed(chain[-2:]):
        members = container.values() if isinstance(container, Mapping) else container
        if not isinstance(container, (list, Mapping)):
            continue
        members = list(members)
        held = [lab for m in members if (lab := _label_of(m, norms)) is not None]
        mine = _label_of(container[key], norms)
        if mine is not None and len(set(held)) >= 2 and 2 * len(held) >= len(members) and set(held) - mine_all:
            return Listing(container, key)
    return None


def unmark(listing: Listing) -> list[tuple[str, Any, Any]]:
    """Give the member the siblings' value of every scalar key that sets it apart; returns
    ``[(key, old, new)]`` of the changes (empty: nothing sets it apart, the member is left as it is)."""
    container, key = listing.container, listing.member
    member = container[key]
    if not isinstance(member, dict) or not isinstance(container, list):
        return []
    siblings = [m for i, m in enumerate(container) if i != key and isinstance(m, Mapping)]
    changes: list[tuple[str, Any, Any]] = []
    for k, v in list(member.items()):
        if isinstance(v, (dict, list)):
            continue
        seen = Counter(repr(s[k]) for s in siblings if k in s and not isinstance(s[k], (dict, list)))
        if seen:
            common = next(s[k] for s in siblings if k in s and repr(s[k]) == seen.most_common(1)[0][0])
            if len(seen) == 1 and common != v and isinstance(v, bool):
                member[k] = common
                changes.append((k, v, common))
        elif isinstance(v, bool) and v:
            # Only this member has the flag: clear it (the key stays, the schema is unchanged).
            member[k] = False
            changes.append((k, v, False))
    return changes
