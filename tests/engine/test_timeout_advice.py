"""QA pass 16: a hanging agent's run says which setting the timeouts met and what to do, not only per cell."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import wt
from windtunnel.config.advice import timeout_advice
from windtunnel.config.load import parse_config


def test_a_run_whose_cells_time_out_names_agent_timeout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "flakestorm.yaml"
    config.write_text(
        'version: "2.0"\n'
        "agent:\n"
        '  endpoint: "tests.engine.hanging_agent:handle"\n'
        '  type: "python"\n'
        "  timeout: 1000\n"
        "golden_prompts:\n"
        '  - "What is the weather in Paris?"\n'
        "invariants:\n"
        "  - type: output_not_empty\n",
        encoding="utf-8",
    )
    report = tmp_path / "r.json"
    code = wt("run", "-c", str(config), "--no-mutations", "--no-store", "--seed", "1", "-o", str(report))
    err = " ".join(capsys.readouterr().err.split())
    assert code == 1
    said = "1 of 1 cell(s) timed out: the agent gave no answer within agent.timeout (1000 ms, line 5)"
    assert said in err and "a larger agent.timeout, in milliseconds" in err, err
    data = json.loads(report.read_text())
    assert data["cells"][0]["error_kind"] == "timeout"
    assert any(said in n for n in data["notices"]), data["notices"]


def test_no_timeout_no_advice() -> None:
    cfg = parse_config("agent: {endpoint: 'm:f', type: python}\n", "flakestorm.yaml")
    assert timeout_advice(cfg, 0, 5) is None
    assert "(30000 ms, the default)" in str(timeout_advice(cfg, 2, 5))
