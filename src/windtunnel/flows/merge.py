"""Shards back into one run, for every sharded command: ``run``, ``contract run`` and ``ci`` ``--shard I/N``.

``run`` shards are concatenated and summarised (:mod:`windtunnel.store.merge`). A contract is scored over
its whole matrix, so contract shards are re-scored: the config the shards ran is planned again, the union of
their units is turned back into results and :func:`~windtunnel.contracts.score_contract` judges them, as
the unsharded run would. ``ci`` shards are merged phase by phase (each phase one of the above; the replay
sessions all run in shard 1) and the phases are weighted into one score as ``ci`` does.

The checks come first and refuse rather than guess (:func:`~windtunnel.store.merge.check_same_run`,
:func:`~windtunnel.store.merge.check_cells`): the shards must be one run — same mode, seed, options and config, every
shard present once — because a merged score over a missing or repeated shard would look
exactly like a real one. A shard cut short is accepted and makes the merge partial (not passed); its missing
units can be run with ``--resume`` on that shard and the merge repeated. The config of a contract or ci run is
read again from the path the shards recorded, so a merge runs in the checkout the shard jobs ran in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TypedDict, cast

from windtunnel._util.errors import ConfigError, UsageError
from windtunnel.config.load import load_config
from windtunnel.config.model import Config
from windtunnel.contracts import plan_contract, score_contract
from windtunnel.engine.phases import PHASES, PhaseResult, renormalised_weights
from windtunnel.engine.report import build_report
from windtunnel.engine.scoring import failed_beyond_score
from windtunnel.flows.ci import REPLAY_SHARDED, ci_summary
from windtunnel.flows.contract import contract_rows, reproduce_base, restored_results, summarize_contract
from windtunnel.report.dicts import ReportDict, RunInfoDict, SummaryDict
from windtunnel.store.merge import NOT_CARRIED, check_same_run, merge_reports, shard_of

Shards = Sequence[tuple[str, ReportDict]]
"""``(label, report)`` of every shard; labels name the shards in errors."""


def merge_shards(reports: Shards, *, run_id: str, phases: Mapping[str, Shards] | None = None) -> ReportDict:
    """One report from the shards of one run (``windtunnel runs merge``), by the run's mode: ``run`` shards are
    concatenated, contract shards re-scored, ci shards merged phase by phase (``phases``: each phase's shard reports).
    The shards are checked first: one run, each shard once, none missing.
    """

    if not reports:
        raise UsageError("nothing to merge", hint="name the shard runs (or report files) to merge")
    check_same_run(reports)
    mode = reports[0][1]["run"].get("mode")
    if mode == "contract":
        return merge_contract(reports, run_id=run_id)
    if mode == "ci":
        return merge_ci(reports, phases or {}, run_id=run_id)
    return merge_reports(reports, run_id=run_id)


def _ordered(reports: Shards) -> list[tuple[str, ReportDict]]:
    """The shard reports sorted by shard index, so the merged report lists cells in the order one unsharded run would
    have.
    """
    return sorted(reports, key=lambda lr: shard_of(lr[1], lr[0])[0])


def _config(run: RunInfoDict) -> Config:
    """The config the shards ran, loaded again (a merge re-plans the contract and the ci weights from it).

    The path is the one stored in the shards' reports, relative to where the shard jobs ran, so a merge run
    elsewhere cannot find it; that is a usage error saying where to run the merge, rather than scoring the
    shards against another config. A config that no longer loads fails with its own error.
    """

    path = Path(str(run.get("config") or ""))
    if not path.is_file():
        raise UsageError(
            f"the shards ran the config {str(path)!r}, which is not here: merging {run.get('mode')} shards "
            "re-scores them against it",
            hint="run the merge in the directory the shard jobs ran in (the same checkout)",
        )
    return load_config(path)


def _merged_run(ordered: list[tuple[str, ReportDict]], partial: bool) -> RunInfoDict:
    """The run fields of a merged report, beyond id, mode, seed and times.

    The first shard's run fields are the base; what is per shard (:data:`NOT_CARRIED`: the shard, its plan,
    its abort) is dropped, and so are the ``shard`` and ``output`` options, which no longer describe the
    merged run. The status is ``interrupted`` when a shard was cut short (``partial``), and the merged run lists
    how many shards it joins and their run ids, so the merge can be traced back.
    """
    first = ordered[0][1]["run"]
    extra = first.copy()
    for key in NOT_CARRIED:
        extra.pop(key, None)
    options = extra.get("options")
    if isinstance(options, dict):
        extra["options"] = {k: v for k, v in options.items() if k not in ("shard", "output")}
    extra.update(
        {
            "status": "interrupted" if partial else "completed",
            "shards": len(ordered),
            "merged_from": [rep["run"]["id"] for _, rep in ordered],
        }
    )
    return extra


def _times(ordered: list[tuple[str, ReportDict]]) -> _Times:
    """The merged run's time span: from the earliest shard's start to the latest shard's finish."""
    return {
        "started_at": min(rep["run"]["started_at"] for _, rep in ordered),
        "finished_at": max(rep["run"]["finished_at"] for _, rep in ordered),
    }


