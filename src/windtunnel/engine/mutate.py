"""Bridge from the config to the mutation planner: which variants each golden prompt gets, and their transports.

The mutation registry knows nothing of configs or agents; this module tells it what it needs (the mutation types
and count, whether the agent takes message lists, custom templates) and rebuilds transport-level mutations from a
cell's recorded arguments, so a cell stays plain data and its mutation is regenerated identically wherever it
runs. It is on ``validate``'s path, so it imports no LLM client."""

from __future__ import annotations

from typing import TYPE_CHECKING

from windtunnel.agents.base import TransportMutation
from windtunnel.agents.registry import capabilities
from windtunnel.config.model import Config
from windtunnel.engine.cells import Cell
from windtunnel.mutations.base import MutationContext
from windtunnel.mutations.plan import MutationPlan, generate_one, plan_mutations

if TYPE_CHECKING:
    from windtunnel.mutations.llm import LlmMutator


def mutation_context(cfg: Config) -> MutationContext:
    """What the mutation generators need to know about the agent: its type, whether it takes message lists (a
    multi-turn mutation is sent as messages only then) and the config's custom templates."""
    agent = cfg.agent
    accepts = capabilities(agent).accepts_messages(agent)
    return MutationContext(
        agent_type=agent.type,
        accepts_messages=accepts,
        custom_templates=cfg.mutations.templates,
        custom_template_ids=cfg.mutations.template_ids,
    )


def plan_for(cfg: Config, golden: str, *, seed: int, llm: LlmMutator | None = None) -> MutationPlan:
    """One golden prompt's planned mutations under ``seed`` (with ``llm``, the LLM generator's variants)."""
    return plan_mutations(golden, list(cfg.mutations.types), cfg.mutations.count, seed, mutation_context(cfg), llm=llm)


def transport_for(cfg: Config, cell: Cell, *, seed: int) -> TransportMutation | None:
    """Rebuild a transport-level mutation from the cell's recorded (type, k, attempt): cells stay plain data.

    ``None`` for a cell without a transport mutation. The mutation is regenerated from the run seed, so a cell run
    on another actor or resumed later sends its request the same way."""
    m = cell.mutation
    if m is None or m.level != "transport" or cell.golden_prompt is None:
        return None
    k = int(m.args.get("k", 0))
    attempt = int(m.args.get("attempt", 0))
    return generate_one(cell.golden_prompt, m.type, seed, k, mutation_context(cfg), attempt).transport
