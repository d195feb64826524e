"""Recorded sessions: the upstream shape and windtunnel's own recording format, YAML or JSON.

A session is one production conversation to replay: the exact input the agent received, the tool and
model calls it made with what they returned, and the contract its answer is judged against.

Upstream shape (accepted unchanged)::

    id, name, source, captured_at, input, context,
    tool_responses: [{tool, response, status, latency_ms}], expected_failure, contract

windtunnel's format adds ``calls``, the ordered tool and LLM calls with their arguments, and
``replay``, how the player matches the agent's calls against them.

Sessions are validated like configs (unknown keys are errors with the line and the closest valid key) and
written back in the same shape they are read (:func:`dump_session`), so a recorded, exported or imported
session is a file a user can read, edit and commit beside the code it tests.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import Field, ValidationError, field_validator, model_validator

from windtunnel._util.errors import ConfigError
from windtunnel._util.yamlsource import read_text
from windtunnel.config.base import StrictModel
from windtunnel.config.load import SourceMap, format_validation_error, read_yaml
from windtunnel.replay.payloads import chat_input

SESSION_SUFFIXES = (".yaml", ".yml", ".json")
FORMAT = "windtunnel.session/1"

MatchMode = Literal["strict", "by_tool", "by_args"]
Target = Literal["tool", "llm"]
DEFAULT_INJECT: tuple[Target, ...] = ("tool",)


class RecordedCall(StrictModel):
    """One call the agent made at the time, and what came back.

    Tool, HTTP and model calls share this shape: the seams answer them alike (a response with a status and a
    latency, or a failure), which is what lets one matcher serve every kind."""

    target: Literal["tool", "llm", "http"] = "tool"
    """``tool`` (a python tool), ``http`` (an outbound HTTP call of an HTTP agent), ``llm`` (a model call)."""
    name: str
    """Tool name, model name, or for ``http`` the host and path (``api.example.com/orders/1``; ``record`` and
    ``export`` write the call's route, as the replay's proxy names it). Glob patterns (``*``) are allowed. An ``http``
    call with a recorded ``args.url`` is also matched by that URL whatever its name (a session once named it by the
    ``tool`` of the chaos fault that hit it)."""
    args: dict[str, Any] | None = None
    """The call's arguments (``{"method", "url"}`` for ``http``); ``None`` matches any arguments."""
    response: Any = None
    """What the callee returned (a tool's value, an HTTP body, a completion or the model's text)."""
    status: int = Field(default=200, ge=100, le=599)
    """HTTP-style status: 4xx/5xx make the call fail the way the seam fails it (504 = a timeout)."""
    error: str | None = None
    """The error message of a failed call."""
    timeout: bool = False
    """The call timed out (same as status 504)."""
    cut: bool = False
    """A model call whose connection dropped before the end of its answer (a ``stream_cutoff``): ``response`` is what
    was sent before the cut (the text a stream delivered; none for a whole JSON body), and the replay sends it and
    then drops the connection, as the seam did, so the agent's client raises its connection error (not an HTTP status
    it would retry). ``status`` stays the 200 the answer began with."""
    latency_ms: float | None = Field(default=None, ge=0)
    """How long the call took; the player waits this long (times ``latency_scale``) before answering."""
    repeat: bool = False
    """Keep answering later calls to this tool with this response once the ones after it are used up."""
    live: bool = False
    """Let this call reach the real tool or model: it is matched (and counted in ``strict`` order) but
    not answered. For calls whose whole response was not kept (model answers in a run report)."""

    @model_validator(mode="after")
    def _timeout_status(self) -> RecordedCall:
        """A call recorded as timed out without a failing status gets 504, so every reader of ``status`` (matcher,
        report, ``chaos_active``) sees the failure without also checking ``timeout``. A ``cut`` is a model answer that
        began (not a timeout, not an error status)."""
        if self.timeout and self.status < 400:
            self.status = 504
        if self.cut and (self.target != "llm" or self.status >= 400 or self.live):
            raise ValueError(
                "cut: true is for a model call (target: llm) whose answer began (a status below 400) and was cut; "
                "a live call is not answered, so it cannot be cut"
            )
        return self

    @property
    def failed(self) -> bool:
        """Whether the call failed at the time (a timeout, a 4xx/5xx status, or a ``cut`` answer): such a call is
        replayed as the same failure, and makes the session count as one under chaos for ``when``."""
        return self.timeout or self.status >= 400 or self.cut

    @property
    def kind(self) -> Target:
        """Which seam answers it: ``llm`` for model calls, ``tool`` for python tools and HTTP calls alike (both are
        the agent's tool traffic, injected by ``replay.inject: [tool]``)."""
        return "llm" if self.target == "llm" else "tool"

    def describe(self) -> str:
        """The call on one line for messages: target, name, arguments (cut to 120 characters) and outcome.

        Used in mismatch and unused-call messages, where the reader needs to recognise the call, not read its full
        arguments."""
        args = "" if self.args is None else json.dumps(self.args, ensure_ascii=False, sort_keys=True)
        outcome = ("timeout" if self.status == 504 else f"status {self.status}") if self.failed else "ok"
        outcome = "cut (connection dropped)" if self.cut else outcome
        return f"{self.target} {self.name}({args[:120]}) -> {outcome}"


