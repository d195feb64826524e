"""The local model `crashy_sdk_agent` talks to in the QA tests: a tool call first, the forecast once the tool answered.

One place for the stub's script and for pointing the agent's real `openai` client at it, shared by the explore and
replay tests that drive that agent."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import openai
import pytest

from tests.explore import crashy_sdk_agent
from tests.stubs.llm_stub import LlmStub, Reply

AGENT_YAML = (
    "version: '2.0'\n"
    "agent:\n"
    "  type: python\n"
    "  endpoint: tests.explore.crashy_sdk_agent:handle\n"
    "  tools: [tests.explore.crashy_sdk_agent:get_weather]\n"
    "  llm: tests.explore.crashy_sdk_agent:CLIENT\n"
)
"""The head of a config that runs `crashy_sdk_agent` in process with its tool and its model client."""


def forecast(body: dict[str, Any]) -> Reply:
    """A tool call first, the forecast once the tool has answered."""
    if any(m.get("role") == "tool" for m in body.get("messages", [])):
        return Reply(text="Forecast: sunny in Paris.")
    return Reply(tool_calls=[("get_weather", {"city": "Paris"})])


@contextmanager
def serving(monkeypatch: pytest.MonkeyPatch) -> Iterator[LlmStub]:
    """The stub on 127.0.0.1, the agent's real client pointed at it; both closed on leaving."""
    with LlmStub(responder=forecast) as model:
        client = openai.OpenAI(base_url=model.openai_url, api_key="sk-test", max_retries=0, timeout=10.0)
        monkeypatch.setattr(crashy_sdk_agent, "CLIENT", client)
        try:
            yield model
        finally:
            client.close()
