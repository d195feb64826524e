"""Fault proxies for agents that run as their own process: tool calls and model calls."""

from windtunnel.chaos.proxy.llm import LlmProxy
from windtunnel.chaos.proxy.tools import ToolProxy

__all__ = ["LlmProxy", "ToolProxy"]
