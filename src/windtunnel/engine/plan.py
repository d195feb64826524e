"""Planning: config → cells (golden prompt × mutation × repeat). Pure and deterministic.

The same config and seed always give the same cells with the same ids, which is what makes ``--cell`` reproduce
one cell, ``--resume`` skip the ones stored, and ``--shard I/N`` split a run across machines without coordination.
Plans are generated lazily (:func:`iter_plan`): a run of a million cells never holds them all; only
:func:`plan_run` (``--cell`` selections, the dry run) materialises a plan, and it is bounded by
:data:`MAX_PLANNED_CELLS`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, cast

from windtunnel._util.errors import ConfigError
from windtunnel.agents.conversation import attack_turns
from windtunnel.config.advice import config_warnings
from windtunnel.config.model import Config
from windtunnel.engine.cells import Cell, CellKind, GoldenMutations, MutationRef
from windtunnel.engine.mutate import mutation_context
from windtunnel.mutations.llm import LlmMutator
from windtunnel.mutations.plan import plan_mutations

if TYPE_CHECKING:
    from windtunnel.engine.planspill import PlanSpill


@dataclass
class Plan:
    """A materialised plan: its cells in plan order, the seed their mutations came from, and the notices the user
    should see with it."""

    cells: list[Cell]
    seed: int
    notices: list[str] = field(default_factory=list)
    """Things the user should know about the plan (skipped mutation types, implicit checks ...)."""


def golden_cells(cfg: Config, *, repeat: int, kind: CellKind = "golden", scenario: str | None = None) -> list[Cell]:
    """:func:`iter_golden_cells` as a list (contract and replay plans are small enough to hold)."""
    return list(iter_golden_cells(cfg, repeat=repeat, kind=kind, scenario=scenario))


def iter_golden_cells(
    cfg: Config, *, repeat: int, kind: CellKind = "golden", scenario: str | None = None, start: int = 0
) -> Iterator[Cell]:
    """The golden cells one at a time (``start`` numbers their ``seq``).

    Each golden prompt gives ``repeat`` cells (ids ``g<index>.r<repeat>``, prefixed with the scenario under
    chaos); a prompt written as a conversation carries its turns, so the runner sends it turn by turn."""
    prefix = f"{scenario}/" if scenario else ""
    seq = start
    for gi, prompt in enumerate(cfg.golden_prompts):
        turns = cfg.golden_turns.get(prompt)
        for r in range(repeat):
            yield Cell(
                id=f"{prefix}g{gi}.r{r}",
                kind=kind,
                input=prompt,
                golden_prompt=prompt,
                golden_index=gi,
                scenario=scenario,
                repeat=r,
                turns=turns,
                seq=seq,
            )
            seq += 1


def mutation_cells(
    cfg: Config, *, seed: int, repeat: int, notices: list[str], scenario: str | None = None, llm: bool = True
) -> list[Cell]:
    """:func:`iter_mutation_cells` as a list, for callers that hold the plan anyway."""
    return list(iter_mutation_cells(cfg, seed=seed, repeat=repeat, notices=notices, scenario=scenario, llm=llm))


_Level = Literal["text", "transport"]
"""A mutation's level (an alias: ``cast(Literal[...], x)`` would build the ``Literal`` on every cell)."""


def llm_mutator(cfg: Config, stack: ExitStack, *, allow: bool = True) -> LlmMutator | None:
    """An LLM generator when the config has a ``model:`` block (and it is enabled); deterministic otherwise.

    The mutator is entered on ``stack`` so its client closes when planning ends; ``allow=False`` (``--no-llm``,
    counting passes) keeps planning offline even with a ``model:`` block."""
    if not allow or "model" not in cfg.model_fields_set or not cfg.model.enabled:
        return None
    return stack.enter_context(LlmMutator(cfg.model))


