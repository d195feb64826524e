"""The ci flow: every configured phase once, under its own conditions, composed in memory into one verdict.

Each phase is the flow of its own command (:func:`run_flow`, :func:`contract_flow`, :func:`replay_flow`)
called with a request; its :class:`Outcome` comes back in memory. ci writes every phase's JSON and HTML
report and its own summary files into one directory, and keeps each phase as a run of its own in the store
(``<ci run id>-<phase>``) so that ``ci --resume`` continues where it stopped.

ci never gathers the phases' cells: it keeps a source per phase (the run store for the mutation and
chaos phases) and reads them again for each file it writes (docs/performance.md).

The verdict (:func:`ci_summary`): the overall score is the phases' scores weighted by ``scoring:``, renormalised
over the phases that ran. Every phase is judged by its own command's rule (:func:`phase_rule`), and ci passes only
when every phase that ran passed, with one exception: with ``--min-score``, a phase whose one failure is its own
score below it (``failed_on_score_only``) is outweighed by the overall score reaching it. Any other failure of a
phase — a critical contract invariant, a replayed incident, chaos in which no fault fired, a contract scenario not
exercised, a budget cut — fails ci whatever the score. Either way a phase that is configured but could not run
(an HTTP agent whose calls the fault proxies cannot reach, :func:`_unreachable_chaos`) keeps ci from passing,
with its reason — not running a check is never the same as passing it. A ci cut short in a phase (Ctrl-C, the
agent dying) passes nothing, and its summary names the phase; the phases already finished keep their reports, and
``--resume`` reuses them.

What ci does not do: run phases concurrently (each phase is its own run with its own conditions, and a stateful
agent would mix them) or re-judge a phase's cells (a phase's verdict is its flow's, so ``ci`` and the separate
commands cannot disagree on a phase).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, fields
from pathlib import Path

from windtunnel._util.errors import ConfigError, ExitCode, UsageError, WindtunnelError
from windtunnel._util.imports import import_refs
from windtunnel._util.jsonsafe import loads_clipped
from windtunnel._util.jsontypes import JSONObject
from windtunnel.chaos.profiles import load_profile
from windtunnel.chaos.proxy.common import check_fixed_ports
from windtunnel.chaos.spec import ChaosSpec
from windtunnel.config.load import find_config, load_config
from windtunnel.config.model import Config
from windtunnel.config.proxy_env import not_run_reason, unreachable
from windtunnel.config.storepath import store_path
from windtunnel.engine.budget import one_budget
from windtunnel.engine.phases import PHASES, PhaseResult, configured_phases, overall, renormalised_weights
from windtunnel.engine.placement import apply_placement, check_executor
from windtunnel.engine.report import build_report, now_iso
from windtunnel.engine.shard import parse_shard, require_fixed_seed
from windtunnel.flows.common import config_for_store, new_run_id, read_min_score, resolve_seed, resume_command
from windtunnel.flows.contract import ContractRequest, contract_flow
from windtunnel.flows.events import SILENT, Listener, Notice, PhaseFinished, PhaseKept, PhaseStarted, RunStored
from windtunnel.flows.outcome import STORE_STATUS, LazyReport, Outcome, decide
from windtunnel.flows.preflight import preflight
from windtunnel.flows.reach import resolve_reach
from windtunnel.flows.replay import ReplayRequest, replay_flow
from windtunnel.flows.run import RunRequest, run_flow
from windtunnel.report.dicts import CellDict, PhaseDict, ReportDict, RunInfoDict, SummaryDict
from windtunnel.report.usage import UsageTally
from windtunnel.reports.html import render_phase_summary
from windtunnel.reports.stream import render_streamed
from windtunnel.store.runstore import RunStore, resume_hint

STORE_BATCH = 2000
"""Cells per transaction when the ci run's copy of its phases' cells is stored."""
CellSource = Callable[[], Iterable[CellDict]]
"""Gives cells anew, in report order, on each call."""
REPLAY_SHARDED = "the replay sessions run in shard 1 of"
"""The reason the replay phase is "not run" in the other shards of ``ci --shard I/N``."""


@dataclass
class CiRequest:
    """Everything that decides a ci run (the options of ``windtunnel ci``, and the keywords of ``windtunnel.ci``).

    ``min_score`` is passed to every phase and judged on the weighted overall score; ``chaos_profile`` replaces the
    chaos phase's ``chaos:`` block; ``repeat`` applies to every phase that repeats; ``resume`` continues a stored ci
    run, keeping the phases that finished; ``use_store`` off runs without the store (and so without resume).
    """

    config: Path | None = None
    min_score: float | None = None
    output: Path | None = None
    """Directory for every report (default reports/ci; a resumed run reuses the one it was started with)."""
    seed: int | None = None
    chaos_profile: str | None = None
    repeat: int = 1
    resume: str | None = None
    store: Path | None = None
    use_store: bool = True
    executor: str | None = None
    """``local`` or ``ray`` for every phase (overrides ``advanced.executor``; see docs/scale.md)."""
    ray_address: str | None = None
    shard: str | None = None
    """``I/N``: every phase runs only its slice (replay sessions: all in shard 1); ``runs merge`` combines."""
    found: bool = True
    """Replay the failures ``windtunnel explore`` saved first (in the first phase that runs)."""

    PLAN_KEYS = ("min_score", "chaos_profile", "repeat", "shard")

    @classmethod
    def option_names(cls) -> list[str]:
        """The keyword options of ``windtunnel.ci``."""
        return [f.name for f in fields(cls) if f.name != "config"]


@dataclass
class CiDetail:
    """What the CLI shows after the ci summary table: the directory of the reports, the files written there (the
    summary files and each phase's JSON and HTML), and the phase ci stopped in when it was cut short (``None``
    when every phase ran to its end)."""

    output: Path
    written: list[Path] = field(default_factory=list)
    stopped_in: str | None = None


def _run_phase(
    phase: str,
    config_path: Path,
    seed: int,
    out: Path,
    req: CiRequest,
    phase_run: str,
    store: RunStore | None,
    listener: Listener,
    found: bool = False,
) -> Outcome:
    """Run one phase with its own flow, writing its JSON report to ``out``; a phase run already in the store
    (``ci --resume``) continues: the mutation, chaos and contract phases keep their completed cells.
    ``found``: this phase replays the failures ``windtunnel explore`` saved first (the first phase that can).

    The phases are the commands' own requests with ci's shared options (seed, repeat, min-score, store, executor,
    shard), so a phase's cells and verdict are exactly what the phase's command would give: mutation is ``run``
    without chaos, chaos is ``run --chaos-only`` (golden prompts under faults, no mutations), contract is
    ``contract run``, replay is ``replay run``. The phase's run id is ``<ci run id>-<phase>``."""
    store_file = store.path if store is not None else None
    resumable = store is not None and phase_run in {r.id for r in store.list_runs()}
    if phase in ("mutation", "chaos"):
        return run_flow(
            RunRequest(
                config=config_path,
                seed=seed,
                fmt="json",
                output=out,
                repeat=req.repeat,
                min_score=req.min_score,
                mutations=phase == "mutation",
                chaos_only=phase == "chaos",
                chaos_profile=req.chaos_profile if phase == "chaos" else None,
                resume=phase_run if resumable else None,
                run_id=phase_run,
                store=store_file,
                use_store=store is not None,
                executor=req.executor,
                ray_address=req.ray_address,
                shard=req.shard,
                found=found,
            ),
            listener,
        )
    if phase == "contract":
        return contract_flow(
            ContractRequest(
                config=config_path,
                seed=seed,
                min_score=req.min_score,
                fmt="json",
                output=out,
                repeat=req.repeat,
                run_id=phase_run,
                resume=phase_run if resumable else None,
                store=store_file,
                persist=store is not None,
                executor=req.executor,
                ray_address=req.ray_address,
                shard=req.shard,
                found=found,
            ),
            listener,
        )

    return replay_flow(
        ReplayRequest(
            config=config_path,
            seed=seed,
            fmt="json",
            output=out,
            run_id=phase_run,
            store=store_file,
            persist=store is not None,
        ),
        listener,
    )


