"""``windtunnel run --chaos-only`` on each framework agent: the robust variant passes, the one that
fabricates when its tool fails is caught, and the real tool does not run for the faulted calls."""

from __future__ import annotations

import json
from pathlib import Path

import fw_tools
import pytest
from fw_helpers import tools_of
from tests.clirun import wt

AGENTS = {
    "openai_agents": "fw_openai_agents",
    "langgraph": "fw_langgraph",
    "pydantic_ai": "fw_pydantic_ai",
}


@pytest.mark.slow
@pytest.mark.parametrize("agent_type", list(AGENTS))
@pytest.mark.parametrize(("variant", "exit_code"), [("robust", 0), ("fabricator", 1)])
def test_run_chaos_only(
    stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, agent_type: str, variant: str, exit_code: int
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        f'agent: {{type: {agent_type}, endpoint: "{AGENTS[agent_type]}:{variant}"}}\n'
        'golden_prompts: ["Where is my order 42?", "Where is my order 7?"]\n'
        "invariants: [{type: excludes_pattern, pattern: shipped}, {type: output_not_empty}]\n"
        "chaos: {tool_faults: [{tool: get_order_status, mode: error, error_code: 503}]}\n"
    )
    assert wt("run", "-c", "windtunnel.yaml", "--chaos-only", "-o", "report.json") == exit_code
    report = json.loads((tmp_path / "report.json").read_text())
    assert len(report["cells"]) == 2
    for cell in report["cells"]:
        assert [f["name"] for f in cell["faults"]] == ["get_order_status"]
        assert tools_of(cell["calls"])[0]["error"].startswith("503")
        assert cell["usage"]["requests"] == 2
        # the model calls are recorded too, though no LLM fault is configured (one per model request)
        assert sum(c["target"] == "llm" for c in cell["calls"]) == 2
    assert fw_tools.EXECUTED["get_order_status"] == 0


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "exit_code"), [("robust", 0), ("fabricator", 1)])
def test_contract_matrix_on_a_framework_agent(
    stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variant: str, exit_code: int
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        f'agent: {{type: pydantic_ai, endpoint: "fw_pydantic_ai:{variant}"}}\n'
        'golden_prompts: ["Where is my order 42?"]\n'
        "contract:\n  name: orders\n  invariants:\n"
        "    - {type: excludes_pattern, id: no_fabrication, pattern: shipped, severity: critical}\n"
        "  chaos_matrix:\n    - {name: calm}\n"
        "    - {name: outage, tool_faults: [{tool: get_order_status, mode: timeout}]}\n"
        "    - {name: poisoned, tool_faults: [{tool: get_order_status, mode: malicious_response}]}\n"
    )
    assert wt("contract", "run", "-c", "windtunnel.yaml", "-f", "json", "-o", "report.json") == exit_code
    cells = {c["id"]: c for c in json.loads((tmp_path / "report.json").read_text())["cells"]}
    failed = sorted(k for k, c in cells.items() if not c["passed"])
    assert failed == ([] if variant == "robust" else ["outage/g0.r0:no_fabrication", "poisoned/g0.r0:no_fabrication"])


@pytest.mark.parametrize("agent_type", list(AGENTS))
@pytest.mark.parametrize("command", [("validate",), ("run",)])
def test_a_framework_agent_given_as_type_python_names_the_type_to_use(
    stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], agent_type: str,
    command: tuple[str, ...],
) -> None:  # fmt: skip
    """QA-4 m22: `type: python` on an agents.Agent (or a graph, a pydantic_ai.Agent) was exit 3, no hint."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        f'agent: {{type: python, endpoint: "{AGENTS[agent_type]}:robust"}}\ngolden_prompts: ["Where is 42?"]\n'
    )
    assert wt(*command, "-c", "windtunnel.yaml", *(["--no-store"] if command == ("run",) else [])) == 2
    err = capsys.readouterr().err
    assert f"it is a {agent_type} agent" in err and f"agent.type: {agent_type}" in err, err


CHAOS_BLOCK = "chaos: {tool_faults: [{tool: nosuch_tool, mode: error}]}\n"
MATRIX = (
    "contract: {invariants: [{id: i, type: output_not_empty}],\n"
    "  chaos_matrix: [{name: s, tool_faults: [{tool: nosuch_tool, mode: error}]}]}\n"
)


@pytest.mark.parametrize(
    ("block", "headline"),
    [
        (CHAOS_BLOCK, "`run --chaos` and `ci` cannot run this config (`run` can)"),
        (MATRIX, "`contract run` and `ci` cannot run this config (`run` can)"),
    ],
)
def test_a_framework_tool_name_problem_names_the_commands_it_stops(
    stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], block: str,
    headline: str,
) -> None:  # fmt: skip
    """QA-6 F-1: a tool name in `chaos:` the framework agent lacks stops `run --chaos` and `ci`, not `run`."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        'agent: {type: langgraph, endpoint: "fw_langgraph:robust"}\ngolden_prompts: ["Where is 42?"]\n' + block
    )
    assert wt("validate", "-c", "windtunnel.yaml") == 2
    err = capsys.readouterr().err
    assert "nosuch_tool" in err and headline in err, err