class ToolResponse(StrictModel):
    """An upstream ``tool_responses`` entry: what one tool answered (every call to it).

    Kept as upstream wrote it and read as a repeatable recorded call (:meth:`as_call`), so upstream session files
    replay unchanged."""

    tool: str
    response: Any = None
    status: int = Field(default=200, ge=100, le=599)
    latency_ms: float | None = Field(default=None, ge=0)
    args: dict[str, Any] | None = None
    error: str | None = None

    def as_call(self) -> RecordedCall:
        """The entry as a recorded call that answers every call to the tool (``repeat``), as upstream meant a
        ``tool_responses`` entry. Its arguments, when given, still have to match under ``by_args``."""
        return RecordedCall(
            target="tool",
            name=self.tool,
            args=self.args,
            response=self.response,
            status=self.status,
            error=self.error,
            latency_ms=self.latency_ms,
            repeat=True,
        )


class ReplaySettings(StrictModel):
    """How the player answers the agent's calls during a replay.

    The defaults keep a replay honest: calls nothing answers fail the replay, and model answers are not injected
    unless asked for."""

    match: MatchMode | None = None
    """``strict``: the agent's calls must come in the recorded order with the recorded arguments;
    ``by_tool``: first-in first-out per tool name; ``by_args``: the recorded call with the same name and
    arguments. Default: ``strict`` for recordings with ``calls``, ``by_tool`` for ``tool_responses``."""
    unmatched: Literal["fail", "live"] = "fail"
    """A call with no recorded answer: ``fail`` the replay (the call gets an error, the live tool is
    never called) or let it through to the ``live`` tool."""
    inject: list[Target] = Field(default_factory=lambda: list(DEFAULT_INJECT))
    """Which recorded calls are injected. LLM calls are injected only when listed: a fix often changes
    the prompt or the model, which a replayed model answer would hide."""
    latency_scale: float = Field(default=1.0, ge=0)
    """Multiply recorded latencies (0 = answer at once)."""


