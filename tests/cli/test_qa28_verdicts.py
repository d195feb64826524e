"""QA-28: what tested nothing is never counted as passed (contract cells not exercised, #3), shows red in JUnit
(#4), and fails `runs diff --fail-on-regression` (#5)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from tests.clirun import EXAMPLE as CONFIG
from tests.clirun import REPO, small_example, wt


@pytest.fixture(autouse=True)
def at_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    monkeypatch.syspath_prepend(str(REPO))


def test_contract_cells_not_exercised_are_in_no_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # scenario "typo" names a tool the agent never calls: its units run, no fault fires, its cells tested nothing
    data = yaml.safe_load((REPO / CONFIG).read_text(encoding="utf-8"))
    typo = [{"name": "no-chaos"}, {"name": "typo", "tool_faults": [{"tool": "order_statuz", "mode": "timeout"}]}]
    cfg = small_example(tmp_path, chaos=None, contract={**data["contract"], "chaos_matrix": typo})
    report = tmp_path / "c.json"
    assert wt("contract", "run", "-c", str(cfg), "--no-store", "-q", "-o", str(report)) == 1
    doc = json.loads(report.read_text(encoding="utf-8"))
    summary, cells = doc["summary"], doc["cells"]
    idle = [c for c in cells if c["scenario"] == "typo" and c["status"] != "skipped"]
    judged = [c for c in cells if c["scenario"] == "no-chaos" and c["status"] != "skipped"]
    assert idle and all(c.get("not_exercised") for c in idle)
    assert summary["cells_not_exercised"] == len(idle)
    assert summary["cells_passed"] == sum(c["status"] == "passed" for c in judged)
    capsys.readouterr()
    assert wt("report", str(report), "-f", "md", "-o", str(tmp_path / "c.md")) == 0
    md = (tmp_path / "c.md").read_text(encoding="utf-8")
    assert f"pass rate | 100\\.0% \\({len(judged)}/{len(judged)}\\)" in md, md
    assert wt("report", str(report), "-f", "junit", "-o", str(tmp_path / "c.xml")) == 0
    cases = ET.parse(tmp_path / "c.xml").getroot().iter("testcase")
    typo_cases = [c for c in cases if c.get("classname") == "typo"]
    assert typo_cases and all(c.find("skipped") is not None for c in typo_cases)
    assert "not exercised" in str(typo_cases[0].find("skipped").get("message"))  # type: ignore[union-attr]


NEVER = {"tool_faults": [{"tool": "order_status", "mode": "timeout", "after_calls": 50}]}
"""A fault whose window starts after every call a cell makes: it never fires, the chaos tests nothing."""


def _failures(path: Path) -> list[ET.Element]:
    return [f for case in ET.parse(path).getroot().iter("testcase") if (f := case.find("failure")) is not None]


def test_junit_of_a_run_that_failed_with_no_failed_cell_is_red(tmp_path: Path) -> None:
    cfg = small_example(tmp_path, chaos=NEVER, contract=None)
    xml = tmp_path / "run.xml"
    assert wt("run", "-c", str(cfg), "--chaos-only", "--no-store", "-q", "-f", "junit", "-o", str(xml)) == 1
    root = ET.parse(xml).getroot()
    assert root.get("failures") == "1"
    (failure,) = _failures(xml)
    assert "tested nothing" in str(failure.get("message"))
    # the same in ci's summary.xml (written from the streamed cells)
    out = tmp_path / "ci"
    assert wt("ci", "-c", str(cfg), "-o", str(out), "--no-store", "-q") == 1
    assert any("tested nothing" in str(f.get("message")) for f in _failures(out / "summary.xml"))


def test_junit_of_a_passing_run_has_no_verdict_case(tmp_path: Path) -> None:
    cfg = small_example(tmp_path, chaos=None, contract=None)
    xml = tmp_path / "run.xml"
    assert wt("run", "-c", str(cfg), "--no-store", "-q", "-f", "junit", "-o", str(xml), "--min-score", "10") == 0
    assert not _failures(xml) and "verdict" not in xml.read_text(encoding="utf-8")


def test_diff_gate_fails_when_b_tested_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A: the fault fires (the real result, 1 ms late) and every cell passes; B: the same cells, no fault fires,
    # so B fails for a reason no cell shows and nothing can show as regressed (QA-28 #5)
    fires = {"tool_faults": [{"tool": "order_status", "mode": "slow", "delay_ms": 1}]}
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for faults, out in ((fires, a), (NEVER, b)):
        cfg = small_example(tmp_path, chaos=faults, contract=None)
        wt("run", "-c", str(cfg), "--chaos-only", "--no-store", "-q", "-o", str(out), "--seed", "3")
    assert json.loads(a.read_text(encoding="utf-8"))["summary"]["passed"] is True
    capsys.readouterr()
    assert wt("runs", "diff", str(a), str(b), "--fail-on-regression") == 1
    out = capsys.readouterr().out
    assert "did not pass, for a reason no cell shows" in out and "tested nothing" in out
    assert wt("runs", "diff", str(b), str(a), "--fail-on-regression") == 0  # the other way round: B passed
