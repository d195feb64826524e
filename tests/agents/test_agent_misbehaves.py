"""Issue 29 item 16: a misbehaving python agent fails its own cell; the run goes on and keeps every result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import wt
from windtunnel._util.errors import ExitCode

AGENT = """
import time

def sync_kbd(prompt):
    if prompt == "d":
        raise KeyboardInterrupt
    return "ok " + prompt

async def async_kbd(prompt):
    if prompt == "d":
        raise KeyboardInterrupt
    return "ok " + prompt

def deep(prompt):
    nested = {}
    for _ in range(100_000):  # far past Python's recursion limit for any recursive walk
        nested = {"a": [nested]}
    return {"output": "ok " + prompt, "tool_calls": [{"name": "t", "args": nested}], "metadata": {"x": nested}}

async def blocks_the_loop(prompt):
    if prompt == "b":
        time.sleep(30)  # a blocking call in an async agent: nothing else on the loop can run
    return "ok " + prompt
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "wt_misbehaving.py").write_text(AGENT)
    return tmp_path


def run(project: Path, endpoint: str, prompts: str, extra: str = "") -> tuple[int, list[dict[str, object]]]:
    (project / "c.yaml").write_text(
        f'agent: {{type: python, endpoint: "wt_misbehaving:{endpoint}"{extra}}}\ngolden_prompts: [{prompts}]\n'
    )
    code = wt("run", "-c", "c.yaml", "--no-mutations", "--no-store", "-q", "-f", "json", "-o", "r.json")
    return code, json.loads((project / "r.json").read_text())["cells"]


@pytest.mark.parametrize("endpoint", ["sync_kbd", "async_kbd"])
def test_an_agent_raising_keyboard_interrupt_fails_its_cell_and_the_run_goes_on(project: Path, endpoint: str) -> None:
    code, cells = run(project, endpoint, "a, c, d, e, f")
    assert code == ExitCode.FAILED
    assert len(cells) == 5
    errors = {c["prompt"]: c.get("error") for c in cells}
    assert "KeyboardInterrupt" in str(errors["d"])
    assert all(errors[p] is None for p in "acef"), errors


def test_an_async_agent_blocking_the_event_loop_fails_its_cell_and_says_why(project: Path) -> None:
    code, cells = run(project, "blocks_the_loop", "a, b, c", ", timeout: 500")
    assert code == ExitCode.FAILED
    by_prompt = {c["prompt"]: c for c in cells}
    assert by_prompt["b"]["error_kind"] == "timeout"
    assert "blocked the event loop" in str(by_prompt["b"]["error"]) and "time.sleep" in str(by_prompt["b"]["error"])
    assert by_prompt["a"]["error"] is None and by_prompt["c"]["error"] is None


def test_a_huge_answer_keeps_a_bounded_number_of_tool_calls() -> None:
    from windtunnel.agents.python import MAX_TOOL_CALLS_KEPT, normalize_output

    out, calls, meta = normalize_output({"output": "ok", "tool_calls": [{"name": "t"}] * 1_000_000})
    assert out == "ok" and len(calls) == MAX_TOOL_CALLS_KEPT
    assert meta["tool_calls_dropped"] == 1_000_000 - MAX_TOOL_CALLS_KEPT


def test_a_deeply_nested_answer_is_recorded_without_a_recursion_error(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, cells = run(project, "deep", "a, b")
    assert "RecursionError" not in capsys.readouterr().err
    assert code in (ExitCode.OK, ExitCode.FAILED) and len(cells) == 2
