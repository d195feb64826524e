"""OpenAI Chat Completions on the wire (``POST …/chat/completions``), and the OpenAI error body that
the Responses API shares.

Chat Completions is also the dialect most OpenAI-compatible servers speak (vLLM, LM Studio, Ollama's ``/v1``, many
gateways), so this is the API most agents under test use. What the class must get exactly right is what an SDK keys its
behaviour on: the error body's ``type`` and ``code`` (the OpenAI SDK picks its exception class from the status and
reads the message from ``error.message``), a stream of ``chat.completion.chunk`` events that ends in ``data: [DONE]``,
and tool calls streamed as argument fragments under an ``index``, which the SDK's stream helper joins. A fault that
edits an answer goes through :meth:`ChatApi.read` and :meth:`ChatApi.write`, so ids, usage and every field it does not
touch stay as the upstream sent them.

The canned error messages are the provider's own wording, so an agent that logs or matches on them sees what it would
see in production.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import orjson

from windtunnel._util.jsonsafe import MAX_DEPTH
from windtunnel.chaos.base import LlmReply, ToolUse
from windtunnel.chaos.llm_apis import Event, Seen, WireApi, parse_event, render_event, same_calls

_OPENAI_MESSAGES = {
    429: "Rate limit reached for requests. Please try again later.",
    500: "The server had an error while processing your request. Sorry about that!",
    502: "Bad gateway.",
    503: "The engine is currently overloaded, please try again later.",
    504: "Request timed out.",
    529: "The engine is currently overloaded, please try again later.",
}


def openai_error_body(status: int, message: str | None) -> bytes:
    """OpenAI's error body for ``status`` (``rate_limit_exceeded`` for 429)."""
    if status == 429:
        err = {"message": message or _OPENAI_MESSAGES[429], "type": "requests", "param": None}
        err["code"] = "rate_limit_exceeded"
    else:
        err = {
            "message": message or _OPENAI_MESSAGES.get(status, "The server had an error."),
            "type": "server_error" if status >= 500 else "invalid_request_error",
            "param": None,
            "code": None,
        }
    return json.dumps({"error": err}).encode()


def _choice(data: Any) -> dict[str, Any] | None:
    """The first choice of a Chat Completions answer or chunk, or ``None`` when it has none (a usage-only chunk, an
    error body).
    """
    choices = data.get("choices") if isinstance(data, dict) else None
    if not choices or not isinstance(choices[0], dict):
        return None
    return choices[0]


_IRREGULAR: tuple[bool, str | None] = (False, None)
"""What :func:`_plain_stream_text` says of a stream it leaves to the event-by-event reading."""


def _plain_stream_text(data: bytes) -> tuple[bool, str | None]:
    """``(True, text)`` of a Chat Completions stream of plain events (the text ``classify`` finds, the
    same), or :data:`_IRREGULAR` for anything else: a CR, an event that is not one ``data:`` line, a
    payload that is not JSON or nests past the depth bound, a ``delta`` that is not an object."""
    if b"\r" in data:
        return _IRREGULAR
    blocks = [block for block in data.split(b"\n\n") if block]
    if not all(block.startswith(b"data:") and b"\n" not in block for block in blocks):
        return _IRREGULAR
    payloads = [block[6:] if block[5:6] == b" " else block[5:] for block in blocks]
    payloads = [payload for payload in payloads if payload.strip() != b"[DONE]"]
    if data.count(b"{") + data.count(b"[") > MAX_DEPTH and any(
        payload.count(b"{") + payload.count(b"[") > MAX_DEPTH for payload in payloads
    ):
        return _IRREGULAR
    try:
        events = orjson.loads(b"[" + b",".join(payloads) + b"]")
    except orjson.JSONDecodeError:
        return _IRREGULAR
    parts: list[str] = []
    for obj in events:
        choice = None
        if isinstance(obj, dict):  # _choice, inlined: a dozen events per stream
            choices = obj.get("choices")
            if choices and isinstance(choices[0], dict):
                choice = choices[0]
        delta = (choice or {}).get("delta") or {}
        if not isinstance(delta, dict):
            return _IRREGULAR
        content = delta.get("content")
        if isinstance(content, str) and content:
            parts.append(content)
    return True, "".join(parts) if parts else None


