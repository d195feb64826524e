"""Reading and rewriting model answers in the shapes agents use.

Works on OpenAI-style completions and stream chunks given as dicts (the proxy, raw HTTP clients) or as
SDK objects (attribute access, pydantic ``model_copy``), and on plain strings from callable LLMs.
Rewrites always return copies.

This is the python-value side of LLM faults, for the wrapped ``create`` method or callable (:mod:`.wrappers`); the
HTTP seams edit bytes on the wire instead (:mod:`.llm_wire`). Both read an answer into the same
:class:`~windtunnel.chaos.base.LlmReply` and write it back through the Chat Completions codec
(:class:`~windtunnel.chaos.llm_api_chat.ChatApi`), so a fault is written once and acts the same on either side.

The rule for a rewritten answer is that the agent's code must read it exactly as it reads a real one: a dict stays a
dict, an SDK object is rebuilt as the same pydantic class (:func:`_like`), and only when that class rejects the faulted
content does the agent get an :class:`AttrDict`, which answers the same attribute paths. Anything a fault does not
change (ids, usage, extra fields) is carried over from the real answer.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import math
from typing import Any

from windtunnel.chaos.base import LlmReply, ToolUse
from windtunnel.chaos.llm_api_chat import ChatApi
from windtunnel.chaos.llm_apis import events_of, parse_event, render_event

_CHAT = ChatApi()


class AttrDict(dict[str, Any]):
    """A dict whose keys also read as attributes, recursively (an SDK-like completion object)."""

    def __getattr__(self, name: str) -> Any:
        """``self[name]`` (nested dicts wrapped too), so agent code written for SDK objects (``res.choices[0].message``)
        reads a rewritten answer; a missing key is an ``AttributeError`` like on the SDK object.
        """
        try:
            return wrap_value(self[name])
        except KeyError:
            raise AttributeError(name) from None

    def model_dump(self, **_: Any) -> dict[str, Any]:
        """A deep copy as a plain dict, like a pydantic model's ``model_dump``."""
        return copy.deepcopy(dict(self))


def wrap_value(value: Any) -> Any:
    """``value`` with dicts (also inside lists) made :class:`AttrDict`."""
    if isinstance(value, dict) and not isinstance(value, AttrDict):
        return AttrDict(value)
    if isinstance(value, list):
        return [wrap_value(v) for v in value]
    return value


def _get(obj: Any, name: str) -> Any:
    """``obj[name]`` for a dict, ``obj.name`` otherwise; ``None`` when missing."""
    if isinstance(obj, dict):
        return obj.get(name)
    return getattr(obj, name, None)


def _copy(obj: Any) -> Any:
    """A deep copy of a dict or an SDK object (pydantic's ``model_copy(deep=True)``): rewrites never touch the original,
    which the SDK or the agent may still hold.
    """
    if hasattr(obj, "model_copy"):
        return obj.model_copy(deep=True)
    return copy.deepcopy(obj)


def _set(obj: Any, name: str, value: Any) -> None:
    """``obj[name] = value`` for a dict, ``setattr`` otherwise."""
    if isinstance(obj, dict):
        obj[name] = value
    else:
        setattr(obj, name, value)


def _first_choice(obj: Any) -> Any:
    """``choices[0]`` of a completion or chunk, or ``None``."""
    choices = _get(obj, "choices")
    if isinstance(choices, (list, tuple)) and choices:
        return choices[0]
    return None


def completion_text(res: Any) -> tuple[str | None, str | None]:
    """``(assistant text, finish_reason)`` of a completion, a string, or a ``{output|content|text}`` dict.

    A completion whose message carries only tool calls has no text (``None``), so text faults leave it alone.
    """
    if isinstance(res, str):
        return res, None
    choice = _first_choice(res)
    if choice is not None:
        message = _get(choice, "message")
        content = _get(message, "content")
        if not content and _get(message, "tool_calls"):
            return None, _get(choice, "finish_reason")  # only tool calls: nothing for text faults
        return (content if isinstance(content, str) else None), _get(choice, "finish_reason")
    if isinstance(res, dict):
        for key in ("content", "output", "text", "response"):
            if isinstance(res.get(key), str):
                return res[key], None
    return None, None


