"""The ids invariants are reported under, decided from the config alone (no run needed: ``validate`` uses them).

A report, a contract matrix and a run diff key results by invariant id, so two invariants of one type must not share
one, and the id must not depend on anything but the config: the same file gives the same ids in every run, and
``validate`` can name the invariant a problem belongs to before anything runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from windtunnel.invariants.base import InvariantSpec


def labelled(invariants: Sequence[InvariantSpec]) -> list[InvariantSpec]:
    """Invariants with unique ids: the configured ``id``, else the type (``contains#2`` when repeated).

    Numbering follows config order and counts configured ids and defaulted ones alike, so a second invariant that
    names itself like the first also gets ``#2``. Specs are copied, never changed in place; one whose id is already
    right is returned as it is.
    """
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
