"""Reading cells of a run report: phase, identity, grouping, fallback summaries.

A cell is a plain dict shaped by ``report.schema.json``. Every reporter and the run store use
these helpers so that "the same cell" means the same thing everywhere:

* :func:`cell_phase` is the ``phase`` key when the engine set one (``ci`` mode), otherwise derived
  from the kind (``golden`` and ``mutation`` cells belong to the ``mutation`` phase).
* :func:`identity_key` names a cell *ignoring its repeat index*, so repeats of one cell group
  together (statistics, flaky detection, run diffs) and a SARIF fingerprint survives re-runs.

Why plain dicts and not the report models: the reporters read cells straight from JSON files, the store and the
engine's stream, tens of thousands at a time; building a pydantic model per cell would cost more than rendering it,
and a report written by an older version must still render. So every helper reads with ``.get`` and tolerates a
missing or null field, and the typed check of a whole report is :mod:`windtunnel.reports.validate`'s job, done once
at the edge.

Changing :func:`cell_identity` changes what the store's run diff, the flaky list, pass^k and the SARIF fingerprints
consider the same cell across runs; add to it only what defines a cell's *input*, never its result.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import TypeVar, cast

import orjson

from windtunnel._util.jsondump import dumps
from windtunnel._util.jsontypes import JSONValue
from windtunnel.report.dicts import ByTypeDict, CellDict, CheckDict, PhaseDict, SummaryDict

Cell = CellDict
_T = TypeVar("_T")

KIND_PHASE = {
    "golden": "mutation",
    "mutation": "mutation",
    "chaos": "chaos",
    "contract": "contract",
    "replay": "replay",
}
PHASE_ORDER = ("mutation", "chaos", "contract", "replay")


def cell_phase(cell: Mapping[str, object]) -> str:
    """The phase a cell belongs to: its ``phase`` key, else derived from ``kind``."""
    phase = cell.get("phase")
    if isinstance(phase, str) and phase:
        return phase
    kind = str(cell.get("kind") or "run")
    return KIND_PHASE.get(kind, kind)


def cell_identity(cell: Cell) -> tuple[JSONValue, ...]:
    """What makes two cells "the same cell": everything that defines its input, not its result.

    The repeat index, the output, the verdict, latency and the injected faults are excluded. A replayed
    session's id is part of it: two recorded sessions with the same input are two cells, not repeats.
    """
    mutation = cell.get("mutation") or {}
    session = cell.get("session")
    session_id = session.get("id") if isinstance(session, dict) else None
    base = (
        cell_phase(cell),
        cell.get("kind"),
        cell.get("scenario"),
        cell.get("invariant"),
        cell.get("golden_prompt"),
        cell.get("prompt"),
        mutation.get("type"),
        mutation.get("args") or {},
    )
    return base if session_id is None else (*base, session_id)


def identity_key(cell: Cell) -> str:
    """A short stable hash of :func:`cell_identity` (hex, 20 characters).

    80 bits of SHA-256 over the identity serialised with sorted keys, so mutation arguments given in another order are
    the same cell; a collision among even millions of distinct cells is negligible.
    """
    return identity_digest(cell).hex()


def identity_digest(cell: Cell) -> bytes:
    """:func:`identity_key` as its 10 bytes (what a tally keeps per distinct cell: smaller than the hex)."""
    raw = dumps(cell_identity(cell), orjson.OPT_SORT_KEYS)
    return hashlib.sha256(raw).digest()[:10]


def cell_label(cell: Cell, width: int = 80) -> str:
    """A one-line human name: invariant and mutation type, then the prompt, cut to ``width`` characters.

    ``contract_invariant · paraphrase: book a flight ...``; the prompt's whitespace (newlines included) is folded so
    the label fits one table row. The scenario is not in it: reporters show it as the cell's group
    (:func:`cell_group`).
    """
    parts: list[str] = []
    if cell.get("invariant"):
        parts.append(str(cell["invariant"]))
    mutation = cell.get("mutation")
    if mutation and mutation.get("type"):
        parts.append(str(mutation["type"]))
    head = " · ".join(parts)
    prompt = one_line(str(cell.get("prompt") or ""))
    text = f"{head}: {prompt}" if head else prompt
    return truncate(text, width)


def cell_group(cell: Cell) -> str:
    """The test "class" of a cell: its scenario, else its mutation type, else its kind."""
    if cell.get("scenario"):
        return str(cell["scenario"])
    mutation = cell.get("mutation")
    if mutation and mutation.get("type"):
        return str(mutation["type"])
    return str(cell.get("kind") or "cell")


_CONTROLS = {c: f"\\x{c:02x}" for c in [*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), *range(0x7F, 0xA0)]}
"""C0 controls (but tab, newline and carriage return), DEL and the C1 controls (``\\x9b`` is a terminal's CSI),
as the escapes that show them."""


def visible_controls(value: _T) -> _T:
    """``value`` with every C0 control character but tab/newline/CR, DEL and C1, in strings (also inside
    lists and dicts) written as a visible ``\\xNN`` escape: a page or a terminal shows them instead of obeying
    or swallowing them. The one escaping of untrusted text for every output but rich's (see ``terminal.plain``)."""
    if isinstance(value, str):
        return cast(_T, value.translate(_CONTROLS))
    if isinstance(value, list):
        return cast(_T, [visible_controls(v) for v in value])
    if isinstance(value, dict):
        return cast(_T, {k: visible_controls(v) for k, v in value.items()})
    return value


def one_line(text: str) -> str:
    """``text`` with every run of whitespace (newlines included) made one space."""
    return " ".join(text.split())


def truncate(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, the last one an ellipsis when it was cut."""
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


def failed_checks(cell: Cell) -> list[CheckDict]:
    """The cell's checks that did not pass, in report order."""
    return [c for c in cell.get("checks") or [] if not c.get("passed")]


def failure_detail(cell: Cell) -> str:
    """Why the cell did not pass, in one string: the failed checks' details, else the error.

    ``"type: detail; type: detail"`` for a failed cell (``failed`` with no detail when a check recorded none), the error
    message for an errored one, the reason a skipped cell did not run, and the empty string for a passing cell. Not cut:
    each reporter truncates to its own width.
    """
    if cell.get("status") == "error":
        return str(cell.get("error") or "the agent call failed")
    details = [f"{c.get('type')}: {c.get('detail') or 'failed'}" for c in failed_checks(cell)]
    if details:
        return "; ".join(details)
    if cell.get("status") == "failed":
        return "failed (no check detail recorded)"
    if cell.get("status") == "skipped":  # why it did not run (or the N/A row's note)
        return str(cell.get("error") or cell.get("detail") or "")
    return ""


def not_run_why(entry: Mapping[str, object]) -> str:
    """Why a phase was not run, after the word ``not run`` (``the chaos phase is not run: X`` gives ``X``).

    Reporters print ``not run`` themselves and then this reason; a reason without that phrase is returned whole, and a
    phase entry without a reason gives the empty string.
    """
    reason = str(entry.get("reason") or "")
    return reason.split(" is not run: ", 1)[-1]


def status_word(cell: Cell) -> str:
    """The status as the terminal words it: a skipped cell is ``not run``, or ``N/A`` for a contract
    invariant that does not apply in its scenario."""
    status = str(cell.get("status"))
    if status != "skipped":
        return status
    return "N/A" if str(cell.get("detail") or "").startswith("N/A") else "not run"


def fault_label(fault: Mapping[str, object]) -> str:
    """A fired fault as ``target.mode(name)`` (``tool.timeout(lookup_order)``); the name is left out when there is
    none.
    """
    name = fault.get("name")
    base = f"{fault.get('target')}.{fault.get('mode')}"
    return f"{base}({name})" if name else base


def fault_summary(faults: Iterable[Mapping[str, object]]) -> str:
    """The fired faults on one line, a fault repeated in a row collapsed with its count: ``tool.error(get_balance)
    ×277, llm.empty``. An agent that retries a failing tool forever fires one fault hundreds of times; listed one by
    one it buried the report (QA-11 minor 6). Order is kept (first firing first), so the line still reads as a
    sequence."""
    labels: list[str] = []
    counts: list[int] = []
    for fault in faults:
        label = fault_label(fault)
        if labels and labels[-1] == label:
            counts[-1] += 1
        else:
            labels.append(label)
            counts.append(1)
    return ", ".join(label if n == 1 else f"{label} ×{n}" for label, n in zip(labels, counts, strict=True))


def ordered_phases(names: Iterable[str]) -> list[str]:
    """Phase names in pipeline order (known phases first, then the rest alphabetically)."""
    names = set(names)
    known = [p for p in PHASE_ORDER if p in names]
    return known + sorted(names - set(known))


def group_by_phase(cells: Iterable[Cell]) -> dict[str, list[Cell]]:
    """The cells by phase, phases in pipeline order (:func:`ordered_phases`), each phase's cells in their given
    order.
    """
    groups: dict[str, list[Cell]] = defaultdict(list)
    for cell in cells:
        groups[cell_phase(cell)].append(cell)
    return {p: groups[p] for p in ordered_phases(groups)}


def count_statuses(cells: Iterable[Cell]) -> dict[str, int]:
    """How many cells have each status; the four usual statuses are always present (0 when absent), others are added."""
    counts = {"passed": 0, "failed": 0, "error": 0, "skipped": 0}
    for cell in cells:
        status = str(cell.get("status"))
        counts[status] = counts.get(status, 0) + 1
    return counts


def summarize_cells(cells: Iterable[Mapping[str, object]]) -> SummaryDict:
    """An unweighted summary computed from cells alone.

    Used for runs that never finished (the engine's weighted summary was never written) and by
    test fixtures. Score = passed / (passed + failed + errored) × 100; ``None`` (and not passed)
    when nothing was scored, never a vacuous 100.
    """
    counts = {"passed": 0, "failed": 0, "error": 0, "skipped": 0}
    total = 0
    critical = False
    for cell in cells:  # one pass, nothing kept: works on a stream of cells from the store
        total += 1
        status = str(cell.get("status"))
        counts[status] = counts.get(status, 0) + 1
        critical = critical or (cell.get("severity") == "critical" and status == "failed")
    scored = counts["passed"] + counts["failed"] + counts["error"]
    score = round(100.0 * counts["passed"] / scored, 2) if scored else None
    return {
        "score": score,
        "passed": bool(scored) and counts["failed"] == 0 and counts["error"] == 0,
        "critical_failed": critical,
        "cells_total": total,
        "cells_passed": counts["passed"],
        "cells_failed": counts["failed"],
        "cells_errored": counts["error"],
        "cells_skipped": counts["skipped"],
    }


def by_type_summary(cells: Iterable[Cell]) -> dict[str, ByTypeDict | float]:
    """Per-mutation-type pass rates, the shape reporters read from ``summary.by_type``.

    ``{type: {"total": n, "passed": k, "pass_rate": k / n}}`` over non-skipped mutation cells.
    """
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for cell in cells:
        mutation = cell.get("mutation")
        if not mutation or cell.get("status") == "skipped":
            continue
        entry = totals[str(mutation.get("type"))]
        entry[0] += 1
        entry[1] += 1 if cell.get("passed") else 0
    return {t: {"total": n, "passed": k, "pass_rate": k / n} for t, (n, k) in sorted(totals.items())}


def by_type_rows(summary: SummaryDict) -> list[tuple[str, int | None, int | None, float | None]]:
    """``summary.by_type`` as rows ``(type, passed, total, rate 0-1)``; tolerant of a bare rate.

    A bare number is a rate (a value above 1 is read as a percentage); passed and total are then ``None``.
    """
    rows = []
    by_type = summary.get("by_type")
    if not isinstance(by_type, Mapping):
        return []
    for name, value in by_type.items():
        if isinstance(value, Mapping):
            total, passed = value.get("total"), value.get("passed")
            rate = value.get("pass_rate")
            if rate is None and isinstance(total, int) and total and isinstance(passed, int):
                rate = passed / total
            rows.append((str(name), passed, total, rate))
        elif isinstance(value, (int, float)):
            rate = float(value) / 100 if value > 1 else float(value)
            rows.append((str(name), None, None, rate))
    return rows


def phase_rows(summary: SummaryDict) -> list[tuple[str, PhaseDict]]:
    """``summary.phases`` in pipeline order as ``(name, entry)``."""
    phases = summary.get("phases")
    if not isinstance(phases, Mapping):
        return []
    return [(name, phases[name]) for name in ordered_phases(phases)]


def phase_not_run(entry: PhaseDict) -> bool:
    """A ci phase that did not run (``status: not run``). A phase that ran and scored nothing (chaos in which no
    fault fired: score ``n/a``) ran and has its verdict: it is never shown as not run (QA-28 #1)."""
    return entry.get("status") in ("not run", "not_run")


def format_score(score: float | None) -> str:
    """A score with one decimal, or ``n/a`` when there is none (a run that scored nothing is not 0)."""
    if score is None:
        return "n/a"
    return f"{float(score):.1f}"
