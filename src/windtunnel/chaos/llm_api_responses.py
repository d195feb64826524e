"""The OpenAI Responses API on the wire (``POST …/responses``): ``output`` items (``message`` with
``output_text`` / ``refusal`` parts, ``function_call``) and typed ``response.*`` stream events.

Unlike Chat Completions, a Responses answer has no finish reason: it is ``completed``, or ``incomplete`` with a reason
(``max_output_tokens``, ``content_filter``), and tool calls are ``function_call`` output items beside the message.
This module maps those onto the fault model's finish reasons (``length``, ``content_filter``, ``tool_calls`` when the
output holds calls, else ``stop``) and back, so a truncation fault shows up as the incomplete status the SDK reports.
Its streams repeat the whole text in ``*.done`` events after the deltas; a text fault must patch those too, or the
SDK's final object would disagree with the deltas the agent saw. Errors share OpenAI's body
(:func:`~windtunnel.chaos.llm_api_chat.openai_error_body`).
"""

from __future__ import annotations

import copy
from typing import Any

from windtunnel.chaos.base import LlmReply, ToolUse
from windtunnel.chaos.llm_api_chat import openai_error_body
from windtunnel.chaos.llm_apis import Event, Seen, WireApi, render_event, same_calls

_INCOMPLETE = {"length": "max_output_tokens", "content_filter": "content_filter"}
_FINISH = {v: k for k, v in _INCOMPLETE.items()}


def set_message_text(items: list[Any], text: str) -> None:
    """``text`` in the first ``output_text`` part of the message items (later parts emptied)."""
    placed = False
    for item in items:
        if not isinstance(item, dict) or item.get("type") != "message":
            continue
        for part in item.get("content") or []:
            if isinstance(part, dict) and part.get("type") == "output_text":
                part["text"] = "" if placed else text
                placed = True


def _message(text: str | None, refusal: str | None) -> dict[str, Any]:
    """A completed ``message`` output item with an ``output_text`` part and/or a ``refusal`` part."""
    content: list[dict[str, Any]] = []
    if text is not None:
        content.append({"type": "output_text", "text": text, "annotations": []})
    if refusal is not None:
        content.append({"type": "refusal", "refusal": refusal})
    return {"type": "message", "id": "msg_windtunnel", "status": "completed", "role": "assistant", "content": content}