def with_completion_text(res: Any, reply: LlmReply) -> Any:
    """A copy of ``res`` carrying ``reply.text`` (and its finish reason)."""
    if isinstance(res, str):
        return reply.text
    out = _copy(res)
    choice = _first_choice(out)
    if choice is not None:
        _set(_get(choice, "message"), "content", reply.text)
        if reply.finish_reason:
            _set(choice, "finish_reason", reply.finish_reason)
        return out
    for key in ("content", "output", "text", "response"):
        if isinstance(out.get(key), str):
            out[key] = reply.text
            return out
    return out


def chunk_text(chunk: Any) -> str | None:
    """The text delta of a stream chunk (``None`` when the chunk carries no content)."""
    if isinstance(chunk, str):
        return chunk
    choice = _first_choice(chunk)
    if choice is None:
        return None
    content = _get(_get(choice, "delta"), "content")
    return content if isinstance(content, str) else None


def _chunk_with(chunk: Any, text: str | None, finish_reason: str | None) -> Any:
    """A copy of ``chunk`` with its delta text and/or finish reason replaced (``None`` leaves it); a string chunk
    becomes the text.
    """
    if isinstance(chunk, str):
        return text or ""
    out = _copy(chunk)
    choice = _first_choice(out)
    if text is not None:
        _set(_get(choice, "delta"), "content", text)
    if finish_reason is not None:
        _set(choice, "finish_reason", finish_reason)
    return out


def stream_text(chunks: list[Any]) -> tuple[str | None, str | None]:
    """Concatenated text and last finish reason of a stream (text ``None`` without content chunks)."""
    parts = [t for t in (chunk_text(c) for c in chunks) if t is not None]
    finish = None
    for c in chunks:
        choice = None if isinstance(c, str) else _first_choice(c)
        if choice is not None and _get(choice, "finish_reason"):
            finish = _get(choice, "finish_reason")
    return ("".join(parts) if parts else None), finish


def rebuild_stream(chunks: list[Any], reply: LlmReply) -> list[Any]:
    """The stream re-emitted with ``reply.text`` as its content: one content chunk, the others kept.

    The first text chunk carries the whole new text, later text chunks are dropped (one that carries the finish is kept
    with empty text), and non-text chunks are kept; a changed finish reason is written into the chunks that carry one.
    """
    out: list[Any] = []
    placed = False
    for c in chunks:
        text = chunk_text(c)
        choice = None if isinstance(c, str) else _first_choice(c)
        finish = _get(choice, "finish_reason") if choice is not None else None
        new_finish = reply.finish_reason if finish and reply.finish_reason and reply.finish_reason != finish else None
        if text is None:
            out.append(_chunk_with(c, None, new_finish) if new_finish else c)
        elif not placed:
            out.append(_chunk_with(c, reply.text or "", new_finish))
            placed = True
        elif finish:
            out.append(_chunk_with(c, "", new_finish))
    return out


def cut_stream(chunks: list[Any], keep: float) -> list[Any]:
    """The chunks delivered before a cut after ``keep`` of the text (the last one possibly partial).

    The cut falls inside the text: chunks without text before it are kept, the chunk that crosses the budget is cut to
    fit, and the finish chunk never arrives, as on a dropped connection.
    """
    total, _ = stream_text(chunks)
    budget = math.floor(len(total or "") * keep)
    sent = 0
    out: list[Any] = []
    for c in chunks:
        text = chunk_text(c)
        if text is None:
            choice = None if isinstance(c, str) else _first_choice(c)
            if choice is not None and _get(choice, "finish_reason"):
                break
            out.append(c)
            continue
        if sent + len(text) <= budget:
            out.append(c)
            sent += len(text)
            continue
        if budget - sent > 0:
            out.append(_chunk_with(c, text[: budget - sent], None))
        break
    return out


# -- whole answers (tool calls, refusal, finish reason), in Chat Completions shape ----------------


def _as_dict(obj: Any) -> dict[str, Any] | None:
    """``obj`` as a dict: itself, or an SDK object's ``model_dump()``; ``None`` for anything else (a string)."""
    if isinstance(obj, dict):
        return obj
    dump = getattr(obj, "model_dump", None)
    if callable(dump):
        value = dump()
        return value if isinstance(value, dict) else None
    return None


def read_completion(res: Any) -> tuple[dict[str, Any] | None, LlmReply]:
    """``(the completion as a dict, its reply)``; the dict is ``None`` when ``res`` is no Chat
    Completions answer (a string, a ``{output|content|text}`` dict), read as text only."""
    data = _as_dict(res)
    reply = _CHAT.read(data) if data is not None else None
    if data is not None and reply is not None:
        return data, reply
    text, finish = completion_text(res)
    return None, LlmReply(text=text, finish_reason=finish)


