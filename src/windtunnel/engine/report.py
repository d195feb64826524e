"""The run report: a dict valid against ``report.schema.json`` (the required core, plus extras).

:func:`cell_row` is the one place a cell result becomes a row: every row is redacted there (secrets in outputs,
errors and URLs) and made JSON-safe, so the store, every renderer and the viewer read the same, already-clean
data. Rows are built by hand rather than through pydantic because one is built per cell on the hot path; the typed
report models live in :mod:`windtunnel.report`."""

from __future__ import annotations

import functools
import shlex
from typing import cast

from windtunnel import __version__
from windtunnel._util.clock import utc_now
from windtunnel._util.jsonsafe import json_safe
from windtunnel._util.redact import redact_record
from windtunnel.engine.cells import CellResult, CheckOutcome
from windtunnel.report.dicts import CellDict, CheckDict, FaultDict, ReportDict, RunInfoDict, SummaryDict, UsageDict
from windtunnel.report.usage import total_usage

SCHEMA_VERSION = "1"


def now_iso() -> str:
    """Now in the one format of reports and the store (``…T15:41:00.052Z``, see _util/clock.py)."""
    return utc_now()


def reproduce_command(base: list[str], cell_id: str) -> str:
    """A shell command that reruns exactly one cell.

    The run's own command line (config, seed, repeat ...) with ``--cell <id>`` added, every part shell-quoted, so
    it can be pasted as it is."""
    return f"{_command_prefix(tuple(base))} {shlex.quote(cell_id)}"


@functools.lru_cache(maxsize=16)
def _command_prefix(base: tuple[str, ...]) -> str:
    """The quoted command line before the cell id (cached: every row of a run shares it)."""
    return shlex.join([*base, "--cell"])


def cell_row(
    r: CellResult,
    *,
    reproduce_base: list[str] | None = None,
    invariant: str | None = None,
    severity: str | None = None,
    checked: bool = True,
    redact: bool = True,
) -> CellDict:
    """One report cell (``invariant``/``severity`` are set for contract rows, one per invariant). ``checked=False``
    skips making it JSON-safe, for a caller that serialises it anyway and escapes it only when that fails
    (:class:`windtunnel.engine.sink.ResultSink`); ``redact=False`` (with ``checked=False`` only) leaves the
    secrets' redaction to that caller too, which checks the bytes it made instead of serialising the row a second
    time for the check (:func:`windtunnel._util.redact.redact_serialised`).

    A contract row's status is its invariant's verdict alone (a unit judged by several invariants gives one row
    each); errored and skipped units keep their status, since a unit that did not run failed no check."""
    checks = r.checks if invariant is None else [c for c in r.checks if c.id == invariant]
    status = r.status
    if invariant is not None and status not in ("error", "skipped"):  # a cell not run is not a failed check
        status = "passed" if checks and all(c.passed for c in checks) else "failed"
    cell, m = r.cell, r.cell.mutation
    row: CellDict = {
        "id": cell.id if invariant is None else f"{cell.id}:{invariant}",
        "kind": cell.kind,
        "prompt": r.sent if r.sent is not None else cell.prompt_text,
        "golden_prompt": cell.golden_prompt,
        "golden_index": cell.golden_index,
        # m.model_dump() without pydantic's per-call cost (args are plain JSON values)
        "mutation": {"type": m.type, "args": dict(m.args), "level": m.level} if m is not None else None,
        "scenario": cell.scenario,
        "invariant": invariant,
        "severity": severity,
        "repeat": cell.repeat,
        "status": status,
        "passed": status == "passed",
        "output": r.output,
        "latency_ms": None if r.latency_ms is None else round(r.latency_ms, 3),
        "error": r.error,
        "error_kind": r.error_kind,
        "attempts": r.attempts,
        "faults": cast("list[FaultDict]", [f.model_dump(exclude_none=True) for f in r.faults]) if r.faults else [],
        "checks": [_check(c) for c in checks],
    }
    if cell.saved_failure:  # recounted by a merge of shards (store/merge.py)
        row["saved_failure"] = True
    if r.retried:
        row["retried"] = r.retried
    if r.calls:
        row["calls"] = r.calls
    if r.schedule:
        row["schedule"] = r.schedule
    if r.usage:
        row["usage"] = cast(UsageDict, r.usage)  # shaped by engine/budget.py (recorded_usage, priced)
    if reproduce_base is not None:
        row["reproduce"] = reproduce_command(reproduce_base, cell.id)
    if not checked:
        return row if not redact else redact_record(row)
    row = redact_record(row)  # the one place a result becomes a stored / reported row (or redact_serialised)
    safe: CellDict = json_safe(row)
    return safe


