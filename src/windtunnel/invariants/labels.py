"""The ids invariants are reported under, decided from the config alone (no run needed: ``validate`` uses them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from windtunnel.invariants.base import InvariantSpec


def labelled(invariants: Sequence[InvariantSpec]) -> list[InvariantSpec]:
    """Invariants with unique ids: the configured ``id``, else the type (``contains#2`` when repeated)."""
    seen: dict[str, int] = {}
    out = []
    for inv in invariants:
        base = inv.id or inv.type
        seen[base] = seen.get(base, 0) + 1
        label = base if seen[base] == 1 else f"{base}#{seen[base]}"
        out.append(inv if inv.id == label else inv.model_copy(update={"id": label}))
    return out


def needs_auto_baseline(invariants: Sequence[InvariantSpec]) -> bool:
    """Whether a ``behavior_unchanged`` invariant compares with a chaos-free call (``baseline: auto``)."""
    return any(inv.type == "behavior_unchanged" and getattr(inv, "baseline", None) == "auto" for inv in invariants)
