"""Import, in a background thread, the modules a command needs only after its agent calls.

While the agent answers (tens of milliseconds a call), the interpreter is mostly idle: importing the
report writers and the run store then takes their cost off the time after the last answer. The
thread starts importing once :meth:`Prewarm.go` is called (the first answer is in: the calls in
flight are waiting, not starting), so it does not compete with the run's own start. A module the
thread fails to import is left alone (the command imports it again where it needs it and reports the
real error); :meth:`Prewarm.wait` joins the thread before the command uses what it imported.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from importlib import import_module
from typing import Any


class Prewarm:
    """``Prewarm(modules)``: import ``modules``, in order, in a daemon thread once :meth:`go` is called.

    A daemon thread, so an interrupted command never waits for an import to finish; :meth:`wait` stops it between
    modules."""

    def __init__(self, modules: Iterable[str]) -> None:
        """Start the (idle) thread that will import ``modules`` once :meth:`go` is called."""
        self._modules = tuple(modules)
        self._go = threading.Event()
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="windtunnel-prewarm", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        """The thread: wait for :meth:`go`, then import the modules in order until done, told to stop, or one fails
        (left to the command, which imports it again and reports the real error)."""
        self._go.wait()
        try:
            for name in self._modules:
                if self._stop:
                    return
                import_module(name)
        except Exception:  # the command imports it again and reports the real error
            return

    def go(self, *_: Any) -> None:
        """Start importing (a listener: takes and ignores any arguments)."""
        self._go.set()

    def wait(self) -> None:
        """Return once the thread is done; the modules it had not reached are left to the command."""
        self._stop = True
        self._go.set()
        self._thread.join()