class _Times(TypedDict):
    """A merged run's ``started_at`` and ``finished_at``."""

    started_at: str
    finished_at: str


def _min_score(ordered: list[tuple[str, ReportDict]]) -> float | None:
    """The ``--min-score`` every shard was run with (None when none was): shards run with different thresholds are a
    :class:`UsageError`, as a merged verdict would have no single meaning.
    """
    found = {(rep.get("summary") or {}).get("min_score") for _, rep in ordered}
    if len(found) > 1:
        raise UsageError(f"the shards were run with different --min-score ({sorted(map(str, found))})")
    return found.pop() if found else None


def merge_contract(reports: Shards, *, run_id: str) -> ReportDict:
    """The contract run the shards split: its whole matrix scored over the union of their units.

    The config the shards ran is planned again (with their ``--repeat``), and every stored row must be a cell that plan
    has: a stray one means the config changed since, a :class:`ConfigError`. Complete shards must together hold every
    planned cell (a result cut or edited is refused). The rows are turned back into unit results and scored by
    :func:`~windtunnel.contracts.score_contract`, as the unsharded run would be; a shard cut short makes the merged run
    partial and not passed.
    """

    check_same_run(reports)  # also for the contract phase of ci shards
    ordered = _ordered(reports)
    first = ordered[0][1]["run"]
    cfg = _config(first)
    repeat = int(cast("int", (first.get("options") or {}).get("repeat", 1)))  # as the shards' plan_options wrote it
    plan = plan_contract(cfg, repeat=repeat)
    known = {f"{u.id}:{label}" for u in plan.units for label in u.invariants or []}
    known |= {f"{mc.scenario}:{mc.invariant}" for mc in plan.matrix if not mc.applicable}
    rows = [row for _, rep in ordered for row in rep["cells"]]
    stray = sorted({r["id"] for r in rows} - known)
    if stray:
        raise ConfigError(
            f"the shards hold contract cells the config {first.get('config')!r} does not plan now "
            f"({', '.join(stray[:3])}{' …' if len(stray) > 3 else ''}): it changed since they ran",
            hint="merge with the config the shards ran, or run the shards again",
        )
    summaries = [rep.get("summary") or {} for _, rep in ordered]
    planned = {f"{u.id}:{label}" for u in plan.units for label in u.invariants or []}
    lost = sorted(planned - {r["id"] for r in rows})
    if lost and not any(s.get("partial") for s in summaries):  # complete shards hold every cell of the matrix
        raise UsageError(
            f"the shards are missing {len(lost)} of the contract's {len(planned)} cells "
            f"({', '.join(repr(i) for i in lost[:5])}{' …' if len(lost) > 5 else ''}): a shard result was cut",
            hint="merge the shard reports (or stored runs) exactly as the shard jobs wrote them; rerun a shard "
            "whose result was lost or edited",
        )
    results = restored_results(plan, rows)
    min_score = _min_score(ordered)
    shard_notes = [str(n) for _, rep in ordered for n in rep.get("notices") or []]  # their never-fired warnings
    verdict = score_contract(plan, results, min_score=min_score, warnings=shard_notes)
    merged_rows = contract_rows(
        plan,
        results,
        reproduce_base(first.get("config") or "", int(first.get("seed") or 0), repeat),
        verdict.not_exercised,
    )
    states = [state for s in summaries if (state := s.get("state_detection"))]
    extra: SummaryDict = {
        "contract": plan.name,
        "min_score": min_score,
        "repeat": repeat,
        "agent_calls_planned": sum(int(s.get("agent_calls_planned") or 0) for s in summaries),
        "units_planned": len(plan.units),
        "units_completed": len(results),
        "concurrency": max(int(s.get("concurrency") or 1) for s in summaries),
        "state_detection": next((s for s in states if s.get("stateful")), states[0] if states else None),
    }
    summary = summarize_contract(verdict, plan, merged_rows, extra)
    partial = [label for (label, _), s in zip(ordered, summaries, strict=True) if s.get("partial")]
    if partial:  # a shard cut short: the merged run is partial too, and passes nothing
        failed_beyond_score(summary)
        summary["partial"] = True
        summary["reasons"] = [
            *(summary.get("reasons") or []),
            f"shard run(s) cut short: {', '.join(partial)}; rerun or --resume them, then merge again",
        ]
    notices = list(dict.fromkeys(n for _, rep in ordered for n in rep.get("notices") or []))
    return build_report(
        run_id=run_id,
        mode="contract",
        seed=first.get("seed"),
        summary=summary,
        cells=merged_rows,
        notices=notices,
        extra_run=_merged_run(ordered, bool(partial)),
        **_times(ordered),
    )


