"""``windtunnel replay``: run, record, export and import recorded sessions.

``replay run`` calls :func:`~windtunnel.flows.replay.replay_flow`; ``record``, ``export`` and ``import`` call the
session use-cases of :mod:`windtunnel.flows.sessions` and print the files they wrote. The command keeps no logic of
its own beyond the terminal: a verdict line per run (sessions passed, failed, errored) rather than a progress bar —
sessions are few and each one's verdict is printed as it arrives — and the report on stdout with ``-o -``.

Upstream flakestorm's LangSmith flags on ``replay run`` (``--from-langsmith RUN_ID``,
``--from-langsmith-project``) are accepted: the sessions are imported into a temporary directory first and then
replayed, so a live import and a file behave the same. Exit codes: 0 every session passed, 1 a session failed, 2 no
session found or a bad option, 3 the agent or a vendor API cannot be reached, 130 interrupted (the sessions judged
so far are in the report).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from windtunnel._util.errors import ExitCode
from windtunnel.cli._console import err_console, out_console, report_on_stdout
from windtunnel.cli._lazy import module_app
from windtunnel.cli._listener import RichListener
from windtunnel.cli._plain import print_error
from windtunnel.cli._render import report_written
from windtunnel.flows.replay import ReplayRequest, replay_flow
from windtunnel.flows.sessions import export_flow, import_flow, import_upstream, record_flow

if TYPE_CHECKING:
    from windtunnel.flows.outcome import Outcome

app = module_app()

replay_app = typer.Typer(
    help="Replay recorded sessions with their tool (and LLM) responses injected, judged by a contract.",
    no_args_is_help=True,
)
app.add_typer(replay_app, name="replay")

ConfigOpt = typer.Option(None, "-c", "--config", help="Config file (windtunnel.yaml or flakestorm.yaml).")
ToolPortOpt = typer.Option(
    None,
    "--tool-proxy-port",
    min=0,
    max=65535,
    help="HTTP agents not launched by windtunnel: serve the tool proxy on this port.",
)
LlmPortOpt = typer.Option(
    None,
    "--llm-proxy-port",
    min=0,
    max=65535,
    help="HTTP agents not launched by windtunnel: serve the LLM proxy on this port.",
)


@replay_app.command("run")
def run(
    paths: list[Path] = typer.Argument(
        None, help="Session files or directories (default: the config's replays.sessions and sources)."
    ),
    config: Path = ConfigOpt,
    fmt: str | None = typer.Option(
        None,
        "--format",
        "-f",
        help="Report format: terminal, json, html, junit, sarif, md (default: from --output's suffix, else terminal).",
    ),
    output: Path = typer.Option(
        None,
        "--output",
        "-o",
        help="Where to write the report: a file, a directory, or - (the report alone on stdout, the rest on stderr).",
    ),
    seed: int = typer.Option(None, "--seed", help="Run seed (default: advanced.seed, else a fresh one)."),
    latency_scale: float = typer.Option(
        None, "--latency-scale", min=0, help="Multiply recorded latencies (0 = answer at once)."
    ),
    fail_on: str = typer.Option(
        "critical", "--fail-on", help="critical: the contract FAIL rule; any: fail on any failed invariant."
    ),
    concurrency: int = typer.Option(None, "--concurrency", min=1, help="Sessions replayed at once."),
    tool_proxy_port: int = ToolPortOpt,
    llm_proxy_port: int = LlmPortOpt,
    quiet: bool = typer.Option(False, "-q", "--quiet", help="Only the summary."),
    from_langsmith: str = typer.Option(
        None, "--from-langsmith", help="Upstream's flag: import this LangSmith run (live) instead of PATHS."
    ),
    from_langsmith_project: str = typer.Option(
        None, "--from-langsmith-project", help="Upstream's flag: import the root runs of this LangSmith project."
    ),
    filter_status: str = typer.Option(
        "error", "--filter-status", help="With --from-langsmith-project: error, warning (no error) or all."
    ),
    run_after_import: bool = typer.Option(
        False,
        "--run",
        help="With --from-langsmith*: replay what was imported (-o is then the report); without it the "
        "sessions are written to the -o directory, as upstream does.",
    ),
) -> None:
    """Replay sessions against the agent and judge each answer against its contract.

    Exit 0 when every replay passes, 1 when any fails, 2 on a bad session or an unresolvable contract,
    3 when the agent cannot be reached.
    """

    if from_langsmith or from_langsmith_project:
        with tempfile.TemporaryDirectory(prefix="windtunnel-langsmith-") as tmp:
            where = Path(tmp) if run_after_import else output
            imported = import_upstream(
                paths=list(paths or []),
                output=where,
                run_id=from_langsmith,
                project=from_langsmith_project,
                status=filter_status,
            )

            for path, _ in imported:
                err_console().print(f"imported {path}")
            if not run_after_import:
                raise typer.Exit(0)
            paths = [Path(tmp)]
            return _replay(paths, config, fmt, output, seed, latency_scale, fail_on, concurrency,
                           tool_proxy_port, llm_proxy_port, quiet)  # fmt: skip
    _replay(list(paths or []), config, fmt, output, seed, latency_scale, fail_on, concurrency,
            tool_proxy_port, llm_proxy_port, quiet)  # fmt: skip


def _replay(
    paths: list[Path],
    config: Path | None,
    fmt: str | None,
    output: Path | None,
    seed: int | None,
    latency_scale: float | None,
    fail_on: str,
    concurrency: int | None,
    tool_proxy_port: int | None,
    llm_proxy_port: int | None,
    quiet: bool,
) -> None:
    """``replay run`` itself: replay ``paths`` (or the config's sessions) and exit with the verdict.

    Shared by the plain ``replay run`` and its LangSmith form, which calls it on the directory it imported into.
    Only the verdict line is drawn (no progress bar): each session's verdict is its progress."""

    request = ReplayRequest(
        paths=paths,
        config=config,
        fmt=fmt,
        output=output,
        seed=seed,
        latency_scale=latency_scale,
        fail_on=fail_on,
        concurrency=concurrency,
        tool_proxy_port=tool_proxy_port,
        llm_proxy_port=llm_proxy_port,
    )

    with report_on_stdout(output):  # `-o -`: the report on stdout, the summary on stderr
        outcome = replay_flow(request, RichListener(quiet=quiet, bar=False))
        render_replay(outcome)
    raise typer.Exit(int(outcome.exit_code))


@replay_app.command("record")
def record(
    input_: str = typer.Option(..., "--input", "-i", help="The exact input to send to the agent."),
    output: Path = typer.Option(..., "--output", "-o", help="Session file to write (.yaml, .yml or .json)."),
    config: Path = ConfigOpt,
    session_id: str = typer.Option(None, "--id", help="Session id (default: from the file name)."),
    name: str = typer.Option(None, "--name", help="A human-readable name."),
    contract: str = typer.Option(None, "--contract", help="Contract name or path to store in the session."),
    inject_llm: bool = typer.Option(
        False, "--inject-llm", help="Replay the recorded model answers too (default: tools only)."
    ),
    scenario: str = typer.Option(
        None,
        "--scenario",
        help="Record under this contract-matrix scenario's faults (reproduce an incident).",
    ),
    seed: int = typer.Option(None, "--seed", help="Seed for the scenario's faults."),
    tool_proxy_port: int = ToolPortOpt,
    llm_proxy_port: int = LlmPortOpt,
) -> None:
    """Run the agent once with recording on and write the session (input, calls, answer).

    Without --contract, `replay run -c CONFIG` judges the session by CONFIG's contract, else by its `invariants:`
    (as `run` judges an agent call); a note says which, or that a config with neither will refuse it.

    Exit 0 when recorded with an answer; 1 when the agent hung or crashed after its calls (the session is written with
    the calls made until then and `expected_failure: timeout: …` or `transport: …`); 2 on a config error; 3 when the
    agent is unreachable or its call failed otherwise (nothing written); 130 when interrupted (nothing written: a
    message says so, and that a file already at --output is left as it was)."""

    existed = output.exists()
    try:
        path, s, failure = record_flow(
            config,
            input_,
            output,
            RichListener(),
            session_id=session_id,
            name=name,
            contract=contract,
            inject_llm=inject_llm,
            scenario=scenario,
            seed=seed,
            tool_proxy_port=tool_proxy_port,
            llm_proxy_port=llm_proxy_port,
        )
    except KeyboardInterrupt:
        kept = f"{output} is left as it was" if existed else f"no file written at {output}"
        err_console().print(
            f"interrupted before the agent answered: nothing recorded; {kept}; record again to capture the session",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
        raise typer.Exit(int(ExitCode.INTERRUPTED)) from None
    failed = sum(c.failed for c in s.calls)
    err_console().print(
        f"recorded session {s.id!r}: {len(s.calls)} call(s) ({failed} failed) -> {path}\n"
        + (f"  no answer: {failure}" if failure is not None else f"  answer: {(s.output or '')[:200]}")
    )
    if failure is not None:  # the hang or crash is recorded (expected_failure); the agent did not answer: exit 1
        raise typer.Exit(1)


@replay_app.command("export")
def export(
    from_report: Path = typer.Option(..., "--from-report", help="A windtunnel JSON report."),
    output: Path = typer.Option(..., "--output", "-o", help="Directory to write one session per failed cell."),
    contract: str = typer.Option(None, "--contract", help="Contract name or path to store in each session."),
    fmt: str = typer.Option("yaml", "--format", "-f", help="Session file format: yaml or json."),
) -> None:
    """Write one session per failed cell: the exact input that failed and the calls seen in that cell."""

    written = export_flow(from_report, output, contract=contract, fmt=fmt, listener=RichListener())
    if not written:
        err_console().print(f"no failed cell in {from_report}: nothing to export")
    for path, s in written:
        err_console().print(f"exported {path}  ({len(s.calls)} call(s); input: {s.prompt_text[:80]!r})")


@replay_app.command("import")
def import_(
    source: str = typer.Argument(..., help="langsmith, otel or langfuse."),
    file: Path = typer.Argument(None, help="An export file (JSON or JSON Lines). Omit for live import."),
    output: Path = typer.Option(..., "--output", "-o", help="Directory to write the sessions to."),
    contract: str = typer.Option(None, "--contract", help="Contract name or path to store in each session."),
    project: str = typer.Option(None, "--project", help="Live LangSmith import: the project."),
    run_id: str = typer.Option(None, "--run-id", help="Live import: one LangSmith run id / Langfuse trace id."),
    limit: int = typer.Option(20, "--limit", min=1, help="Live import: at most this many traces."),
    fmt: str = typer.Option("yaml", "--format", "-f", help="Session file format: yaml or json."),
) -> None:
    """Import sessions from LangSmith runs, OpenTelemetry GenAI spans or Langfuse traces."""

    imported = import_flow(
        source, file, output, contract=contract, project=project, run_id=run_id, limit=limit, fmt=fmt
    )
    for path, s in imported:
        tools = sum(c.kind == "tool" for c in s.calls)
        llms = sum(c.kind == "llm" for c in s.calls)
        err_console().print(f"imported {path}  ({tools} tool call(s), {llms} model call(s))")


def render_replay(outcome: Outcome, *, show_summary: bool = True) -> None:
    """The verdict line, where the report went, and why a replay cut short stopped.

    ``show_summary`` off (``ci --quiet``'s replay phase) leaves out the verdict line; the "report written" line and
    the stop message go to stderr, so that with ``-o -`` stdout holds the report alone."""

    s = outcome.summary
    verdict = "[bold green]PASS[/]" if s["passed"] else "[bold red]FAIL[/]"
    # a replay cut short says so on the verdict line, with the sessions it did not reach (QA-28 low 13: an
    # interrupted replay read "FAIL  replay score 100.0/100  sessions 2: 2 passed")
    cut = " (interrupted)" if outcome.status == "interrupted" else " (cut short)" if outcome.aborted else ""
    sessions = f"{s['cells_total']}"
    if cut and outcome.planned and outcome.planned != s["cells_total"]:
        sessions += f" of {outcome.planned}"
    score = "n/a" if s["score"] is None else f"{s['score']:.1f}/100"
    if show_summary:
        out_console().print(
            f"{verdict}{cut}  replay score {score}  sessions {sessions}: "
            f"{s['cells_passed']} passed, {s['cells_failed']} failed, {s['cells_errored']} errored"
        )
    report_written(outcome)
    if outcome.status == "interrupted":
        err_console().print(f"interrupted: {outcome.completed} of {outcome.planned} sessions replayed and kept")
    elif outcome.aborted is not None:
        print_error(outcome.aborted)
