"""Sessions from a run report: one per failed cell, with the exact input that failed and the calls seen in that cell,
so replaying the export reproduces the failure.

A contract report has one row per (unit, invariant); rows of the same unit are one invocation and become one
session. A cell that timed out is exported too (a hang is an incident: its calls up to the timeout are the recording,
and the replay fails as the cell did, with no answer); other errored cells are not, since the agent call itself failed
and there is nothing to judge. Calls the report does not hold in full run live on replay
(:mod:`windtunnel.replay.calllog`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from windtunnel._util.errors import UsageError
from windtunnel.replay.calllog import recorded_calls
from windtunnel.replay.session import ReplaySettings, Session, safe_filename


@dataclass
class Exported:
    """What ``replay export`` made of a report: one session per failed cell, and notes on the calls left out or set
    to run live (the caller writes the sessions where the user asked)."""

    sessions: list[Session] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _base_id(row: dict[str, Any]) -> str:
    """The agent invocation a row belongs to (contract rows are ``<cell>:<invariant>``).

    Rows of one invocation are one session: exporting each invariant's row apart would replay the same call
    several times."""
    cid = str(row.get("id"))
    inv = row.get("invariant")
    if inv and cid.endswith(f":{inv}"):
        return cid[: -len(inv) - 1]
    return cid


def timed_out(row: dict[str, Any]) -> bool:
    """Whether a report row is a cell whose agent call timed out (a hang: exported like a failed cell)."""
    return row.get("status") == "error" and row.get("error_kind") == "timeout"


def sessions_from_report(report: Any, *, source: str, contract: str | None = None) -> Exported:
    """One session per failed or timed-out cell of ``report`` (other errored cells and passed ones are not
    exported).

    Each session replays in strict order, injecting model answers too when the cell logged any, and keeps what the
    cell failed on (``expected_failure``) and where it came from (report, run, cell, scenario, faults), which
    :meth:`~windtunnel.replay.session.Session.chaos_active` reads back to decide which invariants apply."""
    if not isinstance(report, dict) or not isinstance(report.get("cells"), list):
        raise UsageError(f"{source} is not a windtunnel JSON report (no 'cells' list)")
    out = Exported()
    run = report.get("run") or {}
    groups: dict[str, list[dict[str, Any]]] = {}
    errored = 0
    for row in report["cells"]:
        if not isinstance(row, dict):
            continue
        if row.get("status") == "error" and not timed_out(row):
            errored += 1
        if row.get("status") != "failed" and not timed_out(row):
            continue
        groups.setdefault(_base_id(row), []).append(row)
    if errored:
        out.notes.append(
            f"{errored} errored cell(s) not exported: the agent call itself failed (not a timeout), so there is no "
            "answer to judge"
        )
    if groups and run.get("mode") in ("run", "chaos") and contract is None:
        out.notes.append(
            f"the cells of this {run.get('mode')} report failed the run's `invariants:`: `replay run -c CONFIG` "
            "judges these sessions by CONFIG's `invariants:` the same way (every failed invariant fails the "
            "replay); export with --contract to judge them by a contract instead"
        )
    for base, rows in groups.items():
        first = rows[0]
        calls, notes = recorded_calls(list(first.get("calls") or []))
        failed_checks = [
            f"{c.get('id') or c.get('type')}: {c.get('detail') or 'failed'}"
            for r in rows
            for c in r.get("checks") or []
            if not c.get("passed")
        ]
        has_llm = any(c.kind == "llm" for c in calls)
        name = f"{base} ({first.get('scenario')})" if first.get("scenario") else base
        session = Session(
            id=safe_filename(f"{run.get('id', 'run')}-{base}"),
            name=name,
            source="windtunnel-report",
            captured_at=run.get("finished_at") or run.get("started_at"),
            input=str(first.get("prompt") or ""),
            calls=calls,
            expected_failure="; ".join(failed_checks)
            or (f"timeout: {first.get('error') or 'no answer'}" if timed_out(first) else "the cell failed"),
            contract=contract,
            output=first.get("output"),
            replay=ReplaySettings(match="strict", inject=["tool", "llm"] if has_llm else ["tool"]),
            metadata={
                "exported_from": {
                    "report": source,
                    "run_id": run.get("id"),
                    "mode": run.get("mode"),
                    "cell": base,
                    "rows": [r.get("id") for r in rows],
                    "scenario": first.get("scenario"),
                    "invariants": [r.get("invariant") for r in rows if r.get("invariant")],
                    "faults": first.get("faults") or [],
                }
            },
        )
        if not first.get("calls"):
            notes.append(
                "the report holds no tool/LLM calls for this cell (the agent declared no seam): the "
                "replay resends the input only"
            )
        out.notes += [f"{session.id}: {n}" for n in notes]
        out.sessions.append(session)
    return out
