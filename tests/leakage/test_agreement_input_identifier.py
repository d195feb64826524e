"""A label that is a word of an identifier filling a field of the named input is the input's own scale there.

Invented housekeeping boards: a room's status (VC, VD, OC, OD, OOO) follows from its event log, which the owner
names as the input (``--derive-from /pms/events``). The log's event types are identifiers (``checkin``,
``hk_clean_done``, ``ooo_start``); ``OOO`` is a word of ``ooo_start``, so per record the scan reads the status in the
log, and every out-of-order room's record was called leaking (ds33 ``hotel_room_status``: 18 clean records). Across
the dataset the field is on a scale of its own: most of its values name no label, and ``ooo_start`` stands on rooms
back in order as often (a closed repair earlier in the log). As a label that fills such a field
(``agreement.Agreement._input_short``), the identifier's word is the input's signal, for review. The same status in
a field outside the input (a board code ``room_ooo``) stays a leak (agreement._whole, identifier_label).
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from windtunnel.flows.leak import ScanRequest, scan_flow
from windtunnel.leakage.agreement import _whole, identifier_label

STATUSES = ["VC", "VD", "OC", "OD", "OOO"]


@pytest.mark.parametrize(
    ("value", "span", "whole"),
    [
        ("ooo_start", (0, 3), True),
        ("hk-clean.done", (3, 8), True),
        (" ooo_start ", (1, 4), True),
        ("OOO", (0, 3), True),
        ("kooo_start", (1, 4), False),  # inside a word of the identifier
        ("ooo start", (0, 3), False),  # a text of two words, not one identifier
        ("room ooo_start now", (5, 8), False),
    ],
)
def test_whole(value: str, span: tuple[int, int], whole: bool) -> None:
    assert _whole(value, span) is whole


def test_identifier_label() -> None:
    labels = frozenset({"ooo", "vc", "od"})
    assert identifier_label("ooo_start", labels) == "ooo"
    assert identifier_label("checkin", labels) is None
    assert identifier_label("ooo_vc", labels) is None  # names two
    assert identifier_label("ooo start", labels) is None


def _records(n: int = 150, seed: int = 7, board_code: bool = False) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        status = STATUSES[i % 5]
        events: list[dict[str, str]] = [{"type": "checkin" if status in ("OC", "OD") else "checkout"}]
        if status == "OOO":
            events.append({"type": "ooo_start"})
        else:
            if rng.random() < 0.5:  # a repair closed since: the event type stands on rooms back in order
                events += [{"type": "ooo_start"}, {"type": "ooo_end"}]
            if status in ("VC", "OC"):
                events.append({"type": "hk_clean_done"})
            events.append({"type": "night_audit"})
        projection: dict[str, Any] = {
            "instruction": "Give the room's housekeeping status from its event log: VC, VD, OC, OD or OOO.",
            "pms": {"room": str(100 + i), "events": events},
        }
        if board_code and i % 2 == 0:
            projection["board"] = {"code": f"room_{status.lower()}"}
        out.append({"id": f"r{i}", "expected": status, "label_set": STATUSES, "projection": projection})
    return out


def _flagged(tmp_path: Path, records: list[dict[str, Any]]) -> set[str]:
    path = tmp_path / "rooms.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    out = io.BytesIO()
    scan_flow(ScanRequest(dataset=path, fmt="json", stream=out, show_values=True, derive_from=["/pms/events"]))
    return {it["id"] for it in json.loads(out.getvalue())["items"] if it["leaked"]}


def test_the_event_type_of_the_named_log_is_no_leak(tmp_path: Path) -> None:
    records = _records()
    assert sum("ooo_start" in json.dumps(r["projection"]) and r["expected"] != "OOO" for r in records) >= 40
    assert _flagged(tmp_path, records) == set()


def test_the_status_in_a_board_code_outside_the_input_stays_a_leak(tmp_path: Path) -> None:
    records = _records(board_code=True)
    assert _flagged(tmp_path, records) == {r["id"] for r in records if "board" in r["projection"]}


def test_sub_tests_on_their_own_scale_beside_an_identifier_naming_a_label_are_no_leak(tmp_path: Path) -> None:
    """Review 46 F2: vehicle inspections whose sub-test results (``pass``, ``fail``, an advisory ``soft_fail``,
    ``not_tested``) are the named input, the outcome ``fail`` when some sub-test fails. Counting ``soft_fail`` as a
    ``fail`` in the field's own count (the first version of this rule) took the field off its own scale for the whole
    values ``pass`` / ``fail``, and 187 of 200 clean records were flagged; the identifier's count serves only a
    mention that is the identifier's word."""
    rng = random.Random(31)
    tests = ["brakes", "lights", "emissions", "tyres", "steering"]
    records = []
    for i in range(200):
        label = rng.choice(["pass", "fail"])
        results = {t: rng.choices(["pass", "soft_fail", "not_tested"], [5, 3, 2])[0] for t in tests}
        if label == "fail":
            for t in rng.sample(tests, rng.randint(1, 2)):
                results[t] = "fail"
        projection = {
            "instruction": "Overall outcome: pass or fail (any sub-test fail fails; soft_fail is an advisory).",
            "inspection": {t: {"result": r} for t, r in results.items()},
        }
        records.append({"id": f"m{i}", "expected": label, "label_set": ["pass", "fail"], "projection": projection})
    path = tmp_path / "inspections.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    out = io.BytesIO()
    scan_flow(ScanRequest(dataset=path, fmt="json", stream=out, show_values=True, derive_from=["/inspection"]))
    assert not [it["id"] for it in json.loads(out.getvalue())["items"] if it["leaked"]]
