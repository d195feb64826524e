"""Ground-truth leakage auditor: static scan, schema-preserving sanitizer, blind-baseline statistics.

Public API: :func:`audit_item`, :func:`scan_text`, :func:`scan_fields` (the scan),
:func:`sanitize_item` (the sanitizer) and :func:`summarize_blind_baseline` (the blind baseline).
"""

from windtunnel.leakage.baseline import mcnemar_exact, summarize_blind_baseline
from windtunnel.leakage.model import CHANNELS, Finding, ItemAudit, LeakItem, value_hash
from windtunnel.leakage.sanitize import sanitize_item, schema_digest
from windtunnel.leakage.scan import audit_item, scan_fields, scan_text

__all__ = [
    "CHANNELS",
    "Finding",
    "ItemAudit",
    "LeakItem",
    "audit_item",
    "mcnemar_exact",
    "sanitize_item",
    "scan_fields",
    "scan_text",
    "schema_digest",
    "summarize_blind_baseline",
    "value_hash",
]
