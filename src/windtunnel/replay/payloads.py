"""Mapping vendor trace shapes onto sessions: chat-style inputs and tool outputs.

LangSmith, OpenTelemetry and Langfuse each write messages, tool arguments and results their own way (and each
framework under them differs again: LangChain message dumps, OpenAI messages, GenAI ``parts``, Python-repr
strings). The helpers here read all of them into the one shape a session holds, so an importer is only about where
its vendor keeps things, and a fix to one shape fixes every importer."""

from __future__ import annotations

import ast
import json
from datetime import datetime
from typing import Any

from windtunnel._util.jsonsafe import loads as json_loads

INPUT_KEYS = ("messages", "question", "input", "prompt", "query", "message", "text")


def _content_text(content: Any) -> str:
    """A message's content as text: a string as it is, content blocks (strings or ``{text}`` / ``{content}`` parts)
    joined, anything else stringified.

    Blocks with neither text nor content (images, audio) are dropped: sessions hold messages with text content,
    which is what the player sends back to the agent."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, dict):
                text = part.get("text") if part.get("text") is not None else part.get("content")
                if isinstance(text, str):
                    parts.append(text)
        return "".join(parts)
    return "" if content is None else str(content)


def normalize_message(m: Any) -> dict[str, Any] | None:
    """``{role, content}`` from an OpenAI-style message, a LangChain message dump or ``[role, text]``.

    GenAI ``parts`` messages keep their text parts; a mapping without a role is not a message (``None``), which is
    how callers tell a message list from other lists."""
    if isinstance(m, (list, tuple)) and len(m) == 2 and isinstance(m[0], str):
        return {"role": _role(m[0]), "content": _content_text(m[1])}
    if not isinstance(m, dict):
        return None
    if "kwargs" in m and isinstance(m["kwargs"], dict):  # LangChain serialized message
        kind = (m.get("id") or ["", "HumanMessage"])[-1]
        return {"role": _role(str(kind)), "content": _content_text(m["kwargs"].get("content"))}
    role = m.get("role") or m.get("type")
    if role is None:
        return None
    if "parts" in m and "content" not in m:  # OpenTelemetry GenAI message
        texts = [p.get("content") for p in m["parts"] if isinstance(p, dict) and p.get("type") == "text"]
        return {"role": _role(str(role)), "content": "".join(t for t in texts if isinstance(t, str))}
    return {"role": _role(str(role)), "content": _content_text(m.get("content"))}


def _role(raw: str) -> str:
    """A vendor's role name as a chat role (``human`` → ``user``, ``ai`` → ``assistant``, ``developer`` → ``system``
    ...); an unknown role is kept, lower-cased.

    Roles decide what an agent receives (a one-user-message conversation becomes a prompt), so every vendor's
    spelling must land on the same four names."""
    r = raw.lower()
    if r in ("human", "user", "humanmessage"):
        return "user"
    if r in ("ai", "assistant", "aimessage", "model"):
        return "assistant"
    if r in ("system", "systemmessage", "developer"):
        return "system"
    if r in ("tool", "toolmessage", "function"):
        return "tool"
    return r


def chat_input(value: Any) -> str | list[dict[str, Any]] | None:
    """The agent input in a chat-style payload: a prompt string or a message list (``None``: none).

    A conversation of one user message (system messages aside) becomes that message's text, so a prompt-only agent
    can replay it. Mappings are searched under the usual input keys (``messages``, ``question``, ``input`` ...),
    and a single-key mapping is looked into."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        # LangChain chat-model inputs are a batch: [[message, ...]]; a bare [role, text] pair is a message
        batch = len(value) == 1 and isinstance(value[0], list) and normalize_message(value[0]) is None
        flat = value[0] if batch else value
        msgs = [n for n in (normalize_message(m) for m in flat) if n is not None]
        if not msgs:
            return None
        non_system = [m for m in msgs if m["role"] != "system"]
        if len(non_system) == 1 and non_system[0]["role"] == "user":
            return str(non_system[0]["content"])
        return msgs
    if isinstance(value, dict):
        for key in INPUT_KEYS:
            if key in value and value[key] is not None:
                found = chat_input(value[key])
                if found is not None:
                    return found
        if len(value) == 1:
            return chat_input(next(iter(value.values())))
    return None