def said(reply: LlmReply | None) -> Any:
    """What the call log keeps as a model's answer, on every seam: its text (or its refusal when it has no
    text); an answer that asks for tools is ``{"text": …, "tool_calls": [{"name", "arguments"}]}``, so a
    tool-calls-only answer is never recorded as ``null``."""
    if reply is None:
        return None
    text = reply.text if reply.text is not None or reply.refusal is None else reply.refusal
    if not reply.tool_calls:
        return text
    return {"text": text, "tool_calls": [{"name": t.name, "arguments": t.arguments} for t in reply.tool_calls]}


def unsaid(value: Any) -> LlmReply | None:
    """The reply a call log's answer that asks for tools stands for (:func:`said`'s ``{"text": …, "tool_calls":
    [{"name", "arguments"}]}``), so a replay can give it back in the API the agent calls; ``None`` for any other
    value (a text answer, a whole completion)."""
    if not isinstance(value, dict) or set(value) - {"text", "tool_calls"}:
        return None
    if not isinstance(value.get("tool_calls"), list):
        return None
    calls = value["tool_calls"]
    if not all(isinstance(c, dict) and isinstance(c.get("name"), str) for c in calls):
        return None
    text = value.get("text")
    return LlmReply(
        text=text if isinstance(text, str) else None,
        finish_reason="tool_calls" if calls else "stop",
        tool_calls=[ToolUse(name=c["name"], arguments=_arguments(c.get("arguments"))) for c in calls] or None,
    )


def _arguments(value: Any) -> str:
    """A logged tool call's arguments as the JSON text a model writes (text stays as it is)."""
    return value if isinstance(value, str) else json.dumps(value if value is not None else {})


def _like(original: Any, value: dict[str, Any]) -> Any:
    """``value`` as the type of ``original`` (a dict, or the SDK model it was dumped from)."""
    if isinstance(original, dict):
        return value
    try:
        return type(original).model_validate(value)
    except Exception:  # a model that rejects the faulted answer: the agent still gets its fields
        return AttrDict(value)


def rewrite_completion(res: Any, data: dict[str, Any] | None, reply: LlmReply) -> Any:
    """``res`` carrying ``reply``: the whole completion rewritten, or for a text answer its text."""
    if data is None:
        if isinstance(res, str):
            return said(reply) or ""
        return with_completion_text(res, reply)
    return _like(res, _CHAT.write(data, reply))


def read_chunks(chunks: list[Any]) -> tuple[dict[str, Any] | None, LlmReply]:
    """``(the completion a chunk stream assembles to, its reply)``, as :func:`read_completion`."""
    dicts = [_as_dict(c) for c in chunks]
    if chunks and all(d is not None for d in dicts):
        events = [parse_event(render_event(None, d)) for d in dicts]
        data = _CHAT.assemble(events)
        reply = _CHAT.read(data) if data is not None else None
        if data is not None and reply is not None:
            return data, reply
    text, finish = stream_text(chunks)
    return None, LlmReply(text=text, finish_reason=finish)


def rewrite_chunks(chunks: list[Any], data: dict[str, Any] | None, before: LlmReply, reply: LlmReply) -> list[Any]:
    """The stream re-emitted carrying ``reply`` (``before`` is what it carried): the model's chunks
    when only a repeated chunk differs, else rebuilt (tool calls included when it assembled to a
    completion)."""
    plain = dataclasses.replace(reply, repeat_chunk=None)
    if plain == before:
        out = chunks
    elif data is None:
        out = rebuild_stream(chunks, reply)
    else:
        values = [ev.json() for ev in events_of(_CHAT.render(data, plain))]
        out = [_like(chunks[0], v) for v in values if isinstance(v, dict)]
    return out if reply.repeat_chunk is None else repeat_text_chunk(out, reply.repeat_chunk)


def repeat_text_chunk(chunks: list[Any], index: int) -> list[Any]:
    """``chunks`` with the text chunk of ``index`` (the last one if there are fewer) sent twice."""
    texts = [i for i, c in enumerate(chunks) if chunk_text(c)]
    if not texts:
        return chunks
    at = texts[min(index, len(texts) - 1)]
    return chunks[: at + 1] + [_copy(chunks[at])] + chunks[at + 1 :]
