"""A mined value holding a label word stays a leak where that word is at chance as a mention (session 19).

A QA tool writes a coaching template chosen by the score on some evaluations: ``Standard monthly 1:1`` on score-3
records only. As a mention, the ``1`` in it names score 1 on records that are never score 1 (at chance, for review);
as a value, the template rides with score 3 across the dataset. The agreement evidence judges what a label word says;
it does not demote the mined finding, whose evidence is what the value predicts. A label word at chance outside any
mined value is still demoted.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

from windtunnel.flows.leak import ScanRequest, scan_flow

SCORES = ["1", "2", "3", "4", "5"]
TEAMS = ["Billing", "Metering", "Complaints", "Moves"]


def _write(path: Path, seed: int = 7, n: int = 150) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        score = rng.choice(SCORES)
        evaluation: dict = {"form": "QA-Voice v7", "team": rng.choice(TEAMS), "status": "draft"}
        if score == "3" and rng.random() < 0.6:
            evaluation["coaching_template"] = "Standard monthly 1:1"
        projection = {
            "call": {"transcript": f"Agent greeted the caller and resolved item {i}."},
            "evaluation": evaluation,
        }
        rows.append({"id": f"c{i}", "expected": score, "label_set": SCORES, "projection": projection})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return rows


def test_a_mined_template_with_a_label_word_in_it_stays_a_leak(tmp_path: Path) -> None:
    rows = _write(tmp_path / "qa.jsonl")
    out = io.BytesIO()
    scan_flow(
        ScanRequest(dataset=tmp_path / "qa.jsonl", fmt="json", stream=out, mine=True, derive_from=["/call/transcript"])
    )
    report = {it["id"]: it for it in json.loads(out.getvalue())["items"]}
    templated = [r["id"] for r in rows if "coaching_template" in r["projection"]["evaluation"]]
    assert len(templated) >= 10
    for rid in templated:
        mined = [f for f in report[rid]["findings"] if f["rule"] == "correlated.mined"]
        assert mined and all(f["severity"] == "medium" for f in mined), rid
        assert report[rid]["leaked"]
    assert not any(it["leaked"] for rid, it in report.items() if rid not in templated)
