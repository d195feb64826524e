"""The registry of session importers: :func:`importer` registers one function ``(data) -> list[Session]``.

Apart from the package's loading and reading (:mod:`windtunnel.replay.importers`), so that an importer
module registers itself without importing what loads it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from windtunnel._util.registry import Registry
from windtunnel.replay.session import Session

Importer = Callable[[Any], list[Session]]


def _validate(name: str, fn: Importer) -> None:
    if not callable(fn):
        raise TypeError(f"importer {name!r} must be a function (data) -> list[Session]")
    if not (fn.__doc__ or "").strip():
        raise TypeError(f"importer {name!r} needs a docstring")


importers: Registry[Importer] = Registry("session importer", validate=_validate)

F = TypeVar("F", bound=Importer)


def importer(name: str) -> Callable[[F], F]:
    """Register a function ``(data) -> list[Session]`` as the importer ``name``."""

    def wrap(fn: F) -> F:
        importers.register(name, fn)
        return fn

    return wrap
