"""The items ``leak scan --mine`` would flag through mining, at a place of one's choosing (tests' shared helper)."""

from __future__ import annotations

from collections.abc import Sequence

from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem


def mined_flags(items: list[LeakItem], derive_from: Sequence[str], under: str) -> set[str]:
    """The ids of ``items`` with a mined leak finding (medium or high) at or under the pointer ``under``."""
    result = mine(items, derive_from=derive_from)
    return {
        k
        for k, fs in mined_findings(items, result, derive_from=derive_from)
        if any(f.severity in ("medium", "high") and (f.pointer or "").startswith(under) for f in fs)
    }
