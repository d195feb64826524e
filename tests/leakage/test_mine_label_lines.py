"""A number computed from the answer and another field: its records lie on one exact line per label.

Invented shape: a co-working space sets a member's plan (``desk``, ``studio``, ``suite``, ``floor``) from the
application (the named input). A later billing tool charges ``fee = base + rate × seats`` with the plan's base and
rate; each fee is its record's own, no ratio of fee to seats is constant, yet the records of one plan lie on one line
of (seats, fee). A fee from the seats alone (one line for every plan), or from a plan drawn apart from the record's,
tells nothing.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from windtunnel.leakage.label_lines import _chance, line_tests, numbers_once
from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["desk", "studio", "suite", "floor"]
PRICES = {
    "desk": ("12.50", "3.10"),
    "studio": ("20.00", "4.25"),
    "suite": ("31.75", "6.40"),
    "floor": ("55.00", "9.95"),
}
DERIVE = ["/application"]


def _fee(plan: str, seats: int) -> float:
    base, rate = (Fraction(v) for v in PRICES[plan])
    return float(base + rate * seats)


def _dataset(seed: int, *, fee_of: str, n: int = 160) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 4]
        seats = rng.randint(1, 12)
        projection: dict[str, Any] = {
            "application": {"team": rng.randint(1, 40), "note": rng.choice(["startup", "agency", "studio"])},
            "booking": {"seats": seats, "ref": f"B{rng.randint(1000, 9999)}"},
        }
        if i % 5 < 2:  # the billing tool ran on some records
            plan = {"label": label, "apart": rng.choice(LABELS), "seats": "desk"}[fee_of]
            projection["billing"] = {"fee": _fee(plan, seats), "currency": "EUR"}
        out.append(LeakItem(id=f"m{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def _lines(items: list[LeakItem]) -> list[Any]:
    return [s for s in mine(items, derive_from=DERIVE).suggestions if s.relation.startswith("one line per label")]


def test_a_fee_on_one_line_per_label_is_found_on_its_records() -> None:
    items = _dataset(1, fee_of="label")
    result = mine(items, derive_from=DERIVE)
    lines = [s for s in result.suggestions if s.relation.startswith("one line per label")]
    assert {s.label for s in lines} == set(LABELS)
    assert all(s.pointer == "/billing/fee" and s.kind == "range" for s in lines)
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    billed = [it for it in items if "billing" in it.projection]
    assert all(any(f.pointer == "/billing/fee" for f in flagged.get(it.id, [])) for it in billed)
    assert not [it.id for it in items if "billing" not in it.projection and it.id in flagged]


def test_a_fee_from_the_seats_alone_or_a_plan_drawn_apart_tells_nothing() -> None:
    for fee_of in ("seats", "apart"):
        for seed in range(3):
            items = _dataset(seed, fee_of=fee_of)
            assert not _lines(items), (fee_of, seed)
            assert not dict(mined_findings(items, mine(items, derive_from=DERIVE), derive_from=DERIVE)), (fee_of, seed)


def test_without_the_input_named_no_line_is_read() -> None:
    result = mine(_dataset(1, fee_of="label"), derive_from=[])
    assert not [s for s in result.suggestions if s.relation.startswith("one line per label")]


def test_line_tests_counts_the_picks_and_the_pairs() -> None:
    # two labels, three points each, on two lines; the pair asked once, /y (finer) read as computed from /x
    rows = [{"/y": (Fraction(y), str(y)), "/x": (Fraction(x), str(x))} for x, y in [(1, 3), (2, 5), (3, 7)]]
    rows += [{"/y": (Fraction(y), str(y)), "/x": (Fraction(x), str(x))} for x, y in [(1, 10), (2, 20), (3, 30)]]
    labels = ["a"] * 3 + ["b"] * 3
    found, asked = line_tests(rows, labels, lambda t: False)
    assert asked == 1
    assert {(t.y, t.x, t.label) for t in found} == {("/y", "/x", "a"), ("/y", "/x", "b")}
    assert all(t.p < 1.0 for t in found)
    # six points on one line: every pick of three is collinear, chance 1
    assert _chance([3, 3], {(0, 1, 0): 6}, 6, 2) == 1.0


def test_numbers_once_keeps_a_template_held_once() -> None:
    got = numbers_once([("/a", "1.25", 1.25), ("/l/*/n", "2", 2.0), ("/l/*/n", "3", 3.0), ("/d", "2024-01-02", None)])
    assert got == {"/a": (Fraction(5, 4), "1.25")}


def test_a_flat_line_per_label_is_a_value_not_a_line() -> None:
    # a fee of one amount per plan whatever the seats: a value per label, mined as values, never as lines
    rows = [{"/y": (Fraction(v), v), "/x": (Fraction(x), str(x))} for v in ("5", "9") for x in (1, 2, 3, 4)]
    rows += [{"/x": (Fraction(x), str(x))} for x in (1, 2, 3, 4)]  # /x on more records: /y is read off it
    labels = ["a"] * 4 + ["b"] * 4 + ["a", "b"] * 2
    found, asked = line_tests(rows, labels, lambda t: False)
    assert asked == 1 and found == []
    sloped = [{**row, "/y": (row["/y"][0] + row["/x"][0], "")} if "/y" in row else row for row in rows]
    assert {t.label for t in line_tests(sloped, labels, lambda t: False)[0]} == {"a", "b"}  # one slope: lines


def _rows(points: list[tuple[int, int]]) -> list[dict[str, tuple[Fraction, str]]]:
    return [{"/y": (Fraction(y), str(y)), "/x": (Fraction(x), str(x))} for x, y in points]


def test_a_chance_fit_on_few_values_is_turned_down() -> None:
    # two labels of four points each on their own line, differing at three x; but y takes few values, and eight such
    # points fall on two lines of four by chance often (/y, finer, read off /x): the bound must not call it evidence
    rows = _rows([(1, 1), (2, 3), (3, 5), (4, 7), (1, 2), (2, 3), (3, 4), (4, 5)])
    labels = ["a"] * 4 + ["b"] * 4
    found, asked = line_tests(rows, labels, lambda t: False)
    assert asked == 1 and {t.label for t in found} == {"a", "b"}
    assert all(t.p > 0.1 for t in found)


def test_lines_that_never_share_an_x_are_no_evidence() -> None:
    # a fee tiered by weight, one tier's records of one label, the other's of another (the label split along x): the
    # lines differ, but never at one x, so the weight, not the label, may pick the line
    tier_one = [(x, 4 + 2 * x) for x in range(1, 11)]
    tier_two = [(x, 15 + x) for x in range(11, 21)]
    rows = _rows(tier_one + tier_two)
    labels = ["light"] * 10 + ["heavy"] * 10
    assert line_tests(rows, labels, lambda t: False)[0] == []
    # the same two lines over the same x, a label each: the label picks the line
    crossed = _rows(tier_one + [(x, 15 + x) for x in range(1, 11)])
    assert {t.label for t in line_tests(crossed, labels, lambda t: False)[0]} == {"light", "heavy"}


def test_a_line_over_a_number_of_the_input_is_read() -> None:
    # the seats named as input too: the fee (outside it) is still read off them, one line per plan
    items = _dataset(1, fee_of="label")
    result = mine(items, derive_from=[*DERIVE, "/booking"])
    assert {s.label for s in result.suggestions if s.relation.startswith("one line per label")} == set(LABELS)
    flagged = dict(mined_findings(items, result, derive_from=[*DERIVE, "/booking"]))
    details = [f.detail for fs in flagged.values() for f in fs if f.pointer == "/billing/fee"]
    assert details and all("line bound p = " in d for d in details)


def test_more_labels_on_lines_never_weaken_the_bound() -> None:
    # fifteen labels: eight on lines would sum over 6,435 sets, more than the cap; the bound falls back to fewer labels
    # on lines (a weaker event), so eight lines are never worse evidence than five
    sizes, lines = [20] * 15, {(1, 1, k): 25 for k in range(40)}
    assert _chance(sizes, lines, 300, 8) == _chance(sizes, lines, 300, 5) < 1.0
    assert _chance(sizes, lines, 300, 11) <= _chance(sizes, lines, 300, 5)
