"""The replay report (mode ``replay``): one cell per session; score = passed / total × 100.

Each row is an ordinary report cell (so every renderer, the store and the viewer read it) with the replay's own
facts added: the session and the file it came from, the contract that judged it and its score, the invariants not
judged and why, every call served or mismatched, and the command that replays that one session again. Recorded
failures that were injected appear as the row's faults (mode ``replay``)."""

from __future__ import annotations

import shlex
from collections.abc import Sequence

from windtunnel.engine.report import build_report, cell_row
from windtunnel.replay.player import ReplayResult
from windtunnel.report.dicts import CellDict, ReportDict, SummaryDict


def replay_row(rr: ReplayResult, *, config: str | None) -> CellDict:
    """One report cell for one replayed session.

    The row's status is the replay's (a mismatch fails a session whose checks passed), and its reproduce command
    replays just that session file with the same config."""
    p = rr.prepared
    s = p.session
    row = cell_row(rr.result)
    row["status"] = rr.status
    row["passed"] = rr.passed
    entries = rr.responder.entries
    row["faults"] = [
        {
            "target": "llm" if served.target == "llm" else "tool",
            "name": served.name,
            "mode": "replay",
            "status": entries[served.entry].status,
        }
        for served in rr.responder.served
        if served.entry is not None and entries[served.entry].failed
    ]
    row["session"] = {
        "id": s.id,
        "name": s.name,
        "source": s.source,
        "captured_at": s.captured_at,
        "file": str(p.loaded.path) if p.loaded.path is not None else None,
        "expected_failure": s.expected_failure,
        "recorded_output": s.output,
    }
    row["contract"] = {"name": p.contract.name, "source": p.contract.source}
    row["contract_score"] = rr.verdict.score
    row["critical_failed"] = bool(rr.verdict.critical_failed)
    row["not_judged"] = [{"invariant": label, "why": why} for label, why in p.applicability.not_judged]
    row["reasons"] = rr.reasons
    row["notes"] = rr.notes
    row["replay"] = {
        "match": s.match_mode,
        "unmatched": s.unmatched,
        "inject": list(s.replay.inject),
        "latency_scale": rr.responder.scale,
        "recorded_calls": len(entries),
        "served": [
            {"target": x.target, "name": x.name, "outcome": x.outcome, "recorded": x.entry} for x in rr.responder.served
        ],
        "mismatches": rr.responder.mismatches,
    }
    if p.loaded.path is not None:
        cmd = ["windtunnel", "replay", "run", str(p.loaded.path)]
        row["reproduce"] = shlex.join([*cmd, "-c", config] if config else cmd)
    return row


def replay_summary(results: Sequence[ReplayResult], *, skipped_files: int = 0) -> SummaryDict:
    """Replay regression score = passed / total sessions × 100 (``None`` and not passed when empty).

    Errored sessions count against the score like failed ones; files skipped while collecting are counted apart,
    so a directory of non-sessions does not read as a passing replay."""
    total = len(results)
    passed = sum(r.status == "passed" for r in results)
    failed = sum(r.status == "failed" for r in results)
    errored = sum(r.status == "error" for r in results)
    return {
        "score": round(passed / total * 100, 2) if total else None,
        "passed": total > 0 and passed == total,
        "critical_failed": any(r.verdict.critical_failed for r in results),
        "cells_total": total,
        "cells_passed": passed,
        "cells_failed": failed,
        "cells_errored": errored,
        "cells_skipped": 0,
        "sessions_total": total,
        "sessions_passed": passed,
        "files_skipped": skipped_files,
    }


def replay_report(
    results: Sequence[ReplayResult],
    *,
    run_id: str,
    seed: int | None,
    started_at: str,
    finished_at: str,
    config: str | None,
    notices: list[str],
    skipped: list[dict[str, str]],
) -> ReportDict:
    """The whole replay report: the rows, the summary, the config, and the files skipped while collecting sessions
    (each with the reason), built by the engine's one report builder.

    Built with the same builder as every other mode, so renderers, the store and ``windtunnel view`` need nothing
    replay-specific to show it."""
    report = build_report(
        run_id=run_id,
        mode="replay",
        seed=seed,
        started_at=started_at,
        finished_at=finished_at,
        summary=replay_summary(results, skipped_files=len(skipped)),
        cells=[replay_row(r, config=config) for r in results],
        extra_run={"config": config, "skipped_files": skipped},
        notices=notices,
    )
    return report
