"""Comparing two runs the way a reviewer needs it: what regressed, what got fixed, per-phase scores.

Cells are matched across runs by :func:`~windtunnel.reports.cells.identity_key` (phase, kind,
scenario, invariant, prompt, mutation), never by output. Repeats of a cell are judged together:
the cell passed when every non-skipped repeat passed, and failed when any repeat failed or errored.
Two runs must share their seed for mutated prompts to match; otherwise those cells show up as added
and removed.

:func:`diff_reports` works on report dicts, not on the store's rows, so ``runs diff`` (through
:meth:`RunStore.diff <windtunnel.store.runstore.RunStore.diff>`) and the viewer's ``/api/diff`` (through the read-only
reader) give one answer for the same pair of runs. The
per-phase scores are taken from the stored summaries when present, so a diff agrees with the two reports a reviewer
already read; a phase whose two scores measure different things (e.g. a contract's resilience against a pass rate)
is shown without a delta rather than with a misleading one.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from windtunnel._util.jsontypes import JSONObject
from windtunnel.engine.scoring import without_verdict
from windtunnel.report.dicts import ReportDict
from windtunnel.reports.cells import (
    Cell,
    cell_label,
    cell_phase,
    failure_detail,
    group_by_phase,
    identity_key,
    ordered_phases,
    summarize_cells,
)
from windtunnel.reports.verdict import lead_reason


@dataclass(frozen=True)
class CellChange:
    """One cell whose verdict differs between the two runs.

    Only a regression (passed → failed or error) or a fix (failed or error → passed) is one; cells present in one
    run only are counted, not listed. ``key`` is the cross-run identity
    (:func:`~windtunnel.reports.cells.identity_key`), ``before`` / ``after`` the verdicts over the cell's repeats
    (``passed``, ``failed``, ``error``), ``reproduce`` the command that reruns the failing side (``None`` when that
    cell has none) and ``cell_ids`` the ids of its repeats in the failing run, for the viewer's links."""

    key: str
    label: str
    phase: str
    before: str
    after: str
    detail: str
    """Why the failing side failed (check details or the error)."""
    reproduce: str | None
    cell_ids: tuple[str, ...]


@dataclass(frozen=True)
class PhaseDelta:
    """One phase's score in both runs (None where a run has no such phase), and why they cannot be compared when a delta
    would mislead.
    """

    phase: str
    before: float | None
    after: float | None
    not_comparable: str | None = None
    """Why the two scores measure different things (then there is no delta)."""

    @property
    def measure(self) -> str:
        """What the two scores measure: a contract is judged by its severity-weighted resilience score,
        every other phase by its weighted pass rate."""
        if self.not_comparable:
            return "not comparable"
        return "resilience" if self.phase == "contract" else "score"

    @property
    def delta(self) -> float | None:
        """``after - before`` rounded to 2 places, or None when either side is missing or the scores measure different
        things (a delta between them would be a number without a meaning).
        """
        if self.before is None or self.after is None or self.not_comparable:
            return None
        return round(self.after - self.before, 2)


