"""Ollama's native API on the wire: ``POST /api/chat`` (``message`` with ``content`` and ``tool_calls``)
and ``POST /api/generate`` (``response``). Both stream unless the request says ``"stream": false``, as
NDJSON: one JSON object per line, each with ``"done": false`` and a piece of the text, the last with
``"done": true``, ``done_reason`` and the counts. Errors are ``{"error": "…"}``."""

from __future__ import annotations

import copy
import json
from typing import Any

from windtunnel.chaos.base import LlmReply, ToolUse
from windtunnel.chaos.llm_apis import NDJSON, Event, Seen, WireApi, arguments_object, render_event, tool_arguments

_MESSAGES = {429: "too many requests", 500: "internal server error", 503: "server busy, please try again later"}
_DONE_FIELDS: tuple[str, ...] = ("done_reason", "total_duration", "load_duration", "prompt_eval_count")
_DONE_FIELDS += ("prompt_eval_duration", "eval_count", "eval_duration", "context")


def _done_reason(finish: str | None) -> str:
    """Ollama speaks ``stop`` and ``length`` (a tool-call answer ends with ``stop`` too)."""
    return "length" if finish == "length" else "stop"


class OllamaApi(WireApi):
    """What ``/api/chat`` and ``/api/generate`` share; :attr:`key` names where the text is.

    The two endpoints differ only in where an object keeps its text (``message.content`` or ``response``) and its
    tool calls (chat only), so the subclasses override the four accessors (``_text``, ``_set_text``, ``_calls``,
    ``_set_calls``) and everything else (reading, writing, stream roles, rebuilding a stream) is written once here,
    against those accessors. A rebuilt stream ends with a ``done`` line carrying the upstream's timing counters, since
    clients read token counts from it.
    """

    ndjson = True
    streams_by_default = True
    key = "response"

    def error_body(self, status: int, message: str | None) -> bytes:
        """Ollama's error body: ``{"error": message}``."""
        return json.dumps({"error": message or _MESSAGES.get(status, "server error")}).encode()

    # the text of one object (an answer or a stream line) --------------------------------------------
    def _text(self, obj: dict[str, Any]) -> str | None:
        """The text of one answer or stream line (``None`` when it has none); subclasses say where it lives."""
        value = obj.get(self.key)
        return value if isinstance(value, str) else None

    def _set_text(self, obj: dict[str, Any], text: str) -> None:
        """Put ``text`` where this API keeps it."""
        obj[self.key] = text

    def _calls(self, obj: dict[str, Any]) -> list[ToolUse]:
        """The tool calls of one answer or line; ``/api/generate`` has none."""
        return []

    def _set_calls(self, obj: dict[str, Any], calls: list[ToolUse]) -> None:
        """Put ``calls`` where this API keeps them; ``/api/generate`` cannot carry any."""
        return None

    # whole answers -------------------------------------------------------------------------------
    def read(self, data: Any) -> LlmReply | None:
        """Read an answer (an object with the text key or ``done``): text, tool calls, and ``done_reason`` as the finish
        (``tool_calls`` when the answer calls tools and stopped normally).
        """
        if not isinstance(data, dict) or (self.key not in data and "done" not in data):
            return None
        calls = self._calls(data)
        text = self._text(data)
        finish = data.get("done_reason")
        return LlmReply(
            text=None if calls and not text else text,
            finish_reason="tool_calls" if calls and finish in (None, "stop") else finish,
            tool_calls=calls or None,
        )

    def write(self, data: dict[str, Any], reply: LlmReply) -> dict[str, Any]:
        """A deep copy carrying the reply's text (or refusal, which Ollama sends as text), tool calls and
        ``done_reason``.
        """
        out = copy.deepcopy(data)
        text = reply.refusal if reply.refusal is not None else reply.text
        if text is not None or self._text(out) is None:
            self._set_text(out, text or "")
        self._set_calls(out, list(reply.tool_calls or []))
        if reply.finish_reason:
            out["done_reason"] = _done_reason(reply.finish_reason)
        return out

    def text_answer(self, text: str, model: str) -> dict[str, Any]:
        """A minimal finished answer (``done: true``, ``done_reason: stop``) carrying ``text``."""
        answer: dict[str, Any] = {"model": model, "created_at": "1970-01-01T00:00:00Z", "done": True}
        answer["done_reason"] = "stop"
        self._set_text(answer, text)
        return answer

    def declared_tools(self, request: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """The request's ``function`` tools: name → ``parameters`` schema."""
        out: dict[str, dict[str, Any]] = {}
        for tool in request.get("tools") or []:
            fn = tool.get("function") if isinstance(tool, dict) else None
            if isinstance(fn, dict) and isinstance(fn.get("name"), str):
                out[fn["name"]] = fn.get("parameters") or {}
        return out

    # streams -------------------------------------------------------------------------------------
    def classify(self, ev: Event, state: dict[str, Any]) -> list[Seen]:
        """A line's text is a text delta; the ``done`` line ends the text and carries ``done_reason``."""
        obj = ev.json()
        if not isinstance(obj, dict):
            return [Seen("other")]
        out: list[Seen] = []
        text = self._text(obj)
        if text:
            out.append(Seen("text", text=text))
        if obj.get("done"):
            out += [Seen("text_end"), Seen("finish", finish=obj.get("done_reason") or "stop")]
        return out or [Seen("other")]

    def text_event(self, template: Event, text: str) -> bytes:
        """The template line carrying ``text``, marked not done and without the final line's counts."""
        obj = template.json()
        self._set_text(obj, text)
        obj["done"] = False
        for key in _DONE_FIELDS:
            obj.pop(key, None)
        return render_event(NDJSON, obj)

    def with_finish(self, ev: Event, finish: str) -> bytes:
        """The line with ``done_reason`` set (only ``stop`` and ``length`` exist in Ollama)."""
        obj = ev.json()
        obj["done_reason"] = _done_reason(finish)
        return render_event(NDJSON, obj)

    def without_text(self, ev: Event) -> Event:
        """The line with its text emptied, keeping ``done`` and the counts."""
        obj = ev.json()
        if isinstance(obj, dict):
            self._set_text(obj, "")
        return Event(render_event(NDJSON, obj), NDJSON, json.dumps(obj, ensure_ascii=False))

    def broken_event(self, template: Event, text: str) -> bytes:
        """Half of a text line: NDJSON has no event framing to keep, so the broken line is cut JSON and a newline."""
        line = self.text_event(template, text or "…").decode().rstrip("\n")
        return f"{line[: max(1, len(line) // 2)]}\n".encode()

    def assemble(self, events: list[Event]) -> dict[str, Any] | None:
        """Join the lines' text and tool calls into the final ``done`` line; ``None`` when the stream has no ``done``
        line.
        """
        parts: list[str] = []
        calls: list[ToolUse] = []
        for ev in events:
            obj = ev.json()
            if not isinstance(obj, dict):
                continue
            parts.append(self._text(obj) or "")
            calls += self._calls(obj)
            if obj.get("done"):
                final = copy.deepcopy(obj)
                self._set_text(final, "".join(parts))
                self._set_calls(final, calls)
                return final
        return None

    def render(self, base: dict[str, Any], reply: LlmReply, repeat_text: bool = False) -> bytes:
        """The NDJSON lines Ollama would stream for ``reply``: the text (twice for ``repeat_text``), a line with the
        tool calls, and the final ``done`` line with the counts and no text.
        """
        final = self.write(base, reply)
        head = {k: v for k, v in final.items() if k in ("model", "created_at")}
        lines: list[bytes] = []
        text = self._text(final) or ""
        for _ in range(2 if repeat_text and text else 1):
            piece = {**head, "done": False}
            self._set_text(piece, text)
            lines.append(render_event(NDJSON, piece))
        calls = self._calls(final)
        if calls:
            piece = {**head, "done": False}
            self._set_text(piece, "")
            self._set_calls(piece, calls)
            lines.append(render_event(NDJSON, piece))
        last = {k: v for k, v in final.items()}
        self._set_text(last, "")
        self._set_calls(last, [])
        lines.append(render_event(NDJSON, last))
        return b"".join(lines)


class OllamaChatApi(OllamaApi):
    """``POST /api/chat``: the text is ``message.content``; tool calls are ``message.tool_calls`` with
    ``function.arguments`` as an object."""

    name = "ollama_chat"
    path_suffix = "/api/chat"
    key = "message"

    def _text(self, obj: dict[str, Any]) -> str | None:
        """``message.content``."""
        message = obj.get("message")
        content = message.get("content") if isinstance(message, dict) else None
        return content if isinstance(content, str) else None

    def _set_text(self, obj: dict[str, Any], text: str) -> None:
        """Set ``message.content``, creating an assistant message when the object has none."""
        message = obj.get("message")
        obj["message"] = {**(message if isinstance(message, dict) else {"role": "assistant"}), "content": text}

    def _calls(self, obj: dict[str, Any]) -> list[ToolUse]:
        """``message.tool_calls``, their ``arguments`` object serialised as JSON text (Ollama gives calls no ids)."""
        message = obj.get("message")
        raw = message.get("tool_calls") if isinstance(message, dict) else None
        out = []
        for call in raw or []:
            fn = call.get("function") if isinstance(call, dict) else None
            if isinstance(fn, dict):
                out.append(ToolUse(name=str(fn.get("name") or ""), arguments=tool_arguments(fn.get("arguments", {}))))
        return out

    def _set_calls(self, obj: dict[str, Any], calls: list[ToolUse]) -> None:
        """Set (or, for none, remove) ``message.tool_calls``, parsing each call's arguments back into an object."""
        message = obj.get("message")
        if not isinstance(message, dict):
            return
        if calls:
            message["tool_calls"] = [
                {"function": {"name": c.name, "arguments": arguments_object(c.arguments)}} for c in calls
            ]
        else:
            message.pop("tool_calls", None)


class OllamaGenerateApi(OllamaApi):
    """``POST /api/generate``: the text is ``response``."""

    name = "ollama_generate"
    path_suffix = "/api/generate"


__all__ = ["OllamaChatApi", "OllamaGenerateApi"]
