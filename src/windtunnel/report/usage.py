"""Token usage and cost in a run report: per agent call, and summed over the run.

A contract unit's call is reported once per invariant (``<cell id>:<invariant>`` rows with the same
``usage``); it is counted once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def call_key(cell: Mapping[str, Any]) -> str:
    """The agent call a report cell belongs to (a contract row's id without its ``:<invariant>``)."""
    cid, inv = str(cell.get("id")), cell.get("invariant")
    if inv and cell.get("kind") == "contract" and cid.endswith(f":{inv}"):
        return cid[: -len(inv) - 1]
    return cid


def call_usages(cells: Iterable[Mapping[str, Any]]) -> dict[str, Mapping[str, Any]]:
    """``{call: usage}`` over the cells that recorded usage, each agent call once."""
    out: dict[str, Mapping[str, Any]] = {}
    for cell in cells:
        usage = cell.get("usage")
        if isinstance(usage, Mapping):
            out.setdefault(call_key(cell), usage)
    return out


def total_usage(cells: Iterable[Mapping[str, Any]]) -> dict[str, Any] | None:
    """Token usage summed over the cells that recorded it (``None`` when none did), and, once cells were
    priced (``prices:``), their cost: ``cost_usd`` is the total only when every cell's cost is known, else
    ``None`` with ``cost_usd_known`` (the priced cells' sum), ``cells_cost_unknown`` and ``models_unpriced``."""
    rows = list(call_usages(cells).values())
    if not rows:
        return None
    out: dict[str, Any] = {"cells": len(rows)}
    for key in ("input_tokens", "output_tokens", "total_tokens", "requests"):
        out[key] = sum(int(r.get(key) or 0) for r in rows)
    priced = [r for r in rows if "cost_usd" in r]
    if priced:
        known = [float(r["cost_usd"]) for r in priced if r["cost_usd"] is not None]
        unknown = [r for r in priced if r["cost_usd"] is None]
        out["cost_usd"] = None if unknown else round(sum(known), 9)
        if unknown:
            out["cost_usd_known"] = round(sum(known), 9)
            out["cells_cost_unknown"] = len(unknown)
            out["models_unpriced"] = sorted({str(r.get("model") or "(no model named)") for r in unknown})
    return out
