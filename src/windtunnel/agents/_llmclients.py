"""Finding the OpenAI / Anthropic SDK clients a framework agent's models call through.

LLM faults reach a framework agent below its SDK (:mod:`windtunnel.chaos.sdk_transport`): the fault
transport is installed on the SDK client the framework's model object holds, so the agent sees the SDK's
own exceptions and retries. Each adapter knows where its framework keeps models (``find_llm_clients``);
:func:`clients_in` follows the references a model can hide behind (bindings, runnables, a node's
function and what it closes over or names globally, see :mod:`windtunnel.agents._references`) to the SDK
clients.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from windtunnel.agents._references import references_within
from windtunnel.chaos.sdk_transport import sdk_clients_of

Found = tuple[list[Any], list[str]]
"""``(SDK clients, why a model's client could not be found)``."""


def sdk_clients(obj: Any) -> list[Any]:
    """The SDK clients ``obj`` is or holds directly; ``[]`` when it holds none or its attributes raise (a
    proxy object, a half-built model): the walk goes on past what cannot be read rather than failing."""
    try:
        return sdk_clients_of(obj)
    except Exception:  # an object whose attributes cannot be read holds nothing we can reach
        return []


def clients_in(roots: Iterable[Any], *, depth: int = 6, stop: Callable[[Any], bool] | None = None) -> list[Any]:
    """The SDK clients reachable from ``roots`` within ``depth`` references (each once); the walk does not go past a
    client, nor past an object ``stop`` picks.

    Each client is returned once however many models share it, so its transport is wrapped once."""
    found: dict[int, Any] = {}

    def descend(obj: Any) -> bool:
        """Collect the clients ``obj`` holds; go on through ``obj`` only when it held none and ``stop`` does not pick
        it (a client's own internals, or a ToolNode's tools, hold no other model)."""
        clients = sdk_clients(obj)
        for c in clients:
            found.setdefault(id(c), c)
        return not clients and not (stop is not None and stop(obj))

    for _ in references_within(roots, depth=depth, descend=descend):
        pass
    return list(found.values())
