"""LLM fault modes beyond the answer's text: broken tool calls, a content filter, a proxy's HTML error
page, a stale answer, a repeated stream chunk.

The tool-call modes act on the first tool call of the model's real answer that matches ``tool`` (and
do not fire on answers without one); with ``content_filter`` they edit the whole answer, so on a
stream the seam holds the answer back until the model ends it and then sends the edited answer as one
stream (:attr:`~windtunnel.chaos.base.LlmFaultSpec.whole_answer`).
"""

from __future__ import annotations

import dataclasses
import json
from fnmatch import fnmatchcase
from typing import Any, ClassVar, Literal

from pydantic import Field

from windtunnel.chaos.base import (
    ANSWERED,
    FAILED,
    Decision,
    FaultNotApplicable,
    LlmCall,
    LlmFaultSpec,
    LlmReply,
    TextFilter,
    ToolUse,
    llm_fault,
)
from windtunnel.chaos.llm_faults import drift_key
from windtunnel.chaos.wire_apis import WIRE_APIS


def declared_tools(call: LlmCall) -> dict[str, dict[str, Any]]:
    """Tool name → JSON schema of its arguments, as the call's request declares them (in its API's shape)."""
    return WIRE_APIS[call.api or "chat"].declared_tools(call.request)


class ToolCallFault(LlmFaultSpec):
    """A fault on one tool call of the model's answer (shared by the tool-call modes)."""

    whole_answer: ClassVar[bool] = True
    acts_on: ClassVar[str | None] = "model answers that call a tool (its `tool` glob)"
    tool: str = "*"
    """Which tool calls are eligible: a tool name or glob (``*``: any); the first that matches is faulted."""

    def transform(self, call: LlmCall, reply: LlmReply, d: Decision) -> LlmReply:
        """Fault the first tool call whose name matches ``tool`` (:meth:`edit`) and set the finish reason the fault
        implies; not applicable when the answer has no matching call (naming the calls it has, which ``tool`` passed
        over) or the edit changes nothing.
        """
        calls = list(reply.tool_calls or [])
        for i, tc in enumerate(calls):
            if self.tool == "*" or fnmatchcase(tc.name, self.tool):
                changed = self.edit(call, tc)
                if changed is None or changed == tc:
                    raise FaultNotApplicable
                calls[i] = changed
                return dataclasses.replace(reply, tool_calls=calls, finish_reason=self.finish(reply))
        raise FaultNotApplicable([tc.name for tc in calls])

    def edit(self, call: LlmCall, tc: ToolUse) -> ToolUse | None:
        """The faulted tool call (``None``: this call offers nothing to fault)."""
        raise NotImplementedError

    def finish(self, reply: LlmReply) -> str | None:
        """The finish reason of the faulted answer; the model's own unless a mode says otherwise."""
        return reply.finish_reason


def _object(tc: ToolUse) -> dict[str, Any] | None:
    """The tool call's arguments as a JSON object, or ``None`` when they are not one (nothing for a field fault to act
    on).
    """
    try:
        value = json.loads(tc.arguments)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _field(call: LlmCall, tc: ToolUse, args: dict[str, Any], field: str | None) -> str | None:
    """The argument to act on: ``field``, else the first required one the request declares, else the first."""
    if field is not None:
        return field if field in args else None
    required = declared_tools(call).get(tc.name, {}).get("required") or []
    for name in required:
        if name in args:
            return str(name)
    return next(iter(args), None)


