"""A ratio of two measurements is no code book; the steps a later stage takes are.

After ds31 ``swim_qualifying_standard``: a swim's time is checked against its event's A standard. Scanned without
``--derive-from``, the ratio of the A standard to the time, rounded, held ``1`` and ``1.01`` on A cuts only: read as the
codes of a field, those two bins were a code book of the A cut, and every A cut near its standard was flagged (14 of
140 clean records) — the task's own rule between two of its inputs. A ratio's bins, cut from a continuum by rounding,
are a threshold, the range test's to read; the months from a survey to its next due date (``test_mine_relation_book``)
stay a code book.
"""

from __future__ import annotations

from collections.abc import Sequence, Set

from windtunnel.leakage.mine import _relation_books
from windtunnel.leakage.relations import MONTHS, RATIO

LABELS = ["A cut", "B cut", "no cut"] * 40  # 120 records, 40 a label


def _books(kind: str) -> list[tuple[str, int]]:
    # records 0, 3, 6, … are A cuts: eight hold the value "1" or "12", seven "1.01" or "36"; the other labels' records
    # spread over values each shared by two labels
    relation = (kind, "/standards/A", "/swim/final_time")
    pure = ("1", "1.01") if kind == RATIO else ("12", "36")
    mixed = ("0.97", "0.98", "0.99") if kind == RATIO else ("3", "6", "24")
    by_value: dict[tuple[tuple[str, str, str], str], dict[int, tuple[str, str]]] = {}
    for n, r in enumerate(range(0, 45, 3)):
        by_value.setdefault((relation, pure[n % 2]), {})[r] = ("56.38", "55.94")
    for n, r in enumerate(r for r in range(120) if r % 3):
        by_value.setdefault((relation, mixed[n % 3]), {})[r] = ("56.38", "57.10")

    def members(
        rel: tuple[str, str, str], records: Set[int], values: Sequence[str], label: str
    ) -> list[tuple[str, str, str]]:
        return [("range", rel[1], v) for v in values]

    found = _relation_books({relation}, by_value, LABELS, 5, set(), members)
    return [(label, support) for _key, label, support, *_ in found]


def test_a_ratios_pure_bins_are_not_a_code_book() -> None:
    assert _books(RATIO) == []


def test_the_same_values_as_months_to_a_due_date_are_one() -> None:
    assert _books(MONTHS) == [("A cut", 15)]
