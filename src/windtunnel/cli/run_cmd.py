"""``windtunnel run``: golden prompts and their mutations → invariants → score."""

from __future__ import annotations

from pathlib import Path

import typer

from windtunnel.cli.app import app

ConfigOpt = typer.Option(None, "-c", "--config", help="Config file (windtunnel.yaml or an upstream flakestorm.yaml).")


@app.command("run")
def run(
    config: Path = ConfigOpt,
    repeat: int = typer.Option(1, "--repeat", min=1, help="Run every cell N times (flakiness statistics)."),
    seed: int = typer.Option(None, "--seed", help="Run seed (default: advanced.seed, else a fresh one, recorded)."),
    min_score: float = typer.Option(
        None,
        "--min-score",
        min=0,
        max=100,
        help="Pass when the score reaches this (0-100); without it every cell must pass.",
    ),
    fmt: str = typer.Option(
        None,
        "--format",
        "-f",
        help="Report format: terminal, json, html, junit, sarif, md (default: from --output's suffix, "
        "else the config's output: block, else terminal).",
    ),
    output: Path = typer.Option(None, "--output", "-o", help="Where to write the report (file or directory)."),
    mutations: bool = typer.Option(True, "--mutations/--no-mutations", help="Also run mutated prompts."),
    cell: list[str] = typer.Option(None, "--cell", help="Run only this cell id (repeatable); see `reproduce`."),
    concurrency: int = typer.Option(None, "--concurrency", min=1, help="Override advanced.concurrency."),
    quiet: bool = typer.Option(False, "-q", "--quiet", help="No progress bar, only the summary."),
    chaos: bool = typer.Option(False, "--chaos", help="Run golden prompts and mutations under the `chaos:` faults."),
    chaos_only: bool = typer.Option(
        False, "--chaos-only", help="Golden prompts only, under chaos: the chaos resilience score."
    ),
    chaos_profile: str = typer.Option(
        None, "--chaos-profile", help="Add a built-in chaos profile (implies --chaos; see `windtunnel profiles`)."
    ),
    llm: bool = typer.Option(True, "--llm/--no-llm", help="Use the `model:` LLM for mutations when configured."),
    resume: str = typer.Option(
        None, "--resume", help="Continue a stored run: rerun only the cells that did not complete."
    ),
    store: Path = typer.Option(
        None, "--store", help="Run store (default: $WINDTUNNEL_STORE, else advanced.store, else .windtunnel/runs.db)."
    ),
    use_store: bool = typer.Option(True, "--store-results/--no-store", help="Write every result to the run store."),
) -> None:
    """Run golden prompts (and their mutations) against the agent and check the invariants.

    Exit 0 when every cell passes (or the score reaches --min-score), 1 otherwise, 2 on a config
    error, 3 when the agent cannot be reached, 130 when interrupted (completed cells are kept).
    """
    from windtunnel.cli._listener import RichListener
    from windtunnel.cli._render import render_run
    from windtunnel.flows.run import RunRequest, run_flow

    request = RunRequest(
        config=config,
        repeat=repeat,
        seed=seed,
        min_score=min_score,
        fmt=fmt,
        output=output,
        mutations=mutations,
        cells=set(cell) if cell else None,
        concurrency=concurrency,
        chaos=chaos,
        chaos_only=chaos_only,
        chaos_profile=chaos_profile,
        llm=llm,
        resume=resume,
        store=store,
        use_store=use_store,
    )
    outcome = run_flow(request, RichListener(quiet=quiet))
    render_run(outcome, quiet=quiet)
    raise typer.Exit(int(outcome.exit_code))
