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
import signal

from windtunnel._util.redact import redact_text


class ExitCode(enum.IntEnum):
    """Process exit codes of every windtunnel command.

    CI pipelines branch on these, so they are part of the public interface: 1 means the agent fell short, 2 that
    the command or config was wrong (nothing ran), 3 that the run could not happen (agent unreachable, harness
    failure), 130 that it was interrupted with its completed results kept."""

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
    """An error that stops a command. ``str(err)`` is the user-facing message.

    Subclasses set :attr:`exit_code`; the CLI prints the message and its hint without a traceback, since a
    traceback is for windtunnel's bugs, not for a user's config."""

    exit_code: ExitCode = ExitCode.HARNESS

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        """``message`` says what happened, with the values involved; ``hint`` what to do next (shown on its own line,
        omitted when there is nothing to suggest)."""
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        """The message, and the hint on a line of its own: what the CLI prints, without a traceback."""
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


class AgentExitedError(HarnessError):
    """The agent process windtunnel launched (``agent.command``) exited while cells were still to run.

    The run stops scheduling cells; the ones completed are kept. ``cells_completed`` counts the cells
    that finished before the exit was seen, ``stderr_tail`` holds the last lines the process wrote.
    ``unit``: what is counted, ``cell`` (a run) or ``unit`` (a contract run, whose units are kept whole).
    """

    def __init__(
        self,
        command: str,
        code: int,
        *,
        cells_completed: int,
        stderr_tail: str,
        unit: str = "cell",
        left_running: tuple[str, ...] = (),
    ) -> None:
        """The error for ``command`` ending with ``code`` (negative: killed by that signal) after ``cells_completed``
        cells, with ``left_running`` the processes it started that were still running (stopped with the run). The
        command, the stderr tail and those processes are redacted here, since they may hold secrets (tokens on a
        command line, keys an agent logs) and this message reaches the terminal and the report."""
        command, stderr_tail = redact_text(command), redact_text(stderr_tail)
        self.command = command
        self.code = code
        self.cells_completed = cells_completed
        self.stderr_tail = stderr_tail
        self.unit = unit
        self.left_running = tuple(redact_text(p) for p in left_running)
        """``pid `command``` of each process it started that was still running (stopped with the run)."""
        how = f"exited with code {code}" if code >= 0 else f"was killed by signal {_signal_name(-code)}"
        cells = _count(cells_completed, unit)
        n = len(self.left_running)
        left = (
            f"; it left {n} process{'es' if n > 1 else ''} running, stopped with the run: "
            + ", ".join(self.left_running)
            if n
            else ""
        )
        tail = (
            "; last lines of its stderr:\n" + "\n".join(f"  | {line}" for line in stderr_tail.splitlines())
            if stderr_tail
            else " (it wrote nothing to stderr)"
        )
        super().__init__(
            f"the agent process ({command}) {how} after {cells}{left}{tail}",
            hint=f"run the command by hand to see why it stops, and check its logs; the {unit}s completed "
            "before it stopped were kept",
        )

    def recounted(self, cells_completed: int, *, unit: str | None = None) -> AgentExitedError:
        """The same exit with the final count of completed cells (cells in flight may finish after it is seen),
        or of ``unit`` s when given."""
        return AgentExitedError(
            self.command,
            self.code,
            cells_completed=cells_completed,
            stderr_tail=self.stderr_tail,
            unit=unit or self.unit,
            left_running=self.left_running,
        )

    @property
    def reason(self) -> str:
        """One line for reports and stored summaries (no stderr)."""
        how = f"exited with code {self.code}" if self.code >= 0 else f"was killed by signal {_signal_name(-self.code)}"
        cells = _count(self.cells_completed, self.unit)
        return f"the agent process ({self.command}) {how} after {cells}; the run was cut short"


