"""QA-38 findings on the leakage auditor (docs/dev/qa-pass-38-leak.md), each pinned by a test that failed before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import wt as run

LABELS = ["low", "high"]


def _rows(prefix: str, n: int = 6) -> list[dict[str, object]]:
    return [
        {
            "id": f"{prefix}-{i}",
            "expected": LABELS[i % 2],
            "label_set": LABELS,
            "projection": {"ticket": {"body": "printer jams twice a day", "priority": LABELS[i % 2]}},
        }
        for i in range(n)
    ]


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_m4_check_on_two_files_sharing_no_item_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = _write(tmp_path / "raw.jsonl", _rows("INC"))
    other = _write(tmp_path / "other.jsonl", _rows("TCK"))
    assert run("leak", "check", "--raw", str(raw), "--sanitized", str(other), "--no-mine") == 2
    err = capsys.readouterr().err
    assert "hold different items" in err and "leak sanitize" in err


def test_m4_a_sanitized_copy_that_lost_an_item_still_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = _rows("INC")
    raw = _write(tmp_path / "raw.jsonl", rows)
    for r in rows:
        r["projection"]["ticket"].pop("priority")  # type: ignore[attr-defined]
    san = _write(tmp_path / "san.jsonl", rows[:-1])
    assert run("leak", "check", "--raw", str(raw), "--sanitized", str(san), "--no-mine") == 1
    assert "only one dataset" in capsys.readouterr().out


def test_m3_a_significant_rise_after_sanitizing_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = tmp_path / "raw.jsonl"
    san = tmp_path / "san.jsonl"
    raw.write_text("".join(json.dumps({"id": f"r{i}", "passed": i < 10}) + "\n" for i in range(60)), encoding="utf-8")
    san.write_text("".join(json.dumps({"id": f"r{i}", "passed": i < 40}) + "\n" for i in range(60)), encoding="utf-8")
    run("leak", "baseline", str(raw), "--chance", "0.5", "--paired", str(san))
    out = capsys.readouterr().out
    assert "significant rise" in out and "no significant drop" not in out
    run("leak", "baseline", str(san), "--chance", "0.5", "--paired", str(raw), "--format", "json")
    doc = json.loads(capsys.readouterr().out)
    paired = doc.get("paired") or doc["summary"]["paired"]
    assert paired["significant_drop"] and not paired["significant_rise"]
