"""The sanitizer's rescan judges a mined candidate by who holds it after sanitizing (review 45 F5).

A count mined as riding with one label (``alerts_sent: 0`` on the ``none`` orders) stays on those records, while the
sanitizer blanks the other labels' counts to ``0``: after sanitizing, every label's records hold the ``0``, which
tells nothing. Before, the rescan read the raw data's mined candidates as they were and reported the ``none`` records
as still leaking (exit 1), though a fresh scan of the output flagged none.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

from windtunnel.flows.leak import SanitizeRequest, ScanRequest, sanitize_flow, scan_flow
from windtunnel.leakage.still_riding import StillRiding

LABELS = ["evacuate", "prepare", "monitor", "none"]


def _orders(path: Path) -> Path:
    """240 fire orders; four in five carry a shift summary whose counts follow the order (``none``: all ``0``)."""
    rng = random.Random(3)
    with path.open("w", encoding="utf-8") as f:
        for i in range(240):
            label = LABELS[i % 4]
            fire = {"id": f"F-{300 + i}", "spread_m_per_min": rng.randint(5, 90), "km_to_homes": rng.randint(1, 40)}
            proj: dict[str, object] = {
                "instruction": "Choose the public order: evacuate, prepare, monitor or none.",
                "fire": fire,
            }
            if i % 5:
                roads, shelters, alerts = {
                    "evacuate": (rng.randint(10, 37), rng.randint(28, 60), rng.randint(5, 6)),
                    "prepare": (0, rng.randint(3, 20), rng.randint(1, 4)),
                    "monitor": (0, 0, rng.randint(1, 2)),
                    "none": (0, 0, 0),
                }[label]
                proj["shift_summary"] = {"roads_closed": roads, "shelters_opened": shelters, "alerts_sent": alerts}
            f.write(json.dumps({"id": f"r{i}", "expected": label, "label_set": LABELS, "projection": proj}) + "\n")
    return path


def _keyed(path: Path) -> Path:
    """240 orders; one in eight of the ``evacuate`` ones name a convoy in an object key, which no sanitizer edit
    removes."""
    rng = random.Random(4)
    with path.open("w", encoding="utf-8") as f:
        for i in range(240):
            label = LABELS[i % 4]
            name = "bus_convoy_ready" if label == "evacuate" and i % 8 == 0 else "routine_patrol"
            proj = {
                "instruction": "Choose the public order: evacuate, prepare, monitor or none.",
                "fire": {"id": f"F-{300 + i}", "spread_m_per_min": rng.randint(5, 90)},
                "dispatch": {name: {"at": "2026-05-01"}},
            }
            f.write(json.dumps({"id": f"k{i}", "expected": label, "label_set": LABELS, "projection": proj}) + "\n")
    return path


def test_a_value_the_blanks_make_common_no_longer_leaks(tmp_path: Path) -> None:
    data = _orders(tmp_path / "orders.jsonl")
    out = tmp_path / "out.jsonl"
    stats = tmp_path / "stats.jsonl"
    res = sanitize_flow(SanitizeRequest(dataset=data, output=out, stats=stats, mine=True, derive_from=["/fire"]))
    assert res.summary["leaked_before"] > 100
    assert res.summary["still_leaking"] == 0  # before: the 48 ``none`` records with a summary
    assert res.status == "passed"
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    held = Counter(r["expected"] for r in rows if r["projection"].get("shift_summary", {}).get("alerts_sent") == 0)
    assert len(held) == 4  # every label's records hold the 0 now
    # the stats keep the input's order, and a fresh scan of the output agrees with the rescan
    ids = [json.loads(line)["id"] for line in stats.read_text(encoding="utf-8").splitlines()]
    assert ids == [r["id"] for r in rows]
    fresh = scan_flow(ScanRequest(dataset=out, mine=True, derive_from=["/fire"]))
    assert fresh.summary["leaked_items"] == 0


def test_a_value_the_sanitizer_cannot_remove_still_leaks(tmp_path: Path) -> None:
    data = _keyed(tmp_path / "keyed.jsonl")
    out = tmp_path / "out.jsonl"
    stats = tmp_path / "stats.jsonl"
    res = sanitize_flow(SanitizeRequest(dataset=data, output=out, stats=stats, mine=True, derive_from=["/fire"]))
    assert res.status == "failed"
    assert res.summary["still_leaking"] == 30
    left = {r["id"] for line in stats.read_text(encoding="utf-8").splitlines() if (r := json.loads(line))["residual"]}
    assert left == {f"k{i}" for i in range(0, 240, 8)}


def test_still_riding_counts_the_holders_labels() -> None:
    from windtunnel.leakage.model import LeakItem

    riding = StillRiding(min_purity=0.95)
    key = ("value", "/a", "0")
    for i in range(20):
        riding.seen(LeakItem.from_mapping({"id": str(i), "expected": "x", "projection": {}}), {key})
    assert riding.rides(key, "x") and not riding.rides(key, "y")
    riding.seen(LeakItem.from_mapping({"id": "y1", "expected": "y", "projection": {}}), {key})
    assert riding.rides(key, "x")  # 20 of 21 is 0.952
    riding.seen(LeakItem.from_mapping({"id": "y2", "expected": "y", "projection": {}}), {key})
    assert not riding.rides(key, "x")  # 20 of 22
    assert riding.rides(("value", "/a", "1"), "y")  # never counted: judged as mined
