"""A relation's values are a code book, and a date is paired with the dates of an object its object holds.

Invented data after ds29 ``noise_dose``: a later stage writes the next survey's due date into the assessment's system
block, 36, 24, 12 or 3 months after the survey by the exposure band, on a few records of each band. The two dates
stood in an object and an object it holds, never paired; and each number of months, six or seven records, was below
what one value's test needs against every pair read, and one record of another band at 12 months broke the test of
the months as one field sorted in blocks (28 of 56 leaks missed). Paired, and pooled as a field's values are, the
months are found (those of the value the stray record shares are not); a due date drawn apart from the band gives
nothing.
"""

from __future__ import annotations

import random
from datetime import date
from typing import Any

from tests.leakage.mined_flags import mined_flags
from windtunnel.leakage.model import LeakItem

LABELS = ["below", "lower", "upper", "limit"]
MONTHS = {"below": 36, "lower": 24, "upper": 12, "limit": 3}


def _plus_months(d: date, months: int) -> date:
    y, m = divmod(d.month - 1 + months, 12)
    return d.replace(year=d.year + y, month=m + 1)


def _items(*, follows: bool, n: int = 140, seed: int = 5, stray: bool = False) -> tuple[list[LeakItem], set[str]]:
    rng = random.Random(seed)
    items, leaking = [], set()
    for i in range(n):
        label = LABELS[i % 4]
        survey = date(2024, rng.randint(1, 12), rng.randint(1, 28))
        system: dict[str, Any] = {
            "instrument": "SV104A",
            "calibrated": date(2023, rng.randint(1, 12), rng.randint(1, 28)).isoformat(),
            "checked": date(2024, rng.randint(1, 12), rng.randint(1, 28)).isoformat(),
            "battery_pct": rng.randint(20, 100),
            "drift_db": rng.randint(0, 9) / 10,
        }
        if stray and i == 0:  # a record of another band whose next survey happens to be due in 12 months
            system["next_survey_due"] = _plus_months(survey, 12).isoformat()
        elif rng.random() < 0.12:
            months = MONTHS[label] if follows else MONTHS[rng.choice(LABELS)]
            system["next_survey_due"] = _plus_months(survey, months).isoformat()
            if follows:
                leaking.add(f"s{i}")
        dose = {"below": 78, "lower": 82, "upper": 86, "limit": 89}[label] + rng.uniform(-0.9, 0.9)
        projection = {"assessment": {"survey_date": survey.isoformat(), "segments": [dose], "system": system}}
        items.append(
            LeakItem.from_mapping({"id": f"s{i}", "expected": label, "label_set": LABELS, "projection": projection})
        )
    return items, leaking


def test_months_to_a_due_date_held_one_object_down_are_found() -> None:
    items, leaking = _items(follows=True)
    assert mined_flags(items, ["/assessment/segments"], "/assessment") == leaking


def test_one_stray_record_leaves_the_other_values_found() -> None:
    items, leaking = _items(follows=True, stray=True)
    upper = {it.id for it in items if it.expected == ["upper"]}
    assert items[0].expected == ["below"]
    assert mined_flags(items, ["/assessment/segments"], "/assessment") == leaking - upper


def test_a_due_date_drawn_apart_from_the_band_gives_nothing() -> None:
    items, _ = _items(follows=False)
    assert mined_flags(items, ["/assessment/segments"], "/assessment") == set()


def test_the_finding_points_at_the_later_date_a_later_stage_wrote() -> None:
    # of the two dates, the due date (the later one on every record) is where the finding points and the sanitizer
    # cuts; the survey's date every record holds is left (blanked on every item before, so that its cut told nothing)
    items, leaking = _items(follows=True)
    assert mined_flags(items, ["/assessment/segments"], "/assessment/system/next_survey_due") == leaking
