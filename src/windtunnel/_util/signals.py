"""SIGTERM handled like Ctrl-C, so ``kill PID`` (what CI runners and ``timeout`` send) keeps completed work."""

from __future__ import annotations

import contextlib
import signal
from typing import Any


def sigterm_as_interrupt() -> None:
    """From now on a SIGTERM raises ``KeyboardInterrupt`` in the main thread (nothing elsewhere)."""

    def handler(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    if hasattr(signal, "SIGTERM"):
        with contextlib.suppress(ValueError):  # not the main thread (tests)
            signal.signal(signal.SIGTERM, handler)
