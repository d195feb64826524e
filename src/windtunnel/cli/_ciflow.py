"""The ``ci`` flow: run each configured phase through its own command flow, then summarise and gate."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from windtunnel._util.errors import ExitCode, UsageError
from windtunnel.cli._console import err_console, out_console
from windtunnel.engine.phases import PHASES, PhaseResult, configured_phases, overall, renormalised_weights

STOPPING = {int(ExitCode.USAGE), int(ExitCode.HARNESS), int(ExitCode.INTERRUPTED)}
SUMMARY_FORMATS = ("json", "junit", "sarif", "md")


@dataclass
class CiOptions:
    config: Path | None
    min_score: float | None = None
    output: Path | None = None
    """Directory for every report (default reports/ci; a resumed run reuses the one it was started with)."""
    seed: int | None = None
    chaos_profile: str | None = None
    quiet: bool = False
    repeat: int = 1
    resume: str | None = None
    store: Path | None = None
    use_store: bool = True

    PLAN_KEYS = ("min_score", "chaos_profile", "repeat")


def _run_phase(phase: str, config_path: Path, seed: int, out: Path, opts: CiOptions, phase_run: str, store: Any) -> int:
    """Run one phase with its own command flow, writing its JSON report to ``out``; returns the exit code.

    Every phase is a run of its own in the store, named ``<ci run id>-<phase>``; ``ci --resume``
    continues an interrupted mutation or chaos phase cell by cell and reruns the others.
    """
    store_file = store.path if store is not None else None
    if phase in ("mutation", "chaos"):
        from windtunnel.cli._runflow import RunOptions, execute_run

        resumable = store is not None and phase_run in {r.id for r in store.list_runs()}
        run_opts = RunOptions(
            config=config_path,
            seed=seed,
            fmt="json",
            output=out,
            quiet=opts.quiet,
            repeat=opts.repeat,
            mutations=phase == "mutation",
            chaos_only=phase == "chaos",
            chaos_profile=opts.chaos_profile if phase == "chaos" else None,
            resume=phase_run if resumable else None,
            run_id=phase_run,
            store=opts.store,
            use_store=store is not None,
            show_summary=not opts.quiet,
        )
        if not opts.quiet:
            return int(execute_run(run_opts))
        # Without its summary table a run prints its bare score; ci's own table shows every score.
        with out_console().capture():
            return int(execute_run(run_opts))
    if phase == "contract":
        from windtunnel.cli.contract_cmd import _execute, _Opts

        contract_opts = _Opts(
            config=config_path,
            seed=seed,
            fmt="json",
            output=out,
            quiet=opts.quiet,
            repeat=opts.repeat,
            show_summary=not opts.quiet,
            run_id=phase_run,
            store=store_file,
            persist=store is not None,
        )
        return int(_execute(contract_opts))
    from windtunnel.cli.replay_cmd import run_replay_phase

    return int(
        run_replay_phase(config_path, seed=seed, output=out, quiet=opts.quiet, run_id=phase_run, store=store_file)
    )


def _finished_phase(json_path: Path, phase_run: str, since: str) -> bool:
    """On ``--resume``: whether ``json_path`` is this ci run's completed report of the phase."""
    if not json_path.exists():
        return False
    try:
        run = json.loads(json_path.read_text(encoding="utf-8"))["run"]
    except (ValueError, KeyError, TypeError):
        return False
    if run.get("status") != "completed":
        return False
    if run.get("mode") in ("run", "chaos"):
        return bool(run.get("id") == phase_run)
    return str(run.get("started_at", "")) >= since


def _phase_result(phase: str, code: int, json_path: Path, out_dir: Path) -> PhaseResult:
    from windtunnel.reports.base import render_report

    report = json.loads(json_path.read_text(encoding="utf-8"))
    summary = report["summary"]
    html = render_report(report, "html", out_dir / f"{phase}.html")
    cells = [{**c, "id": f"{phase}:{c['id']}", "phase": phase} for c in report.get("cells", [])]
    return PhaseResult(
        name=phase,
        score=summary.get("score"),
        passed=bool(summary.get("passed")) and code == 0,
        exit_code=code,
        critical_failed=bool(summary.get("critical_failed")),
        report_path=json_path.name,
        html_path=html.name,
        cells=cells,
    )


