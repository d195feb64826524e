"""The shared flow of commands that run cells: plan → run (streamed) → summarize → report → exit code."""

from __future__ import annotations

import contextlib
import secrets
import signal
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from windtunnel._util.errors import AgentExitedError, ExitCode, UsageError
from windtunnel.cli._console import err_console, out_console


@dataclass
class RunOptions:
    config: Path | None
    repeat: int = 1
    seed: int | None = None
    min_score: float | None = None
    fmt: str | None = None
    output: Path | None = None
    mutations: bool = True
    cells: set[str] | None = None
    concurrency: int | None = None
    quiet: bool = False
    chaos: bool = False
    chaos_only: bool = False
    chaos_profile: str | None = None
    llm: bool = True
    resume: str | None = None
    run_id: str | None = None
    """A preset id for a new run (``ci`` names its phase runs after itself)."""
    show_summary: bool = True
    """Print the summary table (``windtunnel score`` prints only the number)."""
    store: Path | None = None
    use_store: bool = True
    executor: str | None = None
    ray_address: str | None = None
    shard: str | None = None
    """``I/N``: run only that slice of the plan (see engine/shard.py)."""

    # options that decide which cells exist: stored with a run so that --resume replans the same cells
    PLAN_KEYS = ("repeat", "mutations", "chaos", "chaos_only", "chaos_profile", "llm", "shard")

    def plan_options(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.PLAN_KEYS}


def new_run_id() -> str:
    from windtunnel.store.runstore import new_run_id as store_run_id

    return store_run_id()


def open_store(cfg: Any, opts: RunOptions) -> Any:
    """The run store (``--store`` > ``advanced.store``), or None with ``--no-store``."""
    if not opts.use_store:
        if opts.resume:
            raise UsageError("--resume needs the run store", hint="drop --no-store")
        return None
    from windtunnel.store.runstore import RunStore

    return RunStore(store_path(cfg, opts))


def store_path(cfg: Any, opts: RunOptions) -> Path:
    """``--store`` > ``$WINDTUNNEL_STORE`` > ``advanced.store`` (default ``.windtunnel/runs.db``)."""
    import os

    from windtunnel.store.runstore import default_store_path

    if opts.store:
        return Path(opts.store)
    if cfg is not None and not os.environ.get("WINDTUNNEL_STORE"):
        return Path(cfg.advanced.store)
    return default_store_path()


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


SUFFIX_FORMATS = {
    ".json": "json",
    ".html": "html",
    ".htm": "html",
    ".xml": "junit",
    ".sarif": "sarif",
    ".md": "md",
    ".txt": "terminal",
}


def write_report(
    report: dict[str, Any], fmt: str | None, output: Path | None, run_id: str, cfg: Any = None
) -> Path | None:
    """Write the report; returns the file written, or None for a terminal-only run.

    The format is ``--format`` (``terminal`` with ``--output`` writes the terminal summary as plain
    text); without it, the suffix of ``--output`` (``.json``, ``.html``, ``.xml`` JUnit, ``.sarif``,
    ``.md``, ``.txt`` terminal text), else JSON when ``--output`` is given, else the config's ``output:``
    block (``format``, ``path``, ``filename_template`` with ``{run_id}``, ``{mode}``, ``{date}``,
    ``{time}``), else nothing but the terminal summary. An ``--output`` without a suffix that is not an
    existing file (``reports``, ``reports/``) is a directory: it is created and gets ``<run id><ext>``.
    """
    if fmt is None and output is not None:
        fmt = SUFFIX_FORMATS.get(output.suffix.lower(), "json")
    elif fmt is None and cfg is not None and "output" in cfg.model_fields_set:
        fmt = "md" if cfg.output.format == "markdown" else cfg.output.format
        if fmt != "terminal":
            output = Path(cfg.output.path) / _filename(cfg.output.filename_template, report, run_id, fmt)
    if fmt is None or (fmt == "terminal" and output is None):
        return None
    import os

    from windtunnel.reports.base import render_report

    # a str: Path() drops the trailing separator that tells render_report "a directory"
    target: Path | str = output if output is not None else "reports" + os.sep
    if output is not None and output.suffix == "" and not output.is_file():
        target = f"{output}{os.sep}"  # a directory: the file is named after the run
    return render_report(report, fmt, target)


