"""Hits in every canonical view as units of the learned decision (benchmarks/leak_view_units.py, an experiment): each
points at the original characters the view came from, a place the naive scan already holds is not a second
unit, and a string that holds the label in no view gives none."""

from __future__ import annotations

import base64
import html
import json
import re
import unicodedata
from pathlib import Path
from urllib.parse import unquote

import pytest
from benchmarks.leak_view_units import UNIT, decoders_of, depth_of, item_view_units, view_hits

from windtunnel.leakage import learned
from windtunnel.leakage.model import LeakItem

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "leak_data"
_WHOLE = re.compile(r"(?<![^\W_])high(?![^\W_])")
B64 = base64.b64encode(b"priority: High").decode()


def _item(projection: object, expected: str = "High", **kw: object) -> LeakItem:
    return LeakItem.from_mapping(
        {"id": "t", "expected": expected, "label_set": ["Low", "Medium", "High"], "projection": projection, **kw}
    )


def _view_hits(item: LeakItem) -> list:
    strings = list(learned.parts(item.projection))
    return view_hits(item, strings, learned.naive_hits(item, strings))


@pytest.mark.parametrize(
    ("text", "decode"),
    [
        (f"see {B64} below", lambda s: base64.b64decode(s).decode()),
        ("set to h&#105;gh today", html.unescape),
        ("q=priority%3DHigh&x=1", unquote),
        ("ticketPriorityHigh", str),
        ("Straße ticketPriorityHigh", str),  # casefold lengthens the string before the hit
        ("level ｈｉｇｈ", lambda s: unicodedata.normalize("NFKC", s)),
    ],
)
def test_a_view_hit_points_at_the_original_characters_it_was_decoded_from(text: str, decode) -> None:
    (vh,) = _view_hits(_item({"note": text}))
    a, b = vh.span
    original = text[a:b]
    # the span is the encoded run itself: decoding it shows the needle as a whole token
    assert _WHOLE.search(decode(original).casefold()), original
    # and the string outside the span does not hold it
    assert not _WHOLE.search(text[:a].casefold() + " " + text[b:].casefold())
    # the naive-shaped hit is at the same characters of the casefolded string
    assert vh.hit.part.text.casefold()[vh.hit.start : vh.hit.end] == original.casefold()
    assert vh.hit.pointer == "/note" and vh.hit.kind == "answer"


def test_a_place_the_naive_scan_holds_is_not_a_second_unit() -> None:
    item = _item({"a": "High", "b": "priority: HIGH", "c": "tagPriorityHigh"})
    naive, views = item_view_units(item, [])
    assert {h.pointer for h, _f in naive} == {"/a", "/b"}
    assert [(vh.hit.pointer, vh.views) for vh, _f in views] == [("/c", ("identifier",))]
    (feats,) = [f for _vh, f in views]
    assert UNIT in feats and "v:raw-item:True" in feats and "v:raw-string:False" in feats
    assert all(UNIT not in f for _h, f in naive)
    # the naive units are exactly the shipped decision's
    assert naive == learned.item_hit_features(item, [])


def test_a_string_holding_the_label_in_no_view_gives_no_unit() -> None:
    assert _view_hits(_item({"a": "Highway 5 and highlights", "b": base64.b64encode(b"Highway").decode()})) == []


def test_a_correlated_value_in_a_view_is_a_correlated_unit() -> None:
    (vh,) = _view_hits(_item({"a": "ref: " + base64.b64encode(b"code ZX-9 here").decode()}, correlated_values=["ZX-9"]))
    assert vh.hit.kind == "correlated" and vh.hit.needle == "ZX-9"
    assert "ZX-9" in base64.b64decode(vh.hit.part.text[vh.span[0] : vh.span[1]]).decode()


def test_view_names_give_their_decoders_and_depth() -> None:
    assert decoders_of("decoded:base64+percent") == ["base64", "percent"]
    assert depth_of("decoded:base64+percent") == 2
    assert depth_of("decoded:hex+canonical") == 1
    assert (decoders_of("casefold"), depth_of("casefold")) == (["casefold"], 0)
    assert depth_of("identifier") == 1


def test_every_view_hit_of_a_blind_batch_points_inside_its_string() -> None:
    lines = (DATA / "blind6" / "items.jsonl").read_text(encoding="utf-8").splitlines()
    seen = 0
    for line in lines[:200]:
        raw = json.loads(line)
        item = LeakItem.from_mapping({k: v for k, v in raw.items() if k != "truth"})
        for vh in _view_hits(item):
            a, b = vh.span
            text = vh.hit.part.text
            assert 0 <= a < b <= len(text)
            assert vh.hit.part.text.casefold()[vh.hit.start : vh.hit.end] == text[a:b].casefold()
            seen += 1
    assert seen > 10


def test_a_clitic_is_no_view_unit_as_it_is_no_naive_hit() -> None:
    sizes = {"label_set": ["Small", "Medium", "Large"]}
    item = LeakItem.from_mapping({"id": "c", "expected": "Small", "projection": {"n": "the customer's order"}, **sizes})
    assert _view_hits(item) == []
    # a real ``s`` that only a view shows stays a unit (the size written as an identifier's last word)
    item = LeakItem.from_mapping({"id": "c", "expected": "Small", "projection": {"n": "shirt_size_s"}, **sizes})
    assert [vh.hit.part.text[vh.span[0] : vh.span[1]] for vh in _view_hits(item)] == ["s"]