def run_ci(opts: CiOptions) -> int:
    from windtunnel.cli._runflow import RunOptions, new_run_id, resolve_seed, store_path
    from windtunnel.config.load import find_config, load_config

    store = None
    if opts.use_store:
        from windtunnel.store.runstore import RunStore

        store = RunStore(store_path(None, RunOptions(config=None, store=opts.store)))
    elif opts.resume:
        raise UsageError("--resume needs the run store", hint="drop --no-store")
    since = ""
    if opts.resume:
        assert store is not None
        info = store.get_run(opts.resume)
        if info.mode != "ci":
            raise UsageError(
                f"run {opts.resume!r} is a {info.mode} run", hint=f"resume it with `windtunnel {info.mode}`"
            )
        stored = info.meta.get("options") or {}
        for key, value in stored.items():
            if key in CiOptions.PLAN_KEYS:
                setattr(opts, key, value)
        if opts.output is None and stored.get("output"):
            opts.output = Path(stored["output"])
        opts.config = opts.config or Path(info.config_path or "")
        opts.seed = info.seed
        since = info.started_at
    config_path = find_config(opts.config)
    cfg = load_config(config_path)
    if opts.chaos_profile:
        from windtunnel.chaos.profiles import load_profile

        load_profile(opts.chaos_profile)  # an unknown profile is a usage error before anything runs
    seed = resolve_seed(cfg, opts.seed)
    reasons = configured_phases(cfg, chaos_profile=opts.chaos_profile)
    ran = [p for p in PHASES if reasons[p] is None]
    if not ran:
        from windtunnel._util.errors import ConfigError

        why = "; ".join(f"{p}: {r}" for p, r in reasons.items())
        raise ConfigError(
            f"{config_path}: no phase is configured, so `ci` has nothing to score ({why})",
            hint="configure at least one phase: golden_prompts with mutations.types (mutation), golden_prompts "
            "with `chaos:` faults (chaos), a contract with invariants and a chaos_matrix (contract), or "
            "replays.sessions (replay)",
        )
    _preflight(cfg, config_path, ran, opts)
    opts.output = opts.output or Path("reports/ci")
    if opts.output.exists() and not opts.output.is_dir():
        raise UsageError(f"--output {str(opts.output)!r} is a file", hint="ci writes several reports: give a directory")
    opts.output.mkdir(parents=True, exist_ok=True)  # before the run is stored: a bad path stores nothing
    run_id = opts.resume or new_run_id()
    options = {**{k: getattr(opts, k) for k in CiOptions.PLAN_KEYS}, "output": str(opts.output)}
    if store is not None:
        store.start_run({"id": run_id, "mode": "ci", "seed": seed, "config_path": str(config_path), "options": options})
    try:
        return _run_phases(opts, cfg, config_path, seed, reasons, ran, run_id, store, since)
    finally:
        if store is not None:
            store.close()


def _preflight(cfg: Any, config_path: Path, ran: list[str], opts: CiOptions) -> None:
    """Stop with exit 2 before any phase runs (and before the run is stored) when one would stop."""
    from windtunnel.cli._runflow import print_notices
    from windtunnel.engine.preflight import preflight

    found = preflight(cfg, phases=ran, chaos_profile=opts.chaos_profile)
    found.raise_errors(str(config_path), command="ci")
    if found.warnings and not opts.quiet:
        print_notices(found.warnings)


