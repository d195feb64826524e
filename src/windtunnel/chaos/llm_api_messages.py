"""Anthropic Messages on the wire (``POST …/v1/messages``): ``content`` blocks (``text``,
``tool_use`` with an ``input`` object), ``stop_reason``, and ``message_*`` / ``content_block_*`` events.

The fault model speaks Chat Completions (finish reasons ``stop``, ``length``, ``tool_calls``, ``content_filter``;
tool arguments as JSON text); this module translates both ways, so every LLM fault works on Anthropic traffic without
knowing it exists. The translation is lossless for what faults touch: ``end_turn`` ↔ ``stop``, ``max_tokens`` ↔
``length``, ``tool_use`` ↔ ``tool_calls``, ``refusal`` ↔ ``content_filter``, and a tool's ``input`` object round-trips
through its JSON text. Errors are Anthropic's envelope (``{"type": "error", "error": {"type": ...}}``) with the error
type it uses per status, including 529 ``overloaded_error``, which the Anthropic SDK retries like any 5xx before it
raises. A rebuilt stream (:meth:`MessagesApi.render`) has the full event sequence the SDK's stream accumulator expects,
from ``message_start`` to ``message_stop``.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from windtunnel.chaos.base import LlmReply, ToolUse
from windtunnel.chaos.llm_apis import Event, Seen, WireApi, arguments_object, render_event, same_calls, tool_arguments

_TO_ANTHROPIC = {"stop": "end_turn", "length": "max_tokens", "tool_calls": "tool_use", "content_filter": "refusal"}
_FROM_ANTHROPIC = {v: k for k, v in _TO_ANTHROPIC.items()}
_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    504: "timeout_error",
    529: "overloaded_error",
}
_MESSAGES = {429: "Number of requests has exceeded your rate limit.", 529: "Overloaded"}


def _finish(stop: Any) -> Any:
    """Anthropic's ``stop_reason`` in Chat Completions terms (``end_turn`` → ``stop`` ...); unknown reasons pass as they
    are.
    """
    return _FROM_ANTHROPIC.get(str(stop), stop)


class MessagesApi(WireApi):
    """Anthropic Messages. A refusal is plain text with ``stop_reason: refusal`` (``content_filter``);
    tool arguments that are not a JSON object reach a non-streamed answer as what a partial parser
    reads of them (a cut-off object) or as the text itself, and a stream as the raw ``partial_json``."""

    name = "messages"
    path_suffix = "/messages"

    def error_body(self, status: int, message: str | None) -> bytes:
        """Anthropic's error JSON: ``{"type": "error", "error": {"type", "message"}}`` with the error type Anthropic
        uses for ``status`` (``rate_limit_error``, ``overloaded_error`` ...).
        """
        kind = _TYPES.get(status, "api_error")
        msg = message or _MESSAGES.get(status, "Internal server error")
        return json.dumps(
            {"type": "error", "error": {"type": kind, "message": msg}, "request_id": "req_windtunnel"}
        ).encode()

    def read(self, data: Any) -> LlmReply | None:
        """Read the ``content`` blocks: text blocks joined (``None`` without any), ``tool_use`` blocks with their
        ``input`` serialised as JSON text, ``stop_reason`` translated.
        """
        if not isinstance(data, dict) or not isinstance(data.get("content"), list):
            return None
        blocks = [b for b in data["content"] if isinstance(b, dict)]
        texts = [str(b.get("text") or "") for b in blocks if b.get("type") == "text"]
        calls = [
            ToolUse(name=str(b.get("name") or ""), arguments=tool_arguments(b.get("input", {})), id=b.get("id"))
            for b in blocks
            if b.get("type") == "tool_use"
        ]
        return LlmReply(
            text="".join(texts) if texts else None,
            finish_reason=_finish(data.get("stop_reason")),
            tool_calls=calls or None,
        )

    def write(self, data: dict[str, Any], reply: LlmReply) -> dict[str, Any]:
        """A deep copy carrying the reply: the text (or refusal, which Anthropic sends as text) in the first text block,
        later text blocks emptied; tool calls rewritten in place only when they differ (arguments parsed back into an
        ``input`` object); ``stop_reason`` translated back.
        """
        out = copy.deepcopy(data)
        before = self.read(data)
        content: list[Any] = out.setdefault("content", [])
        text = reply.refusal if reply.refusal is not None else reply.text
        if text is not None:
            placed = False
            for block in content:
                if isinstance(block, dict) and block.get("type") == "text":
                    block["text"] = "" if placed else text
                    placed = True
            if not placed and text:
                content.insert(0, {"type": "text", "text": text})
        if before is None or not same_calls(before.tool_calls, reply.tool_calls):
            calls = list(reply.tool_calls or [])
            kept: list[Any] = []
            for block in content:
                if not (isinstance(block, dict) and block.get("type") == "tool_use"):
                    kept.append(block)
                elif calls:
                    tc = calls.pop(0)
                    kept.append(
                        {
                            **block,
                            "name": tc.name,
                            "input": arguments_object(tc.arguments),
                            "id": tc.id or block.get("id"),
                        }
                    )
            for i, tc in enumerate(calls):
                kept.append(
                    {
                        "type": "tool_use",
                        "id": tc.id or f"toolu_windtunnel_{i}",
                        "name": tc.name,
                        "input": arguments_object(tc.arguments),
                    }
                )
            out["content"] = kept
        if reply.finish_reason:
            out["stop_reason"] = _TO_ANTHROPIC.get(reply.finish_reason, reply.finish_reason)
        return out

    def text_answer(self, text: str, model: str) -> dict[str, Any]:
        """A minimal ``message`` with one text block and ``stop_reason: end_turn``."""
        return {
            "id": "msg_replayed",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": [{"type": "text", "text": text}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": 0, "output_tokens": 0},
        }

    def declared_tools(self, request: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """The request's tools: name → ``input_schema``."""
        tools = [t for t in request.get("tools") or [] if isinstance(t, dict)]
        return {t["name"]: t.get("input_schema") or {} for t in tools if isinstance(t.get("name"), str)}

    def classify(self, ev: Event, state: dict[str, Any]) -> list[Seen]:
        """Text is a ``text_delta``; the stop of a *text* block (tracked in ``state`` from its start event) ends the
        text, ``message_delta`` carries the stop reason and ``message_stop`` ends the stream.
        """
        obj = ev.json()
        if not isinstance(obj, dict):
            return [Seen("other")]
        kind = obj.get("type") or ev.name
        if kind == "content_block_start":
            block = obj.get("content_block") or {}
            state.setdefault("text_blocks", set())
            if block.get("type") == "text":
                state["text_blocks"].add(obj.get("index"))
            return [Seen("other")]
        if kind == "content_block_delta":
            delta = obj.get("delta") or {}
            if delta.get("type") == "text_delta":
                return [Seen("text", text=delta.get("text") or "")]
            return [Seen("other")]
        if kind == "content_block_stop" and obj.get("index") in state.get("text_blocks", ()):
            return [Seen("text_end")]
        if kind == "message_delta":
            return [Seen("finish", finish=_finish((obj.get("delta") or {}).get("stop_reason")))]
        if kind == "message_stop":
            return [Seen("terminal")]
        return [Seen("other")]

    def text_event(self, template: Event, text: str) -> bytes:
        """The template ``content_block_delta`` carrying ``text`` as its ``text_delta``."""
        obj = template.json()
        obj["delta"] = {"type": "text_delta", "text": text}
        return render_event(template.name, obj)

    def with_finish(self, ev: Event, finish: str) -> bytes:
        """The ``message_delta`` with ``stop_reason`` set to Anthropic's name for ``finish``."""
        obj = ev.json()
        obj.setdefault("delta", {})["stop_reason"] = _TO_ANTHROPIC.get(finish, finish)
        return render_event(ev.name, obj)

    def assemble(self, events: list[Event]) -> dict[str, Any] | None:
        """Rebuild the ``message`` from ``message_start``, the content-block events (``partial_json`` pieces joined and
        parsed into ``input``) and ``message_delta``; ``None`` when ``message_stop`` never came.
        """
        message: dict[str, Any] | None = None
        blocks: dict[int, dict[str, Any]] = {}
        partial: dict[int, str] = {}
        stopped = False
        for ev in events:
            obj = ev.json()
            if not isinstance(obj, dict):
                continue
            kind = obj.get("type")
            if kind == "message_start" and isinstance(obj.get("message"), dict):
                message = copy.deepcopy(obj["message"])
            elif kind == "content_block_start":
                blocks[int(obj.get("index", 0))] = copy.deepcopy(obj.get("content_block") or {})
            elif kind == "content_block_delta":
                i, delta = int(obj.get("index", 0)), obj.get("delta") or {}
                block = blocks.setdefault(i, {"type": "text", "text": ""})
                if delta.get("type") == "text_delta":
                    block["text"] = block.get("text", "") + (delta.get("text") or "")
                elif delta.get("type") == "input_json_delta":
                    partial[i] = partial.get(i, "") + (delta.get("partial_json") or "")
            elif kind == "message_delta" and message is not None:
                message.update({k: v for k, v in (obj.get("delta") or {}).items()})
                if isinstance(obj.get("usage"), dict):
                    message["usage"] = {**(message.get("usage") or {}), **obj["usage"]}
            elif kind == "message_stop":
                stopped = True
        if message is None or not stopped:
            return None
        for i, text in partial.items():
            blocks[i]["input"] = arguments_object(text) if text else {}
        message["content"] = [blocks[i] for i in sorted(blocks)]
        return message

    def render(self, base: dict[str, Any], reply: LlmReply, repeat_text: bool = False) -> bytes:
        """The event sequence the Messages API would stream for ``reply``: ``message_start``, a start / delta / stop
        triple per content block (tool arguments sent as one ``partial_json``, as written, so broken JSON stays
        broken), ``message_delta`` and ``message_stop``.
        """
        final = self.write(base, reply)
        raw_args = [tc.arguments for tc in reply.tool_calls or []]
        start = {**final, "content": [], "stop_reason": None, "stop_sequence": None}
        out = [render_event("message_start", {"type": "message_start", "message": start})]

        def ev(kind: str, **data: Any) -> None:
            """Append one typed event to the stream being built."""
            out.append(render_event(kind, {"type": kind, **data}))

        for i, block in enumerate(b for b in final.get("content") or [] if isinstance(b, dict)):
            if block.get("type") == "text":
                ev("content_block_start", index=i, content_block={"type": "text", "text": ""})
                for _ in range(2 if repeat_text and block.get("text") else 1):
                    ev("content_block_delta", index=i, delta={"type": "text_delta", "text": block.get("text", "")})
            elif block.get("type") == "tool_use":
                ev("content_block_start", index=i, content_block={**block, "input": {}})
                args = raw_args.pop(0) if raw_args else tool_arguments(block.get("input", {}))
                ev("content_block_delta", index=i, delta={"type": "input_json_delta", "partial_json": args})
            else:
                ev("content_block_start", index=i, content_block=block)
            ev("content_block_stop", index=i)
        delta = {"stop_reason": final.get("stop_reason") or "end_turn", "stop_sequence": final.get("stop_sequence")}
        ev("message_delta", delta=delta, usage={"output_tokens": (final.get("usage") or {}).get("output_tokens", 0)})
        ev("message_stop")
        return b"".join(out)
