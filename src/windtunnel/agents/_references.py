"""Walking the object graph behind an agent: what a function, a bound method or a framework object can reach.

Two questions need the same walk: which SDK clients a framework's model calls through
(:mod:`windtunnel.agents._llmclients`, for LLM faults below the SDK) and whether a sync python agent shares an
agent object that cannot serve two runs at once (:func:`windtunnel.agents.detect.thread_unsafe_in`). The
walk imports nothing, so ``validate`` can ask the second question without the fault machinery.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable
from typing import Any

_LINKS = ("bound", "runnable", "model", "llm", "wrapped", "first", "last", "func", "afunc", "__wrapped__")
_SEQUENCES = ("steps", "middle", "models")


def _references(obj: Any) -> Iterable[Any]:
    """What ``obj`` may reach a model through: named links, sequences, and a function's closure and the module
    globals its code names.

    The links are the attribute names LangChain and the frameworks use to hold a wrapped model or runnable
    (``bound``, ``runnable``, ``model``, ``llm`` ...); an attribute that raises when read is skipped, since a
    proxy object must not stop the walk."""
    if isinstance(obj, types.FunctionType):
        for cell in obj.__closure__ or ():
            try:
                yield cell.cell_contents
            except ValueError:  # an empty cell
                continue
        names = obj.__code__.co_names
        yield from (obj.__globals__[n] for n in names if n in obj.__globals__)
        return
    if isinstance(obj, types.MethodType):
        yield obj.__func__
        yield obj.__self__
        return
    if isinstance(obj, (list, tuple)):
        yield from obj
        return
    for name in _LINKS:
        try:
            value = getattr(obj, name, None)
        except Exception:
            continue
        if value is not None:
            yield value
    for name in _SEQUENCES:
        value = getattr(obj, name, None)
        if isinstance(value, (list, tuple)):
            yield from value


def references_within(
    roots: Iterable[Any], *, depth: int, descend: Callable[[Any], bool] | None = None
) -> Iterable[Any]:
    """Every object reachable from ``roots`` within ``depth`` references (each once, roots first); with ``descend``,
    the references of an object are followed only where it says so.

    Breadth-first, so a shallow client is found before the walk wanders into a large object graph; strings,
    numbers, modules and classes are never yielded or entered (they hold no agent state, and a module's globals
    would make the walk cover the whole program)."""
    seen: set[int] = set()
    level = list(roots)
    for _ in range(depth):
        nxt: list[Any] = []
        for obj in level:
            if id(obj) in seen or isinstance(obj, (str, bytes, int, float, bool, types.ModuleType, type)):
                continue
            seen.add(id(obj))
            yield obj
            if descend is None or descend(obj):
                nxt.extend(_references(obj))
        level = nxt
