"""QA pass 17: `verify` of an in-process agent whose own model server is down said "ok agent ... is reachable" (exit
0), then every cell of `run` failed with the SDK's APIConnectionError. The real `openai` and `openai-agents` SDKs,
against a local stub and against a port nothing listens on."""

from __future__ import annotations

import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import openai
import pytest

from tests.clirun import wt
from tests.stubs.llm_stub import LlmStub, Reply

AGENT: object = None
"""The openai-agents Agent a test builds (its client's base URL is the test's)."""
CLIENT: object = None
"""The OpenAI client a python agent's ``agent.llm`` names."""


def handle(prompt: str) -> str:
    """A python agent asking its model once."""
    reply = CLIENT.chat.completions.create(model="m", messages=[{"role": "user", "content": prompt}])  # type: ignore[attr-defined]
    return reply.choices[0].message.content or ""


def _closed_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


@pytest.fixture
def stub() -> Iterator[LlmStub]:
    with LlmStub(responder=lambda body: Reply(text="hello")) as model:
        yield model


def _python_config(tmp_path: Path, base_url: str, monkeypatch: pytest.MonkeyPatch) -> Path:
    client = openai.OpenAI(base_url=base_url, api_key="sk-test", max_retries=0)
    monkeypatch.setattr(sys.modules[__name__], "CLIENT", client)
    cfg = tmp_path / "c.yaml"
    cfg.write_text(
        f"agent:\n  type: python\n  endpoint: '{__name__}:handle'\n  llm: '{__name__}:CLIENT'\ngolden_prompts: [hi]\n"
    )
    return cfg


def test_verify_warns_when_the_python_agents_model_is_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    port = _closed_port()
    cfg = _python_config(tmp_path, f"http://127.0.0.1:{port}/v1", monkeypatch)
    assert wt("verify", "-c", str(cfg)) == 0
    err = capsys.readouterr().err
    assert f"the agent's model at http://127.0.0.1:{port}/v1/ (agent.llm {__name__}:CLIENT) cannot be reached" in err
    assert "Start the model server" in err


def test_verify_says_the_python_agents_model_accepts_connections(
    tmp_path: Path, stub: LlmStub, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = _python_config(tmp_path, stub.openai_url, monkeypatch)
    assert wt("verify", "-c", str(cfg)) == 0
    captured = capsys.readouterr()
    assert "accepts connections" in captured.out and "cannot be reached" not in captured.err


def test_verify_warns_when_the_openai_agents_model_is_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from agents import Agent, OpenAIChatCompletionsModel  # the optional framework, as its own tests import it

    port = _closed_port()
    client = openai.AsyncOpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key="sk-test", max_retries=0)
    model = OpenAIChatCompletionsModel(model="m", openai_client=client)
    agent = Agent(name="bank", instructions="Answer.", model=model)
    monkeypatch.setattr(sys.modules[__name__], "AGENT", agent)
    cfg = tmp_path / "c.yaml"
    cfg.write_text(f"agent:\n  type: openai_agents\n  endpoint: '{__name__}:AGENT'\ngolden_prompts: [hi]\n")
    assert wt("verify", "-c", str(cfg)) == 0
    err = capsys.readouterr().err
    where = "(the openai_agents agent's model) cannot be reached"
    assert f"the agent's model at http://127.0.0.1:{port}/v1/ {where}" in err