def iter_mutation_plans(cfg: Config, *, seed: int, notices: list[str], llm: bool = True) -> Iterator[GoldenMutations]:
    """Each golden prompt's planned mutations (conversations are left out, with a notice); ``notices`` fills
    as they are read. What :func:`iter_mutation_cells` expands into cells, and a counting pass records
    (:class:`~windtunnel.engine.planspill.PlanSpill`) so that the run need not generate them again."""
    types = list(cfg.mutations.types)
    ctx = mutation_context(cfg)
    with ExitStack() as stack:
        mutator = llm_mutator(cfg, stack, allow=llm)
        for gi, golden in enumerate(cfg.golden_prompts):
            if golden in cfg.golden_turns:
                note = (
                    f"golden prompt {gi} is a conversation: it runs unmutated "
                    "(mutating conversations is not yet supported)"
                )
                if note not in notices:
                    notices.append(note)
                continue
            planned = plan_mutations(golden, types, cfg.mutations.count, seed, ctx, llm=mutator)
            notices.extend(n for n in planned.notices if n not in notices and not n.startswith("LLM mutation"))
            yield gi, [(m.type, m.level, m.record_args(), m.input) for m in planned]
        if mutator is not None and mutator.stats.fell_back:
            notices.append(mutator.stats.summary())


def iter_mutation_cells(
    cfg: Config,
    *,
    seed: int,
    repeat: int,
    notices: list[str],
    scenario: str | None = None,
    llm: bool = True,
    start: int = 0,
    plans: Iterable[GoldenMutations] | None = None,
) -> Iterator[Cell]:
    """The mutated cells, one golden prompt's mutations at a time; ``notices`` fills as the plan is read.

    ``plans``: the golden prompts' planned mutations as an earlier pass recorded them (the same cells,
    nothing generated); by default they are generated (:func:`iter_mutation_plans`)."""
    prefix = f"{scenario}/" if scenario else ""
    seq = start
    goldens = cfg.golden_prompts
    source = plans if plans is not None else iter_mutation_plans(cfg, seed=seed, notices=notices, llm=llm)
    for gi, planned in source:
        golden = goldens[gi]
        for mtype, level, args, text in planned:
            ref = MutationRef(type=mtype, args=args, level=cast(_Level, level))
            turns = attack_turns(mtype, args, text)  # crescendo: a real conversation
            stem = f"{prefix}g{gi}.{mtype}.{args['k']}.r"
            for r in range(repeat):
                yield Cell(
                    id=f"{stem}{r}",
                    kind="mutation",
                    input=text,
                    golden_prompt=golden,
                    golden_index=gi,
                    mutation=ref,
                    scenario=scenario,
                    repeat=r,
                    turns=turns,
                    seq=seq,
                )
                seq += 1


def iter_plan(
    cfg: Config,
    *,
    seed: int,
    repeat: int = 1,
    mutations: bool = True,
    golden: bool = True,
    scenario: str | None = None,
    llm: bool = True,
    notices: list[str] | None = None,
    plans: Iterable[GoldenMutations] | None = None,
) -> Iterator[Cell]:
    """The cells of ``windtunnel run`` in plan order, generated as they are read (a plan is never held): the same
    cells, ids, ``seq`` and notices as :func:`plan_run`. Give ``notices`` to collect the plan's notices, ``plans``
    to expand mutations an earlier pass recorded (see :func:`count_plan`) instead of generating them. No size
    limit (:func:`check_plan_size` guards :func:`plan_run`, which holds every cell).

    Golden cells come first, then each golden prompt's mutations; under a ``scenario`` the cells are ``chaos``
    cells of that scenario."""
    require_prompts(cfg)
    notes = notices if notices is not None else []
    notes.extend(config_warnings(cfg))
    kind: CellKind = "chaos" if scenario else "golden"
    golden_n = len(cfg.golden_prompts) * repeat if golden else 0
    if golden:
        yield from iter_golden_cells(cfg, repeat=repeat, kind=kind, scenario=scenario)
    if mutations:
        yield from iter_mutation_cells(
            cfg, seed=seed, repeat=repeat, notices=notes, scenario=scenario, llm=llm, start=golden_n, plans=plans
        )


