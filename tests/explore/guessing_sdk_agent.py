"""A python agent on the real ``openai`` SDK with two defects at the model seam that break the same check.

It asks its model (``CLIENT``, pointed at a local stub by the test) with one tool, runs the tool call and asks again
with the tool's answer. Every failure of a model call is handled ("unavailable"), except two, where it guesses a
forecast it never got (``as usual``): a rate-limited model call (it reads "try later" as "nothing new"), and a second
answer with no text (it reads silence as "nothing new"). The two defects are at one seam, the model, under different
fault modes; neither fault's milder modes show the other.
"""

from __future__ import annotations

import json
from typing import Any

import openai

from tests.explore.weather_tool import TOOLS, get_weather, stub_client

CLIENT = stub_client()
GUESS = "Forecast: sunny, as usual."
UNAVAILABLE = "The forecast service is unavailable right now."


def _ask(messages: list[Any], **extra: Any) -> Any:
    return CLIENT.chat.completions.create(model="stub-model", messages=messages, **extra)


def handle(prompt: str) -> str:
    messages: list[Any] = [{"role": "user", "content": prompt}]
    try:
        first = _ask(messages, tools=TOOLS)
    except openai.RateLimitError:
        return GUESS  # defect 1: a rate limit read as "nothing new"
    except Exception:
        return UNAVAILABLE
    message = first.choices[0].message
    if not message.tool_calls:
        return message.content or "no answer"
    call = message.tool_calls[0]
    try:
        found = get_weather(**json.loads(call.function.arguments))  # type: ignore[union-attr]
    except Exception:
        return "I could not read the forecast request."
    messages += [
        message.model_dump(exclude_none=True),
        {"role": "tool", "tool_call_id": call.id, "content": json.dumps(found)},
    ]
    try:
        second = _ask(messages)
    except Exception:
        return UNAVAILABLE
    text = second.choices[0].message.content
    if not text or not text.strip():
        return GUESS  # defect 2: an answer with no text read as "nothing new"
    return text
