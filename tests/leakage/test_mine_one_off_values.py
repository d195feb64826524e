"""A field of values unique to their records beside a few repeated leaking ones: no evidence for the unique ones.

A packing step writes a carton-label template on every record: on 60 of 150 records one of a dozen shared templates
named after the answer's grade (``tmpl/acme_shield_grade_aa_v3.svg``, each on 2 to 8 records; or 90 of 150), on the
rest a template unique to the record (``tmpl/p4680_carton_v4.svg``, its plant's number inside). Every value of the
field is one label's, but a value seen once is so by construction: held out, it was seen on no other record and
predicts nothing. Its records must not be flagged, whatever the shared templates prove of the field; the shared
templates are still found (through their values and through the grade word inside them). The twin writes, on the other
records, a packing code per grade repeated over a handful of records (``pk-sun-2``): each is seen on other records of
its grade, and is found; so is a grade word inside templates unique to their records (``tmpl/p4680_grade_aa_v3.svg``),
a part seen on many. The shared templates, read in two views (as written and with the grader's ``ACME`` masked, a word
of the record's own), are one draw per record, not two: counted twice, they outweighed the unique values' tail and
made those the book's rare values.

A value of one record is named only beside a default shared across labels: a dispatch note that reads ``pending`` on
every clean record, a routing code per grade repeated on a few leaking ones, and one-off notes written from the grade
on the others. The default is the field's evidence that the values apart from it are written from the answer; the
unique templates above have no default (each record its own value, an identifier's) and stay unnamed.
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.codebook import code_book, same_holders
from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem

GRADES = ["AA", "A", "B"]
WORDS = {"AA": "aa", "A": "a", "B": "b"}
CODES = {"AA": "sun", "A": "oak", "B": "elm"}
DERIVE = ["/candling"]
DEPTH = {"AA": ["1/8 in", "1/16 in"], "A": ["3/16 in", "5/32 in"], "B": ["1/4 in", "5/16 in"]}
SHARED = {3: 3, 4: 2, 5: 3, 6: 5, 7: 8, 8: 6, 9: 6}  # template version → records holding each grade's template


def _eggs(seed: int, *, coded: bool = False, unique: bool = False, leaking: int = 60) -> list[tuple[LeakItem, bool]]:
    """150 records (``(item, leaks)``), 50 a grade; ``leaking`` of them (a third a grade) carry a shared template
    named after their grade (``unique``: one of their own, their plant's number beside the grade's word)."""
    rng = random.Random(seed)
    per_grade = [
        [f"tmpl/acme_shield_grade_{WORDS[g]}_v{v}.svg" for v, n in SHARED.items() for _ in range(n)] for g in GRADES
    ]
    shared = [(g, t) for g, texts in zip(GRADES, per_grade, strict=True) for t in texts[: leaking // 3]]
    rows: list[tuple[str, str | None]] = [(g, t) for g, t in shared]
    for g in GRADES:
        rows += [(g, None)] * (50 - sum(1 for h, _t in shared if h == g))
    rng.shuffle(rows)
    plants = rng.sample(range(1000, 9999), len(rows))
    out = []
    for i, ((grade, template), plant) in enumerate(zip(rows, plants, strict=True)):
        leaks = template is not None
        if leaks and unique:
            template = f"tmpl/p{plant}_grade_{WORDS[grade]}_v{rng.randint(2, 5)}.svg"
        if template is None:
            template = (
                f"pk-{CODES[grade]}-{rng.randrange(4)}" if coded else f"tmpl/p{plant}_carton_v{rng.randint(2, 5)}.svg"
            )
        projection: dict[str, Any] = {
            "candling": {"plant": f"P-{plant}", "grader": "ACME-AMS 3095", "air_cell": rng.choice(DEPTH[grade])},
            "packing": {"label_template": template, "size": rng.choice(["Large", "Medium", "Jumbo"])},
        }
        out.append((LeakItem(id=f"e{i}", expected=[grade], projection=projection, label_set=GRADES), leaks))
    return out


def _flagged(rows: list[tuple[LeakItem, bool]]) -> set[str]:
    items = [it for it, _leaks in rows]
    return set(dict(mined_findings(items, mine(items, derive_from=DERIVE), derive_from=DERIVE)))


def test_values_unique_to_their_records_are_not_found_on_the_field_of_shared_ones() -> None:
    for seed in range(3):
        rows = _eggs(seed)
        flagged = _flagged(rows)
        assert not flagged & {it.id for it, leaks in rows if not leaks}, seed
        assert {it.id for it, leaks in rows if leaks} <= flagged, seed


def test_they_are_not_found_where_the_shared_ones_outnumber_them() -> None:
    # 90 records of shared templates beside 60 unique ones: the unique ones are too few to read as a tail of the
    # field's own, yet a value seen once is still no evidence for its record
    for seed in range(2):
        rows = _eggs(seed, leaking=90)
        flagged = _flagged(rows)
        assert not flagged & {it.id for it, leaks in rows if not leaks}, seed
        assert {it.id for it, leaks in rows if leaks} <= flagged, seed


def test_a_grade_word_inside_values_unique_to_their_records_is_found() -> None:
    for seed in range(3):
        rows = _eggs(seed, unique=True)
        flagged = _flagged(rows)
        assert flagged == {it.id for it, leaks in rows if leaks}, seed


def test_a_code_per_grade_repeated_over_records_is_found() -> None:
    for seed in range(3):
        rows = _eggs(seed, coded=True)
        flagged = _flagged(rows)
        assert {it.id for it, _leaks in rows} <= flagged, seed


def test_a_value_of_one_record_is_no_rare_value_of_a_book() -> None:
    shares = {"a": 0.5, "b": 0.5}
    book_values = {"va": {"a": 6}, "vb": {"b": 6}, "wa": {"a": 4}, "wb": {"b": 4}}
    book = code_book({**book_values, "ra": {"a": 2}, "one": {"b": 1}}, shares)
    assert book is not None and book.rare == {"a": ["ra"]}


def test_a_value_of_one_record_is_a_rare_value_beside_a_default() -> None:
    shares = {"a": 0.5, "b": 0.5}
    book_values = {"va": {"a": 6}, "vb": {"b": 6}, "wa": {"a": 4}, "wb": {"b": 4}}
    values = {**book_values, "pending": {"a": 30, "b": 30}, "ra": {"a": 2}, "one": {"b": 1}, "two": {"a": 1}}
    book = code_book(values, shares)
    assert book is not None and book.rare == {"a": ["ra", "two"], "b": ["one"]}
    without = code_book({k: v for k, v in values.items() if k != "pending"}, shares)
    assert without is not None and without.rare == {"a": ["ra"]}


NOTES = {
    "AA": ["clear cell, ship to the premium buyer", "flawless yolk, top shelf", "reserve for the gift boxes"],
    "A": ["good shell, standard retail cartons", "slight cell, regular grocery run", "fine for the weekly order"],
    "B": ["route to the bakery contract", "thin shell, breaker plant only", "ok for liquid egg processing"],
}
ROUTES = {"AA": ["RT-PREM 1", "RT-PREM 2"], "A": ["RT-RET 4", "RT-RET 5"], "B": ["RT-BRK 8", "RT-BRK 9"]}


def _notes(seed: int) -> list[tuple[LeakItem, bool]]:
    """150 records, 50 a grade: per grade two routing codes on four records each and three notes of one record
    each, written from the grade without its word; ``pending`` on the rest (the field's default)."""
    rng = random.Random(seed)
    rows: list[tuple[str, str]] = []
    for g in GRADES:
        written = [r for r in ROUTES[g] for _ in range(4)] + NOTES[g]
        rows += [(g, t) for t in written] + [(g, "pending")] * (50 - len(written))
    rng.shuffle(rows)
    out = []
    for i, (grade, note) in enumerate(rows):
        projection: dict[str, Any] = {
            "candling": {"plant": f"P-{rng.randrange(1000, 9999)}", "air_cell": rng.choice(DEPTH[grade])},
            "dispatch": {"note": note, "bay": f"B{rng.randrange(30)}"},
        }
        out.append((LeakItem(id=f"n{i}", expected=[grade], projection=projection, label_set=GRADES), note != "pending"))
    return out


def test_one_off_notes_beside_a_default_are_found() -> None:
    for seed in range(2):
        rows = _notes(seed)
        assert _flagged(rows) == {it.id for it, leaks in rows if leaks}, seed


def test_views_of_one_string_are_one_value_of_the_book() -> None:
    by_text = {"tmpl/x_a_v2.svg": {1, 2, 3}, "tmpl/…_a_v2.svg": {1, 2, 3}, "tmpl/p1.svg": {4}, "tmpl/p2.svg": {5}}
    assert same_holders(by_text) == {
        "tmpl/x_a_v2.svg": ["tmpl/x_a_v2.svg", "tmpl/…_a_v2.svg"],
        "tmpl/p1.svg": ["tmpl/p1.svg"],
        "tmpl/p2.svg": ["tmpl/p2.svg"],
    }


def test_a_book_value_read_in_views_is_shown_as_written() -> None:
    from windtunnel.leakage.mine import _field_book

    labels = ["a"] * 8 + ["b"] * 8
    north = {0, 1, 2, 3}
    by_text = {"Team North": north, "Team N\u6736rth": north, "Team South": {8, 9, 10, 11}, "Desk 9": {4, 5, 12, 13}}
    found = list(_field_book("/f", by_text, labels, 3, written={"Team North", "Team South", "Desk 9"}))
    shown = {key[2]: [m[2] for m in members] for key, _label, _n, _p, members in found}
    assert shown["Team North"] == ["Team North", "Team N\u6736rth"]
