"""Planted agents for the explore tests: a defect that needs two faults in order, and a robust twin.

``lookup`` returns the customer's orders; ``notes`` returns a note; ``model`` stands for the LLM (a plain
callable, wrapped by the LLM seam). The fragile agent retries ``lookup`` once after a timeout and then
indexes the retry's answer without checking it: a timeout on lookup call 1 followed by an empty answer on
lookup call 2 makes it raise. Every other fault is handled (it answers that it could not help).
"""

from __future__ import annotations

from typing import Any

from windtunnel.chaos.injected import ToolFaultError, ToolTimeout

FIXED = {"on": False}
"""Set ``FIXED["on"] = True`` to fix the fragile agent (a test of the regression corpus)."""


def lookup(customer: str) -> list[dict[str, Any]]:
    return [{"order": "A-1", "status": "shipped"}, {"order": "A-2", "status": "pending"}]


def notes(customer: str) -> str:
    return "prefers email"


def model(prompt: str) -> str:
    return f"Summary: {prompt[:60]}"


TOOLS = {"lookup": lookup, "notes": notes}


def _orders(robust: bool) -> str:
    try:
        orders = TOOLS["lookup"]("c1")
    except ToolTimeout:
        orders = TOOLS["lookup"]("c1")  # one retry after a timeout
        if (robust or FIXED["on"]) and (not isinstance(orders, list) or not orders):
            return "no orders found"
        if isinstance(orders, str):
            return "unreadable orders"
        first = orders[0]  # the planted defect: an empty retry answer raises IndexError
        return f"order {first.get('order')}"
    if not isinstance(orders, list) or not orders or not isinstance(orders[0], dict):
        return "no orders found"
    return f"order {orders[0].get('order')}"


def _answer(prompt: str, robust: bool) -> str:
    try:
        part = _orders(robust)
    except ToolFaultError:
        part = "orders unavailable"
    except ToolTimeout:
        part = "orders timed out"
    try:
        note = TOOLS["notes"]("c1")
    except (ToolFaultError, ToolTimeout):
        note = "no notes"
    try:
        summary = model(f"{prompt} | {part} | {note}")
    except Exception:
        summary = "model unavailable"
    return f"{part}; {note}; {summary}"


def fragile(prompt: str) -> str:
    return _answer(prompt, robust=False)


def robust(prompt: str) -> str:
    return _answer(prompt, robust=True)


RETRY_CAP = 30
"""Where the stubborn agent gives up: it stands for an agent that retries until the harness's timeout."""


def stubborn(prompt: str) -> str:
    """Retries a failing ``lookup`` without end (up to :data:`RETRY_CAP`, then it raises): a burst of faults is
    ridden out, only a tool that stays down shows the defect. Every answer it gets is handled."""
    for _ in range(RETRY_CAP):
        try:
            orders = TOOLS["lookup"]("c1")
        except (ToolFaultError, ToolTimeout):
            continue
        ok = isinstance(orders, list) and orders and isinstance(orders[0], dict)
        return f"order {orders[0].get('order')}" if ok else "no orders found"
    raise RuntimeError(f"still retrying lookup after {RETRY_CAP} attempts")


def two_defects(prompt: str) -> str:
    """Two planted defects that break the same check (it says an order "shipped" it never looked up): an answer of
    ``lookup`` that is not a list of orders is read as "all shipped", and a failing ``notes`` call makes it guess
    the same. Every other fault is handled."""
    try:
        orders = TOOLS["lookup"]("c1")
    except (ToolFaultError, ToolTimeout):
        return "orders unavailable right now"
    if not isinstance(orders, list) or not orders or not isinstance(orders[0], dict):
        return "all your orders have shipped"  # defect 1: a broken lookup answer read as good news
    try:
        note = TOOLS["notes"]("c1")
    except (ToolFaultError, ToolTimeout):
        return "all your orders have shipped"  # defect 2: no notes, so it guesses
    moving = "on its way" if orders[0].get("status") == "shipped" else "pending"
    return f"order {orders[0].get('order')} is {moving}; {note}"
