"""Answering the agent's calls from a recording: the responder the chaos seams consult.

:class:`RecordedResponder` implements :class:`windtunnel.chaos.plan.Responder`. The seams ask it
before calling the real tool or model; it finds the recorded call that answers this one (``strict``,
``by_tool`` or ``by_args``) and hands back the recorded response, status and latency. A call nothing
answers either gets an error and is listed as a mismatch (the replay fails, naming it), or goes
through to the live callee when the session says ``unmatched: live``.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any

import httpx

from windtunnel.chaos.base import LlmCall, LlmReply, ToolCall, ToolReply
from windtunnel.chaos.plan import Answer
from windtunnel.replay.session import MatchMode, RecordedCall, Session, Target

UNMATCHED_STATUS = 500


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr)


@dataclass
class Served:
    """One call the player answered (or let through), in order."""

    target: str
    name: str
    args: Any
    entry: int | None
    """Index into the injected recorded calls; ``None`` for a call let through or failed."""
    outcome: str
    """``replayed``, ``live`` (matched a ``live`` entry, or let through) or ``unmatched``."""


@dataclass
class RecordedResponder:
    """Answers one replay's calls from ``session``'s recording (thread-safe; one per replayed cell)."""

    session: Session
    latency_scale: float | None = None
    """Overrides the session's ``replay.latency_scale`` when set."""
    entries: list[RecordedCall] = field(init=False)
    used: list[int] = field(init=False)
    served: list[Served] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)
    live: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        inject = set(self.session.replay.inject)
        self.entries = [c for c in self.session.recorded if c.kind in inject]
        self.used = [0] * len(self.entries)
        self._lock = threading.Lock()
        self._calls = 0

    @property
    def mode(self) -> MatchMode:
        return self.session.match_mode

    @property
    def scale(self) -> float:
        return self.session.replay.latency_scale if self.latency_scale is None else self.latency_scale

    # -- Responder protocol ------------------------------------------------------------------
    def tool(self, call: ToolCall, target: str) -> Answer | None:
        if "tool" not in self.session.replay.inject:
            return None
        with self._lock:
            index, why = self._find("tool", call.name, call.args, call.url)
            return self._answer("tool", call.name, call.args, index, why, target=target)

    def llm(self, call: LlmCall) -> Answer | None:
        if "llm" not in self.session.replay.inject:
            return None
        name = call.name or "model"
        with self._lock:
            index, why = self._find("llm", name, None, None)
            return self._answer("llm", name, _llm_args(call.request), index, why)

    # -- matching ----------------------------------------------------------------------------
    def _name_matches(self, entry: RecordedCall, name: str, url: str | None) -> bool:
        if entry.name == name or fnmatchcase(name, entry.name):
            return True
        if url is not None:
            u = httpx.URL(url)
            host_path = f"{u.host}{u.path}"
            return fnmatchcase(url, entry.name) or fnmatchcase(host_path, entry.name) or entry.name == u.path
        return False

    def _args_match(self, entry: RecordedCall, kind: Target, args: Any, url: str | None) -> bool:
        if kind == "llm" or entry.args is None:
            return True
        if url is not None and isinstance(entry.args, dict):
            # HTTP calls: the recorded method must match and the recorded URL may be a glob
            method = entry.args.get("method")
            pattern = entry.args.get("url")
            if method is not None and method != args.get("method"):
                return False
            return pattern is None or pattern == url or fnmatchcase(url, str(pattern))
        return canonical(entry.args) == canonical(args)

    def _matches(self, i: int, kind: Target, name: str, args: Any, url: str | None, *, with_args: bool) -> bool:
        e = self.entries[i]
        if e.kind != kind or not self._name_matches(e, name, url):
            return False
        return not with_args or self._args_match(e, kind, args, url)

    def _find(self, kind: Target, name: str, args: Any, url: str | None) -> tuple[int | None, str]:
        with_args = self.mode in ("strict", "by_args")
        if self.mode == "strict":
            nxt = next((i for i, n in enumerate(self.used) if n == 0), None)
            if nxt is not None and self._matches(nxt, kind, name, args, url, with_args=True):
                return nxt, ""
            again = self._repeatable(kind, name, args, url, with_args=True, last_only=True)
            if again is not None:
                return again, ""
            if nxt is None:
                return None, f"all {len(self.entries)} recorded calls were already used"
            return None, f"the recording expects {self.entries[nxt].describe()} next"
        for i, n in enumerate(self.used):
            if n == 0 and self._matches(i, kind, name, args, url, with_args=with_args):
                return i, ""
        again = self._repeatable(kind, name, args, url, with_args=with_args, last_only=False)
        if again is not None:
            return again, ""
        same_name = [i for i in range(len(self.entries)) if self._matches(i, kind, name, args, url, with_args=False)]
        if not same_name:
            known = sorted({e.name for e in self.entries if e.kind == kind})
            return None, f"nothing was recorded for {kind} {name!r} (recorded: {', '.join(known) or 'none'})"
        if self.mode == "by_args" and any(self.used[i] == 0 for i in same_name):
            shown = [canonical(self.entries[i].args)[:80] for i in same_name if self.used[i] == 0]
            return (
                None,
                f"no recorded {name!r} call has these arguments (unused recorded: {'; '.join(shown)})",
            )
        return None, f"all {len(same_name)} recorded {name!r} call(s) were already used"

    def _repeatable(
        self, kind: Target, name: str, args: Any, url: str | None, *, with_args: bool, last_only: bool
    ) -> int | None:
        used = [i for i, n in enumerate(self.used) if n > 0]
        if last_only:
            used = used[-1:]
        for i in reversed(used):
            if self.entries[i].repeat and self._matches(i, kind, name, args, url, with_args=with_args):
                return i
        return None

    # -- answering ---------------------------------------------------------------------------
    def _answer(
        self, kind: Target, name: str, args: Any, index: int | None, why: str, *, target: str = "tool"
    ) -> Answer | None:
        self._calls += 1
        if index is None:
            shown = canonical(args)[:160] if args is not None else ""
            message = (
                f"windtunnel replay: call #{self._calls} {kind} {name}({shown}) has no recorded answer "
                f"({self.mode} matching: {why})"
            )
            if self.session.unmatched == "live":
                self.live.append(message)
                self.served.append(Served(kind, name, args, None, "live"))
                return None
            self.mismatches.append(message)
            self.served.append(Served(kind, name, args, None, "unmatched"))
            if kind == "llm":
                return Answer(LlmReply(status=UNMATCHED_STATUS, message=message), mode="replay-unmatched")
            return Answer(ToolReply(status=UNMATCHED_STATUS, message=message), mode="replay-unmatched")
        self.used[index] += 1
        entry = self.entries[index]
        if entry.live:
            self.served.append(Served(kind, name, args, index, "live"))
            return None
        self.served.append(Served(kind, name, args, index, "replayed"))
        delay = round((entry.latency_ms or 0) * self.scale)
        if kind == "llm":
            return Answer(_llm_reply(entry), delay_ms=delay)
        return Answer(_tool_reply(entry, name), delay_ms=delay)

    # -- after the cell ------------------------------------------------------------------------
    def unused(self) -> list[RecordedCall]:
        """Recorded calls the agent never made (a ``repeat`` entry counts once it served)."""
        return [e for e, n in zip(self.entries, self.used, strict=False) if n == 0]


def _tool_reply(entry: RecordedCall, name: str) -> ToolReply:
    if not entry.failed:
        return ToolReply(status=entry.status, body=entry.response)
    timeout = entry.timeout or entry.status == 504
    default = f"tool {name!r} timed out" if timeout else f"tool {name!r} failed with status {entry.status}"
    return ToolReply(status=entry.status, body=entry.response, message=entry.error or default, timeout=timeout)


def _llm_reply(entry: RecordedCall) -> LlmReply:
    if entry.failed:
        timeout = entry.timeout or entry.status == 504
        return LlmReply(status=entry.status, message=entry.error or "recorded model failure", timeout=timeout)
    body = entry.response if entry.response is not None else ""
    return LlmReply(status=entry.status, body=body)


def _llm_args(request: dict[str, Any]) -> dict[str, Any]:
    return {"model": request.get("model")} if isinstance(request, dict) else {}
