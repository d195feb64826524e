"""Cells on Ray actors: each actor hosts one agent instance and serves batches of cells.

An actor runs the driver's :class:`RunSession` itself (a copy without listeners), so the agent is set up
there exactly as in a local run: python references imported once per actor from the project directory, an
``agent.command`` launched once per actor with its own fault proxies on that node's loopback, seams,
resets, isolation (one cell at a time per actor), baselines. Faults of in-process seams are seeded by
(seed, cell id), so a cell fires the same faults on any actor; proxy faults count occurrences per proxy,
so with a launched agent they depend on which cells share an actor.

The driver hands out cells in batches (large first, smaller as the plan drains: little per-cell
overhead, an even finish), two batches in flight per actor, and passes each batch's results to the
session's listeners (the run store) as it returns. An actor that dies loses nothing: it is replaced (at
most as many times as the run has actors), each cell it held is retried once, alone on an idle actor, and
a cell whose retry kills that actor too is reported as errored (``error_kind: worker_lost``).

A session with a :class:`~windtunnel.engine.remote.Prelude` (contract state detection): every actor sets
its agent up and waits; the first makes the prelude's calls and returns what it found, the driver applies
it (a stateful agent: one cell at a time) and lets every actor go on with the concurrency it left. The run
budget (``advanced.max_cost``) is counted here, over every actor's results (see :meth:`RayExecutor._dispatch`).
"""

from __future__ import annotations

import asyncio
import importlib
import itertools
import logging
import os
import traceback
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import fields
from typing import TYPE_CHECKING, Any

import anyio

from windtunnel._util.errors import AgentExitedError, HarnessError, UsageError, WindtunnelError
from windtunnel._util.optional import optional_import
from windtunnel._util.signals import keep_sigterm
from windtunnel.agents.registry import capabilities
from windtunnel.config.ray import RayConfig
from windtunnel.engine.budget import RunBudget
from windtunnel.engine.cells import Cell, CellResult
from windtunnel.engine.remote import Prelude, session_executor_type, ships
from windtunnel.engine.session import RunSession

if TYPE_CHECKING:
    from windtunnel.agents.base import Agent

INSTALL_HINT = "pip install 'windtunnel[ray]'"
WORKER_LOST = "worker_lost"
MAX_BATCH = 64
FIRST_BATCH = 4
BATCH_SECONDS = 0.25
"""Work per batch an actor is sent: results stream back about this often, and a cut-short run or a dead
actor costs at most about this much per actor."""
CELL_OVERHEAD_S = 0.0002
"""What a cell costs besides the agent call (reset, checks, result): keeps no-op agents' batches bounded."""
PER_ACTOR = 2
"""Batches in flight per actor: the next is queued on the actor while the current one runs."""
TRIES = 2
"""Actors a cell is given to before it is reported as errored (the first, then one retry)."""
SHIPPED_EXCLUDES = [".git", ".venv", "venv", ".windtunnel", "__pycache__", "node_modules", ".mypy_cache"]


def import_ray() -> Any:
    """The ``ray`` module, or a usage error (exit 2) that says how to install it."""
    try:
        ray = optional_import("ray")  # the `ray` extra: only a run with advanced.executor: ray needs it
    except ImportError:
        raise UsageError(
            "the Ray executor needs the ray package, which is not installed",
            hint=f"{INSTALL_HINT}, or run with the local executor (advanced.executor: local)",
        ) from None
    return ray


def connect(ray: Any, cfg: RayConfig) -> bool:
    """Join ``cfg.address`` or start a local Ray, unless this process already joined one; True when it connected here
    (the caller then shuts Ray down).

    Ray's own SIGTERM handler is kept out, so a SIGTERM still interrupts the run as windtunnel handles it locally
    instead of ending the process from inside Ray. A cluster that cannot be started or joined is a harness error
    naming the address."""
    if ray.is_initialized():
        return False
    quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.WARNING}
    try:
        with keep_sigterm():  # ray.init installs its own SIGTERM handler (exit 15): keep windtunnel's interrupt
            if cfg.address:
                ray.init(address=cfg.address, runtime_env=runtime_env(cfg), **quiet)
            else:
                with _quiet_logger(_LOCAL_AUTH_LOGGER):
                    ray.init(runtime_env=cfg.runtime_env, include_dashboard=False, **quiet)
    except (ConnectionError, RuntimeError, ValueError) as err:
        where = f"the Ray cluster at {cfg.address}" if cfg.address else "a local Ray"
        raise HarnessError(
            f"cannot start or join {where}: {err}",
            hint="check advanced.ray.address / --ray-address (ray://HEAD:10001, or auto for a cluster "
            "started on this machine with `ray start --head`)",
        ) from None
    return True


