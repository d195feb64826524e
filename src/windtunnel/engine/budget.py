"""``advanced.max_cost``: the run's budget. When the cost of the completed cells reaches it, the cells not
started yet are not run (``skipped`` with ``error_kind: budget``), what ran is kept, a warning says so and
the run fails (exit 1). Cells already in flight finish, so a concurrent run may overshoot by their cost.
A completed cell whose cost is unknown (no usage recorded, or a model missing from ``prices:``) stops
the run the same way: an unknown cost is not zero."""

from __future__ import annotations

import threading
from typing import Any

from windtunnel.engine.cells import Cell, CellResult
from windtunnel.invariants.budget import ModelPrice, cost_of


class RunBudget:
    def __init__(self, max_usd: float, prices: dict[str, ModelPrice], warnings: list[str]) -> None:
        self.max_usd = max_usd
        self.prices = prices
        self.warnings = warnings
        self.spent = 0.0
        self.cells = 0
        self.reason: str | None = None
        self._lock = threading.Lock()

    @classmethod
    def of(cls, cfg: Any, warnings: list[str]) -> RunBudget | None:
        """The budget of ``cfg`` (``None`` without ``advanced.max_cost``); ``warnings`` receives the notice."""
        max_usd = getattr(cfg.advanced, "max_cost", None)
        return None if max_usd is None else cls(max_usd, dict(cfg.prices), warnings)

    def skip(self, cell: Cell) -> CellResult | None:
        """The result of a cell that is not run because the budget is spent, else ``None``."""
        if self.reason is None:
            return None
        return CellResult(cell=cell, status="skipped", error=f"not run: {self.reason}", error_kind="budget")

    def add(self, result: CellResult) -> None:
        if result.status == "skipped":
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
                    f"the run budget advanced.max_cost ${self.max_usd:g} was reached (${self.spent:.6f} spent "
                    f"by {self.cells} cell(s))"
                )

    def _stop(self, why: str) -> None:
        if self.reason is None:
            self.reason = why
            self.warnings.append(f"{why}; the cells not started yet were not run (skipped), the run fails")
