"""An unimportable python agent stops `run`, `contract run`, `replay run` and `ci` with exit 3 before
anything else (docs/agents.md): no plan line, no run id, nothing stored, no `-o` folder (QA-7 F7-9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clirun import wt
from windtunnel._util.errors import ExitCode

CONFIG = (
    "agent: {type: python, endpoint: 'no_such_agent_module:handle'}\n"
    "golden_prompts: ['Where is my order 42?']\n"
    "invariants: [{type: output_not_empty}]\n"
    "contract:\n  name: orders\n  invariants: [{type: output_not_empty, id: answers}]\n"
    "  chaos_matrix:\n    - {name: calm}\n"
)


@pytest.mark.parametrize(
    "command",
    [["run"], ["run", "--no-mutations"], ["contract", "run"], ["replay", "run"], ["ci"]],
    ids=["run", "run-no-mutations", "contract", "replay", "ci"],
)
def test_an_unimportable_agent_stops_before_the_plan_the_store_and_the_output(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("WINDTUNNEL_STORE", raising=False)
    (tmp_path / "windtunnel.yaml").write_text(CONFIG)
    out_dir = tmp_path / "reports" / "here"
    assert wt(*command, "-c", "windtunnel.yaml", "-o", str(out_dir)) == ExitCode.HARNESS
    captured = capsys.readouterr()
    assert "cannot import agent.endpoint 'no_such_agent_module:handle'" in captured.err
    text = captured.out + captured.err
    assert "planned" not in text and "run id" not in text, text
    assert not (tmp_path / ".windtunnel").exists(), "a run was stored"
    assert not (tmp_path / "reports").exists(), "the -o folder was created"


@pytest.mark.parametrize("command", [["run"], ["contract", "run"], ["ci"]], ids=["run", "contract", "ci"])
def test_a_bad_executor_option_is_still_a_usage_error_first(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad option value is refused (exit 2) before the agent's references are imported."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(CONFIG)
    assert wt(*command, "-c", "windtunnel.yaml", "--executor", "dask") == ExitCode.USAGE
    assert "--executor 'dask' is not one of local, ray" in capsys.readouterr().err
