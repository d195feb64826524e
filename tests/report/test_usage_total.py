"""The run total of token usage: summed one row at a time, each agent call once, cost never guessed."""

from __future__ import annotations

from windtunnel.report.usage import total_usage


def test_total_tokens_is_derived_when_an_agent_reports_input_and_output_only() -> None:
    cells = [
        {"id": f"g{i}.r0", "kind": "golden", "usage": {"input_tokens": 120, "output_tokens": 30, "model": "m"}}
        for i in range(3)
    ]
    total = total_usage(cells)
    assert total is not None
    assert (total["cells"], total["input_tokens"], total["output_tokens"], total["total_tokens"]) == (3, 360, 90, 450)


def test_a_contract_call_reported_per_invariant_is_counted_once_and_unknown_cost_is_not_zero() -> None:
    usage = {"input_tokens": 10, "output_tokens": 5, "total_tokens": 15, "model": "x", "cost_usd": None}
    cells = [
        {"id": "s/u0:a", "invariant": "a", "kind": "contract", "usage": usage},
        {"id": "s/u0:b", "invariant": "b", "kind": "contract", "usage": usage},
        {"id": "s/u1:a", "invariant": "a", "kind": "contract", "usage": {**usage, "cost_usd": 0.25, "model": "y"}},
    ]
    total = total_usage(cells)
    assert total is not None
    assert total["cells"] == 2 and total["total_tokens"] == 30
    assert total["cost_usd"] is None and total["cost_usd_known"] == 0.25
    assert total["cells_cost_unknown"] == 1 and total["models_unpriced"] == ["x"]


def test_no_usage_is_none() -> None:
    assert total_usage([{"id": "g0.r0", "kind": "golden"}]) is None
