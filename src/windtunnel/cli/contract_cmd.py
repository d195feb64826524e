"""``windtunnel contract run | validate | score``: behavioral contracts over a chaos scenario matrix.

``run`` and ``score`` both call :func:`~windtunnel.flows.contract.contract_flow` (``score`` prints only the
resilience score, 0–100 or ``n/a``, for scripts, and exits by the same verdict); ``validate`` runs the contract
checks of preflight without calling the agent. What this module adds is the matrix as a reader needs it: one row
per scenario, one column per invariant with its severity and ``when``, each cell ``pass``, ``fail``, ``flaky``
(with ``passed/checks``), ``N/A`` (its ``when`` does not hold there) or ``not run`` — an N/A or a not-run cell is
shown as such and never counted as a pass — then the repeats' statistics with ``--repeat`` and the first failed
checks with the command that reproduces each. Every name from the config is escaped before rich sees it, as a
scenario called ``[red]x`` must print as written.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.markup import escape
from rich.table import Table

from windtunnel._util.signals import held_interrupts
from windtunnel._util.words import count
from windtunnel.cli._console import err_console, out_console, report_on_stdout
from windtunnel.cli._lazy import module_app
from windtunnel.cli._listener import RichListener
from windtunnel.cli._plain import print_error
from windtunnel.cli._render import continue_command, report_written
from windtunnel.cli._scale import ExecutorOpt, RayAddressOpt, ShardOpt
from windtunnel.config.load import find_config, load_config
from windtunnel.contracts import plan_contract, raise_problems
from windtunnel.contracts.run import ContractRun, unreachable_scenarios
from windtunnel.contracts.scoring import not_run_line
from windtunnel.engine.scoring import is_failure
from windtunnel.flows.contract import ContractRequest, contract_flow
from windtunnel.flows.preflight import check_env, preflight
from windtunnel.reports.verdict import lead_reason

if TYPE_CHECKING:
    from windtunnel.flows.outcome import Outcome
    from windtunnel.report.dicts import ReportDict

app = module_app()

contract_app = typer.Typer(
    help="Behavioral contracts: invariants that must hold in every chaos scenario of a matrix.",
    no_args_is_help=True,
)
app.add_typer(contract_app, name="contract")

ConfigOpt = typer.Option(None, "-c", "--config", help="Config file with a `contract:` (windtunnel or flakestorm).")
RepeatOpt = typer.Option(1, "--repeat", min=1, help="Invoke every unit N times (pass rate, pass^k, Wilson, flaky).")
SeedOpt = typer.Option(None, "--seed", help="Run seed (default: advanced.seed, else a fresh one, recorded).")
MinScoreOpt = typer.Option(
    None,
    "--min-score",
    min=0,
    max=100,
    help="Pass when the score (0-100; 0.8 is read as 80) reaches this and no critical cell failed; "
    "without it every cell must pass.",
)
ConcurrencyOpt = typer.Option(
    None,
    "--concurrency",
    min=1,
    help="Units in flight at once. Default: 1 with a reset or a stateful agent (isolation), else advanced.concurrency.",
)


def _cell_text(stats: Any) -> str:
    """A matrix cell as rich markup: N/A (``when`` does not hold), not run, or the status coloured by verdict (an
    errored cell as ``errored (transport)``: the call failed, nothing was checked) with ``passed/checks`` when the
    invariant was checked more than once or did not pass every time.
    """
    if stats.status == "n/a":
        return "[dim]N/A[/]"
    if stats.status == "not run":
        return "[dim]not run[/]"
    ratio = f" {stats.passed}/{stats.checks}" if stats.status != "pass" or stats.checks > 1 else ""
    style = {"pass": "green", "fail": "bold red", "error": "red", "flaky": "yellow"}.get(stats.status, "magenta")
    return f"[{style}]{escape(stats.word)}[/]{ratio}"


def _print_matrix(plan: Any, verdict: Any, report: ReportDict) -> None:
    """Print the scenario × invariant matrix (each invariant with its severity and ``when``) with each scenario's score,
    then the repeats that disagreed, the failures, and the verdict line (resilience score, checks passed, N/A and
    not-run cells) with the reasons it failed. Names from the config are escaped.
    """
    con = out_console()
    t = Table(title=f"contract {escape(plan.name)!s}: scenario × invariant", title_justify="left")
    t.add_column("scenario")
    for inv in plan.invariants:
        t.add_column(f"{escape(inv.label)}\n[dim]{inv.severity}, {inv.when}[/]", justify="center")
    t.add_column("score", justify="right")
    for name in plan.scenarios:
        agg = verdict.by_scenario[name]
        cells = []
        for inv in plan.invariants:
            try:
                cells.append(_cell_text(verdict.stats(name, inv.label)))
            except KeyError:
                cells.append("[dim]-[/]")
        t.add_row(escape(name), *cells, "-" if agg["score"] is None else f"{agg['score']:.0f}")
    con.print(t)
    _print_repeats(plan, verdict)
    _print_failures(report)
    s = report["summary"]
    verdict_txt = "[bold green]PASS[/]" if s["passed"] else "[bold red]FAIL[/]"
    score = "n/a" if s["score"] is None else f"{s['score']:.1f}/100"
    na = sum(c.status == "n/a" for c in verdict.cells)
    notes = [f"{na} matrix cell{'' if na == 1 else 's'} N/A"] if na else []
    notes += [escape(line) for line in [not_run_line(verdict.cells)] if line]
    why = lead_reason(s)
    con.print(
        f"{verdict_txt}  {'' if why is None else escape(why) + ' — '}resilience score {score}  "
        f"({s['cells_passed']} of {s['cells_total'] - (s['cells_skipped'] or 0)} checks passed"
        f"{''.join('; ' + n for n in notes)})"
    )
    for reason in verdict.reasons:
        con.print(f"  [red]•[/] {escape(reason)}")


def _print_repeats(plan: Any, verdict: Any) -> None:
    """With ``--repeat``: per checked cell its pass rate, the 95 % Wilson interval of that rate, and pass^k (the
    chance that all ``k`` repeats pass, ``-`` when it cannot be estimated). N/A and not-run cells are left out:
    they have no rate. Nothing is printed for a single repeat, where a rate is just the verdict."""

    con = out_console()
    if plan.repeat > 1:
        rep = Table(title=f"repeats ({plan.repeat} per unit)", title_justify="left")
        for col in ("scenario", "invariant", "status", "pass rate", "95% Wilson", f"pass^{plan.repeat}"):
            rep.add_column(col)
        for s in verdict.cells:
            if s.status in ("n/a", "not run"):
                continue
            lo, hi = s.wilson
            rep.add_row(
                escape(s.scenario),
                escape(s.invariant),
                _cell_text(s),
                f"{s.pass_rate:.0%}",
                f"{lo:.2f}-{hi:.2f}",
                "-" if s.pass_k is None else f"{s.pass_k:.2f}",
            )
        con.print(rep)


def _print_failures(report: ReportDict) -> None:
    """The first 15 failed checks (errors included) with why, cut to 120 characters, and the command that
    reproduces each; the count of the rest points at the report, which lists them all."""

    con = out_console()
    failures = [c for c in report["cells"] if is_failure(c)]
    if failures:
        errored = sum(c.get("status") == "error" for c in failures)  # a call that errored checked nothing
        parts = [f"{len(failures) - errored} failed"] if errored < len(failures) else []
        parts += [f"{errored} errored"] if errored else []
        ft = Table(title=f"failed checks ({', '.join(parts)})", title_justify="left")
        ft.add_column("cell")
        ft.add_column("why")
        ft.add_column("reproduce", overflow="fold")
        for c in failures[:15]:
            why = c.get("error") or "; ".join(k.get("detail") or "failed" for k in c["checks"] if not k["passed"])
            ft.add_row(escape(c["id"]), escape(why[:120]), escape(c.get("reproduce", "")))
        con.print(ft)
        if len(failures) > 15:
            con.print(f"… and {len(failures) - 15} more in the report")


def render_contract(outcome: Outcome, *, show: bool = True, score_only: bool = False, hint: bool = True) -> None:
    """The matrix and verdict (or the bare score), where the report went, and the stop message.

    ``score_only`` (``contract score``) prints the resilience score to two places, or ``n/a`` when nothing was
    scored; ``show`` off (``ci``'s quiet phase) prints neither. A run cut short says how many units were kept and,
    when the run is stored, the ``--resume`` command that continues it; an aborted one first says why the agent
    stopped. Everything but the matrix and the score goes to stderr."""

    detail = outcome.detail
    if score_only:
        score = detail.verdict.score
        out_console().print("n/a" if score is None else f"{score:.2f}")
    elif show:
        _print_matrix(detail.plan, detail.verdict, outcome.report)
    report_written(outcome)
    more = f"; continue with: {continue_command(outcome, 'contract run')}" if outcome.stored and hint else ""
    if outcome.status == "interrupted":
        err_console().print(f"interrupted: {outcome.completed} of {outcome.planned} units completed and kept{more}")
    elif outcome.aborted is not None:
        print_error(outcome.aborted)
        if outcome.stored:
            err_console().print(f"{outcome.completed} of {outcome.planned} units completed and kept{more}")


def _contract(request: Any, *, quiet: bool, score_only: bool = False) -> None:
    """Run the contract of ``request`` and exit with its code. Ctrl-C stops the units only: the store, the report and
    the matrix always finish; with ``-o -`` the report goes to stdout and the matrix to stderr.
    """
    # Ctrl-C stops the units only; the store, the report and the matrix always finish (QA-5)
    with held_interrupts(), report_on_stdout(request.output):  # `-o -`: the report on stdout, the matrix on stderr
        listener = RichListener(quiet=quiet, plan=not score_only, bar=not (quiet or score_only))
        outcome = contract_flow(request, listener)
        render_contract(outcome, score_only=score_only)
    raise typer.Exit(int(outcome.exit_code))


@contract_app.command("run")
def contract_run(
    config: Path = ConfigOpt,
    repeat: int = RepeatOpt,
    seed: int = SeedOpt,
    min_score: float = MinScoreOpt,
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
    quiet: bool = typer.Option(False, "-q", "--quiet", help="No progress bar, only the matrix and verdict."),
    cell: list[str] = typer.Option(None, "--cell", help="Run only this unit id (repeatable); see `reproduce`."),
    concurrency: int = ConcurrencyOpt,
    resume: str = typer.Option(
        None,
        "--resume",
        help="Continue a stored contract run: rerun only missing units (its -o, --concurrency ... are kept).",
    ),
    store: Path = typer.Option(
        None, "--store", help="Run store (default: $WINDTUNNEL_STORE, else advanced.store, else .windtunnel/runs.db)."
    ),
    persist: bool = typer.Option(True, "--store-results/--no-store", help="Keep the run in the run store."),
    executor: str = ExecutorOpt,
    ray_address: str = RayAddressOpt,
    shard: str = ShardOpt,
    schedule: str = typer.Option(
        None,
        "--schedule",
        help="Run the contract under this fault schedule alone (replaces chaos_matrix): a YAML file, or the schedule "
        "inline ('{faults: [...]}').",
    ),
    found: bool = typer.Option(
        True,
        "--found/--no-found",
        help="Replay the failures `windtunnel explore` saved (found/ beside the run store) first.",
    ),
) -> None:
    """Run the contract matrix: every invariant in every scenario where its `when` holds.

    Exit 0 when the contract passes, 1 when it fails (any critical cell failing fails it, whatever the
    score), 2 on a config or contract error, 3 when the agent cannot be reached, 130 when interrupted.
    """
    options = {k: v for k, v in locals().items() if k not in ("quiet", "cell")}  # named as the request's fields

    _contract(ContractRequest(**options, cells=set(cell) if cell else None), quiet=quiet)


@contract_app.command("score")
def contract_score(
    config: Path = ConfigOpt,
    repeat: int = RepeatOpt,
    seed: int = SeedOpt,
    min_score: float = MinScoreOpt,
    output: Path = typer.Option(None, "--output", "-o", help="Also write the JSON report here."),
    concurrency: int = ConcurrencyOpt,
) -> None:
    """Run the contract and print only the resilience score (0-100, or n/a); the exit code is the verdict."""

    request = ContractRequest(  # fmt None: -o's suffix decides, JSON by default (`-o -`: JSON on stdout)
        config=config, repeat=repeat, seed=seed, min_score=min_score, fmt=None, output=output, concurrency=concurrency
    )
    _contract(request, quiet=True, score_only=True)


@contract_app.command("validate")
def contract_validate(
    config: Path = ConfigOpt,
    no_import: bool = typer.Option(False, "--no-import", help="Do not import python agent references."),
) -> None:
    """Check the contract without calling the agent; exit 2 listing every problem found. Warnings (a fault's tool
    that names none of the agent's tools, a fault mode for streamed answers only) are printed with exit 0, and the
    ok line counts them."""

    path = find_config(config)
    cfg = load_config(path)
    check_env(cfg, str(path), command="validate", mutation=False)  # what `contract run` stops on (QA-6 F-9)
    raise_problems(cfg, imports=not no_import)
    plan = plan_contract(cfg)
    # the warnings `validate` gives on the contract (a tool name no fault can match, a streamed-only fault mode ...):
    # one preflight for both commands, so neither says ok where the other warns (QA-28 medium 7)
    warnings = preflight(cfg, phases=("contract",), imports=not no_import, agent_imports=not no_import).warnings
    warnings += list(unreachable_scenarios(cfg, plan, checked=False).values())  # run only behind the proxies
    for why in warnings:
        err_console().print(f"[yellow]warning:[/] {escape(why)}")
    runner = ContractRun(cfg, plan, seed=0)
    na = len(plan.matrix) - len(plan.applicable_cells)
    warned = f", {len(warnings)} warning(s)" if warnings else ""
    out_console().print(
        f"[green]ok[/] {escape(str(path))}: contract {escape(plan.name)!s}, "
        f"{count(len(plan.scenarios), 'scenario')} × "
        f"{count(len(plan.invariants), 'invariant')} = {count(len(plan.applicable_cells), 'cell')} (+{na} N/A), "
        f"{runner.planned_calls} agent calls per run{warned}"
    )