def _finished_phase(json_path: Path, phase_run: str, since: str) -> ReportDict | None:
    """On ``--resume``: this ci run's completed report of the phase, read from ``json_path``, else None.

    A report is kept only when it is provably this ci run's and complete: ``run.status`` ``completed``, and either
    the phase run's own id (mutation, chaos) or, for contract and replay, started after the ci run did (``since``).
    An unreadable file, a report cut short or one left by an earlier ci in the same directory is run again."""
    if not json_path.exists():
        return None
    try:
        report = loads_clipped(json_path.read_bytes())
        run = report["run"]
    except (ValueError, KeyError, TypeError):
        return None
    if run.get("status") != "completed":
        return None
    if run.get("mode") in ("run", "chaos"):
        return report if run.get("id") == phase_run else None
    return report if str(run.get("started_at", "")) >= since else None


def _score_only_before_the_key(summary: SummaryDict) -> bool:
    """Whether a finished phase kept by ``--resume`` failed only on its score below ``--min-score`` although its
    summary, written before ``failed_on_score_only`` existed, does not say so: the key is missing, the phase's score is
    below its ``--min-score``, no critical invariant failed, and each of its reasons (none, for a run) is that score's.
    Without this a ci resumed across the upgrade failed on a phase the overall score outweighs (review 28)."""
    if any(summary.get(k) for k in ("passed", "critical_failed", "partial", "cells_not_exercised")):
        return False  # failed beyond its score (this version leaves the key out then, too)
    if "failed_on_score_only" in summary:
        return False
    score, gate = summary.get("score"), summary.get("min_score")
    if score is None or gate is None or score >= gate:
        return False
    return all("below --min-score" in str(reason) for reason in summary.get("reasons") or [])


