from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from windtunnel._util.errors import UsageError
from windtunnel.reports import load_report_file, validate_report
from windtunnel.reports.sample import make_cell, make_report, sample_report


def test_sample_reports_are_schema_valid(report_validator: jsonschema.Validator) -> None:
    for report in (
        sample_report(120, repeats=2, hostile=True),
        sample_report(30, mode="run"),
        make_report([make_cell(status=s) for s in ("passed", "failed", "error", "skipped")]),
    ):
        report_validator.validate(report)
        assert validate_report(report) == []


def _broken(path: str, value: Any) -> dict[str, Any]:
    report = copy.deepcopy(sample_report(8, seed=1))
    *parents, last = path.split(".")
    target: Any = report
    for part in parents:
        target = target[int(part)] if part.isdigit() else target[part]
    if value is KeyError:
        del target[int(last) if last.isdigit() else last]
    else:
        target[int(last) if last.isdigit() else last] = value
    return report


BROKEN = [
    ("schema_version", "2", "$.schema_version"),
    ("tool.name", "flakestorm", "$.tool.name"),
    ("run.mode", "nightly", "$.run.mode"),
    ("run.seed", "7", "$.run.seed"),
    ("run.id", KeyError, "missing required key 'id'"),
    ("summary.score", 101, "$.summary.score"),
    ("summary.passed", "yes", "$.summary.passed"),
    ("summary.cells_total", -1, "$.summary.cells_total"),
    ("summary.phases", {"chaos": {"score": 50, "passed": True}}, "missing required key 'weight'"),
    ("summary.phases", {"chaos": {"score": 50, "passed": True, "weight": 2}}, "between 0 and 1"),
    ("cells.0.kind", "unit", "$.cells[0].kind"),
    ("cells.0.status", "ok", "$.cells[0].status"),
    ("cells.0.severity", "urgent", "$.cells[0].severity"),
    ("cells.0.faults", [{"target": "disk", "mode": "full"}], "$.cells[0].faults[0].target"),
    ("cells.0.checks", [{"type": "x"}], "missing required key 'passed'"),
    ("cells.0.passed", KeyError, "missing required key 'passed'"),
    ("cells.0.mutation", {"args": {}}, "missing required key 'type'"),
    ("cells", {}, "$.cells: must be an array"),
]


@pytest.mark.parametrize(("path", "value", "needle"), BROKEN, ids=[b[0] + "=" + repr(b[1])[:20] for b in BROKEN])
def test_broken_reports_are_rejected_by_both_validators(
    report_validator: jsonschema.Validator, path: str, value: Any, needle: str
) -> None:
    report = _broken(path, value)
    assert not report_validator.is_valid(report), "the vendored schema should reject this too"
    errors = validate_report(report)
    assert any(needle in e for e in errors), errors


def test_not_an_object() -> None:
    assert validate_report([1, 2]) == ["$: must be an object, got array"]


def test_load_report_file_errors_are_clear(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="does not exist"):
        load_report_file(tmp_path / "nope.json")
    garbage = tmp_path / "g.json"
    garbage.write_text("<html>not json</html>")
    with pytest.raises(UsageError, match="is not JSON"):
        load_report_file(garbage)
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"name": "some other tool"}))
    with pytest.raises(UsageError, match="not a valid windtunnel run report") as info:
        load_report_file(other)
    assert "missing required key 'cells'" in str(info.value)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(sample_report(5)))
    assert load_report_file(good)["run"]["id"] == "run-sample"
