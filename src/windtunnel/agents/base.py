"""The Agent protocol every adapter implements."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

Message = dict[str, Any]
"""An OpenAI-style chat message ``{"role": ..., "content": ...}``."""
AgentInput = str | list[Message]
"""A prompt, or a multi-turn conversation for agents that accept message lists."""


@dataclass
class AgentResponse:
    """What one agent call produced."""

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

    async def send(self, client: Any, request: Any) -> Any: ...


class Agent(Protocol):
    """An agent under test. Adapters are async context managers (``async with agent: ...``)."""

    name: str
    accepts_messages: bool
    """True when the agent takes a message list (real multi-turn); otherwise prompts are strings."""

    async def __aenter__(self) -> Agent: ...

    async def __aexit__(self, *exc: object) -> None: ...

    async def check_reachable(self) -> None:
        """Raise :class:`~windtunnel._util.errors.AgentUnreachableError` if the agent cannot be used."""

    async def invoke(self, prompt: AgentInput, *, transport: TransportMutation | None = None) -> AgentResponse:
        """Call the agent once. Raises :class:`~windtunnel._util.errors.AgentCallError` on failure."""
        ...

    async def reset(self) -> None:
        """Clear agent state (reset_endpoint / reset_function); a no-op when none is configured."""
