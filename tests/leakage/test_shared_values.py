"""Which values of a mined field keep their bytes (:func:`~windtunnel.leakage.shared_values.shared_values`).

A value the items of several labels hold at their shares is no rider; it is kept when the records blanked (holding
the other values) fall on the labels like the field's records, blanked and label independent beyond chance (session 34:
a chi-square test of the table; before, a draw test that also failed on blanks too few to show any lean, missing a
label by chance, and a clean record lost the values held alike). The holders are invented: a default queue every label
sits in, beside label-specific codes.
"""

from __future__ import annotations

import math
from collections import Counter

import pytest

from windtunnel._util.stats import chi2_sf
from windtunnel.leakage.shared_values import blanks_unlike_holders, shared_values


def _holders(shared: dict[str, int], blanked: dict[str, int]) -> list[tuple[str, str]]:
    """``(value, label)`` rows: ``shared[label]`` items holding the default queue, ``blanked[label]`` holding the
    label's own code."""
    rows = [('"LINE-MX"', label) for label, n in shared.items() for _ in range(n)]
    rows += [(f'"LINE-{label}"', label) for label, n in blanked.items() for _ in range(n)]
    return rows


def test_a_label_whose_items_all_hold_the_shared_value_does_not_blank_it_on_every_item() -> None:
    """Twelve labels, eleven with a code on two items each, one (`24`) with none: a draw of 22 items misses a label
    of 1/14 of the field one time in five, so an empty queue rules out nothing a reader could use; the shared queue
    keeps its bytes (before: every label had to be among the blanks, and the whole field went)."""
    labels = [str(n) for n in range(20, 32)]
    rows = _holders(dict.fromkeys(labels, 10), {label: 2 for label in labels if label != "24"})
    assert shared_values(rows) == {'"LINE-MX"'}


def test_blanks_that_miss_a_third_of_the_field_blank_it_on_every_item_once_beyond_chance() -> None:
    """Three labels, codes on two of them: blanks none of which is `C`'s say "not C". Twelve of 42 records could miss
    `C` by chance (chi-square p 0.07): the queue keeps its bytes; sixty of 90 could not, and it goes on every item."""
    assert shared_values(_holders({"A": 10, "B": 10, "C": 10}, {"A": 6, "B": 6})) == {'"LINE-MX"'}
    assert shared_values(_holders({"A": 10, "B": 10, "C": 10}, {"A": 30, "B": 30})) == frozenset()


def test_blanks_of_one_label_blank_the_field_on_every_item_once_beyond_chance() -> None:
    """A code of one label only: fifteen blanks all `A`'s name it, and the field goes on every item; three are too few
    to differ from the field's records beyond chance here, and the test of the sanitized output takes them
    (``EliminationWatch``: blanked on one label's items only, the field goes on every item in a second pass)."""
    assert shared_values(_holders({"A": 10, "B": 10, "C": 10}, {"A": 15})) == frozenset()
    assert shared_values(_holders({"A": 10, "B": 10, "C": 10}, {"A": 3})) == {'"LINE-MX"'}


def test_blanks_that_almost_miss_a_label_still_blank_the_field_on_every_item() -> None:
    """Four shared queues, each held by `A`, `B` and `C` near their shares; 81 blanks, one of them `C`'s, a label of a
    fifth of the field: an empty queue nearly rules `C` out, so the queues go on every item although every label is
    among the blanks (the test of independence weighs a label below its share as one above it)."""
    rows = [(f'"Q{q}"', label) for q in range(4) for label, n in (("A", 10), ("B", 10), ("C", 8)) for _ in range(n)]
    assert shared_values([*rows, *_holders({}, {"A": 40, "B": 40, "C": 1})]) == frozenset()
    assert shared_values([*rows, *_holders({}, {"A": 30, "B": 30, "C": 15})]) == {f'"Q{q}"' for q in range(4)}


def test_blanks_at_the_labels_shares_keep_the_shared_value() -> None:
    """Every label among the blanks at about its share: the shared queue is kept."""
    rows = _holders({"A": 20, "B": 20, "C": 20}, {"A": 5, "B": 4, "C": 5})
    assert shared_values(rows) == {'"LINE-MX"'}


