"""Where a contract invariant applies and what it sends: ``when`` against a scenario's chaos, and probes.

Shared by planning (:mod:`windtunnel.contracts.matrix`) and checking (:mod:`windtunnel.contracts.validate`),
so a check never disagrees with the plan about which matrix cells exist.
"""

from __future__ import annotations

from collections.abc import Sequence

from windtunnel.chaos.spec import ChaosSpec
from windtunnel.config.model import Scenario
from windtunnel.invariants.base import InvariantSpec, WhenName


def applies(when: WhenName | str, spec: ChaosSpec) -> bool:
    """Whether an invariant with this ``when`` is checked in a scenario with this chaos.

    Decided from the scenario's own faults only (never the global ``chaos:`` block), so a matrix cell's existence
    does not change with unrelated configuration. An unknown ``when`` raises ``ValueError``; the config layer has
    rejected it before this is reached."""
    if when == "always":
        return True
    if when == "tool_faults_active":
        return bool(spec.tool_faults)
    if when == "llm_faults_active":
        return bool(spec.llm_faults)
    if when == "any_chaos_active":
        return spec.active
    if when == "no_chaos":
        return not spec.active
    raise ValueError(f"unknown when {when!r}")


def probes_of(inv: InvariantSpec) -> list[str] | None:
    """The prompts sent for this invariant instead of the golden prompts, or ``None`` (golden prompts).

    An invariant type may supply default probes (``effective_probes``: the system-prompt leak probe has a built-in
    set); otherwise the config's ``probes:`` are used. A probe invariant gets its own units, judged by it alone."""
    effective = getattr(inv, "effective_probes", None)
    if callable(effective):
        return list(effective())
    return list(inv.probes) if inv.probes else None


def scenario_specs(scenarios: Sequence[Scenario]) -> dict[str, ChaosSpec]:
    """Each scenario's chaos: exactly what it declares (and its profile), nothing from ``chaos:``.

    The global ``chaos:`` block belongs to ``run``; mixing it in would make every scenario, ``no-chaos`` included,
    carry faults it does not list."""
    return {s.name: ChaosSpec.resolve(s, name=s.name) for s in scenarios}
