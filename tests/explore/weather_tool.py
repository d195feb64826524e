"""The weather tool and the model client the explore tests' planted-defect agents share.

Each agent module imports the tool and makes its own client (``CLIENT = stub_client()``), so a config names
``<agent module>:get_weather`` and ``<agent module>:CLIENT`` and the tool and model seams wrap them where that agent
looks them up; a test points the agent's client at its local stub (:func:`tests.explore.weather_stub.serving`)."""

from __future__ import annotations

from typing import Any

import openai

TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "the weather in a city",
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
        },
    }
]


def get_weather(city: str) -> dict[str, Any]:
    return {"city": city, "sky": "sunny"}


def stub_client(base_url: str = "http://127.0.0.1:9/v1") -> openai.OpenAI:
    """A real ``openai`` client without retries (a fault is seen once), at ``base_url`` (nothing listens on port 9
    until a test points the client at its stub)."""
    return openai.OpenAI(base_url=base_url, api_key="sk-test", max_retries=0, timeout=10.0)
