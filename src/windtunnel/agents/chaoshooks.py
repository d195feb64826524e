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
    unknown_tool_faults,
)
from windtunnel.agents.registry import capabilities
from windtunnel.chaos.hooks import Restore


class Hooks:
    def is_python(self, agent: Any) -> bool:
        return hasattr(agent, "type") and capabilities(agent).python

    def is_framework(self, agent: Any) -> bool:
        return is_framework(agent)

    def install_framework_tools(self, agent: Any, specs: list[Any]) -> tuple[list[str], list[Restore]]:
        names, restores = install_tools(agent)
        try:
            unknown_tool_faults(agent, names, specs)
        except BaseException:
            for restore in reversed(restores):
                restore()
            raise
        return names, restores

    def framework_llm_clients(self, agent: Any) -> list[Any]:
        return llm_clients(agent)

    def framework_tool_kind(self, owner: Any, attr: str, obj: Any) -> tuple[str, Any] | None:
        return framework_tool_kind(owner, attr, obj)

    def framework_tool(self, path: str, owner: Any, attr: str, obj: Any) -> tuple[str, list[Restore]] | None:
        return framework_tool(path, owner, attr, obj)

    def framework_tool_problem(self, owner: Any, attr: str, obj: Any) -> str | None:
        return framework_tool_problem(owner, attr, obj)

    def framework_model(self, obj: Any) -> tuple[list[Any], str | None] | None:
        return framework_model(obj)
