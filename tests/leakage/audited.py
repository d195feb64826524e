"""Records as the scan reads them: items with their lines, and each item's own audit (before dataset evidence)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from windtunnel.leakage.model import ItemAudit, LeakItem
from windtunnel.leakage.scan import audit_item


def audited(raw: Sequence[dict[str, Any]]) -> tuple[list[LeakItem], list[ItemAudit]]:
    """``raw`` records as items (line ``i + 1`` each, as a file's) and their per-item audits."""
    items = [LeakItem.from_mapping(r, index=i) for i, r in enumerate(raw)]
    for i, it in enumerate(items):
        it.line = i + 1
    return items, [ItemAudit(a.item, a.findings, it.line) for it in items for a in [audit_item(it)]]