def _run_phases(
    opts: CiOptions,
    cfg: Any,
    config_path: Path,
    seed: int,
    reasons: dict[str, str | None],
    ran: list[str],
    run_id: str,
    store: Any,
    since: str,
) -> int:
    from rich.markup import escape

    from windtunnel.engine.report import now_iso

    output = opts.output
    assert output is not None
    weights = renormalised_weights(cfg, ran)
    output.mkdir(parents=True, exist_ok=True)
    err = err_console()
    started = now_iso()
    results: list[PhaseResult] = []
    for phase in PHASES:
        if reasons[phase] is not None:
            results.append(PhaseResult(name=phase, not_run=reasons[phase]))
            continue
        json_path = output / f"{phase}.json"
        phase_run = f"{run_id}-{phase}"
        if opts.resume and _finished_phase(json_path, phase_run, since):
            if not opts.quiet:
                err.print(f"\n[bold]== ci phase: {phase}[/] already completed in run {escape(run_id)}: kept")
            code = 0 if json.loads(json_path.read_text(encoding="utf-8"))["summary"].get("passed") else 1
            results.append(_phase_result(phase, code, json_path, output))
            continue
        if not opts.quiet:
            err.print(f"\n[bold]== ci phase: {phase}[/] (weight {weights[phase]:.2f})")
        json_path.unlink(missing_ok=True)
        code = _run_phase(phase, config_path, seed, json_path, opts, phase_run, store)
        if code in STOPPING:
            more = f"; continue with: windtunnel ci --resume {run_id}" if store is not None else ""
            err.print(
                f"ci stopped in the {escape(phase)} phase (exit {code}); completed phases are kept in {output}{more}"
            )
            if code == int(ExitCode.USAGE):
                if store is not None:
                    store.finish_run(run_id, {"phases_completed": [r.name for r in results]}, "error")
                return code
            stop = _StoppedPhase(phase, code, json_path)
            results.append(stop.result(output))
            after = PHASES[PHASES.index(phase) + 1 :]
            results += [PhaseResult(name=p, not_run=reasons[p] or f"ci stopped in the {phase} phase") for p in after]
            _finish(opts, cfg, config_path, seed, results, weights, run_id, store, started, stop)
            return code
        results.append(_phase_result(phase, code, json_path, output))
    return _finish(opts, cfg, config_path, seed, results, weights, run_id, store, started, None)


