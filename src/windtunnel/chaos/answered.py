"""Delivering a whole model answer that a responder gave instead of the model (replay).

The seam hands the agent what its client would have returned: a completion the agent can read as a
dict or through attributes (``res.choices[0].message.content``, ``res.model_dump()``), a stream of
chunks when the request asked for one, or a callable LLM's plain return value.

Only the wrapped ``create`` method and plain callables need this; the HTTP seams answer in wire format instead. A
recorded answer is a JSON value, not the SDK's object, so it is given the SDK's reading surface (attribute paths,
``model_dump``) rather than rebuilt as the SDK's class, so it reads the same whatever SDK and version the agent uses.
"""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator, Iterator
from typing import Any

from windtunnel.chaos.llm_payload import AttrDict, completion_text, wrap_value

__all__ = ["AttrDict", "answer_astream", "answer_stream", "answer_value", "completion_chunks"]


def completion_chunks(body: Any) -> list[Any]:
    """OpenAI-style stream chunks carrying the answer of ``body`` (a completion dict or a string).

    Two chunks, as the shortest real stream looks: one delta with the whole text (and the tool calls, indexed as
    streamed calls are), then the finish chunk; a string answer (a callable LLM's) is its own single chunk.
    """
    if isinstance(body, str):
        return [body]
    text, finish = completion_text(body)
    message: dict[str, Any] = {}
    choices = body.get("choices") if isinstance(body, dict) else None
    if isinstance(choices, list) and choices and isinstance(choices[0], dict):
        message = choices[0].get("message") or {}
    delta: dict[str, Any] = {"role": "assistant", "content": text}
    if message.get("tool_calls"):
        delta["tool_calls"] = [{"index": i, **tc} for i, tc in enumerate(message["tool_calls"])]
    base = {k: body[k] for k in ("id", "model", "created") if isinstance(body, dict) and k in body}
    return [
        {
            **base,
            "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": delta, "finish_reason": None}],
        },
        {
            **base,
            "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": {}, "finish_reason": finish or "stop"}],
        },
    ]


def answer_value(body: Any) -> Any:
    """A non-streamed answer: dicts become :class:`AttrDict`, anything else is returned as it is."""
    return wrap_value(copy.deepcopy(body))


def answer_stream(body: Any) -> Iterator[Any]:
    """A sync stream of the answer, as an SDK stream would yield it (chunks readable as dicts or attributes)."""
    return iter([wrap_value(c) for c in completion_chunks(body)])


async def answer_astream(body: Any) -> AsyncIterator[Any]:
    """An async stream of the answer, for an agent that iterates with ``async for``."""
    for c in completion_chunks(body):
        yield wrap_value(c)
