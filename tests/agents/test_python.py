from __future__ import annotations

import importlib
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest

from windtunnel._util.errors import AgentBadResponse, AgentCrashed, AgentTimeout, AgentUnreachableError
from windtunnel.agents.base import AgentResponse
from windtunnel.agents.python import PythonAgent
from windtunnel.config.agent import PythonAgentConfig


@pytest.fixture
def agent_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    (tmp_path / "wt_fake_agent.py").write_text(
        textwrap.dedent(
            """
            import time, asyncio
            STATE = []
            def sync(prompt): return "sync:" + prompt
            async def asyn(prompt): return {"output": "async:" + prompt, "tool_calls": [{"name": "t"}]}
            import threading
            RELEASE, DONE = threading.Event(), threading.Event()
            def hang(prompt):
                RELEASE.wait(60)
                DONE.set()
            def boom(prompt): raise ValueError("kaput")
            def bad(prompt): return {"text": "no output key"}
            def weird(prompt): return 42
            def reset(): STATE.clear()
            not_callable = 3

            async def _fails(exc):
                raise exc

            async def group_one(prompt):  # what an MCP / async-httpx agent raises: an anyio TaskGroup's error
                import anyio
                async with anyio.create_task_group() as tg:
                    tg.start_soon(_fails, AttributeError("'CallToolResult' object has no attribute 'isError'"))

            async def group_two(prompt):
                import anyio
                async with anyio.create_task_group() as tg:
                    tg.start_soon(_fails, KeyError("a"))
                    tg.start_soon(_fails, ValueError("b"))
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "wt_fake_agent"
    sys.modules.pop("wt_fake_agent", None)


async def call(ref: str, prompt: str = "hi", timeout: int = 30000) -> AgentResponse:
    async with PythonAgent(PythonAgentConfig(endpoint=ref, timeout=timeout)) as a:
        return await a.invoke(prompt)


def test_sync_and_async(agent_module: str) -> None:
    assert anyio.run(call, f"{agent_module}:sync").output == "sync:hi"
    r = anyio.run(call, f"{agent_module}:asyn")
    assert r.output == "async:hi" and r.tool_calls == [{"name": "t"}]


def test_hung_sync_agent_times_out_without_hanging_the_run(agent_module: str) -> None:
    mod = importlib.import_module(agent_module)
    try:
        with pytest.raises(AgentTimeout, match="200 ms"):
            anyio.run(call, f"{agent_module}:hang", "x", 200)
        # the hung call was abandoned, not awaited: it is still blocked when the timeout is raised
        assert not mod.DONE.is_set()
    finally:
        mod.RELEASE.set()


@pytest.mark.parametrize(
    ("attr", "exc", "match"),
    [
        ("boom", AgentCrashed, "ValueError: kaput"),
        ("bad", AgentBadResponse, "without an 'output' key"),
        ("weird", AgentBadResponse, "returned int"),
        ("group_one", AgentCrashed, "^agent_exception: AttributeError: 'CallToolResult' object has no attribute"),
        ("group_two", AgentCrashed, r"\(2 sub-exceptions: (KeyError: 'a'; ValueError: b|ValueError: b; KeyError: 'a')"),
    ],
)
def test_agent_failures_are_call_errors(agent_module: str, attr: str, exc: type[Exception], match: str) -> None:
    with pytest.raises(exc, match=match):
        anyio.run(call, f"{agent_module}:{attr}")


@pytest.mark.parametrize(
    ("ref", "match"),
    [
        ("no_such_mod_xyz:f", "module 'no_such_mod_xyz' was not found"),
        ("wt_fake_agent:nope", "'wt_fake_agent' has no attribute 'nope'"),
        ("wt_fake_agent:not_callable", "not a callable"),
    ],
)
def test_import_errors_name_the_part(agent_module: str, ref: str, match: str) -> None:
    with pytest.raises(AgentUnreachableError, match=match):
        anyio.run(call, ref)
