"""The highest member of a family of codes in one list is one value: an escalation's codes, each shared by every case
that went that far, ride with the label only through the step reached.

Invented shape: an on-call pager sets an incident's severity (``low`` … ``critical``) from the service's metrics (the
named input). The pager pages once per escalation step crossed, ``ESC1`` at the first, ``ESC2`` at the next, up to the
incident's own, in a list shuffled with unrelated notices (``DIGEST40``, ``MAINT7``, ``HEARTBEAT``). ``ESC1`` is on
every incident's list and the whole list is rarely the same twice; the top step (``highest ESC3``) rides with the
severity. Steps drawn apart from the severity give nothing.
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.code_tops import family_tops
from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["low", "medium", "high", "critical"]
DERIVE = ["/metrics"]


def _dataset(seed: int, *, leak: bool, n: int = 200) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 4]
        step = LABELS.index(label if leak else rng.choice(LABELS)) + 1
        pages = [f"ESC{k}" for k in range(1, step + 1)] if i % 5 < 3 else []
        pages += rng.sample(
            [f"DIGEST{rng.randint(10, 99)}", f"MAINT{rng.randint(1, 9)}", "HEARTBEAT"], rng.randint(0, 3)
        )
        rng.shuffle(pages)
        projection: dict[str, Any] = {
            "metrics": {"error_rate": round(rng.uniform(0, 0.3), 3), "p99_ms": rng.randint(80, 4000)},
            "pager": [{"code": c, "seq": rng.randint(1000, 9999)} for c in pages],
        }
        out.append(LeakItem(id=f"inc{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_an_escalations_highest_code_is_mined_and_found_on_its_records() -> None:
    items = _dataset(1, leak=True)
    result = mine(items, derive_from=DERIVE)
    found = {s.value: s.label for s in result.suggestions if "ESC" in s.value}
    assert {v: found.get(v) for v in ("highest ESC1", "highest ESC2", "highest ESC3")} == {
        "highest ESC1": "low",
        "highest ESC2": "medium",
        "highest ESC3": "high",
    }
    assert found.get("ESC4") == "critical"  # the last step is its own value, held by the same records as its top
    assert "ESC1" not in found  # on every paged incident's list
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    paged = [it for it in items if any(p["code"].startswith("ESC") for p in it.projection["pager"])]
    assert all(any(f.pointer.startswith("/pager") for f in flagged.get(it.id, [])) for it in paged)
    assert not [it.id for it in items if it not in paged and it.id in flagged]


def test_steps_drawn_apart_from_the_label_give_nothing() -> None:
    for seed in range(3):
        items = _dataset(seed, leak=False)
        result = mine(items, derive_from=DERIVE)
        assert not [s for s in result.suggestions if s.value.startswith("highest ")], seed
        assert not dict(mined_findings(items, result, derive_from=DERIVE)), seed


def test_without_the_input_named_no_top_is_read() -> None:
    result = mine(_dataset(1, leak=True), derive_from=[])
    assert not [s for s in result.suggestions if s.value.startswith("highest ")]


def test_family_tops_reads_codes_of_one_head() -> None:
    held = {"/l/0/c": "ESC1", "/l/1/c": "DIGEST40", "/l/2/c": "ESC3", "/l/3/c": "HEARTBEAT", "/l/4/c": "42"}
    assert sorted(family_tops(held)) == [("highest DIGEST40", ["/l/1/c"]), ("highest ESC3", ["/l/0/c", "/l/2/c"])]
    assert not list(family_tops({"/a/0": "A05", "/a/1": "A5"}))  # two spellings of the greatest number: a tie
    assert not list(family_tops({"/a/0": "2024-05", "/a/1": "a note 5"}))  # no letter in the head; a blank
