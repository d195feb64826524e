"""The contract flow: every invariant in every chaos scenario where its ``when`` holds → verdict → outcome.

:func:`contract_flow` serves ``windtunnel contract run`` and :func:`windtunnel.run_contract`. The plan is a matrix
(:func:`~windtunnel.contracts.plan_contract`): *units* of (scenario, golden prompt, repeat), each one agent call
judged by every invariant that applies (``isolation: per_unit``), or one call per invariant (``per_cell``). The
:class:`~windtunnel.contracts.ContractRun` runs the units, detecting first whether the agent keeps state between
calls (a stateful agent without a reset contaminates the matrix: an alert and evidence in the report), and
:func:`~windtunnel.contracts.score_contract` turns the results into the severity-weighted resilience score, in
which a failed critical invariant fails the contract whatever the score.

How it differs from :mod:`~windtunnel.flows.run`, and why: the results are held in memory and the report is stored
whole at the end (:func:`~windtunnel.flows.common.persist_report`) instead of streamed cell by cell, because the
verdict is not a sum over cells — each (invariant × scenario) cell of the matrix needs all its units — and a
contract's units number in the hundreds, not millions. A resumed contract restores the stored rows as results
(:func:`restored_results`) and runs only the units not stored; a shard runs its slice of the units and
:mod:`~windtunnel.flows.merge` scores the shards again together.

Invariants a change must keep: a scenario cut short by the agent process dying is *not run*, never failed (its
units are left out of the scores and the matrix); an unresolvable reference or an empty matrix is an error, not a
100; the same checks as ``run`` refuse a bad request before any agent call (see :func:`contract_flow`).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, cast

from windtunnel._util.errors import UsageError
from windtunnel._util.imports import import_refs
from windtunnel._util.jsontypes import JSONObject
from windtunnel._util.prewarm import Prewarm
from windtunnel._util.words import count
from windtunnel.config.load import find_config, load_config
from windtunnel.config.model import Config, Scenario
from windtunnel.config.storepath import store_path
from windtunnel.contracts import STATE_WARNING, ContractRun, StateVerdict, plan_contract, score_contract
from windtunnel.contracts.found import found_dir, inv_data, load_found, scenario_data, select_found
from windtunnel.contracts.run import cut_short_scenarios
from windtunnel.contracts.scoring import FAILING
from windtunnel.engine.cells import CellResult, CheckOutcome, FaultRecord
from windtunnel.engine.placement import apply_placement, check_executor
from windtunnel.engine.report import build_report, cell_row, now_iso
from windtunnel.engine.shard import parse_shard, require_fixed_seed
from windtunnel.flows.common import (
    check_report_request,
    check_same_config,
    config_fingerprint,
    config_for_store,
    execute,
    kept_options,
    mark_cut_short,
    new_run_id,
    persist_report,
    read_min_score,
    resolve_seed,
    restore_kept,
    resume_command,
    run_status,
    write_report,
)
from windtunnel.flows.events import SILENT, Listener, Notice, Planned, cell_done
from windtunnel.flows.outcome import Outcome, decide, exit_code_of
from windtunnel.flows.preflight import check_env
from windtunnel.flows.reach import resolve_reach
from windtunnel.flows.run import found_notice
from windtunnel.flows.schedule import checked_schedule
from windtunnel.report.dicts import CellDict, RunInfoDict, SummaryDict
from windtunnel.reports.verdict import found_reason
from windtunnel.store.runstore import RunStore, resume_hint


@dataclass
class ContractRequest:
    """Everything that decides a contract run (the options of ``windtunnel contract run``, and the keywords of
    ``windtunnel.run_contract``).

    ``repeat`` runs each unit N times (pass rate, pass^k, Wilson interval, flakiness per cell); ``min_score`` (0-100) is
    the resilience score the contract must reach besides having no critical failure; ``cells`` runs only the named units
    (the ids a report's ``reproduce`` commands name); ``concurrency`` overrides ``advanced.concurrency``; the rest is as
    for :class:`~windtunnel.flows.run.RunRequest`.
    """

    config: Path | None = None
    repeat: int = 1
    seed: int | None = None
    min_score: float | None = None
    fmt: str | None = None
    output: Path | None = None
    cells: set[str] | None = None
    concurrency: int | None = None
    run_id: str | None = None
    """The id to store the run under (``ci`` names its phases ``<ci run id>-<phase>``)."""
    store: Path | None = None
    """The run store (default: ``$WINDTUNNEL_STORE`` or ``.windtunnel/runs.db``)."""
    persist: bool = True
    """Keep the finished run in the store (``--no-store``: False)."""
    resume: str | None = None
    """A stored contract run to continue: its completed units are kept, the others run."""
    loaded: Config | None = None
    executor: str | None = None
    """``local`` or ``ray`` (overrides ``advanced.executor``; state detection and the units run on Ray actors)."""
    ray_address: str | None = None
    shard: str | None = None
    """``I/N``: run only that slice of the units (see engine/shard.py); ``windtunnel runs merge`` re-scores."""
    schedule: Path | str | None = None
    """A fault schedule (``--schedule``: a file, or the schedule inline): the matrix is that one scenario."""
    found: bool = True
    """Replay the saved failures of ``windtunnel explore`` (``.windtunnel/found/``) first, as scenarios."""

    @classmethod
    def option_names(cls) -> list[str]:
        """The keyword options of ``windtunnel.run_contract``."""
        return [f.name for f in fields(cls) if f.name not in ("config", "loaded")]


@dataclass
class ContractDetail:
    """What the CLI's matrix view needs beyond the report: the plan (scenarios, invariants with severity and
    ``when``, repeat count) and the verdict (per-cell statistics, scores by scenario). Typed loosely because the
    contracts package's classes are the flow's to know; the CLI reads only their documented attributes."""

    plan: Any
    verdict: Any


def _na_row(mc: Any) -> CellDict:
    """The report row of a matrix cell whose invariant does not apply (its ``when`` does not hold in the scenario):
    ``skipped``, with the reason as its detail, so the matrix shows N/A there instead of leaving a hole.
    """
    return {
        "id": f"{mc.scenario}:{mc.invariant}",
        "kind": "contract",
        "prompt": "",
        "golden_prompt": None,
        "scenario": mc.scenario,
        "invariant": mc.invariant,
        "severity": mc.severity,
        "repeat": 0,
        "status": "skipped",
        "passed": False,
        "output": None,
        "latency_ms": None,
        "error": None,
        "faults": [],
        "checks": [],
        "detail": "N/A: `when` does not hold in this scenario",
    }


def _summary(verdict: Any, rows: list[CellDict], extra: SummaryDict) -> SummaryDict:
    """The contract report's summary from the contract ``verdict`` and the report ``rows``: the resilience score (2
    places), the verdict and its reasons, the cell counts by status, the scores by scenario and by invariant, and the
    matrix; ``extra`` adds the run's own keys.
    """
    idle = sum(bool(r.get("not_exercised")) for r in rows)  # ran, tested nothing: in no count but their own
    count = {
        k: sum(r["status"] == k and not r.get("not_exercised") for r in rows)
        for k in ("passed", "failed", "error", "skipped")
    }
    return {
        "score": None if verdict.score is None else round(verdict.score, 2),
        "passed": verdict.passed,
        "critical_failed": verdict.critical_failed,
        **({"cells_not_exercised": idle} if idle else {}),
        "cells_total": len(rows) - idle,
        "cells_passed": count["passed"],
        "cells_failed": count["failed"],
        "cells_errored": count["error"],
        "cells_skipped": count["skipped"],
        "reasons": verdict.reasons,
        **({"why": verdict.why} if verdict.why else {}),
        **({"failed_on_score_only": True} if verdict.failed_on_score_only else {}),
        "by_scenario": verdict.by_scenario,
        "by_invariant": verdict.by_invariant,
        "matrix": [s.as_dict() for s in verdict.cells],
        **extra,
    }


def _plan_line(plan: Any, runner: Any, seed: int, whole: Any = None, kept: int = 0) -> str:
    """The plan header. ``whole``: the matrix counted (the whole plan when ``plan`` is what a resumed run
    has left); ``kept``: its units already done."""
    whole = whole if whole is not None else plan
    applicable = len(whole.applicable_cells)
    parts = [count(len(plan.units), "unit") + (f", {kept} of {len(whole.units)} already done" if kept else "")]
    if plan.baseline_calls:
        parts.append(f"{plan.baseline_calls} baselines")
    if runner.state_calls:
        parts.append(f"{runner.state_calls} state-detection calls")
    return (
        f"contract {whole.name}: {count(len(whole.scenarios), 'scenario')} × "
        f"{count(len(whole.invariants), 'invariant')} = {count(applicable, 'cell')} "
        f"(+{len(whole.matrix) - applicable} N/A); {count(runner.planned_calls, 'agent call')} planned "
        f"({', '.join(parts)}); seed {seed}"
    )


def _resumed(req: ContractRequest) -> list[CellDict]:
    """For ``resume``: restore the stored run's seed, repeat and config into ``req``; its stored rows.

    A resume needs the run store and continues the whole run, so ``--no-store`` and ``--cell`` are usage
    errors, as is a run of another mode (the hint names the command that resumes it). The shard and the
    options kept at start (``-o``, ``--concurrency``...) are restored unless given again; the config path is
    the stored one only when none was given. The rows returned are the cells already finished, kept as they
    are and not run again.
    """
    if not req.persist:
        raise UsageError("--resume needs the run store", hint="drop --no-store")
    if req.cells:
        raise UsageError("--resume continues the whole run", hint="drop --cell, or start a new run with it")
    assert req.resume is not None
    req.store = store_path(req.loaded or config_for_store(req.config), req.store)
    with RunStore(req.store) as st:
        info = st.get_run(req.resume)
        if info.mode != "contract":
            raise UsageError(f"run {req.resume!r} is of mode {info.mode}", hint=resume_hint(info.mode))
        options = info.meta.get("options") or {}
        req.repeat = int(cast("int", options.get("repeat", req.repeat)))  # as run_info's options stored it
        shard = options.get("shard")
        req.shard = shard if isinstance(shard, str) else None  # a resumed shard stays in its shard
        req.seed = info.seed
        restore_kept(req, info.meta)  # -o, --concurrency ... as the run was started, unless given again
        if req.config is None and req.loaded is None and info.config_path:
            req.config = Path(info.config_path)
        return list(st.iter_cells(req.resume))


def _restored(plan: Any, rows: list[CellDict]) -> list[CellResult]:
    """The results of the units whose every row is stored (a unit cut by the agent's death runs again).

    A unit is one agent call judged by several invariants, stored as one row per invariant; a unit with any row
    missing (the run stopped between the rows' writes) is not restored but run again, because a half-judged unit
    would enter the verdict with some invariants silently unchecked. The rebuilt result's status follows the rows:
    error if any row errored, passed only if every stored check passed."""
    by_id = {r["id"]: r for r in rows if r.get("error_kind") != "agent_exited"}
    out = []
    for unit in plan.units:
        mine = [by_id.get(f"{unit.id}:{label}") for label in unit.invariants or []]
        if not mine or any(r is None for r in mine):
            continue
        kept = [r for r in mine if r is not None]
        first = kept[0]
        checks = [CheckOutcome(**c) for r in kept for c in r.get("checks") or []]
        errored = any(r["status"] == "error" for r in kept)
        out.append(
            CellResult(
                cell=unit,
                status="error" if errored else ("passed" if checks and all(c.passed for c in checks) else "failed"),
                sent=first.get("prompt"),
                output=first.get("output"),
                latency_ms=first.get("latency_ms"),
                error=first.get("error"),
                error_kind=first.get("error_kind"),
                attempts=first.get("attempts") or 1,
                retried=first.get("retried") or [],
                faults=[FaultRecord.model_validate(f) for f in first.get("faults") or []],
                checks=checks,
                calls=first.get("calls") or [],
                schedule=first.get("schedule"),
            )
        )
    return out


def sharded(plan: Any, shard: str | None) -> Any:
    """The plan restricted to shard ``I/N`` of its units (unit order), the whole plan without one.

    Sharding is by unit, never by row, so a unit's invariants are always judged on the same agent answer; the
    shards' units are disjoint and cover the plan, which is what lets ``runs merge`` re-score them as one run."""
    if not shard:
        return plan
    return plan.only({u.id for u in parse_shard(shard).select(plan.units)})


def contract_rows(plan: Any, results: list[CellResult], base: list[str], idle: Collection[str] = ()) -> list[CellDict]:
    """The report rows: one per (unit, invariant) that has a result, in plan order, then the N/A cells.

    A unit without a result (not run: interrupted, or its scenario cut short) has no row, so the report never
    shows an unrun check as failed; each row's ``reproduce`` command starts with ``base``. The N/A rows are
    ``skipped`` with the reason, so every cell of the matrix appears once. The rows of a scenario in ``idle`` (the
    verdict's ``not_exercised``: none of its faults fired) keep their status and are marked ``not_exercised``: they
    ran, but tested nothing, so the counts, the statistics and the JUnit cases leave them out (QA-28 #3)."""
    labels = plan.by_label
    by_id = {r.cell.id: r for r in results}
    rows: list[CellDict] = []
    for unit in plan.units:
        r = by_id.get(unit.id)
        if r is None:
            continue
        for label in unit.invariants or []:
            row = cell_row(r, reproduce_base=base, invariant=label, severity=labels[label].severity)
            if unit.scenario in idle:
                row["not_exercised"] = True
            rows.append(row)
    rows += [_na_row(mc) for mc in plan.matrix if not mc.applicable]
    return rows


def restored_results(plan: Any, rows: list[CellDict]) -> list[CellResult]:
    """The results of ``plan``'s units whose every row is in ``rows`` (for ``--resume`` and for merging).

    The public name of :func:`_restored`, for :mod:`~windtunnel.flows.merge`, which turns the union of the shards'
    rows back into results to score the whole matrix as the unsharded run would."""
    return _restored(plan, rows)


def summarize_contract(verdict: Any, plan: Any, rows: list[CellDict], extra: SummaryDict) -> SummaryDict:
    """The contract report's summary (``extra``: the run's own counts, state detection ...).

    ``cells_planned`` counts every (unit, invariant) row the plan would produce plus the N/A cells, so a partial
    run's summary shows how much of the matrix it covered; shared with the merge of contract shards."""
    summary = _summary(verdict, rows, extra)
    na = sum(not mc.applicable for mc in plan.matrix)
    summary["cells_planned"] = sum(len(u.invariants or []) for u in plan.units) + na
    return summary


def reproduce_base(config_path: Path | str, seed: int, repeat: int) -> list[str]:
    """The start of every reproduce command of a contract run: the config, the seed and (when not 1) the repeat count,
    which together fix every cell; a cell's command adds its ``--cell``.
    """
    base = ["windtunnel", "contract", "run", "-c", str(config_path), "--seed", str(seed)]
    if repeat != 1:
        base += ["--repeat", str(repeat)]
    return base


def _extra_scenarios(cfg: Config, req: ContractRequest, config_path: Path) -> str | None:
    """Put ``--schedule``'s scenario (alone) or the saved failures found on this config (first) into the contract
    matrix; the notice saying so (and naming the saved failures of other configs, left out), or None."""
    if cfg.contract is None:
        return None  # plan_contract says what is missing
    if req.schedule is not None:
        spec = checked_schedule(cfg, req.schedule)
        cfg.contract.chaos_matrix = [Scenario.model_validate(scenario_data(spec))]
        note = f"the matrix is the schedule {req.schedule} (scenario {spec.name!r}): --schedule replaces chaos_matrix"
        if req.found and not req.shard and not req.resume:
            folder = found_dir(cfg, req.store)
            saved, _ = select_found(load_found(folder), cfg, config_path)
            if saved:
                note += (
                    f", and the {len(saved)} saved failure{'' if len(saved) == 1 else 's'} in {folder} "
                    "are not replayed (run without --schedule to replay them)"
                )
        return note
    if not req.found or req.resume:
        return None
    found, others = select_found(load_found(found_dir(cfg, req.store)), cfg, config_path)
    if req.shard:  # the merge re-plans the matrix from the config: a scenario only the shards held would not add up
        if not found:
            return None
        return (
            f"the {len(found)} saved failure{'' if len(found) == 1 else 's'} in {found[0].path.parent} "
            "are not replayed by a sharded contract run (`run --shard` and `ci --shard` replay them; so does an "
            "unsharded `contract run`)"
        )
    if req.cells:  # --cell: the saved failures whose units it names
        found = [f for f in found if any(c.split("/", 1)[0] == f.name for c in req.cells)]
    if not found:
        return others
    cfg.contract.chaos_matrix = [f.scenario for f in found] + list(cfg.contract.chaos_matrix or [])
    own = [_sans_id(inv_data(inv)) for inv in cfg.contract.invariants]
    for f in found:  # what broke in explore is checked in the failure's scenario, if the contract lacks it
        for inv in f.broken(cfg):
            if _sans_id(inv_data(inv)) not in own:
                scoped = inv.model_copy(update={"id": f"{inv.label}@{f.name}", "when": "always"})
                cfg.contract.add_scoped(scoped, f.name)
    return found_notice(found) if others is None else f"{found_notice(found)}; {others}"


def _scenario_names(cfg: Config) -> frozenset[str]:
    """The names of the contract matrix's scenarios (none without a contract)."""
    return frozenset(sc.name for sc in (cfg.contract.chaos_matrix or [])) if cfg.contract is not None else frozenset()


def _sans_id(data: dict[str, Any]) -> dict[str, Any]:
    """An invariant's data without its ``id`` and ``description``, to tell whether a saved failure's invariant is one
    the contract already checks (the same check under another name is not added twice).
    """
    return {k: v for k, v in data.items() if k not in ("id", "description")}


def _prewarm_reporting() -> Any:
    """The report writers and the run store, imported while the units run (they are needed only after).

    A contract spends most of its wall time waiting on the agent; importing these modules then, on a background
    thread, takes them off the time between the last answer and the verdict (see docs/performance.md, the
    contract benchmark). It changes what is loaded when, never what is run."""
    reporters = [f"windtunnel.reports.{m}" for m in ("json_report", "html", "junit", "markdown", "sarif", "terminal")]
    return Prewarm(["windtunnel.engine.report", "windtunnel.store.runstore", *reporters])


def contract_flow(req: ContractRequest, listener: Listener = SILENT) -> Outcome:
    """Run the contract of ``windtunnel contract run``: every invariant in every scenario of the chaos matrix where its
    ``when`` holds, scored as a severity-weighted resilience score.

    Refused before any agent call: a malformed shard, an unknown executor, a python reference that does not import (exit
    3), an unknown format or unwritable ``-o``, unset ``${ENV}`` references, and a ``--resume`` of a run made with
    another config. ``--schedule``'s scenario, or else the failures ``explore`` saved, join the matrix. Units run under
    signal handling: Ctrl-C keeps the completed units (stored, scored, resumable), and a scenario cut short by the agent
    process dying counts as not run, never as failed. The report is written and, unless ``persist`` is off, stored.
    """
    if req.shard:
        parse_shard(req.shard)  # a malformed I/N is a usage error before anything is opened
        req.shard = req.shard.replace(" ", "")
    check_executor(req.executor)  # a bad option value (exit 2) before the agent's references are imported
    stored_rows = _resumed(req) if req.resume else []
    if req.loaded is not None:
        config_path, cfg = Path(req.config or "<mapping>"), req.loaded
    else:
        config_path = find_config(req.config)
        cfg = load_config(config_path)
    import_refs(cfg.agent.python_refs())  # every python reference first (exit 3): before -o is created
    check_report_request(req.fmt, req.output)  # an unknown format or unwritable -o: before any agent call
    check_env(cfg, str(config_path), command="contract run", mutation=False)  # as validate words it (QA-5 F7)
    if req.resume:
        with RunStore(req.store or store_path(cfg, None)) as st:
            check_same_config(st, req.resume, cfg, config_path)
    else:
        require_fixed_seed(parse_shard(req.shard) if req.shard else None, req.seed, cfg.advanced.seed)
    apply_placement(cfg, req.executor, req.ray_address)
    before = _scenario_names(cfg)
    found_note = _extra_scenarios(cfg, req, config_path)
    # the saved failures put first in the matrix (never --schedule's own scenario)
    replayed = _scenario_names(cfg) - before if req.schedule is None else frozenset()
    if found_note:
        listener(Notice(found_note))
    full = sharded(plan_contract(cfg, repeat=req.repeat), req.shard)
    plan = full.only(req.cells) if req.cells else full
    restored = _restored(plan, stored_rows)
    if restored:
        plan = plan.only({u.id for u in plan.units} - {r.cell.id for r in restored})
    seed = resolve_seed(cfg, req.seed)
    score_note = read_min_score(req, listener)  # flakestorm's 0-1 scale, shown as an alert
    notices: list[str] = [*([found_note] if found_note else []), *plan.notices, *([score_note] if score_note else [])]

    def on_state(state: StateVerdict) -> None:
        """When state detection finds the agent stateful (an answer depends on earlier calls) and no reset is
        configured, alert the listener and keep the warning with its evidence for the report: the matrix's cells may
        share state, so its results may be contaminated.
        """
        if state.stateful:
            listener(Notice(STATE_WARNING, kind="alert"))
            notices.append(STATE_WARNING)
            notices.extend(f"state detection: {e}" for e in state.evidence)

    reach = resolve_reach(cfg, plan.specs.values())  # a running agent started behind the proxies: one check call
    if reach is not None:
        listener(Notice(reach))
        notices.append(reach)
    runner = ContractRun(cfg, plan, seed=seed, concurrency=req.concurrency, on_state=on_state, store=req.store)
    whole = full.only(req.cells) if req.cells else full
    line = _plan_line(plan, runner, seed, whole, len(restored))
    listener(Planned(mode="contract", text=line, total=len(plan.units), label="units"))
    run_id = req.resume or req.run_id or new_run_id()
    started = now_iso()
    runner.listeners.append(lambda result: listener(cell_done(result)))
    warm = _prewarm_reporting()
    runner.listeners.append(warm.go)
    try:
        ran = execute(runner.run, listener, total=len(plan.units), label="units")
    finally:
        warm.wait()
    # a scenario cut short by the agent process dying was not run (like the scenarios after it), never
    # failed: its units are left out of the scores and the matrix, whatever part of it had completed
    cut = cut_short_scenarios(plan, runner.results, aborted=ran.aborted is not None)
    results = [*restored, *(r for r in runner.results if r.cell.scenario not in cut)]
    plan = full.only(req.cells) if req.cells else full
    if ran.aborted is not None:  # one count everywhere: the units kept (stored, scored, not rerun by --resume)
        ran.aborted = ran.aborted.recounted(len(results), unit="unit")
        notices.append(ran.aborted.reason)
    notices += runner.warnings
    for w in runner.warnings:
        listener(Notice(w))
    verdict = score_contract(plan, results, min_score=req.min_score, warnings=notices)
    still = sorted({st.scenario for st in verdict.cells if st.scenario in replayed and st.status in FAILING})
    if still:  # a saved failure fails the contract whatever the score, until the agent is fixed (docs/explore.md)
        verdict.reasons.append(found_reason(still))
        verdict.passed = verdict.failed_on_score_only = False
        verdict.why = verdict.why or verdict.reasons[0]
    rows = contract_rows(plan, results, reproduce_base(config_path, seed, req.repeat), verdict.not_exercised)
    state = runner.state
    extra: SummaryDict = {
        "contract": plan.name,
        "min_score": req.min_score,
        "repeat": req.repeat,
        "agent_calls_planned": runner.planned_calls,
        "units_planned": len(plan.units),
        "units_completed": len(results),
        "concurrency": runner.effective_concurrency,
        "state_detection": None
        if state is None
        else {
            "stateful": state.stateful,
            "evidence": state.evidence,
            "calls": state.calls,
            "noise_floor": state.noise_floor,
            "noise_spread": state.noise_spread,
            "cached": state.cached,
        },
    }
    options: JSONObject = {"repeat": req.repeat, **({"shard": req.shard} if req.shard else {})}
    run_info: RunInfoDict = {"config": str(config_path), "agent": cfg.agent.type, "options": options}
    if req.shard:
        run_info["shard"] = req.shard
    summary = summarize_contract(verdict, plan, rows, extra)
    mark_cut_short(summary, ran.interrupted, ran.aborted)
    report = build_report(
        run_id=run_id,
        mode="contract",
        seed=seed,
        started_at=started,
        finished_at=now_iso(),
        summary=summary,
        cells=rows,
        notices=notices,
        extra_run={**run_info, **run_status(ran.interrupted, ran.aborted)},
    )
    path = write_report(report, req.fmt, req.output, run_id)
    if req.persist:
        meta: RunInfoDict = {"config_hash": config_fingerprint(cfg), "options": options, "kept": kept_options(req)}
        persist_report(report, store=req.store or store_path(cfg, None), meta=meta)
    passed = bool(summary["passed"])
    status = decide(passed, interrupted=ran.interrupted, aborted=ran.aborted is not None, subset=bool(req.cells))
    return Outcome(
        mode="contract",
        status=status,
        passed=passed,
        exit_code=exit_code_of(status, passed),
        report=report,
        notices=notices,
        report_path=path,
        run_id=run_id,
        stored=req.persist,
        resume=resume_command("contract run", run_id, config_path, req.store, kept_options(req))
        if req.persist
        else None,
        planned=len(plan.units),
        completed=len(results),  # the units kept: what the report scores and --resume does not run again
        aborted=ran.aborted,
        detail=ContractDetail(plan=plan, verdict=verdict),
    )