@dataclass
class RunDiff:
    """The difference from run ``a`` (before) to run ``b`` (after): the overall and per-phase scores, the cells that
    regressed or were fixed (each with why and how to reproduce it), and the counts of the cells that did not change,
    were skipped, or exist in only one of the runs.
    """

    run_a: str
    run_b: str
    score: PhaseDelta
    phases: list[PhaseDelta] = field(default_factory=list)
    regressed: list[CellChange] = field(default_factory=list)
    fixed: list[CellChange] = field(default_factory=list)
    still_failing: int = 0
    unchanged_passing: int = 0
    added: int = 0
    removed: int = 0
    skipped: int = 0
    """Cells in both runs that were skipped in one or both (matched, but without a verdict to compare)."""
    partial_a: str | None = None
    """How run ``a`` was cut short (``"8 of 48 cells"``) when it is partial (interrupted, aborted): its scores cover
    only the cells that ran."""
    partial_b: str | None = None
    """The same for run ``b``."""
    unseen_b: str | None = None
    """Why run ``b`` did not pass when none of its cells failed or errored (no fault fired, a scenario not exercised,
    a budget cut): a failure no cell shows, so no cell can show as regressed; ``--fail-on-regression`` fails on it."""

    @property
    def warnings(self) -> list[str]:
        """What makes the scores and verdicts above weaker than they look: a partial run, and cells that did not match
        (none at all: runs of different configs or seeds, so nothing can have regressed)."""
        out = [
            f"{run} is partial (cut short after {how}): its scores cover only the cells that ran"
            for run, how in ((self.run_a, self.partial_a), (self.run_b, self.partial_b))
            if how is not None
        ]
        if self.unseen_b is not None:
            out.append(f"{self.run_b} did not pass, for a reason no cell shows: {self.unseen_b}")
        if not self.matched and (self.added or self.removed):
            out.append(
                f"no cell of {self.run_b} matches a cell of {self.run_a}, so nothing can show as regressed or fixed "
                "and the score delta compares different cells: compare runs of the same config and --seed"
            )
        elif self.added or self.removed:
            out.append(
                f"{self.matched} cell(s) matched; {self.added} only in {self.run_b}, {self.removed} only in "
                f"{self.run_a}: the regressed and fixed cells are among the matched ones only"
            )
        return out

    @property
    def matched(self) -> int:
        """Cells present in both runs."""
        return len(self.regressed) + len(self.fixed) + self.still_failing + self.unchanged_passing + self.skipped

    def to_dict(self) -> JSONObject:
        """The diff as JSON-ready data (``windtunnel runs diff --format json`` and the viewer's ``/api/diff``): run ids,
        the overall and per-phase scores with their deltas, and the regressed, fixed, added and removed cells.
        """

        def change(c: CellChange) -> JSONObject:
            """One :class:`CellChange` as a JSON object (its cell ids as a list)."""
            return {
                "key": c.key,
                "label": c.label,
                "phase": c.phase,
                "before": c.before,
                "after": c.after,
                "detail": c.detail,
                "reproduce": c.reproduce,
                "cell_ids": list(c.cell_ids),
            }

        return {
            "run_a": self.run_a,
            "run_b": self.run_b,
            "score": {
                "before": self.score.before,
                "after": self.score.after,
                "delta": self.score.delta,
                **({"not_comparable": self.score.not_comparable} if self.score.not_comparable else {}),
            },
            "phases": [
                {"phase": p.phase, "measure": p.measure, "before": p.before, "after": p.after, "delta": p.delta}
                for p in self.phases
            ],
            "regressed": [change(c) for c in self.regressed],
            "fixed": [change(c) for c in self.fixed],
            "still_failing": self.still_failing,
            "unchanged_passing": self.unchanged_passing,
            "added": self.added,
            "removed": self.removed,
            "matched": self.matched,
            "partial_a": self.partial_a,
            "partial_b": self.partial_b,
            "unseen_b": self.unseen_b,
            "warnings": self.warnings,
        }


def _verdicts(cells: Iterable[Cell]) -> dict[str, list[Cell]]:
    """The cells of a report grouped by :func:`~windtunnel.reports.cells.identity_key`: the repeats of one cell (same
    phase, kind, scenario, invariant, prompt and mutation) land in one list.
    """
    groups: dict[str, list[Cell]] = defaultdict(list)
    for cell in cells:
        groups[identity_key(cell)].append(cell)
    return groups


def _verdict(group: list[Cell]) -> str:
    """The verdict of one cell over its repeats: skipped when every repeat was (or has no verdict: a contract row of
    a scenario not exercised is neither passed nor failed, :func:`~windtunnel.engine.scoring.without_verdict`), passed
    when every other repeat passed, error when every one errored, failed otherwise (a failure anywhere outweighs the
    passes).
    """
    statuses = {str(c.get("status")) for c in group if not without_verdict(c)}
    if not statuses:
        return "skipped"
    if statuses == {"passed"}:
        return "passed"
    return "error" if statuses == {"error"} else "failed"


