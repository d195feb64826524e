"""``windtunnel ci``: every phase once, under exactly its own conditions, and one weighted score.

The command is a thin shell around :func:`~windtunnel.flows.ci.ci_flow`: the phases, their order, the weights and
the verdict are the flow's. What belongs to the terminal is here: :class:`CiListener` shows each phase, when it
finishes, with its own command's view (``run``'s summary, the contract matrix, the replayed sessions), so a ci log
reads like the four commands run one after the other, then :func:`~windtunnel.cli._render.render_ci` prints the
phase table and the overall verdict. ``ci`` writes several files (a summary and every phase's JSON and HTML), so
``-o`` is a directory and ``-o -`` is refused (exit 2) rather than mixing them on stdout. Ctrl-C stops the current
phase's cells only; the reports and the summary of what ran are still written, and ``--resume`` continues.
"""

from __future__ import annotations

from pathlib import Path

import typer

from windtunnel._util.errors import UsageError
from windtunnel._util.signals import held_interrupts
from windtunnel.cli._lazy import module_app
from windtunnel.cli._listener import RichListener
from windtunnel.cli._render import render_ci, render_run, render_stop, report_written
from windtunnel.cli._scale import ExecutorOpt, RayAddressOpt, ShardOpt
from windtunnel.cli.contract_cmd import render_contract
from windtunnel.cli.replay_cmd import render_replay
from windtunnel.flows.ci import CiRequest, ci_flow
from windtunnel.flows.events import Event, PhaseFinished

app = module_app()


class CiListener(RichListener):
    """ci's listener: a phase's own view when it finishes (quiet: only what a phase says when it stops).

    Every other event is drawn as :class:`RichListener` draws it, so a phase's progress bar and notices look the
    same inside ``ci`` as in the phase's own command."""

    def __call__(self, event: Event) -> None:
        """Print ``event`` as :class:`RichListener` does, except a finished phase, which gets its own command's view (a
        run's summary, the contract matrix, the replayed sessions); quiet prints only why a phase stopped.
        """
        if not isinstance(event, PhaseFinished):
            super().__call__(event)
            return
        outcome = event.outcome
        if outcome.mode in ("run", "chaos"):
            if self.quiet:  # ci's own table shows every score; the report line as for the other phases
                report_written(outcome)
                render_stop(outcome, command="run", hint=False)
            else:
                render_run(outcome, hint=False)
        elif outcome.mode == "contract":  # a phase's continue command would resume it outside ci: ci says its own
            render_contract(outcome, show=not self.quiet, hint=False)
        else:
            render_replay(outcome, show_summary=not self.quiet)


@app.command("ci")
def ci(
    config: Path = typer.Option(None, "-c", "--config", help="Config file."),
    min_score: float = typer.Option(
        None,
        "--min-score",
        min=0,
        max=100,
        help="Fail when the overall score is below this (0-100; 0.8 is read as 80).",
    ),
    output: Path = typer.Option(
        None,
        "--output",
        "-o",
        help="Directory for the summary and every phase's reports (default reports/ci; --resume reuses the run's).",
    ),
    seed: int = typer.Option(None, "--seed", help="Run seed shared by every phase."),
    chaos_profile: str = typer.Option(None, "--chaos-profile", help="Add a built-in profile to the chaos phase."),
    quiet: bool = typer.Option(False, "-q", "--quiet", help="Only ci's own summary and verdict (no phase summaries)."),
    repeat: int = typer.Option(1, "--repeat", min=1, help="Run every cell N times (pass rate, Wilson, pass^k)."),
    resume: str = typer.Option(None, "--resume", help="Continue a stored ci run: completed phases are kept."),
    store: Path = typer.Option(
        None, "--store", help="Run store (default: $WINDTUNNEL_STORE, else advanced.store, else .windtunnel/runs.db)."
    ),
    use_store: bool = typer.Option(True, "--store-results/--no-store", help="Write results to the run store."),
    executor: str = ExecutorOpt,
    ray_address: str = RayAddressOpt,
    shard: str = ShardOpt,
    found: bool = typer.Option(
        True,
        "--found/--no-found",
        help="Replay the failures `windtunnel explore` saved (found/ beside the run store) first.",
    ),
) -> None:
    """Run the mutation, chaos-only, contract and replay phases and gate on the weighted score.

    Each configured phase runs once: mutations without chaos, golden prompts under `chaos:`, the
    contract matrix with exactly its scenarios, replays without global chaos. Phases that are not
    configured are "not run" and the remaining weights are renormalised. Exit 1 on a failed phase (with
    --min-score, one that failed for anything but its own score below it: a critical contract failure, a failed
    replay, chaos that tested nothing...) or an overall score below --min-score.
    """
    options = {k: v for k, v in locals().items() if k != "quiet"}  # named as the request's fields
    if output is not None and str(output) == "-":
        raise UsageError(
            "ci cannot write to stdout (-o -): it writes a summary and every phase's reports, several files",
            hint="give -o a directory (default reports/ci)",
        )

    with held_interrupts():  # Ctrl-C stops a phase's cells only; the reports and the summary always finish
        listener = CiListener(quiet=quiet)
        listener.stored_always = True  # the phases' plan lines name the phase runs, not the ci run to resume
        outcome = ci_flow(CiRequest(**options), listener)
        render_ci(outcome)
    raise typer.Exit(int(outcome.exit_code))
