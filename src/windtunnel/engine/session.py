"""One run from a config: build the agent, check it is reachable, compute baselines, run the cells.

:class:`RunSession` is the run skeleton ``run``, ``contract run``, ``replay`` and ``explore`` share. It sets up
what the cells need in dependency order (python references imported, the chaos runtime and its proxies, the
agent's process launched with the proxies in its environment, the agent entered and probed, its MCP servers
checked) and tears it down in reverse whatever happens; results stream to the listeners as cells complete, so
nothing is lost when a run is interrupted. With ``advanced.executor: ray`` the same session runs on Ray actors
instead (:mod:`windtunnel.engine.remote`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from itertools import groupby
from typing import TYPE_CHECKING, Any

from windtunnel._util.errors import AgentTimeout
from windtunnel._util.imports import import_refs
from windtunnel._util.proctrack import LeftBehind
from windtunnel.agents import Agent, build_agent
from windtunnel.agents.process import AgentProcess
from windtunnel.agents.registry import capabilities
from windtunnel.chaos.plan import waiting_on
from windtunnel.chaos.runtime import ChaosRuntime
from windtunnel.config.advice import timeout_advice
from windtunnel.config.agent import declares_tool_seam
from windtunnel.config.model import Config
from windtunnel.engine.budget import RunBudget
from windtunnel.engine.cells import Cell, CellResult
from windtunnel.engine.executor import Executor, LocalExecutor
from windtunnel.engine.procwatch import ExitWatch, watched_endpoint
from windtunnel.engine.remote import session_executor
from windtunnel.engine.runner import CellRunner, CellScopeFactory, TransportFactory, _no_scope
from windtunnel.invariants.base import InvariantSpec
from windtunnel.invariants.base import invariants as registry
from windtunnel.invariants.labels import labelled, needs_auto_baseline

if TYPE_CHECKING:
    from windtunnel.chaos.spec import ChaosSpec

Listener = Callable[[CellResult], None]


def run_invariants(cfg: Config) -> tuple[list[InvariantSpec], list[str]]:
    """The run-mode invariants; with none configured, an explicit ``completes`` check (and a notice).

    A run without checks would pass every cell that returned anything; making the implicit check explicit (and
    saying so) keeps the score honest about what it measured."""
    if cfg.invariants:
        return labelled(cfg.invariants), []
    completes = registry.get("completes")
    return [completes.model_validate({"type": "completes"})], [
        "no invariants configured: every cell is checked with `completes` only (add `invariants:` to check more)"
    ]


@dataclass
class RunSession:
    """Runs planned cells against the configured agent and streams every result to the listeners.

    The session owns the run's isolation rule (:attr:`effective_concurrency`), retries, budget and the agent's
    exit watch; callers give it cells and listeners. A contract, a replay or ``explore`` is a session with other
    cells, invariants or a prelude, not another runner."""

    cfg: Config
    invariants: list[InvariantSpec]
    concurrency: int = 10
    listeners: list[Listener] = field(default_factory=list)
    executor: Executor | None = None
    scope: CellScopeFactory = _no_scope
    transport: TransportFactory = lambda cell: None
    agent: Agent | None = None
    chaos: dict[str | None, ChaosSpec] | None = None
    """Chaos per scenario name (``None`` = cells without a scenario); enables the chaos seams."""
    seed: int | None = None
    prelude: Callable[[Agent], Awaitable[None]] | None = None
    """Awaited once the agent is up and reachable, before baselines and cells (chaos-free calls)."""
    warnings: list[str] = field(default_factory=list)
    """Filled after the run: configured faults that never fired, and the like."""
    _finished: int = field(default=0, init=False, repr=False)
    _timed_out: int = field(default=0, init=False, repr=False)
    """Cells finished, and of those timed out (``agent.timeout``): a warning after the run names the setting."""
    _waiting_on_model: int = field(default=0, init=False, repr=False)
    """Of the cells that timed out, those whose agent was still waiting for its model (:func:`waiting_on`)."""
    _kept_faulted: int = field(default=0, init=False, repr=False)
    """Turns that failed under a fault and were not re-run despite configured retries (the runner's count)."""
    watch: ExitWatch = field(default_factory=ExitWatch, init=False, repr=False)
    """The launched ``agent.command``: a run whose agent process dies raises AgentExitedError."""

    @property
    def records_calls(self) -> bool:
        """Without chaos, a python agent's declared seams still record every tool and LLM call (no faults),
        so reports, replay export and the leakage audit see what the agent saw."""
        agent = self.cfg.agent
        if not capabilities(agent).python:  # agent.proxy_env: honoured sends every call to the proxies
            ports = getattr(agent, "proxied_ports", None)
            return ports is not None and ports() is not None
        return declares_tool_seam(agent) or bool(getattr(agent, "llm", None))

    @property
    def isolated(self) -> bool:
        """Whether cells run one at a time so that no cell sees another's state (see ``advanced.isolation``)."""
        mode = self.cfg.advanced.isolation
        if mode == "auto":
            return bool(self.cfg.agent.reset_function or self.cfg.agent.reset_endpoint)
        return mode == "serial"

    @property
    def proxied_by(self) -> str | None:
        """What carries the agent's calls through windtunnel's proxies in this run, in the config's words
        (``agent.mcp_servers`` …), or ``None``: proxies hold one cell at a time (an external agent's calls carry no
        cell identity), so the cells then run one after another. Asked of the chaos runtime the run will enter, by
        the rules it starts its proxies by, before anything starts."""
        if self.chaos is None and not self.records_calls:
            return None
        specs = list(self.chaos.values()) if self.chaos else []
        return ChaosRuntime(self.cfg.agent, specs, seed=self.seed).proxied_by()

    @property
    def effective_concurrency(self) -> int:
        """Cells in flight at once: the one rule, 1 when :attr:`isolated` or :attr:`proxied_by` something, else
        :attr:`concurrency`."""
        return 1 if self.isolated or self.proxied_by else self.concurrency

    def _retries(self) -> int | None:
        """``agent.retries``, else ``advanced.retries``; ``None`` when neither is set (the runner's default, which
        does not retry under chaos or in contracts)."""
        r = getattr(self.cfg.agent, "retries", None)
        return self.cfg.advanced.retries if r is None else int(r)

    def _kept_faulted_notice(self, kept: int) -> str:
        """Why ``kept`` turns that failed under a fault were not re-run, although retries are configured: the notice
        that says the retries were not applied to them, and which turns they are applied to."""
        key = "agent.retries" if getattr(self.cfg.agent, "retries", None) is not None else "advanced.retries"
        return (
            f"{kept} turn(s) failed while a fault fired and were not re-run ({key}: {self._retries()}): a failure "
            "under a fault is the agent's answer to it and counts as one (a re-run would repeat the fault's side "
            "effects, or pass by missing it); the retries re-run only turns that failed with no fault firing"
        )

    async def baselines(self, agent: Agent, runner: CellRunner) -> dict[str, str]:
        """One clean, chaos-free response per golden prompt (for ``behavior_unchanged: auto``).

        Taken through the runner's own retries with the agent reset before each, so a baseline is what the agent
        answers in the best conditions; a prompt whose baseline call fails gets none, and its
        ``behavior_unchanged`` checks fail rather than pass for lack of a baseline."""
        out: dict[str, str] = {}
        for gi, prompt in enumerate(self.cfg.golden_prompts):
            cell = Cell(id=f"baseline.g{gi}", kind="golden", input=prompt, golden_prompt=prompt, golden_index=gi)
            await agent.reset()
            response, _err, _ = await runner.invoke(cell, prompt)
            if response is not None and response.output is not None:
                out[prompt] = response.output
        return out

    async def run(self, cells: Iterable[Cell]) -> None:
        """Run ``cells`` (possibly a lazy generator) and stream each result to the listeners.

        An agent that does not import, cannot launch or does not answer raises before any cell runs (exit 3).
        Configured faults that never fired are added to :attr:`warnings`; an agent process that died mid-run
        raises :class:`~windtunnel._util.errors.AgentExitedError` once the cells in flight are reported."""
        if (remote := session_executor(self)) is not None:  # e.g. Ray actors (advanced.executor: ray)
            return await remote.run_session(self, cells)
        async with AsyncExitStack() as stack:
            if self.agent is None:
                # every python reference first, in config order, so an unimportable agent is reported
                # (exit 3) exactly as `validate` reports it, before seams or processes are set up
                import_refs(self.cfg.agent.python_refs())
            runtime: Any = None
            if self.chaos is not None or self.records_calls:
                runtime = await stack.enter_async_context(
                    ChaosRuntime(self.cfg.agent, list((self.chaos or {}).values()), seed=self.seed)
                )
            if self.cfg.agent.command:
                env = runtime.agent_env() if runtime is not None else {}
                # like python agent imports, the command runs in the directory windtunnel runs in
                self.watch.process = await stack.enter_async_context(AgentProcess(self.cfg.agent, extra_env=env))
            else:  # an HTTP agent windtunnel did not launch: watched for refused connections (QA-5 F15)
                self.watch.endpoint = watched_endpoint(self.cfg.agent)
                # an in-process agent's children inherit this process's stdout and stderr: none outlives the run
                stack.push_async_callback(stack.enter_context(LeftBehind()).stopped_into, self.warnings)
            agent = self.agent or build_agent(self.cfg.agent, concurrency=self.effective_concurrency)
            await stack.enter_async_context(agent)  # checks reachability before anything is spent
            if runtime is not None:  # and the agent's MCP servers (it may have started them)
                await runtime.check_servers(self.watch.process.stderr_tail() if self.watch.process else "")
                if getattr(self.cfg.agent, "mcp_servers", None):  # watched like the agent: gone mid-run, cut short
                    self.watch.servers = runtime.mcp_unreached
            if self.prelude is not None:
                await self.prelude(agent)
            scope = self.scope
            if runtime is not None:
                specs = self.chaos or {}

                def scope(cell: Cell) -> Any:
                    return runtime.cell(specs.get(cell.scenario), cell.id)

            await self._run_cells(agent, cells, scope, serial=runtime is not None and runtime.serial_cells)
            if advice := timeout_advice(self.cfg, self._timed_out, self._finished, self._waiting_on_model):
                self.warnings.append(advice)
            if runtime is not None:
                self.warnings += [w["message"] for w in runtime.never_fired()]
            if self._kept_faulted:
                self.warnings.append(self._kept_faulted_notice(self._kept_faulted))
            self.watch.raise_if_gone()

    def _guarded(self, runner: CellRunner) -> Callable[[Cell], Awaitable[CellResult | None]]:
        """Runs one cell unless the agent process is gone; a cell that failed because it died says so. One coroutine
        per cell: the runner's own without a budget, the watch's check only for an error.

        Returning ``None`` for a cell not started tells the executor to stop pulling cells; the cells already in
        flight finish and are reported."""
        gone, check = self.watch.gone, self.watch.check
        call = runner.run if runner.budget is None else runner
        servers = self.watch.servers is not None  # an MCP server that went away may cut any cell short

        async def run_cell(cell: Cell) -> CellResult | None:
            """One cell, or ``None`` (the run is cut short) once the agent is gone; an errored result is checked for
            the agent's exit before it is reported."""
            if gone():
                return None
            result = await call(cell)
            return result if result.status != "error" and not servers else await check(result)

        return run_cell

    async def _run_cells(self, agent: Agent, cells: Iterable[Cell], scope: Any, *, serial: bool) -> None:
        """Build the runner (retries, budget, baselines when ``behavior_unchanged: auto`` needs them) and run the
        cells through the executor. When the chaos runtime's proxies are in use they hold one cell's plan at a time
        (an external agent's calls carry no cell identity), so scenarios run one after another and their cells one
        at a time: every call is counted, faulted and logged in its own cell."""
        runner = CellRunner(
            agent=agent,
            invariants=self.invariants,
            retries=self._retries(),
            system_prompt=self.cfg.agent.system_prompt,
            scope=scope,
            transport=self.transport,
            gone=self.watch.gone,
            budget=RunBudget.of(self.cfg, self.warnings),  # advanced.max_cost (engine/budget.py)
        )
        if needs_auto_baseline(self.invariants):
            runner.baselines = await self.baselines(agent, runner)

        def emit(result: CellResult) -> None:
            """Report one result: counted for the exit watch and the timeout advice, then handed to every listener in
            order."""
            self.watch.completed(result)
            self._finished += 1
            if result.error_kind == AgentTimeout.kind:
                self._timed_out += 1
                self._waiting_on_model += waiting_on(result.calls, "llm")
            for listener in self.listeners:
                listener(result)

        run_cell = self._guarded(runner)
        try:
            if not serial:
                await (self.executor or LocalExecutor(self.effective_concurrency)).run(cells, run_cell, emit)
                return
            # proxies hold one cell's plan at a time: scenarios in sequence, cells one at a time
            for _, group in groupby(sorted(cells, key=lambda c: c.scenario or ""), key=lambda c: c.scenario):
                if self.watch.gone():
                    break
                await LocalExecutor(1).run(list(group), run_cell, emit)
        finally:
            self._kept_faulted += runner.kept_faulted  # for the run's notice
