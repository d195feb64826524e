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


def check_agent_refs(agent: Any) -> None:
    """Raise what a run would raise for ``agent``'s python references (nothing for other agent types).

    Every reference must import (exit 3 otherwise); for a python or langchain agent the endpoint must be what its
    type calls, and each tool, registry and LLM reference must be something the chaos seams can wrap (a
    :class:`ConfigError` listing each problem, exit 2)."""
    import_refs(agent.python_refs())
    if agent.type not in ("python", "langchain"):
        return
    # here, not at the top: `validate --no-import` imports this module, and these two import anyio and the
    # SDK transport seam, which a config check that imports no agent must not pay for
    from windtunnel.agents.python import agent_entry
    from windtunnel.chaos.seams import seam_problems

    agent_entry(agent)
    problems = seam_problems(agent)
    if problems:
        n = len(problems)
        lines = "\n".join(f"  - {p}" for p in problems)
        raise ConfigError(
            f"{n} agent reference{'s' if n != 1 else ''} cannot be wrapped for chaos:\n{lines}",
            hint="the chaos seams replace functions and OpenAI-style clients; point each key at one",
        )