class Session(StrictModel):
    """One recorded session (see the module docstring for the shapes).

    Validated like a config (unknown keys are errors naming the closest valid one), so a typo in a session file is
    found at load time, not as a strange replay result."""

    format: str | None = None
    """``windtunnel.session/1`` for files written by windtunnel."""
    id: str
    name: str | None = None
    source: str | None = None
    """Where it came from: ``production``, ``langsmith``, ``otel``, ``langfuse``, ``windtunnel`` …"""
    captured_at: str | None = None
    input: str | list[dict[str, Any]]
    """The exact input: a prompt, or a chat message list."""
    context: Any = None
    """Free-form context kept with the recording (shown in reports, not sent)."""
    tool_responses: list[ToolResponse] = Field(default_factory=list)
    calls: list[RecordedCall] = Field(default_factory=list)
    """Ordered tool and LLM calls, as recorded."""
    expected_failure: str | bool | None = None
    """What went wrong at the time (documentation; the verdict comes from the contract)."""
    contract: str | None = None
    """A contract name in the main config, or a path (relative to this file) to a config with one."""
    output: str | None = None
    """What the agent answered at the time."""
    replay: ReplaySettings = Field(default_factory=lambda: ReplaySettings())
    metadata: dict[str, Any] = Field(default_factory=dict)

    @field_validator("id", mode="before")
    @classmethod
    def _id_str(cls, v: Any) -> Any:
        """Accept a numeric id (YAML reads ``id: 42`` as a number) as its text: ids name cells and files, so they are
        always strings."""
        return str(v) if isinstance(v, int) else v

    @field_validator("captured_at", mode="before")
    @classmethod
    def _time_str(cls, v: Any) -> Any:
        """Accept a YAML timestamp for ``captured_at`` as its ISO text."""
        if isinstance(v, (dt.datetime, dt.date)):
            return v.isoformat()
        return v

    @field_validator("input", mode="before")
    @classmethod
    def _chat_input(cls, v: Any) -> Any:
        """Accept an input mapping in the shapes tracing tools export (``messages``, ``question``, ``input``,
        ``prompt``) by reading the input out of it; any other mapping is an error listing its keys.

        Read by the same helper the importers use, so a hand-written session accepts what an imported one would."""
        if isinstance(v, dict):
            found = chat_input(v)
            if found is None:
                raise ValueError(
                    f"input is a mapping with keys {sorted(v)}; give a string, a message list, or a mapping "
                    "with 'messages', 'question', 'input' or 'prompt'"
                )
            return found
        return v

    @property
    def recorded(self) -> list[RecordedCall]:
        """Every recorded call: ``calls`` first, then the upstream ``tool_responses``.

        The player matches against this one list, whichever format the file used."""
        return [*self.calls, *(t.as_call() for t in self.tool_responses)]

    @property
    def unmatched(self) -> Literal["fail", "live"]:
        """``replay.unmatched``; a session that records no call and does not say has nothing to answer from, so its
        calls reach the live callees (as upstream replays of HTTP agents always did).

        A session that records calls defaults to ``fail``: an agent that now makes a call the incident did not is
        a difference the replay must show."""
        if "unmatched" in self.replay.model_fields_set or self.recorded:
            return self.replay.unmatched
        return "live"

    @property
    def match_mode(self) -> MatchMode:
        """``replay.match``, else ``strict`` for a recording with ordered ``calls`` and ``by_tool`` for upstream
        ``tool_responses`` (which record no order).

        Strict order is the default where the order is known: an agent that now calls its tools in another order
        behaves differently, and a strict replay says so."""
        if self.replay.match is not None:
            return self.replay.match
        return "strict" if self.calls else "by_tool"

    @property
    def prompt_text(self) -> str:
        """The input as text: the prompt, or a message list as ``role: content`` lines (how reports and checks that
        read prompts see a conversation)."""
        if isinstance(self.input, str):
            return self.input
        return "\n".join(f"{m.get('role', 'user')}: {m.get('content', '')}" for m in self.input)

    def chaos_active(self) -> dict[str, bool]:
        """Which kinds of fault (``tool``, ``llm``) act in this session's replay: decides ``when``.

        A replay injects the recorded responses at the agent's seams, so those responses are the faults of its cell
        (QA-11 major 4: a tool that lied with a 200 is the incident's tool fault). What counts:

        * a recorded call that failed (a timeout, a 4xx/5xx status), replayed as the same failure;
        * the faults that fired when windtunnel made the session (``metadata.exported_from.faults`` of an export,
          ``metadata.recorded_with.faults`` of a recording under ``--scenario``), even those that did not fail a
          call (a wrong or malicious 200 answer);
        * in a session that does not say which of its calls were faulted (written by hand, imported, or recorded
          under a scenario before the faults were kept), every injected recorded response of that kind.

        A windtunnel recording made without a scenario says it was clean: only its failed calls count, so its
        ``no_chaos`` invariants are judged. Calls that run live (``live: true``, or a kind not in
        ``replay.inject``) are no fault."""
        out: dict[str, bool] = {"tool": False, "llm": False}
        known = self.known_faults()
        inject = set(self.replay.inject)
        for c in self.recorded:
            if c.kind in inject and not c.live and (c.failed or known is None):
                out[c.kind] = True
        for fault in known or []:
            target = fault.get("target") if isinstance(fault, dict) else None
            if target in ("tool", "http", "context"):
                out["tool"] = True
            elif target == "llm":
                out["llm"] = True
        return out

    def known_faults(self) -> list[Any] | None:
        """The faults that fired when windtunnel made this session (a list, maybe empty), or None when the session does
        not say (hand-written, imported, or recorded under a scenario by an older windtunnel)."""
        meta = self.metadata or {}
        exported = meta.get("exported_from")
        if isinstance(exported, dict):
            return list(exported.get("faults") or [])
        recorded = meta.get("recorded_with")
        if isinstance(recorded, dict):
            if "faults" in recorded:
                return list(recorded.get("faults") or [])
            if recorded.get("scenario") is None:
                return []
        return None


@dataclass
class LoadedSession:
    """A session and the file it came from (contract paths resolve against it).

    ``index`` is its position in a ``sessions:`` list or in ``replays.sessions``, for messages about inline
    sessions that have no file."""

    session: Session
    path: Path | None
    index: int = 0

    @property
    def where(self) -> str:
        """Where the session came from, for messages: its file, or its place in ``replays.sessions``.

        Every error about a session starts with it, so a user with many session files knows which one to open."""
        if self.path is None:
            return f"replays.sessions[{self.index}]"
        return str(self.path)


