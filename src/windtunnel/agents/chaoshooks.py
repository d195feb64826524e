"""The agent layer's answers to :mod:`windtunnel.chaos.hooks` (registered by ``windtunnel.agents``).

Each answer imports what it needs when asked, so registering costs nothing at import.
"""

from __future__ import annotations

from typing import Any

from windtunnel.chaos.hooks import Restore


class Hooks:
    def is_python(self, agent: Any) -> bool:
        from windtunnel.agents.registry import capabilities

        return hasattr(agent, "type") and capabilities(agent).python

    def is_framework(self, agent: Any) -> bool:
        from windtunnel.agents.frameworks import is_framework

        return is_framework(agent)

    def install_framework_tools(self, agent: Any, specs: list[Any]) -> tuple[list[str], list[Restore]]:
        from windtunnel.agents.frameworks import install_tools, unknown_tool_faults

        names, restores = install_tools(agent)
        try:
            unknown_tool_faults(agent, names, specs)
        except BaseException:
            for restore in reversed(restores):
                restore()
            raise
        return names, restores

    def framework_llm_clients(self, agent: Any) -> list[Any]:
        from windtunnel.agents.frameworks import llm_clients

        return llm_clients(agent)

    def framework_tool_kind(self, owner: Any, attr: str, obj: Any) -> tuple[str, Any] | None:
        from windtunnel.agents.frameworks import framework_tool_kind

        return framework_tool_kind(owner, attr, obj)

    def framework_tool(self, path: str, owner: Any, attr: str, obj: Any) -> tuple[str, list[Restore]] | None:
        from windtunnel.agents.frameworks import framework_tool

        return framework_tool(path, owner, attr, obj)

    def framework_tool_problem(self, owner: Any, attr: str, obj: Any) -> str | None:
        from windtunnel.agents.frameworks import framework_tool_problem

        return framework_tool_problem(owner, attr, obj)

    def framework_model(self, obj: Any) -> tuple[list[Any], str | None] | None:
        from windtunnel.agents.frameworks import framework_model

        return framework_model(obj)
