"""Shard results back into one run: ``windtunnel runs merge RUN…`` and ``windtunnel report --merge FILE…``.

The inputs are the reports of the N shards of one ``run --shard I/N`` (stored runs or JSON files). They
must be the same run split up (same mode, seed, plan options and shard count, each shard once); their
cells, concatenated in shard order, are the unsharded plan's cells in plan order (see
:mod:`windtunnel.engine.shard`), and the summary is computed over them with the same weights and
``--min-score``, so the merged score is the unsharded run's score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from windtunnel._util.errors import UsageError

MERGEABLE_MODES = ("run", "chaos", "contract", "ci")
"""Modes whose shards merge: ``run``/``chaos`` here; ``contract`` and ``ci`` re-scored in flows/merge.py."""
NO_FAULT_FIRED = (
    "no configured fault fired in the whole run, so it tested nothing: check the tool names and "
    "match_url patterns against the calls the agent makes (see the `calls` of each cell)"
)
"""The reason a chaos run without a single fault fails (the run flow's wording)."""


def shard_of(report: dict[str, Any], label: str) -> tuple[int, int]:
    """``(index, count)`` of a shard report; a report that is not a shard is a usage error."""
    text = report.get("run", {}).get("shard")
    if not isinstance(text, str) or "/" not in text:
        raise UsageError(
            f"{label} is not a shard: its run has no `shard` (run it with --shard I/N)",
            hint="merge the reports (or stored runs) of one `windtunnel run --shard I/N` per shard",
        )
    index, _, count = text.partition("/")
    return int(index), int(count)


def _unsharded(value: Any) -> Any:
    """Run options without the shard and ci's report directory (options that differ between the shards)."""
    return {k: v for k, v in value.items() if k not in ("shard", "output")} if isinstance(value, dict) else value


def check_same_run(reports: Sequence[tuple[str, dict[str, Any]]]) -> int:
    """The shard count, after checking the inputs are the shards of one run, each exactly once."""
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
    return count


def merge_reports(reports: Sequence[tuple[str, dict[str, Any]]], *, run_id: str) -> dict[str, Any]:
    """One report from the ``(label, report)`` of every shard of a run (labels name them in errors)."""
    from windtunnel.engine.report import build_report
    from windtunnel.engine.scoring import summarize

    if not reports:
        raise UsageError("nothing to merge", hint="name the shard runs (or report files) to merge")
    count = check_same_run(reports)
    if reports[0][1]["run"].get("mode") not in ("run", "chaos"):
        raise UsageError("contract and ci shards are re-scored, not concatenated: use flows.merge.merge_shards")
    ordered = sorted(reports, key=lambda lr: shard_of(lr[1], lr[0])[0])
    cells = [c for _, rep in ordered for c in rep["cells"]]
    summaries = [rep.get("summary") or {} for _, rep in ordered]
    weights = {k: t["weight"] for s in summaries for k, t in (s.get("by_type") or {}).items() if "weight" in t}
    min_scores = {s.get("min_score") for s in summaries}
    if len(min_scores) > 1:
        raise UsageError(f"the shards were run with different --min-score ({sorted(map(str, min_scores))})")
    min_score = min_scores.pop() if min_scores else None
    summary: dict[str, Any] = {
        **summarize(cells, weights=weights, min_score=min_score).as_dict(),
        "min_score": min_score,
        "cells_planned": sum(int(s.get("cells_planned") or 0) for s in summaries),
    }
    first = ordered[0][1]["run"]
    reasons: list[str] = []
    partial = [label for (label, _), s in zip(ordered, summaries, strict=True) if s.get("partial")]
    if partial:  # a shard cut short: the merged run is partial too, and passes nothing
        summary.update(passed=False, partial=True)
        reasons.append(f"shard run(s) cut short: {', '.join(partial)}; rerun or --resume them, then merge again")
    if first["mode"] == "chaos" and cells and not any(c.get("faults") for c in cells):
        summary["passed"] = False
        reasons.append(NO_FAULT_FIRED)
    if reasons:
        summary["reasons"] = reasons
    notices = list(dict.fromkeys(n for _, rep in ordered for n in rep.get("notices") or []))
    extra = {k: v for k, v in first.items() if k not in ("id", "mode", "seed", "started_at", "finished_at")}
    for key in ("shard", "aborted"):
        extra.pop(key, None)
    if isinstance(extra.get("options"), dict):
        extra["options"] = _unsharded(extra["options"])
    extra.update(
        status="interrupted" if partial else "completed",
        shards=count,
        merged_from=[rep["run"]["id"] for _, rep in ordered],
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


def store_merged(store: Any, report: dict[str, Any]) -> str:
    """Keep a merged report in the run store as a run of its own; its id."""
    run = report["run"]
    meta = {k: v for k, v in run.items() if k not in ("finished_at", "status")}
    meta["config_path"] = run.get("config")
    run_id = store.start_run(meta)
    store.add_cells(run_id, report["cells"])
    summary = report["summary"]
    status = "interrupted" if summary.get("partial") else ("passed" if summary["passed"] else "failed")
    store.finish_run(run_id, summary, status)
    return str(run_id)
