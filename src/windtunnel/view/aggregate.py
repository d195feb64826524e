"""What the viewer's pages plot, computed from a run's cells in one pass.

* :func:`aggregate_cells`: status counts, the Wilson interval of the pass rate, the scenario ×
  invariant heat map, pass rates per mutation type, per fault mode and per invariant, latency
  percentiles and a latency histogram.
* :func:`cell_row`: the short form of a cell for the cell table (long text truncated).
* :func:`matches`: the cell table's filters (status, kind, scenario, invariant, mutation type,
  fault, free text).

Everything here is a pure function of cell dicts, so the same code serves whole cells and the cut-down "facts"
the store extracts (:data:`~windtunnel.store.queries.FACT_PATHS`): a function added here that reads a new field
must add it there too, or it silently sees ``None`` on the run page. Rates are ``None``, never 0, where no cell
counted (a blank bar, not a failing one), and the pass rate carries a Wilson interval because runs of a few dozen
cells are common and a bare percentage overstates what they show.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from windtunnel._util.stats import wilson_interval
from windtunnel.report.dicts import as_cell
from windtunnel.reports.cells import cell_phase, failure_detail, fault_label, one_line, truncate

HIST_BINS = 20
NO_FAULT = "(no fault)"


def percentile(sorted_values: list[float], q: float) -> float | None:
    """The ``q`` quantile (0..1) by linear interpolation; ``None`` for no values."""
    if not sorted_values:
        return None
    pos = (len(sorted_values) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    frac = pos - lo
    return round(sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * frac, 3)


def _rate(entry: list[int]) -> dict[str, Any]:
    """``{passed, total, pass_rate}`` from a ``[passed, total]`` counter, the rate rounded to 4 places.

    The rate is None, not 0, when nothing ran: the page draws no bar rather than a failing one."""
    passed, total = entry
    return {"passed": passed, "total": total, "pass_rate": round(passed / total, 4) if total else None}


def histogram(values: list[float], bins: int = HIST_BINS) -> list[dict[str, float | int]]:
    """Equal-width bins over ``[min, max]`` of ``values``: ``[{lo, hi, count}]``, edges rounded to 3 places.

    ``values`` must be sorted (the ends are read as min and max). The maximum falls in the last bin, which is closed
    on the right. No values give ``[]``; values all equal give bins of width 1 from that value, the first holding
    them all, so the chart still has an axis."""
    if not values:
        return []
    lo, hi = values[0], values[-1]
    width = (hi - lo) / bins if hi > lo else 1.0
    counts = [0] * bins
    for v in values:
        counts[min(int((v - lo) / width), bins - 1)] += 1
    return [
        {"lo": round(lo + i * width, 3), "hi": round(lo + (i + 1) * width, 3), "count": c} for i, c in enumerate(counts)
    ]


def aggregate_cells(cells: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Everything the run page and the trend page plot, from one pass over the cells (they may be streamed from the
    store: nothing but counters and the latencies is kept).

    Returns the status counts; the pass rate over the scored cells (skipped ones are not scored) with its 95 % Wilson
    interval, both None when nothing was scored; pass rates by phase, mutation type, fault (``target.mode``, or no
    fault) and invariant; the scenario × invariant heatmap of a contract (None for other runs); and the latency
    distribution (p50, p95, max, histogram) in milliseconds.
    """
    counts = {"passed": 0, "failed": 0, "error": 0, "skipped": 0}
    by_mutation: dict[str, list[int]] = {}
    by_fault: dict[str, list[int]] = {}
    by_invariant: dict[str, list[int]] = {}
    by_phase: dict[str, list[int]] = {}
    scenarios: dict[str, None] = {}
    invariants: dict[str, None] = {}
    heat: dict[tuple[str, str], list[int]] = {}
    latencies: list[float] = []
    total = 0
    for cell in cells:
        total += 1
        status = str(cell.get("status"))
        counts[status] = counts.get(status, 0) + 1
        if status == "skipped":
            continue
        ok = 1 if cell.get("passed") else 0
        by_phase.setdefault(cell_phase(cell), [0, 0])
        by_phase[cell_phase(cell)][0] += ok
        by_phase[cell_phase(cell)][1] += 1
        mutation = cell.get("mutation")
        if mutation and mutation.get("type"):
            entry = by_mutation.setdefault(str(mutation["type"]), [0, 0])
            entry[0] += ok
            entry[1] += 1
        faults = cell.get("faults") or []
        labels = {f"{f.get('target')}.{f.get('mode')}" for f in faults} or {NO_FAULT}
        for label in labels:
            entry = by_fault.setdefault(label, [0, 0])
            entry[0] += ok
            entry[1] += 1
        if cell.get("invariant"):
            entry = by_invariant.setdefault(str(cell["invariant"]), [0, 0])
            entry[0] += ok
            entry[1] += 1
        if cell.get("kind") == "contract":
            key = (str(cell.get("scenario") or ""), str(cell.get("invariant") or ""))
            scenarios.setdefault(key[0])
            invariants.setdefault(key[1])
            entry = heat.setdefault(key, [0, 0])
            entry[0] += ok
            entry[1] += 1
        latency = cell.get("latency_ms")
        if isinstance(latency, (int, float)):
            latencies.append(float(latency))
    latencies.sort()
    scored = counts["passed"] + counts["failed"] + counts["error"]
    interval = wilson_interval(counts["passed"], scored) if scored else None
    return {
        "cells": total,
        "counts": counts,
        "scored": scored,
        "pass_rate": round(counts["passed"] / scored, 4) if scored else None,
        "wilson_95": [round(interval[0], 4), round(interval[1], 4)] if interval else None,
        "by_phase": {k: _rate(v) for k, v in by_phase.items()},
        "by_mutation": {k: _rate(v) for k, v in sorted(by_mutation.items())},
        "by_fault": {k: _rate(v) for k, v in sorted(by_fault.items())},
        "by_invariant": {k: _rate(v) for k, v in by_invariant.items()},
        "heatmap": {
            "scenarios": list(scenarios),
            "invariants": list(invariants),
            "cells": [
                {"scenario": s, "invariant": i, **_rate(heat[(s, i)])}
                for s in scenarios
                for i in invariants
                if (s, i) in heat
            ],
        }
        if heat
        else None,
        "latency": {
            "n": len(latencies),
            "p50": percentile(latencies, 0.5),
            "p95": percentile(latencies, 0.95),
            "max": latencies[-1] if latencies else None,
            "histogram": histogram(latencies),
        },
    }


