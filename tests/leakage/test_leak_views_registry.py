"""A decoder registered by a plug-in is honoured by the pre-check through its ``blob_marker`` gate.

The pre-check models the built-in decoders itself; any other decoder declares a cheap necessary condition
on the serialised projection (``views/registry.py``). These tests register a decoder the pre-check knows
nothing about and check that an item only it reveals is still found (the audit equals the reference
walk without shortcuts), and that an item without its marker still costs no walk.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import orjson
import pytest

from windtunnel.leakage import audit_item, prefilter
from windtunnel.leakage.scan import _prepared
from windtunnel.leakage.views import canonical_views
from windtunnel.leakage.views.registry import DECODERS, Replacement, decoder, unregister

_MIRRORED = re.compile(r"~~([A-Za-z]+)~~")


def _unmirror(text: str) -> list[Replacement]:
    """A word written with every letter doubled between ``~~`` marks, read singly (a form no built-in
    decoder undoes, so a finding of it can only come from this plug-in)."""
    return [(m.start(), m.end(), m.group(1)[::2]) for m in _MIRRORED.finditer(text)]


@pytest.fixture(params=["gated", "ungated"])
def mirrored(request: pytest.FixtureRequest) -> Iterator[str]:
    gate = (lambda blob: blob.find(b"~~") >= 0) if request.param == "gated" else None
    decoder("mirrored_test", order=99, marker=lambda t: "~~" in t, blob_marker=gate)(_unmirror)
    try:
        yield request.param
    finally:
        unregister("mirrored_test")


def _item(note: str) -> dict[str, object]:
    return {
        "id": "m1",
        "expected": "High",
        "label_set": ["High", "Medium", "Low"],
        "projection": {"summary": "printer jams", "fields": {"note": note, "tags": ["hw", "office"]}},
    }


def test_every_registered_decoder_is_modelled_by_the_pre_check_or_gated() -> None:
    # A decoder the plan does not model is gated by its blob_marker, or by its blob_may_hit alone (the
    # substitution decoder's: its marker would be the anchor pass itself, ~30 µs an item, see rotfix).
    ungated = [
        n
        for n, d in DECODERS.items()
        if n not in prefilter._PLANNED and d.blob_marker is None and d.blob_may_hit is None
    ]
    assert ungated == [], f"give these decoders a blob_marker or blob_may_hit (views/registry.py): {ungated}"


@pytest.mark.parametrize(
    "note", ["priority: ~~HHiigghh~~", "set to ~~hhiigghh~~ today", "~~MMeeddiiuumm~~ at most", "a ~~xxyyzz~~"]
)
def test_a_plug_in_decoder_reveals_what_the_reference_walk_finds(mirrored: str, note: str) -> None:
    item = _item(note)
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    if "hhiigghh" in note.lower():
        assert any("mirrored_test" in f.view for f in fast.findings), fast.findings


def test_an_item_without_the_plug_in_marker_is_not_walked(mirrored: str) -> None:
    needles = _prepared(("High",), (), ("High", "Medium", "Low"))[0]
    clean = prefilter.plan_blob(orjson.dumps(_item("printer on floor two")["projection"]), needles)
    assert not clean.walk
    marked = prefilter.plan_blob(orjson.dumps(_item("see ~~hhiigghh~~")["projection"]), needles)
    assert marked.walk and marked.extra and [d.name for d in marked.more] == ["mirrored_test"]
    # a mark without any needle word in its view is ruled out by decoding the serialisation once
    assert not prefilter.plan_blob(orjson.dumps(_item("see ~~olleh~~")["projection"]), needles).walk


def test_a_decoder_replacing_another_of_the_same_count_is_the_one_applied() -> None:
    # Caches of the registry (the pipeline's order, the pre-check's lists, the anchors) compare its
    # generation, not its size: one plug-in removed and another registered leave the size unchanged.
    decoder("swap_one_test", order=99, marker=lambda t: "@@" in t)(lambda t: [(0, len(t), "alpha")])
    try:
        assert "alpha" in [v.text for _n, v in canonical_views("@@ note")]
    finally:
        unregister("swap_one_test")
    decoder("swap_two_test", order=99, marker=lambda t: "@@" in t)(lambda t: [(0, len(t), "beta")])
    try:
        texts = [v.text for _n, v in canonical_views("@@ note")]
        assert "beta" in texts and "alpha" not in texts
    finally:
        unregister("swap_two_test")
