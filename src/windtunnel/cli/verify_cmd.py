"""``windtunnel verify`` (is everything reachable?) and ``windtunnel score`` (the number only).

``verify`` is the step between ``validate`` (the config alone) and ``run`` (the tests): it checks what only a live
setup can show — the python references import, the agent answers one call (a launched ``agent.command`` is started
and stopped again), the configured ``model:`` endpoint answers — and runs no test
(:func:`~windtunnel.flows.verify.verify_flow`). ``score`` is ``run`` with everything but the number silenced, for
shell scripts: it prints the score (0–100, or ``n/a`` when nothing could be scored) and still exits by the verdict,
so ``score`` can gate a script without parsing text. It takes ``run``'s options that choose the cells (the option
objects are ``run``'s, so the two cannot drift apart).
"""

from __future__ import annotations

from pathlib import Path

import typer

from windtunnel.cli._lazy import module_app
from windtunnel.cli._listener import RichListener
from windtunnel.cli._render import render_run
from windtunnel.cli.run_cmd import (
    ChaosOnlyOpt,
    ChaosOpt,
    ConcurrencyOpt,
    LlmOpt,
    MutationsOpt,
    ProfileOpt,
    RepeatOpt,
    StoreOpt,
    UseStoreOpt,
)
from windtunnel.flows.run import RunRequest, run_flow
from windtunnel.flows.verify import verify_flow

app = module_app()


@app.command("verify")
def verify(config: Path = typer.Option(None, "-c", "--config", help="Config file to check.")) -> None:
    """Check the setup without running any test: the config is valid, python references import, the agent
    answers (a launched `agent.command` is started and stopped), an in-process agent's own model (agent.llm's
    client, a framework agent's model clients) accepts a connection, and a configured `model:` endpoint answers.

    Exit 0 when everything is ready, 2 on a config error, 3 when the agent cannot be reached. An agent's model
    that refuses connections only warns (every cell asking it would fail); so does an unreachable mutation
    model: mutations then fall back to the deterministic generators.
    """

    verify_flow(config, RichListener())
    raise typer.Exit(0)


@app.command("score")
def score(
    config: Path = typer.Option(None, "-c", "--config", help="Config file."),
    seed: int = typer.Option(None, "--seed", help="Run seed (default: advanced.seed, else a fresh one)."),
    min_score: float = typer.Option(
        None, "--min-score", min=0, max=100, help="Pass when the score reaches this (0-100; 0.8 is read as 80)."
    ),
    found: bool = typer.Option(
        True,
        "--found/--no-found",
        help="Replay the failures `windtunnel explore` saved (found/ beside the run store) first.",
    ),
    repeat: int = RepeatOpt,
    mutations: bool = MutationsOpt,
    chaos: bool = ChaosOpt,
    chaos_only: bool = ChaosOnlyOpt,
    chaos_profile: str = ProfileOpt,
    concurrency: int = ConcurrencyOpt,
    llm: bool = LlmOpt,
    store: Path = StoreOpt,
    use_store: bool = UseStoreOpt,
) -> None:
    """Run golden prompts and mutations and print only the score (0-100), for scripts.

    The cells are `run`'s, chosen by the same options (--chaos, --chaos-only, --no-mutations, --repeat ...). The
    exit code still tells the verdict: 0 passed, 1 failed or below --min-score, 2 config error,
    3 agent unreachable. Use `contract score` for the contract's resilience score.
    """
    # named as the request's fields, as `run` builds it
    request = RunRequest(**dict(locals()))
    outcome = run_flow(request, RichListener(quiet=True), command="score")
    render_run(outcome, show_summary=False, quiet=True)
    raise typer.Exit(int(outcome.exit_code))
