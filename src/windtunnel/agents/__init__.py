"""Agent protocol and adapters, registered with their capabilities in :mod:`windtunnel.agents.registry`.

The adapters (python, langchain, http, openai_chat, the framework types, and plugins) are found by name through
the registry, so importing this package imports none of them: a ``validate`` of an http agent never pays for
httpx, and a python agent never pays for a framework. Importing it does register the agent layer's answers to the
chaos hooks (:mod:`windtunnel.agents.chaoshooks`), the one place chaos learns about agents."""

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
    """The adapter for an ``agent:`` config block: its type's registered adapter class, built with the run's
    ``concurrency`` (the HTTP adapters size their connection pool by it). Building runs no user code and opens
    nothing; the adapter connects, imports or launches in ``async with``. An unknown type raises
    :class:`~windtunnel._util.errors.UnknownPluginError` listing the known ones."""
    agent: Agent = get_agent_type(cfg.type).adapter(cfg, concurrency=concurrency)
    return agent


__all__ = ["Agent", "AgentInput", "AgentResponse", "TransportMutation", "build_agent"]
