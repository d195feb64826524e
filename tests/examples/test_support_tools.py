"""The support tools over the in-memory back end."""

from __future__ import annotations

import pytest
from examples.support_agent import data, tools
from examples.support_agent.tools import ToolError


def test_lookup_account_by_email_and_by_id_agree() -> None:
    by_email = tools.lookup_account("Maria.Garcia@example.com")
    by_id = tools.lookup_account("acc-1001")
    assert by_email == by_id
    assert by_email["account_id"] == "ACC-1001"
    assert by_email["orders"][0] == "ORD-10002"  # newest first
    assert set(by_email["orders"]) == {"ORD-10001", "ORD-10002", "ORD-10028"}


@pytest.mark.parametrize("bad", ["", "   ", None, 42, "hello world", "ACC-12"], ids=repr)
def test_lookup_account_rejects_bad_input(bad: object) -> None:
    with pytest.raises(ToolError) as info:
        tools.lookup_account(bad)  # type: ignore[arg-type]
    assert info.value.code == "invalid"


def test_lookup_account_unknown_is_not_found() -> None:
    with pytest.raises(ToolError) as info:
        tools.lookup_account("nobody@example.com")
    assert info.value.code == "not_found"
    assert "nobody@example.com" in str(info.value)


@pytest.mark.parametrize("spelling", ["ORD-10002", "ord-10002", "#10002", "10002", "order 10002"])
def test_order_status_accepts_common_spellings(spelling: str) -> None:
    status = tools.order_status(spelling)
    assert status["order_id"] == "ORD-10002"
    assert status["status"] == "in_transit"
    assert status["carrier"] == "UPS"
    assert status["estimated_delivery"] == "2025-03-12"
    assert status["refunded"] == 0


def test_order_status_errors() -> None:
    with pytest.raises(ToolError) as info:
        tools.order_status("ORD-99999")
    assert info.value.code == "not_found"
    with pytest.raises(ToolError) as info:
        tools.order_status("DROP TABLE orders")
    assert info.value.code == "invalid"


def test_returned_data_is_a_copy() -> None:
    status = tools.order_status("ORD-10001")
    status["items"].clear()
    status["status"] = "lost"
    assert data.ORDERS["ORD-10001"]["status"] == "delivered"
    assert tools.order_status("ORD-10001")["items"]


def test_issue_refund_records_in_ledger_and_reset_clears_it() -> None:
    ledger = tools.LEDGER
    refund = tools.issue_refund("ORD-10003", 20, "damaged")
    assert refund["refund_id"] == "RF-0001"
    assert refund["amount"] == 20.0
    assert refund["remaining_refundable"] == round(data.ORDERS["ORD-10003"]["total"] - 20, 2)
    assert [refund] == tools.LEDGER
    assert tools.order_status("ORD-10003")["refunded"] == 20.0
    tools.reset()
    assert tools.LEDGER == [] and tools.LEDGER is ledger
    assert tools.order_status("ORD-10003")["refunded"] == 0


def test_issue_refund_cannot_exceed_order_total() -> None:
    total = data.ORDERS["ORD-10003"]["total"]
    tools.issue_refund("ORD-10003", total - 1, "damaged")
    with pytest.raises(ToolError) as info:
        tools.issue_refund("ORD-10003", 5, "damaged")
    assert info.value.code == "not_refundable"
    assert "$1.00 left" in str(info.value)
    assert len(tools.LEDGER) == 1


@pytest.mark.parametrize(
    ("order_id", "amount", "reason", "code"),
    [
        ("ORD-10002", 10, "damaged", "not_refundable"),  # still in transit
        ("ORD-10028", 10, "damaged", "not_refundable"),  # delivered more than 30 days ago
        ("ORD-10003", 10, "because", "invalid"),  # unknown reason
        ("ORD-10003", -5, "damaged", "invalid"),  # negative amount
        ("ORD-10003", "lots", "damaged", "invalid"),  # not a number
        ("ORD-10003", True, "damaged", "invalid"),  # a bool is not an amount
        ("ORD-10014", 229.00, "defective", None),  # allowed: under the limit
        ("ORD-10018", 300, "defective", "needs_approval"),  # platinum window, but above the auto limit
        ("ORD-99999", 10, "damaged", "not_found"),
    ],
    ids=["in-transit", "outside-window", "bad-reason", "negative", "nan-text", "bool", "ok", "approval", "unknown"],
)
def test_refund_rules(order_id: str, amount: object, reason: str, code: str | None) -> None:
    if code is None:
        assert tools.issue_refund(order_id, amount, reason)["status"] == "approved"  # type: ignore[arg-type]
        return
    with pytest.raises(ToolError) as info:
        tools.issue_refund(order_id, amount, reason)  # type: ignore[arg-type]
    assert info.value.code == code
    assert tools.LEDGER == []


def test_platinum_members_have_a_longer_window() -> None:
    # ORD-10018 (platinum) was delivered 24 days ago, ORD-10005 (platinum) 63 days ago
    assert tools.issue_refund("ORD-10018", 39.90, "defective")["status"] == "approved"
    with pytest.raises(ToolError, match="60 days"):
        tools.issue_refund("ORD-10005", 10, "defective")


def test_search_kb_ranks_articles() -> None:
    result = tools.search_kb("What is your return policy?")
    assert result["results"][0]["id"] == "KB-01"
    assert tools.search_kb("How long does shipping take?")["results"][0]["id"] == "KB-02"
    assert tools.search_kb("zebra crossing")["results"] == []
    with pytest.raises(ToolError):
        tools.search_kb("  ")


def test_calls_counts_real_executions_including_failures() -> None:
    tools.order_status("ORD-10001")
    with pytest.raises(ToolError):
        tools.order_status("ORD-99999")
    tools.search_kb("returns")
    assert tools.CALLS == {"order_status": 2, "search_kb": 1}


def test_registry_and_resolve() -> None:
    assert set(tools.REGISTRY) == {"lookup_account", "order_status", "issue_refund", "search_kb"}
    assert tools.resolve("order_status") is tools.order_status
    with pytest.raises(KeyError):
        tools.resolve("delete_everything")


def test_resolve_prefers_a_replaced_registry_entry_then_the_module_attribute(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def attr_wrapper(order_id: str) -> dict[str, object]:
        return {"via": "attr"}

    def registry_wrapper(order_id: str) -> dict[str, object]:
        return {"via": "registry"}

    monkeypatch.setattr(tools, "order_status", attr_wrapper)
    assert tools.resolve("order_status") is attr_wrapper
    monkeypatch.setitem(tools.REGISTRY, "order_status", registry_wrapper)
    assert tools.resolve("order_status") is registry_wrapper


def test_tool_schemas_match_the_functions() -> None:
    import inspect

    for schema in tools.TOOL_SCHEMAS:
        fn = schema["function"]
        params = list(inspect.signature(tools.REGISTRY[fn["name"]]).parameters)
        assert params == fn["parameters"]["required"]