def chat_output(value: Any) -> str | None:
    """The agent's answer in an output payload (``output``/``answer``/… or an assistant message).

    Reads a string, the last message of a list, a chat completion's first choice, or the first usual answer key
    that holds one; ``None`` when none does (the session then has no recorded output, which only the report
    shows)."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and value:
        last = normalize_message(value[-1])
        return str(last["content"]) if last else None
    if isinstance(value, dict):
        choices = value.get("choices")
        if isinstance(choices, list) and choices and isinstance(choices[0], dict):
            msg = choices[0].get("message") or {}
            return msg.get("content") if isinstance(msg.get("content"), str) else None
        for key in ("output", "answer", "response", "result", "content", "text", "reply", "messages"):
            if key in value:
                found = chat_output(value[key])
                if found is not None:
                    return found
    return None


def maybe_json(value: Any) -> Any:
    """Decode a JSON string (tool arguments and results often arrive encoded); anything else as is.

    Only text that looks like a JSON object, array or literal is tried, so a tool result that happens to be the
    string ``"42"`` stays a string."""
    if isinstance(value, str):
        text = value.strip()
        if text[:1] in ("{", "[") or text in ("null", "true", "false"):
            try:
                return json_loads(text)
            except ValueError:
                return value
    return value


def python_literal(value: Any) -> Any:
    """A Python-repr dict (``"{'order_id': 'ORD-7'}"``, as LangChain stores a tool's input when it stringifies it) as
    the dict; anything else as is. Only literals are read (``ast.literal_eval``).

    Texts over 100,000 characters are not parsed: trace data is untrusted and literal_eval of a huge or deeply
    nested text is costly."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    if not (text.startswith("{") and text.endswith("}")) or len(text) > 100_000:
        return value
    try:
        parsed = ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return value
    return parsed if isinstance(parsed, dict) else value


def tool_args(value: Any) -> dict[str, Any] | None:
    """Tool arguments as a mapping (``None`` when they cannot be known): JSON, or a Python-repr dict.

    LangChain wraps a single string argument as ``{"input": ...}``; that wrapper is looked into. ``None`` means
    the recorded call matches any arguments, which is the honest reading of arguments that were not kept."""
    value = python_literal(maybe_json(value))
    if isinstance(value, dict):
        if set(value) == {"input"}:
            inner = python_literal(maybe_json(value["input"]))
            return inner if isinstance(inner, dict) else None
        return value
    return None


def tool_result(value: Any) -> Any:
    """A tool's return value from an outputs payload (``{"output": x}`` unwrapped, JSON decoded).

    A LangChain ``ToolMessage`` dump is unwrapped to its content: the agent must be given what the tool returned,
    not the framework's envelope around it."""
    value = maybe_json(value)
    if isinstance(value, dict) and set(value) <= {"output", "content"} and value:
        inner = value.get("output", value.get("content"))
        if isinstance(inner, dict) and inner.get("type") == "tool" and "content" in inner:
            inner = inner["content"]  # LangChain ToolMessage dump
        return maybe_json(inner)
    return value


def status_of_error(error: Any) -> tuple[int, bool]:
    """A failed call's status and whether it was a timeout, guessed from its error text.

    Traces keep an error's text, rarely its status; the status decides how the seam fails the replayed call (504
    as a timeout, 429 as a rate limit), so a status code or timeout wording in the text is used, else 500."""
    text = str(error or "").lower()
    timeout = "timeout" in text or "timed out" in text or "504" in text
    if timeout:
        return 504, True
    for code in (400, 401, 403, 404, 409, 422, 429, 500, 502, 503):
        if str(code) in text:
            return code, False
    return 500, False


def iso_time(value: Any) -> datetime | None:
    """An ISO-8601 timestamp (a trailing ``Z`` included), or ``None`` for anything else.

    Python before 3.11 did not read ``Z``; replacing it keeps the parse the same on every supported version."""
    if isinstance(value, str) and value:
        try:
            return datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
    return None


def elapsed_ms(start: datetime | None, end: datetime | None) -> float | None:
    """Milliseconds from ``start`` to ``end`` (never negative), ``None`` when either is unknown.

    Clock skew between a trace's spans can put an end before its start; a negative latency would make the replay
    wait a negative time, so it is clamped to zero."""
    if start is None or end is None:
        return None
    return round(max((end - start).total_seconds(), 0.0) * 1000, 3)


def openai_tool_call(call_id: str, name: Any, args: Any) -> dict[str, Any]:
    """An OpenAI-style ``tool_calls`` entry; ``args`` already JSON text is kept as it is.

    Replayed model answers are given to the agent as chat completions, so tool calls from any vendor are written
    in the shape OpenAI-compatible SDKs parse."""
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": name, "arguments": args if isinstance(args, str) else json.dumps(args or {})},
    }
