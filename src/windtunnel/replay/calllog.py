"""Turning the chaos seams' call log (``CellResult.calls``, report ``calls``) into recorded calls."""

from __future__ import annotations

import re
from typing import Any

import httpx

from windtunnel.chaos.plan import SUMMARY_CHARS
from windtunnel.replay.importers.common import status_of_error
from windtunnel.replay.session import RecordedCall

_STATUS_PREFIX = re.compile(r"^(\d{3})\b")


def _status(entry: dict[str, Any]) -> tuple[int, bool]:
    error = entry.get("error")
    raw = entry.get("raw")
    status = entry.get("status")
    timeout = isinstance(raw, dict) and bool(raw.get("timeout"))
    if error is None:
        code = status if isinstance(status, int) else 200
        return code, code == 504
    text = str(error)
    if text.startswith("timeout") or timeout:
        return 504, True
    if isinstance(status, int) and status >= 400:
        return status, status == 504
    m = _STATUS_PREFIX.match(text)
    if m:
        code = int(m.group(1))
        return code, code == 504
    return status_of_error(text)


def _message(entry: dict[str, Any]) -> str | None:
    """The error text without the seam's ``timeout:`` / ``NNN:`` prefix."""
    error = entry.get("error")
    if error is None:
        return None
    return re.sub(r"^(timeout|\d{3}):\s*", "", str(error))


def _truncated(value: Any) -> bool:
    return isinstance(value, str) and len(value) > SUMMARY_CHARS and value.endswith("…")


def recorded_from_log(entry: dict[str, Any]) -> tuple[RecordedCall | None, str | None]:
    """One call-log entry as a recorded call, or ``None`` and the reason it cannot be replayed."""
    target = entry.get("target")
    name = str(entry.get("name") or "")
    status, timeout = _status(entry)
    failed = status >= 400 or timeout
    message = None
    if failed:
        raw = entry.get("raw")
        message = str(raw["message"]) if isinstance(raw, dict) and raw.get("message") else _message(entry)
    response = entry["raw"] if "raw" in entry and not failed else entry.get("response")
    latency = entry.get("latency_ms")
    if target == "llm":
        # The report keeps a model call's text only: a tool-calling answer cannot be rebuilt from it,
        # so a successful model call is replayed live unless the whole completion was recorded.
        whole = "raw" in entry and entry.get("raw") is not None
        return RecordedCall(
            target="llm",
            name=name or "model",
            response=response if (whole and not failed) else None,
            status=status,
            error=message,
            timeout=timeout,
            latency_ms=latency,
            live=not failed and not whole,
        ), None
    args = entry.get("args")
    if target == "http":
        if isinstance(args, dict) and args.get("method") == "CONNECT":
            return None, f"HTTPS tunnel to {name} (encrypted, cannot be replayed)"
        if isinstance(args, dict) and isinstance(args.get("url"), str):
            u = httpx.URL(args["url"])
            path = u.raw_path.decode("ascii", "replace")
            args = {"method": args.get("method"), "url": f"*://*{path}"}
    if _truncated(response):
        return RecordedCall(
            target="http" if target == "http" else "tool",
            name=name,
            args=args if isinstance(args, dict) else None,
            latency_ms=latency,
            live=True,
        ), f"{name}: the logged response was cut at {SUMMARY_CHARS} characters; the call runs live"
    return RecordedCall(
        target="http" if target == "http" else "tool",
        name=name,
        args=args if isinstance(args, dict) else None,
        response=response,
        status=status,
        error=message,
        timeout=timeout,
        latency_ms=latency,
    ), None


def recorded_calls(calls: list[dict[str, Any]]) -> tuple[list[RecordedCall], list[str]]:
    """A cell's calls in ``seq`` order as recorded calls, with notes on the ones left out or live."""
    out: list[RecordedCall] = []
    notes: list[str] = []
    for entry in sorted(calls, key=lambda c: c.get("seq") or 0):
        call, note = recorded_from_log(entry)
        if call is not None:
            out.append(call)
        if note:
            notes.append(note)
    return out, notes
