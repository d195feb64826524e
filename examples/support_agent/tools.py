"""The support agent's tools: plain functions a harness can wrap.

Two seams, both looked up by the agent at call time:

* the module attributes (``tools.lookup_account`` …), for ``agent.tools:
  ["examples.support_agent.tools:lookup_account", …]``;
* :data:`REGISTRY`, a plain ``dict`` name → callable, for ``agent.tool_registry:
  "examples.support_agent.tools:REGISTRY"`` (wrapped in place).

Each tool returns a JSON-like ``dict`` and raises :class:`ToolError` on bad input or a failed
back end. :data:`CALLS` counts real executions, so a test can tell that an injected fault
stopped the real function from running.

Back end: the in-memory :data:`STORE` by default. When ``SUPPORT_TOOLS_URL`` is set (read on
every call), the tools call the HTTP tool service at that URL through ``httpx`` with
``trust_env=True``, so ``HTTP_PROXY`` / ``HTTPS_PROXY`` route them through a proxy. Mind
``NO_PROXY`` / ``no_proxy``: when it lists ``127.0.0.1`` or ``localhost`` (many environments
set that), httpx connects to a local tool service directly and a proxy never sees the calls.
"""

from __future__ import annotations

import collections
import os
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import httpx

from examples.support_agent.store import SupportStore, ToolError, normalize_order_id

__all__ = [
    "CALLS",
    "LEDGER",
    "REGISTRY",
    "STORE",
    "TOOL_SCHEMAS",
    "ToolError",
    "issue_refund",
    "lookup_account",
    "order_status",
    "reset",
    "search_kb",
]

TOOLS_URL_ENV = "SUPPORT_TOOLS_URL"
HTTP_TIMEOUT_S = 5.0

CALLS: collections.Counter[str] = collections.Counter()
"""Real executions per tool name. Never cleared by :func:`reset`; call ``CALLS.clear()``."""

STORE = SupportStore()
"""The in-memory back end used when ``SUPPORT_TOOLS_URL`` is not set."""

LEDGER = STORE.ledger
"""Refunds issued through the in-memory back end (the same list object as ``STORE.ledger``)."""


def reset() -> None:
    """Clear the refund ledger (in place, so references to :data:`LEDGER` stay valid)."""
    STORE.reset()


def lookup_account(email_or_id: str) -> dict[str, Any]:
    """Find a customer account by email address or account id (``ACC-1001``)."""
    CALLS["lookup_account"] += 1
    base = _tools_url()
    if base is None:
        return STORE.lookup_account(email_or_id)
    if not isinstance(email_or_id, str) or not email_or_id.strip():
        raise ToolError(f"email_or_id must be a non-empty string, got {email_or_id!r}")
    return _http("GET", base, f"/accounts/{quote(email_or_id.strip(), safe='')}")


def order_status(order_id: str) -> dict[str, Any]:
    """Status, carrier, tracking number and delivery dates of an order (``ORD-10001``)."""
    CALLS["order_status"] += 1
    base = _tools_url()
    if base is None:
        return STORE.order_status(order_id)
    return _http("GET", base, f"/orders/{quote(normalize_order_id(order_id), safe='')}")


def issue_refund(order_id: str, amount: float, reason: str) -> dict[str, Any]:
    """Refund ``amount`` dollars of an order for ``reason``; records it in the ledger."""
    CALLS["issue_refund"] += 1
    base = _tools_url()
    if base is None:
        return STORE.issue_refund(order_id, amount, reason)
    body = {"order_id": order_id, "amount": amount, "reason": reason}
    return _http("POST", base, "/refunds", body)


def search_kb(query: str) -> dict[str, Any]:
    """Search the FAQ knowledge base; returns up to three matching articles."""
    CALLS["search_kb"] += 1
    base = _tools_url()
    if base is None:
        return STORE.search_kb(query)
    if not isinstance(query, str) or not query.strip():
        raise ToolError(f"query must be a non-empty string, got {query!r}")
    return _http("GET", base, "/kb", params={"q": query})


