"""The Agent protocol every adapter implements, and the values that cross it.

The engine, chaos and replay only ever talk to an agent through :class:`Agent`: one ``invoke`` per turn, returning
an :class:`AgentResponse` or raising an :class:`~windtunnel._util.errors.AgentCallError` subclass that says what
kind of failure it was. Keeping this surface small is what lets one run skeleton drive python callables, HTTP
servers, launched processes and framework agents alike."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

Message = dict[str, Any]
"""An OpenAI-style chat message ``{"role": ..., "content": ...}``."""
AgentInput = str | list[Message]
"""A prompt, or a multi-turn conversation for agents that accept message lists."""


@dataclass
class AgentResponse:
    """What one agent call produced: the output text (``None`` when the agent answered nothing), the latency in
    milliseconds, the raw answer (JSON body, returned object, framework result) for invariants that look deeper,
    the tool calls the agent reported (``{name, args, output?}``), adapter metadata (``usage`` token counts,
    ``turns``, ``last_agent`` ...) and the HTTP status when there is one."""

    output: str | None
    latency_ms: float
    raw: Any = None
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)
    status_code: int | None = None


@runtime_checkable
class TransportMutation(Protocol):
    """A transport-level mutation for HTTP agents: it sends the adapter's real request its own way.

    ``request`` is the exact ``httpx.Request`` the adapter would have sent; the mutation may alter
    headers, method, query, body, pacing or concurrency, and returns the response to judge.
    """

    async def send(self, client: Any, request: Any) -> Any:
        """Send ``request`` through ``client`` the mutation's way and return the agent's response."""
        ...


class Agent(Protocol):
    """An agent under test. Adapters are async context managers (``async with agent: ...``).

    Between enter and exit the engine calls :meth:`invoke` once per turn, possibly from many cells at once, and
    :meth:`reset` between cells that must not share state. An adapter raises only
    :class:`~windtunnel._util.errors.AgentCallError` subclasses from a call, so a failure is a failed cell of a
    known kind, never a crashed run."""

    name: str
    accepts_messages: bool
    """True when the agent takes a message list (real multi-turn); otherwise prompts are strings."""

    async def __aenter__(self) -> Agent:
        """Resolve configuration, open clients or processes and probe the agent; a failure here ends the run
        before any cell (exit 3)."""
        ...

    async def __aexit__(self, *exc: object) -> None:
        """Release what ``__aenter__`` opened, however the run ended."""
        ...

    async def check_reachable(self) -> None:
        """Raise :class:`~windtunnel._util.errors.AgentUnreachableError` if the agent cannot be used."""

    async def invoke(self, prompt: AgentInput, *, transport: TransportMutation | None = None) -> AgentResponse:
        """Call the agent once. Raises :class:`~windtunnel._util.errors.AgentCallError` on failure."""
        ...

    async def reset(self) -> None:
        """Clear agent state (reset_endpoint / reset_function); a no-op when none is configured."""