_LOCAL_AUTH_LOGGER = "ray._private.authentication"
"""Where Ray announces that the local cluster it starts uses token authentication: a private Ray started
for one run is nobody else's business, so the line is not printed into windtunnel's output (joining a
cluster keeps every Ray warning)."""


@contextmanager
def _quiet_logger(name: str) -> Iterator[None]:
    """Raise logger ``name`` to ERROR for the block and restore its level after, so a message Ray prints for a
    cluster it started privately does not interleave with windtunnel's output."""
    log = logging.getLogger(name)
    level = log.level
    log.setLevel(logging.ERROR)
    try:
        yield
    finally:
        log.setLevel(level)


def runtime_env(cfg: RayConfig) -> dict[str, Any] | None:
    """The actors' ``runtime_env``: the configured one, else (joining a cluster) this project directory.

    The project is shipped so the actors can import the agent's modules as the driver does; virtualenvs, the run
    store and caches are left out (:data:`SHIPPED_EXCLUDES`)."""
    if cfg.runtime_env is not None:
        return cfg.runtime_env
    return {"working_dir": os.getcwd(), "excludes": SHIPPED_EXCLUDES}


# ------------------------------------------------------------------------------------------- actor side


class _Feed:
    """The executor of an actor's session: serves the cells that :meth:`_CellActor.run` queues until closed.

    The actor's session runs as it would locally (set-up, seams, watch), but instead of draining a plan it serves
    whatever batches the driver sends, so one agent set-up serves every cell the actor is given."""

    def __init__(self) -> None:
        """An empty queue, and ``ready`` set once the session has reached its cells (the agent is up). The
        concurrency is set by :class:`_ActorSession` from what the local run would use."""
        self.queue: asyncio.Queue[tuple[Cell, asyncio.Future[CellResult | None]] | None] = asyncio.Queue()
        self.ready = asyncio.Event()
        self.concurrency = 1
        self.serial = False

    async def run(self, cells: Iterable[Cell], run_cell: Any, on_result: Any) -> None:
        """Serve queued cells with ``concurrency`` workers until the queue is closed (``None``); the session passes
        ``cells=[]`` since cells arrive through the queue. Each cell's future gets its result, or the exception
        that also ends the session, so the batch that queued it learns what happened."""
        self.ready.set()

        async def worker() -> None:
            """Take queued cells until the close marker, which it puts back for the next worker."""
            while True:
                item = await self.queue.get()
                if item is None:
                    self.queue.put_nowait(None)  # for the other workers
                    return
                cell, fut = item
                try:
                    result = await run_cell(cell)
                except BaseException as err:
                    if not fut.done():
                        fut.set_exception(err)
                    raise
                if result is not None:
                    on_result(result)
                if not fut.done():
                    fut.set_result(result)

        async with anyio.create_task_group() as tg:
            for _ in range(self.concurrency):
                tg.start_soon(worker)


class _ActorSession(RunSession):
    """The driver's session, run on an actor: cells come from the feed, one at a time when the local run would run
    them one at a time (isolation, or proxies that attribute faults by time).

    Everything else (set-up, chaos seams, exit watch, baselines) is the local session's own code, so an actor sets
    the agent up exactly as a local run does."""

    async def _run_cells(self, agent: Agent, cells: Iterable[Cell], scope: Any, *, serial: bool) -> None:
        """Run the session's cells through the feed, setting its concurrency as the local run would (one at a time
        when isolated or when the proxies hold one cell at a time); the session itself never runs them
        serially, since the driver already groups serial cells."""
        feed = self.executor
        assert isinstance(feed, _Feed)
        feed.serial = serial
        feed.concurrency = 1 if serial or self.isolated else self.concurrency
        await super()._run_cells(agent, cells, scope, serial=False)


def _describe(err: BaseException) -> dict[str, Any]:
    """An error as plain data (a windtunnel error keeps its class, message, hint and exit code).

    Exceptions raised on an actor may not unpickle on the driver (a class the driver lacks, a traceback holding
    live objects); plain data always does, and :func:`_rebuild` turns it back into the error."""
    if isinstance(err, AgentExitedError):
        return {"exit": [err.command, err.code, err.cells_completed, err.stderr_tail]}
    if isinstance(err, WindtunnelError):
        return {"cls": f"{type(err).__module__}:{type(err).__qualname__}", "message": err.message, "hint": err.hint}
    trace = "".join(traceback.format_exception(type(err), err, err.__traceback__))
    return {"cls": None, "message": f"{type(err).__name__}: {err}", "trace": trace}


