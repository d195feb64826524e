"""``ci -q`` says where each phase's report went, one line per phase, and its head table adds up (QA-13 minor 13)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_run_cli import wt
from tests.conftest import REPO

CFG = "examples/support_agent/windtunnel.yaml"


def test_ci_quiet_prints_every_phases_report_line_and_a_table_that_adds_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("WINDTUNNEL_STORE", str(tmp_path / "runs.db"))
    out = tmp_path / "ci"
    wt("ci", "-c", CFG, "-q", "--seed", "3", "--no-found", "-o", str(out))
    shown = capsys.readouterr()
    summary = json.loads((out / "summary.json").read_text("utf-8"))["summary"]
    ran = [p for p, v in summary["phases"].items() if v["status"] == "run"]
    assert {"mutation", "chaos", "contract"} <= set(ran)
    written = [line for line in shown.err.splitlines() if line.startswith("report written to ")]
    assert sorted(Path(line.split(" to ", 1)[1]).stem for line in written) == sorted(ran)
    assert summary["cells_skipped"] > 0  # the contract's N/A cells
    lines = shown.out.splitlines()
    at = next(i for i, line in enumerate(lines) if "score" in line and "errored" in line)
    assert "skipped" in lines[at]
    row = lines[at + 2]  # under the rule below the header
    numbers = [int(n) for n in row.replace("│", " ").split() if n.isdigit()]
    total, *parts = numbers
    assert total == summary["cells_total"] == sum(parts)
