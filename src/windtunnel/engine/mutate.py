"""Bridge from the config to the mutation generators: which variants each golden prompt gets."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from windtunnel._util.rng import cell_rng
from windtunnel.agents.base import AgentInput
from windtunnel.config.model import Config
from windtunnel.mutations.base import MutationContext, mutations


@dataclass
class PlannedMutation:
    type: str
    k: int
    input: AgentInput
    args: dict[str, Any]
    level: str


@dataclass
class PlannedMutations:
    mutations: list[PlannedMutation] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)


def mutation_context(cfg: Config) -> MutationContext:
    agent = cfg.agent
    accepts = bool(getattr(agent, "accepts_messages", False)) or agent.type == "openai_chat"
    return MutationContext(
        agent_type=agent.type, accepts_messages=accepts, custom_templates=list(cfg.mutations.custom_templates)
    )


def applicable_types(cfg: Config) -> tuple[list[str], list[str]]:
    """(types to run, notices about types that cannot apply to this agent)."""
    types, notices = [], []
    for name in cfg.mutations.types:
        mt = mutations.get(name)
        if mt.level == "transport" and cfg.agent.type != "http":
            notices.append(
                f"mutation type {name!r} manipulates the HTTP request and does not apply to a "
                f"{cfg.agent.type} agent: skipped"
            )
            continue
        types.append(name)
    return types, notices


def plan_mutations(cfg: Config, golden: str, golden_index: int, *, seed: int) -> PlannedMutations:
    """``mutations.count`` variants of one golden prompt, spread round-robin over the types, seeded per variant."""
    types, notices = applicable_types(cfg)
    out = PlannedMutations(notices=notices)
    if not types:
        return out
    ctx = mutation_context(cfg)
    for k in range(cfg.mutations.count):
        name = types[k % len(types)]
        mt = mutations.get(name)
        mutated = mt.generate(golden, cell_rng(seed, "mutation", golden_index, name, k), ctx)
        out.mutations.append(PlannedMutation(name, k, mutated.input, dict(mutated.args), mt.level))
    return out


def regenerate(cfg: Config, golden: str, golden_index: int, name: str, k: int, *, seed: int) -> Any:
    """The same :class:`~windtunnel.mutations.base.Mutated` the planner produced (for transport objects)."""
    return mutations.get(name).generate(golden, cell_rng(seed, "mutation", golden_index, name, k), mutation_context(cfg))
