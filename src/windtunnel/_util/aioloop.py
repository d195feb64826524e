"""One event loop for the synchronous entry points of the main thread, kept from one run to the next.

An agent built on an async SDK usually creates its client once, at import (``client = AsyncOpenAI()``,
a LangChain model, an ``httpx.AsyncClient``); the client's connection pool belongs to the event loop of
its first request. ``asyncio.run`` / ``anyio.run`` close that loop when the run ends, so a second run in
the same process (the next ``ci`` phase, a second ``windtunnel.run()`` in a notebook, the second test of
a pytest session) fails on every call with ``RuntimeError: Event loop is closed``. Runs in the main thread
therefore share one loop: each run still starts with a fresh task and ends with every task it left
cancelled and its async generators finalised (what ``asyncio.run`` does), but the loop, its default
executor and the connections open on it stay for the next run; the loop is closed at exit. Other threads
keep a loop per run.
"""

from __future__ import annotations

import asyncio
import atexit
import importlib.util
import sys
import threading
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import anyio

T = TypeVar("T")

_BASE: Any = asyncio.ProactorEventLoop if sys.platform == "win32" else asyncio.SelectorEventLoop  # type: ignore[attr-defined,unused-ignore]


class _KeptLoop(_BASE):  # type: ignore[misc,valid-type,unused-ignore]
    """An event loop that the end of a run does not close (see the module doc).

    It subclasses the platform's default loop class, so it behaves as the loop ``asyncio.run`` would make, except
    that ``close`` and the default executor's shutdown wait for :meth:`really_close` at exit."""

    _kept = True

    def close(self) -> None:
        """Ignore the close at the end of a run (the runner's); close for real only after :meth:`really_close`."""
        if not self._kept:
            super().close()

    async def shutdown_default_executor(self, *args: Any, **kwargs: Any) -> None:
        """Kept for the next run (the runner shuts it down after each one); shut down at exit."""

    async def shutdown_asyncgens(self) -> None:
        """Finalise the run's async generators, as the end of every run must, then let the next run start new ones on
        this loop."""
        await super().shutdown_asyncgens()
        # The next run may start async generators on this loop again.
        self._asyncgens_shutdown_called = False

    def really_close(self) -> None:
        """Close the loop for good (at exit): its default executor is shut down without waiting (a hung agent thread
        must not keep the process alive), and a loop still running is left to close when it stops."""
        if self.is_closed():
            return
        self._kept = False
        if not self.is_running():
            executor = getattr(self, "_default_executor", None)
            if executor is not None:
                executor.shutdown(wait=False)
            self.close()


_LOOP: list[_KeptLoop] = []


def _kept_loop() -> _KeptLoop:
    """The main thread's kept loop, made on first use (or again after it was closed), its close registered at exit
    once."""
    if not _LOOP or _LOOP[0].is_closed():
        _LOOP[:] = [_KeptLoop()]
        if len(_LOOP) == 1 and not getattr(_kept_loop, "registered", False):
            atexit.register(_close_at_exit)
            _kept_loop.registered = True  # type: ignore[attr-defined]
    return _LOOP[0]


def _close_at_exit() -> None:
    """Close the kept loop when the interpreter exits."""
    for loop in _LOOP:
        loop.really_close()


def run_async(fn: Callable[[], Awaitable[T]]) -> T:
    """``anyio.run(fn)``, on the main thread's kept loop (other threads: a loop of their own, as before)."""
    if threading.current_thread() is not threading.main_thread():
        return anyio.run(fn)
    loop = _kept_loop()
    if loop.is_running():  # called from inside a run (a nested synchronous call): the old way
        return anyio.run(fn)
    return anyio.run(fn, backend_options={"loop_factory": lambda: loop})


def server_loop_options() -> dict[str, Any]:
    """``anyio.run`` backend options for a process that only serves (``proxy llm``, ``proxy tools``):
    uvloop when it is installed (``pip install windtunnel[fast]``), which roughly halves the event loop's
    own cost per request; the standard loop otherwise."""
    if importlib.util.find_spec("uvloop") is None:  # the `fast` extra; anyio imports it when asked to use it
        return {}
    return {"use_uvloop": True}