def _phase_result(
    phase: str, code: int, head: ReportDict, cells: CellSource, json_path: Path, out_dir: Path
) -> PhaseResult:
    """The phase's entry in the ci verdict and its HTML page; its cells stay where they are (``cells``).

    A phase passes only when its summary says so *and* its exit code was 0: a phase whose own command would exit
    non-zero never counts as passed inside ci, whatever its summary holds."""
    summary = head["summary"]
    html = render_streamed(head, cells, "html", out_dir / f"{phase}.html")
    passed = bool(summary.get("passed")) and code == 0
    return PhaseResult(
        name=phase,
        score=summary.get("score"),
        passed=passed,
        exit_code=code,
        critical_failed=bool(summary.get("critical_failed")),
        failed_on_score_only=not passed and bool(summary.get("failed_on_score_only")),
        reasons=list(summary.get("reasons") or []),
        report_path=json_path.name,
        html_path=html.name,
    )


def _in_memory(report: ReportDict) -> CellSource:
    """A cell source over a report already in memory (a phase kept by ``--resume``): its cells, or none."""
    return lambda: report.get("cells") or []


def _combined_cells(sources: list[tuple[str, CellSource]]) -> CellSource:
    """The ci report's cells: each phase's, in report order, ids prefixed with the phase, read anew on
    each call (the run phases' from the store)."""

    def cells() -> Iterator[CellDict]:
        """Every phase's cells in phase order, each id prefixed with its phase (``mutation:c12``) so ids stay unique in
        the combined run, and each cell tagged with the phase it came from.
        """
        for phase, source in sources:
            for c in source():
                yield {**c, "id": f"{phase}:{c['id']}", "phase": phase}

    return cells


def _stop_entry(outcome: Outcome) -> PhaseDict:
    """What the ci summary's phase entry adds for the phase ci stopped in: run status, cells, the abort record.

    A contract phase counts the units it keeps whole (``units_completed`` / ``units_planned``), as its own
    messages do, and the other phases count cells; the planned count is given only when known. The abort
    record is taken from the report's run, else from the summary, so an agent that exited is explained in the
    ci summary without opening the phase's report.
    """
    summary = outcome.summary
    if outcome.mode == "contract":  # a contract counts the units it keeps whole, as its own messages do (QA-6 F-4)
        out: PhaseDict = {"run_status": outcome.status, "units_completed": outcome.completed}
        out["units_planned"] = outcome.planned
    else:
        out = {"run_status": outcome.status, "cells_completed": summary.get("cells_total", 0)}
    if outcome.mode != "contract" and summary.get("cells_planned") is not None:
        out["cells_planned"] = summary["cells_planned"]
    aborted = outcome.report_head["run"].get("aborted") or summary.get("aborted")
    if aborted:
        out["aborted"] = aborted
    return out


