"""Turn (golden prompt, types, count, seed) into concrete mutations, deterministically.

``count`` mutations per golden prompt are spread round-robin over the requested types (in the order
given), so slot ``i`` is type ``types[i % n]`` and is that type's ``k = i // n``-th variant. Each variant
comes from its own ``random.Random`` seeded by (seed, golden prompt, type, k, attempt); ``attempt`` only
moves past a duplicate. ``count`` is capped at :data:`MAX_MUTATIONS_PER_PROMPT`. Types that cannot
apply to the agent (transport types for non-HTTP agents) are skipped and listed in
:attr:`MutationPlan.skipped` with the reason.

Why a random generator per variant and not one per run: a variant must come back from its own coordinates alone.
``reproduce`` reruns one cell from (seed, golden prompt, type, k, attempt) without planning the rest, a resumed run
plans the same variants whether or not the earlier ones are already stored, and adding a type or a golden prompt
does not change the variants of the others. A shared generator would make every variant depend on everything drawn
before it.

Why round-robin: when ``count`` is not a multiple of the number of types, every type still gets its turn as early as
possible, and the k-th variant of a type is the same whatever ``count`` is, so raising ``count`` adds
variants without changing those already planned.

Duplicates are re-rolled with the next ``attempt``, up to :data:`MAX_ATTEMPTS` times; a type that runs out of distinct
variants for a short prompt (``length_extremes`` has six) is reported as a shortfall, never padded with repeats. The
planner scores nothing and sends nothing: it returns data the engine turns into cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import orjson

from windtunnel._util.errors import ConfigError
from windtunnel._util.rng import HashRandom
from windtunnel.mutations.base import Mutated, MutationContext, MutationType, mutations

if TYPE_CHECKING:
    from windtunnel.mutations.llm import LlmMutator, LlmStats

TRANSPORT_AGENT_TYPES = frozenset({"http", "openai_chat"})
"""Agent types whose adapter sends an ``httpx.Request`` a transport mutation can manipulate."""
MAX_MUTATIONS_PER_PROMPT = 10_000
"""The most mutations planned for one golden prompt (``mutations.count``, ``mutate --count``)."""
MAX_ATTEMPTS = 16
"""Re-rolls per slot when a variant duplicates one already planned for the same golden prompt."""


def applies_to(mutation_type: str | MutationType, agent_type: str) -> bool:
    """Whether a mutation type can run against an agent of ``agent_type`` (text types always can)."""
    mt = mutations.get(mutation_type) if isinstance(mutation_type, str) else mutation_type
    return mt.level == "text" or agent_type in TRANSPORT_AGENT_TYPES


def skip_reason(mt: MutationType, agent_type: str) -> str:
    """Why transport type ``mt`` is not planned for an agent of ``agent_type`` (listed in :attr:`MutationPlan.skipped`
    and printed by ``validate``).
    """
    return (
        f"{mt.name} manipulates the HTTP request and a {agent_type!r} agent has none; "
        "it applies only to agent.type: http or openai_chat"
    )


@dataclass
class PlannedMutation:
    """One mutation of one golden prompt, with everything needed to regenerate it.

    ``type``, ``k`` and ``attempt`` with the run's seed and the golden prompt are the variant's coordinates
    (:func:`generate_one`); ``level`` and ``weight`` are copied from the type when it was planned, so the engine and the
    score need not look the registry up again; ``source`` says whether the LLM mutator or the deterministic generator
    wrote it, since an LLM variant comes back from the model or its on-disk cache, not from the seed alone.
    """

    golden: str
    type: str
    level: Literal["text", "transport"]
    weight: float
    k: int
    """This type's k-th variant for this golden prompt."""
    attempt: int
    """Re-rolls spent to avoid a duplicate (0 almost always)."""
    mutated: Mutated
    source: Literal["deterministic", "llm"] = "deterministic"

    @property
    def input(self) -> Any:
        """What the agent is sent: a prompt string, or a message list for multi-turn types."""
        return self.mutated.input

    @property
    def args(self) -> dict[str, Any]:
        """The generator's own record of what it did (JSON-serialisable; with the seed it reproduces the variant)."""
        return self.mutated.args

    def record(self) -> dict[str, Any]:
        """``{"type", "args"}`` for the report's ``mutation`` field; args include k/attempt/source.

        The report's identity of a cell (``reports.cells.cell_identity``) hashes these args, so what goes in here
        decides which cells two runs consider the same.
        """
        return {"type": self.type, "args": self.record_args()}

    def record_args(self) -> dict[str, Any]:
        """The generator's args with k, attempt and source (``record()["args"]``)."""
        return {**self.mutated.args, "k": self.k, "attempt": self.attempt, "source": self.source}


