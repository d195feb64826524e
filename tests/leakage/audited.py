"""Records as the scan reads them: items with their lines, and each item's own audit (before dataset evidence)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from windtunnel.leakage.agreement import agreement_of
from windtunnel.leakage.model import ItemAudit, LeakItem
from windtunnel.leakage.scan import audit_item


def audited(raw: Sequence[dict[str, Any]]) -> tuple[list[LeakItem], list[ItemAudit]]:
    """``raw`` records as items (line ``i + 1`` each, as a file's) and their per-item audits."""
    items = [LeakItem.from_mapping(r, index=i) for i, r in enumerate(raw)]
    for i, it in enumerate(items):
        it.line = i + 1
    return items, [ItemAudit(a.item, a.findings, it.line) for it in items for a in [audit_item(it)]]


def agreed_flags(raw: Sequence[dict[str, Any]], derive_from: Sequence[str], under: str) -> set[str]:
    """The ids of ``raw``'s records with a leak finding at or under the pointer ``under`` once the dataset's agreement
    evidence is applied (:meth:`~windtunnel.leakage.agreement.Agreement.adjust`)."""
    items, audits = audited(raw)
    agreement = agreement_of(items, derive_from=list(derive_from))
    return {
        a.item
        for a in (agreement.adjust(x) for x in audits)
        if any(f.blocking and (f.pointer == under or f.pointer.startswith(under + "/")) for f in a.findings)
    }