class ChatApi(WireApi):
    """Chat Completions: ``choices[0].message`` (``content``, ``refusal``, ``tool_calls``) and
    ``finish_reason``; streams of ``chat.completion.chunk`` deltas ending in ``data: [DONE]``."""

    name = "chat"
    path_suffix = "/chat/completions"

    def error_body(self, status: int, message: str | None) -> bytes:
        """OpenAI's error JSON (:func:`openai_error_body`)."""
        return openai_error_body(status, message)

    def read(self, data: Any) -> LlmReply | None:
        """Read ``choices[0].message``: ``content`` is the text (``None`` when the message carries only tool calls),
        ``tool_calls`` the function calls, ``refusal`` OpenAI's separate refusal field.
        """
        choice = _choice(data)
        if choice is None:
            return None
        message = choice.get("message") or {}
        calls = [
            ToolUse(name=str(fn.get("name") or ""), arguments=str(fn.get("arguments") or ""), id=tc.get("id"))
            for tc in message.get("tool_calls") or []
            if isinstance(tc, dict) and isinstance(fn := tc.get("function"), dict)
        ]
        content = message.get("content")
        text = content if isinstance(content, str) and (content or not calls) else None
        refusal = message.get("refusal")
        return LlmReply(
            text=text,
            finish_reason=choice.get("finish_reason"),
            tool_calls=calls or None,
            refusal=refusal if isinstance(refusal, str) else None,
        )

    def write(self, data: dict[str, Any], reply: LlmReply) -> dict[str, Any]:
        """A deep copy with the reply's content, refusal and finish reason; the tool calls are rewritten only when they
        differ, keeping each original call's extra fields and id where the reply gives none.
        """
        out = copy.deepcopy(data)
        choice = out["choices"][0]
        message = choice.setdefault("message", {})
        before = self.read(data)
        if reply.text is not None or (before is not None and before.text is not None):
            message["content"] = reply.text
        if reply.refusal is not None or message.get("refusal") is not None:
            message["refusal"] = reply.refusal
        if before is None or not same_calls(before.tool_calls, reply.tool_calls):
            old = message.get("tool_calls") or []
            calls = []
            for i, tc in enumerate(reply.tool_calls or []):
                entry: dict[str, Any] = {"type": "function"}
                if i < len(old) and isinstance(old[i], dict):
                    entry = copy.deepcopy(old[i])
                entry["id"] = tc.id or entry.get("id") or f"call_{i}"
                fn: dict[str, Any] = entry["function"] if isinstance(entry.get("function"), dict) else {}
                entry["function"] = {**fn, "name": tc.name, "arguments": tc.arguments}
                calls.append(entry)
            if calls:
                message["tool_calls"] = calls
            else:
                message.pop("tool_calls", None)
        if reply.finish_reason:
            choice["finish_reason"] = reply.finish_reason
        return out

    def text_answer(self, text: str, model: str) -> dict[str, Any]:
        """A one-choice ``chat.completion`` carrying ``text`` with ``finish_reason: stop``."""
        return {
            "id": "chatcmpl-replayed",
            "object": "chat.completion",
            "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
        }

    def declared_tools(self, request: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """The ``function`` tools of the request: name → ``parameters`` schema."""
        fns = [
            t["function"]
            for t in request.get("tools") or []
            if isinstance(t, dict) and isinstance(t.get("function"), dict)
        ]
        return {f["name"]: f.get("parameters") or {} for f in fns if isinstance(f.get("name"), str)}

    def stream_text(self, data: bytes) -> str | None:
        """The assistant text of a whole stream: read in one orjson pass when the stream is the usual
        ``data: {...}`` events (LF-separated, one data line each), else event by event as every API is."""
        plain, text = _plain_stream_text(data)
        return text if plain else super().stream_text(data)

    def classify(self, ev: Event, state: dict[str, Any]) -> list[Seen]:
        """``[DONE]`` ends the stream; a chunk's ``delta.content`` is text and its ``finish_reason`` both ends the text
        and carries the finish.
        """
        if ev.data is None:
            return [Seen("other")]
        if ev.data.strip() == "[DONE]":
            return [Seen("terminal")]
        obj = ev.json()
        if not isinstance(obj, dict):
            return [Seen("other")]
        choice = _choice(obj) or {}
        out: list[Seen] = []
        delta = choice.get("delta")
        content = delta.get("content") if isinstance(delta, dict) else None  # a model's bytes: anything
        if isinstance(content, str) and content:
            out.append(Seen("text", text=content))
        if choice.get("finish_reason"):
            out += [Seen("text_end"), Seen("finish", finish=choice["finish_reason"])]
        return out or [Seen("other")]

    def text_event(self, template: Event, text: str) -> bytes:
        """The template chunk with ``delta`` replaced by ``{"content": text}`` and no finish reason."""
        obj = template.json()
        choice = obj["choices"][0]
        choice["delta"] = {"content": text}
        choice["finish_reason"] = None
        return render_event(template.name, obj)

    def with_finish(self, ev: Event, finish: str) -> bytes:
        """The chunk with ``choices[0].finish_reason`` set to ``finish``."""
        obj = ev.json()
        obj["choices"][0]["finish_reason"] = finish
        return render_event(ev.name, obj)

    def without_text(self, ev: Event) -> Event:
        """The chunk with an empty ``delta``, keeping its finish reason."""
        obj = ev.json()
        if isinstance(obj, dict) and obj.get("choices"):
            obj["choices"][0]["delta"] = {}
        return parse_event(render_event(ev.name, obj))

    def assemble(self, events: list[Event]) -> dict[str, Any] | None:
        """Join the chunk deltas into one ``chat.completion`` (content, refusal, tool calls merged by ``index``, ids and
        usage from the chunks); ``None`` when the stream has neither ``[DONE]`` nor a finish reason, i.e. it was cut.
        """
        base: dict[str, Any] = {}
        text: list[str] = []
        refusal: list[str] = []
        calls: dict[int, dict[str, Any]] = {}
        finish = None
        done = False
        for ev in events:
            if ev.data is not None and ev.data.strip() == "[DONE]":
                done = True
                continue
            obj = ev.json()
            if not isinstance(obj, dict):
                continue
            for key in ("id", "created", "model", "system_fingerprint", "service_tier", "usage"):
                if obj.get(key) is not None:
                    base[key] = obj[key]
            choice = _choice(obj)
            if choice is None:
                continue
            delta = choice.get("delta") or {}
            if isinstance(delta.get("content"), str):
                text.append(delta["content"])
            if isinstance(delta.get("refusal"), str):
                refusal.append(delta["refusal"])
            for tc in delta.get("tool_calls") or []:
                entry = calls.setdefault(int(tc.get("index", 0)), {"type": "function", "function": {"arguments": ""}})
                if tc.get("id"):
                    entry["id"] = tc["id"]
                fn = tc.get("function") or {}
                if fn.get("name"):
                    entry["function"]["name"] = fn["name"]
                entry["function"]["arguments"] += fn.get("arguments") or ""
            finish = choice.get("finish_reason") or finish
        if not done and finish is None:
            return None
        message: dict[str, Any] = {"role": "assistant", "content": "".join(text) if text else None}
        if refusal:
            message["refusal"] = "".join(refusal)
        if calls:
            message["tool_calls"] = [calls[i] for i in sorted(calls)]
        choice_out = {"index": 0, "message": message, "finish_reason": finish}
        return {**base, "object": "chat.completion", "choices": [choice_out]}

    def render(self, base: dict[str, Any], reply: LlmReply, repeat_text: bool = False) -> bytes:
        """The chunks an OpenAI stream of ``reply`` would send: a role chunk, the text (twice for ``repeat_text``), the
        refusal, one chunk per tool call, a finish chunk and ``[DONE]``.
        """
        head = {k: base[k] for k in ("id", "created", "model", "system_fingerprint") if k in base}

        def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
            """One ``chat.completion.chunk`` event with the answer's ids, ``delta`` and finish reason."""
            choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
            return render_event(None, {**head, "object": "chat.completion.chunk", "choices": [choice]})

        out = [chunk({"role": "assistant", "content": ""})]
        if reply.text:
            out += [chunk({"content": reply.text})] * (2 if repeat_text else 1)
        if reply.refusal:
            out.append(chunk({"refusal": reply.refusal}))
        for i, tc in enumerate(reply.tool_calls or []):
            fn = {"name": tc.name, "arguments": tc.arguments}
            out.append(
                chunk({"tool_calls": [{"index": i, "id": tc.id or f"call_{i}", "type": "function", "function": fn}]})
            )
        out.append(chunk({}, reply.finish_reason or "stop"))
        return b"".join(out) + render_event(None, "[DONE]")
