"""The agent layer's answers to :mod:`windtunnel.chaos.hooks` (registered by ``windtunnel.agents``).

Chaos sits below the agents in the layering, yet its seams must ask agent questions (is this a python agent,
which tools and SDK clients does this framework object expose). Rather than chaos importing the agents package
upward, the agent layer registers this object and chaos calls it. Every answer delegates to
:mod:`windtunnel.agents.frameworks` or :mod:`windtunnel.agents.registry`, which name frameworks without
importing them, so registering at ``import windtunnel.agents`` costs no framework import.
"""

from __future__ import annotations

from typing import Any

from windtunnel.agents.frameworks import (
    framework_model,
    framework_tool,
    framework_tool_kind,
    framework_tool_problem,
    install_tools,
    is_framework,
    llm_clients,
    records_new_clients,
    seen_llm_clients,
    unknown_tool_faults,
)
from windtunnel.agents.registry import capabilities
from windtunnel.chaos.hooks import Restore


class Hooks:
    """The object :func:`windtunnel.chaos.hooks.register` receives: one method per question chaos asks about an
    agent, each answered by the agents layer without chaos importing it.

    Stateless: every answer is computed from the agent config or object it is given, so one instance serves every
    run in the process."""

    def is_python(self, agent: Any) -> bool:
        """Whether ``agent`` is a config block of an in-process type (its tools and LLM are wrapped in this process, not
        reached through proxies)."""
        return hasattr(agent, "type") and capabilities(agent).python

    def is_framework(self, agent: Any) -> bool:
        """Whether ``agent`` is a framework agent config (its tools are found on the framework object)."""
        return is_framework(agent)

    def install_framework_tools(self, agent: Any, specs: list[Any]) -> tuple[list[str], list[Restore]]:
        """Wrap the framework agent's tools for the run and check every fault's ``tool:`` names one of them; on a bad
        name the wraps are undone before the error propagates, so nothing stays faulted."""
        names, restores = install_tools(agent)
        try:
            unknown_tool_faults(agent, names, specs)
        except BaseException:
            for restore in reversed(restores):
                restore()
            raise
        return names, restores

    def framework_llm_clients(self, agent: Any) -> list[Any]:
        """The SDK clients the framework agent's models call (the LLM fault transport goes on them)."""
        return llm_clients(agent)

    def framework_seen_llm_clients(self, agent: Any) -> list[Any]:
        """The SDK clients of every model the framework agent calls, ``[]`` when one cannot be found (no error): the
        transport goes on them to record the model calls of a run without LLM faults."""
        return seen_llm_clients(agent)

    def framework_records_new_clients(self, agent: Any) -> bool:
        """Whether the framework agent's model calls are reached on the SDK clients the run creates (its calls build
        their model and none was found before the run): the transport goes on them to record, as it does for faults."""
        return records_new_clients(agent)

    def framework_tool_kind(self, owner: Any, attr: str, obj: Any) -> tuple[str, Any] | None:
        """``(framework, tool)`` when an ``agent.tools`` entry is a framework's tool object, else ``None``."""
        return framework_tool_kind(owner, attr, obj)

    def framework_tool(self, path: str, owner: Any, attr: str, obj: Any) -> tuple[str, list[Restore]] | None:
        """Wrap an ``agent.tools`` entry that is a framework's tool object in place: its name and undo callbacks."""
        return framework_tool(path, owner, attr, obj)

    def framework_tool_problem(self, owner: Any, attr: str, obj: Any) -> str | None:
        """Why a framework tool object in ``agent.tools`` cannot be faulted in place (``None``: it can)."""
        return framework_tool_problem(owner, attr, obj)

    def framework_model(self, obj: Any) -> tuple[list[Any], str | None] | None:
        """The SDK clients of a framework model given as ``agent.llm`` and why none was found; ``None`` when ``obj`` is
        no framework's model."""
        return framework_model(obj)
