"""The ``invariants:`` section: a list of invariant specs, one model per registered type (``type:`` decides)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from windtunnel._util.registry import load_entry_point_plugins, registry_union
from windtunnel.invariants import builtin as _builtin  # noqa: F401  (registers the built-in types)
from windtunnel.invariants.base import InvariantSpec
from windtunnel.invariants.base import invariants as _invariants

load_entry_point_plugins()

if TYPE_CHECKING:
    AnyInvariant = InvariantSpec
else:
    AnyInvariant = registry_union(_invariants, InvariantSpec, "type")
"""Any registered invariant spec, discriminated by ``type``."""

__all__ = ["AnyInvariant"]
