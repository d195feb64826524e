"""A python agent on the real ``openai`` SDK with two different crashes (QA pass 16).

It asks its model (``CLIENT``, pointed at a local stub by the test) with one tool, parses the tool call's arguments
with ``json.loads`` and asks again with the tool's answer. Nothing is caught: a model call that fails raises the SDK's
own error (``InternalServerError``, ``RateLimitError`` ...), and tool arguments that are not JSON raise
``JSONDecodeError`` — two defects that break the same checks.
"""

from __future__ import annotations

import json
from typing import Any

from tests.explore.weather_tool import TOOLS, get_weather, stub_client

CLIENT = stub_client()


def handle(prompt: str) -> str:
    messages: list[Any] = [{"role": "user", "content": prompt}]
    first = CLIENT.chat.completions.create(model="stub-model", messages=messages, tools=TOOLS)  # type: ignore[arg-type]
    message = first.choices[0].message
    if not message.tool_calls:
        return message.content or "no answer"
    call = message.tool_calls[0]
    found = get_weather(**json.loads(call.function.arguments))  # type: ignore[union-attr]
    messages += [
        message.model_dump(exclude_none=True),
        {"role": "tool", "tool_call_id": call.id, "content": json.dumps(found)},
    ]
    second = CLIENT.chat.completions.create(model="stub-model", messages=messages)
    return second.choices[0].message.content or "no answer"
