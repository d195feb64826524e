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

from bisect import bisect_left
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, TypeVar, cast

from windtunnel._util.stats import wilson_interval
from windtunnel.report.dicts import CellDict, as_cell
from windtunnel.reports.cells import cell_phase, failure_detail, fault_label, one_line, truncate
from windtunnel.store.facts import NO_FAULT, NO_VERDICT, Facts, fact_values

HIST_BINS = 20
_K = TypeVar("_K", bound=Hashable)


def percentile(sorted_values: Sequence[float], q: float) -> float | None:
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


def histogram(values: Sequence[float], bins: int = HIST_BINS) -> list[dict[str, float | int]]:
    """Equal-width bins over ``[min, max]`` of ``values``: ``[{lo, hi, count}]``, edges rounded to 3 places.

    ``values`` must be sorted (the ends are read as min and max). The maximum falls in the last bin, which is closed
    on the right. No values give ``[]``; values all equal give bins of width 1 from that value, the first holding
    them all, so the chart still has an axis. A value ``v`` falls in bin ``min(int((v - lo) / width), bins - 1)``;
    that is non-decreasing in ``v`` (each IEEE operation is), so each bin's first value is found by bisection: ~20
    searches, not a pass over 55,000 values."""
    if not values:
        return []
    lo, hi = values[0], values[-1]
    width = (hi - lo) / bins if hi > lo else 1.0

    def bin_of(v: float) -> int:
        return min(int((v - lo) / width), bins - 1)

    starts = [bisect_left(values, b, key=bin_of) for b in range(bins)] + [len(values)]
    counts = [starts[b + 1] - starts[b] for b in range(bins)]
    return [
        {"lo": round(lo + i * width, 3), "hi": round(lo + (i + 1) * width, 3), "count": c} for i, c in enumerate(counts)
    ]


