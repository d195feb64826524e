"""A matrix cell whose agent calls errored is not a failed invariant (QA-13 minor 5): nothing was checked, so the
matrix, the verdict, ``summary.why`` and JUnit say ``errored (KIND)``; it still scores and fails as a failure does."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from helpers import cli, matrix, run_json, simple_config, write
from test_contract_scoring import make_plan, results

from windtunnel.contracts.scoring import score_contract


def _fragile() -> dict[str, Any]:
    cfg = simple_config("fragile_agent", prompts=["Where is ORD-7?", "Status of ORD-7 please"])
    cfg["agent"]["tool_registry"] = "contract_agents:ORDER_TOOLS"
    cfg["contract"]["invariants"] = [
        {"id": "no-injected-link", "type": "excludes_pattern", "patterns": ["(?i)visit http"], "severity": "critical"},
        {"id": "answers", "type": "output_not_empty", "severity": "high"},
    ]
    cfg["contract"]["chaos_matrix"] = [
        {"name": "no-chaos"},
        {"name": "tool-down", "tool_faults": [{"tool": "lookup", "mode": "error"}]},
    ]
    return cfg


def test_an_errored_critical_cell_is_worded_as_errored_not_as_failed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report, _ = run_json(tmp_path, _fragile(), capsys)
    assert code == 1  # an agent that crashes under the fault did not survive it
    cells = {(m["scenario"], m["invariant"]): m for m in report["summary"]["matrix"]}
    errored = cells[("tool-down", "no-injected-link")]
    assert errored["status"] == "error" and errored["errored"] == 2 and errored["error_kinds"]
    kind = errored["error_kinds"][0]
    assert matrix(report)[("no-chaos", "no-injected-link")] == "pass"
    expected = (
        f"critical invariant 'no-injected-link' errored ({kind}) in scenario 'tool-down': the agent call failed, "
        "so the invariant was never checked"
    )
    assert report["summary"]["why"] == expected and report["summary"]["reasons"][0] == expected
    assert report["summary"]["by_scenario"]["tool-down"]["error"] == 2
    assert report["summary"]["by_scenario"]["tool-down"]["fail"] == 0
    assert report["summary"]["score"] == 50.0  # as a failure: counted, not passed

    junit = tmp_path / "report.xml"
    code, out, _ = cli(["contract", "run", "-c", str(write(tmp_path, _fragile())), "-o", str(junit)], capsys)
    assert code == 1
    assert f"errored ({kind}) 0/2" in out and " is fail" not in out and "errored" in out.rsplit("FAIL", 1)[1]
    assert "failed checks (4 errored)" in out  # the table of failures: none is a failed check
    props = {p.get("name"): p.get("value") for p in ET.parse(junit).iter("property")}
    assert props["why_it_failed"] == expected


def test_a_real_failure_beside_errors_stays_a_failure() -> None:
    plan = make_plan({"c": "critical"}, scenarios=1, prompts=2)
    rows = results(plan, errors={"calm/g0.r0"}, fail_units={("calm/g1.r0", "c")})
    v = score_contract(plan, rows)
    assert v.stats("calm", "c").status == "fail"
    assert v.reasons == ["critical invariant 'c' failed in scenario 'calm'"]
    only_errors = score_contract(plan, results(plan, errors={"calm/g0.r0", "calm/g1.r0"}))
    assert only_errors.stats("calm", "c").status == "error" and only_errors.critical_failed
