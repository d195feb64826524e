"""A deadline on the running task, as cheap as the event loop allows (one per agent call on the hot path).

Two meanings are kept apart: :func:`deadline` raises ``TimeoutError`` when the time is up, :func:`move_on` ends
the body quietly so the caller can tell its own deadline from a ``TimeoutError`` the agent raised itself (which is
the agent's failure, not a timeout). On asyncio with Python 3.11+ both sit on ``asyncio.timeout``, and
:func:`call_within` arms no timer at all for a call that answers without waiting."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator, Coroutine, Generator
from types import TracebackType
from typing import Any, TypeVar, cast

import anyio

T = TypeVar("T")
D = TypeVar("D")


@contextlib.asynccontextmanager
async def _anyio_deadline(seconds: float) -> AsyncIterator[None]:
    """:func:`deadline` on an event loop other than asyncio (or Python 3.10): ``anyio.fail_after``."""
    with anyio.fail_after(seconds):
        yield


@contextlib.asynccontextmanager
async def _anyio_move_on(seconds: float) -> AsyncIterator[None]:
    """:func:`move_on` on an event loop other than asyncio (or Python 3.10): ``anyio.move_on_after``."""
    with anyio.move_on_after(seconds):
        yield


def deadline(seconds: float) -> contextlib.AbstractAsyncContextManager[None]:
    """``async with deadline(s):`` raises ``TimeoutError`` when the body takes longer than ``s`` seconds.

    On asyncio (what windtunnel runs on) with Python 3.11+ this is ``asyncio.timeout``: about half the cost
    of ``anyio.fail_after``, whose cancel scope is measured at ~9 µs per call; elsewhere it is
    ``anyio.fail_after``.
    """
    if sys.version_info >= (3, 11):
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # another event loop (trio)
            return _anyio_deadline(seconds)
        return asyncio.timeout(seconds)
    return _anyio_deadline(seconds)  # pragma: no cover - Python 3.10


class _MoveOn:
    """``asyncio.timeout`` whose own expiry ends the body quietly; a ``TimeoutError`` the body raises itself still
    propagates (``asyncio.Timeout.__aexit__`` raises only for its own expiry).

    Slotted and free of a generator (unlike an ``asynccontextmanager``), since one is entered per agent call."""

    __slots__ = ("_timeout",)

    def __init__(self, timeout: contextlib.AbstractAsyncContextManager[None]) -> None:
        """Wrap an ``asyncio.timeout`` (or ``timeout_at``) context manager."""
        self._timeout = timeout

    async def __aenter__(self) -> None:
        """Arm the deadline."""
        await self._timeout.__aenter__()

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> bool:
        """Disarm the deadline; its own expiry is swallowed (the body simply did not finish), anything the body
        raised propagates unchanged."""
        try:
            return bool(await self._timeout.__aexit__(exc_type, exc, tb))
        except TimeoutError:  # the deadline passed: the body was cancelled, nothing more to say
            return True


def move_on(seconds: float) -> contextlib.AbstractAsyncContextManager[None]:
    """``async with move_on(s):`` stops the body after ``s`` seconds without raising (``anyio.move_on_after``'s
    meaning): the caller sees that the body did not finish, and a ``TimeoutError`` the body raises itself is
    never mistaken for the deadline. ``asyncio.timeout`` underneath where :func:`deadline` uses it."""
    if sys.version_info >= (3, 11):
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # another event loop (trio)
            return _anyio_move_on(seconds)
        return _MoveOn(asyncio.timeout(seconds))
    return _anyio_move_on(seconds)  # pragma: no cover - Python 3.10


class _Resume:
    """Awaits a coroutine that has already taken its first step (and is waiting on ``pending``): what ``await coro``
    does from its second step on, for :func:`call_within`.

    Taking the first step by hand is what lets :func:`call_within` skip the timer for a call that never waits."""

    __slots__ = ("_coro", "_pending")

    def __init__(self, coro: Coroutine[Any, Any, Any], pending: Any) -> None:
        """``coro`` has already run up to its first wait, on ``pending`` (what it yielded)."""
        self._coro = coro
        self._pending = pending

    def __await__(self) -> Generator[Any, Any, Any]:
        """Drive ``coro`` on from ``pending`` as ``await coro`` would: values sent by the loop go in, exceptions (a
        cancellation, the deadline's included) are thrown in, and its return value is the result. Closing the
        awaiter closes the coroutine, so no half-run coroutine is left behind."""
        coro, pending = self._coro, self._pending
        while True:
            try:
                sent = yield pending
            except GeneratorExit:
                coro.close()
                raise
            except BaseException as exc:  # a cancellation (the deadline's too) goes into the coroutine
                try:
                    pending = coro.throw(exc)
                except StopIteration as stop:
                    return stop.value
            else:
                try:
                    pending = coro.send(sent)
                except StopIteration as stop:
                    return stop.value


async def call_within(seconds: float, coro: Coroutine[Any, Any, T], default: D) -> T | D:
    """``await coro`` stopped after ``seconds`` like :func:`move_on`: its value, or ``default`` when the deadline
    passed first (a ``TimeoutError`` the coroutine raises itself propagates).

    The deadline counts from this call, but its timer is armed only once the coroutine waits: a call that
    answers without waiting (a cache hit, a canned reply) arms and cancels no timer, which is most of what
    a deadline costs (a timer can only fire while the coroutine waits, so nothing else changes).
    """
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # another event loop (trio)
        loop = None
    if loop is None or sys.version_info < (3, 11) or not hasattr(coro, "send"):  # or an awaitable, not a coroutine
        async with move_on(seconds):
            return await coro
        return default
    deadline = loop.time() + seconds
    try:
        pending = coro.send(None)
    except StopIteration as stop:
        return cast(T, stop.value)
    async with _MoveOn(asyncio.timeout_at(deadline)):
        return cast(T, await _Resume(coro, pending))
    return default
