"""Turning the chaos seams' call log (``CellResult.calls``, report ``calls``) into recorded calls.

This is how a failing cell of a run becomes a replayable session (``replay export``): every tool, HTTP and model
call the seams logged is rebuilt as a :class:`~windtunnel.replay.session.RecordedCall` with the status and error
the agent met. What the log cannot reproduce faithfully (an encrypted HTTPS tunnel, a response cut for the report,
a model answer it could not read) is left out or replayed live, with a note saying which."""

from __future__ import annotations

import re
from typing import Any

import httpx

from windtunnel.chaos.llm_payload import unsaid
from windtunnel.chaos.llm_wire import NO_TEXT, was_cut
from windtunnel.chaos.plan import SUMMARY_CHARS, WAITING
from windtunnel.chaos.routes import route_name
from windtunnel.replay.payloads import status_of_error
from windtunnel.replay.session import RecordedCall

_STATUS_PREFIX = re.compile(r"^(\d{3})\b")


def url_glob(url: str) -> str:
    """The recorded URL of an HTTP call: its path and query on any scheme and host (``*://*/orders/7?full=1``), so a
    replay does not depend on the address the agent used. With the method, this is what identifies a recorded HTTP
    call when it is matched (see :meth:`~windtunnel.replay.matcher.RecordedResponder`)."""
    return f"*://*{httpx.URL(url).raw_path.decode('ascii', 'replace')}"


def _status(entry: dict[str, Any]) -> tuple[int, bool]:
    """``(status, timed out)`` of a logged call: its own status when it succeeded; for a failure, 504 for a timeout,
    else the status it carries, the ``NNN:`` prefix of its error, or the status its error text implies.

    The status decides how the seam fails the replayed call, so it must say what the agent met: a timeout must
    replay as a timeout, not as a generic 500."""
    error = entry.get("error")
    raw = entry.get("raw")
    status = entry.get("status")
    timeout = isinstance(raw, dict) and bool(raw.get("timeout"))
    if error is None:
        code = status if isinstance(status, int) else 200
        return code, code == 504
    text = str(error)
    if text.startswith(("timeout", WAITING)) or timeout:  # a call still waiting when its cell ended: it hung
        return 504, True
    if isinstance(status, int) and status >= 400:
        return status, status == 504
    m = _STATUS_PREFIX.match(text)
    if m:
        code = int(m.group(1))
        return code, code == 504
    return status_of_error(text)


def _message(entry: dict[str, Any]) -> str | None:
    """The error text without the seam's ``timeout:`` / ``NNN:`` prefix.

    The prefix is how the seam logged the status; the replayed call carries the status itself, so the message the
    agent meets on replay is the one it met live."""
    error = entry.get("error")
    if error is None:
        return None
    return re.sub(r"^(timeout|\d{3}):\s*", "", str(error))


def _truncated(value: Any) -> bool:
    """Whether a logged response was cut for the report (longer than the summary limit and ending with the ellipsis):
    replaying it would feed the agent half an answer, so such a call is replayed live instead."""
    return isinstance(value, str) and len(value) > SUMMARY_CHARS and value.endswith("…")


def _answer_kept(entry: dict[str, Any]) -> bool:
    """Whether a model call's logged answer (without the whole completion) can be given back as it was: its text, or
    its text and tool calls, whole (not cut for the report), and read as an answer of its API (no note, or only that
    it carries no text)."""
    if entry.get("note") not in (None, NO_TEXT):
        return False
    response = entry.get("response")
    if isinstance(response, str):
        return not _truncated(response)
    return unsaid(response) is not None


def _cut_call(entry: dict[str, Any], name: str, latency: Any) -> tuple[RecordedCall, str | None]:
    """A model call whose connection dropped before the end of its answer, as a ``cut`` recorded call with the text
    sent before the cut (what a stream delivered; a cut JSON body delivers nothing readable). Its status is the 200
    the answer began with: replayed as an error status, the agent's SDK would retry it, where the cut it met live is
    a connection error. A text cut for the report is not replayed as sent: the replay cuts before any text (noted)."""
    response = entry.get("response")
    note = None
    if not isinstance(response, str):
        response = None
    elif _truncated(response):
        response = None
        note = (
            f"{name}: the text sent before the connection dropped was cut at {SUMMARY_CHARS} characters for the "
            "report; the replay drops the connection before any text"
        )
    return RecordedCall(target="llm", name=name or "model", response=response, cut=True, latency_ms=latency), note


def recorded_from_log(entry: dict[str, Any]) -> tuple[RecordedCall | None, str | None]:
    """One call-log entry as a recorded call, or ``None`` and the reason it cannot be replayed.

    Model calls are replayed with their answer when the log kept it whole (the completion, or its text and tool
    calls), with their failure when they failed, and as a cut (``cut``, :func:`_cut_call`) when the connection
    dropped before the end of the answer; an answer the log holds only in part runs live. HTTP calls are
    named by their route (``127.0.0.1/weather/Berlin``, what the replay's proxy names the live call; never the
    ``tool`` of the chaos fault that named it while recording) and matched by method and path on any host
    (``*://*<path>``, :func:`url_glob`), so a replay does not depend on the address the agent used. HTTPS tunnels
    (``CONNECT``) are left out: their content was never visible to the proxy."""
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
    if target == "llm" and was_cut(entry.get("error")):
        return _cut_call(entry, name, latency)
    if target == "llm":
        # A report keeps a model call's answer as its text, or as its text and tool calls (not the whole completion):
        # enough to give it back in the API the agent calls. An answer the log could not read as one of its API (a
        # note says why), or cut for the report, runs live instead.
        whole = "raw" in entry and entry.get("raw") is not None
        kept = whole or _answer_kept(entry)
        return RecordedCall(
            target="llm",
            name=name or "model",
            response=response if (kept and not failed) else None,
            status=status,
            error=message,
            timeout=timeout,
            latency_ms=latency,
            live=not failed and not kept,
        ), None
    args = entry.get("args")
    if target == "http":
        if isinstance(args, dict) and args.get("method") == "CONNECT":
            return None, f"HTTPS tunnel to {name} (encrypted, cannot be replayed)"
        if isinstance(args, dict) and isinstance(args.get("url"), str):
            # named by its route, as the replay's proxy names the live call (no fault names a replayed call), not by
            # the tool name a chaos fault gave it while recording
            name = route_name(args["url"])
            args = {"method": args.get("method"), "url": url_glob(args["url"])}
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
    """A cell's calls in ``seq`` order as recorded calls, with notes on the ones left out or live.

    Order matters: an exported session replays in strict order, so the calls must be in the order the agent made
    them, whatever order the seams logged them in."""
    out: list[RecordedCall] = []
    notes: list[str] = []
    for entry in sorted(calls, key=lambda c: c.get("seq") or 0):
        call, note = recorded_from_log(entry)
        if call is not None:
            out.append(call)
        if note:
            notes.append(note)
    return out, notes
