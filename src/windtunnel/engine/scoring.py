"""Run scores. Nothing scores vacuously: no scored cell means ``None``, never 100."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
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


class Tally:
    """The run summary computed incrementally: :meth:`add` each report row as it completes, read
    :meth:`summary` at any time. Holds counters only (nothing per cell), so memory stays flat."""

    def __init__(self, *, weights: dict[str, float] | None = None, min_score: float | None = None) -> None:
        self.weights = weights or {}
        self.min_score = min_score
        self._num = self._den = 0.0
        self._s = Summary(score=None, passed=False)

    def add(self, r: Mapping[str, Any]) -> None:
        s = self._s
        if r.get("error_kind") == "agent_exited":
            s.cells_not_run += 1
            return
        status = r["status"]
        s.cells_total += 1
        if status == "skipped":
            s.cells_skipped += 1
            return
        s.cells_passed += status == "passed"
        s.cells_failed += status == "failed"
        s.cells_errored += status == "error"
        mutation = r.get("mutation")
        key = mutation["type"] if mutation else r["kind"]
        w = self.weights.get(key, 1.0) if mutation else 1.0
        self._num += w * (status == "passed")
        self._den += w
        t = s.by_type.get(key)
        if t is None:
            t = s.by_type[key] = {"passed": 0, "total": 0, "weight": w}
        t["total"] += 1
        t["passed"] += status == "passed"

    def __call__(self, r: Mapping[str, Any]) -> None:
        self.add(r)

    def summary(self) -> Summary:
        """The summary of the rows added so far (a fresh object; adding more rows does not change it)."""
        s = self._s
        out = replace(s, by_type={k: dict(v) for k, v in s.by_type.items()})
        for t in out.by_type.values():
            t["pass_rate"] = round(t["passed"] / t["total"], 4) if t["total"] else None
        if self._den > 0:
            out.score = min(100.0, 100.0 * self._num / self._den)  # float sums can overshoot by an ulp
            if self.min_score is not None:
                out.passed = out.score >= self.min_score
            else:
                out.passed = out.cells_passed == out.cells_total - out.cells_skipped
        return out


def summarize(
    rows: Iterable[Mapping[str, Any]], *, weights: dict[str, float] | None = None, min_score: float | None = None
) -> Summary:
    """Weighted pass rate over report rows: golden cells weigh 1, mutated cells their type's weight.

    Errored cells count as failures; skipped cells are not scored. Cells cut short because the launched
    agent process died (``error_kind: agent_exited``) are not run rather than failed: they are left out
    of every count but ``cells_not_run``, so a crash never reads as a robustness failure.
    No scored cell → ``score=None``. One pass, nothing kept (see :class:`Tally`).
    """
    tally = Tally(weights=weights, min_score=min_score)
    for r in rows:
        tally.add(r)
    return tally.summary()
