"""What every rendering says about a run cut short (Ctrl-C, or the launched agent process dying).

The JSON report records it as ``run.status`` (``interrupted`` / ``aborted``), ``run.aborted`` /
``summary.aborted`` (the dead process: command, exit code, stderr tail), ``summary.partial`` and
``summary.cells_planned``. :func:`cut_short` reads those into one :class:`CutShort` so that the
HTML, Markdown, terminal, JUnit and SARIF reporters say the same thing in the same words: the status
word instead of "failed", how many of the planned cells ran, and why the run stopped.

Why a status of its own rather than "failed": a failed run means the agent broke a check, and exits 1; a run cut short
says nothing about the cells that never ran. It exits 130 when the user interrupted it and 3 when the agent process
died (the documented exit codes), and its score covers only the cells that ran, so a partial run of passing cells
must still never render as a pass. ``partial`` is the word for a report flagged partial with neither status (a report
written by an older run or by hand).

Everything is read from the report dict alone, defensively (a report read back from a file is untrusted; a count that
is not an int is treated as unknown), so the same answer comes from a live run, the store and ``windtunnel report``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from windtunnel._util.jsontypes import JSONObject
from windtunnel.report.dicts import PhaseDict, ReportDict, SummaryDict

EXIT_INTERRUPTED = 130
EXIT_ABORTED = 3
STDERR_LINES = 20
"""Lines of the dead agent's stderr tail shown in a banner (the JSON keeps all it recorded)."""


@dataclass(frozen=True)
class CutShort:
    """A run that stopped before all its planned cells ran.

    Every reporter shows it the same way (a banner, an error testcase, a failed SARIF invocation) so no format can show
    a cut-short run as a green pass; its score covers only the cells that ran.
    """

    status: str
    """``interrupted`` (Ctrl-C / SIGTERM), ``aborted`` (the agent process died or stopped answering) or
    ``partial`` (no reason recorded, e.g. a stored run that never finished)."""
    completed: int
    """Cells in the report (what the score covers)."""
    planned: int | None
    """Cells the run planned, when the report records it."""
    exit_code: int
    """The exit code the command stopped with: 130 interrupted, 3 aborted / partial."""
    command: str | None = None
    agent_exit_code: int | None = None
    stderr_tail: str = ""
    message: str = ""
    phase: str | None = None
    """``ci``: the phase that was cut short."""
    overall: int | None = None
    """``ci``: the cells that ran in every phase (what the score covers); ``completed`` is the phase's."""
    unit: str = "cell"
    """What ``completed`` and ``planned`` count: ``cell``, ``unit`` for a contract (units are kept whole), or
    ``agent call`` for explore (its search spends a budget of agent calls; its report's cells are the failures)."""

    @property
    def not_run(self) -> int | None:
        """How many planned cells (or units) did not run; ``None`` when the planned count is unknown."""
        return None if self.planned is None else max(self.planned - self.completed, 0)

    def counts(self) -> str:
        """``8 of 44 planned cells ran`` (or ``8 cells ran`` without a planned count)."""
        if self.planned is None:
            return f"{self.completed} {_cells(self.completed, self.unit)} ran"
        return f"{self.completed} of {self.planned} planned {_cells(self.planned, self.unit)} ran"

    def headline(self) -> str:
        """One line: the status, how much ran, and that the score covers only that."""
        where = f" in the {self.phase} phase" if self.phase else ""
        if self.status == "aborted" and self.command is None and self.message:  # an agent that stopped answering
            why = self.message.removesuffix("; the run was cut short")
            return f"aborted{where}: {why}; {self._ran()}; the score covers only those"
        if self.status == "aborted":
            how = (
                f"exited with code {self.agent_exit_code}"
                if self.agent_exit_code is None or self.agent_exit_code >= 0
                else f"was killed by signal {-self.agent_exit_code}"
            )
            who = f"the agent process ({self.command})" if self.command else "the agent process"
            return f"aborted{where}: {who} {how}; {self._ran()}; the score covers only those"
        return f"{self.status}{where} — {self._ran()}; the score covers only those"

    def _ran(self) -> str:
        """:meth:`counts`; for a ci phase after others ran, every phase's cells first."""
        if self.phase and self.overall is not None and self.overall != self.completed:
            return f"{self.overall} {_cells(self.overall)} ran ({self.phase}: {self.counts()})"
        return self.counts()

    def tail_lines(self) -> list[str]:
        """The last lines of the dead agent's stderr (at most :data:`STDERR_LINES`)."""
        return self.stderr_tail.splitlines()[-STDERR_LINES:]

    def not_run_message(self) -> str:
        """``36 planned cells not run`` (or why the number is unknown)."""
        n = self.not_run
        if n is None:
            what = _cells(self.completed, self.unit)
            return f"the run was {self.status} after {self.completed} {what}; the rest did not run"
        return f"{n} planned {_cells(n, self.unit)} not run"

    def as_dict(self) -> JSONObject:
        """The fields a machine reader needs (status, cells completed and planned, exit codes, phase) as plain data."""
        return {
            "status": self.status,
            "cells_completed": self.completed,
            "cells_planned": self.planned,
            "exit_code": self.exit_code,
            **({"phase": self.phase} if self.phase else {}),
            **({"agent_exit_code": self.agent_exit_code} if self.agent_exit_code is not None else {}),
        }


