"""One coincidence, one cut: a value mined in the view with the record's own words masked, read at two places.

Mining reads each value also with the record's own words masked (:mod:`.templates`): a value that is only such
words reads ``…``. Where two places of a record hold the same text (a cut-off report's held list naming this
record's own container, beside the record's ``container_no``), each reads ``…`` because of the other, on exactly the
same records, and mining groups the two readings as one candidate: what rides with the label is that the two places
agree, not either value. Cutting either end breaks it; the sanitizer cuts one — the one at the field the fewest
records fill, since a cut there is the one the edit watch extends to the fewest records (a field every record fills,
each with its own value, is an identifier: blanked on one label's records, it would then be blanked on every
record)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence, Set
from typing import Any

from windtunnel.leakage.input_copies import templated
from windtunnel.leakage.model import Finding, LeakItem
from windtunnel.leakage.pointers import general_pointer
from windtunnel.leakage.templates import PLACEHOLDER

_VIEW = "template"
"""The view of a mined candidate read with the record's own words masked (:func:`~windtunnel.leakage.mine.mine`)."""


def _masked_whole(f: Finding) -> bool:
    """``f`` is a mined finding whose value, read with the record's own words masked, is the mask alone."""
    return f.rule == "correlated.mined" and f.view == _VIEW and f.value.strip() == PLACEHOLDER


def _field(f: Finding) -> str:
    return general_pointer(f.pointer + (f.inner or ""))


def coincidence_fields(extra: Mapping[str, Sequence[Finding]]) -> set[str]:
    """The fields (templates) where some item's mined finding is one end of a coincidence read at two fields or more."""
    out: set[str] = set()
    for found in extra.values():
        groups: dict[str, set[str]] = {}
        for f in found:
            if _masked_whole(f):
                groups.setdefault(f.detail, set()).add(_field(f))
        for fields in groups.values():
            if len(fields) > 1:
                out |= fields
    return out


def fill_counts(population: Iterable[LeakItem], fields: set[str]) -> Counter[str]:
    """Per field of ``fields``, the records filling it (a scalar other than empty or null at one of its places)."""
    return ends(population, fields, {})[0]


def ends(
    population: Iterable[LeakItem], fields: set[str], extra: Mapping[str, Sequence[Finding]]
) -> tuple[Counter[str], set[str]]:
    """Per field of ``fields``, the records filling it; and the fields where the mask covers only part of what the
    record holds there, on the records where the coincidence is read (a held list naming this record's own container
    among others'): where the answer rides. A field the mask covers whole wherever it is read holds the record's own
    value (its identifier, a copy of it), which tells nothing alone."""
    fills: Counter[str] = Counter()
    filled: Counter[str] = Counter()
    masked: Counter[str] = Counter()
    for it in population:
        held = Counter(t for _, v, t in templated(it) if t in fields and v not in (None, ""))
        fills.update(set(held))
        at = {(_field(f), f.pointer + (f.inner or "")) for f in extra.get(it.id, ()) if _masked_whole(f)}
        read = Counter(t for t, _ in at if t in fields)
        for t, n in read.items():
            masked[t] += n
            filled[t] += max(held[t], n)
    return fills, {t for t in masked if masked[t] < _WHOLE * filled[t]}


_WHOLE = 0.95
"""The share of a field's values on the records where a coincidence is read, masked, above which the mask covers the
field whole there (the record's own value)."""


def one_end(found: Sequence[Finding], fills: Mapping[str, int], partial: Set[str] = frozenset()) -> list[Finding]:
    """``found`` (one item's mined findings) with each coincidence read at several fields kept at the ends where the
    mask covers part of the field (:func:`ends`: ``partial``), every one of them, the others dropped; when it covers
    every end whole, at the fields the fewest records fill (:data:`fills`). Findings of any other kind, and a
    coincidence whose ends cannot be told apart, as they are."""
    groups: dict[str, list[Finding]] = {}
    for f in found:
        if _masked_whole(f):
            groups.setdefault(f.detail, []).append(f)
    drop: set[int] = set()
    for members in groups.values():
        fields = {_field(f) for f in members}
        if len(fields) < 2:
            continue
        if fields & partial:
            drop |= {id(f) for f in members if _field(f) not in partial}
            continue
        least = min(fills.get(t, 0) for t in fields)
        drop |= {id(f) for f in members if fills.get(_field(f), 0) > least}
    return [f for f in found if id(f) not in drop]


def cut_once(extra: Mapping[str, list[Any]], population: Iterable[LeakItem]) -> dict[str, list[Any]]:
    """``extra`` (item id → mined findings) with each coincidence cut where the answer rides (:func:`one_end`); the
    population is read only when some item holds one."""
    fields = coincidence_fields(extra)
    if not fields:
        return dict(extra)
    fills, partial = ends(population, fields, extra)
    return {i: one_end(found, fills, partial) for i, found in extra.items()}