class ResponsesApi(WireApi):
    """The Responses API. A ``length`` / ``content_filter`` finish is ``status: incomplete`` with
    ``incomplete_details.reason`` ``max_output_tokens`` / ``content_filter``."""

    name = "responses"
    path_suffix = "/responses"

    def error_body(self, status: int, message: str | None) -> bytes:
        """OpenAI's error JSON (:func:`~windtunnel.chaos.llm_api_chat.openai_error_body`)."""
        return openai_error_body(status, message)

    def read(self, data: Any) -> LlmReply | None:
        """Read the ``output`` items: ``output_text`` parts joined as text, ``refusal`` parts as the refusal,
        ``function_call`` items as tool calls (``call_id`` as their id); the finish is ``length`` / ``content_filter``
        from ``incomplete_details``, else ``tool_calls`` or ``stop``.
        """
        if not isinstance(data, dict) or not isinstance(data.get("output"), list):
            return None
        items = [i for i in data["output"] if isinstance(i, dict)]
        parts = [p for i in items if i.get("type") == "message" for p in i.get("content") or [] if isinstance(p, dict)]
        texts = [str(p.get("text") or "") for p in parts if p.get("type") == "output_text"]
        refusals = [str(p.get("refusal") or "") for p in parts if p.get("type") == "refusal"]
        calls = [
            ToolUse(name=str(i.get("name") or ""), arguments=str(i.get("arguments") or ""), id=i.get("call_id"))
            for i in items
            if i.get("type") == "function_call"
        ]
        reason = (data.get("incomplete_details") or {}).get("reason")
        finish = _FINISH.get(str(reason)) or ("tool_calls" if calls else "stop")
        return LlmReply(
            text="".join(texts) if texts else None,
            finish_reason=finish,
            tool_calls=calls or None,
            refusal="".join(refusals) if refusals else None,
        )

    def write(self, data: dict[str, Any], reply: LlmReply) -> dict[str, Any]:
        """A deep copy carrying the reply: text set in the message items (a message item added when the answer had only
        tool calls), the refusal, function calls rewritten only when they differ, and a ``length`` / ``content_filter``
        finish as ``status: incomplete``.
        """
        out = copy.deepcopy(data)
        before = self.read(data)
        output: list[Any] = out.setdefault("output", [])
        if reply.text is not None:
            if before is not None and before.text is None and reply.text:
                output.insert(0, _message(reply.text, None))
            else:
                set_message_text(output, reply.text)
        if reply.refusal is not None and (before is None or before.refusal != reply.refusal):
            messages = [i for i in output if isinstance(i, dict) and i.get("type") == "message"]
            if messages:
                messages[0]["content"] = _message(reply.text or None, reply.refusal)["content"]
            else:
                output.insert(0, _message(None, reply.refusal))
        if before is None or not same_calls(before.tool_calls, reply.tool_calls):
            calls = list(reply.tool_calls or [])
            kept: list[Any] = []
            for item in output:
                if not (isinstance(item, dict) and item.get("type") == "function_call"):
                    kept.append(item)
                elif calls:
                    tc = calls.pop(0)
                    kept.append(
                        {**item, "name": tc.name, "arguments": tc.arguments, "call_id": tc.id or item.get("call_id")}
                    )
            for i, tc in enumerate(calls):
                kept.append(
                    {
                        "type": "function_call",
                        "id": f"fc_windtunnel_{i}",
                        "call_id": tc.id or f"call_windtunnel_{i}",
                        "name": tc.name,
                        "arguments": tc.arguments,
                        "status": "completed",
                    }
                )
            out["output"] = kept
        if reply.finish_reason in _INCOMPLETE:
            out["status"] = "incomplete"
            out["incomplete_details"] = {"reason": _INCOMPLETE[reply.finish_reason]}
        return out

    def text_answer(self, text: str, model: str) -> dict[str, Any]:
        """A minimal completed ``response`` with one message item carrying ``text``."""
        item = {**_message(text, None), "id": "msg_replayed"}
        return {
            "id": "resp_replayed",
            "object": "response",
            "created_at": 0,
            "status": "completed",
            "model": model,
            "output": [item],
            "parallel_tool_calls": True,
            "tool_choice": "auto",
            "tools": [],
        }

    def declared_tools(self, request: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """The request's ``function`` tools: name → ``parameters`` schema."""
        tools = [t for t in request.get("tools") or [] if isinstance(t, dict) and t.get("type") == "function"]
        return {t["name"]: t.get("parameters") or {} for t in tools if isinstance(t.get("name"), str)}

    def classify(self, ev: Event, state: dict[str, Any]) -> list[Seen]:
        """``response.output_text.delta`` is text; ``.done`` events repeat the whole text (patched by
        :meth:`with_done_text`); ``response.completed`` / ``response.incomplete`` carry the finish.
        """
        obj = ev.json()
        if not isinstance(obj, dict):
            return [Seen("other")]
        kind = obj.get("type") or ev.name
        if kind == "response.output_text.delta":
            return [Seen("text", text=obj.get("delta") or "")]
        if kind == "response.output_text.done":
            return [Seen("text_end"), Seen("done")]
        if kind in ("response.content_part.done", "response.output_item.done"):
            return [Seen("done")]
        if kind in ("response.completed", "response.incomplete"):
            reason = ((obj.get("response") or {}).get("incomplete_details") or {}).get("reason")
            finish = _FINISH.get(str(reason), "length") if kind == "response.incomplete" else "stop"
            return [Seen("done"), Seen("finish", finish=finish)]
        return [Seen("other")]

    def text_event(self, template: Event, text: str) -> bytes:
        """The template delta event carrying ``text`` as its ``delta``."""
        obj = template.json()
        obj["delta"] = text
        return render_event(template.name, obj)

    def with_finish(self, ev: Event, finish: str) -> bytes:
        """Turn a final event into ``response.incomplete`` for a ``length`` / ``content_filter`` finish; other finishes
        have no form of their own on this API and leave the event as it was.
        """
        if finish not in _INCOMPLETE:
            return ev.raw
        obj = ev.json()
        obj["type"] = "response.incomplete"
        resp = obj.get("response") or {}
        resp["status"] = "incomplete"
        resp["incomplete_details"] = {"reason": _INCOMPLETE[finish]}
        return render_event("response.incomplete" if ev.name else None, obj)

    def with_done_text(self, ev: Event, text: str) -> bytes:
        """Patch the whole text an event repeats: ``output_text.done``, ``content_part.done``, ``output_item.done`` or
        the final response's output.
        """
        obj = ev.json()
        if obj.get("type") == "response.output_text.done":
            obj["text"] = text
        elif obj.get("type") == "response.content_part.done":
            if (obj.get("part") or {}).get("type") == "output_text":
                obj["part"]["text"] = text
        elif obj.get("type") == "response.output_item.done":
            set_message_text([obj.get("item") or {}], text)
        else:
            set_message_text((obj.get("response") or {}).get("output") or [], text)
        return render_event(ev.name, obj)

    def assemble(self, events: list[Event]) -> dict[str, Any] | None:
        """The ``response`` object the final ``response.completed`` / ``response.incomplete`` event carries (the API
        sends the whole answer there); ``None`` when the stream has none.
        """
        for ev in reversed(events):
            obj = ev.json()
            if isinstance(obj, dict) and obj.get("type") in ("response.completed", "response.incomplete"):
                resp = obj.get("response")
                return resp if isinstance(resp, dict) else None
        return None

    def render(self, base: dict[str, Any], reply: LlmReply, repeat_text: bool = False) -> bytes:
        """The typed event sequence the Responses API would stream for ``reply``: ``response.created``, per output item
        its added / part / delta / done events (text twice for ``repeat_text``), and the final event, each with its
        ``sequence_number``.
        """
        final = self.write(base, reply)
        out: list[bytes] = []

        def ev(kind: str, **data: Any) -> None:
            """Append one typed event with the next ``sequence_number``."""
            out.append(render_event(kind, {"type": kind, "sequence_number": len(out), **data}))

        ev("response.created", response={**final, "status": "in_progress", "output": [], "incomplete_details": None})
        for n, item in enumerate(final.get("output") or []):
            if not isinstance(item, dict):
                continue
            kind = item.get("type")
            start = {**item, "status": "in_progress"}
            if kind == "message":
                start["content"] = []
            elif kind == "function_call":
                start["arguments"] = ""
            ev("response.output_item.added", output_index=n, item=start)
            ids = {"item_id": item.get("id"), "output_index": n}
            for c, part in enumerate(item.get("content") or [] if kind == "message" else []):
                empty = {**part, "text": ""} if part.get("type") == "output_text" else {**part, "refusal": ""}
                ev("response.content_part.added", **ids, content_index=c, part=empty)
                if part.get("type") == "output_text":
                    for _ in range(2 if repeat_text and part.get("text") else 1):
                        ev("response.output_text.delta", **ids, content_index=c, delta=part.get("text", ""))
                    ev("response.output_text.done", **ids, content_index=c, text=part.get("text", ""))
                elif part.get("type") == "refusal":
                    ev("response.refusal.delta", **ids, content_index=c, delta=part.get("refusal", ""))
                    ev("response.refusal.done", **ids, content_index=c, refusal=part.get("refusal", ""))
                ev("response.content_part.done", **ids, content_index=c, part=part)
            if kind == "function_call":
                ev("response.function_call_arguments.delta", **ids, delta=item.get("arguments", ""))
                ev("response.function_call_arguments.done", **ids, arguments=item.get("arguments", ""))
            ev("response.output_item.done", output_index=n, item=item)
        last = "response.incomplete" if final.get("status") == "incomplete" else "response.completed"
        ev(last, response=final)
        return b"".join(out)