def _cells(n: int, unit: str = "cell") -> str:
    """``unit`` in the singular or plural for ``n``."""
    return unit if n == 1 else f"{unit}s"


def _int(value: object) -> int | None:
    """``value`` when it is a real int (not a bool), else ``None``: report fields read from JSON are untrusted."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def cut_short(report: ReportDict) -> CutShort | None:
    """The run's :class:`CutShort`, or None for a run that ran all its cells.

    Read from the report alone: the run's status or ``aborted`` record, the summary's ``partial`` flag, or (``ci``) the
    first phase whose run was interrupted or aborted. A contract counts units, not cells, as its messages do; the
    planned count is ``None`` when the report does not know it. Every reporter and the exit code read the cut from here,
    so they cannot disagree about it.
    """
    run = report.get("run") or {}
    summary = report.get("summary") or {}
    status = run.get("status")
    aborted = run.get("aborted") or summary.get("aborted")
    partial_phase = _partial_phase(summary)
    if status not in ("interrupted", "aborted") and not aborted and not summary.get("partial") and not partial_phase:
        return None
    if partial_phase is not None:  # ci: the phase entry carries what that phase recorded
        name, entry = partial_phase
        word = str(entry["run_status"])
        unit = "unit" if "units_completed" in entry else "cell"  # a contract phase counts units
        completed = _int(entry.get(f"{unit}s_completed"))
        if completed is None:
            completed = _int(summary.get("cells_total")) or 0
        planned = (
            _int(entry.get(f"{unit}s_planned")) if f"{unit}s_completed" in entry else _int(summary.get("cells_planned"))
        )
        return CutShort(
            word,
            completed,
            planned,
            EXIT_INTERRUPTED if word == "interrupted" else EXIT_ABORTED,
            *_aborted_fields(entry.get("aborted")),
            phase=name,
            overall=_int(summary.get("cells_total")),
            unit=unit,
        )
    word = "aborted" if (status == "aborted" or aborted) else ("interrupted" if status == "interrupted" else "partial")
    counted: tuple[Mapping[str, object], str, str, str] | None = None
    explore = report.get("explore")
    if _int(summary.get("units_completed")) is not None:  # a contract: its units, as its messages count them
        counted = (summary, "units_completed", "units_planned", "unit")
    elif isinstance(explore, Mapping) and _int(explore.get("calls")) is not None:  # its cells are the failures found
        counted = (explore, "calls", "budget", "agent call")
    if counted is not None:
        where, done_key, planned_key, unit = counted
        return CutShort(
            word,
            _int(where.get(done_key)) or 0,
            _int(where.get(planned_key)),
            EXIT_INTERRUPTED if word == "interrupted" else EXIT_ABORTED,
            *_aborted_fields(aborted),
            unit=unit,
        )
    total = _int(summary.get("cells_total"))
    completed = len(report.get("cells") or []) if total is None else total
    planned = _int(summary.get("cells_planned")) or _int(run.get("cells_planned"))
    return CutShort(
        word,
        completed,
        planned,
        EXIT_INTERRUPTED if word == "interrupted" else EXIT_ABORTED,
        *_aborted_fields(aborted),
    )


def _aborted_fields(aborted: object) -> tuple[str | None, int | None, str, str]:
    """``(command, agent exit code, stderr tail, message)`` from a report's ``aborted`` record, each empty when
    absent.
    """
    if not isinstance(aborted, Mapping):
        return None, None, "", ""
    return (
        str(aborted["command"]) if aborted.get("command") else None,
        _int(aborted.get("exit_code")),
        str(aborted.get("stderr_tail") or ""),
        str(aborted.get("message") or ""),
    )


def _partial_phase(summary: SummaryDict) -> tuple[str, PhaseDict] | None:
    """The first ``ci`` phase whose run was interrupted or aborted, with its summary entry; ``None`` when every phase
    ran to the end.
    """
    phases = summary.get("phases")
    if not isinstance(phases, Mapping):
        return None
    for name, entry in phases.items():
        if isinstance(entry, Mapping) and entry.get("run_status") in ("interrupted", "aborted"):
            return str(name), entry
    return None


def verdict_word(report: ReportDict) -> str:
    """``passed``, ``failed``, or the cut-short status (``interrupted``, ``aborted``, ``partial``)."""
    found = cut_short(report)
    if found is not None:
        return found.status
    return "passed" if (report.get("summary") or {}).get("passed") else "failed"
