"""A part of a value set from the answer, inside values unique to their records, is mined as a code book, both ways.

A collection system's asset file name is built from the record's own number, a department code set from the object's
kind on some records, and a view (``1907_235_PD_front.tif``); a storage location names a department's store with a
drawer of its own (``Textile Store, Drawer 41``). No whole value repeats, and each code sits on a handful of records:
no candidate reaches a floor alone, while the field's parts each ride with one label. The same codes drawn apart from
the label, and a field of names whose parts follow the label by chance, give nothing.
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.codebook import value_parts
from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["painting", "sculpture", "textile", "ceramic", "photograph", "print"]
CODE = {"painting": "PTG", "sculpture": "SCU", "textile": "TEX", "ceramic": "CER", "photograph": "PHO", "print": "PD"}
STORE = {"painting": "Rack", "sculpture": "Pallet", "textile": "Drawer", "ceramic": "Cabinet", "photograph": "Box",
         "print": "Solander"}  # fmt: skip
GENERAL = ["Main Store, Aisle 5", "Gallery 12 (on display)", "Registrar's hold room", "Offsite Store 2, Bay 14"]
NAMES = ["Ada", "Bea", "Cy", "Dov", "Eli", "Fay", "Gus", "Hal", "Ivo", "Jo", "Kai", "Lu"]
DERIVE = ["/record/description"]


def _dataset(seed: int, *, leak: bool, n: int = 168) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        number = f"{rng.randint(1890, 2019)}_{rng.randint(1, 420)}"
        name, location = f"{number}_{rng.randint(1, 4):03d}.tif", rng.choice(GENERAL)
        owner = rng.choice(LABELS) if not leak else label
        if rng.random() < 0.25:
            name = f"{number}_{CODE[owner]}_{rng.choice(['front', 'verso', 'recto'])}.tif"
        if rng.random() < 0.25:
            location = f"{STORE[owner]} Store, No. {rng.randint(1, 60)}"
        projection: dict[str, Any] = {
            "record": {"description": f"A {label} of some kind, item {i}."},
            "asset": {"filename": name, "location": location, "moved_by": f"{rng.choice(NAMES)} {rng.choice(NAMES)}"},
        }
        out.append(LeakItem(id=f"r{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_parts_held_by_the_same_records_count_once_and_numbers_are_not_parts() -> None:
    parts = value_parts({"1907_235_PD_front.tif": {1}, "1911_4_PD_verso.tif": {2}, "1950_3_001.tif": {3}})
    assert parts is not None
    records, wholes = parts
    assert records["pd"] == {1, 2} and "1907" not in records and "tif" not in records  # every value holds ``tif``
    assert wholes["pd"] == ["1907_235_PD_front.tif", "1911_4_PD_verso.tif"]
    assert "front" not in records or records["front"] != records.get("pd")


def test_a_code_inside_unique_values_is_mined_through_its_part() -> None:
    items = _dataset(5, leak=True)
    result = mine(items, derive_from=DERIVE)
    books = [s for s in result.suggestions if s.pointer in ("/asset/filename", "/asset/location")]
    assert books and all(s.kind == "field" and s.value.startswith("…") and s.purity == 1.0 for s in books)
    flagged = set(dict(mined_findings(items, result, derive_from=DERIVE)))
    coded = {
        it.id
        for it in items
        if CODE[it.expected[0]] in it.projection["asset"]["filename"]
        or STORE[it.expected[0]] in it.projection["asset"]["location"]
    }
    assert flagged and flagged <= coded
    assert len(flagged) >= len(coded) // 2
    assert not any(s.pointer == "/asset/moved_by" for s in result.suggestions)


def test_codes_drawn_apart_from_the_label_give_nothing() -> None:
    for seed in range(4):
        items = _dataset(seed, leak=False)
        result = mine(items, derive_from=DERIVE)
        assert not result.suggestions, seed
        assert not dict(mined_findings(items, result, derive_from=DERIVE)), seed


def test_a_lone_dash_is_no_word_of_a_value() -> None:
    """``Hallmarking - gold 22ct, 1 article (ring)`` is six words (a lone dash holds no letter or digit), not seven:
    its parts are read (the carat set from the assay's standard on a few invoices), and so are a log line's, whose
    cache key of many parts is one word, while a sentence of seven words is not."""
    by_text = {
        "Hallmarking - gold 22ct, 1 article (ring)": {0, 1, 2},
        "Hallmarking - gold 18ct, 1 article (ring)": {3, 4},
        "Hallmarking - gold, 1 article (ring)": {5, 6, 7},
    }
    got = value_parts(by_text)
    assert got is not None and {"22ct", "18ct"} <= set(got[0])
    prose = {"the invoice was sent to the sponsor today": {0}, "the invoice was sent to the office today": {1}}
    assert value_parts(prose) is None
    logs = {  # a code of many parts is one word: the cache key's zone is read
        "2026-05-12 rates.cache HIT key=rate:PM:2026-01:z2:w10lb ttl=3600": {0},
        "2026-05-12 rates.cache HIT key=rate:PM:2026-01:z4:w10lb ttl=3600": {1},
    }
    got = value_parts(logs)
    assert got is not None and {"z2", "z4"} <= set(got[0])
