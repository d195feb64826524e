"""The report of ``windtunnel explore``: one cell per failure (its minimal schedule's first rerun) and an
``explore`` block with the search's figures and each failure's schedule, call sequence and diagnosis.

The report is a run report like any other (``run.mode`` ``chaos``, ``run.command`` ``explore``), so the renderers,
``runs show`` and the viewer need nothing special for it; what only explore has goes into the extra ``explore`` key,
which the schema allows. The store keeps the run under its own mode, ``explore``, so runs lists and trends do not mix
it with the config's chaos runs. Every failure cell carries a ``reproduce`` command (:func:`reproduce`). The cells
are the failures, not the search's thousands of cells: the search is summarised by its figures (calls, shrink calls,
corpus, features, seams), because a reader needs the failures and how much was searched to find them, not every
schedule tried.

The score is binary by design: 100 when the search found no failure, 0 when it found one, ``None`` when no agent
call was made — a share of "passing schedules" would measure the search strategy, not the agent.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import TYPE_CHECKING

from windtunnel._util.errors import agent_error_said
from windtunnel.config.model import Config
from windtunnel.contracts.found import call_sequence, found_dir
from windtunnel.engine.report import build_report, cell_row, now_iso
from windtunnel.flows.common import run_status
from windtunnel.report.dicts import ExploreFailureDict, ReportDict, SummaryDict
from windtunnel.report.explore import explore_headline, failure_groups

if TYPE_CHECKING:
    from windtunnel.flows.common import Execution
    from windtunnel.flows.explore import ExploreRequest, ExploreResult, Failure


def went_wrong(failure: Failure) -> str:
    """Where the agent went wrong: the last call before the verdict, and the verdict.

    The position is counted from the last faulted call too, because a failure that surfaces several calls after
    the fault (an error swallowed, then a wrong answer) is the kind a reader must see to fix the agent; the
    verdict is how the agent call failed, said for its kind (an exception the agent raised, a timeout windtunnel
    imposed, a connection the agent closed ...), else the broken invariants with their details."""
    res = failure.result
    broken = [f"{c.id}: {c.detail}" if c.detail else c.id for c in res.checks if not c.passed]
    verdict = agent_error_said(res.error_kind, res.error) if res.error else "; ".join(broken) or res.status
    faulted = [i for i, c in enumerate(res.calls, 1) if c.get("faults")]
    if not res.calls:
        return verdict
    last = res.calls[-1]
    where = f"after call {len(res.calls)} ({last.get('target')} {last.get('name')})"
    if faulted:
        where += f", {len(res.calls) - faulted[-1]} call(s) after the last faulted one"
    return f"{where}: {verdict}"


def replayed_by_run(path: Path | None, cfg: Config, store: Path | None) -> bool:
    """Whether a failure saved at ``path`` is one that ``run``, ``contract run`` and ``ci`` replay first: saved in the
    ``found/`` folder beside the run store, the only one they read."""
    return path is not None and path.parent.resolve() == found_dir(cfg, store).resolve()


def failure_data(failure: Failure, replayed: bool = False) -> ExploreFailureDict:
    """One failure as the report's ``explore.failures`` entry: its status (``minimal``, ``flaky``, ``unshrunk``) and
    reruns reproduced, the minimal schedule beside the one the search found and the steps between them, the input
    (prompt and mutation type), the agent's call sequence, the diagnosis and the corpus file it was saved to."""
    return {
        "status": failure.status,
        "reproduced": f"{failure.reproduced}/{failure.reruns}",
        "signature": list(failure.signature),
        "found_at_call": failure.found_at,
        "schedule": failure.schedule.data(),
        "labels": failure.schedule.labels(),
        "found_schedule": failure.found.data(),
        "shrink_steps": failure.steps,
        "prompt": failure.result.cell.prompt_text,
        "mutation": None
        if failure.input.mutation is None
        else failure.result.cell.mutation.type
        if failure.result.cell.mutation
        else None,
        "calls": call_sequence(failure.result.calls),
        "went_wrong": went_wrong(failure),
        "saved": str(failure.path) if failure.path else None,
        "replayed": replayed,
        "cell": failure.result.cell.id,
        "also_found": list(failure.also_found),
    }


