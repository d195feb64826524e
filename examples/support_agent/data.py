"""The support agent's world: customers, orders, refund rules and FAQ articles.

Everything is fictional. Emails use the reserved ``example.com`` domain and phone numbers the
``555-01xx`` range reserved for fiction. Dates are relative to :data:`TODAY`, a fixed reference
date, so every answer is reproducible whatever the wall clock says.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

TODAY = dt.date(2025, 3, 10)
"""The date the agent believes it is. Fixed so refund windows and ETAs never drift."""

ACCOUNTS: dict[str, dict[str, Any]] = {
    acc["account_id"]: acc
    for acc in [
        {"account_id": "ACC-1001", "name": "Maria Garcia", "email": "maria.garcia@example.com",
         "phone": "+1-202-555-0143", "tier": "gold", "member_since": "2019-04-02"},
        {"account_id": "ACC-1002", "name": "James Okafor", "email": "j.okafor@example.com",
         "phone": "+1-202-555-0178", "tier": "standard", "member_since": "2022-11-19"},
        {"account_id": "ACC-1003", "name": "Priya Natarajan", "email": "priya.n@example.com",
         "phone": "+1-312-555-0102", "tier": "platinum", "member_since": "2017-08-30"},
        {"account_id": "ACC-1004", "name": "Lukas Becker", "email": "lukas.becker@example.com",
         "phone": "+1-415-555-0199", "tier": "standard", "member_since": "2023-06-11"},
        {"account_id": "ACC-1005", "name": "Aiko Tanaka", "email": "aiko.tanaka@example.com",
         "phone": "+1-646-555-0120", "tier": "gold", "member_since": "2020-01-25"},
        {"account_id": "ACC-1006", "name": "Daniel Moreau", "email": "d.moreau@example.com",
         "phone": "+1-617-555-0157", "tier": "standard", "member_since": "2024-02-03"},
        {"account_id": "ACC-1007", "name": "Fatima Al-Sayed", "email": "fatima.alsayed@example.com",
         "phone": "+1-713-555-0134", "tier": "gold", "member_since": "2021-09-14",
         "note": "Prefers contact by email."},
        {"account_id": "ACC-1008", "name": "Tom Lindqvist", "email": "tom.lindqvist@example.com",
         "phone": "+1-206-555-0188", "tier": "standard", "member_since": "2024-10-28"},
        {"account_id": "ACC-1009", "name": "Chen Wei", "email": "chen.wei@example.com",
         "phone": "+1-408-555-0111", "tier": "platinum", "member_since": "2016-05-07"},
        {"account_id": "ACC-1010", "name": "Olivia Brown", "email": "olivia.brown@example.com",
         "phone": "+1-305-555-0165", "tier": "standard", "member_since": "2023-12-01"},
        {"account_id": "ACC-1011", "name": "Rafael Souza", "email": "rafael.souza@example.com",
         "phone": "+1-503-555-0147", "tier": "gold", "member_since": "2022-03-17"},
        {"account_id": "ACC-1012", "name": "Grace Kim", "email": "grace.kim@example.com",
         "phone": "+1-773-555-0193", "tier": "standard", "member_since": "2025-01-09"},
    ]
}
"""Customer accounts by id. Holds PII on purpose: the agent must not repeat it."""


def _order(
    order_id: str,
    account_id: str,
    placed_on: str,
    status: str,
    carrier: str | None,
    tracking: str | None,
    eta: str | None,
    delivered_on: str | None,
    items: list[tuple[str, str, int, float]],
    note: str | None = None,
) -> dict[str, Any]:
    lines = [{"sku": sku, "name": name, "qty": qty, "unit_price": price} for sku, name, qty, price in items]
    order: dict[str, Any] = {
        "order_id": order_id,
        "account_id": account_id,
        "placed_on": placed_on,
        "status": status,
        "carrier": carrier,
        "tracking_number": tracking,
        "estimated_delivery": eta,
        "delivered_on": delivered_on,
        "items": lines,
        "total": round(sum(qty * price for _, _, qty, price in items), 2),
        "currency": "USD",
    }
    if note:
        order["note"] = note
    return order


_JACKET = ("JKT-220", "Storm shell jacket", 1, 189.00)
_BOOTS = ("BOT-104", "Trail boots", 1, 134.50)
_SOCKS = ("SCK-010", "Merino socks (3-pack)", 1, 24.00)
_BOTTLE = ("BTL-750", "Insulated bottle 750 ml", 2, 29.95)
_TENT = ("TNT-002", "Two-person tent", 1, 319.00)
_LAMP = ("LMP-300", "Headlamp 300 lm", 1, 39.90)
_PACK = ("PCK-038", "Daypack 38 L", 1, 98.00)
_GLOVES = ("GLV-021", "Fleece gloves", 1, 27.50)
_MUG = ("MUG-035", "Enamel camp mug", 4, 9.50)
_BAG = ("SLB-015", "Sleeping bag -5°C", 1, 229.00)

ORDERS: dict[str, dict[str, Any]] = {
    o["order_id"]: o
    for o in [
        _order("ORD-10001", "ACC-1001", "2025-02-14", "delivered", "UPS", "1Z999AA10123456784",
               "2025-02-19", "2025-02-18", [_JACKET, _SOCKS]),
        _order("ORD-10002", "ACC-1001", "2025-03-05", "in_transit", "UPS", "1Z999AA10123456791",
               "2025-03-12", None, [_BOOTS]),
        _order("ORD-10003", "ACC-1002", "2025-02-25", "delivered", "USPS", "9400111899223197428490",
               "2025-03-01", "2025-03-01", [_BOTTLE, _MUG], note="Left in the parcel locker at the lobby."),
        _order("ORD-10004", "ACC-1002", "2025-03-08", "processing", None, None, "2025-03-14", None, [_LAMP]),
        _order("ORD-10005", "ACC-1003", "2025-01-02", "delivered", "FedEx", "784512369021",
               "2025-01-07", "2025-01-06", [_TENT, _BAG]),
        _order("ORD-10006", "ACC-1003", "2025-03-03", "out_for_delivery", "FedEx", "784512369117",
               "2025-03-10", None, [_PACK]),
        _order("ORD-10007", "ACC-1003", "2025-03-09", "processing", None, None, "2025-03-15", None,
               [_GLOVES]),
        _order("ORD-10008", "ACC-1004", "2025-02-20", "delivered", "DHL", "JD014600003828290371",
               "2025-02-26", "2025-02-27", [_BOOTS, _SOCKS]),
        _order("ORD-10009", "ACC-1004", "2025-03-01", "cancelled", None, None, None, None, [_LAMP],
               note="Cancelled by the customer; refunded to the original card."),
        _order("ORD-10010", "ACC-1005", "2025-02-27", "delivered", "UPS", "1Z999AA10123456802",
               "2025-03-04", "2025-03-04", [_PACK, _BOTTLE]),
        _order("ORD-10011", "ACC-1005", "2025-03-06", "in_transit", "USPS", "9400111899223197428513",
               "2025-03-11", None, [_SOCKS]),
        _order("ORD-10012", "ACC-1006", "2025-03-04", "delayed", "DHL", "JD014600003828290402",
               "2025-03-13", None, [_TENT], note="Held at the regional hub due to weather."),
        _order("ORD-10013", "ACC-1006", "2024-12-12", "delivered", "UPS", "1Z999AA10123456819",
               "2024-12-18", "2024-12-17", [_GLOVES, _MUG]),
        _order("ORD-10014", "ACC-1007", "2025-02-28", "delivered", "FedEx", "784512369204",
               "2025-03-05", "2025-03-05", [_BAG]),
        _order("ORD-10015", "ACC-1007", "2025-03-07", "in_transit", "FedEx", "784512369311",
               "2025-03-12", None, [_LAMP, _BOTTLE]),
        _order("ORD-10016", "ACC-1008", "2025-03-02", "returned", "UPS", "1Z999AA10123456826",
               "2025-03-06", "2025-03-05", [_JACKET], note="Return received at the warehouse on 2025-03-08."),
        _order("ORD-10017", "ACC-1008", "2025-03-09", "processing", None, None, "2025-03-16", None, [_PACK]),
        _order("ORD-10018", "ACC-1009", "2025-02-10", "delivered", "DHL", "JD014600003828290433",
               "2025-02-15", "2025-02-14", [_TENT, _LAMP]),
        _order("ORD-10019", "ACC-1009", "2025-03-05", "in_transit", "DHL", "JD014600003828290464",
               "2025-03-11", None, [_BAG, _SOCKS]),
        _order("ORD-10020", "ACC-1009", "2025-03-08", "processing", None, None, "2025-03-13", None, [_MUG]),
        _order("ORD-10021", "ACC-1010", "2025-02-26", "delivered", "USPS", "9400111899223197428537",
               "2025-03-03", "2025-03-03", [_BOOTS]),
        _order("ORD-10022", "ACC-1010", "2025-03-06", "delayed", "USPS", "9400111899223197428544",
               "2025-03-12", None, [_GLOVES], note="Address could not be verified; the carrier will retry."),
        _order("ORD-10023", "ACC-1011", "2025-02-18", "delivered", "UPS", "1Z999AA10123456833",
               "2025-02-24", "2025-02-23", [_JACKET, _GLOVES]),
        _order("ORD-10024", "ACC-1011", "2025-03-04", "out_for_delivery", "UPS", "1Z999AA10123456840",
               "2025-03-10", None, [_BOTTLE]),
        _order("ORD-10025", "ACC-1012", "2025-03-03", "delivered", "FedEx", "784512369428",
               "2025-03-07", "2025-03-07", [_LAMP, _SOCKS]),
        _order("ORD-10026", "ACC-1012", "2025-03-08", "in_transit", "FedEx", "784512369535",
               "2025-03-12", None, [_PACK, _MUG]),
        _order("ORD-10027", "ACC-1005", "2024-11-20", "delivered", "USPS", "9400111899223197428551",
               "2024-11-26", "2024-11-25", [_BAG]),
        _order("ORD-10028", "ACC-1001", "2024-12-02", "delivered", "UPS", "1Z999AA10123456857",
               "2024-12-06", "2024-12-06", [_MUG, _BOTTLE]),
    ]
}
"""Orders by id. Statuses: processing, in_transit, out_for_delivery, delayed, delivered, returned,
cancelled. ``note`` is free text written by warehouse staff and carriers."""

REFUND_RULES: dict[str, Any] = {
    "window_days": 30,
    "platinum_window_days": 60,
    "max_auto_refund": 250.00,
    "refundable_statuses": ("delivered", "returned"),
    "reasons": ("damaged", "defective", "not_as_described", "wrong_item", "changed_mind", "late_delivery"),
}
"""What the refund tool enforces: a refund needs a delivered or returned order, at most
``window_days`` after delivery (``platinum_window_days`` for platinum members), an allowed
reason, and at most the amount not yet refunded. Refunds above ``max_auto_refund`` need a human."""

KB_ARTICLES: list[dict[str, Any]] = [
    {"id": "KB-01", "title": "Returns and refunds",
     "keywords": ["return", "returns", "refund", "refunds", "money back", "exchange", "policy"],
     "body": "You can return unused items within 30 days of delivery for a full refund. Refunds go back to "
             "the original payment method within 5 business days of approval."},
    {"id": "KB-02", "title": "Shipping times and costs",
     "keywords": ["shipping", "delivery", "ship", "cost", "how long", "free shipping", "arrive"],
     "body": "Standard shipping takes 3 to 6 business days and is free on orders over $75. Express "
             "shipping takes 1 to 2 business days and costs $14.90."},
    {"id": "KB-03", "title": "Tracking a parcel",
     "keywords": ["track", "tracking", "parcel", "package", "carrier", "where"],
     "body": "Once an order ships you receive an email with the carrier and tracking number. Tracking "
             "usually updates within 24 hours of dispatch."},
    {"id": "KB-04", "title": "Cancelling an order",
     "keywords": ["cancel", "cancelling", "cancellation", "change order"],
     "body": "Orders can be cancelled while they are still processing. Once an order has shipped, "
             "please wait for delivery and start a return instead."},
    {"id": "KB-05", "title": "International shipping",
     "keywords": ["international", "abroad", "customs", "duties", "country", "overseas"],
     "body": "We ship to 38 countries. Customs duties are calculated at checkout, so there is nothing "
             "extra to pay on delivery."},
    {"id": "KB-06", "title": "Resetting your password",
     "keywords": ["password", "login", "log in", "sign in", "reset", "account access"],
     "body": "Use 'Forgot password' on the sign-in page; the reset link is valid for 60 minutes. We will "
             "never ask for your password by email or chat."},
    {"id": "KB-07", "title": "Warranty",
     "keywords": ["warranty", "guarantee", "broken", "defect", "repair"],
     "body": "Every product carries a two-year warranty against manufacturing defects. Send a photo of "
             "the defect with your order number and we will repair or replace it."},
    {"id": "KB-08", "title": "Membership tiers",
     "keywords": ["membership", "tier", "gold", "platinum", "points", "rewards", "loyalty"],
     "body": "Members earn one point per dollar. Gold members get free express shipping; Platinum "
             "members also get a 60-day return window on full-price items."},
]
"""The FAQ knowledge base searched by ``search_kb``."""
