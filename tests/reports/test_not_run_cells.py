"""Cells cut short because the agent went away are "not run", never failures (QA-6 F-11)."""

from __future__ import annotations

import io
from pathlib import Path

from junitparser import JUnitXml
from rich.console import Console

from windtunnel._util.errors import ExitCode
from windtunnel.flows.outcome import Outcome
from windtunnel.reports import render_report
from windtunnel.reports.sample import make_cell, make_report
from windtunnel.reports.terminal import print_summary


def _report() -> dict:
    cells = [
        make_cell("ok"),
        make_cell("bad", status="failed", checks=[{"type": "x", "id": "x", "passed": False, "detail": "nope"}]),
        make_cell("cut1", status="error", error="agent exited: code 1", error_kind="agent_exited"),
        make_cell("cut2", status="error", error="agent stopped answering", error_kind="agent_exited"),
    ]
    return make_report(cells)


def test_junit_counts_cut_short_cells_as_skipped(tmp_path: Path) -> None:
    xml = JUnitXml.fromfile(str(render_report(_report(), "junit", tmp_path / "r.xml")))
    suite = next(iter(xml))
    assert (suite.tests, suite.failures, suite.errors, suite.skipped) == (4, 1, 0, 2)
    assert "not run: agent exited" in (tmp_path / "r.xml").read_text()


def test_failing_cells_leaves_out_cut_short_cells() -> None:
    out = Outcome(mode="run", status="failed", passed=False, exit_code=ExitCode(1), report=_report())
    assert [c["id"] for c in out.failing_cells()] == ["bad"]


def test_terminal_lists_cut_short_cells_as_not_run() -> None:
    buf = io.StringIO()
    print_summary(_report(), Console(file=buf, width=200))
    text = buf.getvalue()
    assert "failures (1)" in text
    assert "not run (2)" in text
    assert "cut1" not in text


def test_sarif_and_markdown_leave_out_cut_short_cells(tmp_path: Path) -> None:
    import json

    sarif = json.loads(render_report(_report(), "sarif", tmp_path / "r.sarif").read_text())
    assert len(sarif["runs"][0]["results"]) == 1
    md = render_report(_report(), "markdown", tmp_path / "r.md").read_text()
    assert "cut1" not in md