def _resume(req: CiRequest, store: RunStore) -> str:
    """``--resume``: restore the stored ci run's options; returns when it started.

    The plan options, the seed and the output directory come from the stored run, so the resumed ci runs the same
    phases with the same cells and writes into the same directory; resuming a run of another mode is a usage error
    naming the command that resumes it."""
    assert store is not None and req.resume is not None
    info = store.get_run(req.resume)
    if info.mode != "ci":
        raise UsageError(f"run {req.resume!r} is of mode {info.mode}", hint=resume_hint(info.mode))
    stored = info.meta.get("options") or {}
    for key, value in stored.items():
        if key in CiRequest.PLAN_KEYS:
            setattr(req, key, value)
    if req.output is None and stored.get("output"):
        req.output = Path(str(stored["output"]))
    req.config = req.config or Path(info.config_path or "")
    req.seed = info.seed
    return str(info.started_at)


def ci_flow(req: CiRequest, listener: Listener = SILENT) -> Outcome:
    """Run every configured phase of ``windtunnel ci`` once and return the combined outcome.

    Everything that can be refused is refused before the first phase runs (exit 2, or 3 for a python reference that does
    not import): a malformed ``--shard``, ``--resume`` without the store, an unknown executor or profile, a config with
    no phase at all, and every preflight error of every declared phase at once. Each phase then runs under its own
    command's conditions (a run of its own, ``<run_id>-<phase>``); the combined run is stored under ``run_id`` with
    every phase's cells, and one ``advanced.max_cost`` budget covers all the phases. A chaos phase whose faults cannot
    reach the agent's calls is marked not run and keeps ci from passing.
    """
    if req.shard:
        req.shard = str(parse_shard(req.shard))  # a malformed I/N is a usage error before anything is opened
    if req.resume and not req.use_store:
        raise UsageError("--resume needs the run store", hint="drop --no-store")
    check_executor(req.executor)  # a bad option value (exit 2) before the agent's references are imported
    read_min_score(req, listener)  # flakestorm's 0-1 scale, shown as an alert; the phases get the scaled value
    store = None
    since = ""
    if req.resume:  # the store the config names (-c, or the one here), as for `run --resume`
        store = RunStore(store_path(config_for_store(req.config), req.store))
        since = _resume(req, store)
    config_path = find_config(req.config)
    cfg = load_config(config_path)
    import_refs(cfg.agent.python_refs())  # every python reference first (exit 3): nothing stored or created
    if not req.resume:
        require_fixed_seed(parse_shard(req.shard) if req.shard else None, req.seed, cfg.advanced.seed)
    apply_placement(cfg, req.executor, req.ray_address)  # a bad --executor is refused before any phase runs
    if store is None and req.use_store:
        store = RunStore(store_path(cfg, req.store))
    if req.chaos_profile:
        load_profile(req.chaos_profile)  # an unknown profile is a usage error before anything runs
    seed = resolve_seed(cfg, req.seed)
    reasons = configured_phases(cfg, chaos_profile=req.chaos_profile)
    blocked = _unreachable_chaos(cfg, req.chaos_profile, reasons, listener)
    ran = [p for p in PHASES if reasons[p] is None]
    if not ran and not blocked:
        why = "; ".join(f"{p}: {r}" for p, r in reasons.items())
        raise ConfigError(
            f"{config_path}: no phase is configured, so `ci` has nothing to score ({why})",
            hint="configure at least one phase: golden_prompts with mutations.types (mutation), golden_prompts "
            "with `chaos:` faults (chaos), a contract with invariants and a chaos_matrix (contract), or "
            "replays.sessions (replay)",
        )
    # a declared contract that cannot run is the error `contract run` and `validate` report, not "not run"
    declared = [*ran, "contract"] if cfg.contract is not None and "contract" not in ran else ran
    found = preflight(cfg, phases=declared, chaos_profile=req.chaos_profile)
    found.raise_errors(str(config_path), command="ci")
    check_fixed_ports(cfg.agent)  # agent.proxy_env: honoured with a port taken: exit 3 before any phase
    if req.shard and reasons["replay"] is None and parse_shard(req.shard).index != 1:
        reasons["replay"] = f"{REPLAY_SHARDED} {parse_shard(req.shard).count}"
    for w in [*found.warnings, *found.notes]:
        listener(Notice(w))
    req.output = req.output or Path("reports/ci")
    if req.output.exists() and not req.output.is_dir():
        raise UsageError(f"--output {str(req.output)!r} is a file", hint="ci writes several reports: give a directory")
    req.output.mkdir(parents=True, exist_ok=True)  # before the run is stored: a bad path stores nothing
    run_id = req.resume or new_run_id()
    options = {**{k: getattr(req, k) for k in CiRequest.PLAN_KEYS}, "output": str(req.output)}
    if store is not None:
        meta = {"id": run_id, "mode": "ci", "seed": seed, "config_path": str(config_path), "options": options}
        if req.shard:  # `runs merge` of the stored ci runs needs the shard, as for a stored `run`
            meta.update(config=str(config_path), agent=cfg.agent.type, shard=req.shard)
        store.start_run(meta)
        listener(RunStored(run_id=run_id, resume=resume_command("ci", run_id, config_path, req.store)))
    try:
        with one_budget():  # advanced.max_cost covers every phase together (engine/budget.py)
            return _run_phases(req, cfg, config_path, seed, reasons, run_id, store, since, listener, blocked)
    finally:
        if store is not None:
            store.close()


