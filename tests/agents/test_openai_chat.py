from __future__ import annotations

import json

import anyio
import pytest

from tests.conftest import RecordingServer, json_reply
from windtunnel._util.errors import AgentBadResponse, AgentRateLimited, ConfigError
from windtunnel.agents.openai_chat import OpenAIChatAgent
from windtunnel.config.agent import OpenAIChatAgentConfig


def stub(method: str, path: str, headers: dict[str, str], body: bytes) -> tuple[int, dict[str, str], bytes]:
    if path.endswith("/models"):
        return json_reply({"data": [{"id": "support"}]})
    req = json.loads(body)
    if req["model"] == "limited":
        return 429, {"retry-after": "2"}, b'{"error": "slow down"}'
    if req["model"] == "broken":
        return json_reply({"object": "error"})
    last = req["messages"][-1]["content"]
    return json_reply({"choices": [{"message": {"role": "assistant", "content": f"echo: {last}"}}]})


async def ask(cfg: OpenAIChatAgentConfig, prompt: object) -> str | None:
    async with OpenAIChatAgent(cfg) as agent:
        return (await agent.invoke(prompt)).output  # type: ignore[arg-type]


def test_chat_completion_with_system_prompt_and_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WT_TEST_KEY", "sk-test")
    with RecordingServer(stub) as srv:
        cfg = OpenAIChatAgentConfig(
            base_url=f"{srv.url}/v1", model="support", system_prompt="You are terse.", api_key_env="WT_TEST_KEY"
        )
        assert anyio.run(ask, cfg, 'say "hi"\nplease') == 'echo: say "hi"\nplease'
        sent = json.loads(srv.requests[-1]["body"])
        assert sent["messages"][0] == {"role": "system", "content": "You are terse."}
        assert srv.requests[-1]["headers"]["authorization"] == "Bearer sk-test"
        convo = [
            {"role": "user", "content": "a"},
            {"role": "assistant", "content": "b"},
            {"role": "user", "content": "c"},
        ]
        assert anyio.run(ask, cfg, convo) == "echo: c"  # a real multi-turn conversation


def test_errors_map_to_kinds() -> None:
    with RecordingServer(stub) as srv:
        with pytest.raises(AgentRateLimited):
            anyio.run(ask, OpenAIChatAgentConfig(base_url=f"{srv.url}/v1", model="limited"), "x")
        with pytest.raises(AgentBadResponse, match="not a chat completion"):
            anyio.run(ask, OpenAIChatAgentConfig(base_url=f"{srv.url}/v1", model="broken"), "x")


def test_missing_key_variable_is_a_config_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WT_MISSING_KEY", raising=False)
    cfg = OpenAIChatAgentConfig(base_url="http://127.0.0.1:9/v1", model="m", api_key_env="WT_MISSING_KEY")
    with pytest.raises(ConfigError, match="WT_MISSING_KEY"):
        anyio.run(ask, cfg, "x")
