"""Recorded sessions: the upstream shape and windtunnel's own recording format, YAML or JSON.

A session is one production conversation to replay: the exact input the agent received, the tool and
model calls it made with what they returned, and the contract its answer is judged against.

Upstream shape (accepted unchanged)::

    id, name, source, captured_at, input, context,
    tool_responses: [{tool, response, status, latency_ms}], expected_failure, contract

windtunnel's format adds ``calls``, the ordered tool and LLM calls with their arguments, and
``replay``, how the player matches the agent's calls against them.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import yaml
from pydantic import Field, ValidationError, field_validator, model_validator

from windtunnel._util.errors import ConfigError
from windtunnel._util.yamlsource import read_text
from windtunnel.config.base import StrictModel
from windtunnel.config.load import SourceMap, format_validation_error, read_yaml
from windtunnel.replay.importers.common import chat_input

if TYPE_CHECKING:
    from windtunnel.config.load import SourceMap

SESSION_SUFFIXES = (".yaml", ".yml", ".json")
FORMAT = "windtunnel.session/1"

MatchMode = Literal["strict", "by_tool", "by_args"]
Target = Literal["tool", "llm"]
DEFAULT_INJECT: tuple[Target, ...] = ("tool",)


class RecordedCall(StrictModel):
    """One call the agent made at the time, and what came back."""

    target: Literal["tool", "llm", "http"] = "tool"
    """``tool`` (a python tool), ``http`` (an outbound HTTP call of an HTTP agent), ``llm`` (a model call)."""
    name: str
    """Tool name, model name, or for ``http`` the host and path (``api.example.com/orders/1``).
    Glob patterns (``*``) are allowed."""
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
    latency_ms: float | None = Field(default=None, ge=0)
    """How long the call took; the player waits this long (times ``latency_scale``) before answering."""
    repeat: bool = False
    """Keep answering later calls to this tool with this response once the ones after it are used up."""
    live: bool = False
    """Let this call reach the real tool or model: it is matched (and counted in ``strict`` order) but
    not answered. For calls whose whole response was not kept (model answers in a run report)."""

    @model_validator(mode="after")
    def _timeout_status(self) -> RecordedCall:
        if self.timeout and self.status < 400:
            self.status = 504
        return self

    @property
    def failed(self) -> bool:
        return self.timeout or self.status >= 400

    @property
    def kind(self) -> Target:
        return "llm" if self.target == "llm" else "tool"

    def describe(self) -> str:
        args = "" if self.args is None else json.dumps(self.args, ensure_ascii=False, sort_keys=True)
        outcome = ("timeout" if self.status == 504 else f"status {self.status}") if self.failed else "ok"
        return f"{self.target} {self.name}({args[:120]}) -> {outcome}"


class ToolResponse(StrictModel):
    """An upstream ``tool_responses`` entry: what one tool answered (every call to it)."""

    tool: str
    response: Any = None
    status: int = Field(default=200, ge=100, le=599)
    latency_ms: float | None = Field(default=None, ge=0)
    args: dict[str, Any] | None = None
    error: str | None = None

    def as_call(self) -> RecordedCall:
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
    """How the player answers the agent's calls during a replay."""

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
    """One recorded session (see the module docstring for the shapes)."""

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
        return str(v) if isinstance(v, int) else v

    @field_validator("captured_at", mode="before")
    @classmethod
    def _time_str(cls, v: Any) -> Any:
        if isinstance(v, (dt.datetime, dt.date)):
            return v.isoformat()
        return v

    @field_validator("input", mode="before")
    @classmethod
    def _chat_input(cls, v: Any) -> Any:
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
        """Every recorded call: ``calls`` first, then the upstream ``tool_responses``."""
        return [*self.calls, *(t.as_call() for t in self.tool_responses)]

    @property
    def unmatched(self) -> Literal["fail", "live"]:
        """``replay.unmatched``; a session that records no call and does not say has nothing to answer
        from, so its calls reach the live callees (as upstream replays of HTTP agents always did)."""
        if "unmatched" in self.replay.model_fields_set or self.recorded:
            return self.replay.unmatched
        return "live"

    @property
    def match_mode(self) -> MatchMode:
        if self.replay.match is not None:
            return self.replay.match
        return "strict" if self.calls else "by_tool"

    @property
    def prompt_text(self) -> str:
        if isinstance(self.input, str):
            return self.input
        return "\n".join(f"{m.get('role', 'user')}: {m.get('content', '')}" for m in self.input)

    def recorded_failures(self) -> dict[str, bool]:
        """Which kinds of injected calls failed at the time (``tool``, ``llm``): decides ``when``."""
        out: dict[str, bool] = {"tool": False, "llm": False}
        for c in self.recorded:
            if c.failed and c.kind in self.replay.inject:
                out[c.kind] = True
        # faults that acted without failing the call (a malicious or wrong response is a 200): an exported
        # cell carries the faults that fired in it, and they are the chaos the incident happened under
        exported = (self.metadata or {}).get("exported_from") or {}
        for fault in exported.get("faults") or []:
            target = fault.get("target") if isinstance(fault, dict) else None
            if target in ("tool", "http", "context"):
                out["tool"] = True
            elif target == "llm":
                out["llm"] = True
        return out


@dataclass
class LoadedSession:
    """A session and the file it came from (contract paths resolve against it)."""

    session: Session
    path: Path | None
    index: int = 0

    @property
    def where(self) -> str:
        if self.path is None:
            return f"replays.sessions[{self.index}]"
        return str(self.path)


def _parse_text(text: str, file: str) -> tuple[Any, SourceMap | None]:
    """The document and, for YAML, where each key is (JSON has no positions)."""
    if file.endswith(".json"):
        try:
            return json.loads(text), None
        except ValueError as err:
            raise ConfigError(f"{file}: malformed JSON: {err}") from None
    return read_yaml(text, file)


def parse_session(data: Any, where: str, smap: SourceMap | None = None) -> Session:
    """Validate one session mapping; errors name ``where``, the line (with ``smap``, rooted at the
    session), every bad key and the closest valid one."""
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
    """The sessions in one file: a session mapping, or ``{sessions: [...]}``."""
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
    return isinstance(data, dict) and (("input" in data and "id" in data) or isinstance(data.get("sessions"), list))


def scan_directory(directory: Path) -> tuple[list[Path], list[tuple[Path, str]]]:
    """Session files in ``directory`` (recursively, sorted) and the files skipped, each with the reason."""
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
    """Write a session as YAML (``.yaml``/``.yml``) or JSON; returns the path."""
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
    keep = "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in text)
    return keep.strip("-.")[:100] or "session"