@llm_fault("tool_args_truncated")
class ToolArgsTruncatedFault(ToolCallFault):
    """The tool call's arguments stop mid-way, as when the answer hits its token limit (finish reason
    ``length``): Chat Completions and Responses carry the cut JSON text; Anthropic's ``input`` holds the
    fields complete before the cut (its stream sends the cut ``partial_json``)."""

    impact: ClassVar[int] = 3
    outcome: ClassVar[str] = ANSWERED
    mode: Literal["tool_args_truncated"] = "tool_args_truncated"
    keep: float = Field(0.5, gt=0.0, lt=1.0)
    """Fraction of the arguments' JSON text that survives."""

    def edit(self, call: LlmCall, tc: ToolUse) -> ToolUse | None:
        """The arguments cut to ``keep`` of their JSON text; ``None`` when the cut would keep all or nothing."""
        n = int(len(tc.arguments) * self.keep)
        if n < 1 or n >= len(tc.arguments):
            return None
        return dataclasses.replace(tc, arguments=tc.arguments[:n])

    def finish(self, reply: LlmReply) -> str | None:
        """``length``: arguments cut mid-way mean the answer hit its token limit."""
        return "length"


@llm_fault("tool_args_invalid")
class ToolArgsInvalidFault(ToolCallFault):
    """The tool call's arguments are not JSON: the model writes them as a Python literal
    (``{'order_id': 'A1'}``). Anthropic's non-streamed ``input`` then holds that text instead of an
    object; its stream sends it as ``partial_json``."""

    impact: ClassVar[int] = 3
    outcome: ClassVar[str] = ANSWERED
    mode: Literal["tool_args_invalid"] = "tool_args_invalid"

    def edit(self, call: LlmCall, tc: ToolUse) -> ToolUse | None:
        """The arguments written as a Python ``repr``; when that happens to be valid JSON (no strings, say) a stray
        brace is added, so the text is never JSON.
        """
        args = _object(tc)
        if args is None:
            return None
        text = repr(args)
        try:
            json.loads(text)
        except ValueError:
            return dataclasses.replace(tc, arguments=text)
        return dataclasses.replace(tc, arguments=text + " }")


@llm_fault("tool_args_field_dropped")
class ToolArgsFieldDroppedFault(ToolCallFault):
    """An argument of the tool call is missing (by default the first one the request's tool schema
    marks required)."""

    impact: ClassVar[int] = 3
    outcome: ClassVar[str] = ANSWERED
    mode: Literal["tool_args_field_dropped"] = "tool_args_field_dropped"
    field: str | None = None
    """The argument to drop (default: the first required one, else the first one)."""

    def edit(self, call: LlmCall, tc: ToolUse) -> ToolUse | None:
        """The arguments without the chosen field (:func:`_field`); ``None`` when there is no such field."""
        args = _object(tc)
        name = _field(call, tc, args, self.field) if args else None
        if args is None or name is None:
            return None
        return dataclasses.replace(tc, arguments=json.dumps({k: v for k, v in args.items() if k != name}))


@llm_fault("tool_args_field_renamed")
class ToolArgsFieldRenamedFault(ToolCallFault):
    """An argument of the tool call comes under another name (by default the first required one,
    ``snake_case`` ↔ ``camelCase``)."""

    impact: ClassVar[int] = 3
    outcome: ClassVar[str] = ANSWERED
    mode: Literal["tool_args_field_renamed"] = "tool_args_field_renamed"
    field: str | None = None
    """The argument to rename (default: the first required one, else the first one)."""
    to: str | None = None
    """Its new name (default: ``snake_case`` ↔ ``camelCase`` of the old one, or ``NAME_v2``)."""

    def edit(self, call: LlmCall, tc: ToolUse) -> ToolUse | None:
        """The arguments with the chosen field under ``to`` (default:
        :func:`~windtunnel.chaos.llm_faults.drift_key`).
        """
        args = _object(tc)
        name = _field(call, tc, args, self.field) if args else None
        if args is None or name is None:
            return None
        new = self.to or drift_key(name)
        return dataclasses.replace(tc, arguments=json.dumps({(new if k == name else k): v for k, v in args.items()}))


