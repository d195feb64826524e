"""Finding the OpenAI / Anthropic SDK clients a framework agent's models call through.

LLM faults reach a framework agent below its SDK (:mod:`windtunnel.chaos.sdk_transport`): the fault
transport is installed on the SDK client the framework's model object holds, so the agent sees the SDK's
own exceptions and retries. Each adapter knows where its framework keeps models (``find_llm_clients``);
:func:`clients_in` follows the references a model can hide behind (bindings, runnables, a node's
function and what it closes over or names globally) to the SDK clients.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable
from typing import Any

Found = tuple[list[Any], list[str]]
"""``(SDK clients, why a model's client could not be found)``."""

_LINKS = ("bound", "runnable", "model", "llm", "wrapped", "first", "last", "func", "afunc", "__wrapped__")
_SEQUENCES = ("steps", "middle", "models")


def sdk_clients(obj: Any) -> list[Any]:
    from windtunnel.chaos.sdk_transport import sdk_clients_of

    try:
        return sdk_clients_of(obj)
    except Exception:  # an object whose attributes cannot be read holds nothing we can reach
        return []


def _references(obj: Any) -> Iterable[Any]:
    """What ``obj`` may reach a model through: named links, sequences, and a function's closure and the
    module globals its code names."""
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


def clients_in(roots: Iterable[Any], *, depth: int = 6, stop: Callable[[Any], bool] | None = None) -> list[Any]:
    """The SDK clients reachable from ``roots`` within ``depth`` references (each once); the walk does not go
    past a client, nor past an object ``stop`` picks."""
    found: dict[int, Any] = {}

    def descend(obj: Any) -> bool:
        clients = sdk_clients(obj)
        for c in clients:
            found.setdefault(id(c), c)
        return not clients and not (stop is not None and stop(obj))

    for _ in references_within(roots, depth=depth, descend=descend):
        pass
    return list(found.values())


def references_within(
    roots: Iterable[Any], *, depth: int, descend: Callable[[Any], bool] | None = None
) -> Iterable[Any]:
    """Every object reachable from ``roots`` within ``depth`` references (each once, roots first); with
    ``descend``, the references of an object are followed only where it says so."""
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
