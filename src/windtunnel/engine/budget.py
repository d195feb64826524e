"""The run's cost meter: every completed cell's usage is priced with ``prices:`` (``usage.cost_usd``, or
``cost_usd: null`` with ``cost_unknown`` saying why: an unknown cost is not zero), and ``advanced.max_cost``
is the run's budget. When the cost of the completed cells reaches it, the cells not started yet are not
run (``skipped`` with ``error_kind: budget``), what ran is kept, a warning says so and the run fails
(exit 1). Cells already in flight finish, so a concurrent run may overshoot by their cost. A completed
cell whose cost is unknown (no usage recorded, or a model missing from ``prices:``) stops the run the
same way."""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from windtunnel.chaos.llm_wire import OTHER_PATH
from windtunnel.engine.cells import Cell, CellResult
from windtunnel.invariants.budget import ModelPrice, cost_of, usd

_COUNTS = ("input_tokens", "output_tokens", "total_tokens", "requests")


def model_requests(calls: Iterable[Mapping[str, Any]]) -> int:
    """The model requests in a cell's call log: its ``llm`` entries (failed, faulted and retried calls included, an
    SDK retry being a request of its own), not the other calls the LLM proxy passed through (embeddings, files)."""
    return sum(1 for c in calls if c.get("target") == "llm" and c.get("note") != OTHER_PATH)


def recorded_usage(metadata: dict[str, Any], calls: Iterable[Mapping[str, Any]] = ()) -> dict[str, Any] | None:
    """The usage an agent call recorded (``metadata["usage"]``), token counts as whole numbers (a count that
    is not a non-negative number is dropped, so the report stays typed), or ``None``.

    ``requests`` follows one rule for every agent type: the model requests the cell's call log holds
    (:func:`model_requests`) when windtunnel saw the agent's model at a seam, else the count the agent reported (an
    adapter that counts only answered requests, or none at all, never decides it while the seam saw the calls). When
    the two differ the agent's own count stays as ``reported_requests``: more than the seam saw means some of its
    model calls went past windtunnel (:func:`reported_requests`)."""
    usage = metadata.get("usage")
    if not isinstance(usage, dict):
        return None
    out = dict(usage)
    for key in _COUNTS:
        value = out.get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            out.pop(key, None)
        else:
            out[key] = int(value)
    seen = model_requests(calls)
    if seen:
        if out.get("requests", seen) != seen:
            out["reported_requests"] = out["requests"]
        out["requests"] = seen
    if "model" in out and out["model"] is not None:
        out["model"] = str(out["model"])
    return out


def reported_requests(usage: Mapping[str, Any] | None) -> int | None:
    """The model requests a cell's agent said it made (its own usage record, kept as ``reported_requests`` when the
    seam's count replaced it), ``None`` when it said nothing."""
    if not isinstance(usage, Mapping):
        return None
    value = usage.get("reported_requests", usage.get("requests"))
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def priced(usage: dict[str, Any], prices: dict[str, ModelPrice]) -> dict[str, Any]:
    """``usage`` with its cost: ``cost_usd`` (a number, or ``None`` and ``cost_unknown`` naming the model).

    An unknown cost is recorded as unknown with the reason, never as zero: a report that sums costs must not
    under-count silently."""
    cost, why = cost_of(usage, prices)
    out = {k: v for k, v in usage.items() if k not in ("cost_usd", "cost_unknown")}
    out["cost_usd"] = None if cost is None else round(cost, 9)
    if cost is None:
        out["cost_unknown"] = why
    return out


_SHARED: ContextVar[dict[str, RunBudget] | None] = ContextVar("windtunnel_run_budget", default=None)


@contextmanager
def one_budget() -> Iterator[None]:
    """Every session started inside shares one :class:`RunBudget` (``ci``: ``advanced.max_cost`` is the
    budget of all its phases together, not of each phase)."""
    token = _SHARED.set({})
    try:
        yield
    finally:
        _SHARED.reset(token)


class RunBudget:
    """The cost meter of one run (or of all ``ci`` phases under :func:`one_budget`): it prices each completed cell's
    usage and, with ``advanced.max_cost``, stops the run once the spend reaches it or a cost cannot be known.
    Thread-safe: cells complete concurrently, and blocking checks finish in worker threads."""

    def __init__(self, max_usd: float | None, prices: dict[str, ModelPrice], warnings: list[str]) -> None:
        """A meter with ``max_usd`` as the budget (``None``: price only, never stop), ``prices`` per model, and
        ``warnings`` to receive the notice when it stops the run."""
        self.max_usd = max_usd
        self.prices = prices
        self.warnings = warnings
        self.spent = 0.0
        self.cells = 0
        self.reason: str | None = None
        self._lock = threading.Lock()

    @classmethod
    def of(cls, cfg: Any, warnings: list[str]) -> RunBudget | None:
        """The cost meter of ``cfg``: ``None`` without ``prices:`` (and then without ``advanced.max_cost``, which
        needs them); ``warnings`` receives the notice of a spent budget.

        Inside :func:`one_budget` every session gets the same meter (``ci``'s phases share one budget); a phase
        that starts after the budget was spent is told so in its own warnings, and its cells are skipped."""
        max_usd = getattr(cfg.advanced, "max_cost", None)
        prices = dict(getattr(cfg, "prices", None) or {})
        if max_usd is None and not prices:
            return None
        shared = _SHARED.get()
        if shared is None:
            return cls(max_usd, prices, warnings)
        budget = shared.setdefault("budget", cls(max_usd, prices, warnings))
        if budget.warnings is not warnings:  # a later phase: its notices go to its own report
            budget.warnings = warnings
            if budget.reason is not None:
                warnings.append(f"{budget.reason} in an earlier phase; no cell of this phase was run (skipped)")
        return budget

    def skip(self, cell: Cell) -> CellResult | None:
        """The result of a cell that is not run because the budget is spent, else ``None``.

        Skipped cells are reported (status ``skipped``, ``error_kind: budget``), so the report shows exactly which
        cells the budget cost the run."""
        if self.reason is None:
            return None
        return CellResult(cell=cell, status="skipped", error=f"not run: {self.reason}", error_kind="budget")

    def add(self, result: CellResult) -> None:
        """Price ``result``'s usage (in place) and count its cost against ``advanced.max_cost``.

        A cell whose cost cannot be known (no usage recorded, a model missing from ``prices:``) stops the run as a
        spent budget does: a budget that cannot be counted cannot be kept."""
        if result.status == "skipped":
            return
        if result.usage is not None and self.prices:
            result.usage = priced(result.usage, self.prices)
        if self.max_usd is None:
            return
        with self._lock:
            self.cells += 1
            if result.usage is None:
                cost, why = None, f"cell {result.cell.id} recorded no token usage"
            else:
                cost, why = cost_of(result.usage, self.prices)
            if cost is None:
                self._stop(f"the cost of cell {result.cell.id} is unknown ({why}), so advanced.max_cost cannot be kept")
                return
            self.spent += cost
            if self.spent >= self.max_usd:
                self._stop(
                    f"the run budget advanced.max_cost {usd(self.max_usd)} was reached (${self.spent:.6f} spent "
                    f"by {self.cells} cell(s))"
                )

    def _stop(self, why: str) -> None:
        """Record the first reason the run stops (later ones change nothing) and warn once."""
        if self.reason is None:
            self.reason = why
            self.warnings.append(f"{why}; the cells not started yet were not run (skipped), the run fails")
