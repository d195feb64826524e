"""The replay flow: recorded sessions → the agent, with their calls injected → each judged by its contract.

:func:`replay_flow` serves ``windtunnel replay run`` and :func:`windtunnel.replay`. A session is an incident as it
was recorded (the prompt, and the tool and LLM calls the agent made with their responses, from a file or an
importer such as LangSmith). The flow collects the sessions (:mod:`windtunnel.replay.collect`), resolves each
one's contract and checks its references before any agent call (:func:`~windtunnel.replay.player.prepare`), then
the :class:`~windtunnel.replay.player.Player` sends each prompt to the real agent while the recorded responses are
injected at the agent's seams, so the agent meets the conditions of the incident again, and judges the answer.

One session is one cell of the report. There is no global chaos here: the faults are the recorded ones. Sessions
are few, so the results are held and the report is stored whole at the end, like a contract's. Invariants a change
must keep: no session found is a usage error (a replay of nothing is not a pass); a call of the agent that no
recording answers fails the session, naming the call, rather than reaching the live tool (unless the session says
``unmatched: live``); a
contract without a critical invariant under ``--fail-on critical`` gets a notice saying what then fails it; Ctrl-C
keeps the sessions judged so far.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path

from windtunnel._util.errors import UsageError
from windtunnel._util.imports import import_refs
from windtunnel.config.load import find_config, load_config
from windtunnel.config.model import Config
from windtunnel.engine.report import now_iso
from windtunnel.flows.common import (
    agent_label,
    check_report_request,
    execute,
    mark_cut_short,
    new_run_id,
    persist_report,
    resolve_seed,
    run_status,
    write_report,
)
from windtunnel.flows.events import SILENT, Done, Listener, Notice, Planned, SessionJudged
from windtunnel.flows.outcome import Outcome, decide, exit_code_of
from windtunnel.flows.preflight import check_env
from windtunnel.flows.reach import resolve_reach
from windtunnel.replay.collect import collect_config, collect_paths
from windtunnel.replay.player import Player, ReplayResult, prepare
from windtunnel.replay.report import replay_report


@dataclass
class ReplayRequest:
    """Everything that decides a replay run (the options of ``windtunnel replay run``, and the keywords of
    ``windtunnel.replay``).

    ``latency_scale`` multiplies the recorded latencies the player waits (0: none); ``fail_on`` is ``critical`` (a
    session fails on a critical invariant) or ``any``; the proxy ports are where the tool and LLM proxies listen for an
    HTTP agent windtunnel does not launch (it must be pointed at them); ``persist`` keeps the finished run in the store.
    """

    config: Path | None = None
    paths: list[Path] = field(default_factory=list)
    """Session files or directories (default: the config's ``replays.sessions``)."""
    fmt: str | None = None
    output: Path | None = None
    seed: int | None = None
    latency_scale: float | None = None
    fail_on: str = "critical"
    concurrency: int | None = None
    tool_proxy_port: int | None = None
    llm_proxy_port: int | None = None
    run_id: str | None = None
    store: Path | None = None
    persist: bool = True
    loaded: Config | None = None

    @classmethod
    def option_names(cls) -> list[str]:
        """The keyword options of ``windtunnel.replay``."""
        return [f.name for f in fields(cls) if f.name not in ("config", "loaded")]


def replay_flow(req: ReplayRequest, listener: Listener = SILENT) -> Outcome:
    """Replay recorded sessions against the agent (``windtunnel replay run``), each judged by its contract.

    The sessions come from ``paths`` or the config's ``replays:``; none found is a :class:`UsageError` (a replay of
    nothing is not a pass). Each session's recorded tool and LLM responses are injected at the agent's seams with no
    global chaos. ``fail_on`` picks the rule: ``critical`` fails a session on a critical invariant (a contract without
    one gets a notice saying what then fails it), ``any`` on any invariant. Ctrl-C keeps the sessions judged so far in
    the report.
    """
    if req.fail_on not in ("critical", "any"):
        raise UsageError(f"--fail-on {req.fail_on!r}: choose critical or any")
    if req.loaded is not None:
        config_path, cfg = Path(req.config or "<mapping>"), req.loaded
    else:
        config_path = find_config(req.config)
        cfg = load_config(config_path)
    import_refs(cfg.agent.python_refs())  # every python reference first (exit 3): before -o is created
    check_report_request(req.fmt, req.output)  # an unknown format or unwritable -o: before any agent call

    check_env(cfg, str(config_path), command="replay run", mutation=False)  # as validate words it (QA-5 F7)
    collected = collect_paths(req.paths) if req.paths else collect_config(cfg)
    notices = [f"skipped {p}: {why}" for p, why in collected.skipped]
    if not collected.sessions:
        where = ", ".join(map(str, req.paths)) if req.paths else f"replays: in {config_path}"
        raise UsageError(
            f"no replay session found in {where}"
            + (f" ({len(collected.skipped)} file(s) skipped)" if collected.skipped else ""),
            hint="give session files or a directory, or list sessions under replays.sessions in the config",
        )
    prepared = prepare(collected.sessions, cfg)
    if req.tool_proxy_port is None and req.llm_proxy_port is None:  # the ports given: the agent is behind those
        # a running HTTP agent started behind windtunnel's fixed-port proxies gets its recorded calls through them
        reach = resolve_reach(cfg, needed=any(any(True for _ in p.injected()) for p in prepared))
        if reach is not None:
            notices.append(reach)
    run_seed = resolve_seed(cfg, req.seed)
    for contract in {p.contract.name: p.contract for p in prepared}.values():
        if not any(i.severity == "critical" for i in contract.invariants) and req.fail_on == "critical":
            notices.append(
                f"contract {contract.name!r} has no critical invariant: under the contract FAIL rule its "
                "replays fail only on an agent error or an unmatched call (mark the invariant the incident "
                "is about `severity: critical`, or pass --fail-on any)"
            )
    for n in notices:
        listener(Notice(n))
    listener(
        Planned(
            mode="replay",
            text=f"windtunnel replay: {len(prepared)} session(s) against {agent_label(cfg)} (no global chaos)",
            total=len(prepared),
            label="sessions",
        )
    )
    judged: list[ReplayResult] = []

    def show(rr: ReplayResult) -> None:
        """Keep the judged session and tell the listener, as a judged session and as one finished unit of the
        progress.
        """
        judged.append(rr)
        listener(SessionJudged(rr))
        listener(Done(result=rr, failed=rr.status != "passed"))

    player = Player(
        cfg,
        seed=run_seed,
        concurrency=req.concurrency or cfg.advanced.concurrency,
        latency_scale=req.latency_scale,
        fail_on="any" if req.fail_on == "any" else "critical",
        tool_proxy_port=req.tool_proxy_port,
        llm_proxy_port=req.llm_proxy_port,
        listeners=[show],
    )
    started = now_iso()

    async def main() -> list[ReplayResult]:
        """Play every prepared session on the flow's event loop."""
        return await player.run(prepared)

    ran = execute(main, listener, total=len(prepared), label="sessions")
    order = {p.cell_id: i for i, p in enumerate(prepared)}
    results: list[ReplayResult] = (
        ran.value
        if ran.value is not None
        else sorted(player.results or judged, key=lambda r: order[r.prepared.cell_id])
    )
    for note in player.notices:
        listener(Notice(note))
    notices += player.notices
    if ran.aborted is not None:
        notices.append(ran.aborted.reason)
    run_id = req.run_id or new_run_id()
    report = replay_report(
        results,
        run_id=run_id,
        seed=run_seed,
        started_at=started,
        finished_at=now_iso(),
        config=str(config_path),
        notices=notices + [n for r in results for n in r.notes],
        skipped=[{"file": str(p), "reason": why} for p, why in collected.skipped],
    )
    summary = report["summary"]
    summary["cells_planned"] = len(prepared)
    if ran.cut_short:
        report["run"].update(run_status(ran.interrupted, ran.aborted))
    mark_cut_short(summary, ran.interrupted, ran.aborted)
    path = write_report(report, req.fmt, req.output, run_id)
    if req.persist:
        persist_report(report, store=req.store)
    passed = bool(summary["passed"])
    status = decide(passed, interrupted=ran.interrupted, aborted=ran.aborted is not None)
    return Outcome(
        mode="replay",
        status=status,
        passed=passed,
        exit_code=exit_code_of(status, passed),
        report=report,
        notices=notices,
        report_path=path,
        run_id=run_id,
        planned=len(prepared),
        completed=len(results),
        aborted=ran.aborted,
    )


__all__ = ["ReplayRequest", "replay_flow"]
