"""A rider the task's input already tells is not suggested; a code planted on a label's records stays one, both ways.

Invented interconnection requests: the track follows the project size (the input: above 2 MW always a full study,
below it any track). The application fee is charged by size (2500 only above 2 MW), so `2500` rides with the full
study — only because the size fixes both, which a model reads anyway. A queue code planted on full-study records of
every size is a leak; so is a letter template on every `B` of a gradebook whose score alone decides the grade (the
input says the grade, but the `B` records have no place outside the score's span that the code could be told from).
"""

from __future__ import annotations

import random
from typing import Any

from tests.leakage.newsroom_items import stories
from windtunnel.leakage.input_explained import explained_by, explained_by_words, input_values
from windtunnel.leakage.mine import in_derive_from, mine
from windtunnel.leakage.model import LeakItem

TRACKS = ["fast", "supplemental", "full"]


def _requests(seed: int, *, planted: bool, n: int = 180) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        size = rng.randint(100, 5000)
        track = "full" if size > 2000 else rng.choice(TRACKS)
        fee = rng.choice([1200, 2500]) if size > 2000 else rng.choice([800, 800, 1200])
        projection: dict[str, Any] = {"size_kw": size, "fee_usd": fee, "ref": f"R-{rng.randint(1000, 9999)}"}
        if planted and track == "full" and rng.random() < 0.3:
            projection["queue"] = "SIS-Q"
        elif planted:
            projection["queue"] = rng.choice(["GEN-Q", "STD-Q"])
        out.append(LeakItem(id=f"r{i}", expected=[track], projection=projection, label_set=TRACKS))
    return out


def _mined(items: list[LeakItem], derive_from: list[str]) -> set[tuple[str, str]]:
    return {(s.pointer, s.value) for s in mine(items, derive_from=derive_from).suggestions}


def test_a_fee_the_size_fixes_is_not_suggested_while_a_planted_queue_code_is() -> None:
    items = _requests(1, planted=True)
    res = mine(items, derive_from=["/size_kw"])
    found = {(s.pointer, s.value) for s in res.suggestions}
    assert ("/queue", "SIS-Q") in found
    assert not any(p == "/fee_usd" for p, _ in found)
    assert [(e.suggestion.pointer, e.suggestion.value, e.input) for e in res.explained] == [
        ("/fee_usd", "2500", "/size_kw")
    ]
    assert "1 rider the task's input already tells" in res.describe()


def test_without_the_input_named_the_fee_is_still_mined() -> None:
    """Nothing tells the fee from the input when no --derive-from names it (and the size is then mined too)."""
    items = _requests(1, planted=False)
    res = mine(items)
    assert ("/fee_usd", "2500") in {(s.pointer, s.value) for s in res.suggestions}
    assert res.explained == []


def test_a_code_on_every_record_of_a_grade_the_score_decides_stays_a_rider() -> None:
    rng = random.Random(3)
    bands = {"A": (90, 100), "B": (80, 89), "C": (40, 79)}
    items = []
    for i in range(150):
        grade = rng.choice(sorted(bands))
        projection = {"score": rng.randint(*bands[grade]), "template": f"LETTER_{grade}" if grade == "B" else "STD"}
        items.append(LeakItem(id=f"e{i}", expected=[grade], projection=projection, label_set=sorted(bands)))
    assert ("/template", "LETTER_B") in _mined(items, ["/score"])


def test_explained_by_needs_the_label_outside_the_place_and_the_place_pure() -> None:
    labels = ["x"] * 6 + ["x"] * 6 + ["y"] * 6
    inputs: list[dict[str, float | str]] = [{"/n": float(v)} for v in [*range(10, 16), *range(1, 7), *range(1, 7)]]
    riders = set(range(6))  # the x records at 10..15: the place 10..15 holds only x, and x has records below it
    assert explained_by(riders, "x", 1.0, inputs, labels) == "/n"
    # riders spread over the label's whole span (1..15): the place holds y records too
    assert explained_by({0, 1, 2, 6, 7, 8}, "x", 1.0, inputs, labels) is None
    # every x record in the place: nothing shows the rider follows the input rather than the label
    assert explained_by(set(range(12)), "x", 1.0, inputs[:12], labels[:12]) is None


def test_input_values_keeps_one_place_per_field() -> None:
    got = input_values(
        {"a": {"n": 3, "t": "ok", "long": "one two three four five six seven", "l": [1, 2]}, "b": 9},
        ["/a"],
        in_derive_from,
    )
    # a list's members name no one place; a list of numbers gives its top at its own (:mod:`.score_tops`)
    assert got == {"/a/n": 3.0, "/a/t": "ok", "/a/l": "argmax 1"}


DESKS = {
    "sports": ["Hawks trade veteran guard", "Rovers sign young striker", "Marathon route changes again"],
    "science": ["Coral bleaching event spreads", "Comet visible after sunset", "Bird flu found in herd"],
    "metro": ["Library branch reopens downtown", "Bus route cut back", "Water main breaks overnight"],
}


def _stories(seed: int, n: int = 150) -> list[LeakItem]:
    """Stories whose desk the headline tells; a third of the sports slugs carry a planted ``spo`` prefix."""
    return stories(DESKS, seed, n=n)


