"""The local model the planted-defect agents (`crashy_sdk_agent` and its kin) talk to in the QA tests: a tool call
first, the forecast once the tool answered.

One place for the stub's script and for pointing the agent's real `openai` client at it, shared by the explore and
replay tests that drive that agent."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import pytest

from tests.explore import crashy_sdk_agent
from tests.explore.weather_tool import stub_client
from tests.stubs.llm_stub import LlmStub, Reply


def agent_yaml(module: str = "crashy_sdk_agent") -> str:
    """The head of a config that runs the agent ``tests.explore.<module>`` in process with its tool and model client."""
    return (
        "version: '2.0'\n"
        "agent:\n"
        "  type: python\n"
        f"  endpoint: tests.explore.{module}:handle\n"
        f"  tools: [tests.explore.{module}:get_weather]\n"
        f"  llm: tests.explore.{module}:CLIENT\n"
    )


AGENT_YAML = agent_yaml()
"""The head of a config that runs `crashy_sdk_agent` in process with its tool and its model client."""


def forecast(body: dict[str, Any]) -> Reply:
    """A tool call first, the forecast once the tool has answered."""
    if any(m.get("role") == "tool" for m in body.get("messages", [])):
        return Reply(text="Forecast: sunny in Paris.")
    return Reply(tool_calls=[("get_weather", {"city": "Paris"})])


@contextmanager
def serving(monkeypatch: pytest.MonkeyPatch, agent: ModuleType = crashy_sdk_agent) -> Iterator[LlmStub]:
    """The stub on 127.0.0.1, the ``agent`` module's real client pointed at it; both closed on leaving."""
    with LlmStub(responder=forecast) as model:
        client = stub_client(model.openai_url)
        monkeypatch.setattr(agent, "CLIENT", client)
        try:
            yield model
        finally:
            client.close()
