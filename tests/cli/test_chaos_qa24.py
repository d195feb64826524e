"""QA pass 24's chaos findings on `run`: a fault that never fires because of its window says so, and the summary
table's cells agree with the cells that ran."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import wt
from tests.explore.trusting_weather_agent import config
from windtunnel._util.errors import ExitCode


def _nofire(tool: str, window: str) -> str:
    """The trusting agent's config with one tool fault in ``window``."""
    return config(tail=f"chaos:\n  tool_faults:\n    - {{tool: {tool}, mode: error, {window}}}\n")


def test_a_fault_whose_window_is_never_reached_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 11: `after_calls: 5` with one tool call per cell: exit 1 with "check the tool names and match_url
    patterns" (the tool name was right), and the table said "cells 0" although 2 cells ran."""
    cfg = tmp_path / "w.yaml"
    cfg.write_text(_nofire("get_weather", "after_calls: 5"))
    out = tmp_path / "r.json"
    assert wt("run", "-c", str(cfg), "--chaos-only", "--no-store", "-o", str(out)) == ExitCode.FAILED
    printed = capsys.readouterr()
    report = json.loads(out.read_text())
    never = "fault configured for tool 'get_weather' (error, scenario 'chaos') never fired: its window (after_calls: 5)"
    assert any(n.startswith(never) for n in report["notices"]), report["notices"]
    why = report["summary"]["reasons"][-1]
    assert "after_calls / on_call" in why and "tool names" not in why, why
    # the table: the 2 cells that ran, under "not exercised"
    head = next(line for line in printed.out.splitlines() if "FAILED" in line and "│" in line)
    assert [c.strip() for c in head.split("│")[1:-1]] == ["n/a", "FAILED", "2", "0", "0", "0", "2"], head
    assert "not exercised" in printed.out

    # a fault on a tool the agent never calls keeps the old advice: the window is not what failed
    cfg.write_text(_nofire("get_wether", "after_calls: 5"))
    assert wt("run", "-c", str(cfg), "--chaos-only", "--no-store", "-o", str(out)) == ExitCode.FAILED
    report = json.loads(out.read_text())
    assert "its window" not in json.dumps(report["notices"])
    assert "check the tool names" in report["summary"]["reasons"][-1]