def reproduce(failure: Failure, cfg: Config, req: ExploreRequest, config_path: Path, seed: int) -> str:
    """The one-line command that reruns a failure with ``windtunnel run``.

    A failure saved where ``run`` looks (``found/`` beside the store) is its replay cell, ``found-…/replay``; any
    other (not saved: flaky, unshrunk, ``--no-save``, ``--found-dir`` elsewhere) is its input under its schedule
    written inline (``--schedule '{…}'``, no file needed), with the saved failures left out. A failure that needed
    no fault is its input alone. Mutated inputs are planned as explore planned them: without the LLM generator
    (``--no-llm``)."""
    base = ["windtunnel", "run", "-c", str(config_path), "--seed", str(seed)]
    if req.store is not None:
        base += ["--store", str(req.store)]
    if replayed_by_run(failure.path, cfg, req.store):
        return shlex.join([*base, "--cell", f"{failure.schedule.name}/replay"])
    cell = failure.result.cell
    mutation = cell.mutation
    stem = f"g{cell.golden_index}" + (f".{mutation.type}.{mutation.args.get('k')}" if mutation is not None else "")
    args = [*base, "--no-found"] + (["--no-llm"] if mutation is not None else [])
    schedule = failure.schedule
    if not schedule.faults and not schedule.context_attacks:
        return shlex.join([*args, "--cell", f"{stem}.r0"])
    inline = json.dumps(schedule.data(), separators=(", ", ": "), ensure_ascii=False)
    return shlex.join([*args, "--schedule", inline, "--cell", f"{schedule.name}/{stem}.r0"])


def explore_report(
    result: ExploreResult,
    cfg: Config,
    req: ExploreRequest,
    config_path: Path,
    seed: int,
    run_id: str,
    notices: list[str],
    ran: Execution,
) -> ReportDict:
    """The JSON report (valid against the report schema; ``run.mode`` is ``chaos``, ``run.command`` explore).

    Explore has no planned grid: each distinct failure found is one cell row, with the command that
    reproduces it and how often it came back on rerun, so ``cells_passed`` is always 0 and a clean search
    is a report with no rows. The score is 100 or 0 (any failure fails the search) and ``None`` when the
    agent was never called, never a vacuous 100. A search cut short by an interrupt or an abort is marked
    ``partial`` and does not pass. The search's own numbers (budget, calls, corpus, seams, failures, what
    could not be saved) go under ``report["explore"]``.
    """
    rows = []
    for f in result.failures:
        row = cell_row(f.result)
        row["reproduce"] = reproduce(f, cfg, req, config_path, seed)
        row["explore"] = {"status": f.status, "reproduced": f"{f.reproduced}/{f.reruns}", "went_wrong": went_wrong(f)}
        rows.append(row)
    failed = len(result.failures)
    passed = not failed and not ran.cut_short
    reasons = [f"{failure_data(f)['went_wrong']} under [{'; '.join(f.schedule.labels())}]" for f in result.failures]
    summary: SummaryDict = {
        "score": None if not result.calls else round(100.0 * (1 - min(failed, 1)), 2),
        "passed": passed,
        "cells_total": len(rows),
        "cells_passed": 0,
        "cells_failed": sum(r["status"] == "failed" for r in rows),
        "cells_errored": sum(r["status"] == "error" for r in rows),
        "reasons": reasons,
        "cells_planned": len(rows),
    }
    if ran.cut_short:
        summary["partial"] = True
    report = build_report(
        run_id=run_id,
        mode="chaos",
        seed=seed,
        started_at=result.started_at or now_iso(),
        finished_at=now_iso(),
        summary=summary,
        cells=rows,
        notices=notices,
        extra_run={
            "config": str(config_path),
            "agent": cfg.agent.type,
            "command": "explore",
            **run_status(ran.interrupted, ran.aborted),
        },
    )
    report["explore"] = {
        "strategy": result.strategy,
        "budget": req.budget,
        "calls": result.calls,
        "shrink_calls": result.shrink_calls,
        "reruns": req.reruns,
        "corpus": result.corpus,
        "features": result.features,
        "seams": result.seams,
        "failures": [failure_data(f, replayed_by_run(f.path, cfg, req.store)) for f in result.failures],
    }
    if result.unsaved:
        report["explore"]["unsaved"] = result.unsaved
    block = report["explore"]
    groups = failure_groups(block)
    block["groups"] = [{"signature": g.signature, "failures": [n for n, _ in g.failures]} for g in groups]
    block["headline"] = explore_headline(block, partial=ran.cut_short)
    return report


__all__ = ["explore_report", "failure_data", "replayed_by_run", "reproduce", "went_wrong"]