def fault_labels(cell: Mapping[str, Any]) -> list[str]:
    """The label of each fault recorded on ``cell`` (``tool:search timeout``), in injection order."""
    return [fault_label(f) for f in cell.get("faults") or []]


def cell_row(cell: Mapping[str, Any]) -> dict[str, Any]:
    """A cell as one row of the cell table: the columns the table shows and filters on, the prompt on one line cut to
    120 characters and the failure detail to 160, so a page of 1,000 rows stays small whatever the agent wrote.
    ``damaged`` passes through, so a row the store could not read is shown as such rather than dropped."""
    mutation = cell.get("mutation") or {}
    return {
        "id": cell.get("id"),
        "kind": cell.get("kind"),
        "phase": cell_phase(cell),
        "scenario": cell.get("scenario"),
        "invariant": cell.get("invariant"),
        "mutation": mutation.get("type"),
        "severity": cell.get("severity"),
        "repeat": cell.get("repeat"),
        "status": cell.get("status"),
        "latency_ms": cell.get("latency_ms"),
        "faults": fault_labels(cell),
        "prompt": truncate(one_line(str(cell.get("prompt") or "")), 120),
        "detail": truncate(failure_detail(as_cell(cell)), 160),
        "damaged": cell.get("damaged"),
    }


FILTER_KEYS = ("status", "kind", "phase", "scenario", "invariant", "mutation", "fault", "q")


def matches(cell: Mapping[str, Any], filters: Mapping[str, str]) -> bool:
    """Whether ``cell`` passes every given filter (exact match; ``q`` is a case-insensitive substring).

    ``filters`` maps :data:`FILTER_KEYS` to the wanted value; an empty value is no filter. ``fault`` matches a
    ``target.mode`` label, or :data:`NO_FAULT` for a cell in which no fault fired. ``q`` searches the id, prompt,
    output and error, which the store's facts do not carry: the API reads whole cells for it."""
    for key, want in filters.items():
        if not want:
            continue
        if key == "status":
            if cell.get("status") != want:
                return False
        elif key == "phase":
            if cell_phase(cell) != want:
                return False
        elif key == "mutation":
            if (cell.get("mutation") or {}).get("type") != want:
                return False
        elif key == "fault":
            labels = {f"{f.get('target')}.{f.get('mode')}" for f in cell.get("faults") or []} or {NO_FAULT}
            if want not in labels:
                return False
        elif key == "q":
            hay = " ".join(str(cell.get(k) or "") for k in ("id", "prompt", "output", "error")).lower()
            if want.lower() not in hay:
                return False
        elif str(cell.get(key) or "") != want:
            return False
    return True
