from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema

from windtunnel.reports import render_report
from windtunnel.reports.sample import make_cell, make_report
from windtunnel.reports.sarif import build_sarif


def test_valid_against_the_official_schema(
    tmp_path: Path, ci_report: dict[str, Any], sarif_validator: jsonschema.Validator
) -> None:
    data = json.loads(render_report(ci_report, "sarif", tmp_path / "r.sarif").read_text())
    errors = list(sarif_validator.iter_errors(data))
    assert errors == [], [e.message for e in errors[:3]]
    assert data["version"] == "2.1.0"


def test_schema_catches_a_broken_log(sarif_validator: jsonschema.Validator, ci_report: dict[str, Any]) -> None:
    data = build_sarif(ci_report)
    data["runs"][0]["results"][0]["level"] = "critical"
    assert not sarif_validator.is_valid(data)


def test_one_result_per_failed_cell_and_one_rule_per_kind(ci_report: dict[str, Any]) -> None:
    run = build_sarif(ci_report)["runs"][0]
    failed = [c for c in ci_report["cells"] if c["status"] in ("failed", "error")]
    assert len(run["results"]) == len(failed) > 0
    rules = run["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    assert len(ids) == len(set(ids))
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
    fingerprints = [r["partialFingerprints"]["windtunnelCell/v1"] for r in run["results"]]
    assert len(fingerprints) == len(set(fingerprints))


def test_levels_and_rule_ids() -> None:
    cells = [
        make_cell("a", kind="contract", scenario="s", invariant="no_pii", severity="critical", status="failed"),
        make_cell("b", kind="contract", scenario="s", invariant="refuses", severity="high", status="failed"),
        make_cell("c", kind="contract", scenario="s", invariant="latency", severity="medium", status="failed"),
        make_cell("d", kind="contract", scenario="s", invariant="json", severity="low", status="failed"),
        make_cell("e", kind="mutation", mutation={"type": "noise", "args": {}}, status="failed"),
        make_cell("f", status="error", error="http_5xx: 503 from agent"),
        make_cell("g", status="passed"),
    ]
    run = build_sarif(make_report(cells))["runs"][0]
    got = {r["properties"]["cell_id"]: (r["ruleId"], r["level"]) for r in run["results"]}
    assert got == {
        "a": ("invariant/no_pii", "error"),
        "b": ("invariant/refuses", "error"),
        "c": ("invariant/latency", "warning"),
        "d": ("invariant/json", "note"),
        "e": ("check/contains", "warning"),
        "f": ("error/http_5xx", "warning"),
    }


def test_fingerprints_depend_on_identity_not_output() -> None:
    cell = make_cell("a", kind="contract", scenario="s", invariant="no_pii", status="failed", output="one")
    other_output = dict(cell, output="completely different", latency_ms=9.0, id="renamed")
    other_scenario = dict(cell, scenario="t")
    other_repeat = dict(cell, repeat=1)

    def fp(c: dict[str, Any]) -> str:
        return str(build_sarif(make_report([c]))["runs"][0]["results"][0]["partialFingerprints"])

    assert fp(cell) == fp(copy.deepcopy(cell)) == fp(other_output)
    assert fp(cell) != fp(other_scenario)
    assert fp(cell) != fp(other_repeat)


def test_locations_and_config_path() -> None:
    report = make_report([make_cell("a", status="failed", kind="chaos", scenario="tool_timeouts")])
    loc = build_sarif(report)["runs"][0]["results"][0]["locations"][0]
    assert loc["logicalLocations"][0]["fullyQualifiedName"] == "chaos/tool_timeouts/a"
    assert "physicalLocation" not in loc
    report["run"]["config_path"] = "configs/windtunnel.yaml"
    loc = build_sarif(report)["runs"][0]["results"][0]["locations"][0]
    assert loc["physicalLocation"]["artifactLocation"]["uri"] == "configs/windtunnel.yaml"