def _rebuild(d: dict[str, Any]) -> BaseException:
    """The exception :func:`_describe` described, rebuilt on the driver: the agent's exit as an
    :class:`AgentExitedError`, a windtunnel error as its own class (so its exit code and hint survive the trip),
    anything else as a :class:`HarnessError` that points at the local executor for a traceback."""
    if "exit" in d:
        command, code, done, tail = d["exit"]
        return AgentExitedError(command, code, cells_completed=done, stderr_tail=tail)
    if d.get("cls"):
        module, _, name = d["cls"].partition(":")
        try:
            cls = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            cls = None
        if isinstance(cls, type) and issubclass(cls, WindtunnelError):
            err = cls.__new__(cls)
            WindtunnelError.__init__(err, d["message"], hint=d["hint"])
            return err
    return HarnessError(
        f"a Ray actor failed: {d['message']}",
        hint="see the traceback above; the same config with advanced.executor: local shows it in this process",
    )


class _CellActor:
    """One agent instance on a Ray actor (created through ``ray.remote``; methods return plain data).

    Replies are dicts of plain values (results, or a described error) rather than raised exceptions, so what
    failed on the actor reaches the driver intact, with its windtunnel error class and exit code."""

    def __init__(self, session: _ActorSession, cwd: str | None) -> None:
        """Keep the session copy; change to the driver's working directory when this node has it (a local Ray or a
        shared file system), so relative paths in the config resolve as they do locally."""
        if cwd and os.path.isdir(cwd):  # a local Ray or a shared file system: the driver's relative paths
            os.chdir(cwd)
        self.session = session
        self.feed: _Feed | None = None
        self.task: asyncio.Task[None] | None = None
        self.used: set[str] = set()
        self.found: Any = None
        self.go: asyncio.Future[int] | None = None

    async def open(self, probe: Any = None, hold: bool = False) -> dict[str, Any]:
        """Set the agent up (as a local run does); ``{"error": ...}`` when that fails. ``hold``: the session has a
        prelude (contract state detection): this actor makes its calls (``probe``, given to one actor) once the
        agent is up, returns ``{"probed": ...}``, and waits for :meth:`proceed` before any cell.

        Only one actor probes: the verdict is about the agent, and one set of detector calls is what a local run
        makes."""
        self.feed = feed = self.session.executor = _Feed()
        gate: asyncio.Event = feed.ready
        if hold:
            gate = probed = asyncio.Event()
            go: asyncio.Future[int] = asyncio.get_running_loop().create_future()
            self.go = go

            async def prelude(agent: Agent) -> None:
                if probe is not None:
                    self.found = await probe(agent)
                probed.set()
                self.session.concurrency = await go  # what the driver made of the probe (state: one at a time)

            self.session.prelude = prelude
        self.task = asyncio.create_task(self.session.run([]))
        return await self._until(gate, "set-up")

    async def proceed(self, concurrency: int) -> dict[str, Any]:
        """After the prelude: run cells ``concurrency`` at a time (as the driver's session now says)."""
        assert self.feed is not None and self.go is not None
        self.go.set_result(concurrency)
        return await self._until(self.feed.ready, "its prelude")

    async def _until(self, gate: asyncio.Event, stage: str) -> dict[str, Any]:
        """Wait until ``gate`` opens or the session ends; the actor's state as plain data: the probe's finding
        (prelude), its seriality and width (ready), or the error that ended the session at ``stage``."""
        assert self.feed is not None and self.task is not None
        waiter = asyncio.create_task(gate.wait())
        await asyncio.wait({self.task, waiter}, return_when=asyncio.FIRST_COMPLETED)
        if not gate.is_set():
            err = None if self.task.cancelled() else self.task.exception()
            return {"error": _describe(err or HarnessError(f"the agent session on a Ray actor ended at {stage}"))}
        waiter.cancel()
        if gate is not self.feed.ready:
            return {"probed": self.found, "pid": os.getpid()}
        return {"serial": self.feed.serial, "width": self.feed.concurrency, "pid": os.getpid()}

    async def run(self, cells: list[Cell]) -> dict[str, Any]:
        """Run a batch; results in the batch's order (``None``: not run, the agent process is gone).

        The reply also says whether the agent went away during the batch, so the driver stops giving out cells. If
        the session ends with cells of the batch still queued, the reply is the error that ended it."""
        assert self.feed is not None and self.task is not None
        loop = asyncio.get_running_loop()
        futs: list[asyncio.Future[CellResult | None]] = []
        chaos = self.session.chaos or {}
        for cell in cells:
            spec = chaos.get(cell.scenario)
            if spec is not None:
                self.used.add(spec.name)
            fut: asyncio.Future[CellResult | None] = loop.create_future()
            self.feed.queue.put_nowait((cell, fut))
            futs.append(fut)
        waiting: asyncio.Future[list[Any]] = asyncio.gather(*futs, return_exceptions=True)
        either: set[asyncio.Future[Any]] = {waiting, self.task}
        await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
        if not waiting.done():  # the session ended (an error) with cells of this batch still queued
            waiting.cancel()
            err = self.task.exception() if not self.task.cancelled() else None
            return {"error": _describe(err or HarnessError("the agent session on a Ray actor stopped"))}
        results = waiting.result()
        for r in results:
            if isinstance(r, BaseException):
                return {"error": _describe(r)}
        exit_ = self.session.watch.exit
        return {"results": results, "gone": _describe(exit_) if exit_ is not None else None}

    async def drain(self) -> None:
        """Drop the cells queued and not started (the run is being cut short): their batches return at once with what
        completed.

        Cells already running are left to finish: stopping them mid-call would lose results the agent already paid
        for."""
        if self.feed is None:
            return
        while not self.feed.queue.empty():
            item = self.feed.queue.get_nowait()
            if item is None:
                self.feed.queue.put_nowait(None)
                return
            if not item[1].done():
                item[1].set_result(None)

    async def close(self) -> dict[str, Any]:
        """Drop the cells not started, let those running finish, tear the agent down; the session's warnings and the
        scenarios this actor ran.

        An agent exit is not repeated here (the batch that saw it reported it); any other failure during teardown
        comes back described, for the driver to raise."""
        error = None
        if self.feed is not None and self.task is not None:
            await self.drain()
            self.feed.queue.put_nowait(None)
            if self.go is not None and not self.go.done():  # held after its prelude (the run stopped there)
                self.task.cancel()
            try:
                await self.task
            except AgentExitedError:
                pass  # reported with the batch that saw it
            except asyncio.CancelledError:
                pass
            except BaseException as err:
                error = _describe(err)
        return {"warnings": list(self.session.warnings), "used": sorted(self.used), "error": error}