class Tally:
    """The counters of :func:`aggregate_cells`, fed one cell's :class:`~windtunnel.store.facts.Facts` at a time, or a
    group of ``n`` cells with the same facts at once (the store's facts, grouped): the result is the same.

    Dicts keep the order in which their keys were first met, so groups must come in the order of their first cell."""

    def __init__(self) -> None:
        """Empty counters."""
        self.total = 0
        self.counts = {"passed": 0, "failed": 0, "error": 0, "skipped": 0}
        self.by_mutation: dict[str, list[int]] = {}
        self.by_fault: dict[str, list[int]] = {}
        self.by_invariant: dict[str, list[int]] = {}
        self.by_phase: dict[str, list[int]] = {}
        self.scenarios: dict[str, None] = {}
        self.invariants: dict[str, None] = {}
        self.heat: dict[tuple[str, str], list[int]] = {}

    def add(self, facts: Facts, n: int = 1) -> None:
        """Count ``n`` cells whose facts are ``facts``."""
        self.total += n
        status = facts.status
        self.counts[status] = self.counts.get(status, 0) + n
        if status in NO_VERDICT:  # skipped, or a contract row of a scenario not exercised: in no rate
            return
        ok = n if facts.passed else 0
        _count(self.by_phase, facts.phase, ok, n)
        if facts.mutation:
            _count(self.by_mutation, facts.mutation, ok, n)
        for label in facts.fault_labels or (NO_FAULT,):
            _count(self.by_fault, label, ok, n)
        if facts.invariant:
            _count(self.by_invariant, facts.invariant, ok, n)
        if facts.kind == "contract":
            key = (facts.scenario or "", facts.invariant or "")
            self.scenarios.setdefault(key[0])
            self.invariants.setdefault(key[1])
            _count(self.heat, key, ok, n)

    def result(self, latencies: Sequence[float]) -> dict[str, Any]:
        """The aggregates (see :func:`aggregate_cells`), with ``latencies`` the sorted latencies of the scored cells."""
        counts = self.counts
        scored = counts["passed"] + counts["failed"] + counts["error"]
        interval = wilson_interval(counts["passed"], scored) if scored else None
        heat = self.heat
        return {
            "cells": self.total,
            "counts": counts,
            "scored": scored,
            "pass_rate": round(counts["passed"] / scored, 4) if scored else None,
            "wilson_95": [round(interval[0], 4), round(interval[1], 4)] if interval else None,
            "by_phase": {k: _rate(v) for k, v in self.by_phase.items()},
            "by_mutation": {k: _rate(v) for k, v in sorted(self.by_mutation.items())},
            "by_fault": {k: _rate(v) for k, v in sorted(self.by_fault.items())},
            "by_invariant": {k: _rate(v) for k, v in self.by_invariant.items()},
            "heatmap": {
                "scenarios": list(self.scenarios),
                "invariants": list(self.invariants),
                "cells": [
                    {"scenario": s, "invariant": i, **_rate(heat[(s, i)])}
                    for s in self.scenarios
                    for i in self.invariants
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


def _count(table: dict[_K, list[int]], key: _K, ok: int, n: int) -> None:
    """Add ``ok`` passed of ``n`` cells to ``table[key]``'s ``[passed, total]``."""
    entry = table.get(key)
    if entry is None:
        table[key] = [ok, n]
    else:
        entry[0] += ok
        entry[1] += n


def _facts(cell: Mapping[str, Any]) -> Facts:
    """The facts of a cell as the store keeps them (its fields' types checked where it was read)."""
    key, latency = fact_values(cast(CellDict, cell))
    return Facts(*key, latency)


def aggregate_cells(cells: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Everything the run page and the trend page plot, from one pass over the cells (they may be streamed from the
    store: nothing but counters and the latencies is kept).

    Returns the status counts; the pass rate over the scored cells (skipped ones are not scored) with its 95 % Wilson
    interval, both None when nothing was scored; pass rates by phase, mutation type, fault (``target.mode``, or no
    fault) and invariant; the scenario × invariant heatmap of a contract (None for other runs); and the latency
    distribution (p50, p95, max, histogram) in milliseconds. Each cell is read through
    :func:`~windtunnel.store.facts.fact_values`, as the store writes its facts, so the two always agree. The cells
    are what the store's readers hand out, their fields' types already checked (a damaged row is an errored cell).
    """
    tally = Tally()
    latencies: list[float] = []
    for cell in cells:
        facts = _facts(cell)
        tally.add(facts)
        if facts.status != "skipped" and facts.latency_ms is not None:
            latencies.append(facts.latency_ms)
    latencies.sort()
    return tally.result(latencies)


def aggregate_groups(groups: Iterable[tuple[Facts, int]], latencies: Sequence[float]) -> dict[str, Any]:
    """:func:`aggregate_cells` from the store's facts: ``groups`` are distinct facts with their number of cells,
    in the order of each group's first cell, and ``latencies`` the sorted latencies of the scored cells."""
    tally = Tally()
    for facts, n in groups:
        tally.add(facts, n)
    return tally.result(latencies)


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

    ``filters`` maps :data:`FILTER_KEYS` to the wanted value; an empty value is no filter. The fields are read as the
    store keeps them (:func:`~windtunnel.store.facts.fact_values`; ``mutation`` is the mutation's type,
    ``phase`` the cell's phase), so this and the store's filtered query agree. ``fault`` matches a ``target.mode``
    label, or :data:`NO_FAULT` for a cell in which no fault fired. ``q`` searches the id, prompt, output and error,
    which the facts do not carry: the API reads whole cells for it."""
    facts = _facts(cell)
    for key, want in filters.items():
        if not want:
            continue
        if key == "fault":
            if want not in (facts.fault_labels or [NO_FAULT]):
                return False
        elif key == "q":
            hay = " ".join(str(cell.get(k) or "") for k in ("id", "prompt", "output", "error")).lower()
            if want.lower() not in hay:
                return False
        elif str(getattr(facts, key) or "") != want:
            return False
    return True