@dataclass
class _StoppedPhase:
    """The phase a ``ci`` run stopped in (Ctrl-C: exit 130; the agent process died: exit 3)."""

    name: str
    code: int
    json_path: Path

    @property
    def status(self) -> str:
        return "interrupted" if self.code == int(ExitCode.INTERRUPTED) else "aborted"

    def report(self) -> dict[str, Any] | None:
        """The phase's own (partial) report, when it got as far as writing one."""
        try:
            data = json.loads(self.json_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def result(self, out_dir: Path) -> PhaseResult:
        if self.report() is None:
            return PhaseResult(name=self.name, passed=False, exit_code=self.code)
        found = _phase_result(self.name, self.code, self.json_path, out_dir)
        found.passed = False
        return found

    def entry(self) -> dict[str, Any]:
        """What the ci summary's phase entry adds: the run status, planned / completed cells, the abort record."""
        report = self.report() or {}
        summary = report.get("summary") or {}
        run = report.get("run") or {}
        out: dict[str, Any] = {"run_status": self.status, "cells_completed": summary.get("cells_total", 0)}
        if summary.get("cells_planned") is not None:
            out["cells_planned"] = summary["cells_planned"]
        aborted = run.get("aborted") or summary.get("aborted")
        if aborted:
            out["aborted"] = aborted
        return out


def _finish(
    opts: CiOptions,
    cfg: Any,
    config_path: Path,
    seed: int,
    results: list[PhaseResult],
    weights: dict[str, float],
    run_id: str,
    store: Any,
    started: str,
    stop: _StoppedPhase | None,
) -> int:
    """Score, write the summary files (also for a run stopped in a phase), store and print the verdict."""
    from rich.markup import escape

    from windtunnel.engine.report import build_report, now_iso

    output = opts.output
    assert output is not None
    err = err_console()
    score = overall(results, weights)
    critical = any(r.critical_failed for r in results if r.name == "contract")
    replay_failed = any(not r.passed for r in results if r.name == "replay" and r.not_run is None)
    min_score = opts.min_score
    if min_score is not None:
        passed = score is not None and score >= min_score and not critical and not replay_failed
    else:
        passed = score is not None and all(r.passed for r in results if r.not_run is None)
    reasons_failed = _why(results, score, min_score, critical, replay_failed) if not passed else []
    if stop is not None:  # a ci cut short passes nothing, whatever its phases so far
        passed = False
        why_stop = (
            f"ci was interrupted in the {stop.name} phase"
            if stop.status == "interrupted"
            else f"ci was aborted in the {stop.name} phase: the agent process died"
        )
        reasons_failed = [why_stop, *[r for r in reasons_failed if r != f"the {stop.name} phase failed"]]
    phases: dict[str, Any] = {}
    for r in results:
        entry: dict[str, Any] = {
            "score": r.score,
            "passed": r.passed,
            "weight": round(weights.get(r.name, 0.0), 6),
            "configured_weight": getattr(cfg.scoring.weights, r.name),
            "status": "not run" if r.not_run else "run",
        }
        if r.not_run:
            entry["reason"] = r.not_run
        else:
            entry.update(
                report=r.html_path, json=r.report_path, exit_code=r.exit_code, critical_failed=r.critical_failed
            )
        if stop is not None and r.name == stop.name:
            entry.update(stop.entry())
        phases[r.name] = entry
    # Cells cut by the agent process dying were not run: counted apart, never as the agent's errors.
    every = [c for r in results for c in r.cells]
    cells = [c for c in every if c.get("error_kind") != "agent_exited"]
    counts = {s: sum(c["status"] == s for c in cells) for s in ("passed", "failed", "error", "skipped")}
    summary = {
        "score": None if score is None else round(score, 2),
        "passed": passed,
        "critical_failed": critical,
        "cells_total": len(cells),
        "cells_not_run": len(every) - len(cells),
        "cells_passed": counts["passed"],
        "cells_failed": counts["failed"],
        "cells_errored": counts["error"],
        "cells_skipped": counts["skipped"],
        "min_score": min_score,
        "phases": phases,
        "reasons": reasons_failed,
    }
    extra_run: dict[str, Any] = {"config": str(config_path), "agent": cfg.agent.type, "status": "completed"}
    if stop is not None:
        summary["partial"] = True
        extra_run["status"] = stop.status
        aborted = phases[stop.name].get("aborted")
        if aborted:
            summary["aborted"] = extra_run["aborted"] = aborted
    report = build_report(
        run_id=run_id,
        mode="ci",
        seed=seed,
        started_at=started,
        finished_at=now_iso(),
        summary=summary,
        cells=every,
        extra_run=extra_run,
    )
    written = _write_summary(report, output)
    if store is not None:
        store.add_cells(run_id, every)
        status = "passed" if passed else "failed"
        if stop is not None:
            status = "interrupted" if stop.status == "interrupted" else "error"
        store.finish_run(run_id, summary, status)
    from windtunnel.reports.terminal import print_summary

    out_console().print()
    print_summary(report, out_console())
    for why in reasons_failed:
        err.print(f"[red]ci failed:[/] {escape(why)}")
    err.print(f"ci reports in {output}/: " + ", ".join(p.name for p in written))
    if stop is not None:
        return stop.code
    return int(ExitCode.OK if passed else ExitCode.FAILED)


def _why(
    results: list[PhaseResult], score: float | None, min_score: float | None, critical: bool, replay_failed: bool
) -> list[str]:
    out = []
    if critical:
        out.append("a critical contract invariant failed (the contract FAILs whatever the score)")
    if replay_failed:
        out.append("a replayed incident failed")
    if score is None:
        out.append("no phase produced a score")
    elif min_score is not None and score < min_score:
        out.append(f"overall score {score:.1f} is below --min-score {min_score:g}")
    if min_score is None:
        out += [f"the {r.name} phase failed" for r in results if r.not_run is None and not r.passed]
    return out


def _write_summary(report: dict[str, Any], output: Path) -> list[Path]:
    from windtunnel.reports import render_phase_summary
    from windtunnel.reports.base import render_report

    written = [
        render_report(report, fmt, output / f"summary.{ext}")
        for fmt, ext in zip(SUMMARY_FORMATS, ("json", "xml", "sarif", "md"), strict=True)
    ]
    links = {name: p["report"] for name, p in report["summary"]["phases"].items() if p.get("report")}
    written.append(render_phase_summary(report, output / "summary.html", links))
    return written
