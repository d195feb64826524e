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
from collections.abc import Iterable, Mapping, Sequence
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
    out: Counter[str] = Counter()
    for it in population:
        out.update({t for _, v, t in templated(it) if t in fields and v not in (None, "")})
    return out


def one_end(found: Sequence[Finding], fills: Mapping[str, int]) -> list[Finding]:
    """``found`` (one item's mined findings) with each coincidence read at several fields kept at the fields the fewest
    records fill (:data:`fills`), the others dropped; findings of any other kind, and a coincidence whose fields are
    filled alike, as they are."""
    groups: dict[str, list[Finding]] = {}
    for f in found:
        if _masked_whole(f):
            groups.setdefault(f.detail, []).append(f)
    drop: set[int] = set()
    for members in groups.values():
        fields = {_field(f) for f in members}
        if len(fields) < 2:
            continue
        least = min(fills.get(t, 0) for t in fields)
        drop |= {id(f) for f in members if fills.get(_field(f), 0) > least}
    return [f for f in found if id(f) not in drop]


def cut_once(extra: Mapping[str, list[Any]], population: Iterable[LeakItem]) -> dict[str, list[Any]]:
    """``extra`` (item id → mined findings) with each coincidence cut at one end (:func:`one_end`); the population is
    read only when some item holds one."""
    fields = coincidence_fields(extra)
    if not fields:
        return dict(extra)
    fills = fill_counts(population, fields)
    return {i: one_end(found, fills) for i, found in extra.items()}
