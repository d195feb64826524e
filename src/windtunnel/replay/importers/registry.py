"""The registry of session importers: :func:`importer` registers one function ``(data) -> list[Session]``.

Apart from the package's loading and reading (:mod:`windtunnel.replay.importers`), so that an importer module
registers itself without importing what loads it.

The built-in importers are found by name (:data:`BUILTIN`, loaded by :func:`importer_for`) rather than imported by
the package, so ``validate``, which checks replay sources without reading an export, pays for none of them."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any, TypeVar

from windtunnel._util.registry import Registry
from windtunnel.replay.session import Session

Importer = Callable[[Any], list[Session]]


def _validate(name: str, fn: Importer) -> None:
    """Reject an importer that is not callable or has no docstring, at registration: the registry's rule that every
    plugin says what it does, checked before any import runs it."""
    if not callable(fn):
        raise TypeError(f"importer {name!r} must be a function (data) -> list[Session]")
    if not (fn.__doc__ or "").strip():
        raise TypeError(f"importer {name!r} needs a docstring")


importers: Registry[Importer] = Registry("session importer", validate=_validate)

BUILTIN = (
    "windtunnel.replay.importers.langsmith",
    "windtunnel.replay.importers.otel",
    "windtunnel.replay.importers.langfuse",
)
"""Modules whose import registers the built-in importers. They are found by name when an importer is first
asked for (:func:`importer_for`), like the agent adapters in :mod:`windtunnel.agents.registry`: ``validate``
checks replay sources without reading an export and does not pay for them."""


def load_builtin() -> None:
    """Import the :data:`BUILTIN` importer modules (each registers itself; a module already imported costs a
    dictionary lookup), so :data:`importers` lists every built-in name.

    Called before any lookup, and by the sessions flow before it checks a ``--source`` name against the valid
    ones."""
    for module in BUILTIN:
        import_module(module)


def importer_for(name: str) -> Importer:
    """The importer registered as ``name``, built-ins loaded first; an unknown name raises
    :class:`~windtunnel._util.errors.UnknownPluginError` listing the valid ones.

    File imports and live fetches both go through it, so the built-ins are loaded in one place and only when an
    importer is really needed."""
    load_builtin()
    return importers.get(name)


F = TypeVar("F", bound=Importer)


def importer(name: str) -> Callable[[F], F]:
    """Register a function ``(data) -> list[Session]`` as the importer ``name``.

    The function must be callable and documented (checked at registration). Built-in importers are found by name
    through :data:`BUILTIN`; a plugin registers its own by importing its module."""

    def wrap(fn: F) -> F:
        """Register ``fn`` and return it unchanged."""
        importers.register(name, fn)
        return fn

    return wrap
