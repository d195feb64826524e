"""The player: sends each session's exact input to the agent with the recorded responses injected through the chaos
seams, and judges the answer against the session's contract.

Replays never run under global chaos: every session gets an empty :class:`ChaosSpec` of its own, so the only thing
that differs from a clean run is what the recording answers. One replay is one agent attempt (no retries: a retry
would meet a half-used recording), so the same session gives the same verdict on every rerun against the same
agent.

Checking comes before running: :func:`prepare` resolves every contract and :func:`check_seams` makes sure the
recorded calls can be injected, so ``validate`` can run both without an agent call, and a replay that would prove
nothing is refused instead of reported as a pass."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from windtunnel._util.errors import ConfigError
from windtunnel._util.imports import import_refs
from windtunnel.agents import build_agent
from windtunnel.agents.registry import capabilities
from windtunnel.chaos.spec import ChaosSpec
from windtunnel.config.agent import declares_tool_seam
from windtunnel.config.model import Config
from windtunnel.config.proxy_env import proxied, start_line
from windtunnel.engine.budget import model_requests, reported_requests
from windtunnel.engine.cells import Cell, CellResult
from windtunnel.engine.procwatch import ExitWatch, watched_endpoint
from windtunnel.replay.contract import (
    Applicability,
    ResolvedContract,
    Verdict,
    applicable,
    contract_verdict,
    resolve_contract,
    run_export_judge,
)
from windtunnel.replay.inject_seams import require_llm_reached, require_llm_seam
from windtunnel.replay.session import LoadedSession, RecordedCall, Session

if TYPE_CHECKING:  # the matcher imports httpx: `validate` checks replays without it
    from windtunnel.replay.matcher import RecordedResponder

Status = Literal["passed", "failed", "error"]


@dataclass
class PreparedReplay:
    """A session with its contract resolved and the invariants that judge it chosen.

    Preparing every session before the first agent call is what makes a bad contract reference or an empty
    judgement a config error up front rather than a failure halfway through. ``cell_id`` is ``replay.<session
    id>`` (numbered when two sessions share an id), stable across runs."""

    loaded: LoadedSession
    contract: ResolvedContract
    applicability: Applicability
    cell_id: str
    fail_on: Literal["critical", "any"] | None = None
    """The session's own verdict rule, when it has one (:func:`export_rule`); else the player's decides."""

    @property
    def session(self) -> Session:
        """The recorded session itself (the loaded wrapper also knows its file, for contract paths)."""
        return self.loaded.session

    def injected(self) -> list[RecordedCall]:
        """The recorded calls this replay injects (``replay.inject`` selects tool and/or LLM calls).

        :func:`check_seams` asks these to know which seams the replay needs."""
        inject = set(self.session.replay.inject)
        return [c for c in self.session.recorded if c.kind in inject]


@dataclass
class ReplayResult:
    """One replayed session's outcome: the cell result, the responder (what was served, mismatched, left unused), the
    contract verdict on the answer, the replay's status and, when it did not pass, the reasons; ``notes`` hold
    what a reader should know without it changing the status.

    Status ``error`` means the replay could not judge (the agent call failed, or no invariant applied), as
    distinct from ``failed``, where it judged and the agent fell short."""

    prepared: PreparedReplay
    result: CellResult
    responder: RecordedResponder
    verdict: Verdict
    status: Status
    reasons: list[str] = field(default_factory=list)
    """Why the replay did not pass (mismatched calls, agent error, failed critical invariants ...)."""
    notes: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """Whether the replay passed (a failed or errored replay did not)."""
        return self.status == "passed"


def prepare(sessions: Sequence[LoadedSession], cfg: Config) -> list[PreparedReplay]:
    """Resolve every session's contract before anything runs (a bad reference stops with exit 2).

    A session exported from a run report is judged by the run's own invariants when it names no contract; two
    sessions with one id get distinct cell ids (``#2``, ``#3`` ...), so neither result overwrites the other."""
    out: list[PreparedReplay] = []
    seen: dict[str, int] = {}
    for loaded in sessions:
        s = loaded.session
        contract = run_export_judge(s, cfg) or resolve_contract(
            s.contract, cfg, session_path=loaded.path, where=loaded.where
        )
        seen[s.id] = seen.get(s.id, 0) + 1
        cell_id = f"replay.{s.id}" if seen[s.id] == 1 else f"replay.{s.id}#{seen[s.id]}"
        judged = applicable(contract.invariants, s.chaos_active())
        out.append(PreparedReplay(loaded, contract, judged, cell_id, fail_on=export_rule(s)))
    return out


def _failures_not_judged(p: PreparedReplay) -> list[str]:
    """The checks the exported cell failed (``exported_from.failed_checks``) when none of their types is among the
    invariants judging this replay: a session judged by another contract than the one its cell failed can then pass
    on the very answer that failed. Empty when a check of one of those types is judged, or the session records none.
    """
    origin = (p.session.metadata or {}).get("exported_from")
    failed = origin.get("failed_checks") if isinstance(origin, dict) else None
    if not isinstance(failed, list) or not failed:
        return []
    judged = {inv.type for inv in p.applicability.judged}
    if any(isinstance(f, dict) and f.get("type") in judged for f in failed):
        return []
    return list(dict.fromkeys(str(f.get("id")) for f in failed if isinstance(f, dict)))


def export_rule(session: Session) -> Literal["any"] | None:
    """``any`` for a session ``replay export`` made from a contract report: ``contract run`` failed its cell on a
    failed invariant whatever its severity (without ``--min-score`` any failed cell fails a contract), so the replay
    judges it the same way and fails as the cell did. None for any other session (``--fail-on`` decides)."""
    origin = (session.metadata or {}).get("exported_from")
    return "any" if isinstance(origin, dict) and origin.get("mode") == "contract" else None


NO_LLM_HINT = "or leave llm out of replay.inject to let the model run live"


def check_seams(
    cfg: Config, prepared: Sequence[PreparedReplay], *, tool_port: int | None, llm_port: int | None
) -> bool:
    """Recorded calls must have a seam to be injected through; never skip them silently. True when the model's seam
    can only be known once the agent ran (the SDK clients the run creates, :func:`require_llm_seam`): each replay is
    checked then.

    A python agent needs ``agent.tools`` / ``agent.tool_registry`` for tool calls and ``agent.llm`` for model
    calls; an HTTP agent needs windtunnel's proxies in its path (launched by windtunnel, or started with the proxy
    environment and the ports given). Otherwise the live tools would answer and the replay would prove nothing, so
    it is a config error that says which of these to set."""
    agent = cfg.agent
    needs = {"tool": False, "llm": False}
    for p in prepared:
        for c in p.injected():
            needs[c.kind] = True
    launched = bool(getattr(agent, "command", None)) or proxied(agent)  # agent.proxy_env: honoured: fixed ports
    if capabilities(agent).python:
        if needs["tool"] and not declares_tool_seam(agent):
            raise ConfigError(
                "the sessions inject recorded tool responses, but the python agent declares no tool seam: "
                "set agent.tools (the 'module:attr' of each tool) or agent.tool_registry (the mapping the "
                "agent calls its tools through). Without it the live tools would run and the replay would "
                "prove nothing",
                hint="see docs/replay.md, 'Where recorded responses are injected'",
            )
        return needs["llm"] and require_llm_seam(agent, hint=NO_LLM_HINT)
    if needs["tool"] and not launched and tool_port is None:
        raise ConfigError(
            "the sessions inject recorded tool responses into an HTTP agent; its outbound calls must go "
            "through windtunnel's forward proxy: set agent.command so windtunnel launches the agent with "
            f"HTTP_PROXY set, or start the agent with `{start_line(_source(cfg))}` (one check call finds it behind "
            "the proxies; none passed through them), or start it with HTTP_PROXY=http://127.0.0.1:PORT and pass "
            "--tool-proxy-port PORT",
            hint="see docs/replay.md, 'HTTP agents'",
        )
    if needs["llm"] and not launched and llm_port is None:
        raise ConfigError(
            "the sessions inject recorded model answers into an HTTP agent; its model calls must go "
            "through windtunnel's LLM proxy: set agent.command, or start the agent with "
            f"`{start_line(_source(cfg))}` (one check call finds it behind the proxies; none passed through "
            "them), or point the agent's OPENAI_BASE_URL at http://127.0.0.1:PORT/v1 and pass --llm-proxy-port PORT",
            hint=NO_LLM_HINT,
        )
    return False


def _source(cfg: Config) -> str | None:
    """The config file's path as the user gave it, for the command lines in messages."""
    return str(cfg._source) if cfg._source else None


def agent_input(session: Session, accepts_messages: bool) -> tuple[Any, str | None]:
    """What to send: the session's input, or for a message list and a prompt-only agent, the text.

    A conversation of one user message is sent as that message; a longer one is sent as a transcript, with a note
    saying so (a prompt-only agent never saw the conversation as turns)."""
    value = session.input
    if isinstance(value, str) or accepts_messages:
        return value, None
    users = [m for m in value if m.get("role", "user") == "user"]
    others = [m for m in value if m.get("role", "user") not in ("user", "system")]
    if len(users) == 1 and not others:
        return str(users[0].get("content", "")), None
    return Cell.transcript(value), (
        "the recorded input is a conversation and the agent takes one prompt: sent as a transcript "
        "(set agent.accepts_messages to send the messages)"
    )


@dataclass
class Player:
    """Runs prepared replays against the configured agent.

    Each session is one cell with its own responder and an empty chaos spec: the recording answers the calls, no
    fault is added, and the agent gets one attempt. ``latency_scale`` overrides the sessions' own; ``fail_on``
    says whether any failed invariant or only critical ones fail a replay."""

    cfg: Config
    seed: int | None = None
    concurrency: int = 4
    latency_scale: float | None = None
    fail_on: Literal["critical", "any"] = "critical"
    tool_proxy_port: int | None = None
    llm_proxy_port: int | None = None
    listeners: list[Callable[[ReplayResult], None]] = field(default_factory=list)
    agent: Any = None
    results: list[ReplayResult] = field(default_factory=list)
    """What :meth:`run` judged, also when a launched agent's exit cut it short (AgentExitedError)."""
    watch: ExitWatch = field(default_factory=ExitWatch, repr=False)
    notices: list[str] = field(default_factory=list)
    """Filled as :meth:`run` ends: processes the agent left running, stopped with it."""

    async def run(self, prepared: Sequence[PreparedReplay]) -> list[ReplayResult]:
        """Replay every prepared session and return the results in the sessions' order.

        The seams are checked first (recorded calls with nothing to inject them through are a config error),
        python references are imported as a run imports them, the chaos runtime is set up with no faults (a
        launched agent gets its proxies, on free ports when model answers are injected), and sessions run
        concurrently unless the proxies can serve only one at a time. Results stream to the listeners; an agent
        process that dies raises once the sessions in flight are reported."""
        # the run's runtime, imported when a replay runs: `validate` imports this module for prepare and
        # check_seams, and these pull in anyio, httpx and the fault seams (tests/cli/test_validate_imports.py)
        import anyio

        from windtunnel._util.proctrack import LeftBehind
        from windtunnel.agents.process import AgentProcess
        from windtunnel.chaos.runtime import ChaosRuntime
        from windtunnel.engine.runner import CellRunner
        from windtunnel.replay.matcher import RecordedResponder

        check_llm = check_seams(self.cfg, prepared, tool_port=self.tool_proxy_port, llm_port=self.llm_proxy_port)
        unreached: list[tuple[int | None, int]] = []  # (the agent's model requests, those the seam heard) per replay
        agent_cfg = self.cfg.agent
        if self.agent is None:
            import_refs(agent_cfg.python_refs())  # exit 3 with validate's message, before any seam
        launched = bool(getattr(agent_cfg, "command", None))
        python = capabilities(agent_cfg).python
        needs_llm = any(c.kind == "llm" for p in prepared for c in p.injected())
        llm_port = self.llm_proxy_port
        if not python and launched and needs_llm and llm_port is None:
            llm_port = 0
        results: list[ReplayResult] = []
        watch = self.watch = ExitWatch()
        async with AsyncExitStack() as stack:
            runtime = await stack.enter_async_context(
                ChaosRuntime(
                    agent_cfg,
                    [],
                    seed=self.seed,
                    tool_proxy_port=None if python else self.tool_proxy_port,
                    llm_proxy_port=None if python else llm_port,
                )
            )
            if launched:
                watch.process = await stack.enter_async_context(
                    AgentProcess(agent_cfg, extra_env=runtime.agent_env(), cwd=self.cfg.base_dir)
                )
            else:  # an HTTP agent windtunnel did not launch: watched for refused connections (QA-6 F-12)
                watch.endpoint = watched_endpoint(agent_cfg)
                # an in-process agent's children inherit this process's stdout and stderr: none outlives the run
                stack.push_async_callback(stack.enter_context(LeftBehind()).stopped_into, self.notices)
            agent = self.agent or build_agent(agent_cfg, concurrency=self.concurrency)
            await stack.enter_async_context(agent)
            accepts = bool(getattr(agent, "accepts_messages", False))

            async def one(p: PreparedReplay) -> None:
                if watch.gone():
                    return
                responder = RecordedResponder(p.session, latency_scale=self.latency_scale)
                spec = ChaosSpec(name=f"replay:{p.session.id}")
                value, note = agent_input(p.session, accepts)
                cell = Cell(id=p.cell_id, kind="replay", input=value, golden_prompt=None)
                runner = CellRunner(
                    agent=agent,
                    invariants=p.applicability.judged,
                    retries=0,
                    system_prompt=self.cfg.agent.system_prompt,
                    scope=lambda c: runtime.cell(spec, c.id, responder=responder),
                    gone=watch.gone,
                )
                result = await watch.check(await runner(cell))
                watch.completed(result)
                heard, reported = model_requests(result.calls), reported_requests(result.usage)
                if check_llm and any(c.kind == "llm" for c in p.injected()) and (not heard or (reported or 0) > heard):
                    unreached.append((reported, heard))
                rr = self.judge(p, result, responder)
                if note:
                    rr.notes.append(note)
                results.append(rr)
                for listener in self.listeners:
                    listener(rr)

            if runtime.serial_cells:
                for p in prepared:
                    await one(p)
            else:
                limiter = anyio.CapacityLimiter(self.concurrency)

                async def limited(p: PreparedReplay) -> None:
                    async with limiter:
                        await one(p)

                async with anyio.create_task_group() as tg:
                    for p in prepared:
                        tg.start_soon(limited, p)
        for reported, heard in unreached[
            :1
        ]:  # the model's answers went past the seam: the replay proved nothing of them
            require_llm_reached(reported, heard, hint=NO_LLM_HINT)
        order = {p.cell_id: i for i, p in enumerate(prepared)}
        results.sort(key=lambda r: order[r.prepared.cell_id])
        self.results = results
        watch.raise_if_gone()
        return results

    def judge(self, p: PreparedReplay, result: CellResult, responder: RecordedResponder) -> ReplayResult:
        """The replay's status and reasons from its cell result, verdict and responder.

        An agent error or a contract with nothing to judge is ``error``; failed invariants (critical ones only,
        unless ``fail_on: any``) or any call the recording could not answer make it ``failed``. Recorded calls the
        agent never made, calls let through live and non-critical failures under the default rule are notes.

        A mismatch fails a replay whose checks all passed: an answer reached through calls the recording could not
        answer was produced under other conditions than the incident's, so it proves nothing about the fix."""
        rule = "any" if p.fail_on == "any" else self.fail_on
        verdict = contract_verdict(result.checks, fail_on=rule)
        reasons: list[str] = []
        notes = [f"invariant {label} not judged: {why}" for label, why in p.applicability.not_judged]
        status: Status
        if result.status == "error":
            status = "error"
            reasons.append(f"the agent call failed: {result.error}")
        elif not p.applicability.judged:
            status = "error"
            reasons.append(
                f"no invariant of contract {p.contract.name!r} applies to this recording, so nothing was "
                "judged (see not_judged)"
            )
        else:
            status = "passed" if verdict.passed else "failed"
            if verdict.critical_failed:
                reasons.append(f"critical invariant(s) failed: {', '.join(verdict.critical_failed)}")
            elif not verdict.passed:
                why = " (as contract run judged the cell it was exported from)" if p.fail_on == "any" else ""
                reasons.append(f"invariant(s) failed: {', '.join(verdict.failed)}{why}")
        if responder.mismatches:
            if status == "passed":
                status = "failed"
            reasons += responder.mismatches
        if status == "passed" and (unjudged := _failures_not_judged(p)):
            notes.append(
                f"the cell this session was exported from failed {', '.join(unjudged)}, and contract "
                f"{p.contract.name!r} judges no check of that type on this recording: this pass does not show that "
                "the incident is fixed (replay it without a contract to judge it by the run's invariants, as it "
                "failed, or add such a check to the contract)"
            )
        noncritical = [f for f in verdict.failed if f not in verdict.critical_failed]
        if status == "passed" and noncritical:
            notes.append(
                f"non-critical invariant(s) failed: {', '.join(noncritical)} (the contract FAIL rule fails a "
                "replay on critical invariants only; use --fail-on any to fail on every invariant)"
            )
        unused = responder.unused()
        if unused:
            notes.append(
                f"{len(unused)} recorded call(s) were never made: " + "; ".join(u.describe() for u in unused[:5])
            )
        notes += responder.live
        return ReplayResult(p, result, responder, verdict, status, reasons, notes)
