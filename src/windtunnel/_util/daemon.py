"""Run a blocking call in a daemon thread that a timeout may abandon.

anyio's worker threads are joined when the interpreter exits, so a sync agent that never returns
would keep ``windtunnel`` alive after its report is written (and swallow Ctrl-C). A daemon thread
per call is abandoned for good: the process exits when the run is over. The caller's context
variables (the chaos fault plan of the cell) travel with the call.
"""

from __future__ import annotations

import contextlib
import contextvars
import threading
from collections.abc import Callable
from typing import Any, TypeVar

import anyio
import anyio.from_thread
import anyio.lowlevel

T = TypeVar("T")


async def run_in_daemon_thread(fn: Callable[..., T], *args: Any, limiter: anyio.CapacityLimiter | None = None) -> T:
    """``fn(*args)`` in a new daemon thread; cancelling the caller abandons the thread (it is never joined).

    ``limiter`` bounds how many such threads run at once. The thread runs in a copy of the caller's context, so
    the cell's fault plan (a context variable) is what the agent's tools see from inside it."""
    token = anyio.lowlevel.current_token()
    done = anyio.Event()
    box: dict[str, Any] = {}
    ctx = contextvars.copy_context()

    def target() -> None:
        """The thread's body: call ``fn`` in the caller's context, keep its value or exception, and wake the caller
        (quietly doing nothing when the caller's loop is already gone)."""
        try:
            box["value"] = ctx.run(fn, *args)
        except BaseException as err:  # handed to the caller, re-raised there
            box["error"] = err
        finally:
            with contextlib.suppress(Exception):  # the event loop is gone: nobody is waiting any more
                anyio.from_thread.run_sync(done.set, token=token)

    async def wait() -> T:
        """Start the thread and wait for it; the call's exception is re-raised here, in the caller."""
        threading.Thread(target=target, name=f"windtunnel-agent:{getattr(fn, '__name__', 'call')}", daemon=True).start()
        await done.wait()
        if "error" in box:
            raise box["error"]
        value: T = box["value"]
        return value

    if limiter is None:
        return await wait()
    async with limiter:
        return await wait()
