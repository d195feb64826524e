"""Statistics shown wherever a score is shown: Wilson interval, pass^k, flaky cells.

Repeats of a cell (``--repeat N``) are cells with the same :func:`~windtunnel.reports.cells.identity_key`
and different ``repeat`` indexes. Skipped cells are not scored; errored cells count as not passed.

* **Wilson score interval**: a confidence interval for a pass rate that behaves at 0 % and 100 %
  and for small samples (unlike the normal approximation).
* **pass^k** (as in τ-bench): the probability that *all* of k independent tries of a cell pass,
  estimated per cell without bias as C(c, k) / C(n, k) (c passes out of n tries) and averaged over
  the cells with at least k tries.
* **flaky cell**: a cell whose repeats disagree (at least one passed and one did not).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from windtunnel._util.jsontypes import JSONObject
from windtunnel._util.stats import Z95, mean_pass_hat_k, pass_hat_k
from windtunnel._util.stats import wilson_interval as _wilson_interval
from windtunnel.engine.scoring import is_failure, not_run, without_verdict
from windtunnel.report.dicts import CellDict
from windtunnel.reports.cells import Cell, cell_label, identity_digest
from windtunnel.reports.usage import TopUsage


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval for ``successes / trials`` (``None`` when there are no trials, shown as n/a)."""
    interval = _wilson_interval(successes, trials, z)
    return interval if trials else None


@dataclass(frozen=True)
class FlakyCell:
    """A cell whose repeats disagree: ``passed`` of its ``tries`` passed, with ``0 < passed < tries``.

    ``key`` is its :func:`~windtunnel.reports.cells.identity_key`, ``label`` the one-line name reporters show, and
    ``cell_ids`` the ids of every try, so a reader can open each repeat and compare what changed.
    """

    key: str
    label: str
    passed: int
    tries: int
    cell_ids: tuple[str, ...]


@dataclass
class RunStats:
    """Pass-rate statistics of a set of cells.

    ``scored`` / ``passed`` count tries, ``groups`` the distinct cells (repeats of one cell are one group), and
    ``interval`` is the 95 % Wilson score interval of the pass rate, which stays honest for small counts and rates near
    0 or 1. With repeats, ``pass_hat`` and ``flaky`` say how reliable the agent is, not just how often it passed.
    """

    scored: int
    passed: int
    interval: tuple[float, float] | None
    groups: int
    max_tries: int
    pass_hat: dict[int, float] = field(default_factory=dict)
    """k → mean pass^k over cells with at least k tries (only when some cell has 2+ tries)."""
    flaky: list[FlakyCell] = field(default_factory=list)

    @property
    def pass_rate(self) -> float | None:
        """Passed over scored cells; ``None`` when nothing was scored (zero cells is not a rate, least of all 100 %)."""
        return self.passed / self.scored if self.scored else None

    @property
    def has_repeats(self) -> bool:
        """Whether some cell ran at least twice (pass^k and flakiness only mean something then)."""
        return self.max_tries >= 2

    def to_dict(self) -> JSONObject:
        """The statistics as the report's ``stats`` JSON (the Wilson interval as a two-item list, pass^k keyed by ``k``
        as a string).
        """
        return {
            "scored": self.scored,
            "passed": self.passed,
            "pass_rate": self.pass_rate,
            "wilson_95": list(self.interval) if self.interval else None,
            "cells": self.groups,
            "max_repeats": self.max_tries,
            "pass_hat_k": {str(k): v for k, v in self.pass_hat.items()},
            "flaky": [
                {
                    "key": f.key,
                    "label": f.label,
                    "passed": f.passed,
                    "tries": f.tries,
                    "cell_ids": list(f.cell_ids),
                }
                for f in self.flaky
            ],
        }


