"""Fault proxies for agents that run as their own process: tool calls and model calls.

The proxies are imported when first asked for, so that a module of this package (``mcp_servers``'
config checks, which ``validate`` runs) does not pull in httpx and the proxies' servers.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from windtunnel.chaos.proxy.llm import LlmProxy
    from windtunnel.chaos.proxy.tools import ToolProxy

_EXPORTS = {"LlmProxy": "windtunnel.chaos.proxy.llm", "ToolProxy": "windtunnel.chaos.proxy.tools"}


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_EXPORTS[name]), name)


__all__ = ["LlmProxy", "ToolProxy"]