def merge_ci(reports: Shards, phases: Mapping[str, Shards], *, run_id: str) -> ReportDict:
    """The ci run the shards split: each phase merged over its shards, then weighted as ``ci`` does.

    Every ci shard must have finished every phase (else: resume it, then merge). A phase no shard ran keeps its reason
    (and blocks the verdict if it was configured but could not run); the replay phase is shard 1's, as replay sessions
    are not split; the contract phase is re-scored (:func:`merge_contract`), the others merged by concatenation.
    ``phases`` maps each phase to its shard reports.
    """

    ordered = _ordered(reports)
    cut = [label for label, rep in ordered if (rep.get("summary") or {}).get("partial")]
    if cut:
        raise UsageError(
            f"ci shard(s) {', '.join(cut)} stopped before every phase ran, so the merged run would not be the "
            "whole run",
            hint="continue them with `windtunnel ci --resume RUN` (same --shard), then merge again",
        )
    first = ordered[0][1]["run"]
    cfg = _config(first)
    results: list[PhaseResult] = []
    for phase in PHASES:
        entries = [(rep.get("summary") or {}).get("phases", {}).get(phase) or {} for _, rep in ordered]
        if not any(e.get("status") == "run" for e in entries):
            reason = next((e.get("reason") for e in entries if not str(e.get("reason", "")).startswith(REPLAY_SHARDED)),
                          None)  # fmt: skip
            blocking = any(e.get("blocking") for e in entries)  # configured, could not run: no pass (ci.py)
            results.append(PhaseResult(name=phase, not_run=reason or "not run", blocking=blocking))
            continue
        shards = phases.get(phase) or []
        if phase == "replay":  # sessions are not split: they all ran in shard 1
            merged = shards[0][1] if shards else None
        elif phase == "contract":
            merged = merge_contract(shards, run_id=f"{run_id}-{phase}") if shards else None
        else:
            merged = merge_reports(shards, run_id=f"{run_id}-{phase}") if shards else None
        if merged is None:
            raise UsageError(
                f"the {phase} phase reports of the ci shards were not found",
                hint="merge the ci runs in the store they ran in, or their summary.json files with the phase "
                "reports beside them (the ci --output directory)",
            )
        summary = merged["summary"]
        results.append(
            PhaseResult(
                name=phase,
                score=summary.get("score"),
                passed=bool(summary.get("passed")),
                exit_code=0 if summary.get("passed") else 1,
                critical_failed=bool(summary.get("critical_failed")),
                failed_on_score_only=not summary.get("passed") and bool(summary.get("failed_on_score_only")),
                reasons=list(summary.get("reasons") or []),
                cells=[{**c, "id": f"{phase}:{c['id']}", "phase": phase} for c in merged.get("cells", [])],
            )
        )
    weights = renormalised_weights(cfg, [r.name for r in results if r.not_run is None])
    summary = ci_summary(cfg, results, weights, _min_score(ordered))
    return build_report(
        run_id=run_id,
        mode="ci",
        seed=first.get("seed"),
        summary=summary,
        cells=[c for r in results for c in r.cells],
        extra_run=_merged_run(ordered, False),
        **_times(ordered),
    )


__all__ = ["merge_ci", "merge_contract", "merge_shards"]
