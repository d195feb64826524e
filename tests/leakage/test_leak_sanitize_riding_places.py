"""A mined word is cut where it rides, not where it happens to stand first (``sanitize.at_riding_places``).

Invented frost nights: on the ``fans`` records that leak, the controller's log holds the wind machine's start
(``02:04 WM-2 wind machine START …``); its words ride with ``fans``, ``04`` among them. One such record's block is
``B-04``: the token's finding pointed at the block id (the first place the record holds ``04``), the block id was read
as a field the token rides in, and the sanitizer blanked every record's block id so that no blank told the label.
The dataset's findings of ``04`` point at the log on the other records: the block id is where it stands on one record
only, so the finding moves to the log, and the clean records keep their bytes.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tests.clirun import sanitized

LABELS = ["none", "monitor", "fans"]
LOG = "02:04 WM-2 wind machine START rpm=590; 06:40 WM-2 STOP"
LOGS = {
    "none": "06:10 NIGHT SUMMARY machines idle all night",
    "monitor": "21:30 ALARM ARMED threshold set",
    "fans": LOG,
}
"""The line each label's leaking records hold (the controller's actions, logged after the decision)."""


def _nights(n: int = 120, seed: int = 5) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    blocks = [f"B-{k:02d}" for k in range(10, 40)]
    recs = []
    for i in range(n):
        margin = rng.uniform(-1.0, 5.0)
        label = "none" if margin >= 3 else "monitor" if margin >= 1 else "fans"
        leak = i % 2 == 0
        block = rng.choice(blocks)
        log = ["18:00 controller heartbeat OK", "18:00 battery 12.6 V"]
        if leak:
            log.append(LOGS[label])
        recs.append(
            {
                "id": f"n{i:03d}",
                "expected": label,
                "label_set": LABELS,
                "projection": {"block": {"block_id": block}, "margin_c": round(margin, 1), "controller_log": log},
                "truth": {"leak": leak},
            }
        )
    first = next(r for r in recs if r["truth"]["leak"] and r["expected"] == "fans")
    first["projection"]["block"]["block_id"] = "B-04"  # the one block whose id holds the log's ``04``
    return recs


def test_the_clean_records_keep_their_block_ids(tmp_path: Path) -> None:
    recs = _nights()
    assert sum(r["truth"]["leak"] for r in recs) >= 8
    code, written = sanitized(tmp_path, recs, "--mine", "--derive-from", "/margin_c")
    assert code == 0
    for raw, clean in zip(recs, written, strict=True):
        if raw["truth"]["leak"]:
            assert LOGS[raw["expected"]] not in clean["projection"]["controller_log"], raw["id"]
        else:
            assert clean["projection"] == raw["projection"], raw["id"]
    assert written[0]["projection"]["block"] == recs[0]["projection"]["block"]  # no block id blanked anywhere
