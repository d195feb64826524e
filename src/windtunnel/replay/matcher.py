"""Answering the agent's calls from a recording: the responder the chaos seams consult.

:class:`RecordedResponder` implements :class:`windtunnel.chaos.plan.Responder`. The seams ask it before calling
the real tool or model; it finds the recorded call that answers this one (``strict``, ``by_tool`` or ``by_args``)
and hands back the recorded response, status and latency. A call nothing answers either gets an error and is
listed as a mismatch (the replay fails, naming it), or goes through to the live callee when the session says
``unmatched: live``.

Answers go through the seam as a fault's would (an error raised where the real tool raises, a reply with the
recorded status), so the agent's own error handling runs exactly as it did during the incident."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any

import httpx

from windtunnel.chaos.base import LlmCall, LlmReply, ToolCall, ToolReply
from windtunnel.chaos.llm_payload import unsaid
from windtunnel.chaos.plan import Answer
from windtunnel.chaos.wire_apis import wire_api
from windtunnel.replay.session import MatchMode, RecordedCall, Session, Target

UNMATCHED_STATUS = 500


def canonical(value: Any) -> str:
    """``value`` as canonical JSON (sorted keys, unencodable values by ``repr``): two argument sets match exactly
    when their canonical forms are equal, whatever their key order.

    ``repr`` keeps the comparison total: a tool argument JSON cannot encode (a date, a custom object) still
    compares, by its representation, instead of raising in the middle of a replay."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr)


@dataclass
class Served:
    """One call the player answered (or let through), in order: what the agent asked and which recorded entry, if
    any, answered it. The replay report lists these, so a reader sees the exchange as it happened.

    Arguments are kept as the agent sent them (a model call: its model name), which is what a diverging call is
    compared by when a reader debugs a mismatch."""

    target: str
    name: str
    args: Any
    entry: int | None
    """Index into the injected recorded calls; ``None`` for a call let through or failed."""
    outcome: str
    """``replayed``, ``live`` (matched a ``live`` entry, or let through) or ``unmatched``."""


