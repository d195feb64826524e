"""Principle 5 for a listing: this record's place in rows ordered by the label names the label around it.

A view of many records sorted by the field asked for (a queue "sorted by priority, highest first") that
hides this record's value still states it: every row above holds a label at least as high, every row below
one at least as low, so when the rows just above and just below hold the same label, this record's is that
label. The place is a position on the scale (principle 5), read from the neighbours instead of a phrase.

The listing must show that it is ordered by the label, and which row is this record's:

* a list of seven objects or more that share a field holding a label in every row but one, six labels at
  least, three of them distinct, in an order that never turns back on the scale (the order of
  :func:`windtunnel.leakage.ordinal.scale_order`, either way) — a list sorted by another field (update
  time) mixes its labels and says nothing;
* the one row without a label (``null``, empty, a placeholder such as ``[hidden]``) names this record: an
  id of it is written outside the list (``"note": "priority of OPS-78755 is hidden"``, ``"ticket":
  "OPS-78755"``).

The finding (``freetext.position``, high) is at the row's own value of that field, where the record sits
in the order; it is reported only when the neighbours' label is the answer. A row at either end, or between
two different labels, is bounded but not named, and nothing is reported.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from windtunnel.leakage.model import Finding
from windtunnel.leakage.ordinal import scale_order
from windtunnel.leakage.pointers import containers, raw_finding, string_leaves
from windtunnel.leakage.resolve import id_tokens

_MIN_ROWS = 7
_MIN_LABELLED = 6
_MIN_DISTINCT = 3
_MAX_NODES = 5000


def may_sort_rows(blob: bytes) -> bool:
    """The gate on the serialised projection: a list of objects (``[{``) is written in it."""
    return b"[{" in blob


def _norm(s: str) -> str:
    """A label folded for comparison."""
    return " ".join(s.casefold().split())


def _lists(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], list[Mapping[str, Any]]]]:
    """Every list of :data:`_MIN_ROWS` objects or more in the projection, with its path (a bounded walk)."""
    for value, at in containers(node, _MAX_NODES, width=500):
        if isinstance(value, list) and len(value) >= _MIN_ROWS and all(isinstance(v, Mapping) for v in value):
            yield (*path, *at), value


def _monotone(ranks: list[int]) -> bool:
    """The ranks never turn back: all non-decreasing or all non-increasing."""
    pairs = list(itertools.pairwise(ranks))
    return all(a <= b for a, b in pairs) or all(a >= b for a, b in pairs)


def sorted_rows_findings(
    item_id: str, projection: Any, expected: Sequence[str], label_set: Sequence[str]
) -> list[Finding]:
    """Findings where this record's row, without its label, sits between two rows of the answer in rows
    ordered by the label (see the module docstring)."""
    if len(label_set) < _MIN_DISTINCT or not expected or not isinstance(projection, (Mapping, list)):
        return []
    answer = _norm(expected[0])
    norms = {_norm(x) for x in label_set}
    if answer not in norms:
        return []
    out: list[Finding] = []
    order: list[str] | None = None
    for path, rows in _lists(projection):
        for name in rows[0]:
            values = [row.get(name) for row in rows]
            written = [_norm(v) if isinstance(v, str) else None for v in values]
            labelled = [i for i, v in enumerate(written) if v in norms]
            if len(labelled) != len(rows) - 1 or len(labelled) < _MIN_LABELLED:
                continue
            own = next(i for i in range(len(rows)) if i not in set(labelled))
            if isinstance(values[own], (Mapping, list)) or not 0 < own < len(rows) - 1:
                continue
            above, below = written[own - 1], written[own + 1]  # both labelled: own is the only gap
            if above != below or above != answer:
                continue
            if order is None:
                order = scale_order(label_set, [t for _p, t in string_leaves(projection)])
            rank = {lab: i for i, lab in enumerate(order)}
            ranks = [rank[str(written[i])] for i in labelled]
            if len(set(ranks)) < _MIN_DISTINCT or not _monotone(ranks):
                continue
            if not _named_outside(projection, path, rows[own]):
                continue
            value = values[own]
            span = (0, len(value)) if isinstance(value, str) else None
            out.append(
                raw_finding(
                    item_id,
                    (*path, str(own), str(name)),
                    span,
                    "freetext.position",
                    "this record's row sits between two rows of the expected answer in rows ordered by the label",
                    expected[0],
                )
            )
    return out


def _named_outside(projection: Any, path: tuple[str, ...], row: Mapping[str, Any]) -> bool:
    """Whether an id of ``row`` (a code or number with a digit) is written outside the list at ``path``."""
    ids = {tok for v in row.values() if type(v) in (str, int) for tok in id_tokens(str(v))}
    return bool(ids) and any(
        at[: len(path)] != path and ids.intersection(id_tokens(text)) for at, text in string_leaves(projection)
    )
