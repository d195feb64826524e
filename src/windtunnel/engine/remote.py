"""Executors that run a whole session elsewhere (Ray actors) rather than cells in this process.

A local executor is handed ``run_cell``, a closure over the agent this process built. A remote one
cannot use it: each of its workers sets the agent up itself (imports, seams, launched process, proxies)
exactly as :class:`~windtunnel.engine.session.RunSession` does here, so it is handed the session.

Remote executors register here (:data:`session_executors`), each from the module that defines it
(``engine/ray_executor.py``); :mod:`windtunnel.engine.placement` imports that module when a run asks for it. This
module never imports one: each builds on :class:`~windtunnel.engine.session.RunSession`, which asks this module
for its executor, so an import from here would close a circle.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from windtunnel._util.errors import HarnessError
from windtunnel._util.registry import Registry
from windtunnel.engine.cells import Cell

if TYPE_CHECKING:
    from windtunnel.agents.base import Agent
    from windtunnel.engine.session import RunSession

LOCAL = "local"
"""The default ``advanced.executor``: cells in this process (no remote executor)."""
LOCAL_FALLBACK = (
    "advanced.executor: ray builds the agent from the config on each Ray actor, and this run was handed a "
    "prebuilt agent object or a plain prelude function (the Python API), which cannot be sent to them; "
    "it used the local executor"
)


@dataclass
class Prelude:
    """Agent calls made once the agent is up, before baselines and cells (contract state detection), in
    two parts so that a remote executor can make them on one of its workers: ``probe`` runs where the agent
    is and returns plain data (on Ray it is pickled to an actor: a module-level function or a picklable
    object); ``apply`` takes that data here, in the driver's process, and may narrow
    ``session.concurrency`` before any cell runs. Locally it is simply awaited with the agent."""

    probe: Callable[[Agent], Awaitable[Any]]
    apply: Callable[[Any], None]

    async def __call__(self, agent: Agent) -> None:
        """The local path: probe with ``agent`` here and apply what it found, in one step."""
        self.apply(await self.probe(agent))


def ships(session: RunSession) -> bool:
    """Whether a remote executor can run ``session``: its agent is built from the config on every worker, and its
    prelude (if any) is a :class:`Prelude` whose probe can be sent there.

    A prebuilt agent object or a closure lives in this process only; Ray would have to pickle it, and a live
    client or event loop cannot be pickled."""
    return session.agent is None and (session.prelude is None or isinstance(session.prelude, Prelude))


@runtime_checkable
class SessionExecutor(Protocol):
    """An executor that runs a whole :class:`~windtunnel.engine.session.RunSession` elsewhere: its workers set the
    agent up from the session's config, and the results come back to the session's listeners here."""

    async def run_session(self, session: RunSession, cells: Iterable[Cell]) -> None:
        """Run ``cells`` as ``session.run`` would, handing each result to ``session.listeners`` as it arrives."""


session_executors: Registry[Callable[[RunSession], SessionExecutor]] = Registry("session executor")
"""Each remote executor's factory, by its ``advanced.executor`` name, registered by the module that defines it."""
session_executor_type = session_executors.decorator
"""``@session_executor_type("ray")`` on a factory ``(session) -> SessionExecutor``."""


def session_executor(session: RunSession) -> SessionExecutor | None:
    """The remote executor of ``session``: its own ``executor`` when that is one, else the one ``advanced.executor``
    names (registered in :data:`session_executors`: :func:`~windtunnel.engine.placement.load_executor` imports its
    module); ``None`` for the local path (the default).

    A session that cannot be shipped (a prebuilt agent object from the Python API) falls back to the local path
    with a warning rather than failing: the run still happens, and the report says where."""
    ex = session.executor
    if ex is not None:
        return ex if isinstance(ex, SessionExecutor) else None
    name = session.cfg.advanced.executor
    if name == LOCAL:
        return None
    if name not in session_executors:
        raise HarnessError(
            f"advanced.executor: {name} is not loaded in this process",
            hint="run through windtunnel.run / the CLI, or call windtunnel.engine.placement.load_executor first",
        )
    if not ships(session):  # a prebuilt agent object (the Python API)
        if LOCAL_FALLBACK not in session.warnings:
            session.warnings.append(LOCAL_FALLBACK)
        return None
    executor: SessionExecutor = session_executors.get(name)(session)
    return executor
