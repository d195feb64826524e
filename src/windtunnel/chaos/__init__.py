"""Environment chaos: faults at the agent's real seams (tools, LLM), context attacks, profiles.

The engine's entry points are :class:`ChaosRuntime` and :class:`ChaosSpec` (see
:mod:`windtunnel.chaos.runtime`). Names are imported lazily so that ``windtunnel.config`` can import
:mod:`windtunnel.chaos.base` without pulling in the runtime.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from windtunnel.chaos.injected import (
        InjectedFault,
        LlmFaultError,
        LlmTimeout,
        StreamCutOff,
        ToolFaultError,
        ToolTimeout,
    )
    from windtunnel.chaos.plan import FaultPlan, current_plan
    from windtunnel.chaos.profiles import load_profile, profile_names
    from windtunnel.chaos.runtime import CellChaos, ChaosRuntime
    from windtunnel.chaos.spec import ChaosSpec

_EXPORTS = {
    "ChaosRuntime": "windtunnel.chaos.runtime",
    "CellChaos": "windtunnel.chaos.runtime",
    "ChaosSpec": "windtunnel.chaos.spec",
    "FaultPlan": "windtunnel.chaos.plan",
    "current_plan": "windtunnel.chaos.plan",
    "load_profile": "windtunnel.chaos.profiles",
    "profile_names": "windtunnel.chaos.profiles",
    "InjectedFault": "windtunnel.chaos.injected",
    "ToolFaultError": "windtunnel.chaos.injected",
    "ToolTimeout": "windtunnel.chaos.injected",
    "LlmFaultError": "windtunnel.chaos.injected",
    "LlmTimeout": "windtunnel.chaos.injected",
    "StreamCutOff": "windtunnel.chaos.injected",
}

__all__ = [
    "CellChaos",
    "ChaosRuntime",
    "ChaosSpec",
    "FaultPlan",
    "InjectedFault",
    "LlmFaultError",
    "LlmTimeout",
    "StreamCutOff",
    "ToolFaultError",
    "ToolTimeout",
    "current_plan",
    "load_profile",
    "profile_names",
]


def __getattr__(name: str) -> Any:
    """Import a public name's module when the name is first read (PEP 562): importing ``windtunnel.chaos`` (which the
    config layer does for :mod:`~windtunnel.chaos.base`) must not pull in the runtime and its async and HTTP
    dependencies.
    """
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'windtunnel.chaos' has no attribute {name!r}")
