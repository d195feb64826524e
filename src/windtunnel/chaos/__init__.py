"""Environment chaos: faults at the agent's real seams (tools, LLM), context attacks, profiles.

The engine's entry points are :class:`ChaosRuntime` and :class:`ChaosSpec` (see
:mod:`windtunnel.chaos.runtime`). Names are imported lazily so that ``windtunnel.config`` can import
:mod:`windtunnel.chaos.base` without pulling in the runtime.

How the package fits together. The fault and attack *models* (:mod:`.base`, :mod:`.tool_faults`,
:mod:`.llm_faults`, :mod:`.llm_answer_faults`, :mod:`.attacks`) are configuration and behaviour in one: each mode says
what it does to a call or a reply and nothing about how the call was intercepted. A cell's
:class:`~windtunnel.chaos.plan.FaultPlan` decides, call by call and from the cell's seed, which modes fire (or follows
a recorded :mod:`.schedule`). The *seams* carry those decisions to the agent's real traffic: wrappers on a python
agent's tools and callables (:mod:`.wrappers`, installed by :mod:`.seams`), a transport under its SDK client
(:mod:`.sdk_transport`), and proxies for agents in another process (:mod:`.proxy`); the HTTP ones share one wire
editor (:mod:`.llm_wire`) and one codec per model API (:mod:`.wire_apis`). :class:`ChaosRuntime` sets all of that up
once per run and hands each cell its plan.

The rule that keeps this honest: a seam asks the plan what to do and never switches on a mode's name, so a new mode
is one registered class and works on every seam that can carry it.
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
