"""The real tool functions of the framework test agents: each counts its executions."""

from __future__ import annotations

import json
from collections import Counter

EXECUTED: Counter[str] = Counter()


def order_status(order_id: str) -> str:
    EXECUTED["get_order_status"] += 1
    return json.dumps({"order_id": order_id, "status": "processing", "carrier": "DHL"})


def customer(email: str) -> str:
    EXECUTED["lookup_customer"] += 1
    return json.dumps({"email": email, "name": "Ada Lovelace", "tier": "gold"})
