"""Running a planned contract: isolation policy, state detection, the matrix units, streamed results.

:class:`ContractRun` hands the plan's units to the engine's :class:`~windtunnel.engine.session.RunSession`, the
same run skeleton ``run`` and ``replay`` use, with one chaos spec per scenario. What is particular to a contract
happens around it: the state detector runs first and may lower the concurrency to one
(:mod:`windtunnel.contracts.isolation`), scenarios whose faults windtunnel cannot reach are reported as not run
instead of being run without their chaos, and scenarios cut short by the agent process dying are left out of the
score (:func:`cut_short_scenarios`)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from windtunnel.agents.base import Agent
from windtunnel.agents.registry import capabilities
from windtunnel.chaos.spec import ChaosSpec
from windtunnel.config.model import Config
from windtunnel.config.proxy_env import not_run_reason, unreachable
from windtunnel.contracts.isolation import (
    CACHE_FILE,
    StateCache,
    StateVerdict,
    agent_identity,
    detect_state,
    planned_calls,
)
from windtunnel.contracts.matrix import ContractPlan
from windtunnel.engine.cells import CellResult
from windtunnel.engine.remote import Prelude
from windtunnel.engine.session import Listener, RunSession


def cut_short_scenarios(plan: ContractPlan, results: Iterable[CellResult], *, aborted: bool) -> set[str]:
    """Scenarios the death of the agent process cut short: left out of the scores and the matrix.

    A scenario with a unit cut by the exit (``agent_exited``), and, when the run was aborted by the
    exit, every scenario with some of its units completed and some not: how the exit was noticed (a
    failed call, or the check between units) must not decide whether a half-run scenario is scored.
    """
    done: dict[str, set[str]] = {}
    cut: set[str] = set()
    for r in results:
        if r.cell.scenario is None:
            continue
        if r.error_kind == "agent_exited":
            cut.add(r.cell.scenario)
        else:
            done.setdefault(r.cell.scenario, set()).add(r.cell.id)
    if aborted:
        planned: dict[str, set[str]] = {}
        for u in plan.units:
            if u.scenario is not None:
                planned.setdefault(u.scenario, set()).add(u.id)
        cut |= {name for name, ids in done.items() if not planned.get(name, set()) <= ids}
    return cut


UNREACHABLE = "unreachable"
"""``error_kind`` of a unit not run because windtunnel cannot reach the calls its scenario faults."""


def unreachable_scenarios(cfg: Config, plan: ContractPlan, *, checked: bool = True) -> dict[str, str]:
    """Scenario → why it is not run, for each whose faults act on calls of an HTTP agent windtunnel neither launches
    nor found behind its proxies (see config/proxy_env.py, flows/reach.py). ``checked=False`` (``contract
    validate``, which calls no agent): when it would not run.

    Running such a scenario would judge the agent without its chaos and report the result as resilience; not
    running it, with the reason, is the honest alternative."""
    src = str(cfg._source) if cfg._source else None
    return {
        name: not_run_reason(cfg.agent, f"scenario {name!r}", src, checked=checked)
        for name, spec in plan.specs.items()
        if unreachable(cfg.agent, spec)
    }


def has_reset(cfg: Config) -> bool:
    """Whether the agent config gives windtunnel a way to clear the agent's state (a reset endpoint or function, as
    its type's capabilities say). Without one a stateful agent cannot be isolated, only warned of."""
    agent = cfg.agent
    return capabilities(agent).has_reset(agent)


@dataclass
class StateProbe:
    """The state detector's agent calls (or the cached verdict), made where the agent is: this process, or a Ray
    actor (plain data in and out, so it can be sent there).

    It runs as the session's prelude, after the agent is up and before the first unit, so the verdict can still
    change how the units run."""

    prompts: list[str]
    cached: StateVerdict | None = None

    async def __call__(self, agent: Agent) -> StateVerdict:
        """The verdict for ``agent``: the cached one (reported as cached, with no calls made), else the detector's,
        from real calls to the agent."""
        if self.cached is not None:
            return replace(self.cached, calls=0, errors=0, cached=True)

        async def invoke(prompt: str) -> str | None:
            """One detector call: the agent's output for ``prompt`` (no chaos, no retries)."""
            return (await agent.invoke(prompt)).output

        return await detect_state(invoke, self.prompts)


