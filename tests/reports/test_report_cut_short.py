"""Every rendering of a run cut short (Ctrl-C, or the agent process dying) says so: status, planned vs ran
cells, and for an aborted run the agent's exit code and stderr tail."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from tests.reports.test_report_html import _parse

from windtunnel.reports import render_report
from windtunnel.reports.partial import cut_short, verdict_word
from windtunnel.reports.sample import HOSTILE, cut_short_report, make_cell, make_report

STATUSES = ("interrupted", "aborted")


def _text(report: dict[str, Any], fmt: str, tmp_path: Path) -> str:
    return render_report(report, fmt, tmp_path / f"r.{fmt}").read_text(encoding="utf-8")


def test_a_finished_run_is_not_cut_short() -> None:
    report = make_report([make_cell("a"), make_cell("b", status="failed")])
    assert cut_short(report) is None
    assert verdict_word(report) == "failed"


@pytest.mark.parametrize("status", STATUSES)
def test_the_sample_is_schema_valid_and_read_back(status: str, report_validator: jsonschema.Validator) -> None:
    report = cut_short_report(status)
    report_validator.validate(report)
    short = cut_short(report)
    assert short is not None and short.status == status
    assert (short.completed, short.planned, short.not_run) == (8, 44, 36)
    assert short.exit_code == (130 if status == "interrupted" else 3)
    assert verdict_word(report) == status
    if status == "aborted":
        assert short.agent_exit_code == 7 and "out of memory" in short.stderr_tail


def test_a_stored_run_that_never_finished_is_partial() -> None:
    report = make_report([make_cell("a")], partial=True)
    report["run"]["status"] = "running"
    short = cut_short(report)
    assert short is not None and short.status == "partial" and short.planned is None
    assert short.counts() == "1 cell ran"


@pytest.mark.parametrize("status", STATUSES)
def test_markdown_headline_and_banner(status: str, tmp_path: Path) -> None:
    text = _text(cut_short_report(status), "md", tmp_path)
    first = text.splitlines()[0]
    assert status in first and "failed" not in first and "passed" not in first
    assert "8 of 44 planned cells ran" in text and "the score covers only those" in text
    if status == "aborted":
        assert "exited with code 7" in text and "python agent" in text
        assert "RuntimeError: out of memory" in text


@pytest.mark.parametrize("status", STATUSES)
def test_terminal_names_the_status(status: str, tmp_path: Path) -> None:
    text = _text(cut_short_report(status), "terminal", tmp_path)
    assert status.upper() in text and "FAILED" not in text
    assert "8 of 44 planned cells ran" in text
    if status == "aborted":
        assert "exited with code 7" in text and "| RuntimeError: out of memory" in text


@pytest.mark.parametrize("status", STATUSES)
def test_html_banner(status: str, tmp_path: Path) -> None:
    text, _ = _parse(render_report(cut_short_report(status), "html", tmp_path / "r.html"))
    h1 = text.split("<h1>", 1)[1].split("</h1>", 1)[0]
    assert status in h1 and "failed" not in h1
    banner = text.split('id="cut-short"', 1)[1].split("</div>", 1)[0]
    assert "8 of 44 planned cells ran" in banner
    if status == "aborted":
        assert "exited with code 7" in banner and "RuntimeError: out of memory" in banner


def test_html_escapes_a_hostile_stderr_tail_and_command(tmp_path: Path) -> None:
    report = cut_short_report("aborted", command="agent <b>x</b>", stderr_tail=HOSTILE[0] + "\n" + HOSTILE[1])
    text, page = _parse(render_report(report, "html", tmp_path / "r.html"))
    assert [t for t, _ in page.tags if t in ("img", "b")] == []
    assert text.count("<script") == 3  # the head script, the JSON data, the page script: nothing injected
    assert "&lt;/script&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt;" in text
    assert "agent &lt;b&gt;x&lt;/b&gt;" in text


def test_markdown_keeps_a_hostile_stderr_tail_inert(tmp_path: Path) -> None:
    report = cut_short_report("aborted", command="a <img src=x> @team", stderr_tail="x ``` <script>y</script>")
    text = _text(report, "md", tmp_path)
    assert "<img" not in text and "@team" not in text
    assert "```` x ``` <script>y</script> ````" not in text  # the tail is in a code span it cannot close
    assert "````x ``` <script>y</script>````" in text


@pytest.mark.parametrize("status", STATUSES)
def test_junit_has_an_error(status: str, tmp_path: Path) -> None:
    root = ET.parse(render_report(cut_short_report(status), "junit", tmp_path / "r.xml")).getroot()
    assert int(root.get("errors", "0")) >= 1 and root.get("tests") == "9"
    case = root.find(f".//testcase[@name='run {status}']")
    assert case is not None
    error = case.find("error")
    assert error is not None and error.get("message") == "36 planned cells not run"
    assert "8 of 44 planned cells ran" in (error.text or "")
    suites = root.findall("testsuite")
    assert sum(int(s.get("errors", "0")) for s in suites) == int(root.get("errors", "0"))
    if status == "aborted":
        assert "exited with code 7" in (error.text or "")


@pytest.mark.parametrize("status", STATUSES)
def test_sarif_execution_not_successful(status: str, tmp_path: Path, sarif_validator: jsonschema.Validator) -> None:
    doc = json.loads(_text(cut_short_report(status), "sarif", tmp_path))
    sarif_validator.validate(doc)
    invocation = doc["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False
    assert invocation["exitCode"] == (130 if status == "interrupted" else 3)
    note = invocation["toolExecutionNotifications"][0]
    assert note["level"] == "error" and "8 of 44 planned cells ran" in note["message"]["text"]
    assert note["properties"]["cells_planned"] == 44
    if status == "aborted":
        assert "exited with code 7" in note["message"]["text"]


def test_sarif_of_a_finished_run_succeeded(tmp_path: Path) -> None:
    doc = json.loads(_text(make_report([make_cell("a")]), "sarif", tmp_path))
    invocation = doc["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is True and "toolExecutionNotifications" not in invocation


def _ci_cut_short(status: str) -> dict[str, Any]:
    phases: dict[str, Any] = {
        "mutation": {"score": 100.0, "passed": True, "weight": 0.5, "status": "run"},
        "chaos": {"score": 100.0, "passed": False, "weight": 0.5, "status": "run", "run_status": status},
    }
    if status == "aborted":
        phases["chaos"]["aborted"] = {"command": "python agent.py", "exit_code": 7, "stderr_tail": "boom"}
    report = make_report(
        [make_cell(f"c{i}", prompt=f"p{i}", golden_prompt=f"p{i}") for i in range(5)],
        mode="ci",
        phases=phases,
        passed=False,
        partial=True,
        cells_planned=20,
    )
    report["run"]["status"] = status
    return report


@pytest.mark.parametrize("status", STATUSES)
def test_ci_phase_cut_short(status: str, tmp_path: Path, report_validator: jsonschema.Validator) -> None:
    report = _ci_cut_short(status)
    report_validator.validate(report)
    short = cut_short(report)
    assert short is not None and short.phase == "chaos" and short.status == status
    md = _text(report, "md", tmp_path)
    assert f"{status} in the chaos phase" in md and "5 of 20 planned cells ran" in md
    assert f"| chaos | 100.0 | 0.50 | ⚠️ {status} |" in md
    root = ET.parse(render_report(report, "junit", tmp_path / "r.xml")).getroot()
    assert int(root.get("errors", "0")) >= 1
    assert json.loads(_text(report, "sarif", tmp_path))["runs"][0]["invocations"][0]["executionSuccessful"] is False
    if status == "aborted":
        assert "exited with code 7" in md


def test_ci_cut_short_in_a_later_phase_counts_every_phase_that_ran(tmp_path: Path) -> None:
    """QA-5 F3: "interrupted in the contract phase — 0 of 16 planned cells ran" while 44 mutation cells ran."""
    phases: dict[str, Any] = {
        "mutation": {"score": 100.0, "passed": True, "weight": 0.5, "status": "run"},
        "contract": {
            "score": None,
            "passed": False,
            "weight": 0.5,
            "status": "run",
            "run_status": "interrupted",
            "cells_completed": 0,
            "cells_planned": 16,
        },
    }
    cells = [make_cell(f"c{i}", prompt=f"p{i}", golden_prompt=f"p{i}") for i in range(44)]
    report = make_report(cells, mode="ci", phases=phases, passed=False, partial=True, cells_planned=60)
    report["run"]["status"] = "interrupted"
    short = cut_short(report)
    assert short is not None
    assert short.headline() == (
        "interrupted in the contract phase — 44 cells ran (contract: 0 of 16 planned cells ran); "
        "the score covers only those"
    )
    assert "44 cells ran (contract: 0 of 16 planned cells ran)" in _text(report, "md", tmp_path).replace("\\", "")
