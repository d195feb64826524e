"""Discriminated unions built from the plugin registries, so valid choices come from the registry."""

from __future__ import annotations

from windtunnel._util.registry import load_entry_point_plugins, registry_union


def load_builtin_plugins() -> None:
    """Import every built-in plugin module, then third-party entry points."""
    import windtunnel.chaos.builtin
    import windtunnel.invariants.builtin
    import windtunnel.mutations.builtin  # noqa: F401

    load_entry_point_plugins()


__all__ = ["load_builtin_plugins", "registry_union"]