@dataclass
class ContractRun:
    """One execution of a :class:`ContractPlan` against the configured agent. ``concurrency``: an explicit override
    of the isolation policy (see ``contracts.isolation``); ``None`` applies the policy. ``on_state`` is called
    once with the detector's verdict, before any unit runs. ``agent``: an already-built agent (tests, benchmarks);
    default: built from the config.

    After :meth:`run`, :attr:`results` holds every unit's result (skipped ones included), :attr:`state` the
    detector's verdict and :attr:`effective_concurrency` what the units really ran with, for the report."""

    cfg: Config
    plan: ContractPlan
    seed: int
    concurrency: int | None = None
    listeners: list[Listener] = field(default_factory=list)
    on_state: Callable[[StateVerdict], None] | None = None
    agent: Agent | None = None
    results: list[CellResult] = field(default_factory=list)
    state: StateVerdict | None = None
    warnings: list[str] = field(default_factory=list)
    effective_concurrency: int = 1
    store: Path | None = None
    """The run store the state-verdict cache is kept beside (default: ``$WINDTUNNEL_STORE``, else
    ``advanced.store``)."""
    session: RunSession | None = field(default=None, init=False, repr=False)
    _cache_hit: StateVerdict | bool | None = field(default=None, init=False, repr=False)
    _agent_identity: str | None = field(default=None, init=False, repr=False)

    @property
    def detects_state(self) -> bool:
        """Whether the state detector decides the isolation (``advanced.isolation: auto``, no --concurrency,
        and some unit left to run: a resumed run that has them all makes no call)."""
        return self.concurrency is None and self.cfg.advanced.isolation == "auto" and bool(self.plan.units)

    @property
    def state_calls(self) -> int:
        """Agent calls the state detector will make: none when it does not decide the isolation or its verdict is
        cached, else what :func:`~windtunnel.contracts.isolation.planned_calls` counts for the golden prompts."""
        if not self.detects_state or self._cached_state() is not None:
            return 0
        return planned_calls(self.cfg.golden_prompts)

    def _cache(self) -> StateCache | None:
        """The state-verdict cache beside the run store, or ``None`` when caching is off (see
        :meth:`StateCache.enabled`)."""
        if not StateCache.enabled():
            return None
        store = self.store or os.environ.get("WINDTUNNEL_STORE") or self.cfg.advanced.store  # beside the run store
        return StateCache(Path(store).parent / CACHE_FILE)

    def _cached_state(self) -> StateVerdict | None:
        """The cached verdict for this agent and these golden prompts, looked up once per run (a miss is remembered
        too, so the cache file is read at most once)."""
        if self._cache_hit is None:
            cache = self._cache()
            verdict = cache.get(self._identity(), self.cfg.golden_prompts) if cache is not None else None
            self._cache_hit = verdict if verdict is not None else False
        return self._cache_hit if isinstance(self._cache_hit, StateVerdict) else None

    def _identity(self) -> str:
        """The agent's identity key for the verdict cache (computed once: it may hash the agent's source)."""
        if self._agent_identity is None:
            self._agent_identity = agent_identity(self.cfg.agent)
        return self._agent_identity

    @property
    def planned_calls(self) -> int:
        """Every agent call of the run: units, auto baselines and the state detector."""
        return self.plan.agent_calls + self.state_calls

    def _initial_concurrency(self) -> int:
        """The concurrency units start with: ``--concurrency`` when given, one for ``isolation: serial``, else
        ``advanced.concurrency`` (the state detector may lower it to one before the first unit)."""
        if self.concurrency is not None:
            return self.concurrency
        return 1 if self.cfg.advanced.isolation == "serial" else self.cfg.advanced.concurrency

    def _prelude(self) -> Prelude | None:
        """State detection (or its cached verdict) once the agent is up, before any unit: the probe runs
        where the agent is (here, or on a Ray actor), the verdict is applied here."""
        if not self.detects_state:
            return None
        return Prelude(StateProbe(list(self.cfg.golden_prompts), self._cached_state()), self._apply_state)

    def _apply_state(self, state: StateVerdict) -> None:
        """Act on the detector's verdict before any unit: remember it, cache a fresh one made from calls that all
        succeeded, run a stateful agent's units one at a time, and (without a reset to isolate them) tell
        ``on_state``, which warns the user that its results may depend on order."""
        self.state = state
        cache = self._cache()
        if not state.cached and cache is not None and not state.errors:  # a verdict from failed calls is not kept
            cache.put(self._identity(), self.cfg.golden_prompts, state)
        if state.stateful and self.session is not None:
            self.session.concurrency = 1  # with a reset: reset → unit, one at a time; without: the warning
        if self.on_state is not None and not has_reset(self.cfg):
            self.on_state(state)

    async def run(self) -> None:
        """Run every unit; results stream to the listeners and collect in :attr:`results`.

        Units of a scenario whose faults act on calls windtunnel cannot reach are not run: each is reported as
        ``skipped`` with the reason (``unreachable``), so the scenario shows as not run rather than as passing.
        The contract's isolation policy decides the concurrency, not the run mode's default."""
        if not self.plan.units:  # nothing left (a finished run resumed): no agent, no call
            return
        blocked = unreachable_scenarios(self.cfg, self.plan)
        chaos: dict[str | None, ChaosSpec] = {
            name: spec for name, spec in self.plan.specs.items() if name not in blocked
        }
        # the contract's own policy decides the concurrency (above), not the run mode's "reset → serial"
        cfg = self.cfg.model_copy(update={"advanced": self.cfg.advanced.model_copy(update={"isolation": "concurrent"})})
        self.session = session = RunSession(
            cfg,
            self.plan.invariants,
            concurrency=self._initial_concurrency(),
            listeners=[self.results.append, *self.listeners],
            chaos=chaos,
            seed=self.seed,
            agent=self.agent,
            prelude=self._prelude(),
        )
        for unit in self.plan.units:  # faults windtunnel cannot reach: the scenario's units are not run
            if unit.scenario in blocked:
                skipped = CellResult(cell=unit, status="skipped", error=blocked[unit.scenario], error_kind=UNREACHABLE)
                for listener in session.listeners:
                    listener(skipped)
        try:
            await session.run([u for u in self.plan.units if u.scenario not in blocked])
        finally:
            self.effective_concurrency = session.effective_concurrency  # 1 too when proxies hold one cell at a time
            self.warnings += session.warnings


__all__ = ["UNREACHABLE", "ContractRun", "has_reset", "unreachable_scenarios"]
