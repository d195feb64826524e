"""Reading the output out of an HTTP agent's JSON body: ``response_path`` or auto-detection.

With ``agent.response_path`` the output is what that JSONPath selects (plain member paths are walked without a
JSONPath engine). Without it, :func:`_auto` looks where agents usually put their answer (a chat completion's
``choices[0].message.content``, then keys such as ``output`` or ``response``, two levels deep). Either way a body
where nothing is found is :class:`~windtunnel._util.errors.AgentBadResponse` quoting its start, so the user can see
which path to set."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from windtunnel._util.errors import AgentBadResponse
from windtunnel._util.optional import optional_import

_MEMBERS = re.compile(r"(?:\$\.)?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)", re.ASCII)
"""A path of plain member names (``$.reply``, ``data.text``): read without compiling a JSONPath."""

AUTO_KEYS = ("output", "response", "result", "data", "content", "text", "message", "answer", "reply")


def normalize_path(path: str) -> str:
    """``a.b`` / ``a.0`` / ``$.a.b`` → a JSONPath python-jsonpath understands (``$.a[0]``)."""
    p = path.strip()
    if not p.startswith("$"):
        p = "$." + p
    return re.sub(r"\.(\d+)(?=\.|\[|$)", r"[\1]", p)


def preview(text: str, n: int = 200) -> str:
    """The first ``n`` characters of ``text`` on one line (newlines shown as ``\\n``, an ellipsis when cut): how error
    messages quote an agent's body without flooding the report."""
    text = text.replace("\n", "\\n")
    return text if len(text) <= n else text[:n] + "…"


def _auto(body: Any, depth: int = 0) -> str | None:
    """The output found without a ``response_path``: a string body itself, a chat completion's message content, else the
    first :data:`AUTO_KEYS` key holding a string, looking at most two levels into nested objects and lists; ``None``
    when nothing fits."""
    if isinstance(body, str):
        return body
    if isinstance(body, dict):
        choices = body.get("choices")
        if isinstance(choices, list) and choices and isinstance(choices[0], dict):
            msg = choices[0].get("message") or {}
            if isinstance(msg, dict) and isinstance(msg.get("content"), str):
                return str(msg["content"])
        for key in AUTO_KEYS:
            if key in body:
                val = body[key]
                if isinstance(val, str):
                    return val
                if depth < 2 and isinstance(val, (dict, list)):
                    found = _auto(val, depth + 1)
                    if found is not None:
                        return found
    if isinstance(body, list) and body and depth < 2:
        return _auto(body[0], depth + 1)
    return None


def extract_output(body: Any, response_path: str | None, raw_text: str) -> str | None:
    """The agent's output. Raises :class:`AgentBadResponse` showing the first 200 characters of the body.

    With ``response_path``, the first value it selects: a string as it is, ``null`` as no output, anything else as
    JSON text; a path that selects nothing is an error. Without one, :func:`_auto` guesses, and a body where it
    finds nothing is an error naming the keys it looked for."""
    if response_path:
        found = _find(body, response_path)
        if not found:
            raise AgentBadResponse(
                f"response_path {response_path!r} matched nothing in the agent's response: {preview(raw_text)}"
            )
        value = found[0]
        if value is None:
            return None
        return value if isinstance(value, str) else _json_text(value)
    out = _auto(body)
    if out is None:
        raise AgentBadResponse(
            f"could not find the output in the agent's response (looked for {', '.join(AUTO_KEYS)}): "
            f"{preview(raw_text)}",
        )
    return out


def _find(body: Any, response_path: str) -> list[Any]:
    """What JSONPath ``response_path`` selects in ``body``; plain member names are walked directly (the same
    selection, without importing and compiling python-jsonpath on the first answer).

    An invalid path is :class:`AgentBadResponse` naming it (the config check accepts any string, and the JSONPath
    engine is the judge of its syntax)."""
    names = _member_names(response_path)
    if names is not None:
        for name in names:
            if not isinstance(body, dict) or name not in body:
                return []
            body = body[name]
        return [body]
    try:
        return list(_compiled(response_path).findall(body))
    except _jsonpath().JSONPathError as err:
        raise AgentBadResponse(f"agent.response_path {response_path!r} is not a valid JSONPath: {err}") from None


@lru_cache(maxsize=64)
def _member_names(path: str) -> tuple[str, ...] | None:
    """The member names of a path such as ``$.a.b`` / ``a.b`` (cached); ``None`` when the path uses anything more
    (indices, filters, wildcards) and needs the JSONPath engine."""
    match = _MEMBERS.fullmatch(path.strip())
    return tuple(match.group(1).split(".")) if match else None


@lru_cache(maxsize=64)
def _compiled(path: str) -> Any:
    """The compiled python-jsonpath query for ``path`` (cached: one answer after another uses the same path)."""
    return _jsonpath().compile(normalize_path(path))


def _jsonpath() -> Any:
    """python-jsonpath, imported on the first path that is more than member names: it costs ~40 ms to import,
    which an HTTP agent whose ``response_path`` is ``$.a.b`` never pays."""
    return optional_import("jsonpath", purpose="agent.response_path")


def _json_text(value: Any) -> str:
    """A selected value that is not a string (a number, an object) as JSON text, non-ASCII kept readable."""
    return json.dumps(value, ensure_ascii=False)
