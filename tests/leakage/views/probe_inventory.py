"""Run every inventory form through audit_item and print found/clean (a quick probe, not a test)."""

from __future__ import annotations

import sys

from tests.leakage.views.test_inventory import FORMS, item
from windtunnel.leakage import audit_item

ok = bad = 0
for f in FORMS:
    leak = bool(audit_item(item(f, True)).findings)
    clean = bool(audit_item(item(f, False)).findings)
    status = "OK" if leak and not clean else ("MISS" if not leak else "") + (" FALSE" if clean else "")
    print(f"{f.id:28} {status:10} {f.leak[:70]!r}")
sys.exit(0)
