"""How many connections and requests one upstream host gets: opened gradually, reused, AIMD on overload.

**Connections.** A server's listen backlog (5 for Python's ``http.server``) holds the connections it has
not accepted yet; a SYN arriving when it is full is dropped and the kernel retries it a second later
(an established connection whose last ACK was dropped may wait far longer). A client opening 100
connections at once against such a server stalls for seconds. So:

* an idle connection is always reused first; a new one is opened only when none is idle;
* a connection is *unproven* until its first answer arrives (proof the server accepted it); at most
  :attr:`HostGate.cap` are unproven at a time. ``cap`` starts at 4 (within any backlog ≥ 3) and grows by
  one per connection whose first answer came as fast as the host's fastest (the server accepted it at
  once), which doubles it per round trip, as TCP slow start does; past a stall it grows by one per round;
* new connections start at least :attr:`HostGate.gap_s` apart (1 ms: a burst of SYNs meets a full
  backlog before the server's accept loop runs);
* a connect that took over :data:`STALL_S` (a SYN retry) halves ``cap`` and widens the gap fourfold
  (it narrows again by 10 % per connection accepted at once).

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
FAST_ACCEPT_S = 0.005
"""A first answer this close to the host's fastest: the server accepted at once, so more may open."""
STALL_S = 0.8
"""A connect that took this long was a kernel SYN retry (its first retry comes after 1 s)."""
OVERLOAD = frozenset({429, 503})


class HostGate:
    """One host's idle connections, connection-opening slots and request limit (see the module docstring).

    One gate per (host, port, scheme) in a pool; the pool calls :meth:`enter` / :meth:`leave` around every request
    and the connection hooks (:meth:`opening`, :meth:`proven`, :meth:`failed`, :meth:`released`) around every
    connection, and the gate decides when a caller must wait."""

    def __init__(self, *, start: int = START_CAP) -> None:
        """A gate for a host never talked to: ``start`` connections may be opening at once, requests unlimited until
        the first overload, no idle connection yet."""
        self.idle: list[Any] = []
        self.cap = float(start)
        self.ssthresh = math.inf
        self.unproven = 0
        self.limit = math.inf
        self.inflight = 0
        self.fastest_s = math.inf
        """The fastest exchange seen: a first answer slower than this waited in the accept queue."""
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
        if self.inflight < self.limit:
            _wake(self._requests)

    # -- connections (gradual opening) ---------------------------------------------------------

    def may_open(self) -> bool:
        """Whether one more connection may start opening (fewer than :attr:`cap` are unproven)."""
        return self.unproven < self.cap

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
        """A new connection starts opening: it is unproven until its first answer."""
        self.unproven += 1

    def proven(self, connect_s: float, first_s: float) -> None:
        """A new connection answered its first request after ``connect_s`` + ``first_s`` seconds.

        A SYN retry (a slow connect) halves the opening cap and widens the gap; a first answer slower than the
        host's fastest means it waited to be accepted, so the cap stays; otherwise the cap grows (doubling per
        round trip below the threshold, by one per round above it) and the gap narrows."""
        self.unproven -= 1
        self.fastest_s = min(self.fastest_s, first_s)
        if connect_s > STALL_S:  # the kernel retried the SYN: the backlog was full
            self.stalls += 1
            self.ssthresh = max(2.0, self.cap / 2)
            self.cap = self.ssthresh
            self.gap_s = min(self.gap_s * 4, MAX_GAP_S)
        elif first_s - self.fastest_s > FAST_ACCEPT_S:
            pass  # it waited to be accepted: the server is not keeping up, so no more open at once
        else:
            self.cap += 1 if self.cap < self.ssthresh else 1 / self.cap
            self.gap_s = max(OPEN_GAP_S, self.gap_s * 0.9)
        _wake(self._connections, n=max(1, math.ceil(self.cap) - self.unproven))

    def failed(self) -> None:
        """A new connection could not be opened or died before its first answer."""
        self.unproven -= 1
        _wake(self._connections)

    def exchanged(self, seconds: float) -> None:
        """An exchange on a proven (reused) connection took ``seconds``."""
        self.fastest_s = min(self.fastest_s, seconds)

    def released(self) -> None:
        """A connection went back to :attr:`idle`."""
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
