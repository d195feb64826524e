"""The fields outside the task's input that copy a field of it, and the places where an item holds its copy.

A field the owner did not name in ``--derive-from`` may still hold the input: a tool call's ``{"vendor_id":
"V32011"}`` beside the order's ``/po/supplier/vendor_id``. What rides with the label there rides with it because the
input it copies decides the label, which the model reads anyway. One notion, shared by every mechanism that decides
what the input is:

* the sanitizer (:mod:`.sanitize`) never cuts mined evidence at a place holding this item's copy of its input, as it
  never cuts it inside ``--derive-from``;
* the ``blind`` agent (:mod:`.simulate`), which reads no input, does not read it there either: else the copies the
  sanitizer keeps (rightly) would let the agent read the input, and a sanitized dataset would not be at chance.

A copy is decided per place, never per field: a place is one only where its value is the very value this item holds
at the input field the field copies (:func:`copied_places`). A value there that is no copy of this item's input (a
``HOLD-BLOCKED`` code on the rejected orders alone) is read and cut as anywhere, so a leak planted beside copies is
never taken for the input.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from windtunnel.leakage.decode import embedded_json
from windtunnel.leakage.mine import _general, in_derive_from
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.pointers import scalar_leaves

COPY_SHARE = 0.95
"""A field copies an input field when the items filling it hold the same value there on this share of them at least."""

COPY_MIN = 10
"""A field is weighed as a copy of the input only when this many items fill it, with three distinct values at least."""


def templated(it: LeakItem, *, through: bool = False) -> Iterator[tuple[str, Any, str]]:
    """``(pointer, value, template)`` of every scalar of ``it``: the template is the pointer with each list index
    written ``*``, so one field of every item (``/trace/*/output``) is named alike. With ``through``, also the scalars
    of the JSON documents its strings hold (a tool call's ``arguments``), each at the string's pointer followed by its
    own (``/calls/1/arguments/vendor_id``), at any depth: where a mined value sits inside one, that is its field."""
    stack: list[tuple[str, Any]] = [("", it.projection)]
    while stack:
        root, doc = stack.pop()
        for pointer, value in scalar_leaves(doc):
            yield root + pointer, value, _general(root + pointer)
            inner = embedded_json(value) if through and isinstance(value, str) else None
            if inner is not None:
                stack.append((root + pointer, inner))


def input_copies(population: Iterable[LeakItem], derive_from: Sequence[str]) -> dict[str, str]:
    """The field templates outside the task's input (``derive_from``) that copy one field of it, each with that input
    field's template: at nearly every place filling the field (:data:`COPY_SHARE`; every place counts, each element of
    a list alike), its value is the value that item holds at the same input field (a tool call's
    ``{"vendor_id": "V32011"}`` beside the order's ``/po/supplier/vendor_id``), and the values vary (:data:`COPY_MIN`).
    Such a value tells nothing the input does not: a value mined there rides with the label because the input it
    copies decides the label (an unapproved vendor's orders are rejected), which the model reads anyway, so the
    sanitizer keeps it where it is this item's copy (:func:`copied_places`), rather than blank it on every item, and
    the ``blind`` agent does not read it there; a value there that is no copy of this item's input (``HOLD-BLOCKED`` on
    the rejected orders alone) is read and cut as anywhere. Fields inside JSON held in a string are weighed at their
    own pointer (:func:`templated`)."""
    if not derive_from:
        return {}
    filled: Counter[str] = Counter()
    matched: dict[str, Counter[str]] = {}
    values: dict[str, set[str]] = {}
    for it in population:
        held: dict[str, set[str]] = {}
        rest: list[tuple[str, str]] = []
        for pointer, value, template in _filled(it):
            key = json.dumps(value)
            if in_derive_from(pointer, derive_from):
                held.setdefault(template, set()).add(key)
            else:
                rest.append((template, key))
        inputs: dict[str, set[str]] = {}
        for template, key in _single(held, it).items():
            inputs.setdefault(key, set()).add(template)
        for template, key in rest:  # every place: a rider in one element of a list counts against the share
            filled[template] += 1
            got = values.setdefault(template, set())
            if len(got) < 3:
                got.add(key)
            matched.setdefault(template, Counter()).update(inputs.get(key, ()))
    out: dict[str, str] = {}
    for t, n in filled.items():
        best = matched[t].most_common(1)
        if n >= COPY_MIN and len(values[t]) >= 3 and best and best[0][1] >= COPY_SHARE * n:
            out[t] = best[0][0]
    return dict(sorted(out.items()))


def copied_places(it: LeakItem, copies: Mapping[str, str]) -> frozenset[str]:
    """The places of ``it`` (pointer, and inside JSON held in a string its own pointer after it) in a field of
    ``copies`` (:func:`input_copies`) whose value is the value ``it`` holds at the input field that field copies: the
    input's, where mined evidence cuts nothing and the ``blind`` agent reads nothing. A place of such a field holding
    anything else is not one."""
    if not copies:
        return frozenset()
    wanted = set(copies.values())
    held: dict[str, set[str]] = {}
    places: list[tuple[str, str, str]] = []
    for pointer, value, template in _filled(it):
        if template in wanted:
            held.setdefault(template, set()).add(json.dumps(value))
        if template in copies:
            places.append((pointer, template, json.dumps(value)))
    inputs = _single(held, it)
    return frozenset(p for p, t, key in places if inputs.get(copies[t]) == key)


def _filled(it: LeakItem) -> Iterator[tuple[str, Any, str]]:
    """:func:`templated` (through strings' JSON) without the places holding nothing (empty, ``false``, ``0``)."""
    for pointer, value, template in templated(it, through=True):
        if value not in (None, "", False, 0) and not isinstance(value, bool):
            yield pointer, value, template


def _single(held: Mapping[str, set[str]], it: LeakItem) -> dict[str, str]:
    """The input fields (template → the value's JSON text) ``it`` can be copied from: where it holds one value only,
    and not a label. A field holding several (the options ``["Q-17", "Q-42", "Q-88"]`` every ticket lists) does not
    hold the one picked: a field outside the input holding one of them holds a choice the input does not make, which
    is read and cut as anywhere. A label is what the task answers, never input to copy: a copy of an input field
    holding the label (``/ticket/status`` = ``escalate`` beside ``/audit/status``) is the label written twice."""
    labels = {json.dumps(v).casefold() for v in (*it.expected, *it.label_set)}
    return {t: key for t, keys in held.items() if len(keys) == 1 for key in keys if key.casefold() not in labels}


def copied_per_item(items: Sequence[LeakItem], derive_from: Sequence[str]) -> list[frozenset[str]]:
    """Per item of ``items``, its places holding its copy of its input (:func:`copied_places` over the dataset's
    :func:`input_copies`); all empty without ``derive_from``."""
    copies = input_copies(items, derive_from) if derive_from else {}
    return [copied_places(it, copies) for it in items] if copies else [frozenset()] * len(items)
