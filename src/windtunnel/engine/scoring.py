"""Run scores. Nothing scores vacuously: no scored cell means ``None``, never 100.

A run cut short (interrupted, or aborted because the agent went away) scores the cells it ran, and
only those: the same number in the report (``summary.score``, beside ``summary.partial``), the terminal
summary, ``runs list``, ``Outcome.score`` and ``windtunnel score``; each says the run was cut short and
how many of the planned cells ran, and none of them passes (QA-6 F-13). Cells cut short by the agent
going away are :func:`not_run`, never scored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from windtunnel.report.dicts import ByTypeDict, SummaryDict


@dataclass
class Summary:
    """A run's outcome in numbers: the weighted score (``None`` when no cell was scored), whether it passed, cell
    counts by status, pass rates per mutation type and cell kind (``by_type``), whether a critical check failed,
    and the chaos scenarios left out because none of their faults fired. The same object feeds the report's
    ``summary``, the terminal line, ``runs list`` and the API's outcome, so they cannot disagree."""

    score: float | None
    passed: bool
    cells_total: int = 0
    cells_passed: int = 0
    cells_failed: int = 0
    cells_errored: int = 0
    cells_skipped: int = 0
    cells_not_run: int = 0
    """Cells cut short because the launched agent process died (``agent_exited``): not scored, rerun by --resume."""
    by_type: dict[str, ByTypeDict] = field(default_factory=dict)
    critical_failed: bool = False
    not_exercised: dict[str, int] = field(default_factory=dict)
    """Chaos scenarios none of whose faults fired → their cells, which are left out of every count and
    the score (they tested nothing); a run with one does not pass."""
    failed_on_score_only: bool = False
    """The run failed only because its score is below ``--min-score``: nothing else kept it from passing. ``ci``
    lets its overall score stand in for that one reason and no other (flows/ci.py); whoever fails the run for
    another reason afterwards (no fault fired, cut short) clears it with :func:`failed_beyond_score`."""

    def as_dict(self) -> SummaryDict:
        """The summary as the JSON report writes it: the score rounded to 2 places, the not-exercised figures only
        when there are some."""
        out: SummaryDict = {
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
        if self.not_exercised:
            out["cells_not_exercised"] = sum(self.not_exercised.values())
            out["not_exercised"] = dict(self.not_exercised)
        if self.failed_on_score_only:
            out["failed_on_score_only"] = True
        return out


def failed_beyond_score(summary: SummaryDict) -> None:
    """Mark a report's ``summary`` as failed for a reason of its own, not (only) a score below ``--min-score``:
    ``passed`` false and ``failed_on_score_only`` dropped, so ``ci``'s overall score never passes it."""
    summary["passed"] = False
    summary.pop("failed_on_score_only", None)


def not_run(cell: Mapping[str, Any]) -> bool:
    """A cell cut short because the agent went away (``agent_exited``): not run, not failed."""
    return cell.get("error_kind") == "agent_exited"


def without_verdict(cell: Mapping[str, Any]) -> bool:
    """A row with no verdict to count or compare: ``skipped``, or a contract row of a scenario none of whose faults
    fired (``not_exercised``: it ran and tested nothing, so it is neither passed nor failed, QA-28 #3)."""
    return cell.get("status") == "skipped" or bool(cell.get("not_exercised"))


def is_failure(cell: Mapping[str, Any]) -> bool:
    """A cell that failed or errored on its own (a cell cut short is :func:`not_run` instead)."""
    return cell.get("status") in ("failed", "error") and not not_run(cell)


_KINDS_AFTER = ("chaos", "contract", "replay", "mutation")
"""Cell kinds listed after the mutation types in ``by_type`` (``golden`` comes first)."""


def type_order(keys: Iterable[str]) -> list[str]:
    """``by_type`` keys in one fixed order, whatever order the cells completed in (a fresh run and the same
    run resumed list them alike, QA-6 F-14): ``golden``, the mutation types by name (the order of the
    mutation registry and of ``windtunnel mutations``), then the other cell kinds."""

    def rank(key: str) -> tuple[int, int, str]:
        """The sort key: ``golden`` first, mutation types by name, then the other cell kinds in fixed order."""
        if key == "golden":
            return (0, 0, "")
        if key in _KINDS_AFTER:
            return (2, _KINDS_AFTER.index(key), "")
        return (1, 0, key)

    return sorted(keys, key=rank)


class _Counts:
    """Scored counts of a set of rows: the run's, or one chaos scenario's ``chaos`` cells (kept apart until the run
    is over: a scenario none of whose faults fired is left out of the score).

    ``num`` / ``den`` are the weighted passes and weights; ``by_type`` the pass counts per mutation type or cell
    kind."""

    __slots__ = ("by_type", "den", "errored", "failed", "num", "passed", "skipped", "total")

    def __init__(self) -> None:
        """All counters at zero."""
        self.total = self.skipped = self.passed = self.failed = self.errored = 0
        self.num = self.den = 0.0
        self.by_type: dict[str, ByTypeDict] = {}

    def add(self, status: str, key: str, w: float) -> None:
        """Count one row of ``status`` under ``key`` with weight ``w``: skipped rows count only in ``total`` (they
        neither pass nor fail); errored rows count as failures in the score."""
        self.total += 1
        if status == "skipped":
            self.skipped += 1
            return
        ok = status == "passed"
        self.passed += ok
        self.failed += status == "failed"
        self.errored += status == "error"
        self.num += w * ok
        self.den += w
        t = self.by_type.get(key)
        if t is None:
            t = self.by_type[key] = {"passed": 0, "total": 0, "weight": w}
        t["total"] += 1
        t["passed"] += ok


class Tally:
    """The run summary computed incrementally: :meth:`add` each report row as it completes, read
    :meth:`summary` at any time. Holds counters only (per run and per chaos scenario, nothing per cell),
    so memory stays flat."""

    def __init__(self, *, weights: dict[str, float] | None = None, min_score: float | None = None) -> None:
        """An empty tally scoring with the mutation type ``weights`` (types not named weigh 1) and, with
        ``min_score``, passing on the score instead of on every cell."""
        self.weights = weights or {}
        self.min_score = min_score
        self._rows = 0
        self._not_run = 0
        self._main = _Counts()
        self._chaos: dict[str, _Counts] = {}
        """Chaos scenario → its ``chaos`` cells' counts."""
        self._fired: set[str] = set()
        """Scenarios in whose cells (of any kind) a fault fired."""
        self._num = self._den = 0.0
        """Every scored row's weights summed in row order (the score when no scenario is left out)."""
        self._budget_cut = False
        """A cell was left out by ``advanced.max_cost`` (engine/budget.py): the run did not do what it was asked."""

    def add(self, r: Mapping[str, Any]) -> None:
        """Count one report row as it completes.

        Rows cut short by the agent's exit are counted as not run only. A chaos cell is counted under its scenario
        until the run is over, since whether the scenario counts at all depends on whether any of its faults
        fired; a skip by the budget marks the run as not passing."""
        if not_run(r):
            self._not_run += 1
            return
        self._rows += 1
        kind = r["kind"]
        name = r.get("scenario")
        counts = self._main
        if name is not None:
            if r.get("faults"):
                self._fired.add(str(name))
            if kind == "chaos":
                counts = self._chaos.get(str(name)) or self._chaos.setdefault(str(name), _Counts())
        mutation = r.get("mutation")
        key = mutation["type"] if mutation else kind
        w = self.weights.get(key, 1.0) if mutation else 1.0
        status = r["status"]
        if status == "skipped" and r.get("error_kind") == "budget":
            self._budget_cut = True
        counts.add(status, key, w)
        if status != "skipped":
            self._num += w * (status == "passed")
            self._den += w

    def __call__(self, r: Mapping[str, Any]) -> None:
        """:meth:`add`, so a tally can be a result listener itself."""
        self.add(r)

    def summary(self) -> Summary:
        """The summary of the rows added so far (a fresh object; adding more rows does not change it).

        Chaos scenarios none of whose faults fired are left out of the counts and the score and listed as not
        exercised; with ``min_score`` the run passes on the score, otherwise only when every scored cell passed. A
        run with a scenario not exercised, or cut by the budget, does not pass; no scored cell means
        ``score=None``."""
        out = Summary(score=None, passed=False, cells_not_run=self._not_run)
        out.not_exercised = {name: c.total for name, c in self._chaos.items() if name not in self._fired}
        parts = [self._main, *(c for name, c in self._chaos.items() if name in self._fired)]
        num = den = 0.0
        merged: dict[str, ByTypeDict] = {}
        for c in parts:
            out.cells_total += c.total
            out.cells_skipped += c.skipped
            out.cells_passed += c.passed
            out.cells_failed += c.failed
            out.cells_errored += c.errored
            num += c.num
            den += c.den
            for key, t in c.by_type.items():
                m = merged.get(key)
                if m is None:
                    merged[key] = t.copy()
                else:
                    m["passed"] += t["passed"]
                    m["total"] += t["total"]
        out.by_type = {key: merged[key] for key in type_order(merged)}
        if not out.not_exercised:
            num, den = self._num, self._den
        for t in out.by_type.values():
            t["pass_rate"] = round(t["passed"] / t["total"], 4) if t["total"] else None
        if den > 0:
            out.score = min(100.0, 100.0 * num / den)  # float sums can overshoot by an ulp
            if self.min_score is not None:
                out.passed = out.score >= self.min_score
                out.failed_on_score_only = not out.passed
            else:
                out.passed = out.cells_passed == out.cells_total - out.cells_skipped
        if out.not_exercised or self._budget_cut:
            out.passed = out.failed_on_score_only = False
        return out


def summarize(
    rows: Iterable[Mapping[str, Any]], *, weights: dict[str, float] | None = None, min_score: float | None = None
) -> Summary:
    """Weighted pass rate over report rows: golden cells weigh 1, mutated cells their type's weight.

    Errored cells count as failures; skipped cells are not scored. Cells cut short because the launched
    agent process died (``error_kind: agent_exited``) are not run rather than failed: they are left out
    of every count but ``cells_not_run``, so a crash never reads as a robustness failure.
    Chaos cells of a scenario whose faults fired in none of its cells are not exercised: counted in
    ``not_exercised`` only, and the run does not pass. No scored cell → ``score=None``.
    One pass, nothing kept per cell (see :class:`Tally`).
    """
    tally = Tally(weights=weights, min_score=min_score)
    for r in rows:
        tally.add(r)
    return tally.summary()


def unexercised(rows: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """Chaos scenario → its ``chaos`` cells, for each scenario in whose cells (of any kind: mutated prompts run under
    the scenario too) no fault fired. Cells cut short by the agent process dying do not count; a scenario of only
    such cells is not listed.

    Read from stored rows, for reports rebuilt from the store; the live run gets the same answer from
    :class:`Tally`."""
    ran: dict[str, int] = {}
    fired: set[str] = set()
    for r in rows:
        name = r.get("scenario")
        if name is None or not_run(r):
            continue
        if r.get("faults"):
            fired.add(str(name))
        if r.get("kind") == "chaos":
            ran[str(name)] = ran.get(str(name), 0) + 1
    return {name: n for name, n in ran.items() if name not in fired}
