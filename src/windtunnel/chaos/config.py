"""The ``chaos:`` section and contract-matrix scenarios: the faults and attacks a block declares.

Fault modes and attack types come from the chaos registries, so the valid choices in an error message
are exactly the registered ones (third-party faults included).

The unions are built at import, after the built-in faults and the entry-point plugins are registered, which is why
this module loads the plugins itself: a config that names a plugin's fault must validate whether or not something else
imported the plugin first. Validation here is about shape (each fault's own fields, ``extra="forbid"``); whether the
agent has a seam that can carry a fault is a separate check (:mod:`windtunnel.chaos.seam_checks`), since it needs the
agent's config and, for python agents, its imported objects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import Field, field_validator

from windtunnel._util.model import StrictModel
from windtunnel._util.registry import load_entry_point_plugins, registry_union
from windtunnel.chaos import builtin as _builtin  # noqa: F401  (registers the built-in faults)
from windtunnel.chaos.base import ContextAttackSpec, LlmFaultSpec, ToolFaultSpec
from windtunnel.chaos.base import context_attacks as _context_attacks
from windtunnel.chaos.base import llm_faults as _llm_faults
from windtunnel.chaos.base import tool_faults as _tool_faults

load_entry_point_plugins()

if TYPE_CHECKING:
    AnyToolFault = ToolFaultSpec
    AnyLlmFault = LlmFaultSpec
    AnyContextAttack = ContextAttackSpec
else:
    AnyToolFault = registry_union(_tool_faults, ToolFaultSpec, "mode")
    AnyLlmFault = registry_union(_llm_faults, LlmFaultSpec, "mode")
    AnyContextAttack = registry_union(_context_attacks, ContextAttackSpec, "type")


def _attacks_dict_to_list(value: Any) -> Any:
    """``context_attacks`` may be a list of ``{type, ...}`` or a dict ``{type: {params}}``."""
    if isinstance(value, dict):
        return [{"type": name, **(params or {})} for name, params in value.items()]
    return value


class FaultSet(StrictModel):
    """The faults and attacks a ``chaos:`` block or a matrix scenario declares."""

    tool_faults: list[AnyToolFault] = Field(default_factory=list)
    llm_faults: list[AnyLlmFault] = Field(default_factory=list)
    context_attacks: list[AnyContextAttack] = Field(default_factory=list)
    profile: str | None = None
    """A built-in chaos profile name (same as ``--chaos-profile``)."""

    @field_validator("context_attacks", mode="before")
    @classmethod
    def _attacks(cls, v: Any) -> Any:
        """Accept ``context_attacks`` in the upstream mapping form too (:func:`_attacks_dict_to_list`)."""
        return _attacks_dict_to_list(v)


class ChaosConfig(FaultSet):
    """``chaos:`` — global environment chaos for ``run --chaos`` / ``--chaos-only``."""

    @property
    def active(self) -> bool:
        """Whether the block asks for any chaos at all (a fault, an attack or a profile); an empty ``chaos:`` runs
        nothing.
        """
        return bool(self.tool_faults or self.llm_faults or self.context_attacks or self.profile)


class _ScenarioName(StrictModel):
    """The fields that name a matrix scenario (a separate base so ``name`` comes first in schemas and errors)."""

    name: str
    description: str | None = None


class Scenario(FaultSet, _ScenarioName):  # this base order keeps name first in schemas and error lists
    """One chaos scenario of a contract matrix: exactly the faults it declares.

    A scenario does not inherit the top-level ``chaos:`` block: a contract's verdict per scenario must mean "under
    these faults", so each scenario lists its own (a ``profile`` included), and one with none is the clean baseline.
    """


__all__ = ["AnyContextAttack", "AnyLlmFault", "AnyToolFault", "ChaosConfig", "FaultSet", "Scenario"]