def _run_phases(
    req: CiRequest,
    cfg: Config,
    config_path: Path,
    seed: int,
    reasons: dict[str, str | None],
    run_id: str,
    store: RunStore | None,
    since: str,
    listener: Listener,
    blocked: frozenset[str] = frozenset(),
) -> Outcome:
    """Run ci's phases in order (mutation, chaos, contract, replay) and return the combined outcome.

    A phase with a reason in ``reasons`` is recorded as not run (``blocked`` ones keep ci from passing). With
    ``--resume`` a phase whose report in ``output`` finished after ``since`` is kept instead of rerun. Each phase runs
    as a run of its own (``<run_id>-<phase>``) with the explored failures replayed once, in the first phase that runs. A
    phase interrupted or aborted stops ci there: the completed phases are kept, the rest are marked not run, and the
    notice says how to resume.
    """
    output = req.output
    assert output is not None
    weights = renormalised_weights(cfg, [p for p in PHASES if reasons[p] is None])
    started = now_iso()
    results: list[PhaseResult] = []
    sources: list[tuple[str, CellSource]] = []
    replayed = False
    for phase in PHASES:
        if reasons[phase] is not None:
            results.append(PhaseResult(name=phase, not_run=reasons[phase], blocking=phase in blocked))
            continue
        json_path = output / f"{phase}.json"
        phase_run = f"{run_id}-{phase}"
        kept = _finished_phase(json_path, phase_run, since) if req.resume else None
        if kept is not None:
            listener(PhaseKept(phase, run_id))
            if _score_only_before_the_key(kept["summary"]):
                kept = {**kept, "summary": {**kept["summary"], "failed_on_score_only": True}}
            code = 0 if kept["summary"].get("passed") else 1
            sources.append((phase, _in_memory(kept)))
            results.append(_phase_result(phase, code, kept, sources[-1][1], json_path, output))
            continue
        listener(PhaseStarted(phase, weights[phase]))
        json_path.unlink(missing_ok=True)
        first = req.found and phase != "replay" and not replayed  # `explore`'s saved failures: once, first
        replayed = replayed or first
        outcome = _run_phase(phase, config_path, seed, json_path, req, phase_run, store, listener, found=first)
        listener(PhaseFinished(phase, outcome))
        code = int(outcome.exit_code)
        sources.append((phase, outcome.iter_cells))
        if outcome.status in ("interrupted", "aborted"):
            again = resume_command("ci", run_id, config_path, req.store)
            more = f"; continue with: {again}" if store is not None else ""
            listener(
                Notice(
                    f"ci stopped in the {phase} phase (exit {code}); completed phases are kept in {output}{more}",
                    kind="status",
                )
            )
            stopped = _phase_result(phase, code, outcome.report_head, outcome.iter_cells, json_path, output)
            stopped.passed = False
            results.append(stopped)
            after = PHASES[PHASES.index(phase) + 1 :]
            results += [PhaseResult(name=p, not_run=reasons[p] or f"ci stopped in the {phase} phase") for p in after]
            stop = (phase, outcome)
            return _finish(req, cfg, config_path, seed, results, sources, weights, run_id, store, started, stop)
        results.append(_phase_result(phase, code, outcome.report_head, outcome.iter_cells, json_path, output))
    return _finish(req, cfg, config_path, seed, results, sources, weights, run_id, store, started, None)


