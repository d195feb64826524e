"""Run scores. Nothing scores vacuously: no scored cell means ``None``, never 100."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Summary:
    score: float | None
    passed: bool
    cells_total: int = 0
    cells_passed: int = 0
    cells_failed: int = 0
    cells_errored: int = 0
    cells_skipped: int = 0
    cells_not_run: int = 0
    """Cells cut short because the launched agent process died (``agent_exited``): not scored, rerun by --resume."""
    by_type: dict[str, dict[str, Any]] = field(default_factory=dict)
    critical_failed: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {
            "score": None if self.score is None else round(self.score, 2),
            "passed": self.passed,
            "critical_failed": self.critical_failed,
            "cells_total": self.cells_total,
            "cells_passed": self.cells_passed,
            "cells_failed": self.cells_failed,
            "cells_errored": self.cells_errored,
            "cells_skipped": self.cells_skipped,
            "cells_not_run": self.cells_not_run,
            "by_type": self.by_type,
        }


def type_weights(configured: dict[str, float]) -> dict[str, float]:
    """Registry defaults, overridden only for the types the config names."""
    from windtunnel.mutations.base import mutations

    weights = {name: mt.weight for name, mt in mutations.items()}
    weights.update(configured)
    return weights


def summarize(
    rows: Iterable[dict[str, Any]], *, weights: dict[str, float] | None = None, min_score: float | None = None
) -> Summary:
    """Weighted pass rate over report rows: golden cells weigh 1, mutated cells their type's weight.

    Errored cells count as failures; skipped cells are not scored. Cells cut short because the launched
    agent process died (``error_kind: agent_exited``) are not run rather than failed: they are left out
    of every count but ``cells_not_run``, so a crash never reads as a robustness failure.
    No scored cell → ``score=None``.
    """
    weights = weights or {}
    num = den = 0.0
    budget_cut = False
    s = Summary(score=None, passed=False)
    for r in rows:
        if r.get("error_kind") == "agent_exited":
            s.cells_not_run += 1
            continue
        status = r["status"]
        s.cells_total += 1
        if status == "skipped":
            s.cells_skipped += 1
            budget_cut = budget_cut or r.get("error_kind") == "budget"
            continue
        s.cells_passed += status == "passed"
        s.cells_failed += status == "failed"
        s.cells_errored += status == "error"
        mutation = r.get("mutation")
        key = mutation["type"] if mutation else r["kind"]
        w = weights.get(key, 1.0) if mutation else 1.0
        num += w * (status == "passed")
        den += w
        t = s.by_type.setdefault(key, {"passed": 0, "total": 0, "weight": w})
        t["total"] += 1
        t["passed"] += status == "passed"
    for t in s.by_type.values():
        t["pass_rate"] = round(t["passed"] / t["total"], 4) if t["total"] else None
    if den > 0:
        s.score = min(100.0, 100.0 * num / den)  # float sums can overshoot by an ulp
        if min_score is not None:
            s.passed = s.score >= min_score
        else:
            s.passed = s.cells_passed == s.cells_total - s.cells_skipped
    if budget_cut:  # cells left out by advanced.max_cost: the run did not do what it was asked (engine/budget.py)
        s.passed = False
    return s
