"""A date computed from a date of the input is mined through its gap, read as a number field.

A clinic's follow-up records each carry the visit (the input) and, outside it, the date a downstream system set for
the next appointment: 14 days after the visit for a ``review``, 90 for ``routine``, 365 for ``discharge``. No two
records share a follow-up date, so no date reaches the support floor, yet the days from the visit to it are the
label's. Mining reads each pair (a date outside the input, a date of the input) as a field of its gaps and asks it
as a number field tested whole (one block per label), its p multiplied by the pairs asked; the finding points at
the follow-up date's characters and says what was computed. The same dates drawn independently of the label give
nothing, and a date of the input is never the one pointed at.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any

from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.ranges import date_gaps, day_of

LABELS = ["review", "routine", "discharge"]
GAP = {"review": 14, "routine": 90, "discharge": 365}
DERIVE = ["/visit"]


def _dataset(seed: int, *, leak: bool, n: int = 150) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        visit = date(2025, 1, 1) + timedelta(days=rng.randrange(3000))
        gap = GAP[label] if leak else rng.choice(list(GAP.values()))
        projection: dict[str, Any] = {
            "visit": {"date": visit.isoformat(), "notes": rng.choice(["stable", "improving", "reports pain"])},
            "scheduling": {"next_date": (visit + timedelta(days=gap)).isoformat(), "clerk": f"C{rng.randrange(9)}"},
        }
        out.append(LeakItem(id=f"v{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_day_of_reads_iso_dates_and_nothing_else() -> None:
    assert day_of("2024-06-17") == date(2024, 6, 17).toordinal()
    assert day_of("2024-06-17T09:30:00Z") == day_of("2024-06-17")
    assert day_of("2024-13-01") is None
    assert day_of("17/06/2024") is None
    assert day_of("2024") is None


def test_gaps_are_from_a_date_of_the_input_to_one_outside() -> None:
    dates = [{"/visit/date": "2025-01-01", "/next": "2025-01-15", "/other": "2025-02-01"}]
    got = date_gaps(dates, lambda t: t != "/visit/date")
    assert got == {("/next", "/visit/date"): {"14": {0}}, ("/other", "/visit/date"): {"31": {0}}}


def test_a_date_whose_gap_from_the_visit_is_the_label_is_found_at_its_characters() -> None:
    items = _dataset(1, leak=True)
    result = mine(items, derive_from=DERIVE)
    gaps = {s.label: s for s in result.suggestions if "days after" in s.value}
    assert set(gaps) == set(LABELS)
    assert gaps["review"].value == "14 days after /visit/date"
    assert all(s.pointer == "/scheduling/next_date" and s.purity == 1.0 for s in gaps.values())
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    labels_of: dict[str, set[str]] = {}
    for it in items:
        labels_of.setdefault(it.projection["scheduling"]["next_date"], set()).add(it.expected[0])
    for it in items:  # a date another label's record holds too is found for one of them only (by its value)
        if len(labels_of[it.projection["scheduling"]["next_date"]]) == 1:
            assert {f.pointer for f in flagged[it.id]} == {"/scheduling/next_date"}  # never the visit date
    assert len(flagged) >= 0.9 * len(items)


def test_gaps_drawn_independently_of_the_label_give_nothing() -> None:
    items = _dataset(2, leak=False)
    result = mine(items, derive_from=DERIVE)
    assert not [s for s in result.suggestions if "days after" in s.value]
    assert not dict(mined_findings(items, result, derive_from=DERIVE))