def _filename(template: str | None, report: dict[str, Any], run_id: str, fmt: str) -> str:
    from datetime import datetime

    from windtunnel.reports.base import get_reporter

    if not template:
        return run_id + get_reporter(fmt).extension
    now = datetime.now()
    try:
        name = template.format(
            run_id=run_id, mode=report["run"]["mode"], date=now.strftime("%Y%m%d"), time=now.strftime("%H%M%S")
        )
    except (KeyError, IndexError, ValueError) as err:
        raise UsageError(
            f"output.filename_template {template!r} cannot be filled: {err}",
            hint="use the placeholders {run_id}, {mode}, {date} and {time}",
        ) from None
    return name if Path(name).suffix else name + get_reporter(fmt).extension


def persist_report(report: dict[str, Any], *, store: Path | None = None) -> None:
    """Keep a finished report in the run store, so `runs list|show|diff` and `report RUN` reach it.

    Used by commands whose results are judged only at the end (contract, replay); `run` and `ci`
    stream each cell as it completes instead.
    """
    from windtunnel.store.runstore import RunStore, default_store_path

    run = report["run"]
    meta = {k: v for k, v in run.items() if k not in ("status", "finished_at")}
    with RunStore(store or default_store_path()) as st:
        run_id = st.start_run({**meta, "config_path": run.get("config")})
        st.add_cells(run_id, report["cells"])
        status = {"interrupted": "interrupted", "aborted": "error"}.get(run.get("status", ""))
        st.finish_run(run_id, report["summary"], status or ("passed" if report["summary"].get("passed") else "failed"))


def print_notices(notices: list[str]) -> None:
    from rich.markup import escape

    for n in notices:
        err_console().print(f"[yellow]note:[/] {escape(n)}")


def abort_record(err: AgentExitedError) -> dict[str, Any]:
    """What a report's ``run.aborted`` and a stored summary's ``aborted`` say about a run cut short."""
    return {
        "reason": "agent_exited",
        "message": err.reason,
        "command": err.command,
        "exit_code": err.code,
        "cells_completed": err.cells_completed,
        "stderr_tail": err.stderr_tail,
    }


def print_abort(err: AgentExitedError) -> None:
    """The one message for a launched agent that died mid-run (what ``main()`` prints for a HarnessError)."""
    from windtunnel.cli._console import print_error

    print_error(err)


def print_summary(report: dict[str, Any]) -> None:
    from windtunnel.reports.terminal import print_summary as show

    show(report, out_console())


