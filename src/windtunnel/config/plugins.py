"""Discriminated unions built from the plugin registries, so valid choices come from the registry."""

from __future__ import annotations

from windtunnel._util.registry import load_entry_point_plugins, registry_union
from windtunnel.chaos import builtin as chaos_builtin
from windtunnel.invariants import builtin as invariants_builtin
from windtunnel.mutations import builtin as mutations_builtin

BUILTIN_MODULES = (chaos_builtin, invariants_builtin, mutations_builtin)
"""The modules whose import registers every built-in fault, invariant and mutation (imported for that effect)."""


def load_builtin_plugins() -> None:
    """Register the third-party plugins (entry points) beside the built-in ones, which this module's imports
    registered: called once by the config model before it builds its unions, so a plugin's type is a valid
    choice in the YAML."""
    load_entry_point_plugins()


__all__ = ["load_builtin_plugins", "registry_union"]