@llm_fault("tool_call_unknown")
class ToolCallUnknownFault(ToolCallFault):
    """The model calls a tool that does not exist: the tool call's name is replaced by one the request
    does not declare."""

    impact: ClassVar[int] = 3
    outcome: ClassVar[str] = ANSWERED
    mode: Literal["tool_call_unknown"] = "tool_call_unknown"
    tool_name: str | None = None
    """The name called instead (default: the real name with ``_v2`` appended, or more, until the request
    declares no such tool)."""

    def edit(self, call: LlmCall, tc: ToolUse) -> ToolUse | None:
        """The call renamed to ``tool_name``, or to the real name with ``_v2`` added until the request declares no such
        tool.
        """
        declared = declared_tools(call)
        name = self.tool_name or tc.name + "_v2"
        while self.tool_name is None and name in declared:
            name += "_v2"
        return dataclasses.replace(tc, name=name)


@llm_fault("tool_calls_stripped")
class ToolCallsStrippedFault(LlmFaultSpec):
    """The answer comes without its tool calls (only its text, possibly none; finish reason ``stop``)."""

    impact: ClassVar[int] = 3
    outcome: ClassVar[str] = ANSWERED
    whole_answer: ClassVar[bool] = True
    acts_on: ClassVar[str | None] = "model answers that call a tool"
    mode: Literal["tool_calls_stripped"] = "tool_calls_stripped"

    def transform(self, call: LlmCall, reply: LlmReply, d: Decision) -> LlmReply:
        """The answer without tool calls; a ``tool_calls`` finish becomes ``stop``. Not applicable without tool
        calls.
        """
        if not reply.tool_calls:
            raise FaultNotApplicable
        finish = "stop" if reply.finish_reason in (None, "tool_calls") else reply.finish_reason
        return dataclasses.replace(reply, tool_calls=None, finish_reason=finish)


@llm_fault("content_filter")
class ContentFilterFault(LlmFaultSpec):
    """The provider's content filter stops the answer: finish reason ``content_filter`` (Responses:
    ``status: incomplete``, reason ``content_filter``; Anthropic: ``stop_reason: refusal``), no tool
    calls, and an empty answer or a refusal (OpenAI's ``refusal`` field; Anthropic's text)."""

    impact: ClassVar[int] = 3
    outcome: ClassVar[str] = ANSWERED
    whole_answer: ClassVar[bool] = True
    mode: Literal["content_filter"] = "content_filter"
    answer: Literal["empty", "refusal"] = "empty"
    """What the agent gets instead of the answer: nothing, or the ``refusal`` text."""
    refusal: str = "I'm sorry, but I can't help with that request."
    """The refusal, with ``answer: refusal``."""

    def transform(self, call: LlmCall, reply: LlmReply, d: Decision) -> LlmReply:
        """The answer emptied (or replaced by the refusal), its tool calls dropped, finish reason ``content_filter``;
        each wire API writes that in its own terms.
        """
        if self.answer == "refusal":
            return dataclasses.replace(
                reply, text=None, refusal=self.refusal, tool_calls=None, finish_reason="content_filter"
            )
        return dataclasses.replace(reply, text="", refusal=None, tool_calls=None, finish_reason="content_filter")


