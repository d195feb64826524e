"""Exceptions an agent *sees* when windtunnel injects a fault into one of its calls.

These are not windtunnel errors: they never stop a run. They are what a python agent's tool or LLM call
raises under chaos, so the agent's own error handling (retry, fallback, apology) is what gets tested.
"""

from __future__ import annotations


class InjectedFault(Exception):
    """Base of every exception raised into the agent by a fault."""

    def __init__(self, message: str, *, status: int | None = None, retry_after: float | None = None) -> None:
        """``status``: the HTTP-style status the fault stands for; ``retry_after``: seconds the fault announced (a rate
        limit's ``Retry-After``), for agents that honour it.
        """
        super().__init__(message)
        self.message = message
        self.status = status
        self.retry_after = retry_after


class ToolFaultError(InjectedFault):
    """A tool call failed (HTTP-style ``status``: 503, 429 ...; ``retry_after`` seconds for 429)."""


class ToolTimeout(ToolFaultError, TimeoutError):
    """A tool call timed out."""


class LlmFaultError(InjectedFault):
    """A model call failed (``status`` 429 for rate limits, with ``retry_after``)."""


class LlmTimeout(LlmFaultError, TimeoutError):
    """A model call timed out."""


class StreamCutOff(LlmFaultError, ConnectionError):
    """The model's answer stopped mid-way: the connection dropped before the end of the stream."""
