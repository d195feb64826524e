"""Principle 3 for a store of entities keyed by id: a catalogue of every option is a listing, its entry
that this record references is the record's value.

A client cache or a normalised store keeps each entity once, under its key, and writes every other mention
of it as a reference, a string equal to that key (``{"__ref": "PriorityOption:high"}``, ``"priority":
"opt_4fc6"``). When such a store holds one entity per label, each naming its label under the same field
(``"name": "Low"``, ``"name": "High"``, …), the entities are the catalogue of options a form offers, as a list
of option objects is: their labels describe the task, not this record, and reporting one of them would give
the answer away by elimination. A reference to one entry from outside the catalogue, not in a list that
references other entries too (the options query's own list), says which option this record has: that
entry's findings stand, and so do the reference's own.

Found by shape, never by a format's field names: an object holding, among its members, one object per label
of the set (two labels at least), each naming its label as the whole value of one field they share, each
label once. A reference is a string of the projection outside the catalogue's entries equal to an entry's key
or to the string its ``id``-like field holds (three characters or more). Findings dropped: those inside an
entry no reference selects (its key included) and those at a reference in a list of references to several
entries.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import containers, join_pointer, node_at, parse_pointer
from windtunnel.leakage.text import normalize_needle

_LIMIT = 4096
"""Containers looked at in one projection (a bounded walk)."""
_MAX_VALUE = 64
_MIN_REF = 3
_CODE = re.compile(r"(?=[^\s]*\d)(?=[^\s]*[^\W\d])[\w:.-]{4,}")
"""A name that a text can carry as a word and still mean the entry: a code of letters and digits."""


def drop_catalogue(findings: list[Finding], projection: Any, label_set: Sequence[str]) -> list[Finding]:
    """``findings`` without those in a catalogue's entries no reference of this record selects, and those at
    references in a list of references to several entries; the list itself when none is dropped."""
    labels = {normalize_needle(lab) for lab in label_set if lab.strip()}
    if len(labels) < 2 or not findings:
        return findings
    drop_under: list[str] = []
    drop_at: set[str] = set()
    ancestors: set[tuple[str, ...]] = set()
    for f in findings:
        if f.blocking and f.pointer.startswith("/"):
            tokens = tuple(parse_pointer(f.pointer))
            ancestors.update(tokens[:i] for i in range(len(tokens) - 1))
    for path, entries in _catalogues(projection, labels, ancestors):
        refs = _references(projection, path, entries)
        selected: set[str] = set()
        for entry_keys in refs.values():
            if len(entry_keys) == 1:
                selected |= entry_keys
        for key in entries:
            if key not in selected:
                drop_under.append(join_pointer((*path, key)))
        for list_ptr, entry_keys in refs.items():
            if len(entry_keys) > 1 and list_ptr is not None:
                drop_at.update(p for p, _k in _ref_pointers(projection, path, entries, list_ptr))
    if not drop_under and not drop_at:
        return findings
    kept = [f for f in findings if not _dropped(f.pointer, drop_under, drop_at)]
    return findings if len(kept) == len(findings) else kept


def _dropped(pointer: str, under: Sequence[str], at: set[str]) -> bool:
    """``pointer`` is one of ``at``, or is or lies inside one of ``under``."""
    return pointer in at or any(pointer == u or pointer.startswith(u + "/") for u in under)


def _catalogues(
    projection: Any, labels: set[str], paths: set[tuple[str, ...]]
) -> Iterator[tuple[tuple[str, ...], dict[str, Mapping[Any, Any]]]]:
    """``(path, {key: entry})`` of every object at one of ``paths`` (the ancestors of the findings: a catalogue
    drops only findings inside its entries) whose member objects name every label once under one shared
    field (the entries; other members are left out)."""
    for path in sorted(paths, key=len):
        node = node_at(projection, path)
        if not isinstance(node, Mapping) or len(node) < len(labels):
            continue
        per_field: dict[Any, dict[str, str]] = {}
        for key, member in node.items():
            if not isinstance(member, Mapping):
                continue
            for fld, value in member.items():
                if type(value) is str and len(value) <= _MAX_VALUE:
                    norm = normalize_needle(value)
                    if norm in labels:
                        per_field.setdefault(fld, {})
                        seen = per_field[fld]
                        seen[str(key)] = norm if str(key) not in seen else "\x00"
        for named in per_field.values():
            values = list(named.values())
            if len(values) == len(labels) and set(values) == labels:
                yield path, {k: node[k] for k in node if str(k) in named}
                break


def _names(key: str, entry: Mapping[Any, Any]) -> set[str]:
    """The strings that reference ``entry``: its key, and the value of an ``id``-like field, casefolded."""
    out = {key.casefold()} if len(key) >= _MIN_REF else set()
    for fld, value in entry.items():
        if type(value) is str and len(value) >= _MIN_REF and str(fld).casefold().strip("_") in ("id", "key", "uid"):
            out.add(value.casefold())
    return out


def _reference_leaves(
    projection: Any, path: tuple[str, ...], entries: Mapping[str, Mapping[Any, Any]]
) -> Iterator[tuple[tuple[str, ...], str, str | None]]:
    """``(leaf path, entry key, pointer of the nearest list above or None)`` of every string of the projection
    outside the catalogue's entries that references an entry."""
    names: dict[str, str] = {}
    for key, entry in entries.items():
        for name in _names(str(key), entry):
            names.setdefault(name, str(key))
    if not names:
        return
    inside = [(*path, str(k)) for k in entries]
    coded = [
        (re.compile(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", re.IGNORECASE), key)
        for name, key in names.items()
        if _CODE.fullmatch(name)
    ]
    for node, cpath in containers(projection, _LIMIT):
        if any(cpath[: len(p)] == p for p in inside):
            continue
        members = node.items() if isinstance(node, Mapping) else enumerate(node)
        for k, value in members:
            if type(value) is not str or len(value) < _MIN_REF:
                continue
            ref = names.get(value.casefold()) or _named_inside(value, coded)
            if ref is None:
                continue
            leaf = (*cpath, str(k))
            lists = [i for i in range(len(leaf)) if isinstance(_at(projection, leaf[:i]), list)]
            yield leaf, ref, join_pointer(leaf[: lists[-1]]) if lists else None


def _named_inside(text: str, coded: Sequence[tuple[re.Pattern[str], str]]) -> str | None:
    """The entry whose coded name (a code with a digit, ``TCK-2291``) ``text`` writes as a whole word
    (a note naming the record by its id), or ``None``."""
    for pattern, key in coded:
        if pattern.search(text) is not None:
            return key
    return None


def _at(root: Any, tokens: Sequence[str]) -> Any:
    """The node at ``tokens`` (every token on a real path: the walk made them)."""
    node = root
    for tok in tokens:
        node = node[int(tok)] if isinstance(node, list) else node[tok]
    return node


def _references(
    projection: Any, path: tuple[str, ...], entries: Mapping[str, Mapping[Any, Any]]
) -> dict[str | None, set[str]]:
    """The entries referenced, by the list each reference stands in (``None``: in no list; each such
    reference is keyed apart, by its own pointer, so two single references stay two)."""
    out: dict[str | None, set[str]] = {}
    for leaf, key, list_ptr in _reference_leaves(projection, path, entries):
        slot = list_ptr if list_ptr is not None else "\x00" + join_pointer(leaf)
        out.setdefault(slot, set()).add(key)
    return out


def _ref_pointers(
    projection: Any, path: tuple[str, ...], entries: Mapping[str, Mapping[Any, Any]], list_ptr: str
) -> Iterator[tuple[str, str]]:
    """``(pointer, entry key)`` of the references standing in the list at ``list_ptr``."""
    for leaf, key, ptr in _reference_leaves(projection, path, entries):
        if ptr == list_ptr:
            yield join_pointer(leaf), key
