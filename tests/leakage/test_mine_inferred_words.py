"""Without ``--derive-from``: what a field read as the task's input says in words is the task's signal, both ways.

Invented product listings whose category is read from the title (the input every record holds, written many ways):
its words come as people write them — a quantity with its unit (``30ml``), an ordinal, a range (``8–80``), parts
joined by a slash or a hyphen (``2-Person``, ``rent/mortgage``), a dash between words — and a word mined there is for
review, as a plain word is; a code written among them (``[ZK7]``, ``SEV-4``, ``P2``) stays a leak. A CMS slug built
from the title's words (``waterproof-tent-0612``) holds nothing the title does not: those words are for review
wherever they are held (:func:`~windtunnel.leakage.input_explained.explained_by_words` on the inferred input), while
a desk code planted in the slug beside them stays a leak.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from windtunnel.leakage.candidates import text_like
from windtunnel.leakage.mine import in_words, mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["beauty", "outdoors", "kitchen"]
TITLES = {
    "beauty": ["Vitamin C Serum {n}ml", "Rose Face Mist {n}ml", "Night Cream {n}ml Jar", "Argan Hair Oil {n}ml"],
    "outdoors": ["{k}-Person Dome Tent", "Trekking Poles, {k}-Pack", "{k}-Person Camping Hammock", "Bivvy Bag"],
    "kitchen": ["Cast Iron Skillet -- {n}cm", "Chef Knife {n}cm", "Salad Spinner", "Oven Mitts, {k}-Pack"],
}
DESKS = {"beauty": "bty", "outdoors": "odr", "kitchen": "ktc"}


def _listing(rng: random.Random, n: int, label: str, *, slug: bool, planted: bool) -> dict[str, Any]:
    title = rng.choice(TITLES[label]).format(n=rng.choice([20, 30, 50, 100, 150]), k=rng.randint(1, 4))
    listing: dict[str, Any] = {"sku": f"SKU-{rng.randint(10000, 99999)}"}
    if slug:  # the CMS builds the slug from the title's first words and the day filed (read before the title)
        words = "-".join([w.strip(",").casefold() for w in title.split() if w.strip(",").isalpha()][:2])
        listing["slug"] = f"{words}-{rng.randint(100, 999):04d}"
        if planted and rng.random() < 0.5:  # a desk's code before them on half the records
            listing["slug"] = f"{DESKS[label]}-{listing['slug']}"
    listing |= {"title": title, "stock": rng.randint(0, 90)}
    return {"id": f"p{n}", "expected": label, "projection": {"prompt": "Pick the category.", "listing": listing}}


def _items(seed: int, *, slug: bool = False, planted: bool = False, n: int = 240) -> list[LeakItem]:
    rng = random.Random(seed)
    rows = [_listing(rng, i, rng.choice(LABELS), slug=slug, planted=planted) for i in range(n)]
    return [LeakItem(id=r["id"], expected=[r["expected"]], projection=r["projection"], label_set=LABELS) for r in rows]


def _severities(items: list[LeakItem]) -> dict[str, set[str]]:
    """Field → the severities of the mined findings there."""
    result = mine(items)
    out: dict[str, set[str]] = {}
    for _id, found in mined_findings(items, result):
        for f in found:
            out.setdefault(f.pointer.split("/")[-1], set()).add(f.severity)
    return out


@pytest.mark.parametrize(
    ("key", "text", "span", "words"),
    [
        (("token", "", "ml"), "Vitamin C Serum 30ml", (18, 20), True),  # a quantity with its unit
        (("ngram", "", "2 person"), "2-Person Dome Tent", (0, 8), True),
        (("ngram", "", "thomas biography"), "Cromwell, Thomas -- Biography", (10, 29), True),  # a dash between words
        (("token", "", "rent"), "Who pays rent/mortgage?", (9, 13), True),
        (("token", "", "1945"), "World War, 1939-1945", (16, 20), True),
        (("token", "", "20th"), "English poetry -- 20th century", (18, 22), True),
        (("ngram", "", "ages 12"), "For ages 12+", (4, 11), True),
        (("token", "", "sev"), "SEV-4 outage on node", (0, 3), False),  # capitals joined to a number: a code
        (("token", "", "p2"), "[P2] printer down", (1, 3), False),
        (("token", "", "h"), "8H response", (1, 2), False),  # digits then a capital: a code
        (("token", "", "l"), "Air fryer 5.5L digital", (13, 14), True),  # a measured number, a unit in capitals
        (("token", "", "w"), "Hot plate 1700W", (14, 15), True),
        (("ngram", "", "cooker 1"), "Rice cooker 1.8L", (5, 13), True),
        (("token", "", "l"), "Countertop oven 25L", (18, 19), True),
        (("token", "", "g"), "4G handset", (1, 2), False),  # one digit: an index, still a code
        (("token", "", "abcd"), "Pump 100ABCD", (8, 12), False),  # no short unit
        (("token", "", "zk"), "ZK-09 bin", (0, 2), False),
        (("token", "", "urgent"), "‼ urgent", (2, 8), True),
    ],
)
def test_the_words_of_the_input_as_written(key: tuple[str, str, str], text: str, span: tuple, words: bool) -> None:
    assert in_words(key, text, span, loose=True) is words


def test_prose_outside_a_named_input_keeps_the_plain_reading() -> None:
    """Outside a named input (``--derive-from``) a run that is not a plain word stays a code, as before."""
    assert not in_words(("token", "", "ml"), "Vitamin C Serum 30ml", (18, 20))
    assert not in_words(("token", "", "storage"), "location set STORAGE/WILLCALL", (13, 20), loose=True)


def test_a_mark_a_badge_is_made_of_is_no_word() -> None:
    assert not in_words(("token", "", "‼"), "‼ urgent", (0, 1))
    assert text_like("Cromwell, Thomas -- Biography")  # the dash lays the text out
    assert not text_like("SEV-4 P2 -- 8H")


def test_the_titles_words_with_units_and_joints_are_for_review() -> None:
    items = _items(1)
    result = mine(items)
    assert "/listing/title" in result.inputs
    assert result.suggestions  # the title's words ride with the category
    assert _severities(items) == {"title": {"low"}}


def test_a_slug_built_from_the_titles_words_is_for_review() -> None:
    items = _items(2, slug=True)
    result = mine(items)
    assert "/listing/slug" not in result.inputs  # one chunk of letters and digits: a code, not text
    assert result.told
    sev = _severities(items)
    assert sev["slug"] == {"low"}
    assert sev.get("title", {"low"}) == {"low"}


def test_a_code_planted_in_the_slug_beside_the_titles_words_stays_a_leak() -> None:
    items = _items(3, slug=True, planted=True)
    result = mine(items)
    found = dict(mined_findings(items, result))
    coded = {it.id for it in items if it.projection["listing"]["slug"].split("-")[0] in DESKS.values()}
    assert {i for i, fs in found.items() if any(f.blocking for f in fs)} == coded
    for i in coded:
        codes = [f for f in found[i] if f.value in DESKS.values()]
        assert codes and all(f.severity == "medium" for f in codes)


def test_with_derive_from_the_slug_is_told_as_before() -> None:
    items = _items(2, slug=True)
    result = mine(items, derive_from=["/listing/title"])
    assert not result.told and not result.suggestions
    assert result.explained  # the named input's own words (:mod:`.input_explained`)
