"""The typed result of a flow: what the run decided, the report it produced and the exit code it maps to."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from windtunnel._util.errors import ExitCode

if TYPE_CHECKING:
    from windtunnel._util.errors import AgentExitedError
    from windtunnel.report.models import RunReport

Status = Literal["passed", "failed", "interrupted", "aborted", "partial"]
"""``passed``/``failed``: the verdict of a complete run. ``interrupted``: stopped by Ctrl-C / SIGTERM.
``aborted``: the launched agent process died. ``partial``: only some planned cells were asked for
(``cells=``), so the verdict covers a subset; ``Outcome.passed`` still tells how that subset did."""


def decide(passed: bool, *, interrupted: bool = False, aborted: bool = False, subset: bool = False) -> Status:
    """The one rule for a flow's status: a run cut short is never passed or failed."""
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


@dataclass
class Outcome:
    """What ``windtunnel.run`` / ``run_contract`` / ``replay`` / ``ci`` return.

    ``report`` is the JSON report (a dict valid against the report schema); :meth:`typed_report`
    gives it as a :class:`windtunnel.report.RunReport`.
    """

    mode: str
    """``run``, ``chaos``, ``contract``, ``replay`` or ``ci``."""
    status: Status
    passed: bool
    """The verdict of the cells that ran (always False for an interrupted or aborted run)."""
    exit_code: ExitCode
    report: dict[str, Any]
    notices: list[str] = field(default_factory=list)
    report_path: Path | None = None
    """The report file written (``output=``/``fmt=`` or the config's ``output:`` block), else None."""
    run_id: str = ""
    stored: bool = False
    """Whether the run is in the run store (so ``--resume`` can continue it)."""
    planned: int = 0
    """Units planned (cells, contract units, sessions, or phases for ``ci``)."""
    completed: int = 0
    aborted: AgentExitedError | None = None
    """Why an aborted run stopped."""
    detail: Any = None
    """Mode-specific extras for renderers (the contract plan and verdict, the files ``ci`` wrote ...)."""

    @property
    def summary(self) -> dict[str, Any]:
        """The report's ``summary`` block (score, passed, counts, reasons ...)."""
        summary: dict[str, Any] = self.report["summary"]
        return summary

    @property
    def score(self) -> float | None:
        """The 0-100 score, or None when nothing was scored."""
        score = self.summary.get("score")
        return None if score is None else float(score)

    @property
    def reasons(self) -> list[str]:
        """Why the run did not pass (empty when it passed)."""
        return list(self.summary.get("reasons") or [])

    def failing_cells(self) -> list[dict[str, Any]]:
        """The report cells that failed or errored, each with its ``reproduce`` command when known."""
        return [c for c in self.report.get("cells", []) if c.get("status") in ("failed", "error")]

    def typed_report(self) -> RunReport:
        """The report as pydantic models (validated)."""
        from windtunnel.report.models import RunReport

        return RunReport.model_validate(self.report)
