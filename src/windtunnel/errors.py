"""Every exception windtunnel raises, in one place.

::

    Exception
    ├── WindtunnelError            stops a command; carries .exit_code, .message, .hint
    │   ├── UsageError             bad options or arguments (exit 2)
    │   ├── ConfigError            the config is invalid: file and line, or key path (exit 2)
    │   │   └── UnknownPluginError a name no registry knows (invariant type, fault mode ...)
    │   ├── AgentUnreachableError  the agent cannot be reached or imported, found before any cell (exit 3)
    │   └── HarnessError           windtunnel itself could not run: port in use, store unwritable (exit 3)
    │       └── AgentExitedError   the launched agent process died mid-run (the run is "aborted")
    │           └── AgentStoppedError  an HTTP agent not launched by windtunnel stopped answering mid-run
    └── AgentCallError             one failed agent call: it becomes an errored cell, never stops a run
        ├── AgentTimeout
        ├── AgentTransportError
        ├── AgentRateLimited
        ├── AgentServerError
        ├── AgentClientError
        │   ├── AgentAuthError
        │   └── AgentNotFound
        ├── AgentBadResponse
        └── AgentCrashed

The Python API (``windtunnel.run`` and friends) raises the :class:`WindtunnelError` family exactly where
the CLI would exit with its code, and ``TypeError`` for an argument of the wrong type. A run that is
interrupted or aborted does not raise: its :class:`~windtunnel.flows.outcome.Outcome` says so.
"""

from windtunnel._util.errors import (
    AgentAuthError,
    AgentBadResponse,
    AgentCallError,
    AgentClientError,
    AgentCrashed,
    AgentExitedError,
    AgentNotFound,
    AgentRateLimited,
    AgentServerError,
    AgentStoppedError,
    AgentTimeout,
    AgentTransportError,
    AgentUnreachableError,
    ConfigError,
    ExitCode,
    HarnessError,
    UnknownPluginError,
    UsageError,
    WindtunnelError,
)

__all__ = [
    "AgentAuthError",
    "AgentBadResponse",
    "AgentCallError",
    "AgentClientError",
    "AgentCrashed",
    "AgentExitedError",
    "AgentNotFound",
    "AgentRateLimited",
    "AgentServerError",
    "AgentStoppedError",
    "AgentTimeout",
    "AgentTransportError",
    "AgentUnreachableError",
    "ConfigError",
    "ExitCode",
    "HarnessError",
    "UnknownPluginError",
    "UsageError",
    "WindtunnelError",
]