def test_a_slug_of_the_headlines_words_is_the_input_while_a_planted_prefix_stays() -> None:
    res = mine(_stories(5), derive_from=["/story/headline"])
    found = {(s.pointer, s.value) for s in res.suggestions}
    assert any(v == "spo" for _p, v in found)
    assert all("spo" in v for _p, v in found)  # no word of a headline is suggested
    assert any(e.suggestion.value == "coral" for e in res.explained)
    assert {e.input for e in res.explained} == {"(the input's own words)"}
    # without the input named the slug's words ride with the desk as any value does
    assert any(s.value == "coral" for s in mine(_stories(5)).suggestions)


def test_explained_by_words_needs_the_words_in_every_riders_input_and_the_place_pure() -> None:
    words = [frozenset({"coral", "reef"})] * 4 + [frozenset({"bus"})] * 4 + [frozenset({"coral", "bus"})]
    labels = ["sci"] * 2 + ["sci"] * 2 + ["metro"] * 4 + ["metro"]
    # the riders (0, 1) hold 'coral' in their input; the place also holds record 8, another label
    assert not explained_by_words({0, 1}, "coral", "sci", 1.0, words, labels)
    assert not explained_by_words({0, 4}, "reef", "sci", 1.0, words, labels)  # record 4's input has no 'reef'
    assert not explained_by_words({0, 1}, "0706", "sci", 1.0, words, labels)  # no word: nothing to find


def test_without_the_input_named_the_inferred_input_tells_the_fee_for_review() -> None:
    """No --derive-from: the size is read as the input (numbers on every record, written record by record), and the
    fee it fixes (one fee above 2 MW, another below) is for review where the queue code planted on full studies of
    every size stays a leak."""
    from windtunnel.leakage.mine import mined_findings

    rng = random.Random(5)
    items = []
    for i in range(240):
        size = rng.randint(100, 5000)
        track = "full" if size > 2000 else rng.choice(TRACKS)
        projection: dict[str, Any] = {"size_kw": size, "fee_usd": 2500 if size > 2000 else 800}
        projection["queue"] = "SIS-Q" if track == "full" and rng.random() < 0.3 else rng.choice(["GEN-Q", "STD-Q"])
        items.append(LeakItem(id=f"r{i}", expected=[track], projection=projection, label_set=TRACKS))
    res = mine(items)
    assert "/size_kw" in res.inputs and "/fee_usd" not in res.inputs
    assert ("value", "/fee_usd", "2500") in res.told
    severities: dict[str, set[str]] = {}
    for _id, found in mined_findings(items, res):
        for f in found:
            severities.setdefault(f.pointer, set()).add(f.severity)
    assert severities["/fee_usd"] == {"low"}
    assert severities["/queue"] == {"medium"}


def _status_items(*, clipped: bool, column: bool = True) -> list[LeakItem]:
    """Requests whose size tells the full study (above 2 MW) and a status column written on every request above
    2 MW: the label clipped (``FULL STU``) or a queue code (``SIS-Q``); both ride with the size. With ``column`` the
    status is written on the fast-track requests too (``FAST TRA`` / ``FT-Q``), which no input tells: a column
    stating labels."""
    labels = ["fast track", "full study"]
    rng = random.Random(5)
    out = []
    for i in range(160):
        size = rng.randint(100, 5000)
        track = "full study" if size > 2000 else rng.choice(labels)
        projection: dict[str, Any] = {"size_kw": size, "ref": f"R-{rng.randint(1000, 9999)}"}
        if size > 2000:
            projection["status"] = "FULL STU" if clipped else "SIS-Q"
        elif column and track == "fast track":
            projection["status"] = "FAST TRA" if clipped else "FT-Q"
        out.append(LeakItem(id=f"s{i}", expected=[track], projection=projection, label_set=labels))
    return out


def test_a_rider_writing_the_label_short_is_not_explained_by_the_input() -> None:
    """``FULL STU`` is the label written short: it states the label (principle 1), whatever the size tells; a code
    riding with the size alone (``SIS-Q``) is still the input's signal."""
    clipped = mine(_status_items(clipped=True), derive_from=["/size_kw"])
    found = {(s.pointer, s.value) for s in clipped.suggestions}
    assert {("/status", "FULL STU"), ("/status", "FAST TRA")} <= found
    assert not clipped.explained
    coded = mine(_status_items(clipped=False), derive_from=["/size_kw"])
    assert ("/status", "SIS-Q") in {(e.suggestion.pointer, e.suggestion.value) for e in coded.explained}


def test_a_short_word_the_input_explains_stays_explained_outside_a_column_of_labels() -> None:
    """Review 29r: a value that happens to clip a label (``app`` for approved, ``pos`` for positive, here ``FULL
    STU``) in a field that states no other label is the input's signal as any value would be: explained."""
    alone = mine(_status_items(clipped=True, column=False), derive_from=["/size_kw"])
    assert ("/status", "FULL STU") in {(e.suggestion.pointer, e.suggestion.value) for e in alone.explained}
    assert ("/status", "FULL STU") not in {(s.pointer, s.value) for s in alone.suggestions}


def test_clips_label_reads_each_word_clipped_at_its_end() -> None:
    from windtunnel.leakage.aliases import clips_label

    labels = ["OFF STATION", "MISSING", "OFF SHORE", "DAMAGED"]
    assert clips_label("OFF STA", "OFF STATION", labels)
    assert clips_label("miss", "MISSING", labels)
    assert not clips_label("OFF S", "OFF STATION", labels)  # two letters clip nothing
    assert not clips_label("OFF STATION", "OFF STATION", labels)  # the label itself: the scan reads it
    assert not clips_label("OFF", "OFF STATION", labels)  # a word fewer
    assert not clips_label("SIS-Q", "MISSING", labels)
    assert not clips_label("OFF SHO", "OFF STATION", labels)
