"""Which values of a mined field keep their bytes (:func:`~windtunnel.leakage.shared_values.shared_values`).

A value the items of several labels hold at their shares is no rider; it is kept when the blanks left (the other
values) lean to no label (session 34: they may rule labels out; before, they had to fall on the field's labels as a
draw of its items would, missing none a draw would not miss, and a clean record lost the values held alike).
The holders are invented: a default queue every label
sits in, beside label-specific codes.
"""

from __future__ import annotations

from windtunnel.leakage.shared_values import shared_values


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


def test_blanks_that_miss_a_third_of_the_field_but_lean_to_no_label_keep_the_shared_value() -> None:
    """Three labels, codes on two of them: twelve blanks none of which is `C`'s say "not C", and leave `A` and `B` as
    likely as they were: the queue every label's records hold keeps its bytes (before session 34, a draw missing `C`
    less than one time in twenty blanked it on every item)."""
    rows = _holders({"A": 10, "B": 10, "C": 10}, {"A": 6, "B": 6})
    assert shared_values(rows) == {'"LINE-MX"'}


def test_blanks_of_one_label_blank_the_field_on_every_item_once_they_lean() -> None:
    """A code of one label only: fifteen blanks all `A`'s name it, and the field goes on every item; three are too few
    to show a lean here, and are left to the test of the sanitized output, which weighs the scan's edits there too
    (``EliminationWatch``: blanked on one label's items only, the field goes on every item in a second pass)."""
    assert shared_values(_holders({"A": 10, "B": 10, "C": 10}, {"A": 15})) == frozenset()
    assert shared_values(_holders({"A": 10, "B": 10, "C": 10}, {"A": 3})) == {'"LINE-MX"'}


def test_blanks_that_almost_miss_a_label_keep_the_shared_values_while_they_lean_to_none() -> None:
    """Four shared queues, each held by `A`, `B` and `C` near their shares; 81 blanks, one of them `C`'s: an empty
    queue nearly rules `C` out, and leaves `A` and `B` at their shares, so the queues keep their bytes (between
    sessions 21 and 34 the lower tail counted and they went on every item). Blanks leaning to `A` still blank them."""
    rows = [(f'"Q{q}"', label) for q in range(4) for label, n in (("A", 10), ("B", 10), ("C", 8)) for _ in range(n)]
    assert shared_values([*rows, *_holders({}, {"A": 40, "B": 40, "C": 1})]) == {f'"Q{q}"' for q in range(4)}
    assert shared_values([*rows, *_holders({}, {"A": 70, "B": 10, "C": 1})]) == frozenset()


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
