"""Token usage and cost in a run report: per agent call, and summed over the run.

A contract unit's call is reported once per invariant (``<cell id>:<invariant>`` rows with the same
``usage``); it is counted once.

Counters only: :class:`UsageTally` is fed one row at a time as a run streams its cells (and again when a report
is rebuilt from the store), so memory does not grow with the run. Units: tokens and requests as the agent's SDK
reported them, cost in US dollars as priced by the config's ``prices:``. An unknown price is never a zero: the
run's cost is then ``None``, with the known part and the unpriced models beside it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal

from windtunnel.report.dicts import CellDict, UsageDict, UsageTotalDict

_Counted = Literal["input_tokens", "output_tokens", "total_tokens", "requests"]


def call_key(cell: CellDict) -> str:
    """The agent call a report cell belongs to (a contract row's id without its ``:<invariant>``).

    A contract run writes one row per invariant judged on one agent call, so the rows of one call share its
    token usage; keyed by call, the usage is counted once instead of once per invariant. Every other cell is
    its own call.
    """
    cid, inv = str(cell.get("id")), cell.get("invariant")
    if inv and cell.get("kind") == "contract" and cid.endswith(f":{inv}"):
        return cid[: -len(inv) - 1]
    return cid


def call_usages(cells: Iterable[CellDict]) -> dict[str, UsageDict]:
    """``{call: usage}`` over the cells that recorded usage, each agent call once (keyed by :func:`call_key`).

    The first row of a call wins; rows without a ``usage`` mapping are skipped, so an empty result means no cell
    recorded usage, not that the calls were free."""
    out: dict[str, UsageDict] = {}
    for cell in cells:
        usage = cell.get("usage")
        if isinstance(usage, Mapping):
            out.setdefault(call_key(cell), usage)
    return out


class CallOnce:
    """Tells the first report row of each agent call: a contract unit's call is reported once per
    invariant (rows ``<unit>:<invariant>``), every other row is a call of its own."""

    def __init__(self) -> None:
        """Start with no contract call seen."""
        self._contract_calls: set[str] = set()

    def first(self, cell: CellDict) -> bool:
        """Whether ``cell`` is the first row of its agent call: always for a row that is a call of its own, and for a
        contract row only the first time its unit is seen (the later ``<unit>:<invariant>`` rows repeat its usage).
        """
        key = call_key(cell)
        if key == str(cell.get("id")):
            return True
        if key in self._contract_calls:
            return False
        self._contract_calls.add(key)
        return True


class UsageTally:
    """The run's token usage and cost summed one report row at a time (counters only; a contract unit's
    call, reported once per invariant, is counted once)."""

    KEYS: tuple[_Counted, ...] = ("input_tokens", "output_tokens", "total_tokens", "requests")

    def __init__(self) -> None:
        """Empty counters: ``cells`` counts the calls that reported usage, ``sums`` their tokens and requests;
        ``priced`` the calls with a ``cost_usd`` key, of which ``cost_unknown`` had no price (their models in
        ``unpriced``) and the others add up to ``known_cost`` (USD).
        """
        self.cells = 0
        self.sums = dict.fromkeys(self.KEYS, 0)
        self.priced = 0
        self.known_cost = 0.0
        self.cost_unknown = 0
        self.unpriced: set[str] = set()
        self._calls = CallOnce()

    def add(self, cell: CellDict) -> None:
        """Count the usage of report row ``cell``, once per agent call; a row without a ``usage`` mapping adds nothing.

        A usage without ``total_tokens`` adds input + output, so agents that report only those still have a total.
        A ``cost_usd`` of None (a model missing from the price table) is counted as unknown, never as zero: a total
        that silently left out unpriced calls would understate what the run cost.
        """
        usage = cell.get("usage")
        if not isinstance(usage, Mapping) or not self._calls.first(cell):
            return
        self.cells += 1
        for k in self.KEYS:
            self.sums[k] += int(usage.get(k) or 0)
        if not usage.get("total_tokens"):  # an agent that reports input and output only: the total is their sum
            self.sums["total_tokens"] += int(usage.get("input_tokens") or 0) + int(usage.get("output_tokens") or 0)
        if "cost_usd" in usage:
            self.priced += 1
            if usage["cost_usd"] is None:
                self.cost_unknown += 1
                self.unpriced.add(str(usage.get("model") or "(no model named)"))
            else:
                self.known_cost += float(usage["cost_usd"])

    def total(self) -> UsageTotalDict | None:
        """Token usage summed over the cells that recorded it (``None`` when none did), and, once cells
        were priced (``prices:``), their cost: ``cost_usd`` is the total only when every cell's cost is
        known, else ``None`` with ``cost_usd_known`` (the priced cells' sum), ``cells_cost_unknown`` and
        ``models_unpriced``."""
        if not self.cells:
            return None
        out: UsageTotalDict = {
            "cells": self.cells,
            "input_tokens": self.sums["input_tokens"],
            "output_tokens": self.sums["output_tokens"],
            "total_tokens": self.sums["total_tokens"],
            "requests": self.sums["requests"],
        }
        if self.priced:
            out["cost_usd"] = None if self.cost_unknown else round(self.known_cost, 9)
            if self.cost_unknown:
                out["cost_usd_known"] = round(self.known_cost, 9)
                out["cells_cost_unknown"] = self.cost_unknown
                out["models_unpriced"] = sorted(self.unpriced)
        return out


def total_usage(cells: Iterable[CellDict]) -> UsageTotalDict | None:
    """:meth:`UsageTally.total` over ``cells``."""
    tally = UsageTally()
    for cell in cells:
        tally.add(cell)
    return tally.total()