class MutationPlan(list[PlannedMutation]):
    """The planned mutations, plus what was skipped or fell short, so nothing is dropped in silence.

    A list of :class:`PlannedMutation` in plan order (round-robin over the types), with :attr:`skipped` and
    :attr:`shortfall` explaining every variant that was asked for and is missing.
    """

    def __init__(self) -> None:
        """An empty plan; :func:`plan_mutations` fills it. ``llm`` holds the LLM mutator's counters when one was
        used.
        """
        super().__init__()
        self.skipped: dict[str, str] = {}
        """Type → why it was not planned for this agent."""
        self.shortfall: dict[str, int] = {}
        """Type → how many requested variants could not be made distinct from earlier ones."""
        self.llm: LlmStats | None = None

    @property
    def notices(self) -> list[str]:
        """Human-readable lines about skipped types, shortfalls and LLM fallbacks.

        The engine's plan gathers them into the run's notices, so every variant asked for and not planned is accounted
        for; an empty list means the plan is exactly what the config asked for.
        """
        out = [f"skipped {name}: {why}" for name, why in self.skipped.items()]
        out += [
            f"{name}: only {self.count_of(name)} distinct variants for this prompt ({n} fewer than requested)"
            for name, n in self.shortfall.items()
        ]
        if self.llm is not None and self.llm.fell_back:
            out.append(self.llm.summary())
        return out

    def count_of(self, name: str) -> int:
        """How many variants of type ``name`` were planned."""
        return sum(1 for p in self if p.type == name)


def check_count(count: int) -> None:
    """Refuse a ``count`` over :data:`MAX_MUTATIONS_PER_PROMPT` (planning it would run for hours)."""
    if count > MAX_MUTATIONS_PER_PROMPT:
        raise ConfigError(
            f"mutations.count is {count:,}, over the limit of {MAX_MUTATIONS_PER_PROMPT:,} mutations per golden prompt",
            hint="a few dozen per prompt find what thousands would; add golden prompts for more coverage",
        )


def generate_one(
    golden: str, type_name: str, seed: int | None, k: int, ctx: MutationContext, attempt: int = 0
) -> Mutated:
    """The deterministic variant for one (golden, type, k, attempt) cell; what ``reproduce`` reruns.

    The generator's ``random.Random`` is keyed by the seed and the coordinates, joined by ``0x1f`` as
    :mod:`windtunnel._util.rng` keys every generator, so ``("a", "bc")`` and ``("ab", "c")`` never share a key.
    ``seed=None`` is a key like any other (the same variants each time it is passed). Raises
    :class:`~windtunnel._util.errors.UnknownPluginError` for an unknown type.
    """
    mt = mutations.get(type_name)
    # variant_rng(seed, "mutation", golden, type_name, k, attempt), its key written out (once per variant)
    key = f"{seed!r}\x1fmutation\x1f{golden}\x1f{type_name}\x1f{k}\x1f{attempt}".encode("utf-8", "surrogatepass")
    return mt.generate(golden, HashRandom(key), ctx)


def _dedup_key(name: str, m: Mutated) -> bytes:
    """What makes two variants the same: the type and the input, plus the args for transport types (whose input is the
    golden prompt itself). Inputs orjson cannot encode (a lone surrogate) fall back to ``repr``.
    """
    # a lone surrogate (from a prompt or a template) is not UTF-8: orjson refuses it, repr does not
    try:
        key = orjson.dumps(m.input)
        if m.transport is not None:
            key += orjson.dumps(m.args, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        key = repr((m.input, sorted(m.args.items()) if m.transport is not None else None)).encode()
    return name.encode() + b"\x00" + key


def plan_mutations(
    golden: str,
    types: list[str],
    count: int,
    seed: int | None,
    ctx: MutationContext,
    *,
    llm: LlmMutator | None = None,
) -> MutationPlan:
    """``count`` distinct mutations of ``golden`` over ``types`` (see the module docstring).

    Raises :class:`~windtunnel._util.errors.UnknownPluginError` for an unknown type and
    :class:`~windtunnel._util.errors.ConfigError` for ``count < 1``, no types, or no type that applies.
    With ``llm``, text types are generated by the model where it can, and fall back to the
    deterministic generator otherwise; ``plan.llm`` counts both.
    """
    if count < 1:
        raise ConfigError(f"mutations.count must be at least 1, got {count}", hint="set e.g. count: 10")
    check_count(count)
    if not types:
        raise ConfigError("mutations.types is empty", hint=f"choose from: {', '.join(mutations.names())}")
    plan = MutationPlan()
    wanted: list[MutationType] = []
    for name in dict.fromkeys(types):
        mt = mutations.get(name)
        if applies_to(mt, ctx.agent_type):
            wanted.append(mt)
        else:
            plan.skipped[name] = skip_reason(mt, ctx.agent_type)
    if not wanted:
        raise ConfigError(
            f"none of the mutation types {', '.join(types)} apply to a {ctx.agent_type!r} agent: "
            "they are all transport-level",
            hint="add text-level types (e.g. paraphrase, noise, prompt_injection) or use an HTTP agent",
        )
    if llm is not None:
        plan.llm = llm.stats
    seen: set[bytes] = set()
    n = len(wanted)
    for i in range(count):
        mt, k = wanted[i % n], i // n
        use_llm = llm is not None
        for attempt in range(MAX_ATTEMPTS):
            made = llm.generate(golden, mt, seed, k, attempt, ctx) if llm is not None and use_llm else None
            # Once the model has failed for this slot, its re-rolls stay deterministic.
            use_llm = made is not None
            m = made if made is not None else generate_one(golden, mt.name, seed, k, ctx, attempt)
            key = _dedup_key(mt.name, m)
            if key not in seen:
                seen.add(key)
                source: Literal["deterministic", "llm"] = "llm" if made is not None else "deterministic"
                plan.append(PlannedMutation(golden, mt.name, mt.level, mt.weight, k, attempt, m, source))
                break
        else:
            plan.shortfall[mt.name] = plan.shortfall.get(mt.name, 0) + 1
    return plan
