"""Principle 6 for a layout: this record's element placed inside the region of one label states that label.

A board or a canvas export (a whiteboard, a diagram, a kanban drawn as frames) may hold one region per label
— an object naming the label and giving its box (``{"type": "frame", "id": "fr1b61", "name": "Medium", "x":
640, "y": 0, "width": 600, "height": 900}``) — and an element of this record (a card whose text holds the
record's id) placed inside one of them. The regions alone name every label evenly: a listing (principle 3).
The element's place selects one region as a key selects a mapping's entry:

* by reference: a field of the element holds one region's id (``"frameId": "fr1b61"``);
* by geometry: the element's box (``x``, ``y``, ``width``, ``height``) lies inside exactly one region's box.

Regions are the objects of one list that each hold a label of the set as a string value and a box, one
region per label and every label once. This record's element is an object of the same list holding an id
that the projection shows outside the list, and no region. The finding (``direct.selection``, high) is at
the element's reference field, or at its ``x`` when geometry alone places it; reported only when the region
is the answer's. An element placed outside every region (an unsorted area) selects nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import containers, raw_finding, string_leaves
from windtunnel.leakage.resolve import id_tokens
from windtunnel.leakage.text import normalize_needle

_BOX = ("x", "y", "width", "height")
_MAX_NODES = 5000


def may_contain(blob: bytes) -> bool:
    """The gate on the serialised projection: boxes are written (``"width":`` and ``"height":``)."""
    return b'"width":' in blob and b'"height":' in blob


def _box(node: Mapping[str, Any]) -> tuple[float, float, float, float] | None:
    """``(x1, y1, x2, y2)`` of an object with numeric ``x``, ``y``, ``width`` and ``height``."""
    vals = [node.get(k) for k in _BOX]
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals):
        return None
    x, y, w, h = (float(v) for v in vals)  # type: ignore[arg-type]
    return x, y, x + w, y + h


def _label_of(node: Mapping[str, Any], norms: dict[str, str]) -> str | None:
    """The one label a region object holds as a whole string value."""
    found = {norms[n] for v in node.values() if type(v) is str and (n := normalize_needle(v)) in norms}
    return next(iter(found)) if len(found) == 1 else None


def _inside(inner: tuple[float, float, float, float], outer: tuple[float, float, float, float]) -> bool:
    """``inner`` lies within ``outer``."""
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def containment_findings(
    item_id: str, projection: Any, expected: Sequence[str], label_set: Sequence[str]
) -> list[Finding]:
    """Findings where this record's element sits in the answer's region of a layout (module docstring).

    A list qualifies when its boxed, labelled elements name each label of the set exactly once: the
    regions. Another element of the list placed inside one region picks it, but only an element that names
    this record (an id the projection shows outside the list), so the positions of other records' elements
    say nothing. The finding is at the placed element, a direct selection, with no span.
    """
    if len(label_set) < 2 or not expected or not isinstance(projection, (Mapping, list)):
        return []
    norms = {normalize_needle(x): x for x in label_set}
    answer = normalize_needle(expected[0])
    out: list[Finding] = []
    for node, at in containers(projection, _MAX_NODES, width=500):
        if not isinstance(node, list):
            continue
        regions: dict[int, tuple[str, tuple[float, float, float, float]]] = {}
        for i, el in enumerate(node):
            if isinstance(el, Mapping) and (box := _box(el)) is not None and (label := _label_of(el, norms)):
                regions[i] = (label, box)
        if sorted(normalize_needle(lab) for lab, _b in regions.values()) != sorted(norms):
            continue
        outside = _ids_outside(projection, at)
        ids = {str(node[i].get("id")): i for i in regions if isinstance(node[i].get("id"), str)}
        for j, el in enumerate(node):
            if j in regions or not isinstance(el, Mapping) or not _names_record(el, outside):
                continue
            picked, path = _placed(el, j, at, regions, ids)
            if picked is not None and normalize_needle(regions[picked][0]) == answer:
                out.append(
                    raw_finding(
                        item_id,
                        path,
                        None,
                        "direct.selection",
                        "this record's element is placed inside the expected answer's region of a layout",
                        expected[0],
                        channel="direct",
                        representation="json",
                    )
                )
    return out


def _placed(
    el: Mapping[str, Any],
    j: int,
    at: tuple[str, ...],
    regions: dict[int, tuple[str, tuple[float, float, float, float]]],
    ids: dict[str, int],
) -> tuple[int | None, tuple[str, ...]]:
    """The region an element is placed in (by a reference to its id, else by geometry) and the path of the
    field that places it."""
    for key, value in el.items():
        if key != "id" and type(value) is str and value in ids:
            return ids[value], (*at, str(j), str(key))
    box = _box(el)
    if box is None:
        return None, ()
    holding = [i for i, (_lab, outer) in regions.items() if _inside(box, outer)]
    return (holding[0], (*at, str(j), "x")) if len(holding) == 1 else (None, ())


def _ids_outside(projection: Any, at: tuple[str, ...]) -> set[str]:
    """The ids written in the projection's strings outside the list at ``at``."""
    out: set[str] = set()
    for path, text in string_leaves(projection):
        if path[: len(at)] != at:
            out.update(id_tokens(text))
    return out


def _names_record(el: Mapping[str, Any], outside: set[str]) -> bool:
    """The element holds, in a string of its own, an id the projection shows outside the list."""
    return any(type(v) is str and outside.intersection(id_tokens(v)) for v in el.values())