def _actor_session(session: RunSession, actors: int, index: int = 0) -> _ActorSession:
    """A copy of ``session`` for an actor: same config, invariants, chaos, seed and transport, its share of
    the concurrency (:func:`actor_concurrency`); no listeners, no prelude (the driver runs it through
    :meth:`_CellActor.open`), and no run budget (``advanced.max_cost`` is the run's: the driver counts it
    over every actor's results)."""
    keep = {f.name: getattr(session, f.name) for f in fields(session) if f.init}
    keep["concurrency"] = actor_concurrency(session, actors, index)
    cfg = session.cfg
    if cfg.advanced.max_cost is not None:
        cfg = cfg.model_copy(update={"advanced": cfg.advanced.model_copy(update={"max_cost": None})})
    keep.update(cfg=cfg, listeners=[], executor=None, warnings=[], agent=None, prelude=None)
    return _ActorSession(**keep)


def shared_agent(cfg: Any) -> bool:
    """Whether every actor calls one agent (an HTTP endpoint windtunnel does not launch) rather than its own
    instance: then cells that must run one at a time (isolation, a stateful agent) go to one actor only."""
    return capabilities(cfg.agent).transport == "http" and not cfg.agent.command


def actor_concurrency(session: RunSession, actors: int, index: int = 0) -> int:
    """Cells in flight on actor ``index`` of ``actors``. An agent of its own per actor takes the session's
    concurrency on each; one agent behind every actor (:func:`shared_agent`) is split among them, the first
    ``concurrency % actors`` actors taking one more, so it never sees more calls at once than
    ``advanced.concurrency`` and no slot is lost (10 over 4 actors: 3, 3, 2, 2; the run uses at most that
    many actors)."""
    if actors > 1 and shared_agent(session.cfg):
        base, extra = divmod(session.concurrency, actors)
        return max(1, base + (1 if index % actors < extra else 0))
    return session.concurrency


def skipped(budget: RunBudget | None, cell: Cell) -> CellResult:
    """A cell not run because the run budget is spent (as the local runner reports it)."""
    assert budget is not None
    result = budget.skip(cell)
    assert result is not None
    return result


