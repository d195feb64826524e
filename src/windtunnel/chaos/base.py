"""Fault and context-attack plugin interfaces: one registry per kind, one model per mode.

A fault is ONE pydantic model: its fields are the mode's parameters and its methods are the mode's
behaviour. The seams (python tool / LLM wrappers, the HTTP forward proxy, the LLM proxy) never look at
the mode name; they ask the model:

* :meth:`FaultSpec.should_fire` — does this eligible call fire (``after_calls``, ``probability``)?
* ``delay_ms_before(call)`` — how long the call hangs first (``slow``, ``timeout``).
* ``replace(call)`` — a synthetic reply *instead of* calling the real tool / model (``error``,
  ``rate_limit``, ``timeout`` ...): the real callee never sees the call.
* ``transform(call, reply)`` — a corrupted version of the real reply (``truncated``, ``wrong_data`` ...).
  Raise :class:`FaultNotApplicable` when the reply has nothing to corrupt; the call then counts as
  unfaulted.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any, ClassVar, TypeVar

from pydantic import Field, model_validator

from windtunnel._util.model import StrictModel
from windtunnel._util.registry import Registry
from windtunnel._util.rng import derive_seed
from windtunnel.chaos.routes import called_name


class FaultNotApplicable(Exception):
    """Raised by ``transform`` when a reply has nothing this fault can corrupt (e.g. no JSON fields)."""

    def __init__(self, passed_over: Sequence[str] = ()) -> None:
        """``passed_over``: what the reply offered that the fault's own filter left out (the tool calls of an answer
        none of which its ``tool`` glob matches), so a fault that never fired can say its filter, not its mode, was
        the cause (:data:`GLOB_MISSED`)."""
        super().__init__(*passed_over)
        self.passed_over = tuple(passed_over)


@dataclass
class ToolCall:
    """One call the agent made to a tool, as seen at a seam.

    ``args`` are the python call's keyword/positional arguments, or for HTTP ``{"method", "url"}``.
    ``signature`` identifies the call for seeded decisions (same call → same decision on rerun).
    """

    name: str
    args: dict[str, Any]
    signature: str
    url: str | None = None

    def named(self, pattern: str) -> bool:
        """Whether the tool glob ``pattern`` names this call: ``*``, its name, or for an HTTP call (named by its route,
        ``127.0.0.1/accounts/{}``) also its ``host/path`` as called, so a pattern written for one URL still hits it."""
        if pattern == "*" or fnmatchcase(self.name, pattern):
            return True
        return self.url is not None and fnmatchcase(called_name(self.url), pattern)


@dataclass
class ToolReply:
    """What a tool returned, in a seam-neutral form.

    ``status`` is 200 for success; 4xx/5xx make the python seam raise
    :class:`~windtunnel.chaos.injected.ToolFaultError` and the HTTP seam answer with that status.
    ``body`` is the python return value, or for HTTP the decoded JSON (``str`` for non-JSON bodies).
    ``timeout`` marks a timed-out call (python: :class:`~windtunnel.chaos.injected.ToolTimeout`;
    HTTP: ``504``). ``raw`` is an HTTP body to send verbatim (a malformed body that is not JSON).
    """

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    message: str | None = None
    timeout: bool = False
    raw: bytes | None = None


@dataclass
class LlmCall:
    """One call the agent made to its model. ``request`` is the chat request (kwargs or JSON body)."""

    request: dict[str, Any]
    signature: str
    stream: bool = False
    name: str | None = None
    """The model name (or the wrapped callable's name)."""
    api: str | None = None
    """The wire API of the call (``chat``, ``responses``, ``messages`` ...); ``None`` for a wrapped
    callable, whose requests are read in Chat Completions shape."""
    previous: Any = None
    """The model's last answer at this seam for the same API (a JSON answer, or a callable's return value),
    set only when a fault asks for it (:attr:`LlmFaultSpec.needs_previous`); ``None`` before the first."""


@dataclass
class ToolUse:
    """One tool call in a model answer, the same for every wire API.

    ``arguments`` is the JSON text of the arguments as the model wrote it (Anthropic's ``input`` object
    is serialised), so a fault can make it invalid JSON; ``id`` is the call's id (``call_id``, ``toolu_…``).
    """

    name: str
    arguments: str
    id: str | None = None


@dataclass
class LlmReply:
    """A model reply reduced to what faults act on: text, finish reason, tool calls and refusal, the same
    for every wire API (each :class:`~windtunnel.chaos.llm_apis.WireApi` reads and writes its own shape).

    Replacement replies (``status`` != 200) stand for an HTTP error (429 ...) or a timeout.
    ``cut_after`` (0-1) asks the seam to drop the connection after that fraction of the answer.
    """

    status: int = 200
    text: str | None = None
    finish_reason: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    message: str | None = None
    timeout: bool = False
    cut_after: float | None = None
    body: Any = None
    """A whole answer to deliver instead of the model's (a recorded completion, or a callable LLM's
    return value). Only replies from a :class:`~windtunnel.chaos.plan.Responder` use it."""
    malformed: bool = False
    """Deliver the answer as a body the client cannot parse (invalid JSON, a broken SSE event)."""
    tool_calls: list[ToolUse] | None = None
    """The answer's tool calls (``None``: none)."""
    refusal: str | None = None
    """A refusal the API carries apart from the text (OpenAI's ``refusal``); Anthropic sends it as text."""
    raw: bytes | None = None
    """An error body sent verbatim instead of the provider's JSON error (its Content-Type in ``headers``)."""
    repeat_chunk: int | None = None
    """On a stream: send the text chunk of this index (0-based) twice."""


class TextFilter:
    """An LLM fault acting on a streamed answer as its text arrives (``LlmFaultSpec.stream_filter``).

    The seam calls :meth:`feed` with each text delta and sends on what it returns (``""`` drops the
    delta), so kept tokens reach the agent as the model sends them. After a feed the seam reads the
    flags: ``stop`` (the answer ends here: later text is dropped), ``cut`` (drop the connection now),
    ``malformed`` (send a broken event now and end the stream), ``repeat`` (send this chunk twice).
    ``finish_reason`` overrides the stream's finish reason; ``acted`` says whether the fault changed
    anything (it then counts as fired).
    """

    def __init__(self) -> None:
        self.acted = False
        self.stop = False
        self.cut = False
        self.malformed = False
        self.repeat = False
        """Send the chunk just fed twice (the seam resets the flag)."""
        self.finish_reason: str | None = None

    def feed(self, text: str) -> str:
        """Take the next text delta of the stream and return what to send on in its place.

        The base filter passes every delta through unchanged; a fault's filter may shorten, hold back (return ``""`` and
        release the text later from :meth:`flush`) or replace it, and sets the flags described on the class.
        """
        return text

    def flush(self) -> str:
        """Text still held back when the model's text ends (``""`` when nothing is)."""
        return ""


@dataclass
class Decision:
    """What :meth:`FaultSpec.should_fire` may use to decide one call, deterministically.

    ``eligible_index``: how many calls matching this fault came before this one (0-based).
    ``occurrence``: how many earlier calls had the same signature (0 first time, 1 on the retry ...).
    ``draw(*parts)`` returns a float in [0, 1) seeded by (run seed, plan key, fault index, call
    signature, parts): the same call gets the same draw on every rerun, whatever the concurrency.
    """

    eligible_index: int
    occurrence: int
    seed_parts: tuple[Any, ...]

    def draw(self, *parts: Any) -> float:
        """A float in ``[0, 1)`` fixed by this call's seed parts and ``parts``: the same call draws the same number on
        every rerun, so a ``probability`` decision is repeatable whatever order the cells run in.
        """
        return random.Random(derive_seed(None, *self.seed_parts, *parts)).random()

    def rng(self, *parts: Any) -> random.Random:
        """A ``random.Random`` seeded like :meth:`draw` (with a distinct ``"rng"`` salt), for faults that need several
        random choices for one call, such as which fields to corrupt or where to cut the answer.
        """
        return random.Random(derive_seed(None, *self.seed_parts, "rng", *parts))


IMPACTS = {
    1: "the answer arrives, late or slightly off (a delay, a reworded or repeated piece)",
    2: "the answer arrives degraded but usable (shortened, renamed fields, an older answer)",
    3: "the answer is wrong or unusable but well-formed (empty, false data, a broken tool call, a refusal)",
    4: "the call fails with an error the client may retry (429, 5xx, an error page)",
    5: "no usable answer at all (a timeout, a dropped connection, an unparseable body)",
}
"""What each :attr:`FaultSpec.impact` level means (``windtunnel faults`` prints it)."""

FAILED = "failed"
ANSWERED = "answered"
OUTCOMES = {
    FAILED: "the client raises or gets an error status (an error, a rate limit, a timeout, a dropped "
    "connection, a model answer the SDK cannot parse)",
    ANSWERED: "the agent reads a reply, late, degraded or wrong (a delay, a shortened, empty, false "
    "or corrupted reply, broken tool calls in the model's answer)",
}
"""What each :attr:`FaultSpec.outcome` kind means: whether the agent meets a failed call or reads an answer."""


WINDOW_MISSED = ": its window"
"""What a ``never fired`` warning adds when the fault's window (``after_calls`` / ``on_call``) starts past the calls
any cell made: ``…never fired: its window (after_calls: 5) starts at call 6, and no cell made more than 5 …``."""


NOTHING_TO_ACT_ON = ": it acts only on"
"""What a ``never fired`` warning adds when the fault was in its window but its mode had nothing to act on in the calls
the cells made (:attr:`FaultSpec.acts_on`): ``…never fired: it acts only on streamed answers (stream=True) …``."""

GLOB_MISSED = ": its `tool` glob"
"""What a ``never fired`` warning adds when the answers offered what the mode acts on but the fault's ``tool`` glob
matched none of it: ``…never fired: its `tool` glob 'get_wether' matched none of the tool calls in the model's answers
(get_weather)``; its advice is then to check the names (:data:`NAMES_ADVICE`), not the mode."""

NAMES_ADVICE = "check the tool names and match_url patterns against the calls the agent makes"
"""What to check when a fault never fired and neither its window nor its mode explains it."""


def unfired_advice(messages: Sequence[str], *, names: str = NAMES_ADVICE) -> str:
    """What to check for faults that never fired, from their ``never fired`` warnings (one run's, or one contract
    scenario's): their windows when each warning blames its window (:data:`WINDOW_MISSED`), their modes when each
    blames its mode or window (:data:`NOTHING_TO_ACT_ON`), else ``names`` (the tool names and match_url patterns, and
    a tool-call mode's ``tool`` glob when a warning says it matched none of the answers' tool calls,
    :data:`GLOB_MISSED`), with the windows and modes the other warnings name. ``run --chaos`` and ``contract run``
    both say it, so a fault that never fired gets the same advice from either."""
    windowed = [m for m in messages if WINDOW_MISSED in m]
    unfit = [m for m in messages if NOTHING_TO_ACT_ON in m and WINDOW_MISSED not in m]
    if messages and len(windowed) == len(messages):
        return (
            "each fault's window (after_calls / on_call) misses the calls it could act on (see the notes that name "
            "them): move after_calls / on_call to calls the cells make, or give the agent prompts that make more calls"
        )
    if messages and len(windowed) + len(unfit) == len(messages):
        what = "mode" if not windowed else "window (after_calls / on_call) or mode"
        return (
            f"each fault's {what} found nothing to act on in the calls the agent made (see the notes that say what "
            "each acts on): give the agent prompts that make such calls, or choose faults that act on the calls it "
            "makes"
        )
    if any(GLOB_MISSED in m for m in messages):
        names += "; a tool-call mode's `tool` glob against the tools its note says the model called"
    if windowed or unfit:
        return names + ", and the windows (after_calls / on_call) and modes the notes name"
    return names


class FaultSpec(StrictModel):
    """Fields shared by every tool and LLM fault."""

    impact: ClassVar[int] = 0
    """How hard the mode hits the agent, 1 (mildest) to 5 (see :data:`IMPACTS`); every mode sets it.
    Shrinking a failing schedule prefers modes of lower impact."""
    outcome: ClassVar[str] = ""
    """What the faulted call comes to for the agent, one of :data:`OUTCOMES`: a failed call (:data:`FAILED`: the
    client raises or gets an error status) or an answer (:data:`ANSWERED`: the agent reads a reply, however wrong);
    every mode sets it. Shrinking changes a fault's mode only to one of the same outcome: a defect on a failed call
    and one on a wrong answer are two defects, even when they break the same checks."""

    mode: str
    probability: float = Field(1.0, ge=0.0, le=1.0)
    """Chance that an eligible call is faulted, drawn from the cell's seeded RNG."""
    after_calls: int = Field(0, ge=0)
    """Let this many eligible calls through untouched before faulting."""
    on_call: int | None = Field(None, ge=1)
    """Fault the eligible call with this number (1 = the first), and with ``count`` the ones after it;
    unset = every eligible call after ``after_calls``."""
    count: int | None = Field(None, ge=1)
    """Fault this many eligible calls in a row (a burst), then let the calls through again; unset = no end
    (``on_call`` alone faults that one call)."""
    acts_on: ClassVar[str | None] = None
    """What a call must offer for the mode to act on it, for a mode that passes other calls through untouched
    (``streamed answers (stream=True)``); a fault that reached its window and never acted says so in its ``never
    fired`` warning (:data:`NOTHING_TO_ACT_ON`). ``None``: the mode acts on every call it fires on."""

    @model_validator(mode="after")
    def _one_start(self) -> FaultSpec:
        """Reject ``on_call`` together with ``after_calls``: both say where the faulted calls start, and a config that
        gives both has no single meaning.
        """
        if self.on_call is not None and self.after_calls:
            raise ValueError(
                f"give on_call ({self.on_call}) or after_calls ({self.after_calls}), not both: on_call: N "
                "faults the N-th eligible call, after_calls: N lets N calls through first"
            )
        return self

    def in_window(self, d: Decision) -> bool:
        """Whether the call falls in the faulted calls that ``on_call`` / ``after_calls`` / ``count`` select."""
        start = self.on_call - 1 if self.on_call is not None else self.after_calls
        if d.eligible_index < start:
            return False
        length = self.count if self.count is not None else (1 if self.on_call is not None else None)
        return length is None or d.eligible_index < start + length

    def should_fire(self, d: Decision) -> bool:
        """Default rule: a call in the window (:meth:`in_window`) fires with ``probability``."""
        if not self.in_window(d) or self.probability <= 0.0:
            return False
        if self.probability >= 1.0:
            return True
        return d.draw(d.occurrence) < self.probability

    def describe(self) -> str:
        """One line saying what this fault injects (``windtunnel profiles``, warnings)."""
        params = self.model_dump(exclude={"mode"}, exclude_unset=True)
        inner = ", ".join(f"{k}={v!r}" for k, v in params.items())
        return f"{self.mode}({inner})" if inner else self.mode


def mode_severity(cls: type[FaultSpec]) -> int:
    """How severe a fault mode is, for shrinking toward milder faults: 0 for a mode that only delays the call
    (it neither answers instead of the callee nor changes the reply), else the plug-in's :attr:`~FaultSpec.impact`
    (1 mildest to 5)."""
    base = ToolFaultSpec if issubclass(cls, ToolFaultSpec) else LlmFaultSpec
    changes = any(
        getattr(cls, hook, None) is not getattr(base, hook, None) for hook in ("replace", "transform", "stream_filter")
    )
    return cls.impact if changes else 0


class ToolFaultSpec(FaultSpec):
    """A fault on the agent's tool calls."""

    tool: str = "*"
    """Tool name (or ``*`` for every tool)."""
    match_url: str | None = None
    """For HTTP agents: a URL glob selecting the outbound calls (and naming the tool)."""

    def matches(self, call: ToolCall) -> bool:
        """Whether ``call`` is eligible: ``match_url`` (when set and the call has a URL) and ``tool``."""
        if self.match_url is not None:
            # With match_url the tool name labels the calls; it does not filter them further.
            return call.url is not None and fnmatchcase(call.url, self.match_url)
        return call.named(self.tool)

    def delay_ms_before(self, call: ToolCall) -> int:
        """Milliseconds the seam waits before the call goes on (to the real tool or to :meth:`replace`); 0 by
        default.
        """
        return 0

    def replace(self, call: ToolCall, d: Decision) -> ToolReply | None:
        """A synthetic reply to return *instead of* calling the real tool, or ``None`` to let the call through.

        The seam asks this after the delay; a reply here means the real tool never sees the call (an error status, a
        timeout, a canned body).
        """
        return None

    def transform(self, call: ToolCall, reply: ToolReply, d: Decision) -> ToolReply:
        """The real ``reply`` corrupted by this fault; the default raises :class:`FaultNotApplicable` (the mode does not
        edit replies, or this reply has nothing to corrupt), and the call then counts as unfaulted.
        """
        raise FaultNotApplicable


class LlmFaultSpec(FaultSpec):
    """A fault on the agent's own LLM calls."""

    def delay_ms_before(self, call: LlmCall) -> int:
        """Milliseconds the seam waits before the model call goes on; 0 by default."""
        return 0

    def replace(self, call: LlmCall, d: Decision) -> LlmReply | None:
        """A synthetic model reply (an HTTP error, a timeout, a recorded answer) to deliver instead of calling the
        model, or ``None`` to let the call through to the real model.
        """
        return None

    def transform(self, call: LlmCall, reply: LlmReply, d: Decision) -> LlmReply:
        """The model's real ``reply`` edited by this fault (shortened, emptied, its tool calls broken ...); the default
        raises :class:`FaultNotApplicable`, so a mode that only replaces or delays never counts as transforming.
        """
        raise FaultNotApplicable

    def stream_filter(self, call: LlmCall, d: Decision) -> TextFilter | None:
        """An incremental form of :meth:`transform` for streamed answers; ``None`` makes the seam hold
        the streamed text back and apply :meth:`transform` to all of it at the end."""
        return None

    whole_answer: ClassVar[bool] = False
    """The mode edits more than the text (tool calls, the finish reason): on a stream the seam holds
    the answer back until the model ends it, then sends the edited answer as one stream."""
    needs_previous: ClassVar[bool] = False
    """The seam must remember each answer and pass it as :attr:`LlmCall.previous` to the next call."""
    streamed_only: ClassVar[bool] = False
    """The mode acts on streamed answers only (``validate`` notes that an agent that does not stream is
    never faulted by it)."""

    def unsupported(self, api: str) -> str | None:
        """Why this mode cannot act on calls of ``api`` (``chat``, ``responses``, ``messages``,
        ``callable``), or ``None`` when it can. ``validate`` reports it before a run."""
        return None


class ContextAttackSpec(StrictModel):
    """An attack that reaches the agent through the context channel it names."""

    type: str

    def transform_input(self, prompt: Any, rng: random.Random) -> Any:
        """The agent input (a prompt string or a message list) after the attack; unchanged by default."""
        raise FaultNotApplicable

    def transform_tool_reply(self, call: ToolCall, reply: ToolReply, d: Decision) -> ToolReply:
        """A tool reply after the attack; unchanged (not applicable) by default."""
        raise FaultNotApplicable

    def describe(self) -> str:
        """One line naming the attack and the parameters the config set (for ``windtunnel profiles`` and warnings)."""
        params = self.model_dump(exclude={"type"}, exclude_unset=True)
        inner = ", ".join(f"{k}={v!r}" for k, v in params.items())
        return f"{self.type}({inner})" if inner else self.type


def _validate_model(field_name: str) -> Callable[[str, type[StrictModel]], None]:
    """A registry check for fault / attack models: the ``field_name`` discriminator must default to the registered name
    (the config's discriminated union depends on it), the class needs a docstring (``windtunnel faults`` prints it) and
    a fault must declare an :data:`IMPACTS` level and an :data:`OUTCOMES` kind. Raises ``TypeError`` at registration,
    not at run time.
    """

    def check(name: str, cls: type[StrictModel]) -> None:
        info = cls.model_fields.get(field_name)
        if info is None or info.default != name:
            raise TypeError(f"{cls.__name__} must declare `{field_name}: Literal[{name!r}] = {name!r}`")
        if not (cls.__doc__ or "").strip():
            raise TypeError(f"{cls.__name__} needs a docstring")
        if issubclass(cls, FaultSpec) and getattr(cls, "impact", 0) not in IMPACTS:
            raise TypeError(f"{cls.__name__} must set `impact: ClassVar[int]` to one of {sorted(IMPACTS)}")
        if issubclass(cls, FaultSpec) and getattr(cls, "outcome", "") not in OUTCOMES:
            raise TypeError(f"{cls.__name__} must set `outcome: ClassVar[str]` to one of {sorted(OUTCOMES)}")

    return check


tool_faults: Registry[type[ToolFaultSpec]] = Registry("tool fault mode", validate=_validate_model("mode"))
llm_faults: Registry[type[LlmFaultSpec]] = Registry("LLM fault mode", validate=_validate_model("mode"))
context_attacks: Registry[type[ContextAttackSpec]] = Registry("context attack type", validate=_validate_model("type"))

M = TypeVar("M", bound=type[StrictModel])


def tool_fault(name: str) -> Callable[[M], M]:
    """Class decorator registering a :class:`ToolFaultSpec` subclass as tool fault mode ``name`` (checked by
    :func:`_validate_model`); the class is returned unchanged.
    """

    def wrap(cls: M) -> M:
        tool_faults.register(name, cls)  # type: ignore[arg-type]
        return cls

    return wrap


def llm_fault(name: str) -> Callable[[M], M]:
    """Class decorator registering an :class:`LlmFaultSpec` subclass as LLM fault mode ``name`` (checked by
    :func:`_validate_model`); the class is returned unchanged.
    """

    def wrap(cls: M) -> M:
        llm_faults.register(name, cls)  # type: ignore[arg-type]
        return cls

    return wrap


def context_attack(name: str) -> Callable[[M], M]:
    """Class decorator registering a :class:`ContextAttackSpec` subclass as context attack type ``name`` (checked by
    :func:`_validate_model`); the class is returned unchanged.
    """

    def wrap(cls: M) -> M:
        context_attacks.register(name, cls)  # type: ignore[arg-type]
        return cls

    return wrap