def sigterm_as_interrupt() -> None:
    def handler(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    if hasattr(signal, "SIGTERM"):
        with contextlib.suppress(ValueError):  # not the main thread (tests)
            signal.signal(signal.SIGTERM, handler)


def run_status(interrupted: bool, aborted: AgentExitedError | None) -> dict[str, Any]:
    """The report's ``run.status`` (``completed``, ``interrupted``, ``aborted``) and, when cut short, why."""
    if aborted is not None:
        return {"status": "aborted", "aborted": abort_record(aborted)}
    return {"status": "interrupted" if interrupted else "completed"}


def agent_label(cfg: Any) -> str:
    from windtunnel._util.envexpand import expand_env
    from windtunnel._util.errors import ConfigError
    from windtunnel._util.redact import redact_url

    label = str(getattr(cfg.agent, "endpoint", None) or getattr(cfg.agent, "base_url", cfg.agent.type))
    try:
        return redact_url(expand_env(label))
    except ConfigError:
        return redact_url(label)


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


def _restore(opts: RunOptions, store: Any) -> tuple[Path, int]:
    """For ``--resume``: the stored run's config, seed and plan options (the same cells again)."""
    assert opts.resume is not None
    info = store.get_run(opts.resume)
    if info.mode not in ("run", "chaos"):
        raise UsageError(f"run {opts.resume!r} is a {info.mode} run", hint=f"resume it with `windtunnel {info.mode}`")
    for key, value in (info.meta.get("options") or {}).items():
        if key in RunOptions.PLAN_KEYS:
            setattr(opts, key, value)
    if info.seed is None or not info.config_path:
        raise UsageError(f"run {opts.resume!r} has no stored seed or config path, so it cannot be resumed")
    return Path(opts.config or info.config_path), int(info.seed)


def execute_run(opts: RunOptions) -> ExitCode:
    import anyio

    from windtunnel.cli._progress import Progress
    from windtunnel.config.load import find_config, load_config
    from windtunnel.engine.mutate import transport_for
    from windtunnel.engine.plan import plan_run
    from windtunnel.engine.remote import apply_placement
    from windtunnel.engine.report import build_report, cell_row, now_iso
    from windtunnel.engine.scoring import summarize, type_weights
    from windtunnel.engine.session import RunSession, run_invariants
    from windtunnel.engine.shard import parse_shard, require_fixed_seed

    shard = parse_shard(opts.shard) if opts.shard else None
    store = None
    if opts.resume:
        from windtunnel.store.runstore import RunStore

        store = RunStore(store_path(None, opts)) if opts.use_store else open_store(None, opts)
        config_path, seed = _restore(opts, store)
        cfg = load_config(find_config(config_path))
    else:
        config_path = find_config(opts.config)
        cfg = load_config(config_path)
        require_fixed_seed(shard, opts.seed, cfg.advanced.seed)
        seed = resolve_seed(cfg, opts.seed)
        store = open_store(cfg, opts)
    apply_placement(cfg, opts.executor, opts.ray_address)
    from windtunnel._util.paths import refuse_overwrite

    refuse_overwrite([("-o", opts.output)], [("config", Path(config_path))])
    spec = chaos_spec(cfg, opts)
    mode = "chaos" if spec is not None else "run"
    plan = plan_run(
        cfg,
        seed=seed,
        repeat=opts.repeat,
        mutations=opts.mutations and not opts.chaos_only,
        only=opts.cells,
        scenario=spec.name if spec is not None else None,
        llm=opts.llm,
    )
    invariants, inv_notices = run_invariants(cfg)
    notices = plan.notices + inv_notices
    if opts.shard:  # restored by --resume, like the other plan options
        shard = parse_shard(opts.shard)
        plan.cells = shard.select(plan.cells)
    if not plan.cells:
        raise UsageError(
            "the plan has no cells, so there is nothing to score", hint="add golden_prompts or mutation types"
        )
    concurrency = opts.concurrency or cfg.advanced.concurrency
    isolated = cfg.advanced.isolation == "serial" or (
        cfg.advanced.isolation == "auto" and bool(cfg.agent.reset_function or cfg.agent.reset_endpoint)
    )
    if isolated and concurrency > 1:
        notices.append(
            "the agent has a reset configured, so cells run one at a time: each starts from a clean state "
            "(set advanced.isolation: concurrent to run them concurrently)"
        )
        concurrency = 1
    started = now_iso()
    extra_run = {"config": str(config_path), "agent": cfg.agent.type, "options": opts.plan_options()}
    if opts.shard:
        extra_run["shard"] = opts.shard.replace(" ", "")
    run_id = opts.run_id or new_run_id()
    done: set[str] = set()
    if store is not None:
        run_id = store.start_run(
            {"id": opts.resume or opts.run_id, "mode": mode, "seed": seed, "config_path": str(config_path), **extra_run}
        )
        if opts.resume:  # a cell cut short by the agent process dying runs again
            done = {r["id"] for r in store.iter_cells(run_id) if r.get("error_kind") != "agent_exited"}
    todo = [c for c in plan.cells if c.id not in done]
    if not opts.quiet:
        print_notices(notices)
        resumed = f", resuming {run_id}: {len(done)} cells already done" if opts.resume else ""
        err_console().print(
            f"windtunnel {mode}: {len(todo)} agent calls planned against {agent_label(cfg)} "
            f"(seed {seed}, concurrency {concurrency}{resumed}; run id {run_id})"
        )
    base = reproduce_base(opts, config_path, seed)
    rows: list[dict[str, Any]] = []

    def keep(result: Any) -> None:
        row = cell_row(result, reproduce_base=base)
        if store is not None:
            store.add_cell(run_id, row)  # committed before the next result: nothing completed is lost
        rows.append(row)

    interrupted = False
    aborted: AgentExitedError | None = None
    with Progress(len(todo), label="cells", quiet=opts.quiet) as progress:
        session = RunSession(
            cfg,
            invariants,
            concurrency=concurrency,
            listeners=[keep, progress],
            transport=lambda cell: transport_for(cfg, cell, seed=seed),
            chaos={spec.name: spec} if spec is not None else None,
            seed=seed,
        )
        sigterm_as_interrupt()
        try:
            anyio.run(session.run, todo)
        except KeyboardInterrupt:
            interrupted = True
        except AgentExitedError as err:
            aborted = err
        except BaseException:
            if store is not None:  # setup failed (agent unreachable, bad seam ...): not left "running"
                store.finish_run(run_id, {"cells_completed": len(rows)}, "error")
                store.close()
            raise
    notices += session.warnings
    if not opts.quiet:
        print_notices(session.warnings)
    if store is not None and opts.resume:
        rows = list(store.iter_cells(run_id))
    order = {c.id: i for i, c in enumerate(plan.cells)}
    rows.sort(key=lambda r: order.get(r["id"], len(order)))
    summary = summarize(rows, weights=type_weights(cfg.mutations.weights), min_score=opts.min_score)
    summary_dict = {**summary.as_dict(), "min_score": opts.min_score, "cells_planned": len(plan.cells)}
    if aborted is not None:  # one count everywhere: the completed cells kept (a resume reruns the others)
        aborted = aborted.recounted(sum(r.get("error_kind") != "agent_exited" for r in rows))
    if interrupted or aborted is not None:  # a partial run passes nothing, whatever its cells so far
        summary_dict.update(passed=False, partial=True)
    if aborted is not None:
        summary_dict.update(aborted=abort_record(aborted), reasons=[*summary_dict.get("reasons", []), aborted.reason])
        notices.append(aborted.reason)
    if spec is not None and rows and not any(r["faults"] for r in rows):
        why = (
            "no configured fault fired in the whole run, so it tested nothing: check the tool names and "
            "match_url patterns against the calls the agent makes (see the `calls` of each cell)"
        )
        summary_dict.update(passed=False, reasons=[*summary_dict.get("reasons", []), why])
        notices.append(why)
        if not opts.quiet:
            print_notices([why])
    status = "interrupted" if interrupted else ("passed" if summary_dict["passed"] else "failed")
    if aborted is not None:
        status = "error"
    if store is not None:
        store.finish_run(run_id, summary_dict, status)
        store.close()
    report = build_report(
        run_id=run_id,
        mode=mode,
        seed=seed,
        started_at=started,
        finished_at=now_iso(),
        summary=summary_dict,
        cells=rows,
        notices=notices,
        extra_run={**extra_run, **run_status(interrupted, aborted)},
    )
    path = write_report(report, opts.fmt, opts.output, run_id, cfg)
    if opts.show_summary:
        print_summary(report)
        from rich.markup import escape

        for why in summary_dict.get("reasons") or []:
            out_console().print(f"  • {escape(why)}")
    else:
        # a run cut short by its agent process has no score: a number would read like a verdict
        score = None if aborted is not None else report["summary"]["score"]
        out_console().print("n/a" if score is None else f"{score:.2f}")
    if path is not None and (opts.show_summary or not opts.quiet):
        err_console().print(f"report written to {path}")
    if interrupted:
        err_console().print(
            f"interrupted: {len(rows)} of {len(plan.cells)} cells completed and kept; "
            + (f"continue with: windtunnel run --resume {run_id}" if store is not None else "")
        )
        return ExitCode.INTERRUPTED
    if aborted is not None:
        sys.stdout.flush()
        print_abort(aborted)
        if store is not None:
            err_console().print(
                f"{aborted.cells_completed} of {len(plan.cells)} cells completed and kept; once the agent runs "
                "again, continue "
                f"with: windtunnel run --resume {run_id}"
            )
        return ExitCode.HARNESS
    sys.stdout.flush()
    return ExitCode.OK if summary_dict["passed"] else ExitCode.FAILED