class StatsTally:
    """:func:`compute_stats` incrementally: :meth:`add` each cell, read :meth:`stats` at the end.

    Per distinct cell identity it keeps its pass and its id while it has one try, two counters and the
    ids once it has more (no cell itself, and the identity as its 10-byte digest), so a run
    streamed from the store is summarised without holding its cells. The cells are those the run's
    summary counts (engine/scoring.py): not the cells cut short by the agent process dying, nor the
    ``chaos`` cells of a scenario whose faults never fired (not exercised), which wait, as counters, until
    a fault of their scenario fires.
    """

    def __init__(self) -> None:
        """Nothing counted yet."""
        self.scored = 0
        self.passed = 0
        self._groups: dict[bytes, Any] = {}  # identity digest → (won, id), or [passes, tries, ids, label] once repeated
        self._fired: set[str] = set()
        self._waiting: dict[str, list[tuple[bytes, int, str, str]]] = {}  # scenario → (key, won, id, label)

    def add(self, cell: Cell) -> None:
        """Count one cell: skipped cells and cells cut short by the agent process dying are not counted; a ``chaos``
        cell of a scenario whose faults have not fired yet waits until one fires (and is never counted if none does).
        """
        if without_verdict(cell) or not_run(cell):
            return  # a contract row of a scenario none of whose faults fired tested nothing (QA-28 #3)
        won = 1 if cell.get("passed") else 0
        scenario = cell.get("scenario")
        if scenario is not None:
            name = str(scenario)
            if cell.get("faults"):
                self._fired.add(name)
                for waiting in self._waiting.pop(name, []):
                    self._count(*waiting)
            elif cell.get("kind") == "chaos" and name not in self._fired:
                self._waiting.setdefault(name, []).append(
                    (identity_digest(cell), won, str(cell.get("id")), cell_label(cell))
                )
                return
        self._count(identity_digest(cell), won, str(cell.get("id")), cell)

    def _count(self, key: bytes, won: int, cell_id: str, label: str | Cell) -> None:
        """Count one scored try of identity ``key``: a first try is kept as a small tuple, a repeated identity becomes a
        list of passes, tries, cell ids and its label.
        """
        self.scored += 1
        self.passed += won
        groups = self._groups
        group = groups.get(key)
        if group is None:
            groups[key] = (won, cell_id)  # one try: a tuple of two (the common case, kept small)
            return
        if type(group) is tuple:  # a repeated cell: every try has the same label (it names only identity fields)
            group = groups[key] = [group[0], 1, [group[1]], label if isinstance(label, str) else cell_label(label)]
        group[0] += won
        group[1] += 1
        group[2].append(cell_id)

    def __call__(self, cell: Cell) -> None:
        """:meth:`add`, so a tally can be passed where a per-cell callback is expected."""
        self.add(cell)

    def stats(self) -> RunStats:
        """The statistics so far: pass rate with its Wilson interval and, when some cell repeated, the mean pass^k for
        each k and the flaky cells (passed some tries, failed others), least reliable first.
        """
        groups = self._groups
        max_tries = max((1 if type(g) is tuple else g[1] for g in groups.values()), default=0)
        stats = RunStats(
            scored=self.scored,
            passed=self.passed,
            interval=wilson_interval(self.passed, self.scored),
            groups=len(groups),
            max_tries=max_tries,
        )
        if max_tries < 2:
            return stats
        for k in range(1, max_tries + 1):
            tries = (((g[0], 1) if type(g) is tuple else (g[0], g[1])) for g in groups.values())
            mean = mean_pass_hat_k(((w, n) for w, n in tries if n >= k), k)
            if mean is not None:  # always: some group has max_tries >= k tries
                stats.pass_hat[k] = mean
        for key, group in groups.items():
            if type(group) is list and 0 < group[0] < group[1]:
                wins, tries, ids, label = group
                stats.flaky.append(FlakyCell(key=key.hex(), label=label, passed=wins, tries=tries, cell_ids=tuple(ids)))
        stats.flaky.sort(key=lambda f: (f.passed / f.tries, f.label))
        return stats


MAX_FAILURES = 20
"""Failed cells a summary lists (the rest are counted)."""


class SummaryTally:
    """What a run's summary shows from its cells, gathered one cell at a time: the statistics, the
    number of failed cells and the first ``max_failures`` of them, the ``max_failures`` calls that used
    the most tokens (nothing else is kept). Feed it the
    cells in report order (e.g. from the store in plan order) to show what the in-memory report shows.

    A streamed report fills one while it writes (``render_streamed(..., tally=)``) and sets
    :attr:`complete` once it has seen every cell: the terminal summary then needs no pass of its own."""

    def __init__(self, max_failures: int = MAX_FAILURES) -> None:
        """``max_failures``: how many failures and top-usage calls to keep (the rest are only counted)."""
        self.max_failures = max_failures
        self.stats = StatsTally()
        self.cells = 0
        self.failed = 0
        self.not_run = 0
        """Cells cut short because the agent went away (:func:`windtunnel.engine.scoring.not_run`): never failures."""
        self.failures: list[CellDict] = []
        self.usage = TopUsage(max_failures)
        """The calls that used the most tokens (the "tokens and cost" table)."""
        self.complete = False
        """Set by whoever fed it once every cell of the report went past."""

    def add(self, cell: CellDict) -> None:
        """Count one cell into the statistics, the usage table and the failures."""
        self.cells += 1
        self.stats.add(cell)
        self.usage.add(cell)
        if not_run(cell):
            self.not_run += 1
        elif is_failure(cell):
            self.failed += 1
            if len(self.failures) < self.max_failures:
                self.failures.append(cell)

    def __call__(self, cell: CellDict) -> None:
        """:meth:`add`, so a tally can be passed where a per-cell callback is expected."""
        self.add(cell)


def compute_stats(cells: Iterable[Cell]) -> RunStats:
    """Statistics over ``cells`` (repeats grouped by identity, skipped cells ignored)."""
    tally = StatsTally()
    for cell in cells:
        tally.add(cell)
    return tally.stats()


def format_rate(rate: float | None) -> str:
    """A rate as a percentage with one decimal, or ``n/a`` when there is none."""
    return "n/a" if rate is None else f"{100 * rate:.1f}%"


def format_interval(interval: tuple[float, float] | None) -> str:
    """A Wilson interval as ``12.0–34.5%`` (percent, one decimal), or ``n/a``."""
    if interval is None:
        return "n/a"
    return f"{100 * interval[0]:.1f}–{100 * interval[1]:.1f}%"


def stats_lines(stats: RunStats) -> list[tuple[str, str]]:
    """Label/value pairs every format shows (so they all say the same thing)."""
    lines = [
        ("pass rate", f"{format_rate(stats.pass_rate)} ({stats.passed}/{stats.scored})"),
        ("95% Wilson interval", format_interval(stats.interval)),
    ]
    if stats.has_repeats:
        lines.append(("repeats", f"{stats.groups} cells, up to {stats.max_tries} tries each"))
        lines.extend((f"pass^{k}", format_rate(v)) for k, v in stats.pass_hat.items())
        lines.append(("flaky cells", str(len(stats.flaky))))
    return lines


__all__ = [
    "MAX_FAILURES",
    "FlakyCell",
    "RunStats",
    "StatsTally",
    "SummaryTally",
    "compute_stats",
    "format_interval",
    "format_rate",
    "pass_hat_k",
    "stats_lines",
    "wilson_interval",
]
