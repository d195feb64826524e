"""Adversarial prompt mutations: one ``@mutation`` registry, deterministic built-ins, optional LLM.

Text-level types rewrite what the agent reads; transport-level types (HTTP agents only) manipulate the
real request. :func:`plan_mutations` turns golden prompts into seeded, deduplicated variants;
:func:`robustness_score` weighs pass/fail results by type.

How it fits: a mutation type is one decorated generator (:mod:`~windtunnel.mutations.base`), grouped by what it
attacks: wording (:mod:`~windtunnel.mutations.text`), instructions (:mod:`~windtunnel.mutations.injection`), characters
and tokens (:mod:`~windtunnel.mutations.encoding`), meaning and context (:mod:`~windtunnel.mutations.semantic`), shape
and size (:mod:`~windtunnel.mutations.structure`), and the HTTP request itself (:mod:`~windtunnel.mutations.transport`,
acting through :mod:`~windtunnel.mutations.wire` and :mod:`~windtunnel.mutations.pacing`). Importing this package
registers them all. Generators are pure functions of (prompt, seeded rng, context): they send nothing and judge
nothing. The engine sends each variant; the invariants decide whether the answer held up.
"""

from windtunnel.mutations import builtin as _builtin  # noqa: F401  (registers the built-in types)
from windtunnel.mutations.base import Mutated, MutationContext, MutationType, mutation, mutations
from windtunnel.mutations.plan import (
    TRANSPORT_AGENT_TYPES,
    MutationPlan,
    PlannedMutation,
    applies_to,
    generate_one,
    plan_mutations,
)
from windtunnel.mutations.scoring import robustness_score, type_weights

__all__ = [
    "TRANSPORT_AGENT_TYPES",
    "Mutated",
    "MutationContext",
    "MutationPlan",
    "MutationType",
    "PlannedMutation",
    "applies_to",
    "generate_one",
    "mutation",
    "mutations",
    "plan_mutations",
    "robustness_score",
    "type_weights",
]
