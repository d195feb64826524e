"""The CLI's flow listener: notices, plan lines, the progress bar and replay verdicts, drawn with rich.

Everything it draws goes to stderr, so a command's stdout holds only what the command is for (a report with
``-o -``, a bare score, a JSON listing) and can be piped. The flows send the same events to every listener
(:mod:`windtunnel.flows.events`); what this one shows is decided here alone: ``--quiet`` drops the notes, the plan
line, the bar and the per-session lines (it prints the stored run's id and resume command instead), but never an
alert (a stateful agent under a contract, a min-score read on upstream's scale) or a status line (where a ``ci``
stopped), because those change how the result must be read. Text from the config or the agent is escaped before rich
renders it.
"""

from __future__ import annotations

import time
from typing import Any

from rich.markup import escape

from windtunnel.cli._console import err_console, out_console
from windtunnel.cli._progress import Between, Progress
from windtunnel.flows.events import (
    Checked,
    Done,
    Event,
    Notice,
    PhaseKept,
    PhaseStarted,
    Planned,
    RunStored,
    SessionJudged,
    Started,
    Stopped,
)


def print_notices(notices: list[str]) -> None:
    """``note: ...`` lines on stderr."""

    for n in notices:
        err_console().print(f"[yellow]note:[/] {escape(n)}")


class RichListener:
    """Renders flow events on stderr. ``quiet`` hides notes, plan lines, the bar and per-session lines;
    ``plan`` and ``bar`` override whether the plan line and the progress bar show (default: unless quiet)."""

    def __init__(self, *, quiet: bool = False, plan: bool | None = None, bar: bool | None = None) -> None:
        """``quiet`` (``-q``) drops the informational notices; ``plan`` prints the plan line and ``bar`` shows a
        progress bar, both on unless quiet (a caller may set either explicitly). Alerts and status lines always print.
        """
        self.quiet = quiet
        self.plan = (not quiet) if plan is None else plan
        self.bar = (not quiet) if bar is None else bar
        self._progress: Progress | None = None
        self._between: Between | None = None
        """Between two phases: the spinner or heartbeat naming the phase just done (:class:`Between`)."""
        self._started = time.monotonic()
        """When the command started: every progress line's ``elapsed`` counts from here, whichever phase it shows."""
        self._stored_said = False
        self.between = False
        """Show progress between phases too (:class:`Between`; the ``leak`` commands, whose phases each read the file
        and leave a gap of work between them); the caller then calls :meth:`close` when the flow returns."""
        self.phase: str | None = None
        """The label of the last pass begun (:class:`Started`): what a Ctrl-C before the first result stopped."""
        self.stored_always = False
        """Print :class:`RunStored`'s run id also when not quiet (``ci``: its phases' plan lines name their own)."""

    def _end_between(self) -> None:
        if self._between is not None:
            self._between.__exit__()
            self._between = None

    def close(self) -> None:
        """End what progress is still shown (the spinner or heartbeat after the last phase): call it when the flow
        returns, before the command's own last lines, so no progress line lands after them."""
        self._end_between()
        if self._progress is not None:
            self._progress.__exit__(None, None, None)
            self._progress = None

    def _say_stored(self, event: RunStored) -> None:
        """The run id and the command that continues it, once per command (``ci``'s phases are runs of their own,
        resumed through ci): with ``-q`` the plan line is not shown, and after a ``kill -9`` nothing else is."""
        if not self._stored_said:
            self._stored_said = True
            err_console().print(f"run id {escape(event.run_id)} (if it is cut short: {escape(event.resume)})")

    def __call__(self, event: Event) -> None:
        """Print ``event`` on stderr: a cell done advances the bar (checked first, as it comes once per cell), checks
        and notices print by kind, the plan line and the phase lines print as they come, and a flow's start and stop
        open and close the progress bar. Text from the agent or the config is escaped, never read as rich markup.
        """
        if type(event) is Done:  # one per cell: first, before anything else is looked up
            if self._progress is not None:
                self._progress.advance(event.failed)
            return

        con = err_console()
        if isinstance(event, Checked):
            show_check(event)
        elif isinstance(event, Notice):
            if event.kind == "alert":
                con.print(escape(event.text), style="yellow")
            elif event.kind == "status":
                con.print(escape(event.text))
            elif not self.quiet:
                print_notices([event.text])
        elif isinstance(event, RunStored):
            if self.quiet or self.stored_always:
                self._say_stored(event)
        elif isinstance(event, Planned):
            if self.plan:
                con.print(escape(event.text))
        elif isinstance(event, Started):
            self.phase = event.label
            self._end_between()
            self._progress = Progress(
                event.total, label=event.label, quiet=not self.bar, failed_label=event.failed, started=self._started
            ).__enter__()
        elif isinstance(event, Done):
            if self._progress is not None:
                self._progress.advance(event.failed)
        elif isinstance(event, Stopped):
            if self._progress is not None:
                self._progress.__exit__(None, None, None)
                after, self._progress = self._progress.label, None
                if self.between:
                    self._between = Between(after, quiet=not self.bar, started=self._started).__enter__()
        elif isinstance(event, SessionJudged):
            if not self.quiet:
                show_session(event.result)
        elif isinstance(event, PhaseStarted | PhaseKept) and not self.quiet:
            con.print(f"\n[bold]== ci phase: {event.name}[/] " + _phase_text(event))


def show_session(rr: Any) -> None:
    """One replayed session's verdict and its reasons."""

    con = err_console()
    mark = {"passed": "[green]PASS[/]", "failed": "[red]FAIL[/]", "error": "[red]ERROR[/]"}[rr.status]
    con.print(f"  {mark} {escape(rr.prepared.session.id)}  [dim]{escape(rr.prepared.contract.name)}[/]")
    for reason in rr.reasons:
        con.print(f"       {escape(reason)}")
    for note in rr.notes:  # not judged, non-critical failures, unused calls: the verdict's limits, not only in JSON
        con.print(f"       [dim]note: {escape(note)}[/]")


def _phase_text(event: PhaseStarted | PhaseKept) -> str:
    """The tail of a ci phase's line: its weight when it starts, or the run it was kept from (``--resume``)."""
    if isinstance(event, PhaseKept):
        return f"already completed in run {escape(event.run_id)}: kept"
    return f"(weight {event.weight:.2f})"


def show_check(event: Checked) -> None:
    """``ok   ...`` on stdout, ``warn ...`` on stderr (``verify``)."""

    if event.ok:
        out_console().print(f"[green]ok[/]   {escape(event.text)}")
    else:
        err_console().print(f"[yellow]warn[/] {escape(event.text)}")
