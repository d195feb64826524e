"""The mutation plugin interface.

A mutation type is one function decorated with :func:`mutation`. It receives the golden prompt, a
private seeded ``random.Random`` and a :class:`MutationContext`, and returns a :class:`Mutated`.
Text-level types change what the agent reads; transport-level types return a
:class:`~windtunnel.agents.base.TransportMutation` that sends the HTTP adapter's real request differently.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from windtunnel._util.registry import Registry
from windtunnel.agents.base import AgentInput, TransportMutation

Level = Literal["text", "transport"]


@dataclass
class MutationContext:
    """What a generator may know besides the prompt.

    Only what changes the *form* of a variant: the agent type (transport types exist only for HTTP agents), whether the
    agent takes a message list (multi-turn attacks are then sent as messages, not a transcript) and the user's custom
    templates. Nothing about the agent's answers: generators run at planning time, before the agent is called.
    """

    agent_type: str = "python"
    accepts_messages: bool = False
    custom_templates: list[str] = field(default_factory=list)
    custom_template_ids: list[str] | None = None
    """Names of ``custom_templates`` when the config gave a mapping (else they are numbered)."""

    def template_id(self, i: int) -> str | int:
        """How reports and messages name template ``i``: its name, else its index."""
        ids = self.custom_template_ids
        return ids[i] if ids is not None and i < len(ids) else i


@dataclass
class Mutated:
    """One generated variant. ``args`` is JSON-serialisable and, with the seed, reproduces it."""

    input: AgentInput
    args: dict[str, Any] = field(default_factory=dict)
    transport: TransportMutation | None = None


Generator = Callable[[str, random.Random, MutationContext], Mutated]


@dataclass(frozen=True)
class MutationType:
    """One registered mutation type: its name, its ``level`` (``text``: changes what the agent reads; ``transport``:
    changes how the HTTP request is sent, so only HTTP agents can take it), its scoring ``weight``, the one-line
    description ``windtunnel mutations`` prints (the generator's docstring's first line) and the generator.
    """

    name: str
    level: Level
    weight: float
    description: str
    generate: Generator


def _validate(name: str, item: MutationType) -> None:
    """The registry's check on a new type: it needs a description (its generator's docstring) and a positive weight, or
    registration raises ``TypeError``.
    """
    if not item.description:
        raise TypeError(f"mutation {name!r} needs a docstring")
    if item.weight <= 0:
        raise TypeError(f"mutation {name!r} must have a positive weight")


mutations: Registry[MutationType] = Registry("mutation type", validate=_validate)


def mutation(name: str, *, level: Level = "text", weight: float = 1.0) -> Callable[[Generator], Generator]:
    """Register a generator function as mutation type ``name`` (its docstring's first line describes it).

    ``level``: ``text`` (the default) or ``transport`` (the generator returns a :class:`Mutated` whose ``transport``
    changes the HTTP request; only HTTP agents can take it). ``weight``: how much a failed variant of this type costs in
    the mutation score, relative to 1.0 (a failed encoding attack costs more than a failed typo; ``mutations.weights``
    overrides it per run). The registry rejects a generator without a docstring or with a weight that is not positive,
    at import time.
    """

    def wrap(fn: Generator) -> Generator:
        """Register ``fn`` (its docstring's first line is the description) and return it unchanged."""
        doc = (fn.__doc__ or "").strip().splitlines()
        mutations.register(name, MutationType(name, level, weight, doc[0] if doc else "", fn))
        return fn

    return wrap
