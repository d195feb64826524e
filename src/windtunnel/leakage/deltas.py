"""Principle 1 for a visible computation: the difference of two per-label counts states the label of the
one record that changed between them.

A projection that shows counts per label taken before and after this record was classified (a queue's
``{"XS": 26, "S": 40, …}`` at 08:41:01 and at 08:41:06) states the record's label without writing it next
to the record: exactly one label's count went up by one. The difference is a value of this record as a
field would be, when the projection ties the change to this record and to nothing else:

* two objects (or more) keyed by every label, each label's value a count (an integer), in one list or
  under one parent — snapshots of the same counts; between two consecutive ones exactly one label's count
  rises, by one (a key that is not a label, ``untriaged``, may fall by one);
* the other lists of objects of the projection (an event log, an audit trail) name this record's id and no
  other record's: the change is this record's. An event naming another record (another ticket classified
  between the snapshots) attributes the change elsewhere, and nothing is reported; so does a projection
  with no such list.

"This record's id" is an id (a code or number with a digit) written outside the snapshots and the lists
of objects. The finding (``direct.value``, high) is at the count that rose, in the later snapshot; it is
reported only when that label is the answer.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import raw_finding, string_leaves
from windtunnel.leakage.resolve import id_tokens

_INT_VALUE = re.compile(rb'":-?[0-9]')
_MAX_NODES = 5000


def may_difference(blob: bytes, label_set: Sequence[str]) -> bool:
    """The gate on the serialised projection: two snapshots need a count under every label twice, so
    at least twice as many keys holding a number as there are labels."""
    need = 2 * len(label_set)
    return any(n >= need for n, _m in enumerate(_INT_VALUE.finditer(blob), 1))


def _norm(s: str) -> str:
    """A label folded for comparison."""
    return " ".join(s.casefold().split())


def _walk(root: Any) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every object and list of the projection with its path, in document order (a bounded walk: the order
    of two snapshots is the order they are written in)."""
    stack: list[tuple[Any, tuple[str, ...]]] = [(root, ())]
    seen = 0
    while stack and seen < _MAX_NODES:
        node, at = stack.pop()
        seen += 1
        yield at, node
        if isinstance(node, Mapping):
            kids = [(v, (*at, str(k))) for k, v in node.items() if isinstance(v, (Mapping, list))]
            stack.extend(reversed(kids))
        elif isinstance(node, list):
            kids = [(v, (*at, str(i))) for i, v in enumerate(node[:500]) if isinstance(v, (Mapping, list))]
            stack.extend(reversed(kids))


def _counts(node: Any, norms: set[str]) -> dict[str, tuple[str, int]] | None:
    """``{label: (key as written, count)}`` of an object keyed by every label with integer values."""
    if not isinstance(node, Mapping):
        return None
    got = {_norm(k): (k, v) for k, v in node.items() if isinstance(k, str) and _norm(k) in norms and type(v) is int}
    return got if len(got) == len(norms) else None


def delta_findings(item_id: str, projection: Any, expected: Sequence[str], label_set: Sequence[str]) -> list[Finding]:
    """Findings where two snapshots of per-label counts differ by one in the answer's count alone and the
    projection ties the change to this record (see the module docstring)."""
    if len(label_set) < 2 or not expected or not isinstance(projection, (Mapping, list)):
        return []
    norms = {_norm(x) for x in label_set}
    answer = _norm(expected[0])
    if answer not in norms:
        return []
    snapshots: dict[tuple[str, ...], list[tuple[tuple[str, ...], dict[str, tuple[str, int]]]]] = {}
    for at, node in _walk(projection):
        got = _counts(node, norms)
        if got is not None and at:
            # snapshots are siblings: in one list (``[{…}, {…}]`` or ``[{"counts": {…}}, …]``) or under one parent
            group = at[:-2] if len(at) >= 2 and at[-2].isdigit() else at[:-1]
            snapshots.setdefault(group, []).append((at, got))
    out: list[Finding] = []
    for found in snapshots.values():
        for (_a, before), (after_at, after) in itertools.pairwise(found):
            rose = [lab for lab in norms if after[lab][1] - before[lab][1] != 0]
            if rose != [answer] or after[answer][1] - before[answer][1] != 1:
                continue
            if not _attributed(projection, [p for p, _c in found]):
                continue
            out.append(
                raw_finding(
                    item_id,
                    (*after_at, after[answer][0]),
                    None,
                    "direct.value",
                    "the counts per label before and after this record changed differ in the expected answer's"
                    " count alone",
                    expected[0],
                    channel="direct",
                    representation="json",
                )
            )
    return out


def _attributed(projection: Any, snapshots: list[tuple[str, ...]]) -> bool:
    """Whether the projection's lists of objects apart from the snapshots (at ``snapshots``, with the
    lists holding them) name this record's id and no other record's (this record's ids: those written
    outside the snapshots and those lists)."""

    def near(at: tuple[str, ...]) -> bool:
        """``at`` is a snapshot, inside one, or a list or object holding one."""
        return any(at[: len(p)] == p or p[: len(at)] == at for p in snapshots)

    logs = [
        at
        for at, node in _walk(projection)
        if isinstance(node, list) and node and all(isinstance(v, Mapping) for v in node) and not near(at)
    ]
    if not logs:
        return False
    own: set[str] = set()
    named: set[str] = set()
    for at, text in string_leaves(projection):
        if any(at[: len(p)] == p for p in snapshots):
            continue
        tokens = set(id_tokens(text))
        if any(at[: len(log)] == log for log in logs):
            named |= tokens
        else:
            own |= tokens
    return bool(named) and named <= own