def lost(cell: Cell, why: str) -> CellResult:
    """The result of a cell whose actors died on every try (``error_kind: worker_lost``): errored, with no attempt
    counted against the agent, since the agent never answered it."""
    return CellResult(
        cell=cell,
        status="error",
        error=f"the Ray actors running this cell died ({why}); it was tried on {TRIES} actors",
        error_kind=WORKER_LOST,
        attempts=0,
    )


def merge_warnings(replies: list[dict[str, Any]]) -> list[str]:
    """Warnings every actor gave that could give them: a fault 'never fired' only when no actor that ran its scenario
    fired it.

    Each actor sees only its own cells, so one actor's "never fired" is not the run's; a warning is kept when
    every actor that ran the scenario it names gave it (all actors, for warnings that name none)."""
    counts: Counter[str] = Counter(w for r in replies for w in dict.fromkeys(r["warnings"]))
    out = []
    for message in counts:
        users = [r for r in replies if any(f"scenario {s!r})" in message for s in r["used"])] or replies
        if counts[message] >= len(users):
            out.append(message)
    return out


# ------------------------------------------------------------------------------------------- driver side


class RayExecutor:
    """Runs a session's cells on Ray actors (``advanced.executor: ray``).

    The driver keeps the run's state (listeners, budget, retries, the agent's exit); actors only run cells. That
    keeps the store, the reports and the budget identical to a local run's, whatever happens to an actor."""

    def __init__(self, cfg: RayConfig | None = None) -> None:
        """An executor with the run's ``advanced.ray`` settings; counts actors started and cells retried, for the
        report."""
        self.cfg = cfg or RayConfig()
        self.actors_used = 0
        self.retried = 0
        """Cells handed to a second actor after their first one died."""

    def actor_count(self, ray: Any) -> int:
        """How many actors to start: ``num_actors`` when set, else one per ``num_cpus_per_actor`` of the cluster's
        CPUs (at least one)."""
        if self.cfg.num_actors is not None:
            return self.cfg.num_actors
        cpus = float(ray.cluster_resources().get("CPU", 1))
        return max(1, int(cpus // self.cfg.num_cpus_per_actor))

    async def run_session(self, session: RunSession, cells: Iterable[Cell]) -> None:
        """Run ``session``'s cells on Ray: connect (or start a local Ray), run, and shut down a Ray this run started.
        A session holding a prebuilt agent object or a plain prelude function cannot be shipped to actors and is a
        usage error pointing at the local executor."""
        if not ships(session):
            raise UsageError(
                "the Ray executor builds the agent from the config on each actor and cannot be handed a prebuilt "
                "agent object or a plain prelude function (only a windtunnel.engine.remote.Prelude)",
                hint="run this with the local executor (advanced.executor: local, or drop --executor ray)",
            )
        ray = import_ray()
        started = connect(ray, self.cfg)
        try:
            await self._run(ray, session, cells, shipped=started and bool(self.cfg.address))
        finally:
            if started:
                ray.shutdown()

    async def _run(self, ray: Any, session: RunSession, cells: Iterable[Cell], *, shipped: bool) -> None:
        """Start one actor per placement slot, set the agent up on each (with the prelude on the first, and its
        verdict applied before any cell), then dispatch the cells; actors are closed and their warnings merged
        whatever happens. With one shared agent and cells that must run one at a time, a single actor is kept."""
        actor_cls = ray.remote(_CellActor)
        placement, pg = await self._placement(ray, session)
        if shared_agent(session.cfg):  # one agent behind every actor: never more actors than calls allowed
            placement = placement[: max(1, session.concurrency)]
        # the project directory: shipped as working_dir when this run joined a cluster, else the actors
        # change to this one where their node has it (a local Ray, a shared file system)
        cwd = None if shipped else os.getcwd()
        blob = [_actor_session(session, len(placement), k) for k in range(len(placement))]  # one per slot
        actors: list[Any] = []

        def spawn(slot: int) -> Any:
            """Start an actor in placement ``slot`` with that slot's session copy."""
            actor = actor_cls.options(**placement[slot]).remote(blob[slot], cwd)
            actors.append(actor)
            self.actors_used += 1
            return actor

        async def each(calls: list[Any], stage: str) -> list[dict[str, Any]]:
            """Await one call per actor; an actor that dies, or replies with an error, stops the run before any cell
            was given out (there is nothing to retry yet).

            This is the set-up stage: an agent that fails to start on an actor fails the run with the actor's own
            error, exactly as a local set-up failure would."""
            try:
                replies = await asyncio.gather(*(_wait(c) for c in calls))
            except ray.exceptions.RayActorError as err:  # no cell was given out yet: nothing to retry
                raise HarnessError(
                    f"a Ray actor died during {stage} ({type(err).__name__}), before any cell ran",
                    hint="the same config with advanced.executor: local shows the failure in this process",
                ) from None
            for reply in replies:
                if "error" in reply:
                    raise _rebuild(reply["error"])
            return replies

        prelude = session.prelude
        assert prelude is None or isinstance(prelude, Prelude)  # ships(session)
        try:
            first = [spawn(slot) for slot in range(len(placement))]
            probes = [prelude.probe if prelude is not None and k == 0 else None for k in range(len(first))]
            hold = prelude is not None
            opened = await each(
                [a.open.remote(p, hold) for a, p in zip(first, probes, strict=True)],
                "the agent set-up" + (" or state detection" if hold else ""),
            )
            if prelude is not None:  # state detection made its calls on the first actor: apply it here
                prelude.apply(opened[0]["probed"])
                # a replacement starts as the prelude left it, with its slot's share
                blob[:] = [_actor_session(session, len(first), k) for k in range(len(first))]
                shares = [actor_concurrency(session, len(first), k) for k in range(len(first))]
                opened = await each(
                    [a.proceed.remote(n) for a, n in zip(first, shares, strict=True)], "the agent set-up"
                )
            serial = any(r["serial"] for r in opened)
            width = min(r["width"] for r in opened)
            live = dict(enumerate(first))
            one_at_a_time = serial or session.effective_concurrency == 1  # not an actor's share of 1
            if one_at_a_time and shared_agent(session.cfg) and len(first) > 1:
                # one agent behind every actor, cells one at a time: one actor (the others' warnings are moot)
                live = {0: first[0]}
                await _close(ray, first[1:])
                del actors[1 : len(first)]
            budget = RunBudget.of(session.cfg, session.warnings)  # advanced.max_cost: the run's, kept here
            await self._dispatch(ray, session, live, spawn, cells, serial=serial, width=width, budget=budget)
        finally:
            session.warnings += merge_warnings(await _close(ray, actors))
            if pg is not None:
                ray.util.remove_placement_group(pg)

    async def _placement(self, ray: Any, session: RunSession) -> tuple[list[dict[str, Any]], Any]:
        """Each actor's Ray options (and the placement group, if any). An ``agent.command`` listens on the fixed
        address of the config, so its actors go one per node (a STRICT_SPREAD placement group).

        Asking for more actors than the cluster has CPUs (or nodes, with a launched agent) is a usage error up
        front: Ray would keep the extra actors pending and the run would wait for ever."""
        n = self.actor_count(ray)
        options: dict[str, Any] = {"num_cpus": self.cfg.num_cpus_per_actor, "max_restarts": 0}
        if self.cfg.resources:
            options["resources"] = dict(self.cfg.resources)
        cpus = float(ray.cluster_resources().get("CPU", 0))
        if self.cfg.num_actors is not None and n * self.cfg.num_cpus_per_actor > cpus:
            raise UsageError(  # Ray would keep the actors beyond it pending, and the run would wait for ever
                f"advanced.ray.num_actors {n} x num_cpus_per_actor {self.cfg.num_cpus_per_actor:g} needs "
                f"{n * self.cfg.num_cpus_per_actor:g} CPUs, but the Ray cluster has {cpus:g}",
                hint="lower advanced.ray.num_actors or num_cpus_per_actor (a fraction such as 0.5 is allowed), "
                "or leave num_actors unset (one actor per CPU); on an autoscaling cluster, start its nodes first",
            )
        if not session.cfg.agent.command:
            return [options] * n, None
        placement = optional_import("ray.util.scheduling_strategies").PlacementGroupSchedulingStrategy
        nodes = sum(1 for node in ray.nodes() if node.get("Alive"))
        if self.cfg.num_actors is None:
            n = nodes
        elif n > nodes:
            raise UsageError(
                f"agent.command is launched on every actor and listens on the config's fixed address, so the "
                f"actors go one per node: {n} actors need {n} nodes, the cluster has {nodes}",
                hint="set advanced.ray.num_actors to at most the number of nodes, or leave it unset (one per node)",
            )
        bundle = {"CPU": self.cfg.num_cpus_per_actor, **self.cfg.resources}
        pg = ray.util.placement_group([bundle] * n, strategy="STRICT_SPREAD")
        await _wait(pg.ready())
        return [{**options, "scheduling_strategy": placement(pg, placement_group_bundle_index=i)} for i in range(n)], pg

    async def _dispatch(
        self,
        ray: Any,
        session: RunSession,
        live: dict[int, Any],
        spawn: Any,
        cells: Iterable[Cell],
        *,
        serial: bool,
        width: int = 1,
        budget: RunBudget | None = None,
    ) -> None:
        """Keep every live actor two batches deep until the cells run out; replace an actor that dies
        (at most as many times as there are actors) and give its cells to the others once.

        ``budget`` (``advanced.max_cost``) is the run's: every result is counted here as it returns, so
        with a budget the cells go one per call, ``width`` deep per actor (results come back as each
        completes); once it is spent no cell is sent, the actors drop the cells they have not started,
        and every cell not run is reported ``skipped`` as in a local run. It overshoots by at most the
        cells running on the actors at that moment (a local run: the cells in flight)."""
        if serial:  # proxies hold one cell's plan at a time: a scenario's cells together, as locally
            cells = sorted(cells, key=lambda c: c.scenario or "")
        total = len(cells) if isinstance(cells, Sequence) else None
        source: Iterator[Cell] = iter(cells)
        retry: deque[tuple[Cell, int]] = deque()
        taken = 0
        load = dict.fromkeys(live, 0)
        inflight: dict[asyncio.Future[Any], tuple[int, list[tuple[Cell, int]]]] = {}
        opening: dict[asyncio.Future[Any], tuple[int, Any]] = {}
        spares = len(live)
        solo: set[int] = set()
        ids = itertools.count(len(live))
        slot = {i: i for i in live}
        gone: AgentExitedError | None = None
        completed = 0
        metered = budget is not None and budget.max_usd is not None
        depth = width if metered else PER_ACTOR
        spent = budget is not None and budget.reason is not None  # e.g. by an earlier phase of `ci`

        def emit(result: CellResult) -> None:
            """Report one result: priced and counted against the budget, counted as completed unless the agent's exit
            cut it, and handed to the session's listeners."""
            nonlocal completed
            if budget is not None:
                budget.add(result)  # prices its usage, counts it against advanced.max_cost
            if result.error_kind != "agent_exited":
                completed += 1
            for listener in session.listeners:
                listener(result)

        per_cell = 0.0
        """Seconds an agent call takes, smoothed over the results (0: not measured yet)."""

        def take() -> list[tuple[Cell, int]]:
            """The next batch of fresh cells: about BATCH_SECONDS of work on an actor (results stream back at least
            that often), and fewer per batch as the plan drains (an even finish).

            The work per cell is estimated from the latencies of returned batches; with a budget every batch is
            one cell, so the spend is counted after each."""
            nonlocal taken
            size = max(1, int(BATCH_SECONDS * width / per_cell)) if per_cell > 0 else FIRST_BATCH
            if total is not None:
                size = min(size, (total - taken) // (max(1, len(live)) * 4))
            size = 1 if metered else max(1, min(MAX_BATCH, size))
            out: list[tuple[Cell, int]] = []
            for cell in source:
                taken += 1
                out.append((cell, 0))
                if len(out) >= size:
                    break
            return out

        def send(i: int, batch: list[tuple[Cell, int]]) -> None:
            """Give ``batch`` to actor ``i`` and remember it until its reply."""
            inflight[_wait(live[i].run.remote([c for c, _ in batch]))] = (i, batch)
            load[i] += 1

        def died(i: int, batch: list[tuple[Cell, int]], why: str) -> None:
            """Actor ``i`` died holding ``batch``: start a replacement in its slot while spares remain, and give each
            cell one more try on another actor, or report it lost.

            A retried cell runs alone on an idle actor, so if that actor dies too the cell is the likely cause and
            is reported lost instead of killing actor after actor."""
            nonlocal spares
            if live.pop(i, None) is not None and spares > 0:
                spares -= 1
                new = next(ids)
                slot[new] = slot[i]  # the same place (node, resources) as the actor it replaces
                actor = spawn(slot[new])
                opening[_wait(actor.open.remote())] = (new, actor)
            for cell, tries in batch:
                if tries + 1 < TRIES and (live or opening):
                    retry.append((cell, tries + 1))
                    self.retried += 1
                else:
                    emit(lost(cell, why))

        try:
            while True:
                if gone is None and not spent:
                    for i in list(live):
                        if i in solo:
                            continue
                        if retry:  # a retried cell runs alone on an idle actor: if that actor dies, it was the cell
                            if load[i] == 0:
                                solo.add(i)
                                send(i, [retry.popleft()])
                            continue
                        while load[i] < depth:
                            batch = take()
                            if not batch:
                                break
                            send(i, batch)
                if not inflight and not opening:
                    if spent:
                        for cell in [*(c for c, _ in retry), *source]:
                            emit(skipped(budget, cell))
                        retry.clear()
                    break
                waiting: list[asyncio.Future[Any]] = [*inflight, *opening]
                done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
                for fut in done:
                    if fut in opening:
                        i, actor = opening.pop(fut)
                        try:
                            reply = fut.result()
                        except ray.exceptions.RayActorError:
                            continue
                        if "error" in reply:
                            raise _rebuild(reply["error"])
                        live[i], load[i] = actor, 0
                        continue
                    i, batch = inflight.pop(fut)
                    load[i] -= 1
                    solo.discard(i)
                    try:
                        reply = fut.result()
                    except ray.exceptions.RayActorError as err:
                        died(i, batch, type(err).__name__)
                        continue
                    except ray.exceptions.RayError as err:
                        raise HarnessError(f"a Ray actor call failed: {err}") from None
                    if "error" in reply:
                        raise _rebuild(reply["error"])
                    latencies = [r.latency_ms for r in reply["results"] if r is not None and r.latency_ms is not None]
                    if latencies:
                        mean = sum(latencies) / len(latencies) / 1000 + CELL_OVERHEAD_S
                        per_cell = mean if per_cell <= 0 else 0.7 * per_cell + 0.3 * mean
                    for (cell, _), result in zip(batch, reply["results"], strict=True):
                        if result is not None:
                            emit(result)
                        elif spent and reply.get("gone") is None:  # dropped by drain(): the budget is spent
                            emit(skipped(budget, cell))
                    if reply.get("gone") is not None and gone is None:
                        exit_ = _rebuild(reply["gone"])
                        assert isinstance(exit_, AgentExitedError)
                        gone = exit_
                if not spent and budget is not None and budget.reason is not None:
                    spent = True
                    for actor in live.values():  # drop the cells not started; those running finish
                        actor.drain.remote()
                if not live and not opening and gone is None:
                    for cell, _ in [*retry, *((c, 0) for c in source)]:
                        emit(lost(cell, "every actor of the run died"))
                    retry.clear()
        except BaseException:  # cut short (Ctrl-C, an error): keep what the actors completed
            with anyio.CancelScope(shield=True):
                await _salvage(live, inflight, emit)
            raise
        if gone is not None:
            raise gone.recounted(completed)


async def _salvage(
    live: dict[int, Any], inflight: dict[asyncio.Future[Any], Any], emit: Any, timeout: float = 30.0
) -> None:
    """The run is cut short: the actors drop their queued cells, and the results of the cells that were running or
    done come back and are kept (as a local run keeps the cells it completed).

    Waits at most ``timeout`` seconds: an actor that hangs must not keep a Ctrl-C from ending the run."""
    if not inflight:
        return
    for actor in live.values():
        actor.drain.remote()
    with anyio.move_on_after(timeout):
        replies = await asyncio.gather(*inflight, return_exceptions=True)
        for reply in replies:
            if isinstance(reply, dict):
                for result in reply.get("results") or []:
                    if result is not None:
                        emit(result)


@session_executor_type("ray")
def _ray_executor(session: RunSession) -> RayExecutor:
    """The Ray executor of ``session``, with its ``advanced.ray`` settings (``advanced.executor: ray``)."""
    return RayExecutor(session.cfg.advanced.ray)


def _wait(ref: Any) -> asyncio.Future[Any]:
    """A Ray object ref as an asyncio future (what the dispatcher waits on)."""
    return asyncio.wrap_future(ref.future())


async def _close(ray: Any, actors: list[Any]) -> list[dict[str, Any]]:
    """Stop every actor's agent (launched processes, proxies) and the actors; their last replies.

    Shielded from cancellation and bounded to 30 s, then every actor is killed regardless: an interrupted run must
    still leave no agent process or proxy behind on the cluster."""
    replies: list[dict[str, Any]] = []
    with anyio.CancelScope(shield=True):
        futs = [_wait(a.close.remote()) for a in actors]
        with anyio.move_on_after(30):
            for got in await asyncio.gather(*futs, return_exceptions=True):
                if isinstance(got, dict):
                    replies.append(got)
        for a in actors:
            ray.kill(a)
    return replies
