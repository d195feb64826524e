"""The shared flow of commands that run cells: plan → run (streamed) → summarize → report → exit code."""

from __future__ import annotations

import secrets
import signal
import sys
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from windtunnel._util.errors import ExitCode, UsageError
from windtunnel.cli._console import err_console, out_console


@dataclass
class RunOptions:
    config: Path | None
    repeat: int = 1
    seed: int | None = None
    min_score: float | None = None
    fmt: str = "terminal"
    output: Path | None = None
    mutations: bool = True
    cells: set[str] | None = None
    concurrency: int | None = None
    quiet: bool = False
    chaos: bool = False
    chaos_only: bool = False
    chaos_profile: str | None = None
    llm: bool = True


def new_run_id() -> str:
    return datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)


def resolve_seed(cfg: Any, seed: int | None) -> int:
    """The run seed: the command line's, else ``advanced.seed``, else a fresh one (recorded in the report)."""
    if seed is not None:
        return seed
    if cfg.advanced.seed is not None:
        return int(cfg.advanced.seed)
    return secrets.randbelow(2**31)


def reproduce_base(opts: RunOptions, config_path: Path, seed: int) -> list[str]:
    base = ["windtunnel", "run", "-c", str(config_path), "--seed", str(seed)]
    if opts.repeat != 1:
        base += ["--repeat", str(opts.repeat)]
    if not opts.mutations:
        base.append("--no-mutations")
    if opts.chaos_only:
        base.append("--chaos-only")
    elif opts.chaos:
        base.append("--chaos")
    if opts.chaos_profile:
        base += ["--chaos-profile", opts.chaos_profile]
    if not opts.llm:
        base.append("--no-llm")
    return base


def write_report(report: dict[str, Any], fmt: str, output: Path | None, run_id: str) -> Path | None:
    """Write the report in ``fmt`` unless it is terminal-only; returns the path written."""
    if fmt == "terminal":
        if output is None:
            return None
        fmt = "json"
    if fmt not in ("json",):
        raise UsageError(f"unknown report format {fmt!r}", hint="choose terminal or json")
    import orjson

    path = output or Path("reports")
    if path.suffix == "" or path.is_dir():
        path = path / f"windtunnel-{run_id}.{fmt}"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(orjson.dumps(report, option=orjson.OPT_INDENT_2))
    return path


def print_notices(notices: list[str]) -> None:
    from rich.markup import escape

    for n in notices:
        err_console().print(f"[yellow]note:[/] {escape(n)}")


def print_summary(report: dict[str, Any]) -> None:
    from windtunnel.cli._summary import print_summary as show

    show(report, out_console())


def sigterm_as_interrupt() -> None:
    def handler(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    if hasattr(signal, "SIGTERM"):
        try:
            signal.signal(signal.SIGTERM, handler)
        except ValueError:  # not the main thread (tests)
            pass


def chaos_spec(cfg: Any, opts: RunOptions) -> Any:
    """The global chaos of ``run --chaos`` / ``--chaos-only`` / ``--chaos-profile`` (None without chaos)."""
    if not (opts.chaos or opts.chaos_only or opts.chaos_profile):
        return None
    from windtunnel.chaos.spec import ChaosSpec

    spec = ChaosSpec.resolve(cfg.chaos, profile=opts.chaos_profile, name="chaos")
    if not spec.active:
        raise UsageError(
            "--chaos needs faults: the config has no `chaos:` block with faults and no profile was given",
            hint="add chaos.tool_faults / llm_faults / context_attacks, or pass --chaos-profile NAME "
            "(see `windtunnel profiles`)",
        )
    return spec


def execute_run(opts: RunOptions) -> ExitCode:
    import anyio

    from windtunnel.config.load import find_config, load_config
    from windtunnel.engine.cells import CellResult
    from windtunnel.engine.plan import plan_run
    from windtunnel.engine.report import build_report, cell_row, now_iso
    from windtunnel.engine.scoring import summarize, type_weights
    from windtunnel.engine.session import RunSession, run_invariants

    config_path = find_config(opts.config)
    cfg = load_config(config_path)
    seed = resolve_seed(cfg, opts.seed)
    spec = chaos_spec(cfg, opts)
    plan = plan_run(
        cfg, seed=seed, repeat=opts.repeat, mutations=opts.mutations and not opts.chaos_only, only=opts.cells,
        scenario=spec.name if spec is not None else None, llm=opts.llm,
    )
    invariants, inv_notices = run_invariants(cfg)
    notices = plan.notices + inv_notices
    if not plan.cells:
        raise UsageError("the plan has no cells, so there is nothing to score", hint="add golden_prompts or mutation types")
    concurrency = opts.concurrency or cfg.advanced.concurrency
    if not opts.quiet:
        print_notices(notices)
        err_console().print(
            f"windtunnel run: {len(plan.cells)} agent calls planned against {cfg.agent.endpoint if hasattr(cfg.agent, 'endpoint') else cfg.agent.type} "
            f"(seed {seed}, concurrency {concurrency})"
        )
    results: list[CellResult] = []
    run_id = new_run_id()
    started = now_iso()
    interrupted = False

    from windtunnel.cli._progress import Progress

    with Progress(len(plan.cells), label="cells", quiet=opts.quiet) as progress:
        from windtunnel.engine.mutate import transport_for

        session = RunSession(
            cfg, invariants, concurrency=concurrency, listeners=[results.append, progress],
            transport=lambda cell: transport_for(cfg, cell, seed=seed),
            chaos={spec.name: spec} if spec is not None else None, seed=seed,
        )
        sigterm_as_interrupt()
        try:
            anyio.run(session.run, plan.cells)
        except KeyboardInterrupt:
            interrupted = True
    notices += session.warnings
    if not opts.quiet:
        print_notices(session.warnings)
    weights = type_weights(cfg.mutations.weights)
    summary = summarize(results, weights=weights, min_score=opts.min_score)
    base = reproduce_base(opts, config_path, seed)
    order = {c.id: i for i, c in enumerate(plan.cells)}
    results.sort(key=lambda r: order.get(r.cell.id, 0))
    rows = [cell_row(r, reproduce_base=base) for r in results]
    report = build_report(
        run_id=run_id, mode="chaos" if spec is not None else "run", seed=seed, started_at=started, finished_at=now_iso(),
        summary={**summary.as_dict(), "min_score": opts.min_score, "cells_planned": len(plan.cells)},
        cells=rows, notices=notices,
        extra_run={"config": str(config_path), "agent": cfg.agent.type, "status": "interrupted" if interrupted else "completed"},
    )
    path = write_report(report, opts.fmt, opts.output, run_id)
    print_summary(report)
    if path is not None:
        err_console().print(f"report written to {path}")
    if interrupted:
        err_console().print(f"interrupted: {len(results)} of {len(plan.cells)} cells completed and kept")
        return ExitCode.INTERRUPTED
    sys.stdout.flush()
    return ExitCode.OK if summary.passed else ExitCode.FAILED
