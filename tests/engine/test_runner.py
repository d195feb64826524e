from __future__ import annotations

from typing import Any, Literal

import anyio
import pytest

from windtunnel._util.errors import AgentBadResponse, AgentCrashed, AgentServerError, AgentTimeout
from windtunnel.agents.base import AgentResponse
from windtunnel.engine.cells import Cell, CellResult
from windtunnel.engine.executor import LocalExecutor
from windtunnel.engine.report import cell_row
from windtunnel.engine.runner import CellRunner
from windtunnel.engine.scoring import summarize
from windtunnel.invariants.base import CheckContext, CheckResult, InvariantSpec


class HasText(InvariantSpec):
    """Test-only: the output contains ``value``."""

    type: Literal["has_text"] = "has_text"
    value: str = "ok"

    def check(self, ctx: CheckContext) -> CheckResult:
        if ctx.output is None:
            return CheckResult(False, "no output")
        return CheckResult(self.value in ctx.output, f"looked for {self.value!r}")


class ScriptedAgent:
    """Answers from a script: a str, an exception to raise, or a callable of the attempt number."""

    name = "scripted"
    accepts_messages = False

    def __init__(self, script: dict[str, Any]) -> None:
        self.script = script
        self.calls: dict[str, int] = {}
        self.in_flight = 0
        self.max_in_flight = 0
        self.resets = 0

    async def __aenter__(self) -> ScriptedAgent:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def check_reachable(self) -> None:
        return None

    async def reset(self) -> None:
        self.resets += 1

    async def invoke(self, prompt: Any, *, transport: Any = None) -> AgentResponse:
        self.calls[prompt] = self.calls.get(prompt, 0) + 1
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            await anyio.sleep(0.001)
            step = self.script.get(prompt, "ok")
            if callable(step):
                step = step(self.calls[prompt])
            if isinstance(step, BaseException):
                raise step
            return AgentResponse(step, 1.0)
        finally:
            self.in_flight -= 1


def cell(prompt: str, i: int = 0) -> Cell:
    return Cell(id=f"c{i}", kind="golden", input=prompt, golden_prompt=prompt, golden_index=i)


async def run(agent: ScriptedAgent, prompts: list[str], concurrency: int = 4, retries: int = 2) -> list[CellResult]:
    out: list[CellResult] = []
    runner = CellRunner(agent=agent, invariants=[HasText()], retries=retries, sleep=lambda s: anyio.sleep(0))
    await LocalExecutor(concurrency).run([cell(p, i) for i, p in enumerate(prompts)], runner, out.append)
    return out


def test_failing_hanging_and_garbage_agents_make_cells_not_crashes() -> None:
    agent = ScriptedAgent(
        {
            "crash": AgentCrashed("boom"),
            "hang": AgentTimeout("no answer within 10 ms"),
            "garbage": AgentBadResponse("not JSON"),
            "fine": "ok!",
            "wrong": "nope",
        }
    )
    results = {r.cell.input: r for r in anyio.run(run, agent, ["crash", "hang", "garbage", "fine", "wrong"])}
    assert {k: v.status for k, v in results.items()} == {
        "crash": "error",
        "hang": "error",
        "garbage": "error",
        "fine": "passed",
        "wrong": "failed",
    }
    assert results["hang"].error_kind == "timeout"
    assert results["crash"].checks and not results["crash"].checks[0].passed  # nothing passes on an errored call


def test_retries_only_retryable_errors() -> None:
    flaky = lambda n: AgentServerError("503") if n < 3 else "ok"  # noqa: E731
    agent = ScriptedAgent({"flaky": flaky, "crash": AgentCrashed("no retry for a python exception")})
    results = {r.cell.input: r for r in anyio.run(run, agent, ["flaky", "crash"])}
    assert results["flaky"].status == "passed" and results["flaky"].attempts == 3
    assert agent.calls["crash"] == 1 and results["crash"].attempts == 1


def test_retries_give_up_after_the_limit() -> None:
    agent = ScriptedAgent({"down": AgentServerError("503")})
    (r,) = anyio.run(run, agent, ["down"], 4, 1)
    assert r.status == "error" and agent.calls["down"] == 2


def test_concurrency_limit_is_respected() -> None:
    agent = ScriptedAgent({})
    anyio.run(run, agent, [f"p{i}" for i in range(40)], 3)
    assert agent.max_in_flight == 3
    assert agent.resets == 40  # reset before every invocation unit


def test_a_crashing_check_is_a_failed_check() -> None:
    class Broken(HasText):
        """Test-only: raises."""

        def check(self, ctx: CheckContext) -> CheckResult:
            raise RuntimeError("plugin bug")

    agent = ScriptedAgent({})
    out: list[CellResult] = []
    runner = CellRunner(agent=agent, invariants=[Broken()])
    anyio.run(LocalExecutor(1).run, [cell("x")], runner, out.append)
    assert out[0].status == "failed" and "plugin bug" in (out[0].checks[0].detail or "")


def test_zero_cells_is_not_a_pass() -> None:
    s = summarize([])
    assert s.score is None and s.passed is False


def test_score_is_weighted_and_errors_count_as_failures() -> None:
    agent = ScriptedAgent({"bad": AgentCrashed("x")})
    results = [cell_row(r) for r in anyio.run(run, agent, ["a", "b", "c", "bad"])]
    s = summarize(results)
    assert s.score == pytest.approx(75.0) and s.cells_errored == 1 and not s.passed
    assert summarize(results, min_score=70).passed


def test_a_chaos_cell_is_not_re_run_unless_retries_are_configured() -> None:
    """#29 item 9: the default re-runs only cells without chaos; a configured retry is its own attempt."""
    agent = ScriptedAgent({"down": AgentServerError("503")})
    chaos = Cell(id="x", kind="chaos", input="down", golden_prompt="down", golden_index=0, scenario="chaos")
    runner = CellRunner(agent=agent, invariants=[HasText()], sleep=lambda s: anyio.sleep(0))
    r = anyio.run(runner, chaos)
    assert agent.calls["down"] == 1 and r.attempts == 1 and r.retried == []
    runner = CellRunner(agent=agent, invariants=[HasText()], retries=1, sleep=lambda s: anyio.sleep(0))
    r = anyio.run(runner, chaos)
    assert agent.calls["down"] == 3 and r.attempts == 2
    assert [(a["attempt"], a["error_kind"]) for a in r.retried] == [(1, "http_5xx")]
