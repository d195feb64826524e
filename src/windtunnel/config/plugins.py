"""Discriminated unions built from the plugin registries, so valid choices come from the registry."""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import Annotated, Any

from pydantic import Field

from windtunnel._util.registry import Registry, load_entry_point_plugins


def load_builtin_plugins() -> None:
    """Import every built-in plugin module, then third-party entry points."""
    import windtunnel.chaos.builtin
    import windtunnel.invariants.builtin
    import windtunnel.mutations.builtin  # noqa: F401

    load_entry_point_plugins()


def registry_union(registry: Registry[Any], base: type, discriminator: str) -> Any:
    """``Annotated[A | B | ..., Field(discriminator=...)]`` over a registry (the base type when empty)."""
    models = [cls for _, cls in registry.items()]
    if not models:
        return base
    if len(models) == 1:
        return models[0]
    return Annotated[reduce(or_, models), Field(discriminator=discriminator)]