REGISTRY: dict[str, Callable[..., Any]] = {
    "lookup_account": lookup_account,
    "order_status": order_status,
    "issue_refund": issue_refund,
    "search_kb": search_kb,
}
"""Name → tool. The agent calls through this dict when an entry has been replaced."""

ORIGINALS: dict[str, Callable[..., Any]] = dict(REGISTRY)
"""The unwrapped tools, to tell whether a harness replaced a registry entry."""


def resolve(name: str) -> Callable[..., Any]:
    """The callable the agent should run for tool ``name``, looked up now.

    A replaced :data:`REGISTRY` entry wins; otherwise the module attribute (wrapped or
    not) is used. Either way a harness that wraps one seam sees every call exactly once.
    """
    entry = REGISTRY.get(name)
    if entry is None:
        raise KeyError(name)
    if entry is not ORIGINALS.get(name):
        return entry
    attr: Callable[..., Any] = globals()[name]
    return attr


TOOL_SCHEMAS: list[dict[str, Any]] = [
    {"type": "function", "function": {
        "name": "lookup_account",
        "description": "Find a customer account by email address or account id (ACC-1001).",
        "parameters": {"type": "object", "properties": {"email_or_id": {"type": "string"}},
                       "required": ["email_or_id"]}}},
    {"type": "function", "function": {
        "name": "order_status",
        "description": "Status, carrier, tracking number and delivery dates of an order (ORD-10001).",
        "parameters": {"type": "object", "properties": {"order_id": {"type": "string"}},
                       "required": ["order_id"]}}},
    {"type": "function", "function": {
        "name": "issue_refund",
        "description": "Refund part or all of a delivered order. Reasons: damaged, defective, "
                       "not_as_described, wrong_item, changed_mind, late_delivery.",
        "parameters": {"type": "object", "properties": {
            "order_id": {"type": "string"}, "amount": {"type": "number"}, "reason": {"type": "string"}},
            "required": ["order_id", "amount", "reason"]}}},
    {"type": "function", "function": {
        "name": "search_kb",
        "description": "Search the help-centre FAQ.",
        "parameters": {"type": "object", "properties": {"query": {"type": "string"}},
                       "required": ["query"]}}},
]
"""OpenAI ``tools=`` definitions sent with every completion request."""


def _tools_url() -> str | None:
    url = os.environ.get(TOOLS_URL_ENV, "").strip()
    return url.rstrip("/") or None


_CODES_BY_STATUS = {400: "invalid", 404: "not_found", 409: "not_refundable", 422: "invalid",
                    429: "unavailable"}


def _http(method: str, base: str, path: str, json_body: dict[str, Any] | None = None,
          params: dict[str, str] | None = None) -> dict[str, Any]:
    """One request to the tool service; HTTP and transport failures become ToolError."""
    where = f"{method} {base}{path}"
    try:
        with httpx.Client(trust_env=True, timeout=HTTP_TIMEOUT_S) as client:
            response = client.request(method, base + path, json=json_body, params=params)
    except httpx.TimeoutException as exc:
        raise ToolError(f"tool service timed out on {where}: {exc}", code="timeout", retryable=True) from exc
    except httpx.HTTPError as exc:
        raise ToolError(f"tool service unreachable for {where}: {exc}", code="unavailable",
                        retryable=True) from exc
    status = response.status_code
    try:
        body = response.json()
    except ValueError:
        body = None
    if status >= 400:
        detail = body.get("error") if isinstance(body, dict) else response.text[:200]
        code = body.get("code") if isinstance(body, dict) else None
        if not isinstance(code, str) or not code:
            code = _CODES_BY_STATUS.get(status, "unavailable")
        raise ToolError(f"tool service returned HTTP {status} for {where}: {detail}", code=code,
                        status=status, retryable=status >= 500 or status == 429)
    if not isinstance(body, dict):
        raise ToolError(f"tool service sent an unreadable body for {where}: {response.text[:200]!r}",
                        code="malformed", status=status)
    return body
