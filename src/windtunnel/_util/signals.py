"""SIGTERM handled like Ctrl-C, so ``kill PID`` (what CI runners and ``timeout`` send) keeps completed work."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from typing import Any


def sigterm_as_interrupt() -> None:
    """From now on a SIGTERM raises ``KeyboardInterrupt`` in the main thread (nothing elsewhere)."""

    def handler(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    if hasattr(signal, "SIGTERM"):
        with contextlib.suppress(ValueError):  # not the main thread (tests)
            signal.signal(signal.SIGTERM, handler)


@contextlib.contextmanager
def keep_sigterm() -> Iterator[None]:
    """Whatever handles SIGTERM before the block handles it after: for libraries that install their own
    (``ray.init`` exits the process with status 15 and a stack dump), so ``kill PID`` stays an interrupt."""
    if not hasattr(signal, "SIGTERM"):
        yield
        return
    previous = signal.getsignal(signal.SIGTERM)
    try:
        yield
    finally:
        if previous is not None:  # None: installed outside Python, nothing to put back
            with contextlib.suppress(ValueError):  # not the main thread: the library could not install one
                signal.signal(signal.SIGTERM, previous)
