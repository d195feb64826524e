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
    not_exercised: dict[str, int] = field(default_factory=dict)
    """Chaos scenarios none of whose faults fired → their cells, which are left out of every count and
    the score (they tested nothing); a run with one does not pass."""

    def as_dict(self) -> dict[str, Any]:
        extra: dict[str, Any] = {}
        if self.not_exercised:
            extra = {
                "cells_not_exercised": sum(self.not_exercised.values()),
                "not_exercised": dict(self.not_exercised),
            }
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
            **extra,
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
    Chaos cells of a scenario whose faults fired in none of its cells are not exercised: counted in
    ``not_exercised`` only, and the run does not pass. No scored cell → ``score=None``.
    """
    weights = weights or {}
    num = den = 0.0
    budget_cut = False
    s = Summary(score=None, passed=False)
    rows = list(rows)
    s.not_exercised = unexercised(rows)
    for r in rows:
        if r.get("error_kind") == "agent_exited":
            s.cells_not_run += 1
            continue
        if r.get("kind") == "chaos" and r.get("scenario") in s.not_exercised:
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
    # a scenario whose faults never fired tested nothing; cells left out by advanced.max_cost (engine/budget.py)
    # mean the run did not do what it was asked
    if s.not_exercised or budget_cut:
        s.passed = False
    return s


def unexercised(rows: Iterable[dict[str, Any]]) -> dict[str, int]:
    """Chaos scenario → its ``chaos`` cells, for each scenario in whose cells (of any kind: mutated
    prompts run under the scenario too) no fault fired.

    Cells cut short by the agent process dying do not count; a scenario of only such cells is not listed.
    """
    ran: dict[str, int] = {}
    fired: set[str] = set()
    for r in rows:
        name = r.get("scenario")
        if name is None or r.get("error_kind") == "agent_exited":
            continue
        if r.get("faults"):
            fired.add(str(name))
        if r.get("kind") == "chaos":
            ran[str(name)] = ran.get(str(name), 0) + 1
    return {name: n for name, n in ran.items() if name not in fired}