def _unreachable_chaos(
    cfg: Config, chaos_profile: str | None, reasons: dict[str, str | None], listener: Listener
) -> frozenset[str]:
    """The chaos phase of an HTTP agent whose calls windtunnel cannot reach (config/proxy_env.py): not run,
    with the reason and the line that runs it, and, being configured, it keeps ci from passing (as a
    scenario that was not exercised keeps a run from passing). Returns the phases so marked."""
    specs = []
    try:
        specs = [ChaosSpec.resolve(s, name=s.name) for s in cfg.scenarios] if cfg.contract is not None else []
        spec = ChaosSpec.resolve(cfg.chaos, profile=chaos_profile, name="chaos") if reasons["chaos"] is None else None
    except WindtunnelError:
        return frozenset()  # preflight names the problem
    note = resolve_reach(cfg, [*specs, *([spec] if spec is not None else [])])  # one check call, if any
    if note is not None:
        listener(Notice(note))
    if spec is None or not unreachable(cfg.agent, spec):
        return frozenset()
    reasons["chaos"] = not_run_reason(cfg.agent, "the chaos phase", str(cfg._source) if cfg._source else None)
    return frozenset({"chaos"})


def phase_rule(min_score: float | None) -> str:
    """The one rule for a phase's verdict in ``ci`` (shown with the phase table): a phase passes when its
    own command, given ci's ``--min-score``, would pass."""
    if min_score is None:
        return "a phase passes when every one of its cells passes"
    return (
        f"a phase passes when its score reaches --min-score {min_score:g} and nothing else failed it: no critical "
        "contract invariant, no chaos that tested nothing (replay: every session passes)"
    )


def _failed(r: PhaseResult, min_score: float | None) -> bool:
    """A phase that ran and failed by its own command's rule for a reason ``--min-score``'s overall score cannot
    outweigh: anything but its own score below ``--min-score`` (without ``--min-score``, any failure)."""
    return r.not_run is None and not r.passed and not (min_score is not None and r.failed_on_score_only)


def _why(
    results: list[PhaseResult], score: float | None, min_score: float | None, critical: bool, replay_failed: bool
) -> list[str]:
    """The reasons ci did not pass, in the order a reader needs them: a critical contract failure, a failed replay, no
    score at all, a score below ``--min-score``, then each other failed phase with its own first reason, and each
    configured phase that could not run. Empty when ci passed.
    """
    out = []
    if critical:
        out.append("a critical contract invariant failed (the contract FAILs whatever the score)")
    if replay_failed:
        out.append("a replayed incident failed")
    if score is None:
        out.append("no phase produced a score")
    elif min_score is not None and score < min_score:
        out.append(f"overall score {score:.1f} is below --min-score {min_score:g}")
    for r in results:
        if not _failed(r, min_score) or (r.name == "replay" and replay_failed):
            continue
        if r.name == "contract" and critical and min_score is not None:
            continue  # its critical failure leads the reasons
        why = next((w for w in r.reasons if "below --min-score" not in w), None)
        out.append(f"the {r.name} phase failed: {why}" if why else f"the {r.name} phase failed")
    out += [r.not_run for r in results if r.not_run and r.blocking]  # a configured phase that could not run
    return out


