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
    assert "golden_prompts[0]: turns must be a non-empty list" in info.value.message


@pytest.mark.slow
def test_crescendo_attacks_become_real_conversations(stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        'agent: {type: langgraph, endpoint: "fw_langgraph:robust"}\n'
        'golden_prompts: ["Where is my order 42?"]\n'
        "mutations: {count: 12, types: [multi_turn_attack]}\n"
        "invariants: [{type: output_not_empty}]\nadvanced: {seed: 7}\n"
    )
    assert wt("run", "-c", "windtunnel.yaml", "-o", "report.json") == 0
    cells = json.loads((tmp_path / "report.json").read_text())["cells"]
    by_strategy = {c["mutation"]["args"]["strategy"]: c for c in cells if c["mutation"]}
    real = [by_strategy[s] for s in ("gradual_escalation", "refusal_erosion") if s in by_strategy]
    assert real, f"seed 7 drew no crescendo strategy: {sorted(by_strategy)}"
    for cell in real:
        # the agent's own answers sit between the user's turns (not the attack's scripted ones)
        assert "assistant: Hello!" in cell["prompt"] or "assistant: Order 42 is processing." in cell["prompt"]
        assert "Sure, ask away." not in cell["prompt"] and "I'm sorry, but I can't help" not in cell["prompt"]
    if "false_history" in by_strategy:
        assert "assistant: Of course." in by_strategy["false_history"]["prompt"], "a false history stays as written"


@pytest.mark.slow
def test_each_turn_invariants_judge_every_answer(stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        'agent: {type: langgraph, endpoint: "fw_langgraph:robust"}\n'
        f"golden_prompts:\n{CONVERSATION}"
        "invariants:\n"
        "  - {type: contains, id: last, value: 'Your order is 42'}\n"
        "  - {type: contains, id: every, value: 'Your order is 42', each_turn: true}\n"
        "  - {type: contains, id: both, value: '42', each_turn: true}\n"
    )
    assert wt("run", "-c", "windtunnel.yaml", "-o", "report.json") == 1
    [cell] = json.loads((tmp_path / "report.json").read_text())["cells"]
    verdicts = {c["id"]: (c["passed"], c.get("detail") or "") for c in cell["checks"]}
    assert verdicts["last"][0] and verdicts["both"][0]
    assert not verdicts["every"][0] and verdicts["every"][1].startswith("turn 1 of 2:")
