"""The run flow: golden prompts (and mutations, and chaos) → cells streamed to the store → score → outcome.

:func:`run_flow` serves ``windtunnel run``, ``chaos``, ``score`` and :func:`windtunnel.run`; its steps, in order:

1. **Check before touching anything.** Options that cannot work (``--shard`` with ``--cell``, an unknown executor
   or report format, an ``-o`` that would overwrite the config, a fixed proxy port in use) fail here with exit 2
   or 3, before a run is stored or an agent called. The agent's python references are imported first of all
   (exit 3, as ``validate`` reports them), and the environment and chaos checks are preflight's, so ``run`` and
   ``validate`` say the same words at the same line.
2. **Plan lazily** (:func:`_plan`): one counting pass gives the number of cells and the notices and spills the
   generated mutations to disk; the cells are then generated again as the executor asks for them, so a run of
   millions of cells never holds its plan. ``--cell`` and an LLM mutator are the exceptions (few cells; answers
   that must not be asked for twice). Failures saved by ``explore`` run first, with negative ``seq``.
3. **Execute** through :func:`~windtunnel.flows.common.execute` (signals, progress) in one
   :class:`~windtunnel.engine.session.RunSession`; every finished cell goes to a
   :class:`~windtunnel.engine.sink.ResultSink`, which queues it for the store and adds it to the running tally,
   and to the listener (the CLI's progress bar). Nothing else is kept per cell.
4. **Finish** (:func:`_finish`): the summary comes from the tally, the run is marked finished in the store before
   the report file is written (a crash while writing keeps the verdict), and the report is streamed from the
   store in plan order.

Invariants a change must keep: a run is repeatable from ``(config, seed, plan options)`` — ``--resume`` restores
exactly those and refuses a changed config, and every shard of ``--shard I/N`` must plan the same cells, hence a
fixed seed; a cell is counted once, whether it ran now or in the run being resumed (a cell the agent's exit cut
short runs again); zero cells is an error, never a pass, and a chaos run in which no fault fired fails; an
interrupted or aborted run keeps every completed cell and says so in its status. This module prints nothing: what
the user sees goes through the :class:`~windtunnel.flows.events.Listener`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from windtunnel._util.errors import ConfigError, UsageError
from windtunnel._util.imports import import_refs
from windtunnel._util.jsontypes import JSONObject
from windtunnel._util.paths import refuse_overwrite
from windtunnel.chaos.base import NAMES_ADVICE, unfired_advice
from windtunnel.chaos.proxy.common import check_fixed_ports
from windtunnel.chaos.spec import ChaosSpec
from windtunnel.config.load import find_config, load_config
from windtunnel.config.model import Config
from windtunnel.config.proxy_env import not_run_reason, unreachable
from windtunnel.config.storepath import store_path
from windtunnel.contracts.found import Found, found_dir, load_found, select_found
from windtunnel.engine.mutate import transport_for
from windtunnel.engine.placement import apply_placement, check_executor
from windtunnel.engine.plan import check_plan_size, count_plan, iter_plan, plan_run, require_prompts
from windtunnel.engine.planspill import PlanSpill
from windtunnel.engine.report import build_report, now_iso
from windtunnel.engine.scoring import Tally, failed_beyond_score
from windtunnel.engine.session import RunSession, run_invariants
from windtunnel.engine.shard import parse_shard, plan_record, require_fixed_seed
from windtunnel.engine.sink import ResultSink
from windtunnel.flows.common import (
    Execution,
    agent_label,
    check_report_request,
    check_same_config,
    config_fingerprint,
    config_for_store,
    execute,
    kept_options,
    mark_cut_short,
    new_run_id,
    read_min_score,
    resolve_seed,
    restore_kept,
    resume_command,
    run_status,
    write_report,
)
from windtunnel.flows.events import SILENT, Listener, Notice, Planned, RunStored, cell_done
from windtunnel.flows.outcome import STORE_STATUS, LazyReport, Outcome, decide, exit_code_of
from windtunnel.flows.preflight import check_chaos, check_env
from windtunnel.flows.reach import resolve_reach
from windtunnel.flows.schedule import checked_schedule
from windtunnel.mutations.scoring import type_weights
from windtunnel.report.dicts import CellDict, ReportDict, RunInfoDict, SummaryDict, UsageTotalDict
from windtunnel.report.usage import UsageTally
from windtunnel.reports.stats import SummaryTally
from windtunnel.reports.verdict import count_failures, failure_cause, found_reason
from windtunnel.store.runstore import RunStore, resume_hint

if TYPE_CHECKING:
    from windtunnel.engine.cells import Cell
    from windtunnel.engine.sink import ResultSink


@dataclass
class RunRequest:
    """Everything that decides a run (the options of ``windtunnel run``, and the keywords of ``windtunnel.run``).

    The CLI builds it from its options; the Python API from keywords, after :func:`~windtunnel._api.build_request`
    checked each name and type. ``repeat`` runs every cell N times; ``seed`` fixes every random choice (default:
    ``advanced.seed``, else a fresh one, recorded); ``min_score`` (0-100) passes a run whose score reaches it, else
    every cell must pass; ``fmt`` / ``output`` pick the report; ``mutations``, ``chaos``, ``chaos_only``,
    ``chaos_profile`` and ``llm`` choose which cells exist; ``cells`` runs only those ids; ``resume`` continues a stored
    run with the same plan; ``use_store`` off keeps the run in memory only.
    """

    config: Path | None = None
    """The config file (found from the working directory when None)."""
    repeat: int = 1
    seed: int | None = None
    min_score: float | None = None
    fmt: str | None = None
    output: Path | None = None
    mutations: bool = True
    cells: set[str] | None = None
    concurrency: int | None = None
    chaos: bool = False
    chaos_only: bool = False
    chaos_profile: str | None = None
    llm: bool = True
    resume: str | None = None
    run_id: str | None = None
    """A preset id for a new run (``ci`` names its phase runs after itself)."""
    store: Path | None = None
    use_store: bool = True
    loaded: Config | None = None
    """An already loaded config (the Python API's mapping or Config); ``config`` is then only its label."""
    executor: str | None = None
    """``local`` or ``ray`` (overrides ``advanced.executor``)."""
    ray_address: str | None = None
    shard: str | None = None
    """``I/N``: run only that slice of the plan (see engine/shard.py)."""
    schedule: Path | str | None = None
    """A fault schedule (``--schedule``: a file, or the schedule inline): the cells run under it instead of the
    ``chaos:`` block."""
    found: bool = True
    """Replay the saved failures of ``windtunnel explore`` (``.windtunnel/found/``) first."""

    PLAN_KEYS = ("repeat", "mutations", "chaos", "chaos_only", "chaos_profile", "llm", "shard", "schedule")
    """Options that decide which cells exist: stored with a run so that ``--resume`` replans the same cells."""

    def plan_options(self) -> JSONObject:
        """The options that decide the cells (stored with the run for ``--resume``)."""
        return {
            k: str(v) if isinstance(v, Path) else v
            for k in self.PLAN_KEYS
            if (v := getattr(self, k)) is not None or k != "schedule"
        }

    @classmethod
    def option_names(cls) -> list[str]:
        """The keyword options of ``windtunnel.run``."""
        return [f.name for f in fields(cls) if f.name not in ("config", "loaded")]


def reproduce_base(req: RunRequest, config_path: Path, seed: int) -> list[str]:
    """The command line that reruns this run's cells (``--cell ID`` is appended per cell).

    Only the options that change which cells exist or what they do are written (seed, repeat, mutations
    on or off, chaos, profile, schedule, the LLM for mutations), and each only when it differs from the default, so
    the printed reproducer stays short. Options that do not change a cell's result (output, store,
    concurrency) are left out on purpose: the rerun is of the cell, not of the whole run's setup.
    """
    base = ["windtunnel", "run", "-c", str(config_path), "--seed", str(seed)]
    if req.repeat != 1:
        base += ["--repeat", str(req.repeat)]
    if not req.mutations:
        base.append("--no-mutations")
    if req.chaos_only:
        base.append("--chaos-only")
    elif req.chaos:
        base.append("--chaos")
    if req.chaos_profile:
        base += ["--chaos-profile", req.chaos_profile]
    if req.schedule:
        base += ["--schedule", str(req.schedule)]
    if not req.llm:
        base.append("--no-llm")
    return base


def chaos_spec(cfg: Config, req: RunRequest, listener: Listener | None = None) -> Any:
    """The global chaos a run injects: ``--schedule``'s, else the ``chaos:`` block (or ``--chaos-profile``) under
    ``--chaos`` / ``--chaos-only`` / ``--chaos-profile``, else None.

    Asked for chaos without any fault is a :class:`UsageError`. For an HTTP agent windtunnel does not launch, one check
    call finds out whether its traffic passes through the proxies; when the faults could not reach it, every cell would
    test nothing, so the run is refused with a :class:`ConfigError` saying how to run it.
    """
    if req.schedule is not None:
        scheduled = checked_schedule(cfg, req.schedule)
        _reach(cfg, [scheduled], listener)
        return scheduled
    if not (req.chaos or req.chaos_only or req.chaos_profile):
        # no chaos here, but an agent started behind the proxies for the config's chaos reaches its tools and
        # model only while they are served: the same one check call, and the proxies relay without faults
        _reach(cfg, [], listener)
        return None

    spec = ChaosSpec.resolve(cfg.chaos, profile=req.chaos_profile, name="chaos")
    if not spec.active:
        raise UsageError(
            "--chaos needs faults: the config has no `chaos:` block with faults and no profile was given",
            hint="add chaos.tool_faults / llm_faults / context_attacks, or pass --chaos-profile NAME "
            "(see `windtunnel profiles`)",
        )
    _reach(cfg, [spec], listener)  # a running agent started behind the proxies: one check call finds out
    if unreachable(cfg.agent, spec):  # every cell would run under faults that cannot act: nothing to run
        flag = (
            "--chaos-only" if req.chaos_only else "--chaos-profile" if not (req.chaos or req.chaos_only) else "--chaos"
        )
        raise ConfigError(
            not_run_reason(cfg.agent, f"`run {flag}`", str(cfg._source) if cfg._source else None),
            hint="`windtunnel ci` runs the other phases and lists this one as not run; see docs/chaos.md, "
            "'An agent that is already running'",
        )
    return spec


def _reach(cfg: Config, specs: list[Any], listener: Listener | None) -> None:
    """Check whether a running HTTP agent is behind windtunnel's proxies (flows/reach.py) and say so when it is."""
    note = resolve_reach(cfg, specs)
    if note is not None and listener is not None:
        listener(Notice(note))


def _restore(req: RunRequest, store: RunStore) -> tuple[Path, int]:
    """For ``resume``: the stored run's config, seed and plan options (the same cells again).

    Only runs of the ``run`` and ``chaos`` modes resume here; another mode is a usage error whose hint names
    its own command. The plan options (:attr:`RunRequest.PLAN_KEYS`) are always the stored ones, since other
    cells would not continue the run; options kept at start apply unless given again. A ``-c`` given on the
    command line wins over the stored config path (the config check then compares them).
    """
    assert req.resume is not None
    info = store.get_run(req.resume)
    if info.mode not in ("run", "chaos"):
        raise UsageError(f"run {req.resume!r} is of mode {info.mode}", hint=resume_hint(info.mode))
    for key, value in (info.meta.get("options") or {}).items():
        if key in RunRequest.PLAN_KEYS:
            setattr(req, key, value)
    restore_kept(req, info.meta)  # -o, --concurrency ... as the run was started, unless given again
    if info.seed is None or not info.config_path:
        raise UsageError(f"run {req.resume!r} has no stored seed or config path, so it cannot be resumed")
    return Path(req.config or info.config_path), int(info.seed)


def _setup(req: RunRequest) -> tuple[Path, Config, int, RunStore | None]:
    """The config, its path, the seed and the open store (None with ``use_store`` off).

    A new run loads its config (or takes the API's), imports every python reference (exit 3 before anything is stored or
    planned) and requires a fixed seed when sharded (every shard must plan the same cells). ``--resume`` restores the
    stored run's config path, seed and plan options instead, and refuses a config that changed since (its cells would
    mix two configs).
    """
    if req.resume:
        if not req.use_store:
            raise UsageError("--resume needs the run store", hint="drop --no-store")

        resumed = RunStore(store_path(req.loaded or config_for_store(req.config), req.store))
        config_path, seed = _restore(req, resumed)
        cfg = req.loaded or load_config(find_config(config_path))
        import_refs(cfg.agent.python_refs())  # an unimportable agent: exit 3 before the plan line (docs/agents.md)
        check_same_config(resumed, req.resume, cfg, config_path)
        return config_path, cfg, seed, resumed
    if req.loaded is not None:
        config_path, cfg = Path(req.config or "<mapping>"), req.loaded
    else:
        config_path = find_config(req.config)
        cfg = load_config(config_path)
    # every python reference first (exit 3, as `validate` says it): nothing stored, planned or created before
    import_refs(cfg.agent.python_refs())

    require_fixed_seed(parse_shard(req.shard) if req.shard else None, req.seed, cfg.advanced.seed)
    seed = resolve_seed(cfg, req.seed)
    store: RunStore | None = None
    if req.use_store:
        store = RunStore(store_path(cfg, req.store))
    return config_path, cfg, seed, store


@dataclass
class _Planned:
    """The cells a run is to run, given anew by ``cells()`` (generated lazily unless held), and how many."""

    cells: Callable[[], Iterator[Cell]]
    count: int
    notices: list[str]
    whole: int
    """The cells of the whole plan (``count`` is this shard's part of it)."""


def _plan(cfg: Config, req: RunRequest, seed: int, scenario: str | None, first: Sequence[Cell] = ()) -> _Planned:
    """Plan the run: lazily (:func:`count_plan`, one counting pass that also collects the notices and
    records the generated mutations on disk, then :func:`iter_plan` expands them into cells as they are
    run), so a plan is never held and no mutation is generated twice. Held in memory instead: ``--cell`` (a
    few cells) and an LLM mutation generator (``model:``), whose answers must not be asked for twice.

    ``first`` (the saved failures' replay cells) come before the planned cells and are part of the plan a shard
    takes its slice of: shard 1 of N replays them, and the shards together run what the unsharded run runs."""
    mutations = req.mutations and not req.chaos_only
    opts: dict[str, Any] = {"seed": seed, "repeat": req.repeat, "mutations": mutations, "scenario": scenario}
    shard = parse_shard(req.shard) if req.shard else None  # restored by --resume, like the other plan options
    uses_llm = req.llm and "model" in cfg.model_fields_set and cfg.model.enabled
    if req.cells is not None or uses_llm:
        plan = plan_run(cfg, only=req.cells, llm=req.llm, **opts)
        whole = [*first, *plan.cells]
        held = shard.select(whole) if shard is not None else whole
        return _Planned(lambda: iter(held), len(held), plan.notices, len(whole))
    require_prompts(cfg)
    check_plan_size(cfg, repeat=req.repeat, golden=True, mutations=mutations)
    notices: list[str] = []
    spill = PlanSpill()  # the counting pass's mutations, replayed by the run (engine/planspill.py)
    total = len(first) + count_plan(
        cfg, llm=req.llm, notices=notices, spill=spill, seed=seed, repeat=req.repeat, mutations=mutations
    )
    start, end = shard.bounds(total) if shard is not None else (0, total)

    def cells() -> Iterator[Cell]:
        """The planned cells anew, lazily (the plan is never held in memory): the mutations the counting pass made are
        replayed rather than made again, and a shard takes its slice of the plan (the ``first`` cells included).
        """
        planned = iter_plan(cfg, llm=req.llm, plans=spill.replay(), **opts)
        return islice(itertools.chain(first, planned), start, end)

    return _Planned(cells, end - start, notices, total)


def _found(cfg: Config, req: RunRequest, config_path: Path) -> tuple[list[Any], str | None]:
    """The saved failures to replay first: those found on this config and agent, unless ``found`` is off or the run
    is resumed (``--cell`` keeps those it names, and takes their ids out of ``req.cells``); and the notice naming the
    saved failures of other configs, which are left out (or None). A shard replays them too (they are the first
    cells of the plan it takes a slice of, see :func:`_plan`), and so does a resumed shard, whose slice is over the
    same plan."""
    if not req.found or (req.resume and not req.shard):
        return [], None

    found, others = select_found(load_found(found_dir(cfg, req.store)), cfg, config_path)
    if req.cells is not None:
        found = [f for f in found if f.cell().id in req.cells]
        req.cells = req.cells - {f.cell().id for f in found}
    return found, others


def found_notice(found: list[Found], shard: str | None = None) -> str:
    """What a run that replays saved failures says first (a shard says that they are the plan's first cells)."""
    folder = found[0].path.parent
    where = " first" if shard is None else " as the first cells of the plan, which --shard splits like the others"
    return (
        f"replaying {len(found)} saved failure{'' if len(found) == 1 else 's'} from {folder}{where} "
        "(found by `windtunnel explore`; delete a file once its failure is fixed for good, --no-found skips them)"
    )


def _found_cells(found: list[Found]) -> list[Cell]:
    """One cell per saved failure, to run before the plan's own cells (negative ``seq``: first in reports)."""
    return [f.cell(seq=i - len(found)) for i, f in enumerate(found)]


@dataclass
class _Counts:
    """What the run flow reads from the rows besides the summary: counters only."""

    cells: int = 0
    agent_exited: int = 0
    faults: bool = False
    usage: UsageTally = field(default_factory=UsageTally)
    failed_on: dict[str, int] = field(default_factory=dict)  # invariant id -> cells that failed it
    errored: int = 0
    found: frozenset[str] = frozenset()
    """The scenarios of the saved explore failures this run replays."""
    found_failing: list[str] = field(default_factory=list)
    """The ids of the replayed saved failures that failed or errored again."""

    def add(self, row: CellDict) -> None:
        """Count report row ``row``: the cells, the ones cut short by the agent process exiting, whether any fault was
        injected, and its token usage (once per agent call).
        """
        self.cells += 1
        self.agent_exited += row.get("error_kind") == "agent_exited"
        self.faults = self.faults or bool(row.get("faults"))
        self.errored += count_failures(row, self.failed_on)
        if row.get("scenario") in self.found and row.get("status") in ("failed", "error"):
            self.found_failing.append(str(row.get("id")))
        self.usage.add(row)  # as engine.report.build_report's total_usage sums them

    def total_usage(self) -> UsageTotalDict | None:
        """The run's usage total for the report (None when no cell reported usage)."""
        return self.usage.total()


def run_flow(req: RunRequest, listener: Listener = SILENT, *, command: str = "run") -> Outcome:
    """Plan the cells lazily, run them under signal handling streaming each to the store, score, report.

    ``command`` is the CLI command this run serves (``score`` runs it too); its messages name it.

    With a store nothing is kept per cell: each row goes to the store (batched) and into the counters
    of the summary, and the report file is streamed from the store (see docs/performance.md).
    """
    if req.shard:
        parse_shard(req.shard)  # a malformed I/N is a usage error before anything is opened
        if req.cells:
            raise UsageError(
                "--cell picks cells itself, so it does not combine with --shard",
                hint="drop --shard to rerun these cells, or drop --cell to run the shard",
            )
    check_executor(req.executor)  # a bad option value (exit 2) before the agent's references are imported
    config_path, cfg, seed, store = _setup(req)

    llm_mutations = req.llm and req.mutations and not req.chaos_only  # only then is model.api_key used
    check_env(cfg, str(config_path), command=command, mutation=llm_mutations)  # validate's words and line (QA-5 F7)
    apply_placement(cfg, req.executor, req.ray_address)
    refuse_overwrite([("-o", req.output)], [("config", Path(config_path))])
    check_report_request(req.fmt, req.output)  # an unknown format or unwritable -o: before any agent call
    check_fixed_ports(cfg.agent)  # agent.proxy_env: honoured with a port taken: exit 3 before the plan line
    score_note = read_min_score(req, listener)  # flakestorm's 0-1 scale
    if req.chaos or req.chaos_only or req.chaos_profile:  # an unknown profile, a fault without a seam: as validate
        check_chaos(cfg, str(config_path), chaos_profile=req.chaos_profile, command=command)
    spec = chaos_spec(cfg, req, listener)
    mode = "chaos" if spec is not None else "run"
    found, others = _found(cfg, req, config_path)
    plan = _plan(cfg, req, seed, spec.name if spec is not None else None, _found_cells(found))
    invariants, inv_notices = run_invariants(cfg)
    notices = plan.notices + inv_notices
    if found:
        notices.insert(0, found_notice(found, req.shard))
    if others:
        notices.insert(0, others)
    if not plan.whole:
        raise UsageError(
            "the plan has no cells, so there is nothing to score", hint="add golden_prompts or mutation types"
        )
    empty_shard = None
    if req.shard and not plan.count:  # more shards than cells: a valid, empty part of the run (`runs merge` takes it)
        part = parse_shard(req.shard)
        empty_shard = (
            f"shard {part} has no cells (the plan has {plan.whole} cells for {part.count} shards): "
            "nothing to run, this shard passes empty"
        )
        notices.append(empty_shard)
    session = RunSession(
        cfg,
        invariants,
        concurrency=req.concurrency or cfg.advanced.concurrency,
        transport=lambda cell: transport_for(cfg, cell, seed=seed),
        chaos={**({spec.name: spec} if spec is not None else {}), **{f.name: f.spec() for f in found}} or None,
        seed=seed,
    )
    if session.isolated and session.concurrency > 1:
        notices.append(
            "the agent has a reset configured, so cells run one at a time: each starts from a clean state "
            "(set advanced.isolation: concurrent to run them concurrently)"
        )
    elif (proxied := session.proxied_by) and session.concurrency > 1:
        notices.append(
            f"cells run one at a time, not {session.concurrency} at once: the agent's calls go through {proxied}, "
            "whose proxies hold one cell's faults at a time (its calls carry no cell identity)"
        )
    started = now_iso()
    extra_run: RunInfoDict = {"config": str(config_path), "agent": cfg.agent.type, "options": req.plan_options()}
    if req.shard:
        extra_run["shard"] = req.shard.replace(" ", "")
        # what this shard planned, so a merge can refuse a shard with cells missing, repeated or foreign
        extra_run["shard_plan"] = plan_record(parse_shard(req.shard), plan.whole, [c.id for c in plan.cells()])
    run_id = req.run_id or new_run_id()
    base = reproduce_base(req, config_path, seed)
    counts = _Counts(found=frozenset(f.name for f in found))
    weights = type_weights(cfg.mutations.weights)
    done: set[str] = set()
    if store is not None:
        run_id = store.start_run(
            {
                "id": req.resume or req.run_id,
                "mode": mode,
                "seed": seed,
                "config_path": str(config_path),
                "config_hash": config_fingerprint(cfg),
                "cells_planned": plan.count,  # the viewer shows a running run's progress (stored / planned)
                "kept": kept_options(req),
                **extra_run,
            }
        )
    resume = resume_command("run", run_id, extra_run["config"], req.store, kept_options(req)) if store else None
    if resume is not None:  # said before any cell: a `kill -9` leaves no summary to read it from (QA-13 minor 4)
        listener(RunStored(run_id=run_id, resume=resume))
    sink = ResultSink(
        store=store, run_id=run_id, reproduce_base=base, weights=weights, min_score=req.min_score, on_row=counts.add
    )
    stale = 0
    if store is not None and req.resume:  # a cell cut short by the agent process dying runs again
        for row in store.iter_cells(run_id):
            if row.get("error_kind") == "agent_exited":
                stale += 1
                continue
            done.add(row["id"])
            sink.resume_from([row])
            counts.add(row)
    todo = plan.count if not done else sum(1 for c in plan.cells() if c.id not in done)
    for n in notices:
        listener(Notice(n))
    notices += [score_note] if score_note else []  # shown already, as an alert
    resumed = f", resuming {run_id}: {len(done)} cells already done" if req.resume else ""
    planned = f"{todo} agent calls planned"
    if cfg.golden_turns:  # a conversation cell makes one agent call per turn (counted only then: a plan pass)
        calls = sum(len(c.turns) if c.turns else 1 for c in plan.cells() if c.id not in done)
        planned = f"{todo} cell{'' if todo == 1 else 's'} ({calls} agent call{'' if calls == 1 else 's'}) planned"
    listener(
        Planned(
            mode=mode,
            text=f"windtunnel {mode}: {planned} against {agent_label(cfg)} "
            f"(seed {seed}, concurrency {session.effective_concurrency}{resumed}; run id {run_id})",
            total=todo,
        )
    )

    def keep(result: Any) -> None:
        """Send a finished cell to the sink (queued for the store, counted) and tell the listener."""
        sink(result)  # queued in the store (a batch commits within 50 ms) and counted
        listener(cell_done(result))

    def setup_failed() -> None:
        """Mark the stored run as ``error`` when setup failed before the cells (agent unreachable, a seam that cannot be
        installed), so it is not listed as running forever.
        """
        if store is not None:  # setup failed (agent unreachable, bad seam ...): not left "running"
            store.finish_run(run_id, {"cells_completed": sink.completed}, "error")
            store.close()

    session.listeners.append(keep)

    async def main() -> None:
        """Run the planned cells in the session, leaving out those a resumed run already completed."""
        cells = plan.cells()
        await session.run(cells if not done else (c for c in cells if c.id not in done))

    ran = execute(main, listener, total=todo, label="cells", on_error=setup_failed)
    notices += session.warnings
    for w in session.warnings:
        listener(Notice(w))
    # stored rows of cells that never ran again are in the report: count them too (stale rows imply a store)
    if stale and ran.cut_short and store is not None:
        sink.tally = Tally(weights=weights, min_score=req.min_score)
        counts = _Counts(found=counts.found)
        for row in store.iter_cells(run_id):
            sink.tally.add(row)
            counts.add(row)
    summary_dict: SummaryDict = {**sink.summary().as_dict(), "min_score": req.min_score, "cells_planned": plan.count}
    aborted = ran.aborted
    if aborted is not None:  # one count everywhere: the completed cells kept (a resume reruns the others)
        aborted = ran.aborted = aborted.recounted(counts.cells - counts.agent_exited)
        notices.append(aborted.reason)
    mark_cut_short(summary_dict, ran.interrupted, aborted)
    if empty_shard is not None and not counts.cells:
        summary_dict["passed"] = True
    if spec is not None and counts.cells and not counts.faults:
        why = no_fault_fired(session.warnings)
        # a cell that failed an invariant or errored leads the reasons (a reproduce line reruns one cell, in which a
        # probabilistic fault may well not fire: QA-27 #1); the faults that never fired stay a reason, since they
        # tested nothing (review 27b: a run passing its gate but for the faults)
        cause = failure_cause(counts.failed_on, counts.errored)
        own = [r for r in [cause, why] if r]
        failed_beyond_score(summary_dict)
        summary_dict["reasons"] = [*(summary_dict.get("reasons") or []), *own]
        notices.append(why)
        listener(Notice(why))
    if counts.found_failing:  # a saved failure fails the run whatever the score, until the agent is fixed
        failed_beyond_score(summary_dict)
        summary_dict["reasons"] = [*(summary_dict.get("reasons") or []), found_reason(counts.found_failing)]
    return _finish(
        req, cfg, ran, summary_dict, sink, counts, notices, store, run_id, started, extra_run, mode, seed, plan.count
    )


def no_fault_fired(warnings: Sequence[str]) -> str:
    """Why a chaos run in which no fault fired tested nothing, and what to check (:func:`unfired_advice
    <windtunnel.chaos.base.unfired_advice>` on its ``never fired`` warnings: the windows or modes they blame, else the
    tool names and match_url patterns)."""
    unfired = [w for w in warnings if " never fired" in w]
    names = NAMES_ADVICE + " (see the `calls` of each cell)"
    return "no configured fault fired in the whole run, so it tested nothing: " + unfired_advice(unfired, names=names)


def _finish(
    req: RunRequest,
    cfg: Config,
    ran: Execution,
    summary: SummaryDict,
    sink: ResultSink,
    counts: _Counts,
    notices: list[str],
    store: RunStore | None,
    run_id: str,
    started: str,
    extra_run: RunInfoDict,
    mode: str,
    seed: int,
    planned: int,
) -> Outcome:
    """Close the run and return its :class:`Outcome`: its status from the verdict and how it ended, its report head
    (with the usage total) and the report file.

    Without a store the sink's rows are the only copy, so the report is built in memory. With one, the run is marked
    finished first (a crash while writing the report file keeps the verdict), the file is streamed from the store, and
    the outcome's report stays lazy (read back from the store on first use). A run aborted by the agent process exiting
    counts as completed only the cells that did not meet that exit.
    """
    passed = bool(summary["passed"])
    status = decide(passed, interrupted=ran.interrupted, aborted=ran.aborted is not None, subset=bool(req.cells))
    head = build_report(
        run_id=run_id,
        mode=mode,
        seed=seed,
        started_at=started,
        finished_at=now_iso(),
        summary=summary,
        cells=[],
        notices=notices,
        extra_run={**extra_run, **run_status(ran.interrupted, ran.aborted)},
    )
    usage = counts.total_usage()
    if usage:
        head["usage"] = usage
    report: ReportDict | LazyReport
    tally = None
    if store is None:  # the sink holds the rows: the report in memory, as the only copy
        report = {**head, "cells": list(sink.cells())}
        path = write_report(report, req.fmt, req.output, run_id, cfg)
    else:
        try:
            store.finish_run(run_id, summary, STORE_STATUS.get(status, "passed" if passed else "failed"))
            tally = SummaryTally()  # the terminal summary's, filled as the report streams (reports/stats.py)
            path = write_report(head, req.fmt, req.output, run_id, cfg, cells=sink.cells, tally=tally)
        finally:
            store.close()
        report = LazyReport(head, _stored_cells(store.path, run_id), counts.cells)
    completed = counts.cells - counts.agent_exited if ran.aborted else counts.cells
    return Outcome(
        mode=mode,
        status=status,
        passed=passed,
        exit_code=exit_code_of(status, passed),
        report=report,
        notices=notices,
        report_path=path,
        run_id=run_id,
        stored=store is not None,
        resume=resume_command("run", run_id, extra_run["config"], req.store, kept_options(req))
        if store is not None
        else None,
        planned=planned,
        completed=completed,
        aborted=ran.aborted,
        tally=tally if tally is not None and tally.complete else None,
    )


def _stored_cells(path: Path, run_id: str) -> Callable[[], Iterator[CellDict]]:
    """A stored run's cells in plan order, the store opened anew on each call (and closed when read).

    The report writers read the cells more than once (one pass per format) and a large run must not be held
    in memory, so each call opens its own read-only connection; nothing here keeps the store open between
    passes, and a reader that stops early closes it when the generator is closed.
    """

    def cells() -> Iterator[CellDict]:
        """The run's stored cells in plan order, from a store opened for this read only."""
        with RunStore(path, create=False) as st:
            yield from st.iter_cells(run_id, plan_order=True)

    return cells
