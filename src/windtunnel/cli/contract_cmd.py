"""``windtunnel contract run | validate | score``: behavioral contracts over a chaos scenario matrix."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from windtunnel.cli.app import app

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
    help="Pass when the score reaches this and no critical cell failed; without it every cell must pass.",
)
ConcurrencyOpt = typer.Option(
    None,
    "--concurrency",
    min=1,
    help="Units in flight at once. Default: 1 with a reset or a stateful agent (isolation), else advanced.concurrency.",
)


@dataclass
class _Opts:
    config: Path | None
    repeat: int = 1
    seed: int | None = None
    min_score: float | None = None
    fmt: str = "terminal"
    output: Path | None = None
    quiet: bool = False
    cells: set[str] | None = None
    concurrency: int | None = None
    score_only: bool = False
    show_summary: bool = True
    """Print the plan line, the matrix and the verdict (``ci -q`` shows only its own phase table)."""
    run_id: str | None = None
    """The id to store the run under (``ci`` names its phases ``<ci run id>-<phase>``)."""
    store: Path | None = None
    """The run store (default: ``$WINDTUNNEL_STORE`` or ``.windtunnel/runs.db``)."""
    persist: bool = True


def _cell_text(stats: Any) -> str:
    if stats.status == "n/a":
        return "[dim]N/A[/]"
    if stats.status == "not run":
        return "[dim]not run[/]"
    ratio = f" {stats.passed}/{stats.checks}" if stats.status != "pass" or stats.checks > 1 else ""
    style = {"pass": "green", "fail": "bold red", "flaky": "yellow"}[stats.status]
    return f"[{style}]{stats.status}[/]{ratio}"


def _print_matrix(plan: Any, verdict: Any, report: dict[str, Any]) -> None:
    from rich.markup import escape
    from rich.table import Table

    from windtunnel.cli._console import out_console

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
    failures = [c for c in report["cells"] if c["status"] in ("failed", "error")]
    if failures:
        ft = Table(title=f"failed checks ({len(failures)})", title_justify="left")
        ft.add_column("cell")
        ft.add_column("why")
        ft.add_column("reproduce", overflow="fold")
        for c in failures[:15]:
            why = c.get("error") or "; ".join(k.get("detail") or "failed" for k in c["checks"] if not k["passed"])
            ft.add_row(escape(c["id"]), escape(why[:120]), escape(c.get("reproduce", "")))
        con.print(ft)
        if len(failures) > 15:
            con.print(f"… and {len(failures) - 15} more in the report")
    s = report["summary"]
    verdict_txt = "[bold green]PASS[/]" if s["passed"] else "[bold red]FAIL[/]"
    score = "n/a" if s["score"] is None else f"{s['score']:.1f}/100"
    con.print(
        f"{verdict_txt}  resilience score {score}  "
        f"({s['cells_passed']} of {s['cells_total'] - s['cells_skipped']} checks "
        f"passed, {s['cells_skipped']} N/A)"
    )
    for reason in verdict.reasons:
        con.print(f"  [red]•[/] {escape(reason)}")


def _summary(verdict: Any, rows: list[dict[str, Any]], extra: dict[str, Any]) -> dict[str, Any]:
    count = {k: sum(r["status"] == k for r in rows) for k in ("passed", "failed", "error", "skipped")}
    return {
        "score": None if verdict.score is None else round(verdict.score, 2),
        "passed": verdict.passed,
        "critical_failed": verdict.critical_failed,
        "cells_total": len(rows),
        "cells_passed": count["passed"],
        "cells_failed": count["failed"],
        "cells_errored": count["error"],
        "cells_skipped": count["skipped"],
        "reasons": verdict.reasons,
        "by_scenario": verdict.by_scenario,
        "by_invariant": verdict.by_invariant,
        "matrix": [s.as_dict() for s in verdict.cells],
        **extra,
    }


def _na_row(mc: Any) -> dict[str, Any]:
    return {
        "id": f"{mc.scenario}:{mc.invariant}",
        "kind": "contract",
        "prompt": "",
        "golden_prompt": None,
        "scenario": mc.scenario,
        "invariant": mc.invariant,
        "severity": mc.severity,
        "repeat": 0,
        "status": "skipped",
        "passed": False,
        "output": None,
        "latency_ms": None,
        "error": None,
        "faults": [],
        "checks": [],
        "detail": "N/A: `when` does not hold in this scenario",
    }


def _execute(opts: _Opts) -> int:
    import anyio
    from rich.markup import escape

    from windtunnel._util.errors import AgentExitedError, ExitCode
    from windtunnel.cli._console import err_console
    from windtunnel.cli._progress import Progress
    from windtunnel.cli._runflow import (
        abort_record,
        new_run_id,
        persist_report,
        print_abort,
        print_notices,
        resolve_seed,
        run_status,
        sigterm_as_interrupt,
        write_report,
    )
    from windtunnel.config.load import find_config, load_config
    from windtunnel.contracts import STATE_WARNING, ContractRun, StateVerdict, plan_contract, score_contract
    from windtunnel.engine.report import build_report, cell_row, now_iso

    config_path = find_config(opts.config)
    cfg = load_config(config_path)
    plan = plan_contract(cfg, repeat=opts.repeat)
    if opts.cells:
        plan = plan.only(opts.cells)
    seed = resolve_seed(cfg, opts.seed)
    err = err_console()
    notices: list[str] = list(plan.notices)

    def on_state(state: StateVerdict) -> None:
        if state.stateful:
            err.print(escape(STATE_WARNING), style="yellow")
            notices.append(STATE_WARNING)
            notices.extend(f"state detection: {e}" for e in state.evidence)

    runner = ContractRun(cfg, plan, seed=seed, concurrency=opts.concurrency, on_state=on_state)
    applicable = len(plan.applicable_cells)
    na = len(plan.matrix) - applicable
    if not opts.score_only and opts.show_summary:
        parts = [f"{len(plan.units)} units"]
        if plan.baseline_calls:
            parts.append(f"{plan.baseline_calls} baselines")
        if runner.state_calls:
            parts.append(f"{runner.state_calls} state-detection calls")
        err.print(
            f"contract {escape(plan.name)!s}: {len(plan.scenarios)} scenarios × "
            f"{len(plan.invariants)} invariants "
            f"= {applicable} cells (+{na} N/A); {runner.planned_calls} agent calls planned "
            f"({', '.join(parts)}); "
            f"seed {seed}"
        )
    run_id = opts.run_id or new_run_id()
    started = now_iso()
    interrupted = False
    aborted: AgentExitedError | None = None
    with Progress(len(plan.units), label="units", quiet=opts.quiet or opts.score_only) as progress:
        runner.listeners.append(progress)
        sigterm_as_interrupt()
        try:
            anyio.run(runner.run)
        except KeyboardInterrupt:
            interrupted = True
        except AgentExitedError as exited:
            aborted = exited
    # a scenario cut short by the agent process dying was not run (like the scenarios after it), never
    # failed: its units are left out of the scores and the matrix, whatever part of it had completed
    cut = {r.cell.scenario for r in runner.results if r.error_kind == "agent_exited"}
    results = [r for r in runner.results if r.cell.scenario not in cut]
    if aborted is not None:
        aborted = aborted.recounted(len(results))
        notices.append(aborted.reason)
    notices += runner.warnings
    if runner.warnings and not opts.quiet:
        print_notices(runner.warnings)
    verdict = score_contract(plan, results, min_score=opts.min_score)
    base = ["windtunnel", "contract", "run", "-c", str(config_path), "--seed", str(seed)]
    if opts.repeat != 1:
        base += ["--repeat", str(opts.repeat)]
    labels = plan.by_label
    by_id = {r.cell.id: r for r in results}
    rows: list[dict[str, Any]] = []
    for unit in plan.units:
        r = by_id.get(unit.id)
        if r is None:
            continue
        for label in unit.invariants or []:
            rows.append(cell_row(r, reproduce_base=base, invariant=label, severity=labels[label].severity))
    rows += [_na_row(mc) for mc in plan.matrix if not mc.applicable]
    state = runner.state
    extra = {
        "contract": plan.name,
        "min_score": opts.min_score,
        "repeat": opts.repeat,
        "agent_calls_planned": runner.planned_calls,
        "units_planned": len(plan.units),
        "units_completed": len(results),
        "concurrency": runner.effective_concurrency,
        "state_detection": None
        if state is None
        else {
            "stateful": state.stateful,
            "evidence": state.evidence,
            "calls": state.calls,
            "noise_floor": state.noise_floor,
            "noise_spread": state.noise_spread,
            "cached": state.cached,
        },
    }
    summary = _summary(verdict, rows, extra)
    summary["cells_planned"] = sum(len(u.invariants or []) for u in plan.units) + na
    if interrupted:  # a partial contract run passes nothing
        summary.update(passed=False, partial=True)
    if aborted is not None:
        summary.update(
            passed=False, partial=True, aborted=abort_record(aborted), reasons=[*summary["reasons"], aborted.reason]
        )
    report = build_report(
        run_id=run_id,
        mode="contract",
        seed=seed,
        started_at=started,
        finished_at=now_iso(),
        summary=summary,
        cells=rows,
        notices=notices,
        extra_run={"config": str(config_path), "agent": cfg.agent.type, **run_status(interrupted, aborted)},
    )
    path = write_report(report, opts.fmt, opts.output, run_id)
    if opts.persist:
        persist_report(report, store=opts.store)
    if opts.score_only:
        from windtunnel.cli._console import out_console

        out_console().print("n/a" if verdict.score is None else f"{verdict.score:.2f}")
    elif opts.show_summary:
        _print_matrix(plan, verdict, report)
    if path is not None:
        err.print(f"report written to {path}")
    if interrupted:
        err.print(f"interrupted: {len(runner.results)} of {len(plan.units)} units completed and kept")
        return int(ExitCode.INTERRUPTED)
    if aborted is not None:
        print_abort(aborted)
        return int(ExitCode.HARNESS)
    return int(ExitCode.OK if verdict.passed else ExitCode.FAILED)


@contract_app.command("run")
def contract_run(
    config: Path = ConfigOpt,
    repeat: int = RepeatOpt,
    seed: int = SeedOpt,
    min_score: float = MinScoreOpt,
    fmt: str = typer.Option(
        "terminal", "--format", "-f", help="Report format to write: terminal, json, html, junit, sarif, md."
    ),
    output: Path = typer.Option(None, "--output", "-o", help="Where to write the report (file or directory)."),
    quiet: bool = typer.Option(False, "-q", "--quiet", help="No progress bar, only the matrix and verdict."),
    cell: list[str] = typer.Option(None, "--cell", help="Run only this unit id (repeatable); see `reproduce`."),
    concurrency: int = ConcurrencyOpt,
) -> None:
    """Run the contract matrix: every invariant in every scenario where its `when` holds.

    Exit 0 when the contract passes, 1 when it fails (any critical cell failing fails it, whatever the
    score), 2 on a config or contract error, 3 when the agent cannot be reached, 130 when interrupted.
    """
    code = _execute(
        _Opts(
            config=config,
            repeat=repeat,
            seed=seed,
            min_score=min_score,
            fmt=fmt,
            output=output,
            quiet=quiet,
            cells=set(cell) if cell else None,
            concurrency=concurrency,
        )
    )
    raise typer.Exit(code)


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
    code = _execute(
        _Opts(
            config=config,
            repeat=repeat,
            seed=seed,
            min_score=min_score,
            output=output,
            quiet=True,
            concurrency=concurrency,
            score_only=True,
        )
    )
    raise typer.Exit(code)


@contract_app.command("validate")
def contract_validate(
    config: Path = ConfigOpt,
    no_import: bool = typer.Option(False, "--no-import", help="Do not import python agent references."),
) -> None:
    """Check the contract without calling the agent; exit 2 listing every problem found."""
    from rich.markup import escape

    from windtunnel.cli._console import out_console
    from windtunnel.config.load import find_config, load_config
    from windtunnel.contracts import plan_contract, raise_problems
    from windtunnel.contracts.run import ContractRun

    path = find_config(config)
    cfg = load_config(path)
    raise_problems(cfg, imports=not no_import)
    plan = plan_contract(cfg)
    runner = ContractRun(cfg, plan, seed=0)
    na = len(plan.matrix) - len(plan.applicable_cells)
    out_console().print(
        f"[green]ok[/] {escape(str(path))}: contract {escape(plan.name)!s}, "
        f"{len(plan.scenarios)} scenarios × "
        f"{len(plan.invariants)} invariants = {len(plan.applicable_cells)} cells (+{na} N/A), "
        f"{runner.planned_calls} agent calls per run"
    )
