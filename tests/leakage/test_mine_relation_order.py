"""Which of two dates comes first is a relation: a later stage's date on the right or wrong side of the input's.

A storage audit decides a snapshot's retention tier from its creation date and the audit date (the named input): kept
as a daily or a weekly snapshot, or due to expire. On some records the pruner's state is shown, and its hold date is
set from the answer: a week after creation for dailies, five weeks for weeklies, and a week after creation on the old
snapshots due to expire, so that their hold has lapsed before the audit. The gap from creation to the hold is 7 days on
dailies and on those to expire alike, and the gap from the audit to the hold differs on every record; only the gap's
sign, which date comes first, tells the expiring ones apart (ds36 ``backup_tiers``: 13 missed), and held together with
the week-long hold (one field read against two others) it leaves the dailies (7 more). Holds drawn around the audit at
random give nothing, and two dates of the named input in either order are the task's own signal.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any

from tests.leakage.mined_flags import mined_flags
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.relations import derived, shown

LABELS = ["daily", "weekly", "expire"]
DERIVE = ["/snapshot/created", "/as_of"]
HOLD = {"daily": 7, "weekly": 35, "expire": 7}


def _dataset(seed: int, *, drawn_apart: bool = False, n: int = 150) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 3]
        as_of = date(2026, 1, 1) + timedelta(days=rng.randint(0, 300))
        age = {"daily": rng.randint(0, 6), "weekly": rng.randint(7, 34), "expire": rng.randint(40, 700)}[label]
        created = as_of - timedelta(days=age)
        projection: dict[str, Any] = {
            "as_of": as_of.isoformat(),
            "host": rng.choice(["fs-1", "fs-2", "archive"]),
            "snapshot": {"name": f"tank/home@bk-{rng.randrange(16**6):06x}", "created": created.isoformat()},
        }
        if rng.random() < 0.5:
            hold = created + timedelta(days=HOLD[label])
            if drawn_apart:
                hold = as_of + timedelta(days=rng.choice([-1, 1]) * rng.randint(1, 60))
            projection["pruner"] = {"hold_until": hold.isoformat(), "runs": rng.randint(1, 9)}
        out.append(LeakItem(id=f"s{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_which_of_two_dates_comes_first_is_derived() -> None:
    got = {(d.relation, d.value) for d in derived({"a": {"due": "2026-03-01", "done": "2026-02-27"}})}
    assert (("order", "/a/done", "/a/due"), "after") in got  # the due date after the day it was done
    same = {(d.relation, d.value) for d in derived({"a": {"due": "2026-03-01", "done": "2026-03-01T17:00:00Z"}})}
    assert (("order", "/a/done", "/a/due"), "on the day of") in same
    assert shown(("order", "/a/done", "/a/due"), "after") == "/a/due after /a/done"


def test_a_hold_set_from_the_answer_is_found_on_both_sides_of_the_audit() -> None:
    items = _dataset(3)
    held = {it.id for it in items if "pruner" in it.projection}
    expiring = {it.id for it in items if it.id in held and it.expected == ["expire"]}
    daily = {it.id for it in items if it.id in held and it.expected == ["daily"]}
    flagged = mined_flags(items, DERIVE, "/pruner")
    assert expiring and expiring <= flagged  # the hold lapsed before the audit
    assert daily and daily <= flagged  # a week's hold, and not lapsed
    assert flagged <= held


def test_holds_drawn_around_the_audit_at_random_give_nothing() -> None:
    assert mined_flags(_dataset(3, drawn_apart=True), DERIVE, "/pruner") == set()


def test_two_dates_of_the_named_input_in_either_order_are_the_task() -> None:
    items = _dataset(3)
    for it in items:
        it.projection.pop("pruner", None)
    assert mined_flags(items, DERIVE, "") == set()
