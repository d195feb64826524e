"""Golden prompts written as ``{turns: [...]}``: a real conversation, one call per turn, history passed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.clirun import wt

from windtunnel.config.load import parse_config

CONVERSATION = '  - turns: ["My order is 42.", "What is my order number?"]\n'


@pytest.mark.slow
@pytest.mark.parametrize(
    "agent",
    [
        '{type: openai_agents, endpoint: "fw_openai_agents:robust"}',
        '{type: langgraph, endpoint: "fw_langgraph:robust"}',
        '{type: pydantic_ai, endpoint: "fw_pydantic_ai:robust", stream: true}',
        '{type: langchain, endpoint: "fw_langgraph:robust", accepts_messages: true}',
    ],
)
def test_second_turn_depends_on_the_first(stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, agent: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        f"agent: {agent}\ngolden_prompts:\n{CONVERSATION}"
        "invariants: [{type: contains, value: 'Your order is 42'}, {type: max_tokens, max: 1000}]\n"
    )
    assert wt("run", "-c", "windtunnel.yaml", "-o", "report.json") == 0
    report = json.loads((tmp_path / "report.json").read_text())
    [cell] = report["cells"]
    assert cell["output"] == "Your order is 42."
    assert cell["prompt"] == (
        "user: My order is 42.\nassistant: Order 42 is processing.\n"
        "user: What is my order number?\nassistant: Your order is 42."
    )
    assert cell["usage"]["requests"] == 3, "two model calls in turn 1, one in turn 2"
    assert any("conversation" in n for n in report["notices"])


def test_a_prompt_only_agent_gets_each_turn_alone(stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without accepts_messages the agent keeps no history here, so the second turn cannot be answered."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        'agent: {type: langchain, endpoint: "fw_langgraph:robust"}\n'
        f"golden_prompts:\n{CONVERSATION}invariants: [{{type: contains, value: 'Your order is 42'}}]\n"
    )
    assert wt("run", "-c", "windtunnel.yaml", "-o", "report.json") == 1
    [cell] = json.loads((tmp_path / "report.json").read_text())["cells"]
    assert cell["output"] == "Hello!"


def test_bad_turns_are_a_config_error() -> None:
    from windtunnel._util.errors import ConfigError

    with pytest.raises(ConfigError) as info:
        parse_config("agent: {endpoint: 'm:f'}\ngolden_prompts: [{turns: []}]", "w.yaml")
    assert "golden_prompts[0].turns must be a non-empty list" in info.value.message
