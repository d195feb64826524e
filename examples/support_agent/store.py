"""The in-memory support back end: the real logic behind the tools and the tool service.

:class:`SupportStore` owns a refund ledger and answers the four tool operations over
:mod:`examples.support_agent.data`. Both the in-process tools (:mod:`.tools`) and the HTTP
tool service (:mod:`.tool_service`) delegate here, so the two paths return identical shapes.
"""

from __future__ import annotations

import copy
import datetime as dt
import re
import threading
from typing import Any

from examples.support_agent import data

_ORDER_ID = re.compile(r"^(?:#|ord(?:er)?[\s\-_#]*)?(\d{5})$", re.IGNORECASE)
_ACCOUNT_ID = re.compile(r"^(?:acc(?:ount)?[\s\-_#]*)?(\d{4})$", re.IGNORECASE)
_WORD = re.compile(r"[a-z0-9]+")


RESULT_KEYS: dict[str, tuple[str, ...]] = {
    "lookup_account": ("account_id", "name", "orders"),
    "order_status": ("order_id", "status"),
    "issue_refund": ("refund_id", "amount"),
    "search_kb": ("results",),
}
"""Keys every successful result of each tool carries; a result without them is unreadable."""


class ToolError(Exception):
    """A tool refused its input or its back end failed.

    ``code`` is machine-readable: ``not_found``, ``invalid``, ``not_refundable``,
    ``needs_approval``, ``unavailable``, ``timeout`` or ``malformed``. ``status`` is the HTTP
    status when the tool talked to the tool service. ``retryable`` says whether trying the
    same call again can help (back-end outages, timeouts); bad input is never retryable.
    """

    def __init__(self, message: str, *, code: str = "invalid", status: int | None = None,
                 retryable: bool = False) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
        self.retryable = retryable

    def to_payload(self) -> dict[str, Any]:
        """The error as the JSON body a tool result or an HTTP response carries."""
        payload: dict[str, Any] = {"error": str(self), "code": self.code}
        if self.status is not None:
            payload["status"] = self.status
        return payload


def normalize_order_id(value: object) -> str:
    """``ORD-10001`` from ``"ORD-10001"``, ``"ord 10001"``, ``"#10001"`` or ``"10001"``."""
    if not isinstance(value, str) or not value.strip():
        raise ToolError(f"order_id must be a non-empty string like 'ORD-10001', got {value!r}")
    match = _ORDER_ID.match(value.strip())
    if not match:
        raise ToolError(f"order_id {value!r} is not an order number; order numbers look like 'ORD-10001'")
    return f"ORD-{match.group(1)}"


