"""How the CLI shows a flow's outcome: summaries, verdict lines and what to do after a run cut short.

The summary is a tally (pass rates per kind, mutation and fault, the failing cells) fed one cell at a time: from the
tally the report writer already gathered while streaming the report file, else from
:meth:`~windtunnel.flows.outcome.Outcome.iter_cells`, which reads a stored run back page by page. Either way the
cells are never all in memory, so the summary of a million-cell run costs what its report file did.

Where things go: the summary and the score on stdout (stderr while ``-o -`` puts the report there), everything
about files and stops on stderr. A run cut short always ends with what was kept and the exact command that
continues it (``--resume ID``) when the run is in the store; an aborted run first prints why the agent stopped.
"""

from __future__ import annotations

import sys

from rich.markup import escape

from windtunnel.cli._console import err_console, out_console
from windtunnel.cli._plain import print_error
from windtunnel.flows.outcome import Outcome
from windtunnel.reports.terminal import TerminalTally, print_summary


def render_run(outcome: Outcome, *, show_summary: bool = True, quiet: bool = False, hint: bool = True) -> None:
    """``run`` / ``score`` / a ci phase: the summary table (or the bare score) and the stop message (``hint`` off: a ci
    phase, whose continue command is ci's own)."""

    if show_summary:
        tally = outcome.tally  # gathered while the report was written, else read here
        if tally is None:
            tally = TerminalTally()  # the cells read one at a time (from the store when the run has one)
            for cell in outcome.iter_cells():
                tally.add(cell)
        print_summary(outcome.report_head, out_console(), tally=tally)
        for why in outcome.reasons:
            out_console().print(f"  • {escape(why)}")
    else:
        # a run cut short scores the cells it ran, as every report does (engine/scoring.py); the stop
        # message below says how many of the planned cells that is
        score = outcome.score
        out_console().print("n/a" if score is None else f"{score:.2f}")
    if show_summary or not quiet:
        report_written(outcome)
    render_stop(outcome, command="run", hint=hint)


def report_written(outcome: Outcome) -> None:
    """``report written to PATH`` on stderr when the outcome wrote a report file: the one line every command (and
    every phase of ``ci``, quiet or not) prints about it."""
    if outcome.report_path is not None:
        err_console().print(f"report written to {outcome.report_path}")


def continue_command(outcome: Outcome, command: str) -> str:
    """The command that continues a stored run: the flow's (with ``-c`` / ``--store`` when needed), else the bare
    ``windtunnel <command> --resume ID``."""
    return outcome.resume or f"windtunnel {command} --resume {outcome.run_id}"


def render_stop(outcome: Outcome, *, command: str, hint: bool = True) -> None:
    """After a run cut short: what was kept and how to continue (:func:`continue_command`). ``hint`` off (a phase of
    ``ci``): what was kept only, since continuing the phase alone would leave ci's run behind; ci says how to continue
    it."""
    err = err_console()
    again = outcome.stored and hint
    if outcome.status == "interrupted":
        err.print(
            f"interrupted: {outcome.cell_count} of {outcome.planned} cells completed and kept"
            + (f"; continue with: {continue_command(outcome, command)}" if again else "")
        )
    elif outcome.aborted is not None:
        sys.stdout.flush()
        print_error(outcome.aborted)
        if outcome.stored:
            server = getattr(outcome.aborted, "server", None)  # an agent.mcp_servers server went away, not the agent
            who = f"agent.mcp_servers.{server}" if server else "the agent"
            err.print(
                f"{outcome.aborted.cells_completed} of {outcome.planned} cells completed and kept"
                + (f"; once {who} runs again, continue with: {continue_command(outcome, command)}" if again else "")
            )
    sys.stdout.flush()


def render_ci(outcome: Outcome) -> None:
    """The ci summary table, why it failed, and the files written.

    The tally reads the phases' cells one at a time through the outcome (each phase's own source: the store or the
    report kept by a resume), never a list of every cell; the reasons and the file list go to stderr."""

    out_console().print()
    tally = TerminalTally()  # the phases' cells read one at a time, never gathered
    for cell in outcome.iter_cells():
        tally.add(cell)
    print_summary(outcome.report_head, out_console(), tally=tally)
    for why in outcome.reasons:
        err_console().print(f"[red]ci failed:[/] {escape(why)}")
    detail = outcome.detail
    err_console().print(f"ci reports in {detail.output}/: " + ", ".join(p.name for p in detail.written))
