"""Executors that run a whole session elsewhere (Ray actors) rather than cells in this process.

A local executor is handed ``run_cell``, a closure over the agent this process built. A remote one
cannot use it: each of its workers sets the agent up itself (imports, seams, launched process, proxies)
exactly as :class:`~windtunnel.engine.session.RunSession` does here, so it is handed the session.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from windtunnel._util.errors import UsageError
from windtunnel.engine.cells import Cell

if TYPE_CHECKING:
    from windtunnel.agents.base import Agent
    from windtunnel.engine.session import RunSession

EXECUTORS = ("local", "ray")
"""The values of ``advanced.executor`` (and ``--executor``)."""
REMOTE_EXECUTORS = {"ray": ("windtunnel.engine.ray_executor", "RayExecutor")}
"""The module and class of each remote executor, imported by name only when a run asks for it (its module
builds on :class:`~windtunnel.engine.session.RunSession`, which asks this module for its executor)."""
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


def session_executor(session: RunSession) -> SessionExecutor | None:
    """The remote executor of ``session``: its own ``executor`` when that is one, else the one ``advanced.executor``
    names; ``None`` for the local path (the default).

    A session that cannot be shipped (a prebuilt agent object from the Python API) falls back to the local path
    with a warning rather than failing: the run still happens, and the report says where."""
    ex = session.executor
    if ex is not None:
        return ex if isinstance(ex, SessionExecutor) else None
    where = REMOTE_EXECUTORS.get(session.cfg.advanced.executor)
    if where is None:
        return None
    if not ships(session):  # a prebuilt agent object (the Python API)
        if LOCAL_FALLBACK not in session.warnings:
            session.warnings.append(LOCAL_FALLBACK)
        return None
    module, name = where
    executor: SessionExecutor = getattr(import_module(module), name)(session.cfg.advanced.ray)
    return executor


def check_executor(executor: str | None) -> None:
    """An ``--executor`` that is not one of :data:`EXECUTORS`: a usage error (before anything is imported).

    Checked first so a typo costs nothing (no Ray import, no config work) and names the valid values."""
    if executor is not None and executor not in EXECUTORS:
        raise UsageError(f"--executor {executor!r} is not one of {', '.join(EXECUTORS)}", hint="use local or ray")


def apply_placement(cfg: Any, executor: str | None, ray_address: str | None) -> None:
    """``--executor`` / ``--ray-address`` over the config's ``advanced.executor`` / ``advanced.ray.address`` (an
    address alone implies the Ray executor).

    A running agent reached through one fixed proxy port on this machine cannot have its cells spread over actors
    on other machines: that combination is a usage error with the two ways out."""
    check_executor(executor)
    if ray_address:
        cfg.advanced.ray.address = ray_address
        executor = executor or "ray"
    if executor is not None:
        cfg.advanced.executor = executor
    ports = getattr(getattr(cfg, "agent", None), "proxied_ports", None)
    if cfg.advanced.executor == "ray" and ports is not None and ports() is not None:
        raise UsageError(
            "agent.proxy_env: honoured points the running agent at one proxy port on this machine "
            f"({cfg.agent.proxy_port}), which one process serves, so its cells cannot be spread over Ray actors",
            hint="run with --executor local (or set agent.command, so every actor launches its own agent)",
        )
