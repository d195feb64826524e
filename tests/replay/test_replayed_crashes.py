"""QA-13 minor 11: an agent that crashes on a failing tool is an incident a session keeps, as a hang is: ``replay
record`` writes it and ``replay export`` exports it, and the replay fails as the cell did (no answer)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tests.replay.conftest import cli
from tests.replay.test_replayed_tool_faults import CONFIG

CRASH = CONFIG.replace(
    "    - {name: clean}\n",
    "    - {name: clean}\n    - {name: tool-down, tool_faults: [{tool: get_balance, mode: error}]}\n",
)


def _cell(report: Path) -> dict[str, object]:
    [cell] = json.loads(report.read_text(encoding="utf-8"))["cells"]
    return dict(cell)


def test_a_crash_is_recorded_with_its_calls_and_replays_as_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "crash.yaml"
    config.write_text(CRASH, encoding="utf-8")
    session = tmp_path / "crash-session.yaml"
    args = ("replay", "record", "-c", config, "--input", "What is my balance?", "--contract", "bank")
    assert cli(*args, "--scenario", "tool-down", "-o", session) == 1
    assert "no answer: agent_exception: " in capsys.readouterr().err
    data = yaml.safe_load(session.read_text(encoding="utf-8"))
    assert data.get("output") is None and data["expected_failure"].startswith("agent_exception: ")
    assert [c["status"] >= 500 for c in data["calls"]] == [True]  # the tool call, failed as injected
    assert cli("replay", "run", session, "-c", config, "-o", tmp_path / "r.json") == 1
    cell = _cell(tmp_path / "r.json")
    assert cell["status"] == "error"


def test_replay_export_includes_the_cells_that_crashed(tmp_path: Path) -> None:
    config = tmp_path / "crash.yaml"
    config.write_text(CRASH, encoding="utf-8")
    report = tmp_path / "contract.json"
    assert cli("contract", "run", "-c", config, "--seed", "1", "-q", "-f", "json", "-o", report) == 1
    assert cli("replay", "export", "--from-report", report, "-o", tmp_path / "exp") == 0
    [crash] = [p for p in (tmp_path / "exp").glob("*.yaml") if "tool-down" in p.name]
    data = yaml.safe_load(crash.read_text(encoding="utf-8"))
    assert "agent_exception: ToolFaultError" in data["expected_failure"] and data.get("output") is None
    assert cli("replay", "run", crash, "-c", config) == 1