def _finish(
    req: CiRequest,
    cfg: Config,
    config_path: Path,
    seed: int,
    results: list[PhaseResult],
    sources: list[tuple[str, CellSource]],
    weights: dict[str, float],
    run_id: str,
    store: RunStore | None,
    started: str,
    stop: tuple[str, Outcome] | None,
) -> Outcome:
    """Score, write the summary files (also for a run stopped in a phase), store, and return the outcome.

    The phases' cells are never gathered here: the summary counts them as they stream past, the JSON,
    JUnit and SARIF summaries are streamed (``reports.stream``), and the ci run's copy in the store is
    written in batches."""
    output = req.output
    assert output is not None
    every = _combined_cells(sources)
    usage = UsageTally()
    summary = ci_summary(cfg, results, weights, req.min_score, stop, cells=_tallied(every, usage))
    passed = bool(summary["passed"])
    options = {k: getattr(req, k) for k in CiRequest.PLAN_KEYS}
    extra_run: RunInfoDict = {
        "config": str(config_path),
        "agent": cfg.agent.type,
        "status": "completed",
        "options": options,
    }
    if req.shard:
        extra_run["shard"] = req.shard
    if stop is not None:
        extra_run["status"] = stop[1].status
        if summary.get("aborted"):
            extra_run["aborted"] = summary["aborted"]
    head = build_report(
        run_id=run_id,
        mode="ci",
        seed=seed,
        started_at=started,
        finished_at=now_iso(),
        summary=summary,
        cells=[],
        extra_run=extra_run,
    )
    total = usage.total()
    if total:
        head["usage"] = total  # after the cells, where build_report puts it
    written = _write_summary(head, every, output)
    status = decide(
        passed,
        interrupted=stop is not None and stop[1].status == "interrupted",
        aborted=stop is not None and stop[1].status == "aborted",
    )
    if store is not None:
        for batch in _batches(every(), STORE_BATCH):
            store.add_cells(run_id, batch)
        store.finish_run(run_id, summary, STORE_STATUS[status])
    ran = [r for r in results if r.not_run is None]
    return Outcome(
        mode="ci",
        status=status,
        passed=passed,
        exit_code=stop[1].exit_code if stop is not None else (ExitCode.OK if passed else ExitCode.FAILED),
        report=LazyReport(head, every, summary["cells_total"] + summary["cells_not_run"]),
        report_path=output / "summary.json",
        run_id=run_id,
        stored=store is not None,
        planned=len(ran),
        completed=len(ran) - (stop is not None),
        aborted=stop[1].aborted if stop is not None else None,
        detail=CiDetail(output=output, written=written, stopped_in=stop[0] if stop is not None else None),
    )


def _tallied(cells: CellSource, usage: UsageTally) -> Iterator[CellDict]:
    """Pass the cells through unchanged while adding each to ``usage``: the summary and the usage total are counted in
    one pass over the cells, which may be too many to hold twice.
    """
    for c in cells():
        usage.add(c)
        yield c