class SupportStore:
    """Accounts, orders and FAQ articles (read-only) plus a refund ledger (mutable)."""

    def __init__(self) -> None:
        self.ledger: list[dict[str, Any]] = []
        self._lock = threading.Lock()

    def reset(self) -> None:
        """Forget every refund issued so far."""
        with self._lock:
            self.ledger.clear()

    def lookup_account(self, email_or_id: object) -> dict[str, Any]:
        """The account for an email address or account id, with its order ids (newest first)."""
        if not isinstance(email_or_id, str) or not email_or_id.strip():
            raise ToolError(f"email_or_id must be a non-empty string, got {email_or_id!r}")
        key = email_or_id.strip()
        account: dict[str, Any] | None = None
        if "@" in key:
            account = next((a for a in data.ACCOUNTS.values() if a["email"].lower() == key.lower()), None)
        else:
            match = _ACCOUNT_ID.match(key)
            if not match:
                raise ToolError(f"{key!r} is neither an email address nor an account id like 'ACC-1001'")
            account = data.ACCOUNTS.get(f"ACC-{match.group(1)}")
        if account is None:
            raise ToolError(f"no account found for {key!r}", code="not_found")
        result = copy.deepcopy(account)
        orders = sorted(
            (o for o in data.ORDERS.values() if o["account_id"] == account["account_id"]),
            key=lambda o: (o["placed_on"], o["order_id"]),
            reverse=True,
        )
        result["orders"] = [o["order_id"] for o in orders]
        return result

    def order_status(self, order_id: object) -> dict[str, Any]:
        """Status, carrier, tracking number and dates of one order, plus what was refunded."""
        oid = normalize_order_id(order_id)
        order = data.ORDERS.get(oid)
        if order is None:
            raise ToolError(f"no order found with id {oid!r}", code="not_found")
        result = copy.deepcopy(order)
        result["refunded"] = self._refunded(oid)
        return result

    def issue_refund(self, order_id: object, amount: object, reason: object) -> dict[str, Any]:
        """Record a refund if the refund rules allow it; the ledger entry is returned."""
        oid = normalize_order_id(order_id)
        order = data.ORDERS.get(oid)
        if order is None:
            raise ToolError(f"no order found with id {oid!r}", code="not_found")
        if isinstance(amount, bool) or not isinstance(amount, (int, float, str)):
            raise ToolError(f"amount must be a number of dollars, got {amount!r}")
        try:
            value = round(float(amount), 2)
        except ValueError:
            raise ToolError(f"amount must be a number of dollars, got {amount!r}") from None
        if not value > 0 or value != value or value == float("inf"):
            raise ToolError(f"amount must be a positive number of dollars, got {amount!r}")
        rules = data.REFUND_RULES
        if not isinstance(reason, str) or reason.strip().lower() not in rules["reasons"]:
            allowed = ", ".join(rules["reasons"])
            raise ToolError(f"reason {reason!r} is not a refund reason; use one of: {allowed}")
        if order["status"] not in rules["refundable_statuses"]:
            raise ToolError(
                f"order {oid} is {order['status'].replace('_', ' ')}; only delivered or returned orders "
                "can be refunded",
                code="not_refundable",
            )
        tier = data.ACCOUNTS[order["account_id"]]["tier"]
        window = rules["platinum_window_days"] if tier == "platinum" else rules["window_days"]
        delivered = dt.date.fromisoformat(order["delivered_on"])
        if (data.TODAY - delivered).days > window:
            raise ToolError(
                f"order {oid} was delivered on {order['delivered_on']}, more than {window} days ago; "
                "it is outside the refund window",
                code="not_refundable",
            )
        if value > rules["max_auto_refund"]:
            raise ToolError(
                f"refunds above ${rules['max_auto_refund']:.2f} need approval by a team lead",
                code="needs_approval",
            )
        with self._lock:
            remaining = round(order["total"] - self._refunded(oid), 2)
            if value > remaining:
                raise ToolError(
                    f"order {oid} has ${remaining:.2f} left to refund (total ${order['total']:.2f}); "
                    f"${value:.2f} is too much",
                    code="not_refundable",
                )
            entry = {
                "refund_id": f"RF-{len(self.ledger) + 1:04d}",
                "order_id": oid,
                "amount": value,
                "currency": order["currency"],
                "reason": reason.strip().lower(),
                "status": "approved",
                "remaining_refundable": round(remaining - value, 2),
            }
            self.ledger.append(entry)
        return dict(entry)

    def search_kb(self, query: object, limit: int = 3) -> dict[str, Any]:
        """FAQ articles ranked by how many of their keywords the query mentions."""
        if not isinstance(query, str) or not query.strip():
            raise ToolError(f"query must be a non-empty string, got {query!r}")
        text = " ".join(_WORD.findall(query.lower()))
        words = set(text.split())
        scored = []
        for article in data.KB_ARTICLES:
            score = sum(1 for kw in article["keywords"] if (kw in words if " " not in kw else kw in text))
            if score:
                scored.append((score, article))
        scored.sort(key=lambda pair: (-pair[0], pair[1]["id"]))
        results = [
            {"id": a["id"], "title": a["title"], "snippet": a["body"], "score": s} for s, a in scored[:limit]
        ]
        return {"query": query, "results": results}

    def _refunded(self, order_id: str) -> float:
        return round(sum(e["amount"] for e in self.ledger if e["order_id"] == order_id), 2)
