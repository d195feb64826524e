"""A watchdog for async python agents that block the event loop (``time.sleep``, a sync HTTP client ...).

An async agent shares the run's event loop with every other cell, with windtunnel's deadlines and with
its store. One that blocks the loop stops all of them: no deadline can fire, because a deadline is a
callback of the loop it blocks. The watchdog is a thread that posts a no-op to the loop every tick; when
a posted callback has not run for longer than the agent's timeout and an agent call is in flight, the loop
is blocked, and the thread sends the main thread a signal whose handler raises :class:`LoopBlocked` in the
blocking code — but only when the code it interrupts runs inside :meth:`PythonAgent.invoke` (the frame
chain says so), never in windtunnel's own code. The agent's cell fails as a timeout saying why; the run
goes on.

Only where signals reach the loop's thread: the loop runs in the main thread (the CLI, a script); on
other threads, or without ``SIGUSR2`` (Windows), the watchdog is not started and a blocking agent blocks.
"""

from __future__ import annotations

import asyncio
import signal
import threading
import time
from types import CodeType, FrameType
from typing import Any

SIGNAL = getattr(signal, "SIGUSR2", None)
"""The signal the watchdog sends the loop's thread (the handler is installed only while a run watches)."""
TICK = 0.1
"""Seconds between the watchdog's probes of the loop."""


class LoopBlocked(BaseException):
    """Raised in an async agent's code that has held the event loop longer than its timeout.

    A ``BaseException``, like a cancellation: an agent's ``except Exception`` does not swallow it."""


class LoopWatchdog:
    """Watches the running loop while async agent calls are in flight (see the module doc).

    One watchdog per entered python agent; :attr:`in_flight` is maintained by the agent around each call, so a
    loop blocked between calls (windtunnel's own work) never triggers it."""

    def __init__(self, stall: float, marker: CodeType) -> None:
        """A watchdog that stops an agent call once the loop has been blocked ``stall`` seconds during it; ``marker`` is
        the code object whose frame every agent call runs under (``PythonAgent.invoke``), which is how the signal
        handler tells an agent's code from windtunnel's. Nothing runs until :meth:`start`."""
        self.stall = stall
        """Seconds the loop may stay blocked during an agent call before the call is stopped."""
        self.marker = marker
        """The code object of the frame that every agent call runs under (``PythonAgent.invoke``)."""
        self.in_flight = 0
        self.blocked_for = 0.0
        self._beat = time.monotonic()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._previous: Any = None

    def start(self) -> bool:
        """Start watching the running loop; False (nothing started) where the watchdog cannot work.

        It needs the loop to run in the main thread (signals are delivered there) and a ``SIGUSR2`` to send; the
        previous handler of that signal is kept and put back by :meth:`stop`."""
        if SIGNAL is None or threading.current_thread() is not threading.main_thread():
            return False
        try:
            self._loop = asyncio.get_running_loop()
            self._previous = signal.signal(SIGNAL, self._on_signal)
        except (RuntimeError, ValueError):
            return False
        self._thread = threading.Thread(target=self._watch, name="windtunnel-loop-watchdog", daemon=True)
        self._thread.start()
        return True

    def stop(self) -> None:
        """Stop the watching thread (waiting up to 5 s for it) and put the previous signal handler back."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
            if SIGNAL is not None and self._previous is not None:
                signal.signal(SIGNAL, self._previous)

    def _touch(self) -> None:
        """The heartbeat the loop runs when it is free: the time it last did."""
        self._beat = time.monotonic()

    def _watch(self) -> None:
        """The watching thread: every :data:`TICK` it posts a heartbeat to the loop and, when the last one ran longer
        than ``stall`` ago while an agent call is in flight, signals the main thread, once per stall (the next signal
        waits until the loop has moved again). Ends when the loop closes or :meth:`stop` is called."""
        loop, main = self._loop, threading.main_thread().ident
        assert loop is not None and main is not None
        fired_at = 0.0
        while not self._stop.wait(TICK):
            try:
                loop.call_soon_threadsafe(self._touch)
            except RuntimeError:  # the loop closed
                return
            stalled = time.monotonic() - self._beat
            if self.in_flight and stalled > self.stall and self._beat > fired_at:
                fired_at = self._beat  # one signal per stall: the next only once the loop has moved again
                self.blocked_for = stalled
                signal.pthread_kill(main, SIGNAL)  # type: ignore[arg-type]

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        """The signal handler, run in the blocked code: raise :class:`LoopBlocked` when an agent call is on the stack
        (the blocking code is the agent's), do nothing otherwise (windtunnel's own code was slow, and interrupting it
        would corrupt the run)."""
        f = frame
        while f is not None:
            if f.f_code is self.marker:
                raise LoopBlocked(self.blocked_for)
            f = f.f_back
        # not inside an agent call (windtunnel's own code was slow): nothing to stop