class AgentStoppedError(AgentExitedError):
    """An agent windtunnel did not launch (an HTTP endpoint), or an MCP server of the agent's
    (``agent.mcp_servers``), stopped answering mid-run: its calls could not connect, and a probe found
    nothing accepting connections at its address.

    The run stops as for a launched agent that exits (:class:`AgentExitedError`, whose handling it
    shares): no further cell starts, the completed ones are kept, ``--resume`` runs the rest.
    """

    def __init__(
        self, endpoint: str, *, cells_completed: int, last_error: str, unit: str = "cell", server: str | None = None
    ) -> None:
        """The error for the agent at ``endpoint`` found gone after ``cells_completed`` cells, with the last call's
        error. It fills the fields of :class:`AgentExitedError` (no exit code, no stderr) so every handler of that
        error handles this one unchanged. ``server``: the name of the agent's MCP server (``agent.mcp_servers``) at
        ``endpoint`` that went away, when it is that server and not the agent that stopped answering."""
        self.endpoint = endpoint
        self.last_error = last_error
        self.command = endpoint
        self.code = 0
        self.cells_completed = cells_completed
        self.stderr_tail = ""
        self.unit = unit
        self.server = server
        HarnessError.__init__(
            self,
            f"{self.who} stopped answering after {_count(cells_completed, unit)}: {last_error}; completed {unit}s kept",
            hint="nothing accepts connections at its address any more: start it again, then continue the run "
            f"with `--resume` and its run id (the {unit}s completed before it stopped were kept)",
        )

    @property
    def who(self) -> str:
        """What stopped answering: ``the agent at URL``, or ``the MCP server agent.mcp_servers.NAME (URL)``."""
        if self.server is not None:
            return f"the MCP server agent.mcp_servers.{self.server} ({self.endpoint})"
        return f"the agent at {self.endpoint}"

    def recounted(self, cells_completed: int, *, unit: str | None = None) -> AgentStoppedError:
        """The same stop with the final count of completed cells (or of ``unit`` s when given)."""
        return AgentStoppedError(
            self.endpoint,
            cells_completed=cells_completed,
            last_error=self.last_error,
            unit=unit or self.unit,
            server=self.server,
        )

    @property
    def reason(self) -> str:
        """One line for reports and stored summaries."""
        return f"{self.who} stopped answering after {_count(self.cells_completed, self.unit)}; the run was cut short"


def _count(n: int, unit: str) -> str:
    """``1 cell``, ``3 units``."""
    return f"{n} {unit}" + ("" if n == 1 else "s")


def _signal_name(num: int) -> str:
    """A signal's name (``SIGKILL``) for a message, or its number when the platform has no name for it."""
    try:
        return signal.Signals(num).name
    except ValueError:
        return str(num)


class AgentCallError(Exception):
    """One agent call failed. Becomes an errored cell, never stops the run.

    ``kind`` is a stable short name used in reports (``timeout``, ``http_5xx`` ...).
    """

    kind: str = "agent_error"
    retryable: bool = False
    said: str = "the call to the agent failed: {}"
    """What happened, as a diagnosis says it, ``{}`` standing for the message (:func:`agent_error_said`)."""

    def __init__(self, message: str, *, status: int | None = None) -> None:
        """``message`` says what went wrong with this call; ``status`` is the HTTP status when there was one."""
        super().__init__(message)
        self.message = message
        self.status = status

    def __str__(self) -> str:
        """``kind: message``, the form cells and reports show, so the kind is visible without the class."""
        return f"{self.kind}: {self.message}"


class AgentTimeout(AgentCallError):
    """The agent did not answer within ``agent.timeout`` (or answered 408). Not retried: a retry would wait as long
    again, and a slow agent is the finding."""

    kind = "timeout"
    said = "windtunnel timed the agent out: {}"


class AgentTransportError(AgentCallError):
    """The exchange failed below HTTP (refused, reset, DNS, TLS). Retried: such failures are often momentary, and the
    retry is recorded on the cell."""

    kind = "transport"
    retryable = True
    said = "the connection to the agent failed: {}"


