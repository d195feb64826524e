"""A short value of the task's input shared by many items does not make them one record (mine.prose_prints).

Invented long-jump attempts: the status follows from the wind reading alone (``--derive-from /attempt/wind``), and
the readings come from a small pool, as real ones do near a threshold (``+2.1`` on a third of the attempts, ``NWI``
when the gauge failed). Equal inputs give equal labels by the task's own rule, so items sharing ``+2.1`` always
share a label: that is no evidence they are one record. Before, they were linked as renderings of one record, a
whole label's attempts collapsed into one or two records, and the instruction every attempt carries (which defines
every status, ``missing or NWI = no wind information``) no longer looked at chance: its definition of the record's
own status was called a leak on every attempt without a reading (ds33 ``athletics_wind``, 43 of 130 clean records).
A long text of the input (more than six words) shared by two items still links them: renderings of one record.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

from windtunnel.flows.leak import ScanRequest, scan_flow
from windtunnel.leakage.mine import prose_prints, records_of
from windtunnel.leakage.model import LeakItem

LABELS = ["wind-legal", "wind-assisted", "no wind information"]
RULE = (
    "Decide the record status of this attempt from its wind reading (m/s). More than +2.0 = wind-assisted; "
    "+2.0 or less = wind-legal; missing or NWI = no wind information. Return one of: " + ", ".join(LABELS) + "."
)
DERIVE = ("/attempt/wind",)


def _status(wind: str | None) -> str:
    if wind is None or wind == "NWI":
        return "no wind information"
    return "wind-assisted" if float(wind) > 2.0 else "wind-legal"


def _records(n: int, seed: int = 3) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    pool = ["+2.1", "+2.1", "+2.1", "+1.9", "+2.0", "-0.4", "NWI", None, None]
    out = []
    for i in range(n):
        wind = rng.choice(pool)
        projection = {
            "instruction": RULE,
            "attempt": {"athlete": f"A. Jumper{i % 17}", "round": 1 + i % 6, "mark_m": round(rng.uniform(6, 8.5), 2)},
            "remark": rng.choice(["Gauge 5 m from board.", "Gauge serviced before session, no issues."]),
        }
        projection["attempt"]["wind"] = wind
        out.append({"id": f"aw{i}", "expected": _status(wind), "label_set": LABELS, "projection": projection})
    return out


def test_items_sharing_a_short_input_value_are_records_of_their_own() -> None:
    raw = _records(60)
    items = [LeakItem.from_mapping(r) for r in raw]
    assert sum(r["projection"]["attempt"]["wind"] == "+2.1" for r in raw) >= 10  # the premise: a value many share
    record_of, _labels = records_of(
        [it.expected[0] for it in items], [prose_prints(it.projection, DERIVE) for it in items]
    )
    assert len(set(record_of)) == len(items)


def test_two_renderings_sharing_a_long_input_text_are_still_one_record() -> None:
    text = "Back arched standing and walking, short strides on the left hind."
    a = LeakItem(id="a", expected=["3"], projection={"gait": text, "pen": 2})
    b = LeakItem(id="b", expected=["3"], projection={"gait": text, "view": "side"})
    record_of, _labels = records_of(["3", "3"], [prose_prints(it.projection, ("/gait",)) for it in (a, b)])
    assert record_of[0] == record_of[1]


def test_the_instruction_defining_every_status_is_no_leak_with_the_input_named(tmp_path: Path) -> None:
    path = tmp_path / "attempts.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in _records(130)), encoding="utf-8")
    out = io.BytesIO()
    scan_flow(ScanRequest(dataset=path, fmt="json", stream=out, show_values=True, derive_from=list(DERIVE)))
    report = json.loads(out.getvalue())
    assert report["summary"]["leaked_items"] == 0, [it["findings"] for it in report["items"] if it["leaked"]][:2]