def _parse_text(text: str, file: str) -> tuple[Any, SourceMap | None]:
    """The document and, for YAML, where each key is (JSON has no positions).

    YAML goes through the config reader (safe loading, duplicate keys refused, line numbers); JSON through the
    standard parser, its errors reported with the file."""
    if file.endswith(".json"):
        try:
            return json.loads(text), None
        except ValueError as err:
            raise ConfigError(f"{file}: malformed JSON: {err}") from None
    return read_yaml(text, file)


def parse_session(data: Any, where: str, smap: SourceMap | None = None) -> Session:
    """Validate one session mapping; errors name ``where``, the line (with ``smap``, rooted at the session), every
    bad key and the closest valid one.

    One error lists every problem of the session, as config errors do, so a user fixes them in one pass."""
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: a session must be a mapping, got {type(data).__name__}")
    try:
        return Session.model_validate(data)
    except ValidationError as err:
        located = SourceMap(where, smap.lines if smap is not None else {})
        raise ConfigError(
            format_validation_error(err, data, located, root=Session, what="invalid replay session", top="the session"),
            hint="see docs/replay.md for the session format",
        ) from None


def load_session_file(path: Path) -> list[LoadedSession]:
    """The sessions in one file: a session mapping, or ``{sessions: [...]}``.

    Errors name the file and, for YAML, the line of the bad key (rooted at the session within the file)."""
    data, smap = _parse_text(read_text(path, "session"), str(path))
    if isinstance(data, dict) and "sessions" in data and "input" not in data:
        items = data["sessions"]
        if not isinstance(items, list):
            raise ConfigError(f"{path}: 'sessions' must be a list of sessions")
        return [
            LoadedSession(
                parse_session(d, f"{path}: sessions[{i}]", smap.subtree(("sessions", i)) if smap else None),
                path,
                i,
            )
            for i, d in enumerate(items)
        ]
    return [LoadedSession(parse_session(data, str(path), smap), path)]


def looks_like_session(data: Any) -> bool:
    """Whether a parsed file is a session (``id`` and ``input``) or a list of them (``sessions:``): what a directory
    scan keeps. A cheap shape test, so a directory of other YAML (configs, fixtures) is sorted out without
    validating each file as a session."""
    return isinstance(data, dict) and (("input" in data and "id" in data) or isinstance(data.get("sessions"), list))


def scan_directory(directory: Path) -> tuple[list[Path], list[tuple[Path, str]]]:
    """Session files in ``directory`` (recursively, sorted) and the files skipped, each with the reason.

    Hidden files, other suffixes, unreadable files and YAML/JSON that is not a session are skipped and listed,
    never silently dropped: a user who drops a session into the wrong shape learns why it did not run."""
    files: list[Path] = []
    skipped: list[tuple[Path, str]] = []
    for p in sorted(directory.rglob("*")):
        if p.is_dir():
            continue
        if any(part.startswith(".") for part in p.relative_to(directory).parts):
            skipped.append((p, "hidden file"))
            continue
        if p.suffix.lower() not in SESSION_SUFFIXES:
            skipped.append((p, f"not a session file (expected {', '.join(SESSION_SUFFIXES)})"))
            continue
        try:
            data, _ = _parse_text(p.read_text(encoding="utf-8"), str(p))
        except (ConfigError, OSError, UnicodeDecodeError) as err:
            skipped.append((p, f"unreadable: {str(err).splitlines()[0]}"))
            continue
        if not looks_like_session(data):
            keys = ", ".join(sorted(map(str, data))[:6]) if isinstance(data, dict) else type(data).__name__
            skipped.append((p, f"not a session (no 'id' and 'input'; has {keys})"))
            continue
        files.append(p)
    return files, skipped


def dump_session(session: Session, path: Path) -> Path:
    """Write a session as YAML (``.yaml``/``.yml``) or JSON; returns the path.

    Defaults and empty lists are left out and ``format`` is written first, so a recorded file stays short and
    reads like a hand-written one."""
    data = session.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    data = {"format": FORMAT, **{k: v for k, v in data.items() if k != "format"}}
    for key in ("tool_responses", "calls", "metadata"):
        if not data.get(key):
            data.pop(key, None)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix.lower() == ".json":
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    else:
        path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100), encoding="utf-8")
    return path


def safe_filename(text: str) -> str:
    """``text`` as a file name: letters, digits, ``-``, ``_`` and ``.`` kept, anything else a dash, at most 100
    characters; ``session`` when nothing is left.

    Session ids come from traces and reports (URLs, slashes, spaces); writing them as files must not create
    directories or escape the output folder."""
    keep = "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in text)
    return keep.strip("-.")[:100] or "session"
