"""Where a run's cells run: ``advanced.executor`` / ``--executor`` / ``--ray-address``, checked and applied before a
run starts, and the remote executor's module loaded when the run asks for one.

The flows call :func:`check_executor` (a typo costs nothing: before any import) and :func:`apply_placement` (the
options over the config, then :func:`load_executor`). The executor's module registers itself with
:data:`~windtunnel.engine.remote.session_executors` as it is imported, and the session finds it there. This is the
only module that imports an executor by name, and nothing the session imports imports it: the executor builds on
the session, so the arrow runs one way (flows → placement → ray_executor → session → remote).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from windtunnel._util.errors import UsageError
from windtunnel.engine.remote import LOCAL

EXECUTOR_MODULES = {"ray": "windtunnel.engine.ray_executor"}
"""The module of each remote executor, imported only when a run asks for it (it imports Ray itself only when it
runs)."""
EXECUTORS = (LOCAL, *EXECUTOR_MODULES)
"""The values of ``advanced.executor`` (and ``--executor``)."""


def load_executor(name: str) -> None:
    """Import the module of executor ``name`` (which registers it); the local executor needs none."""
    module = EXECUTOR_MODULES.get(name)
    if module is not None:
        import_module(module)


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
    load_executor(cfg.advanced.executor)
