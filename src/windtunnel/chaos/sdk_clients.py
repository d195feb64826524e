"""Finding the OpenAI / Anthropic SDK clients behind an ``agent.llm`` object, without importing httpx or anyio.

The in-process LLM seam (:mod:`windtunnel.chaos.sdk_transport`) faults an SDK client at its httpx transport, and the
checks ``validate`` runs before any agent is called (:mod:`windtunnel.chaos.seam_checks`) must answer the same
question the seam will: is there a client here whose transport windtunnel can reach? Both ask this module, so the
check and the run cannot disagree. It is kept apart from the transport because that one imports anyio and builds
httpx subclasses, which a config check must not pay for.

Recognition is structural and import-free: a client is an object whose class comes from the ``openai`` or
``anthropic`` package and whose ``_client`` is an ``httpx`` (or ``httpx2``) ``Client`` / ``AsyncClient``, found
through ``sys.modules`` — if the agent's code never imported httpx, no object can be one of its clients, so nothing
is imported here to find out. The attribute names searched for a wrapped client (``root_client``, ``client`` ...)
are the ones LangChain chat models and SDK resources use; an object that hides its client elsewhere is not found,
and the seam then says so rather than guessing.
"""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType
from typing import Any

SDK_PACKAGES = ("openai", "anthropic")
"""Top-level packages whose client objects are faulted at their transport."""
SDK_BASES = {"openai": "openai._base_client", "anthropic": "anthropic._base_client"}
"""Where each SDK defines the base classes of its sync and async clients (``SyncAPIClient``, ``AsyncAPIClient``)."""


def installed_sdks() -> list[str]:
    """The SDK packages of :data:`SDK_BASES` installed in this environment (looked up, not imported)."""
    return [name for name in SDK_BASES if importlib.util.find_spec(name) is not None]


def is_sdk_client(obj: Any) -> bool:
    """An OpenAI / Anthropic SDK client (sync or async) holding an httpx client."""
    top = type(obj).__module__.split(".", 1)[0]
    return top in SDK_PACKAGES and http_client(obj) is not None


def httpx_module(http: Any) -> ModuleType | None:
    """The httpx flavour (``httpx``, ``httpx2``) whose Client / AsyncClient ``http`` is."""
    for cls in type(http).__mro__:
        mod = sys.modules.get(cls.__module__.split(".", 1)[0])
        if mod is not None and hasattr(mod, "BaseTransport") and cls in (mod.Client, mod.AsyncClient):
            return mod
    return None


def http_client(obj: Any) -> Any:
    """The httpx client an SDK client sends through (its ``_client``), or ``None`` when it holds none windtunnel can
    wrap.
    """
    http = getattr(obj, "_client", None)
    return http if http is not None and httpx_module(http) is not None else None


def sdk_clients_of(obj: Any) -> list[Any]:
    """The SDK clients behind ``obj``: itself, or those a LangChain chat model (or an SDK resource such
    as ``client.chat.completions``) holds."""
    if is_sdk_client(obj):
        return [obj]
    found: dict[int, Any] = {}
    for name in ("root_client", "root_async_client", "client", "async_client", "_client", "_async_client"):
        try:
            value = getattr(obj, name, None)
        except Exception:  # a lazily built client that cannot be built here
            continue
        for candidate in (value, getattr(value, "_client", None)):
            if candidate is not None and is_sdk_client(candidate):
                found.setdefault(id(candidate), candidate)
    return list(found.values())


def looks_like_sdk(obj: Any) -> bool:
    """Built by an SDK package but without an httpx client windtunnel can reach."""
    return type(obj).__module__.split(".", 1)[0] in SDK_PACKAGES
