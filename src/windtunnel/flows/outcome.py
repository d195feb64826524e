"""The typed result of a flow: what the run decided, the report it produced and the exit code it maps to.

Every run-like flow ends in one :class:`Outcome`, which the CLI renders and turns into its exit code and the
Python API returns as it is; the flows never exit or print. Two small rules live here so that no mode decides them
on its own: :func:`decide` (a run cut short is ``interrupted`` or ``aborted``, never ``passed`` or ``failed``;
a run of a chosen subset of cells is ``partial``) and :func:`exit_code_of` (0 passed, 1 failed, 130 interrupted,
3 aborted — the agent's process died or stopped answering, which is the harness's problem, not a verdict).

Memory: a run with a store does not hold its cells. Its report is a :class:`LazyReport` — the head in memory, the
cells a store query run again on each read — and :attr:`Outcome.report` loads it whole only when someone asks for
the dict; the summary, the failing cells and the cell count are answered without loading it. A caller that
iterates :meth:`Outcome.iter_cells` on a million-cell run therefore stays flat in memory.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

from windtunnel._util.errors import ExitCode
from windtunnel.engine.scoring import is_failure
from windtunnel.report.dicts import CellDict, ReportDict, SummaryDict
from windtunnel.reports.stats import SummaryTally

if TYPE_CHECKING:
    from windtunnel._util.errors import AgentExitedError
    from windtunnel.report.models import RunReport

Status = Literal["passed", "failed", "interrupted", "aborted", "partial"]
"""``passed``/``failed``: the verdict of a complete run. ``interrupted``: stopped by Ctrl-C / SIGTERM.
``aborted``: the launched agent process died, or an HTTP agent windtunnel did not launch stopped
answering. ``partial``: only some planned cells were asked for
(``cells=``), so the verdict covers a subset; ``Outcome.passed`` still tells how that subset did."""


def decide(passed: bool, *, interrupted: bool = False, aborted: bool = False, subset: bool = False) -> Status:
    """The one rule for a flow's status: a run cut short is never passed or failed.

    An abort (the agent exited or stopped) outranks an interrupt, and an interrupt outranks a subset of
    the plan (``--cell``, a shard): each says why the verdict does not cover the whole run. Only a complete
    run is ``passed`` or ``failed``, so a CI gate never reads a green status from half a run.
    """
    if aborted:
        return "aborted"
    if interrupted:
        return "interrupted"
    if subset:
        return "partial"
    return "passed" if passed else "failed"


STORE_STATUS = {"passed": "passed", "failed": "failed", "interrupted": "interrupted", "aborted": "error"}
"""How a status is kept in the run store (``runs list`` shows an aborted run as ``error``)."""


def exit_code_of(status: Status, passed: bool) -> ExitCode:
    """The CLI exit code of a status (``partial`` follows the verdict of the cells that ran)."""
    if status == "interrupted":
        return ExitCode.INTERRUPTED
    if status == "aborted":
        return ExitCode.HARNESS
    return ExitCode.OK if passed else ExitCode.FAILED


class LazyReport:
    """A report kept out of memory: its head (every key but the cells, ``cells`` in its place) and a
    function giving its cells anew, in report order, on each call (e.g. from the run store)."""

    def __init__(self, head: ReportDict, cells: Callable[[], Iterable[CellDict]], count: int) -> None:
        """``head`` is the report without its cells, ``cells`` gives them anew on each call (a store query, so a large
        run is never held in memory twice), ``count`` is their number (known without iterating them).
        """
        self.head = head
        self.cells = cells
        self.count = count
        """How many cells the report holds."""

    def load(self) -> ReportDict:
        """The whole report, cells in memory."""
        return {**self.head, "cells": list(self.cells())}


class _ReportField:
    """``Outcome.report``: a dict, or a :class:`LazyReport` loaded on the first read and then kept."""

    def __set_name__(self, owner: type, name: str) -> None:
        """Store the value under ``_<name>`` in the instance, beside the public name this descriptor serves."""
        self.attr = f"_{name}"

    @overload
    def __get__(self, obj: None, owner: type) -> _ReportField: ...

    @overload
    def __get__(self, obj: Outcome, owner: type) -> ReportDict: ...

    def __get__(self, obj: Outcome | None, owner: type) -> _ReportField | ReportDict:
        """The report, a :class:`LazyReport` being loaded on this first read and kept in its place.

        Accessed on the class (``Outcome.report``) it raises ``AttributeError``, as a dataclass field without a
        default does, so ``dataclasses`` does not take the descriptor for the field's default value.
        """
        if obj is None:
            raise AttributeError(self.attr)  # a dataclass field without a default
        value = obj.__dict__[self.attr]
        if isinstance(value, LazyReport):
            value = obj.__dict__[self.attr] = value.load()
        report: ReportDict = value
        return report

    def __set__(self, obj: Outcome, value: ReportDict | LazyReport) -> None:
        """Keep ``value`` (a report or a :class:`LazyReport`) as it is: loading waits for the first read."""
        obj.__dict__[self.attr] = value


@dataclass
class Outcome:
    """What ``windtunnel.run`` / ``run_contract`` / ``replay`` / ``ci`` return.

    ``report`` is the JSON report (a dict valid against the report schema); :meth:`typed_report`
    gives it as a :class:`windtunnel.report.RunReport`. A run with a store keeps its cells there
    only: ``report`` then reads them back on first use (and keeps them); :attr:`summary`,
    :meth:`iter_cells`, :meth:`failing_cells` and :attr:`cell_count` never load the whole report.
    """

    mode: str
    """``run``, ``chaos``, ``contract``, ``replay`` or ``ci``."""
    status: Status
    passed: bool
    """The verdict of the cells that ran (always False for an interrupted or aborted run)."""
    exit_code: ExitCode
    report: _ReportField = _ReportField()
    notices: list[str] = field(default_factory=list)
    report_path: Path | None = None
    """The report file written (``output=``/``fmt=`` or the config's ``output:`` block), else None."""
    run_id: str = ""
    stored: bool = False
    """Whether the run is in the run store (so ``--resume`` can continue it)."""
    resume: str | None = None
    """The command that continues the run when it is stored (with ``-c`` / ``--store`` when they are needed)."""
    planned: int = 0
    """Units planned (cells, contract units, sessions, or phases for ``ci``)."""
    completed: int = 0
    aborted: AgentExitedError | None = None
    """Why an aborted run stopped."""
    detail: Any = None
    """Mode-specific extras for renderers (the contract plan and verdict, the files ``ci`` wrote ...)."""
    tally: SummaryTally | None = None
    """The summary's :class:`~windtunnel.reports.stats.SummaryTally` when the report's writing gathered it."""

    @property
    def report_head(self) -> ReportDict:
        """The report without reading its cells (``cells`` holds them only when already in memory)."""
        value = self.__dict__["_report"]
        head: ReportDict = value.head if isinstance(value, LazyReport) else value
        return head

    def iter_cells(self) -> Iterator[CellDict]:
        """The report's cells in report order, read one at a time when they are not in memory.

        Each call starts a fresh pass (for a stored run, a new store query), so two iterations never share state;
        iterating does not load the report into :attr:`report`, which is what keeps a large run's memory flat."""
        value = self.__dict__["_report"]
        if isinstance(value, LazyReport):
            return iter(value.cells())
        return iter(value.get("cells") or [])

    @property
    def cell_count(self) -> int:
        """How many cells the report holds."""
        value = self.__dict__["_report"]
        return value.count if isinstance(value, LazyReport) else len(value.get("cells") or [])

    @property
    def summary(self) -> SummaryDict:
        """The report's ``summary`` block (score, passed, counts, reasons ...)."""
        summary: SummaryDict = self.report_head["summary"]
        return summary

    @property
    def score(self) -> float | None:
        """The 0-100 score, or None when nothing was scored."""
        score = self.summary.get("score")
        return None if score is None else float(score)

    @property
    def reasons(self) -> list[str]:
        """Why the run did not pass (empty when it passed): the report's ``summary.reasons``, which the CLI prints
        under the verdict line."""
        return list(self.summary.get("reasons") or [])

    def failing_cells(self) -> list[CellDict]:
        """The report cells that failed or errored, each with its ``reproduce`` command when known.

        Cells cut short because the agent went away are not run, not failed: they are left out."""
        return [c for c in self.iter_cells() if is_failure(c)]

    def typed_report(self) -> RunReport:
        """The report as pydantic models (validated strictly, as a report read from a file would be).

        This loads every cell into memory (a stored run is read back whole) and builds the report models; callers
        that only count or filter cells should use :meth:`iter_cells` instead. A report that does not fit the
        models raises pydantic's ``ValidationError``: that is a windtunnel bug, not a user error."""
        # start-up: the pydantic report models (~6 ms) load for a caller that asks for them, not for every flow
        from windtunnel.report.models import RunReport

        return RunReport.model_validate(self.report)