@dataclass
class RecordedResponder:
    """Answers one replay's calls from ``session``'s recording (thread-safe; one per replayed cell).

    After the cell, :attr:`served` is the exchange in order, :attr:`mismatches` the calls that failed the replay,
    :attr:`live` the calls let through, and :meth:`unused` the recorded calls the agent never made."""

    session: Session
    latency_scale: float | None = None
    """Overrides the session's ``replay.latency_scale`` when set."""
    entries: list[RecordedCall] = field(init=False)
    used: list[int] = field(init=False)
    served: list[Served] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)
    live: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        """Keep the recorded calls of the kinds the session injects (tool, llm), each with a use count; the lock
        makes one responder safe for an agent that calls tools from several threads.

        Use counts are what ``strict`` and ``by_tool`` matching consume; an entry with ``repeat`` keeps answering
        after its first use."""
        inject = set(self.session.replay.inject)
        self.entries = [c for c in self.session.recorded if c.kind in inject]
        self.used = [0] * len(self.entries)
        self._lock = threading.Lock()
        self._calls = 0

    @property
    def mode(self) -> MatchMode:
        """How calls are matched to the recording: the session's ``match`` mode (see :attr:`Session.match_mode
        <windtunnel.replay.session.Session.match_mode>` for the default)."""
        return self.session.match_mode

    @property
    def scale(self) -> float:
        """The factor recorded latencies are replayed with (``0``: answer at once, ``1``: as recorded).

        A scale above 0 keeps timing-dependent behaviour (timeouts, concurrency) as it was during the incident."""
        return self.session.replay.latency_scale if self.latency_scale is None else self.latency_scale

    # -- Responder protocol ------------------------------------------------------------------
    def tool(self, call: ToolCall, target: str) -> Answer | None:
        """The recorded answer to a tool call (or an HTTP call, by ``target``), or ``None`` to let it through to the
        real tool: tools are not injected, the matching entry is marked ``live``, or nothing matches and the
        session lets unmatched calls go live."""
        if "tool" not in self.session.replay.inject:
            return None
        with self._lock:
            index, why = self._find("tool", call.name, call.args, call.url)
            return self._answer("tool", call.name, call.args, index, why, target=target)

    def llm(self, call: LlmCall) -> Answer | None:
        """The recorded answer to a model call, or ``None`` to let it through (as :meth:`tool`). Model calls are
        matched by name and order only: a prompt rebuilt by the agent never equals the recorded one byte for byte,
        and only the model name is kept as the call's arguments."""
        if "llm" not in self.session.replay.inject:
            return None
        name = call.name or "model"
        with self._lock:
            index, why = self._find("llm", name, None, None)
            return self._answer("llm", name, _llm_args(call.request), index, why, api=call.api)

    # -- matching ----------------------------------------------------------------------------
    def _name_matches(self, entry: RecordedCall, name: str, url: str | None) -> bool:
        """Whether a recorded entry's name matches the call: exactly, as a glob, or, for an HTTP call, against its
        full URL, ``host/path`` or path, or by its recorded URL (:func:`_url_matches`).

        The recorded URL is an HTTP call's identity: a session written while a chaos fault named the call by its
        ``tool`` (``weather``, as ``record`` and ``export`` once wrote) names it otherwise than the replay, where no
        fault names the live call and the proxy names it by its route (``127.0.0.1/weather/Berlin``). Only such an
        old-style name (a tool's, with no ``/``) falls back to the URL: a route name (``a.example/v1/items``) names its
        host and path, and its URL glob (``*://*/v1/items``, any host) would also answer another host's call."""
        if entry.name == name or fnmatchcase(name, entry.name):
            return True
        if url is not None:
            u = httpx.URL(url)
            host_path = f"{u.host}{u.path}"
            if fnmatchcase(url, entry.name) or fnmatchcase(host_path, entry.name) or entry.name == u.path:
                return True
            return entry.target == "http" and "/" not in entry.name and _url_matches(entry, url) is True
        return False

    def _args_match(self, entry: RecordedCall, kind: Target, args: Any, url: str | None) -> bool:
        """Whether the call's arguments match the entry's: model calls and entries without recorded arguments always
        do; an HTTP call must have the recorded method and a URL equal to (or matching the glob of) the recorded
        one; a tool call must have equal canonical arguments."""
        if kind == "llm" or entry.args is None:
            return True
        if url is not None and isinstance(entry.args, dict):
            # HTTP calls: the recorded method must match and the recorded URL may be a glob
            method = entry.args.get("method")
            if method is not None and method != args.get("method"):
                return False
            return _url_matches(entry, url) is not False
        return canonical(entry.args) == canonical(args)

    def _matches(self, i: int, kind: Target, name: str, args: Any, url: str | None, *, with_args: bool) -> bool:
        """Whether entry ``i`` answers this call: same kind, matching name and, ``with_args``, matching arguments
        (``by_tool`` matching looks at names only)."""
        e = self.entries[i]
        if e.kind != kind or not self._name_matches(e, name, url):
            return False
        return not with_args or self._args_match(e, kind, args, url)

    def _find(self, kind: Target, name: str, args: Any, url: str | None) -> tuple[int | None, str]:
        """The index of the entry that answers this call, or ``None`` with why nothing does.

        ``strict``: only the next unused entry (or a ``repeat`` entry just used) may answer, so the agent must
        make the recorded calls in order. ``by_tool`` / ``by_args``: the first unused entry of that name (and
        arguments), in any order, then a ``repeat`` entry. The reason names what the recording expected or held,
        which is what a user needs to fix a diverging agent or recording."""
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
        """A used entry marked ``repeat`` that matches the call (the most recent first; ``last_only``: only the last
        used entry, as strict order requires), or ``None``.

        ``repeat`` is how an agent that polls or retries a tool is replayed: one recorded answer serves every
        further call, instead of a mismatch per extra call."""
        used = [i for i, n in enumerate(self.used) if n > 0]
        if last_only:
            used = used[-1:]
        for i in reversed(used):
            if self.entries[i].repeat and self._matches(i, kind, name, args, url, with_args=with_args):
                return i
        return None

    # -- answering ---------------------------------------------------------------------------
    def _answer(
        self,
        kind: Target,
        name: str,
        args: Any,
        index: int | None,
        why: str,
        *,
        target: str = "tool",
        api: str | None = None,
    ) -> Answer | None:
        """The answer for call #n from entry ``index``, recording what was served.

        No entry: with ``unmatched: live`` the call goes through (noted), otherwise the agent gets a 500 naming
        the call and the reason, and the replay fails on the mismatch. An entry marked ``live`` lets the call
        through; any other is answered with its recorded response, status and latency × :attr:`scale` (``api``: the
        wire API of a model call, which a model answer kept as text and tool calls is written in)."""
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
            return Answer(_llm_reply(entry, api, name), delay_ms=delay)
        return Answer(_tool_reply(entry, name), delay_ms=delay)

    # -- after the cell ------------------------------------------------------------------------
    def unused(self) -> list[RecordedCall]:
        """Recorded calls the agent never made (a ``repeat`` entry counts once it served).

        Reported as a note: an agent that now skips a call it made during the incident may have been fixed, or may
        have stopped doing something it should; either way a reader should know."""
        return [e for e, n in zip(self.entries, self.used, strict=False) if n == 0]


