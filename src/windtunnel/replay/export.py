"""Sessions from a run report: one per failed cell, with the exact input that failed and the calls seen in that cell,
so replaying the export reproduces the failure.

A contract report has one row per (unit, invariant); rows of the same unit are one invocation and become one
session. A cell whose agent call failed the way an incident does is exported too (:data:`INCIDENT_ERRORS`: a hang, a
crash on a malformed tool reply, a 5xx, an unreadable answer): its calls up to the failure are the recording, and the
replay fails as the cell did, with no answer, until the agent is fixed. Cells that errored for reasons of the harness
or the setup (the agent process gone, a reset that failed, a wrong endpoint or credentials) are not. Calls the report
does not hold in full run live on replay (:mod:`windtunnel.replay.calllog`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from windtunnel._util.errors import UsageError
from windtunnel.engine.budget import reported_requests
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


INCIDENT_ERRORS = frozenset(
    {"timeout", "transport", "rate_limited", "http_5xx", "http_4xx", "bad_response", "too_large", "agent_exception"}
)
"""The ``error_kind`` of an agent call that failed as the agent's own incident (it hung, crashed, answered 5xx or
garbage): a session reproduces it. Not: ``http_auth`` / ``http_not_found`` (the setup), ``agent_exited``, ``reset``,
``budget`` and the other kinds the harness sets."""


def incident(kind: str | None, calls: int) -> bool:
    """Whether an agent call that failed with ``kind`` after making ``calls`` tool / model calls is an incident a
    session reproduces: a hang always (its wait is the incident), the other :data:`INCIDENT_ERRORS` when the agent
    made calls first (they are what a replay injects back; with none, the agent most likely was not reachable)."""
    return kind == "timeout" or (kind in INCIDENT_ERRORS and calls > 0)


def failed_call(row: dict[str, Any]) -> bool:
    """Whether a report row is a cell whose agent call failed as an :func:`incident`: exported like a failed cell,
    with the failure as its ``expected_failure``."""
    calls = row.get("calls")
    return row.get("status") == "error" and incident(
        row.get("error_kind"), len(calls) if isinstance(calls, list) else 0
    )


def _model_requests(row: dict[str, Any]) -> int:
    """The model requests a report row's agent says it made (its own usage record: ``usage.reported_requests`` when the
    seam saw a different count, else ``usage.requests``), 0 when it says nothing: more than the model calls the row
    holds means some went past windtunnel."""
    return reported_requests(row.get("usage")) or 0


def call_failure(kind: str | None, error: str | None) -> str:
    """``expected_failure`` of a session whose agent call failed: ``kind: message`` (``timeout: no answer within
    3000 ms``, ``transport: ConnectError …``), the kind not repeated when the message starts with it."""
    kind = kind or "error"
    text = error or "no answer"
    return text if text.startswith(kind) else f"{kind}: {text}"


def sessions_from_report(report: Any, *, source: str, contract: str | None = None) -> Exported:
    """One session per failed cell of ``report``, and per cell whose agent call failed as an incident (hung, crashed:
    :func:`failed_call`); other errored cells and passed ones are not exported.

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
        if row.get("status") == "error" and not failed_call(row):
            errored += 1
        if row.get("status") != "failed" and not failed_call(row):
            continue
        groups.setdefault(_base_id(row), []).append(row)
    if errored:
        out.notes.append(
            f"{errored} errored cell(s) not exported: they errored for reasons of the harness or the setup (the agent "
            "process gone, a failed reset, a wrong endpoint or credentials), not as an incident a replay reproduces"
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
            or (call_failure(first.get("error_kind"), first.get("error")) if failed_call(first) else "the cell failed"),
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
                    "failed_checks": [
                        {"id": c.get("id") or c.get("type"), "type": c.get("type")}
                        for r in rows
                        for c in r.get("checks") or []
                        if not c.get("passed")
                    ],
                    "faults": first.get("faults") or [],
                }
            },
        )
        asked, heard = _model_requests(first), sum(c.kind == "llm" for c in calls)
        if asked > heard:
            notes.append(
                f"the cell's agent made {asked} model request(s) and the report holds the answers of "
                f"{heard or 'none'} of them: windtunnel did not reach its model's client, "
                "so the replay asks the live model for the others: give windtunnel a seam on the model (agent.llm, "
                "or the LLM proxy for an HTTP agent; docs/replay.md, 'Where recorded responses are injected') and run "
                "again to record them"
            )
        if not first.get("calls"):
            notes.append(
                "the report holds no tool/LLM calls for this cell (the agent declared no seam): the "
                "replay resends the input only"
            )
        out.notes += [f"{session.id}: {n}" for n in notes]
        out.sessions.append(session)
    return out
