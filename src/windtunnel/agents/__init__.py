"""Agent protocol and adapters (python, http, openai_chat), registered with their capabilities in
:mod:`windtunnel.agents.registry`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from windtunnel.agents.base import Agent, AgentInput, AgentResponse, TransportMutation
from windtunnel.agents.chaoshooks import Hooks
from windtunnel.agents.registry import get_agent_type
from windtunnel.chaos.hooks import register

register(Hooks())  # chaos asks the agent layer about agents through these (chaos/hooks.py)

if TYPE_CHECKING:
    from windtunnel.agents.config import AgentConfig


def build_agent(cfg: AgentConfig, *, concurrency: int = 10) -> Agent:
    """The adapter for an ``agent:`` config block (its type's registered adapter class)."""
    agent: Agent = get_agent_type(cfg.type).adapter(cfg, concurrency=concurrency)
    return agent


__all__ = ["Agent", "AgentInput", "AgentResponse", "TransportMutation", "build_agent"]