def _url_matches(entry: RecordedCall, url: str) -> bool | None:
    """Whether the recorded URL of an HTTP entry (``args.url``, a glob such as ``*://*/weather/Berlin``) matches the
    call's URL; ``None`` when the entry records no URL."""
    pattern = entry.args.get("url") if isinstance(entry.args, dict) else None
    if pattern is None:
        return None
    return pattern == url or fnmatchcase(url, str(pattern))


def _tool_reply(entry: RecordedCall, name: str) -> ToolReply:
    """A recorded tool call as the reply the seam gives the agent: its response, or for a failed call its error (a
    timeout when recorded as one or as status 504), so the agent meets the failure it met live."""
    if not entry.failed:
        return ToolReply(status=entry.status, body=entry.response)
    timeout = entry.timeout or entry.status == 504
    default = f"tool {name!r} timed out" if timeout else f"tool {name!r} failed with status {entry.status}"
    return ToolReply(status=entry.status, body=entry.response, message=entry.error or default, timeout=timeout)


def _llm_reply(entry: RecordedCall, api: str | None = None, name: str | None = None) -> LlmReply:
    """A recorded model call as the reply the seam gives the agent: its body, or its failure (a timeout when recorded
    as one or as status 504); a ``cut`` call's body is the part sent before the cut, which the seam sends and then
    drops the connection (``cut_after`` 1: the whole part, the answer's end never).

    A body that is a call log's answer asking for tools (exported from a report: its text and tool calls, not the
    whole completion) is written as a whole answer of the API the agent calls (Chat Completions for a wrapped
    callable), so the agent's SDK reads the tool calls it asked for; a text answer is one too where the seam's answers
    are completions (a wire API, a wrapped ``create``), and stays text for a plain callable."""
    if entry.failed and not entry.cut:
        timeout = entry.timeout or entry.status == 504
        return LlmReply(status=entry.status, message=entry.error or "recorded model failure", timeout=timeout)
    body = entry.response if entry.response is not None else ""
    reply = unsaid(body)
    if reply is not None:
        wire = wire_api(api or "chat")
        body = wire.write(wire.text_answer(reply.text or "", name or entry.name), reply)
    elif isinstance(body, str) and api is not None:  # a text answer, at a seam whose answers are whole completions
        body = wire_api(api).text_answer(body, name or entry.name)
    # a cut: all of the recorded part was sent, then the connection dropped; the seam cuts it as stream_cutoff does
    return LlmReply(status=entry.status, body=body, cut_after=1.0 if entry.cut else None)


def _llm_args(request: dict[str, Any]) -> dict[str, Any]:
    """What a model call is recorded and shown with: its model name only (the full request is too large, and never
    matched on). A request that is not a mapping gives nothing."""
    return {"model": request.get("model")} if isinstance(request, dict) else {}