def _batches(cells: Iterable[CellDict], size: int) -> Iterator[list[CellDict]]:
    """``cells`` in lists of up to ``size``, for the store's batched writes without materialising the whole run."""
    batch: list[CellDict] = []
    for c in cells:
        batch.append(c)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def ci_summary(
    cfg: Config,
    results: list[PhaseResult],
    weights: dict[str, float],
    min_score: float | None,
    stop: tuple[str, Outcome] | None = None,
    *,
    cells: Iterable[CellDict] | None = None,
) -> SummaryDict:
    """The ci report's summary: the weighted score of the phases and the verdict (ci, and merged ci shards).

    ``cells``: the combined cells, counted as they pass (default: the phases' ``cells``)."""
    score = overall(results, weights)
    critical = any(r.critical_failed for r in results if r.name == "contract")
    replay_failed = any(not r.passed for r in results if r.name == "replay" and r.not_run is None)
    # every phase is judged by its own command's rule; --min-score lets the overall score stand in only for a
    # phase's own score below it, never for another failure (chaos that tested nothing: QA-28 #1)
    failed = any(_failed(r, min_score) for r in results)
    passed = score is not None and (min_score is None or score >= min_score) and not critical and not failed
    passed = passed and not any(r.not_run and r.blocking for r in results)
    reasons_failed = _why(results, score, min_score, critical, replay_failed) if not passed else []
    if stop is not None:  # a ci cut short passes nothing, whatever its phases so far
        name, stopped = stop
        passed = False
        aborted = (stopped.report.get("run") or {}).get("aborted") or {}
        stopped_answering = aborted.get("reason") == "agent_stopped"
        gone = f"{_stopped(aborted)} stopped answering" if stopped_answering else "the agent process died"
        why_stop = (
            f"ci was interrupted in the {name} phase"
            if stopped.status == "interrupted"
            else f"ci was aborted in the {name} phase: {gone}"
        )
        reasons_failed = [why_stop, *[r for r in reasons_failed if not r.startswith(f"the {name} phase failed")]]
    phases: dict[str, PhaseDict] = {}
    for r in results:
        entry: PhaseDict = {
            "score": r.score,
            "passed": r.passed,
            "weight": round(weights.get(r.name, 0.0), 6),
            "configured_weight": getattr(cfg.scoring.weights, r.name),
            "status": "not run" if r.not_run else "run",
        }
        if r.not_run:
            entry["reason"] = r.not_run
            if r.blocking:
                entry["blocking"] = True
        else:
            entry.update(
                {
                    "report": r.html_path,
                    "json": r.report_path,
                    "exit_code": r.exit_code,
                    "critical_failed": r.critical_failed,
                }
            )
        if stop is not None and r.name == stop[0]:
            entry.update(_stop_entry(stop[1]))
        phases[r.name] = entry
    # Cells cut by the agent process dying were not run: counted apart, never as the agent's errors.
    counts = {s: 0 for s in ("passed", "failed", "error", "skipped")}
    ran = not_run = idle = 0
    for c in (c for r in results for c in r.cells) if cells is None else cells:
        if c.get("error_kind") == "agent_exited":
            not_run += 1
            continue
        if c.get("not_exercised"):  # a contract scenario none of whose faults fired: in no count (QA-28 #3)
            idle += 1
            continue
        ran += 1
        if c["status"] in counts:
            counts[c["status"]] += 1
    summary: SummaryDict = {
        "score": None if score is None else round(score, 2),
        "passed": passed,
        "critical_failed": critical,
        "cells_total": ran,
        "cells_not_run": not_run,
        "cells_passed": counts["passed"],
        "cells_failed": counts["failed"],
        "cells_errored": counts["error"],
        "cells_skipped": counts["skipped"],
        **({"cells_not_exercised": idle} if idle else {}),
        "min_score": min_score,
        "phases": phases,
        "phase_rule": phase_rule(min_score),
        "reasons": reasons_failed,
    }
    if stop is not None:
        summary["partial"] = True
        stop_record = phases[stop[0]].get("aborted")
        if stop_record:
            summary["aborted"] = stop_record
    return summary


def _write_summary(head: ReportDict, cells: CellSource, output: Path) -> list[Path]:
    """The summary files, every one written while reading the phases' cells, never gathering them.

    JSON, JUnit, SARIF and Markdown are rendered from the cell stream, one pass each; the HTML summary
    links each phase to its own report. An unwritable output is a usage error naming the file (the stream
    renderer raises it itself; :func:`_writing` does the same for the HTML page).
    """
    written = [
        render_streamed(head, cells, fmt, output / f"summary.{ext}")
        for fmt, ext in (("json", "json"), ("junit", "xml"), ("sarif", "sarif"), ("md", "md"))
    ]
    links = {name: report for name, p in head["summary"]["phases"].items() if (report := p.get("report"))}
    written.append(_writing(lambda: render_phase_summary(head, output / "summary.html", links, cells=cells)))
    return written


def _writing(write: Callable[[], Path]) -> Path:
    """``write()``, a file that cannot be written being the usage error every report writer raises."""
    try:
        return write()
    except OSError as err:
        raise UsageError(
            f"cannot write the ci report {err.filename!r}: {err.strerror}", hint="choose another --output path"
        ) from None


__all__ = ["CiDetail", "CiRequest", "ci_flow"]


def _stopped(aborted: JSONObject) -> str:
    """What stopped answering in a ci phase cut short: the agent at its endpoint, or its MCP server."""
    if aborted.get("mcp_server"):
        return f"the MCP server agent.mcp_servers.{aborted['mcp_server']} ({aborted.get('endpoint')})"
    return f"the agent at {aborted.get('endpoint')}"