def count_plan(
    cfg: Config,
    *,
    seed: int,
    repeat: int = 1,
    mutations: bool = True,
    golden: bool = True,
    llm: bool = True,
    notices: list[str] | None = None,
    spill: PlanSpill | None = None,
) -> int:
    """How many cells :func:`iter_plan` gives for these options, with the same notices, without building a cell. With
    ``spill`` the generated mutations are recorded in it, for ``iter_plan(plans=spill.replay())``.

    This is the counting pass of ``windtunnel run``: the plan line, the progress total and a shard's bounds need
    the total before the first agent call, and recording the mutations means the run's own pass does not generate
    them a second time."""
    require_prompts(cfg)
    notes = notices if notices is not None else []
    notes.extend(config_warnings(cfg))
    total = len(cfg.golden_prompts) * repeat if golden else 0
    if mutations:
        plans = iter_mutation_plans(cfg, seed=seed, notices=notes, llm=llm)
        for _, planned in spill.record(plans) if spill is not None else plans:
            total += len(planned) * repeat
    return total


MAX_PLANNED_CELLS = 1_000_000
"""The most cells one run may plan (golden prompts × (1 + mutations.count) × --repeat)."""


def check_plan_size(cfg: Config, *, repeat: int, golden: bool, mutations: bool) -> None:
    """Refuse a plan too large to run before spending anything on it; the error names the total and the limit.

    Computed from the config alone (golden prompts × (1 + mutations.count) × repeat), so no mutation is generated
    for a plan that will be refused."""
    per_prompt = (1 if golden else 0) + (cfg.mutations.count if mutations else 0)
    total = len(cfg.golden_prompts) * per_prompt * max(repeat, 1)
    if total > MAX_PLANNED_CELLS:
        raise ConfigError(
            f"the run would plan {total:,} cells ({len(cfg.golden_prompts):,} golden prompts × {per_prompt:,} "
            f"× --repeat {repeat}), over the limit of {MAX_PLANNED_CELLS:,}",
            hint="lower mutations.count or --repeat, or split the golden prompts over several configs",
        )


def require_prompts(cfg: Config) -> None:
    """Raise a config error when there are no golden prompts: a run with nothing to send must not pass with zero
    cells."""
    if not cfg.golden_prompts:
        raise ConfigError(
            "the config has no golden_prompts, so there is nothing to run",
            hint="add a `golden_prompts:` list with the requests your agent must handle",
        )


def plan_run(
    cfg: Config,
    *,
    seed: int,
    repeat: int = 1,
    mutations: bool = True,
    golden: bool = True,
    scenario: str | None = None,
    only: set[str] | None = None,
    llm: bool = True,
) -> Plan:
    """The cells of ``windtunnel run``; ``only`` keeps just the named cell ids (``--cell``).

    Materialises the plan, so it is refused beyond :data:`MAX_PLANNED_CELLS` before anything is generated. An id
    in ``only`` that the plan does not have is a config error (usually a reproduce command from another seed or
    config), never an empty run."""
    require_prompts(cfg)
    check_plan_size(cfg, repeat=repeat, golden=golden, mutations=mutations)
    notices: list[str] = []
    lazy = iter_plan(
        cfg, seed=seed, repeat=repeat, mutations=mutations, golden=golden, scenario=scenario, llm=llm, notices=notices
    )
    cells = list(lazy)
    if only is not None:
        missing = only - {c.id for c in cells}
        if missing:
            raise ConfigError(
                f"no cell with id {', '.join(sorted(missing))} in this plan",
                hint="cell ids depend on the config, --seed and --repeat; copy the reproduce command from the report",
            )
        cells = [c for c in cells if c.id in only]
    return Plan(cells=cells, seed=seed, notices=notices)
