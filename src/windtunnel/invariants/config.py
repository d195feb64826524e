"""The ``invariants:`` section: a list of invariant specs, one model per registered type (``type:`` decides).

The union is built from the registry at import time, after the built-in types and the entry-point plugins are loaded,
so a plugin's type is accepted in a config like a built-in one and an unknown ``type`` is rejected with the list of
every registered name. For mypy the union is just :class:`InvariantSpec`: its members are only known at run time.
"""

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
