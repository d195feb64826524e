"""Tokens and cost in reports: the labels every reporter shows for a cell's ``usage`` and the run's total.

A cost is shown only once the run priced its cells (``prices:``); a null ``cost_usd`` is shown as
unknown with the model missing from the table, never as zero.

The three states of a cost are told apart by the keys of the usage record, not by a value: no ``cost_usd`` key (the
run had no price table: say nothing, or "not computed" in the total), a number (the price), ``null`` (the model has no
price: "unknown", naming the model). Folding "unknown" into ``$0`` would make an expensive run on an unpriced model
look free. Token counts are the provider's own, as the agent's model calls reported them; nothing is estimated here.

The "tokens and cost" table keeps the heaviest calls with a bounded heap (:class:`TopUsage`), one row per model call:
a contract runs an agent once per scenario and prompt and checks it against every invariant, and that one call must
not fill the table once per invariant.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping

from windtunnel.report.dicts import CellDict, UsageDict, UsageTotalDict
from windtunnel.report.usage import CallOnce, call_key
from windtunnel.reports.cells import cell_label

Usage = UsageDict


def usage_of(cell: CellDict) -> Usage | None:
    """The token usage the cell's agent call recorded, or ``None``."""
    usage = cell.get("usage")
    return usage if isinstance(usage, Mapping) else None


def total_tokens(usage: UsageDict | UsageTotalDict) -> int:
    """The call's total tokens: ``total_tokens`` when reported, else input + output."""
    total = usage.get("total_tokens")
    if isinstance(total, int) and total:
        return total
    return int(usage.get("input_tokens") or 0) + int(usage.get("output_tokens") or 0)


def format_usd(value: float) -> str:
    """Dollars with six decimals under one dollar (agent calls cost fractions of a cent), else with cents."""
    return f"${value:.6f}" if value < 1 else f"${value:,.2f}"


def format_cost(usage: Usage | None) -> str:
    """``$0.000280``, ``unknown (model 'x' has no price)``, or ``""`` when the run set no ``prices:``."""
    if usage is None or "cost_usd" not in usage:
        return ""
    cost = usage.get("cost_usd")
    if isinstance(cost, (int, float)):
        return format_usd(float(cost))
    model = usage.get("model")
    return f"unknown (model {model!r} has no price)" if model else "unknown (no model named)"


def format_tokens(usage: Usage | None) -> str:
    """``240 (200 in, 40 out)`` or ``""``."""
    if usage is None:
        return ""
    tokens_in, tokens_out = int(usage.get("input_tokens") or 0), int(usage.get("output_tokens") or 0)
    return f"{total_tokens(usage)} ({tokens_in} in, {tokens_out} out)"


def total_line(total: UsageTotalDict | None) -> str | None:
    """The run's tokens and cost in one line (``None`` when no cell recorded usage).

    The cost part says which of three cases holds: no ``prices:`` table (not computed), every model priced (the cost),
    or some cells on unpriced models (unknown, naming the models and giving what the priced cells cost); an unknown cost
    is never shown as zero.
    """
    if not isinstance(total, Mapping):
        return None
    requests = int(total.get("requests") or 0)
    # a cell with usage made a model request: a zero count means none was recorded, never that none was made
    counted = f"{requests} model request(s)" if requests else "model requests not recorded"
    line = (
        f"{total_tokens(total)} tokens ({int(total.get('input_tokens') or 0)} in, "
        f"{int(total.get('output_tokens') or 0)} out), {counted} over {int(total.get('cells') or 0)} cell(s)"
    )
    if "cost_usd" not in total:
        return line + "; cost not computed (no prices: table)"
    cost = total.get("cost_usd")
    if isinstance(cost, (int, float)):
        return f"{line}; cost {format_usd(float(cost))}"
    models = ", ".join(str(m) for m in total.get("models_unpriced") or []) or "?"
    known = float(total.get("cost_usd_known") or 0)
    return (
        f"{line}; cost unknown: {int(total.get('cells_cost_unknown') or 0)} cell(s) used models without a "
        f"price ({models}), the priced cells cost {format_usd(known)}"
    )


class TopUsage:
    """The ``limit`` agent calls that used the most tokens, gathered one report row at a time (a streamed
    run's cells are never all in memory): each call once (a contract unit's call is reported once per
    invariant), the first seen wins a tie. :meth:`rows` gives the table and how many calls were left off."""

    def __init__(self, limit: int) -> None:
        """``limit``: how many calls the table keeps."""
        self.limit = limit
        self.calls = 0
        self._seq = 0
        self._heap: list[tuple[int, int, dict[str, str]]] = []  # (tokens, -seq, row): the smallest first
        self._calls = CallOnce()

    def add(self, cell: CellDict) -> None:
        """Offer one cell: a call with recorded usage, not seen before, enters the heap when it used more tokens than
        the smallest kept one.
        """
        usage = usage_of(cell)
        if usage is None or not self._calls.first(cell):
            return
        self.calls += 1
        self._seq += 1
        entry: tuple[int, int, dict[str, str]] = (total_tokens(usage), -self._seq, {})
        if len(self._heap) >= self.limit and (not self.limit or entry <= self._heap[0]):
            return
        entry[2].update(
            cell=call_key(cell),
            prompt=cell_label({**cell, "invariant": None}, 50),
            model=str(usage.get("model") or ""),
            tokens=format_tokens(usage),
            cost=format_cost(usage),
        )
        if len(self._heap) < self.limit:
            heapq.heappush(self._heap, entry)
        else:
            heapq.heapreplace(self._heap, entry)

    def rows(self) -> tuple[list[dict[str, str]], int]:
        """The kept calls, most tokens first, and how many calls that recorded usage were left off."""
        return [row for _, _, row in sorted(self._heap, reverse=True)], self.calls - len(self._heap)


def usage_rows(cells: Iterable[CellDict], limit: int) -> tuple[list[dict[str, str]], int]:
    """The cells that recorded usage, most tokens first: up to ``limit`` rows, and how many were left off."""
    top = TopUsage(limit)
    for cell in cells:
        top.add(cell)
    return top.rows()
