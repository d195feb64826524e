"""`type: langchain`: a runnable's ``ainvoke`` (or ``invoke``) is called with the prompt."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest

from windtunnel.agents.python import PythonAgent
from windtunnel.config.agent import LangchainAgentConfig


@pytest.fixture
def runnables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    (tmp_path / "wt_fake_chain.py").write_text(
        textwrap.dedent(
            """
            class Msg:
                def __init__(self, content): self.content = content
            class AsyncChain:
                async def ainvoke(self, prompt): return Msg("async " + prompt)
                def invoke(self, prompt): raise AssertionError("ainvoke must be preferred")
            class SyncChain:
                def invoke(self, prompt): return {"output": "sync " + prompt}
            achain, schain = AsyncChain(), SyncChain()
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "wt_fake_chain"
    sys.modules.pop("wt_fake_chain", None)


async def ask(ref: str) -> str | None:
    async with PythonAgent(LangchainAgentConfig(endpoint=ref)) as agent:
        return (await agent.invoke("hi")).output


def test_ainvoke_preferred_and_message_content_read(runnables: str) -> None:
    assert anyio.run(ask, f"{runnables}:achain") == "async hi"


def test_sync_invoke_runs_in_a_thread(runnables: str) -> None:
    assert anyio.run(ask, f"{runnables}:schain") == "sync hi"
