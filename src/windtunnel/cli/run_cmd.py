"""``windtunnel run``: golden prompts and their mutations → invariants → score.

The command maps its options one to one onto :class:`~windtunnel.flows.run.RunRequest` (the option names are the
request's field names, so ``locals()`` builds it) and leaves every decision to
:func:`~windtunnel.flows.run.run_flow`. What stays here is the terminal: the progress listener, the summary, and
Ctrl-C held outside the cells (:func:`~windtunnel._util.signals.held_interrupts`): it stops the cells only, and the
store, the report and the summary are still written.
``-o -`` puts the report on stdout, so the summary moves to stderr and the two never mix. Upstream flakestorm's
``--ci`` and ``--verify-only`` are accepted for configs and scripts moved across: the first changes nothing (the exit
code always carries the verdict), the second runs ``verify`` and exits 0 when the setup is sound.
"""

from __future__ import annotations

from pathlib import Path

import typer

from windtunnel._util.signals import held_interrupts
from windtunnel.cli._console import report_on_stdout
from windtunnel.cli._lazy import module_app
from windtunnel.cli._listener import RichListener
from windtunnel.cli._render import render_run
from windtunnel.cli._scale import ExecutorOpt, RayAddressOpt, ShardOpt
from windtunnel.flows.run import RunRequest, run_flow
from windtunnel.flows.verify import verify_flow

app = module_app()

ConfigOpt = typer.Option(None, "-c", "--config", help="Config file (windtunnel.yaml or an upstream flakestorm.yaml).")
RepeatOpt = typer.Option(1, "--repeat", min=1, help="Run every cell N times (flakiness statistics).")
SeedOpt = typer.Option(None, "--seed", help="Run seed (default: advanced.seed, else a fresh one, recorded).")
MinScoreOpt = typer.Option(
    None,
    "--min-score",
    min=0,
    max=100,
    help="Pass when the score reaches this (0-100; 0.8 is read as 80); else every cell must pass.",
)
FormatOpt = typer.Option(
    None,
    "--format",
    "-f",
    help="Report format: terminal, json, html, junit, sarif, md (default: from --output's suffix, "
    "else the config's output: block, else terminal).",
)
OutputOpt = typer.Option(
    None,
    "--output",
    "-o",
    help="Where to write the report: a file, a directory, or - (the report alone on stdout, the rest on stderr).",
)
MutationsOpt = typer.Option(True, "--mutations/--no-mutations", help="Also run mutated prompts.")
CellOpt = typer.Option(None, "--cell", help="Run only this cell id (repeatable); see `reproduce`.")
ConcurrencyOpt = typer.Option(None, "--concurrency", min=1, help="Override advanced.concurrency.")
QuietOpt = typer.Option(False, "-q", "--quiet", help="No progress bar, only the run id (to resume) and the summary.")
ChaosOpt = typer.Option(False, "--chaos", help="Run golden prompts and mutations under the `chaos:` faults.")
ChaosOnlyOpt = typer.Option(False, "--chaos-only", help="Golden prompts only, under chaos: the chaos resilience score.")
ProfileOpt = typer.Option(
    None, "--chaos-profile", help="Add a built-in chaos profile (implies --chaos; see `windtunnel profiles`)."
)
LlmOpt = typer.Option(True, "--llm/--no-llm", help="Use the `model:` LLM for mutations when configured.")
ResumeOpt = typer.Option(
    None,
    "--resume",
    help="Continue a stored run: rerun only the cells that did not complete (its -o, --concurrency ... are kept).",
)
StoreOpt = typer.Option(
    None, "--store", help="Run store (default: $WINDTUNNEL_STORE, else advanced.store, else .windtunnel/runs.db)."
)
UseStoreOpt = typer.Option(True, "--store-results/--no-store", help="Write every result to the run store.")
CiFlagOpt = typer.Option(
    False, "--ci", help="Upstream flakestorm's flag, accepted: windtunnel always exits 1 below --min-score."
)
VerifyOnlyOpt = typer.Option(
    False, "--verify-only", help="Only check the setup, run no test (upstream's flag; the same as `windtunnel verify`)."
)
ScheduleOpt = typer.Option(
    None,
    "--schedule",
    help="Run every cell under this fault schedule instead of chaos: a YAML file, or the schedule inline "
    "('{faults: [...]}'; see docs/explore.md).",
)
FoundOpt = typer.Option(
    True,
    "--found/--no-found",
    help="Replay the failures `windtunnel explore` saved (found/ beside the run store) first.",
)


@app.command("run")
def run(
    config: Path = ConfigOpt,
    repeat: int = RepeatOpt,
    seed: int = SeedOpt,
    min_score: float = MinScoreOpt,
    fmt: str = FormatOpt,
    output: Path = OutputOpt,
    mutations: bool = MutationsOpt,
    cell: list[str] = CellOpt,
    concurrency: int = ConcurrencyOpt,
    quiet: bool = QuietOpt,
    chaos: bool = ChaosOpt,
    chaos_only: bool = ChaosOnlyOpt,
    chaos_profile: str = ProfileOpt,
    llm: bool = LlmOpt,
    resume: str = ResumeOpt,
    store: Path = StoreOpt,
    use_store: bool = UseStoreOpt,
    executor: str = ExecutorOpt,
    ray_address: str = RayAddressOpt,
    shard: str = ShardOpt,
    schedule: str = ScheduleOpt,
    found: bool = FoundOpt,
    ci: bool = CiFlagOpt,
    verify_only: bool = VerifyOnlyOpt,
) -> None:
    """Run golden prompts (and their mutations) against the agent and check the invariants.

    Exit 0 when every cell passes (or the score reaches --min-score), 1 otherwise, 2 on a config
    error, 3 when the agent cannot be reached, 130 when interrupted (completed cells are kept).
    """
    # named as the request's fields; --ci changes nothing (the exit code always tells the verdict)
    options = {k: v for k, v in locals().items() if k not in ("quiet", "cell", "ci", "verify_only")}
    if verify_only:
        verify_flow(config, RichListener())
        raise typer.Exit(0)

    # Ctrl-C stops the cells only; the store, the report and this summary always finish (QA-5)
    with held_interrupts(), report_on_stdout(output):  # `-o -`: the report on stdout, the summary on stderr
        outcome = run_flow(RunRequest(**options, cells=set(cell) if cell else None), RichListener(quiet=quiet))
        render_run(outcome, quiet=quiet)
    raise typer.Exit(int(outcome.exit_code))
