"""Agent protocol and adapters (python, http, openai_chat)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from windtunnel.agents.base import Agent, AgentInput, AgentResponse, TransportMutation

if TYPE_CHECKING:
    from windtunnel.config.agent import AgentConfig


def build_agent(cfg: AgentConfig, *, concurrency: int = 10) -> Agent:
    """The adapter for an ``agent:`` config block."""
    from windtunnel.agents.frameworks import build, is_framework
    from windtunnel.config.agent import HttpAgentConfig, OpenAIChatAgentConfig

    if is_framework(cfg):
        return build(cfg, concurrency=concurrency)

    if isinstance(cfg, HttpAgentConfig):
        from windtunnel.agents.http import HttpAgent

        return HttpAgent(cfg, concurrency=concurrency)
    if isinstance(cfg, OpenAIChatAgentConfig):
        from windtunnel.agents.openai_chat import OpenAIChatAgent

        return OpenAIChatAgent(cfg, concurrency=concurrency)
    from windtunnel.agents.python import PythonAgent

    return PythonAgent(cfg, concurrency=concurrency)


__all__ = ["Agent", "AgentInput", "AgentResponse", "TransportMutation", "build_agent"]
