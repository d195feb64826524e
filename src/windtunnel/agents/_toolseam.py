"""The tool seam framework adapters share: a faulted call at the point where a framework runs a tool.

A framework adapter finds the tools of the agent object by the names the framework (and the model)
uses, and routes each invocation through :func:`call_tool`, which consults the current cell's fault
plan: a failing fault raises :class:`~windtunnel.chaos.injected.ToolFaultError` (or ``ToolTimeout``)
*inside* the framework's invocation, so the framework's own error path runs (the error message it gives
the model, its error handler, or the crash a real failure would cause); the real tool function is not
called for a replaced call; corruptions act on the real reply. Outside a cell the call goes straight
through.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from windtunnel._util.jsonsafe import loads as json_loads
from windtunnel.chaos.base import ToolCall, ToolReply
from windtunnel.chaos.plan import current_plan
from windtunnel.chaos.wrappers import log_raised, signature_of, tool_result

Restore = Callable[[], None]


def args_of(raw: Any) -> dict[str, Any]:
    """A tool call's arguments as a dict (JSON text is decoded; anything else is kept under ``input``)."""
    if isinstance(raw, dict):
        return dict(raw)
    if isinstance(raw, (str, bytes)):
        try:
            value = json_loads(raw or "{}")
        except ValueError:
            return {"input": raw}
        return value if isinstance(value, dict) else {"input": value}
    return {"input": raw}


async def call_tool(name: str, args: dict[str, Any], real: Callable[[], Awaitable[Any]]) -> Any:
    """Run one framework tool call under the current cell's plan; ``real()`` runs the real tool."""
    plan = current_plan()
    if plan is None:
        return await real()
    dec = plan.decide_tool(ToolCall(name=name, args=args, signature=signature_of(name, args)), target="tool")
    started = time.perf_counter()
    if dec.delay_ms:
        await asyncio.sleep(dec.delay_ms / 1000)
    if dec.replacement is not None:
        return tool_result(plan, dec, dec.replacement, args, started)
    try:
        value = await real()
    except Exception as err:
        log_raised(plan, dec, args, started, err)
        raise
    return tool_result(plan, dec, dec.finish(ToolReply(body=value)), args, started)


def call_tool_sync(name: str, args: dict[str, Any], real: Callable[[], Any]) -> Any:
    """:func:`call_tool` for a framework that runs a tool synchronously (in its worker thread)."""
    plan = current_plan()
    if plan is None:
        return real()
    dec = plan.decide_tool(ToolCall(name=name, args=args, signature=signature_of(name, args)), target="tool")
    started = time.perf_counter()
    if dec.delay_ms:
        time.sleep(dec.delay_ms / 1000)
    if dec.replacement is not None:
        return tool_result(plan, dec, dec.replacement, args, started)
    try:
        value = real()
    except Exception as err:
        log_raised(plan, dec, args, started, err)
        raise
    return tool_result(plan, dec, dec.finish(ToolReply(body=value)), args, started)


def set_attr(owner: Any, name: str, value: Any) -> Restore:
    """Set ``owner.name`` (plain setattr, works on dataclasses and pydantic models); returns the undo."""
    previous = getattr(owner, name)
    object.__setattr__(owner, name, value) if _frozen(owner) else setattr(owner, name, value)

    def restore() -> None:
        object.__setattr__(owner, name, previous) if _frozen(owner) else setattr(owner, name, previous)

    return restore


def _frozen(owner: Any) -> bool:
    params = getattr(type(owner), "__dataclass_params__", None)
    return bool(params is not None and getattr(params, "frozen", False))
