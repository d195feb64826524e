"""Without ``--derive-from``: how varied a field is within a label, read from all it holds, both ways.

A chart's list of conditions is the task's input: its first member may come from a short pool, but the records of one
label list different sets of conditions. A case log holding ``Alert created`` on every record and one routing message
per label (or a neutral default) is set from the label: the constant is no way of writing it, and the routing
message stays a leak. A measurement written in text (``29.2 x 7.1 cm (sheet)``) is written record by record: its
decimals are kept, while a whole number in a text is a slot (``desk 2`` is ``desk 3``).
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["eligible", "ineligible", "refer"]
CONDITIONS = {
    "eligible": ["hypertension", "osteoarthritis", "obesity", "asthma", "gout", "eczema"],
    "ineligible": ["type 1 diabetes", "stroke last month", "on steroids", "obesity", "asthma", "gout"],
    "refer": ["MI three months ago", "borderline kidney values", "repeat lab pending", "asthma", "obesity", "eczema"],
}
ROUTES = {"eligible": "Routed to FAST-LANE", "ineligible": "Routed to SCREEN-OUT", "refer": "Routed to PI-DESK"}


def _items(seed: int, n: int = 240) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        pool = ["dyslipidaemia", "hypothyroidism"] + CONDITIONS[label]
        history = [rng.choice(["dyslipidaemia", "hypothyroidism"]), *rng.sample(pool, rng.randint(1, 3))]
        log = ["Alert created"]
        if rng.random() < 0.5:
            log.append(ROUTES[label] if rng.random() < 0.6 else "Routed to INTAKE (default)")
        projection: dict[str, Any] = {
            "chart": {"history": history, "age": rng.randint(40, 80)},
            "log": log,
            "desk": f"desk {rng.randint(1, 4)}" if label == "refer" else "main desk",
        }
        out.append(LeakItem(id=f"s{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_a_list_is_as_varied_as_the_sets_its_records_hold() -> None:
    items = _items(1)
    result = mine(items)
    assert "/chart/history/*" in result.inputs  # the first member alone comes from a pool of two
    assert "/log/*" not in result.inputs  # a constant, a neutral default and one message per label
    assert "/desk" not in result.inputs  # a whole number in a text is a slot
    routed = {
        it.id for it in items if any(m.startswith("Routed to") and "INTAKE" not in m for m in it.projection["log"])
    }
    leaking = {
        i for i, fs in mined_findings(items, result) if any(f.blocking and f.pointer.startswith("/log") for f in fs)
    }
    assert leaking and leaking <= routed
    assert not any(
        f.blocking and f.pointer.startswith("/chart/history") for _i, fs in mined_findings(items, result) for f in fs
    )


def _measured(seed: int, n: int = 240) -> list[LeakItem]:
    """Objects whose format word rides with the type (``(sheet)`` on works on paper, ``Diam.`` on ceramics) inside a
    measurement written record by record."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(["paper", "ceramic", "painting"])
        w, h = round(rng.uniform(5, 150), 1), round(rng.uniform(5, 150), 1)
        dims = {
            "paper": f"{w} x {h} cm (sheet)",
            "ceramic": f"H. {h} cm; Diam. {w} cm",
            "painting": f"{w} x {h} cm",
        }[label]
        projection = {"record": {"dimensions": dims, "ref": f"OBJ-{rng.randint(1000, 9999)}"}}
        out.append(
            LeakItem(id=f"m{i}", expected=[label], projection=projection, label_set=["paper", "ceramic", "painting"])
        )
    return out


def test_a_measurement_written_in_text_is_the_input() -> None:
    items = _measured(2)
    result = mine(items)
    assert "/record/dimensions" in result.inputs
    assert result.suggestions  # its words ride with the type ...
    assert all(not f.blocking for _i, fs in mined_findings(items, result) for f in fs)  # ... and are for review
