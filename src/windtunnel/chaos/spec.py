""":class:`ChaosSpec`: exactly the faults and attacks of one scenario, resolved from its config and profile.

A spec is what every seam runs: the ``chaos:`` block or a matrix scenario, with a built-in profile's faults placed
first, frozen and named. The name keys the seeded decisions and the fired-fault records, so two scenarios with the same
faults still fire independently.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from windtunnel.chaos.base import ContextAttackSpec, LlmFaultSpec, ToolFaultSpec
from windtunnel.chaos.profiles import load_profile

if TYPE_CHECKING:
    from windtunnel.chaos.config import ChaosConfig, Scenario

TOOL_REPLY_ATTACKS = ("indirect_injection",)


@dataclass(frozen=True)
class ChaosSpec:
    """Exactly the chaos of one scenario: its profile's faults first, then its own, nothing else.

    ``name`` identifies the scenario in fired-fault records, warnings and seeds (HTTP seams key their
    seeded decisions on it).
    """

    name: str = "chaos"
    tool_faults: tuple[ToolFaultSpec, ...] = ()
    llm_faults: tuple[LlmFaultSpec, ...] = ()
    context_attacks: tuple[ContextAttackSpec, ...] = field(default=())

    @classmethod
    def resolve(
        cls,
        source: ChaosConfig | Scenario | None = None,
        *,
        profile: str | None = None,
        name: str | None = None,
    ) -> ChaosSpec:
        """Build a spec from a ``chaos:`` block or a matrix scenario, and/or a built-in profile.

        ``profile`` (e.g. from ``--chaos-profile``) overrides ``source.profile``. Unknown profile names
        raise :class:`~windtunnel._util.errors.UnknownPluginError` listing the valid ones.
        """
        tools: list[ToolFaultSpec] = []
        llms: list[LlmFaultSpec] = []
        attacks: list[ContextAttackSpec] = []
        prof = profile or (source.profile if source is not None else None)
        if prof:
            p = load_profile(prof)
            tools += p.chaos.tool_faults
            llms += p.chaos.llm_faults
            attacks += p.chaos.context_attacks
        if source is not None:
            tools += source.tool_faults
            llms += source.llm_faults
            attacks += source.context_attacks
        label = name or getattr(source, "name", None) or (f"profile:{prof}" if prof and source is None else "chaos")
        return cls(label, tuple(tools), tuple(llms), tuple(attacks))

    @property
    def active(self) -> bool:
        """Whether the spec injects anything (a fault or an attack)."""
        return bool(self.tool_faults or self.llm_faults or self.context_attacks)

    @property
    def needs_tool_seam(self) -> bool:
        """Tool faults, or attacks that travel in tool replies, need the agent's tool calls."""
        return bool(self.tool_faults) or any(_targets_tools(a) for a in self.context_attacks)

    def delivered_at(self, seam: str) -> tuple[Any, ...]:
        """The faults and attacks the ``tools`` or ``llm`` seam delivers: tool faults and the attacks that travel in
        tool replies, or the LLM faults (an attack on the agent's input goes through neither proxy)."""
        if seam == "tools":
            return (*self.tool_faults, *(a for a in self.context_attacks if _targets_tools(a)))
        return tuple(self.llm_faults)

    @property
    def needs_llm_seam(self) -> bool:
        """LLM faults need the agent's model calls (``agent.llm``, a framework's client, or the LLM proxy)."""
        return bool(self.llm_faults)


def _targets_tools(attack: ContextAttackSpec) -> bool:
    """Whether an enabled attack travels in tool replies (``indirect_injection``, or ``inject_at: tool_response``), so
    the run needs the tool seam even without tool faults.
    """
    if not getattr(attack, "enabled", True):
        return False
    return attack.type in TOOL_REPLY_ATTACKS or getattr(attack, "inject_at", None) == "tool_response"
