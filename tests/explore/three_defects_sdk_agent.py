"""QA pass 22's agent: the real ``openai`` SDK with three defects at the model seam that break the same check.

It asks its model (``CLIENT``, pointed at a local stub by the test) with one tool, runs the tool call and asks again
with the tool's answer. Every failure is handled ("unavailable"), except three, each a line of its own where it guesses
a forecast it never got (``as usual``): (A) a rate-limited first call, (B) tool-call arguments that are not JSON, (C) a
dropped connection on the second call (a timeout, the connection error's subclass, is handled). A is a failed call and
B an answer it reads: fixing B leaves A.
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
        return GUESS  # defect A: a rate limit read as "nothing new"
    except Exception:
        return UNAVAILABLE
    message = first.choices[0].message
    if not message.tool_calls:
        return message.content or "no answer"
    call = message.tool_calls[0]
    try:
        arguments = json.loads(call.function.arguments)  # type: ignore[union-attr]
    except ValueError:
        return GUESS  # defect B: arguments it cannot read taken as "the usual city"
    try:
        found = get_weather(**arguments)
    except Exception:
        return "I could not read the forecast request."
    messages += [
        message.model_dump(exclude_none=True),
        {"role": "tool", "tool_call_id": call.id, "content": json.dumps(found)},
    ]
    try:
        second = _ask(messages)
    except openai.APITimeoutError:
        return UNAVAILABLE
    except openai.APIConnectionError:
        return GUESS  # defect C: a dropped connection read as "nothing new"
    except Exception:
        return UNAVAILABLE
    return second.choices[0].message.content or "no answer"
