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
import functools
import inspect
import time
from collections.abc import Awaitable, Callable, Collection
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
    """Run one framework tool call under the current cell's plan; ``real()`` runs the real tool.

    The plan decides from the tool's name and arguments: a delay is slept first (in the loop, so other cells run
    on); a replacement answer (an injected error, a canned reply) is returned or raised without calling the real
    tool; otherwise the real tool runs and the decision may corrupt its reply. Every outcome, a raised exception
    included, is logged on the plan for the cell's record. Outside a cell (no plan) the call goes straight
    through."""
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
    """:func:`call_tool` for a framework that runs a tool synchronously (in its worker thread): the same decisions
    and logging, with a blocking sleep for delays, since the thread has no loop to yield to."""
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
        """Put the previous value back (the undo of this one wrap)."""
        object.__setattr__(owner, name, previous) if _frozen(owner) else setattr(owner, name, previous)

    return restore


def shadow_attr(owner: Any, name: str, value: Any) -> Restore:
    """Give the instance ``owner`` its own ``name`` (shadowing the class's method, the object and its class
    unchanged); the undo removes it again (or puts back the instance's own value).

    Used where a framework calls a method of the tool object (``forward``, ``_fn``): replacing it on the class
    would fault every instance, including tools of agents not under test."""
    own = getattr(owner, "__dict__", None)
    had_own = isinstance(own, dict) and name in own
    previous = own[name] if had_own and own is not None else None
    object.__setattr__(owner, name, value)

    def restore() -> None:
        """Remove the instance's shadow, or put back the value the instance had of its own."""
        if had_own:
            object.__setattr__(owner, name, previous)
        else:
            object.__delattr__(owner, name)

    return restore


def bound_args(fn: Any, args: tuple[Any, ...], kwargs: dict[str, Any], *, skip: Collection[str] = ()) -> dict[str, Any]:
    """A call's arguments by parameter name (``skip``: framework-injected ones such as a context).

    The call log, recordings and the call's signature (the id replay matches calls by) read arguments by name, so
    positional arguments are bound to their names; a pass-through wrapper's ``**kwargs`` are spread into the
    call's own names, and a function whose signature cannot be read keeps its positional arguments under ``args``."""
    try:
        sig = inspect.signature(fn)
        arguments = sig.bind_partial(*args, **kwargs).arguments
    except (TypeError, ValueError):
        arguments = {**({"args": list(args)} if args else {}), **kwargs}
        sig = None
    bound: dict[str, Any] = {}
    for key, value in arguments.items():
        kind = sig.parameters[key].kind if sig is not None and key in sig.parameters else None
        if kind is inspect.Parameter.VAR_KEYWORD:  # a pass-through wrapper's **kwargs: the call's own names
            bound.update(value)
        elif kind is not inspect.Parameter.VAR_POSITIONAL or value:
            bound[key] = list(value) if kind is inspect.Parameter.VAR_POSITIONAL else value
    return {k: v for k, v in bound.items() if k not in skip}


def faulted_callable(name: str, fn: Any, *, skip: Collection[str] = ()) -> Any:
    """``fn`` (sync or async) routed through :func:`call_tool` / :func:`call_tool_sync` under ``name``: what a
    framework adapter puts where its framework keeps a tool's function.

    The wrapper keeps ``fn``'s name, docstring and signature (``functools.wraps``) and its sync or async kind, so
    a framework that inspects the function to build the tool's schema or decide how to call it sees no difference."""
    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def faulted_async(*args: Any, **kwargs: Any) -> Any:
            return await call_tool(name, bound_args(fn, args, kwargs, skip=skip), lambda: fn(*args, **kwargs))

        return faulted_async

    @functools.wraps(fn)
    def faulted(*args: Any, **kwargs: Any) -> Any:
        return call_tool_sync(name, bound_args(fn, args, kwargs, skip=skip), lambda: fn(*args, **kwargs))

    return faulted


def _frozen(owner: Any) -> bool:
    """Whether ``owner`` is a frozen dataclass, which plain ``setattr`` refuses: wrapping a tool held in one must still
    work, so :func:`set_attr` writes through ``object.__setattr__`` there."""
    params = getattr(type(owner), "__dataclass_params__", None)
    return bool(params is not None and getattr(params, "frozen", False))
