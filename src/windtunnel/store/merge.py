"""Shard results back into one run: ``windtunnel runs merge RUN…`` and ``windtunnel report --merge FILE…``.

The inputs are the reports of the N shards of one ``run --shard I/N`` (stored runs or JSON files). They
must be the same run split up (same mode, seed, plan options and shard count, each shard once); their
cells, concatenated in shard order, are the unsharded plan's cells in plan order (see
:mod:`windtunnel.engine.shard`), and the summary is computed over them with the same weights and
``--min-score``, so the merged score is the unsharded run's score.

Order of work: :func:`check_same_run` (one run, every shard once), :func:`check_cells` (each shard holds the cells
it planned, by id list or digest, none twice), then :func:`merge_reports` builds the report with the engine's own
:func:`~windtunnel.engine.report.build_report`, and :func:`store_merged` keeps it as a run of its own. Every
refusal is a :class:`~windtunnel._util.errors.UsageError` (exit 2) naming the shard and the cells: a merge that
cannot prove it holds the whole run reports no score at all, because a score over a missing or doubled shard would
look like the real one. A shard cut short (``summary.partial``) is allowed and makes the merge partial and not
passed. Only ``run`` and ``chaos`` reports are concatenated here; contract and ci verdicts are not sums of the
shards' and are re-scored by :mod:`windtunnel.flows.merge`, which uses the checks above.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from windtunnel._util.errors import UsageError
from windtunnel.engine.report import build_report
from windtunnel.engine.scoring import failed_beyond_score, summarize
from windtunnel.engine.shard import ids_digest
from windtunnel.report.dicts import ReportDict, SummaryDict
from windtunnel.reports.verdict import count_failures, failure_cause, found_reason, saved_failures_failing
from windtunnel.store.runstore import RunStore

MERGEABLE_MODES = ("run", "chaos", "contract", "ci")
"""Modes whose shards merge: ``run``/``chaos`` here; ``contract`` and ``ci`` re-scored in flows/merge.py."""
NO_FAULT_FIRED = (
    "no configured fault fired in the whole run, so it tested nothing: check the tool names and "
    "match_url patterns against the calls the agent makes (see the `calls` of each cell)"
)
"""The reason a chaos run without a single fault fails (the run flow's wording)."""


NOT_CARRIED: tuple[
    Literal["id", "mode", "seed", "started_at", "finished_at", "shard", "shard_plan", "aborted"], ...
] = ("id", "mode", "seed", "started_at", "finished_at", "shard", "shard_plan", "aborted")
"""The run fields of a shard that its merged run does not take over (its own, or the shard's)."""


def shard_of(report: ReportDict, label: str) -> tuple[int, int]:
    """``(index, count)`` of a shard report; a report that is not a shard is a usage error."""
    text = report.get("run", {}).get("shard")
    if not isinstance(text, str) or "/" not in text:
        raise UsageError(
            f"{label} is not a shard: its run has no `shard` (run it with --shard I/N)",
            hint="merge the reports (or stored runs) of one `windtunnel run --shard I/N` per shard",
        )
    index, _, count = text.partition("/")
    return int(index), int(count)


def _unsharded(value: object) -> object:
    """Run options without the shard and ci's report directory (options that differ between the shards)."""
    return {k: v for k, v in value.items() if k not in ("shard", "output")} if isinstance(value, dict) else value


def check_same_run(reports: Sequence[tuple[str, ReportDict]]) -> int:
    """The shard count, after checking the inputs are the shards of one run, each exactly once.

    Every input must be a ``run``, ``contract run`` or ``ci`` shard with the same mode, seed, options and config as the
    first (the shard option itself aside), and of the same shard count; a shard given twice or missing is a
    :class:`UsageError` naming it. A merged run is then the whole run the shards split, or nothing.
    """
    first_label, first = reports[0]
    count = shard_of(first, first_label)[1]
    seen: dict[int, str] = {}
    for label, rep in reports:
        run = rep.get("run", {})
        index, n = shard_of(rep, label)
        if run.get("mode") not in MERGEABLE_MODES:
            raise UsageError(
                f"{label} is a {run.get('mode')} run; merging supports the shards of `run`, `contract run` "
                "and `ci` runs",
                hint="merge the results of one `windtunnel run|contract run|ci --shard I/N` per shard",
            )
        for key in ("mode", "seed", "options", "config"):
            if _unsharded(run.get(key)) != _unsharded(first["run"].get(key)):
                raise UsageError(
                    f"{label} and {first_label} are not shards of the same run: their {key} differs "
                    f"({run.get(key)!r} vs {first['run'].get(key)!r})",
                    hint="give every shard job the same config, --seed and options",
                )
        if n != count:
            raise UsageError(f"{label} is shard {index}/{n} but {first_label} is one of {count}")
        if index in seen:
            raise UsageError(f"{label} and {seen[index]} are both shard {index}/{count}", hint="give each shard once")
        seen[index] = label
    missing = [i for i in range(1, count + 1) if i not in seen]
    if missing:
        raise UsageError(
            f"shard {', '.join(f'{i}/{count}' for i in missing)} missing: the merged run would not be the whole run",
            hint="pass the result of every shard job",
        )
    check_cells(reports)
    return count


_REFUSED = (
    "merge the shard reports (or stored runs) exactly as the shard jobs wrote them; rerun a shard whose "
    "result was lost or edited"
)


def _ids(ids: Sequence[str], n: int = 5) -> str:
    """Up to ``n`` ids for a message, quoted, then ``and N more``: a refused merge names the cells without printing
    thousands of them.
    """
    shown = ", ".join(repr(i) for i in list(ids)[:n])
    return shown + (f" and {len(ids) - n} more" if len(ids) > n else "")


def check_cells(reports: Sequence[tuple[str, ReportDict]]) -> None:
    """Every cell once, and each shard's cells the ones it planned (``run.shard_plan``, see engine/shard.py):
    a cell removed, repeated or brought in from another run is a usage error naming it, never a score."""
    owner: dict[str, str] = {}
    for label, rep in reports:
        if rep.get("run", {}).get("mode") == "ci":  # a ci report's cells are its phases' (checked per phase)
            continue
        for cell in rep.get("cells") or []:
            cell_id = str(cell.get("id"))
            if cell_id in owner:
                where = "twice in " + label if owner[cell_id] == label else f"in both {owner[cell_id]} and {label}"
                raise UsageError(f"cell {cell_id!r} is {where}: a cell must be counted once", hint=_REFUSED)
            owner[cell_id] = label
    run_modes = {rep.get("run", {}).get("mode") for _, rep in reports} <= {"run", "chaos"}
    wholes: set[int] = set()
    for label, rep in reports:
        run = rep.get("run", {})
        plan = run.get("shard_plan")
        if not isinstance(plan, dict):
            if run_modes:
                raise UsageError(
                    f"{label} does not say which cells it planned (no run.shard_plan): it cannot be checked "
                    "for missing or foreign cells",
                    hint="rerun the shards with this version of windtunnel, then merge them",
                )
            continue
        index, count = shard_of(rep, label)
        present = [str(c.get("id")) for c in rep.get("cells") or []]
        whole, planned_n = int(plan.get("whole", -1)), int(plan.get("cells", -1))
        wholes.add(whole)
        start, end = (index - 1) * whole // count, index * whole // count
        listed = plan.get("ids")
        if planned_n != end - start or (
            isinstance(listed, list) and ids_digest(index, count, whole, map(str, listed)) != plan.get("digest")
        ):
            raise UsageError(f"{label}'s plan record was altered: it does not add up for shard {index}/{count}",
                             hint=_REFUSED)  # fmt: skip
        partial = bool((rep.get("summary") or {}).get("partial"))
        if isinstance(listed, list):
            planned = set(map(str, listed))
            foreign = [i for i in present if i not in planned]
            if foreign:
                raise UsageError(f"{label} holds cells it did not plan: {_ids(foreign)}", hint=_REFUSED)
            lost = [i for i in map(str, listed) if i not in set(present)]
            if lost and not partial:
                raise UsageError(
                    f"{label} is missing {len(lost)} of the {planned_n} cells it planned: {_ids(lost)}", hint=_REFUSED
                )
        elif not partial and ids_digest(index, count, whole, present) != plan.get("digest"):
            raise UsageError(
                f"{label}'s cells are not the {planned_n} it planned ({len(present)} present; their ids do not match "
                "the digest): a cell was removed, added or changed",
                hint=_REFUSED,
            )
    if len(wholes) > 1:
        raise UsageError(f"the shards planned runs of different sizes ({sorted(wholes)} cells)", hint=_REFUSED)


def merge_reports(reports: Sequence[tuple[str, ReportDict]], *, run_id: str) -> ReportDict:
    """One report from the ``(label, report)`` of every shard of a ``run`` (labels name the shards in errors).

    The cells are concatenated in shard order and summarised again with the shards' weights and ``--min-score`` (shards
    run with different thresholds are refused). A shard cut short makes the merged run partial and not passed; a chaos
    run in which no fault fired does not pass either. Contract and ci shards are re-scored instead
    (:mod:`windtunnel.flows.merge`): their verdicts are not sums of the shards'.
    """
    if not reports:
        raise UsageError("nothing to merge", hint="name the shard runs (or report files) to merge")
    count = check_same_run(reports)
    if reports[0][1]["run"].get("mode") not in ("run", "chaos"):
        raise UsageError("contract and ci shards are re-scored, not concatenated: use flows.merge.merge_shards")
    ordered = sorted(reports, key=lambda lr: shard_of(lr[1], lr[0])[0])
    cells = [c for _, rep in ordered for c in rep["cells"]]
    summaries = [rep.get("summary") or {} for _, rep in ordered]
    weights = {
        k: t["weight"]
        for s in summaries
        for k, t in (s.get("by_type") or {}).items()
        if isinstance(t, dict) and "weight" in t
    }
    min_scores = {s.get("min_score") for s in summaries}
    if len(min_scores) > 1:
        raise UsageError(f"the shards were run with different --min-score ({sorted(map(str, min_scores))})")
    min_score = min_scores.pop() if min_scores else None
    summary: SummaryDict = {
        **summarize(cells, weights=weights, min_score=min_score).as_dict(),
        "min_score": min_score,
        "cells_planned": sum(int(s.get("cells_planned") or 0) for s in summaries),
    }
    first = ordered[0][1]["run"]
    reasons: list[str] = []
    partial = [label for (label, _), s in zip(ordered, summaries, strict=True) if s.get("partial")]
    if partial:  # a shard cut short: the merged run is partial too, and passes nothing
        failed_beyond_score(summary)
        summary["partial"] = True
        reasons.append(f"shard run(s) cut short: {', '.join(partial)}; rerun or --resume them, then merge again")
    if first["mode"] == "chaos" and cells and not any(c.get("faults") for c in cells):
        failed_beyond_score(summary)
        failed_on: dict[str, int] = {}
        errored = sum(count_failures(c, failed_on) for c in cells)
        cause = failure_cause(failed_on, errored)  # a failed cell leads (QA-27 #1); the faults tested nothing still
        reasons.extend([cause, NO_FAULT_FIRED] if cause else [NO_FAULT_FIRED])
    still = saved_failures_failing(cells)
    if still:  # a saved explore failure failing again fails the run whatever the score, as each shard said
        failed_beyond_score(summary)
        reasons.append(found_reason(still))
    if reasons:
        summary["reasons"] = reasons
    notices = list(dict.fromkeys(n for _, rep in ordered for n in rep.get("notices") or []))
    extra = first.copy()
    for key in NOT_CARRIED:
        extra.pop(key, None)
    options = extra.get("options")
    if isinstance(options, dict):
        extra["options"] = {k: v for k, v in options.items() if k not in ("shard", "output")}  # as _unsharded
    extra.update(
        {
            "status": "interrupted" if partial else "completed",
            "shards": count,
            "merged_from": [rep["run"]["id"] for _, rep in ordered],
        }
    )
    return build_report(
        run_id=run_id,
        mode=first["mode"],
        seed=first.get("seed"),
        started_at=min(rep["run"]["started_at"] for _, rep in ordered),
        finished_at=max(rep["run"]["finished_at"] for _, rep in ordered),
        summary=summary,
        cells=cells,
        notices=notices,
        extra_run=extra,
    )


def store_merged(store: RunStore, report: ReportDict) -> str:
    """Keep a merged report in the run store as a run of its own and return the new run's id.

    The shards' runs stay as they were; the merged run's status is ``interrupted`` when a shard was cut short, else
    ``passed`` or ``failed`` from the merged summary, so ``runs list`` and the viewer show it like any run.
    ``store`` is a :class:`~windtunnel.store.runstore.RunStore` (typed loosely: flows pass their open store)."""
    run = report["run"]
    meta = {k: v for k, v in run.items() if k not in ("finished_at", "status")}
    meta["config_path"] = run.get("config")
    run_id = store.start_run(meta)
    store.add_cells(run_id, report["cells"])
    summary = report["summary"]
    status = "interrupted" if summary.get("partial") else ("passed" if summary["passed"] else "failed")
    store.finish_run(run_id, summary, status)
    return str(run_id)
