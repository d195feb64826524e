"""The exception tree, documented in one place.

Two families that must never be confused:

* :class:`WindtunnelError` and its subclasses *stop a command*. Each carries the
  :class:`ExitCode` the CLI maps it to, and a message that says what happened and
  what to do next. The CLI prints them without a traceback.
* :class:`AgentCallError` and its subclasses describe *one failed agent call*
  (timeout, HTTP 503, garbage body ...). They become an errored cell; they never
  stop a run.
"""

from __future__ import annotations

import enum


class ExitCode(enum.IntEnum):
    """Process exit codes of every windtunnel command."""

    OK = 0
    """Every check passed (and the score reached ``--min-score``)."""
    FAILED = 1
    """Checks failed, a critical invariant failed, or the score is below the threshold."""
    USAGE = 2
    """Bad command line or configuration; nothing was run."""
    HARNESS = 3
    """The agent is unreachable, or windtunnel itself could not run."""
    INTERRUPTED = 130
    """Stopped by Ctrl-C / SIGTERM; completed results were kept."""


class WindtunnelError(Exception):
    """An error that stops a command. ``str(err)`` is the user-facing message."""

    exit_code: ExitCode = ExitCode.HARNESS

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        if self.hint:
            return f"{self.message}\n  hint: {self.hint}"
        return self.message


class UsageError(WindtunnelError):
    """Bad command-line usage."""

    exit_code = ExitCode.USAGE


class ConfigError(WindtunnelError):
    """The configuration is invalid. Messages name the file, line and key."""

    exit_code = ExitCode.USAGE


class UnknownPluginError(ConfigError):
    """A name that no registry knows (invariant type, mutation type, fault mode ...)."""


class AgentUnreachableError(WindtunnelError):
    """The agent cannot be reached or imported; detected before the run spends anything."""

    exit_code = ExitCode.HARNESS


class HarnessError(WindtunnelError):
    """windtunnel itself could not run (port in use, store unwritable ...)."""

    exit_code = ExitCode.HARNESS


class AgentCallError(Exception):
    """One agent call failed. Becomes an errored cell, never stops the run.

    ``kind`` is a stable short name used in reports (``timeout``, ``http_5xx`` ...).
    """

    kind: str = "agent_error"
    retryable: bool = False

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status

    def __str__(self) -> str:
        return f"{self.kind}: {self.message}"


class AgentTimeout(AgentCallError):
    kind = "timeout"


class AgentTransportError(AgentCallError):
    kind = "transport"
    retryable = True


class AgentRateLimited(AgentCallError):
    kind = "rate_limited"
    retryable = True

    def __init__(self, message: str, *, status: int | None = 429, retry_after: float | None = None) -> None:
        super().__init__(message, status=status)
        self.retry_after = retry_after


class AgentServerError(AgentCallError):
    kind = "http_5xx"
    retryable = True


class AgentClientError(AgentCallError):
    kind = "http_4xx"


class AgentAuthError(AgentClientError):
    kind = "http_auth"


class AgentNotFound(AgentClientError):
    kind = "http_not_found"


class AgentBadResponse(AgentCallError):
    """The agent answered, but not in a shape windtunnel can read (non-JSON, no response_path)."""

    kind = "bad_response"


class AgentCrashed(AgentCallError):
    """The agent callable raised an exception."""

    kind = "agent_exception"
