"""The contract flow: every invariant in every chaos scenario where its ``when`` holds → verdict → outcome."""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from windtunnel.config.model import Config
from windtunnel.flows.common import (
    execute,
    mark_cut_short,
    new_run_id,
    persist_report,
    resolve_seed,
    run_status,
    write_report,
)
from windtunnel.flows.events import SILENT, Listener, Notice, Planned, cell_done
from windtunnel.flows.outcome import Outcome, decide, exit_code_of


@dataclass
class ContractRequest:
    """Everything that decides a contract run (the options of ``windtunnel contract run``)."""

    config: Path | None = None
    repeat: int = 1
    seed: int | None = None
    min_score: float | None = None
    fmt: str | None = "terminal"
    output: Path | None = None
    cells: set[str] | None = None
    concurrency: int | None = None
    run_id: str | None = None
    """The id to store the run under (``ci`` names its phases ``<ci run id>-<phase>``)."""
    store: Path | None = None
    """The run store (default: ``$WINDTUNNEL_STORE`` or ``.windtunnel/runs.db``)."""
    persist: bool = True
    loaded: Config | None = None

    @classmethod
    def option_names(cls) -> list[str]:
        """The keyword options of ``windtunnel.run_contract``."""
        return [f.name for f in fields(cls) if f.name not in ("config", "loaded")]


@dataclass
class ContractDetail:
    """What the CLI's matrix view needs beyond the report."""

    plan: Any
    verdict: Any


def _na_row(mc: Any) -> dict[str, Any]:
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


def _summary(verdict: Any, rows: list[dict[str, Any]], extra: dict[str, Any]) -> dict[str, Any]:
    count = {k: sum(r["status"] == k for r in rows) for k in ("passed", "failed", "error", "skipped")}
    return {
        "score": None if verdict.score is None else round(verdict.score, 2),
        "passed": verdict.passed,
        "critical_failed": verdict.critical_failed,
        "cells_total": len(rows),
        "cells_passed": count["passed"],
        "cells_failed": count["failed"],
        "cells_errored": count["error"],
        "cells_skipped": count["skipped"],
        "reasons": verdict.reasons,
        "by_scenario": verdict.by_scenario,
        "by_invariant": verdict.by_invariant,
        "matrix": [s.as_dict() for s in verdict.cells],
        **extra,
    }


def _plan_line(plan: Any, runner: Any, seed: int) -> str:
    applicable = len(plan.applicable_cells)
    parts = [f"{len(plan.units)} units"]
    if plan.baseline_calls:
        parts.append(f"{plan.baseline_calls} baselines")
    if runner.state_calls:
        parts.append(f"{runner.state_calls} state-detection calls")
    return (
        f"contract {plan.name}: {len(plan.scenarios)} scenarios × {len(plan.invariants)} invariants "
        f"= {applicable} cells (+{len(plan.matrix) - applicable} N/A); {runner.planned_calls} agent calls planned "
        f"({', '.join(parts)}); seed {seed}"
    )


def contract_flow(req: ContractRequest, listener: Listener = SILENT) -> Outcome:
    """Plan the matrix, run its units under signal handling, score the contract, report."""
    from windtunnel.config.load import find_config, load_config
    from windtunnel.contracts import STATE_WARNING, ContractRun, StateVerdict, plan_contract, score_contract
    from windtunnel.engine.report import build_report, cell_row, now_iso

    if req.loaded is not None:
        config_path, cfg = Path(req.config or "<mapping>"), req.loaded
    else:
        config_path = find_config(req.config)
        cfg = load_config(config_path)
    plan = plan_contract(cfg, repeat=req.repeat)
    if req.cells:
        plan = plan.only(req.cells)
    seed = resolve_seed(cfg, req.seed)
    notices: list[str] = list(plan.notices)

    def on_state(state: StateVerdict) -> None:
        if state.stateful:
            listener(Notice(STATE_WARNING, kind="alert"))
            notices.append(STATE_WARNING)
            notices.extend(f"state detection: {e}" for e in state.evidence)

    runner = ContractRun(cfg, plan, seed=seed, concurrency=req.concurrency, on_state=on_state)
    listener(Planned(mode="contract", text=_plan_line(plan, runner, seed), total=len(plan.units), label="units"))
    run_id = req.run_id or new_run_id()
    started = now_iso()
    runner.listeners.append(lambda result: listener(cell_done(result)))
    ran = execute(runner.run, listener, total=len(plan.units), label="units")
    # a scenario cut short by the agent process dying was not run (like the scenarios after it), never
    # failed: its units are left out of the scores and the matrix, whatever part of it had completed
    cut = {r.cell.scenario for r in runner.results if r.error_kind == "agent_exited"}
    results = [r for r in runner.results if r.cell.scenario not in cut]
    if ran.aborted is not None:
        ran.aborted = ran.aborted.recounted(len(results))
        notices.append(ran.aborted.reason)
    notices += runner.warnings
    for w in runner.warnings:
        listener(Notice(w))
    verdict = score_contract(plan, results, min_score=req.min_score)
    base = ["windtunnel", "contract", "run", "-c", str(config_path), "--seed", str(seed)]
    if req.repeat != 1:
        base += ["--repeat", str(req.repeat)]
    labels = plan.by_label
    by_id = {r.cell.id: r for r in results}
    rows: list[dict[str, Any]] = []
    for unit in plan.units:
        r = by_id.get(unit.id)
        if r is None:
            continue
        for label in unit.invariants or []:
            rows.append(cell_row(r, reproduce_base=base, invariant=label, severity=labels[label].severity))
    na = [mc for mc in plan.matrix if not mc.applicable]
    rows += [_na_row(mc) for mc in na]
    state = runner.state
    extra = {
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
        },
    }
    summary = _summary(verdict, rows, extra)
    summary["cells_planned"] = sum(len(u.invariants or []) for u in plan.units) + len(na)
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
        extra_run={"config": str(config_path), "agent": cfg.agent.type, **run_status(ran.interrupted, ran.aborted)},
    )
    path = write_report(report, req.fmt, req.output, run_id)
    if req.persist:
        persist_report(report, store=req.store)
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
        stored=False,  # a contract run is kept once judged; it cannot be resumed yet
        planned=len(plan.units),
        completed=len(runner.results),
        aborted=ran.aborted,
        detail=ContractDetail(plan=plan, verdict=verdict),
    )
