"""Counts compiled after the decision: which of them are zero is a relation, and tells the answer.

A wildfire operations desk picks the public order for a fire (evacuate, prepare, monitor, none) from the fire's
spread rate and its distance to homes (the named input). On some records the end-of-shift summary a later stage
compiled is filled in: roads closed, shelters opened, alerts sent. An evacuation closes roads, opens shelters and
sends alerts; a prepare order opens shelters and sends alerts; a monitor order sends an alert or two; no order sends
nothing. Each count is spread (shelters 3 to 60 on two labels, alerts 1 to 6 on three), so no value, range or
difference of two rides with one label — but which counts are zero does (after ds32 ``tsunami_message``'s sirens,
beach closures and media notices: 13 of 24 missed). The same counts with their zeros drawn at random give nothing.
"""

from __future__ import annotations

import random
from typing import Any

from tests.leakage.mined_flags import mined_flags
from tests.leakage.test_mine_relations_together import _dataset as _ropes
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.relations import derived, shown

LABELS = ["evacuate", "prepare", "monitor", "none"]
DERIVE = ["/fire/spread_m_per_min", "/fire/distance_to_homes_km"]


def _counts(rng: random.Random, label: str) -> tuple[int, int, int]:
    if label == "evacuate":
        return rng.randint(5, 40), rng.randint(10, 60), rng.randint(2, 6)
    if label == "prepare":
        return 0, rng.randint(3, 20), rng.randint(1, 4)
    if label == "monitor":
        return 0, 0, rng.randint(1, 2)
    return 0, 0, 0


def _dataset(seed: int, *, drawn_apart: bool = False, n: int = 160) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 4]
        filled = rng.random() < 0.4
        counts = _counts(rng, rng.choice(LABELS) if drawn_apart else label)
        summary: dict[str, Any] = {
            "roads_closed": counts[0] if filled else None,
            "shelters_opened": counts[1] if filled else None,
            "alerts_sent": counts[2] if filled else None,
            "note": "compiled at end of shift",
        }
        projection = {
            "instruction": "Choose the public order: evacuate, prepare, monitor or none.",
            "fire": {
                "id": f"F-{300 + i}",
                "spread_m_per_min": rng.randint(1, 90),
                "distance_to_homes_km": rng.randint(0, 40),
            },
            "shift_summary": summary,
        }
        out.append(LeakItem(id=f"f{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_which_of_two_counts_of_one_object_are_zero_is_derived() -> None:
    got = {(d.relation, d.value) for d in derived({"s": {"a": 0, "b": 7, "c": 2.5}})}
    assert (("zeros", "/s/a", "/s/b"), "none, some") in got
    assert not any(rel[0] == "zeros" and "/s/c" in rel for rel, _v in got)  # not of a fraction
    assert not any(d.relation[0] == "zeros" for d in derived({"a": {"n": 0}, "b": {"n": 4}}))  # two objects
    assert shown(("zeros", "/s/a", "/s/b"), "none, some") == "/s/a none, /s/b some"


def test_counts_whose_zeros_follow_the_outcome_are_found_for_every_label() -> None:
    items = _dataset(11)
    filled = {it.id for it in items if it.projection["shift_summary"]["alerts_sent"] is not None}
    flagged = mined_flags(items, DERIVE, "/shift_summary")
    for label in ("prepare", "monitor"):  # neither has a count of its own: only the zeros tell
        assert {it.id for it in items if it.id in filled and it.expected == [label]} <= flagged
    assert flagged <= filled


def test_counts_whose_zeros_are_drawn_at_random_give_nothing() -> None:
    assert mined_flags(_dataset(11, drawn_apart=True), DERIVE, "/shift_summary") == set()


# Review 45: which counts are zero is two facts side by side, so it is asked of neither count of the input and apart
# from the measured relations.


def test_counts_beside_the_named_input_counts_are_not_credited_with_its_zeros() -> None:
    rng, noise = random.Random(3), random.Random(4)
    labels = ["mass_casualty", "rescue", "ambulance", "no_dispatch"]
    items = []
    for i in range(400):
        injured = 0 if rng.random() < 0.45 else rng.randint(1, 25)
        trapped = 0 if rng.random() < 0.6 else rng.randint(1, 12)
        dead = 0 if rng.random() < 0.75 else rng.randint(1, 9)
        label = labels[0] if dead else labels[1] if trapped else labels[2] if injured else labels[3]
        incident = {
            "injured": injured,
            "trapped": trapped,
            "fatalities": dead,
            "vehicles": 0 if noise.random() < 0.3 else noise.randint(1, 6),  # drawn apart from the label
            "calls": 0 if noise.random() < 0.2 else noise.randint(1, 40),
        }
        items.append(LeakItem(id=f"t{i}", expected=[label], projection={"incident": incident}, label_set=labels))
    derive = ["/incident/injured", "/incident/trapped", "/incident/fatalities"]
    assert mined_flags(items, derive, "/incident") == set()  # 198 of 400 clean records flagged before


def test_many_counts_beside_two_relations_held_together_leave_them_found() -> None:
    items = _ropes(7, n=90, extra=12)
    filled = {it.id for it in items if it.projection["inventory"]["active_after"] is not None}
    flagged = mined_flags(items, ["/rope/months", "/inspection/falls", "/inspection/sheath"], "/inventory")
    for label in ("keep", "retire"):  # with twelve more counts asked with them, neither was found
        assert {it.id for it in items if it.id in filled and it.expected == [label]} <= flagged