def _phase_scores(report: ReportDict) -> dict[str, float | None]:
    """``{phase: score}`` of a report: the stored per-phase scores when the summary has them, else computed from the
    cells, except that a single-phase run keeps its reported score (a contract's severity-weighted resilience, which the
    raw pass rate of its cells is not).
    """
    phases = report["summary"].get("phases")
    if isinstance(phases, Mapping) and phases:
        return {name: entry.get("score") for name, entry in phases.items()}
    groups = group_by_phase(report["cells"])
    if len(groups) == 1:
        # A single-phase run's phase score is the score the run reported: for a contract run that is the
        # severity-weighted resilience score, which the raw pass rate of its cells is not.
        return {name: report["summary"].get("score") for name in groups}
    return {name: summarize_cells(cells)["score"] for name, cells in groups.items()}


def _change(key: str, failing: list[Cell], before: str, after: str) -> CellChange:
    """The :class:`CellChange` of the cell ``key``: label, phase, failure detail and reproduce command come from its
    first failing repeat (the one a reader should rerun), the ids from every repeat.
    """
    first = next((c for c in failing if c.get("status") in ("failed", "error")), failing[0])
    return CellChange(
        key=key,
        label=cell_label(first, 100),
        phase=cell_phase(first),
        before=before,
        after=after,
        detail=failure_detail(first),
        reproduce=first.get("reproduce"),
        cell_ids=tuple(str(c.get("id")) for c in failing),
    )


def _partial(report: ReportDict) -> str | None:
    """``"8 of 48 cells"`` (or ``"cells"`` without a plan count) when ``report`` is partial, else None."""
    summary = report["summary"]
    if not summary.get("partial") and report["run"].get("status") not in ("interrupted", "aborted"):
        return None
    planned = summary.get("cells_planned")
    ran = len(report["cells"])
    return f"{ran} of {planned} cells" if isinstance(planned, int) and planned else f"{ran} cells"


def diff_reports(a: ReportDict, b: ReportDict) -> RunDiff:
    """Compare report ``a`` (before) with report ``b`` (after).

    Cells are matched by identity (phase, kind, scenario, invariant, prompt, mutation), never by output, and the repeats
    of a cell are judged together (:func:`_verdict`). A cell that passed and now fails or errors is regressed, one that
    failed and now passes is fixed; the rest are counted (still failing, still passing, skipped, only in one run).
    Regressions and fixes are listed by severity (critical first), then phase and label. Runs of different modes get no
    overall delta: their scores measure different things.
    """
    groups_a, groups_b = _verdicts(a["cells"]), _verdicts(b["cells"])
    scores_a, scores_b = _phase_scores(a), _phase_scores(b)
    mode_a, mode_b = a["run"].get("mode"), b["run"].get("mode")
    apart = (
        f"the runs are of different modes ({mode_a}, {mode_b}), whose scores measure different things"
        if mode_a and mode_b and mode_a != mode_b
        else None
    )
    result = RunDiff(
        run_a=str(a["run"]["id"]),
        run_b=str(b["run"]["id"]),
        score=PhaseDelta("overall", a["summary"].get("score"), b["summary"].get("score"), apart),
        phases=[PhaseDelta(p, scores_a.get(p), scores_b.get(p)) for p in ordered_phases({*scores_a, *scores_b})],
        partial_a=_partial(a),
        partial_b=_partial(b),
    )
    for key, group_b in groups_b.items():
        group_a = groups_a.get(key)
        if group_a is None:
            result.added += 1
            continue
        before, after = _verdict(group_a), _verdict(group_b)
        if before == "passed" and after in ("failed", "error"):
            result.regressed.append(_change(key, group_b, before, after))
        elif before in ("failed", "error") and after == "passed":
            result.fixed.append(_change(key, group_a, before, after))
        elif before in ("failed", "error") and after in ("failed", "error"):
            result.still_failing += 1
        elif before == after == "passed":
            result.unchanged_passing += 1
        else:
            result.skipped += 1
    result.removed = sum(1 for key in groups_a if key not in groups_b)
    if b["summary"].get("passed") is False and not any(_verdict(g) in ("failed", "error") for g in groups_b.values()):
        result.unseen_b = lead_reason(b["summary"]) or "its summary says it did not pass"
    order = {"critical": 0, "high": 1, "medium": 2, "low": 3}
    for changes, groups in ((result.regressed, groups_b), (result.fixed, groups_a)):
        changes.sort(key=lambda c: (order.get(str(groups[c.key][0].get("severity")), 2), c.phase, c.label))
    return result