_FOREIGN_FIELDS = ("retried", "calls", "schedule", "usage")
"""Optional row fields whose keys come from outside windtunnel (an agent's tool calls, a schedule file, an SDK's
usage record, retried attempts' records)."""


def foreign_keyed(row: CellDict, raw: bytes | None = None) -> tuple[list[object], bool]:
    """The parts of a :func:`cell_row` row whose keys windtunnel did not write itself, and whether they are flat: a
    mutation's args (a plugin mutator names them), the faults' records (extra fields allowed), a judge's record and
    :data:`_FOREIGN_FIELDS`. Every other key of a row is one of :func:`cell_row`'s own names, none of them
    credential-like (``tests/security/test_secrets_redacted.py`` holds that for every field of a result), so these
    are the only places a credential-named key can sit; the secrets check walks them instead of the whole row
    (:func:`windtunnel._util.redact.redact_serialised`).

    With the row's JSON ``raw``: when it holds no ``{`` beyond the dicts :func:`cell_row` made (the row, the
    mutation and its args, each check, each fault), no dict sits below the args or a fault (each dict writes one
    ``{``, and text can only add more), so the parts are the args and the faults and only their own keys need a
    look (``flat``): the usual row, without a walk through its args' lists."""
    m = row["mutation"]
    faults = row["faults"]
    checks = row["checks"]
    optional = not row.keys().isdisjoint(_FOREIGN_FIELDS)  # one look for the four, usually all absent
    if raw is not None and not optional:
        made = 1 + len(checks) + len(faults) + (2 if m is not None else 0)
        if raw.count(b"{") == made:  # no judge record either: it would be a dict more
            flat: list[object] = [m["args"]] if m is not None and m["args"] else []
            return flat + faults if faults else flat, True
    parts: list[object] = [m["args"]] if m is not None and m["args"] else []
    if faults:
        parts.append(faults)
    for c in checks:
        if "judge" in c:
            parts.append(c["judge"])
    if optional:
        parts += [row[name] for name in _FOREIGN_FIELDS if name in row]  # type: ignore[literal-required]
    return parts, False


def _check(c: CheckOutcome) -> CheckDict:
    """``c.model_dump(exclude_none=True)``, without pydantic's per-call cost (one per check per cell)."""
    out: CheckDict = {"type": c.type, "id": c.id, "passed": c.passed}
    if c.detail is not None:
        out["detail"] = c.detail
    if c.severity is not None:
        out["severity"] = c.severity
    if c.judge is not None:
        out["judge"] = c.judge
    return out


def build_report(
    *,
    run_id: str,
    mode: str,
    seed: int | None,
    started_at: str,
    finished_at: str,
    summary: SummaryDict,
    cells: list[CellDict],
    extra_run: RunInfoDict | None = None,
    notices: list[str] | None = None,
) -> ReportDict:
    """The whole report: schema and tool version, the run's identity and timing (plus ``extra_run``), the summary,
    notices and cells, and the total token usage when any cell recorded some. Run and summary are redacted here;
    the cells were redacted when their rows were built."""
    run: RunInfoDict = {"id": run_id, "mode": mode, "seed": seed, "started_at": started_at, "finished_at": finished_at}
    report: ReportDict = {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "windtunnel", "version": __version__},
        "run": redact_record({**run, **(extra_run or {})}),
        "summary": redact_record(summary),
        "notices": notices or [],
        "cells": cells,
    }
    usage = total_usage(cells)
    if usage:
        report["usage"] = usage
    return report