class AgentRateLimited(AgentCallError):
    """The agent answered 429. Retried after its ``Retry-After`` when it gave one (capped), else with the usual
    backoff."""

    kind = "rate_limited"
    retryable = True
    said = "the agent answered 429 (rate limited): {}"

    def __init__(self, message: str, *, status: int | None = 429, retry_after: float | None = None) -> None:
        """``retry_after``: the seconds the agent asked to wait (its ``Retry-After`` header), if any."""
        super().__init__(message, status=status)
        self.retry_after = retry_after


class AgentServerError(AgentCallError):
    """The agent answered 5xx. Retried: a server error is often momentary, and how the agent recovers is part of what
    a run measures."""

    kind = "http_5xx"
    retryable = True
    said = "the agent answered a server error: {}"


class AgentClientError(AgentCallError):
    """The agent answered 4xx (other than 401/403/404/408/429): the request was refused, which a retry would not
    change."""

    kind = "http_4xx"
    said = "the agent refused the request: {}"


class AgentAuthError(AgentClientError):
    """The agent answered 401 or 403: a credential is missing or wrong (``agent.headers``), not a flaw of the agent's
    behaviour."""

    kind = "http_auth"
    said = "the agent refused the credentials: {}"


class AgentNotFound(AgentClientError):
    """The agent answered 404: usually a wrong ``agent.endpoint`` path."""

    kind = "http_not_found"
    said = "the agent's endpoint answered 404: {}"


class AgentBadResponse(AgentCallError):
    """The agent answered, but not in a shape windtunnel can read (non-JSON, no response_path)."""

    kind = "bad_response"
    said = "the agent's answer could not be read: {}"


class AgentResponseTooLarge(AgentCallError):
    """The answer is longer than ``agent.max_response_bytes``; it was not read in full."""

    kind = "too_large"
    said = "the agent's answer was too large: {}"


class AgentCrashed(AgentCallError):
    """The agent callable raised an exception."""

    kind = "agent_exception"
    said = "the agent raised {}"


def agent_error_said(kind: str | None, error: str) -> str:
    """A failed agent call as a diagnosis line: what happened, then the message (``error`` as a cell stores it,
    ``kind: message``, the kind dropped).

    The phrase comes from the error class of that ``kind`` (its ``said``), so a timeout windtunnel imposed never reads
    as an exception the agent raised, nor a connection the agent closed as one that could not be opened."""
    classes: list[type[AgentCallError]] = [AgentCallError]
    for cls in classes:
        classes.extend(cls.__subclasses__())
    said = next((c.said for c in classes if c.kind == kind), None)
    message = error.removeprefix(f"{kind}: ") if kind else error
    if said is None:
        said = f"the call to the agent failed ({kind}): {{}}" if kind else AgentCallError.said
    return said.format(message)


def describe_exception(err: BaseException) -> str:
    """``"Type: message"`` of an exception the user's code raised, looking inside exception groups.

    anyio / asyncio TaskGroups (every MCP or async-httpx agent) wrap the real error in an
    ``ExceptionGroup``: a group of one is unwrapped (nested groups too); a larger group lists its members.
    """
    members = _group_members(err)
    while members is not None and len(members) == 1:
        err = members[0]
        members = _group_members(err)
    if members is not None:
        listed = "; ".join(describe_exception(e) for e in members)
        message = getattr(err, "message", str(err))
        return f"{type(err).__name__}: {message} ({len(members)} sub-exceptions: {listed})"
    return f"{type(err).__name__}: {err}"


def _group_members(err: BaseException) -> tuple[BaseException, ...] | None:
    """The members of an exception group (the builtin one, or the ``exceptiongroup`` backport on 3.10)."""
    members = getattr(err, "exceptions", None)
    if isinstance(members, tuple) and members and all(isinstance(e, BaseException) for e in members):
        return members
    return None