_REASONS = {500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Time-out"}


@llm_fault("html_error")
class HtmlErrorFault(LlmFaultSpec):
    """A proxy in front of the provider answers with its own HTML error page (``text/html``), as nginx or
    Cloudflare do when the upstream fails; the model is not called."""

    impact: ClassVar[int] = 4
    outcome: ClassVar[str] = FAILED
    mode: Literal["html_error"] = "html_error"
    status: int = Field(502, ge=400, le=599)
    """HTTP status of the page."""
    server: Literal["nginx", "cloudflare"] = "nginx"
    """Whose error page it is."""

    def replace(self, call: LlmCall, d: Decision) -> LlmReply:
        """The nginx- or Cloudflare-style HTML page with ``status``, sent verbatim as ``text/html`` instead of the
        provider's JSON error.
        """
        reason = _REASONS.get(self.status, "Error")
        if self.server == "nginx":
            page = (
                f"<html>\r\n<head><title>{self.status} {reason}</title></head>\r\n<body>\r\n"
                f"<center><h1>{self.status} {reason}</h1></center>\r\n<hr><center>nginx</center>\r\n"
                "</body>\r\n</html>\r\n"
            )
        else:
            page = (
                f"<!DOCTYPE html>\n<html><head><title>{self.status}: {reason}</title></head><body>"
                f'<div id="cf-error-details"><h1>Error {self.status}</h1><h2>{reason}</h2>'
                "<p>The web server reported a bad gateway error.</p>"
                "<p>Cloudflare Ray ID: 8f0c0ffee0000000</p></div></body></html>\n"
            )
        headers = {"Content-Type": "text/html", "Server": self.server}
        return LlmReply(
            status=self.status, raw=page.encode(), headers=headers, message=f"{reason} (an HTML error page)"
        )

    def unsupported(self, api: str) -> str | None:
        """Not for plain callables: they have no HTTP response to carry a page."""
        if api == "callable":
            return "a plain callable LLM has no HTTP response to carry an HTML page (mode error raises instead)"
        return None


@llm_fault("stale_answer")
class StaleAnswerFault(LlmFaultSpec):
    """The answer is the previous answer of the same seam and API, replayed (a cache or a retrying
    gateway serving an old response); the model is not called. The first call has nothing to replay
    and goes through."""

    impact: ClassVar[int] = 2
    outcome: ClassVar[str] = ANSWERED
    needs_previous: ClassVar[bool] = True
    acts_on: ClassVar[str | None] = "a cell's second model call or later (it answers with the previous answer)"
    mode: Literal["stale_answer"] = "stale_answer"

    def replace(self, call: LlmCall, d: Decision) -> LlmReply | None:
        """The seam's previous answer (:attr:`~windtunnel.chaos.base.LlmCall.previous`) instead of the model's; ``None``
        (the call goes through) when there is none yet.
        """
        if call.previous is None:
            return None
        return LlmReply(status=200, body=call.previous)


@llm_fault("duplicate_chunk")
class DuplicateChunkFault(LlmFaultSpec):
    """One text chunk of a streamed answer arrives twice (the same SSE event sent again); the agent's
    assembled text repeats it. Answers that are not streamed have no chunk to repeat."""

    impact: ClassVar[int] = 1
    outcome: ClassVar[str] = ANSWERED
    streamed_only: ClassVar[bool] = True
    acts_on: ClassVar[str | None] = "streamed answers with text (stream=True)"
    mode: Literal["duplicate_chunk"] = "duplicate_chunk"
    chunk: int = Field(1, ge=0)
    """Which text chunk is sent twice (0: the first)."""

    def transform(self, call: LlmCall, reply: LlmReply, d: Decision) -> LlmReply:
        """Mark the answer to have text chunk ``chunk`` sent twice; only streamed answers with text."""
        if not call.stream or not reply.text:
            raise FaultNotApplicable
        return dataclasses.replace(reply, repeat_chunk=self.chunk)

    def stream_filter(self, call: LlmCall, d: Decision) -> TextFilter:
        """Repeat the chunk as the stream arrives (:class:`_RepeatFilter`)."""
        return _RepeatFilter(self.chunk)


class _RepeatFilter(TextFilter):
    """Sets ``repeat`` on the text chunk with the given index (empty deltas are not counted)."""

    def __init__(self, index: int) -> None:
        """``index``: which non-empty text chunk (0-based) the seam sends twice."""
        super().__init__()
        self.index = index
        self.seen = 0

    def feed(self, text: str) -> str:
        """``text`` unchanged, asking for a repeat when it is the chosen chunk."""
        if text and self.seen == self.index:
            self.repeat = self.acted = True
        self.seen += 1 if text else 0
        return text