def _list_field(riders_a: int) -> tuple[list[tuple[str, str]], list[str]]:
    """A list field (a milestone history): 40 records per label of four, each holding `Started` and `Processing` (every
    label's), and on 10 records per label a label's own closing milestones, ``riders_a`` of them on label A's records,
    one on the others'. ``(value, label)`` per place, and each place's record."""
    rows: list[tuple[str, str]] = []
    records: list[str] = []
    for label in "ABCD":
        for i in range(40):
            values = ['"Started"', '"Processing"']
            if i < 10:
                values += [f'"{label}-{k}"' for k in range(riders_a if label == "A" else 1)]
            rows += [(v, label) for v in values]
            records += [f"{label}{i}"] * len(values)
    return rows, records


def test_the_draw_test_counts_records_not_places_in_a_list_field() -> None:
    """Label A's records hold three rider places to the others' one: counted by places the blanks lean to A (the field
    blanked on every record), counted by records they fall on 10 records of each label, a draw's, and the milestones
    every label's records hold keep their bytes."""
    rows, records = _list_field(3)
    assert shared_values(rows) == frozenset()
    assert shared_values(rows, records) == {'"Started"', '"Processing"'}
    one, at = _list_field(1)  # one rider place each: places and records agree
    assert shared_values(one) == shared_values(one, at) == {'"Started"', '"Processing"'}


def test_counting_records_still_blanks_where_the_records_lean() -> None:
    """The same list with label A's riders on 30 of its 40 records (the others' on 10): by records the blanks lean to
    A, and the field is blanked on every record."""
    rows, records = _list_field(1)
    for i in range(10, 30):  # 20 more of A's records get a rider place
        rows.append(('"A-0"', "A"))
        records.append(f"A{i}")
    assert shared_values(rows, records) == frozenset()


@pytest.mark.parametrize(
    ("x", "df", "p"),
    [(3.841459, 1, 0.05), (9.210340, 2, 0.01), (11.070498, 5, 0.05), (15.086272, 5, 0.01), (23.209251, 10, 0.01)],
)
def test_the_chi_square_tail_meets_its_tabled_quantiles(x: float, df: int, p: float) -> None:
    assert chi2_sf(x, df) == pytest.approx(p, rel=1e-5)


def test_the_chi_square_tail_in_closed_form() -> None:
    """Two degrees of freedom: ``exp(-x/2)``; one: ``erfc(sqrt(x/2))``; nothing above zero is certain, nothing below."""
    for x in (0.1, 1.0, 7.5, 60.0):
        assert chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2))
        assert chi2_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)))
    assert chi2_sf(0.0, 4) == 1.0
    assert chi2_sf(5000.0, 40) == 0.0
    assert chi2_sf(3.0, 30) == pytest.approx(1.0)


def test_blanks_are_weighed_against_the_records_filling_their_places() -> None:
    """A router's code at step 1 on every `A` record and a few others, a subject at step 0 on every record: the blanks
    (the codes) fall on `A` far beyond its share of the records, yet exactly on the records holding a code at all,
    which their schema shows blanked or not. Weighed against the records filling the places blanked, they tell
    nothing, and the subjects keep their bytes; weighed against every record, they went too."""
    rows: list[tuple[str, str]] = []
    records: list[str] = []
    places: list[str] = []
    for label, n, routed in (("A", 12, 12), ("B", 10, 3), ("C", 10, 3), ("D", 9, 3)):
        for i in range(n):
            rows.append(('"Order needs review"', label))
            records.append(f"{label}{i}")
            places.append("/steps/0/output")
            if i < routed:
                rows.append((f'"\\u0000cut {label}{i}"', label))
                records.append(f"{label}{i}")
                places.append("/steps/1/output")
    assert shared_values(rows, records, places) == {'"Order needs review"'}
    assert shared_values(rows, records) == frozenset()


def test_blanks_on_every_record_of_their_places_or_of_one_label_tell_no_label() -> None:
    """Blanks on every record filling their places, on none, or among the records of one label only: nothing told."""
    assert not blanks_unlike_holders(Counter({"A": 3}), Counter({"A": 3}))
    assert not blanks_unlike_holders(Counter({"A": 2}), Counter({"A": 3}))
    assert not blanks_unlike_holders(Counter({"A": 12, "B": 3}), Counter({"A": 12, "B": 3}))
    assert not blanks_unlike_holders(Counter(), Counter({"A": 12, "B": 3}))
    assert blanks_unlike_holders(Counter({"A": 12, "B": 1}), Counter({"A": 12, "B": 12}))
