"""A python agent that trusts its weather tool blindly (QA 24): every fault mode of the tool breaks it in its own way
(a ``KeyError`` on an empty answer, a ``TypeError`` on a malformed one, the tool's own error raised ...), so one
search finds many distinct failures, and the ``slow`` variant also breaks a latency invariant without any fault."""

from __future__ import annotations

import time
from typing import Any


def get_weather(city: str) -> dict[str, Any]:
    return {"city": city, "temp_c": 21, "sky": "sunny"}


def handle(prompt: str) -> str:
    city = "Paris"
    for word in prompt.replace("?", " ").split():
        if word[:1].isupper() and word not in ("What", "Is", "How", "The", "In", "Weather"):
            city = word
    data = get_weather(city)
    return f"The weather in {data['city']} is {data['sky']} and {data['temp_c']} C."


def slow(prompt: str) -> str:
    time.sleep(0.3)
    return handle(prompt)


def config(endpoint: str = "handle", tail: str = "") -> str:
    """A windtunnel config for this agent (``endpoint``: ``handle`` or ``slow``), its two prompts and a ``contains``
    invariant, then ``tail`` (more invariants, ``chaos:``, ``mutations:``) as written."""
    return f"""version: "2.0"
agent:
  type: python
  endpoint: "tests.explore.trusting_weather_agent:{endpoint}"
  tools: ["tests.explore.trusting_weather_agent:get_weather"]
golden_prompts:
  - "What is the weather in Paris?"
  - "How warm is it in Berlin today?"
invariants:
  - type: contains
    value: "weather"
{tail}"""
