"""The python references of an agent config, imported and checked for the kind of object each key needs.

``validate`` and ``verify`` call :func:`check_agent_refs` so they say before a run what the run would
stop on: a reference that does not import (exit 3), an ``endpoint`` that is not callable or not a
runnable (exit 3), a tool, registry or model the chaos seams cannot wrap — a framework tool object or
model given where its function or client is needed, with the attribute that holds it (exit 2).
"""

from __future__ import annotations

from typing import Any

from windtunnel._util.errors import ConfigError
from windtunnel._util.imports import import_refs
from windtunnel.agents.registry import get_agent_type
from windtunnel.chaos.seam_checks import seam_problems


def check_agent_refs(agent: Any) -> None:
    """Raise what a run would raise for ``agent``'s python references (nothing for other agent types).

    Every reference must import (exit 3 otherwise); for a python or langchain agent the endpoint must be what its
    type calls, and each tool, registry and LLM reference must be something the chaos seams can wrap (a
    :class:`ConfigError` listing each problem, exit 2)."""
    import_refs(agent.python_refs())
    if agent.type not in ("python", "langchain"):
        return
    # the endpoint as the type's adapter finds it (PythonAgent.entry, or a runnable's invoke for langchain), through
    # the registry: importing agents.python here would pull anyio into `validate --no-import`, which imports this module
    adapter: Any = get_agent_type(agent.type).adapter
    adapter.entry(agent)
    problems = seam_problems(agent)
    if problems:
        n = len(problems)
        lines = "\n".join(f"  - {p}" for p in problems)
        raise ConfigError(
            f"{n} agent reference{'s' if n != 1 else ''} cannot be wrapped for chaos:\n{lines}",
            hint="the chaos seams replace functions and OpenAI-style clients; point each key at one",
        )
