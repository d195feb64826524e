from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema

from windtunnel.reports import render_report
from windtunnel.reports.sample import sample_report


def test_json_round_trips_and_adds_stats(
    tmp_path: Path, ci_report: dict[str, Any], report_validator: jsonschema.Validator
) -> None:
    out = render_report(ci_report, "json", tmp_path / "r.json")
    text = out.read_text(encoding="utf-8")
    assert text.startswith("{\n  ")  # pretty-printed
    data = json.loads(text)
    report_validator.validate(data)
    stats = data.pop("stats")
    assert data == ci_report
    assert stats["max_repeats"] == 3 and stats["scored"] > 0
    assert 0 <= stats["wilson_95"][0] <= stats["pass_rate"] <= stats["wilson_95"][1] <= 1
    assert set(stats["pass_hat_k"]) == {"1", "2", "3"}


def test_json_without_repeats_has_no_pass_hat(tmp_path: Path) -> None:
    data = json.loads(render_report(sample_report(10, mode="run"), "json", tmp_path / "r.json").read_text())
    assert data["stats"]["pass_hat_k"] == {} and data["stats"]["flaky"] == []
