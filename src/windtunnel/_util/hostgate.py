"""How many connections and requests one upstream host gets: opened gradually, reused, AIMD on overload.

**Connections.** A server's listen backlog (5 for Python's ``http.server``) holds the connections it has
not accepted yet; a SYN arriving when it is full is dropped and the kernel retries it a second later
(an established connection whose last ACK was dropped may wait far longer). A client opening 100
connections at once against such a server stalls for seconds. So:

* an idle connection is always reused first; a new one is opened only when none is idle;
* at most :attr:`HostGate.cap` connections are *connecting* (TCP and, for HTTPS, TLS not yet established) at
  a time. ``cap`` starts at 4 (within any backlog ≥ 3: bounded before anything is known about the host) and
  grows by one per connection established without a SYN retry, which doubles it per connect round trip, as
  TCP slow start does; past a stall it grows by one per round. A connect is the proof that the server's
  kernel took the connection, so a slow *answer* does not hold new connections back: 50 callers against an
  upstream that takes 3 s to answer are all connected in a few round trips and answered after about 3 s
  (while the cap grew only on an answer, 4 at a time, they took 12 s);
* new connections start at least :attr:`HostGate.gap_s` apart (1 ms: a burst of SYNs meets a full
  backlog before the server's accept loop runs);
* a connect that took over :data:`STALL_S` (a SYN retry) halves ``cap`` and widens the gap fourfold
  (it narrows again by 10 % per connection established at once); a new connection that dies before its
  first answer (a server that resets what it cannot serve) halves ``cap`` too, never below the start. A
  host that refuses or hangs at connect so never has more than ``cap`` connects pending.

**Requests.** An answer ``429`` or ``503`` halves the number of requests the host may have in flight
(:attr:`HostGate.limit`, unbounded until the first overload); every other answer raises it by
``1/limit`` (one per round trip): additive increase, multiplicative decrease, as promptfoo's scheduler
does. The caller's retries (with backoff and ``Retry-After``) then find the host less loaded.
"""

from __future__ import annotations

import asyncio
import math
from collections import deque
from typing import Any

START_CAP = 4
OPEN_GAP_S = 0.001
"""New connections to a host start at least this far apart (a burst of SYNs overflows a short backlog)."""
MAX_GAP_S = 0.1
STALL_S = 0.8
"""A connect that took this long was a kernel SYN retry (its first retry comes after 1 s)."""
OVERLOAD = frozenset({429, 503})


class HostGate:
    """One host's idle connections, connection-opening slots and request limit (see the module docstring).

    One gate per (host, port, scheme) in a pool; the pool calls :meth:`enter` / :meth:`leave` around every request
    and the connection hooks (:meth:`opening`, :meth:`connected`, :meth:`failed`, :meth:`lost`,
    :meth:`released`) around every connection, and the gate decides when a caller must wait."""

    def __init__(self, *, start: int = START_CAP) -> None:
        """A gate for a host never talked to: ``start`` connections may be opening at once, requests unlimited until
        the first overload, no idle connection yet."""
        self.idle: list[Any] = []
        self.cap = float(start)
        self.ssthresh = math.inf
        self.connecting = 0
        """Connections opening now (TCP/TLS not yet established): at most :attr:`cap`."""
        self.limit = math.inf
        self.inflight = 0
        self.next_open_at = 0.0
        self.gap_s = OPEN_GAP_S
        self.stalls = 0
        self._requests: deque[asyncio.Future[None]] = deque()
        self._connections: deque[asyncio.Future[None]] = deque()

    # -- requests (AIMD) ---------------------------------------------------------------------

    async def enter(self) -> None:
        """Wait until the host may take one more request in flight."""
        while self.inflight >= self.limit:
            await _wait(self._requests)
        self.inflight += 1

    def leave(self, status: int | None) -> None:
        """A request ended with ``status`` (``None``: no answer)."""
        self.inflight -= 1
        if status in OVERLOAD:
            base = self.limit if math.isfinite(self.limit) else self.inflight + 1
            self.limit = max(1.0, base / 2)
        elif status is not None and math.isfinite(self.limit):
            self.limit += 1 / self.limit
        if self._requests and self.inflight < self.limit:
            _wake(self._requests)

    # -- connections (gradual opening) ---------------------------------------------------------

    def may_open(self) -> bool:
        """Whether one more connection may start opening (fewer than :attr:`cap` are connecting)."""
        return self.connecting < self.cap

    def open_delay(self, now: float) -> float:
        """Seconds until the next connection may start opening (0: now, and the slot is taken)."""
        if now < self.next_open_at:
            return self.next_open_at - now
        self.next_open_at = now + self.gap_s
        return 0.0

    async def wait_for_connection(self) -> None:
        """Wait until a connection is released or a slot to open one frees up."""
        await _wait(self._connections)

    def opening(self) -> None:
        """A new connection starts opening: it counts against :attr:`cap` until it is established or fails."""
        self.connecting += 1

    def connected(self, connect_s: float) -> None:
        """A new connection was established (TCP, and TLS for HTTPS) after ``connect_s`` seconds.

        A SYN retry (a slow connect) halves the opening cap and widens the gap; otherwise the cap grows (doubling
        per round trip below the threshold, by one per round above it) and the gap narrows."""
        self.connecting -= 1
        if connect_s > STALL_S:  # the kernel retried the SYN: the backlog was full
            self.stalls += 1
            self.ssthresh = max(2.0, self.cap / 2)
            self.cap = self.ssthresh
            self.gap_s = min(self.gap_s * 4, MAX_GAP_S)
        else:
            self.cap += 1 if self.cap < self.ssthresh else 1 / self.cap
            self.gap_s = max(OPEN_GAP_S, self.gap_s * 0.9)
        _wake(self._connections, n=max(1, math.ceil(self.cap) - self.connecting))

    def failed(self) -> None:
        """A new connection could not be opened (refused, unreachable, timed out)."""
        self.connecting -= 1
        _wake(self._connections)

    def lost(self) -> None:
        """A new connection died before its first answer: the server may be shedding what it cannot accept, so
        fewer open at once (the cap is halved, never below :data:`START_CAP`)."""
        self.ssthresh = max(float(START_CAP), self.cap / 2)
        self.cap = min(self.cap, self.ssthresh)

    def released(self) -> None:
        """A connection went back to :attr:`idle`."""
        if self._connections:
            _wake(self._connections)


async def _wait(queue: deque[asyncio.Future[None]]) -> None:
    """Wait in ``queue`` until woken. A waiter cancelled just after it was woken passes the wake-up on, so a slot is
    never lost to a cancellation."""
    fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    queue.append(fut)
    try:
        await fut
    except BaseException:
        if fut.done() and not fut.cancelled():
            _wake(queue)  # woken and cancelled at once: pass the wake-up on
        else:
            fut.cancel()
        raise


def _wake(queue: deque[asyncio.Future[None]], n: int = 1) -> None:
    """Wake up to ``n`` waiters of ``queue`` (cancelled ones are skipped)."""
    while n > 0 and queue:
        fut = queue.popleft()
        if not fut.done():
            fut.set_result(None)
            n -= 1
