"""windtunnel's proxies on their own event-loop threads, as separate processes would run them (sync
clients in a test would otherwise block the loop the proxy serves on)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from windtunnel.chaos.plan import FaultPlan
from windtunnel.chaos.proxy import LlmProxy, ToolProxy


@contextmanager
def in_thread(proxy: Any) -> Iterator[Any]:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(proxy.start(), loop).result(10)
    try:
        yield proxy
    finally:
        asyncio.run_coroutine_threadsafe(proxy.aclose(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        loop.close()


@contextmanager
def llm_proxy(plan: FaultPlan, upstream: str, **kw: Any) -> Iterator[LlmProxy]:
    with in_thread(LlmProxy(lambda: plan, upstream=upstream, **kw)) as proxy:
        yield proxy


@contextmanager
def tool_proxy(plan: FaultPlan) -> Iterator[ToolProxy]:
    with in_thread(ToolProxy(lambda: plan)) as proxy:
        yield proxy
