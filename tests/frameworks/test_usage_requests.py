"""A cell's model request count follows one rule for every agent type: the model calls its seam recorded.

smolagents reports tokens but no request count, and pydantic-ai counts only the requests that were answered; both
saw the same calls at the seam, and the report says so.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.clirun import wt

from windtunnel.chaos.llm_wire import OTHER_PATH
from windtunnel.engine.budget import recorded_usage
from windtunnel.reports.usage import total_line

AGENTS = [
    '{type: smolagents, endpoint: "fw_stacks:smol_robust"}',
    '{type: pydantic_ai, endpoint: "fw_pydantic_ai:robust"}',
]


@pytest.mark.parametrize("agent", AGENTS, ids=["smolagents", "pydantic_ai"])
def test_the_request_count_is_the_model_calls_the_cell_recorded(
    stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], agent: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        f"agent: {agent}\n"
        'golden_prompts: ["Where is my order 42?"]\n'
        "invariants: [{type: output_not_empty}]\n"
        "chaos: {llm_faults: [{mode: error, status: 500, on_call: 1}]}\n"
    )
    assert wt("run", "-c", "windtunnel.yaml", "--chaos-only", "-o", "report.json") == 0
    report = json.loads((tmp_path / "report.json").read_text())
    (cell,) = report["cells"]
    model_calls = [c for c in cell["calls"] if c["target"] == "llm"]
    assert len(model_calls) == 3 and model_calls[0]["error"].startswith("500"), "a faulted call, then two answered"
    assert cell["usage"]["requests"] == 3
    assert report["usage"]["requests"] == 3
    assert "3 model request(s) over 1 cell(s)" in capsys.readouterr().out


def test_an_agent_the_seam_did_not_see_keeps_its_own_count() -> None:
    usage = {"input_tokens": 5, "output_tokens": 1, "requests": 2}
    assert recorded_usage({"usage": usage}, [])["requests"] == 2  # type: ignore[index]
    other = [{"target": "llm", "name": "/v1/embeddings", "note": OTHER_PATH}]
    assert recorded_usage({"usage": usage}, [{"target": "tool"}])["requests"] == 2  # type: ignore[index]
    assert "requests" not in (recorded_usage({"usage": {"input_tokens": 5}}, other) or {})


def test_a_total_without_any_request_count_says_so() -> None:
    line = total_line({"cells": 2, "input_tokens": 10, "output_tokens": 2, "total_tokens": 12, "requests": 0})
    assert line is not None and "model requests not recorded" in line and "0 model request" not in line
