"""The cyclic garbage collector paused while the CLI starts (issue #28: start-up).

Importing modules and declaring pydantic models allocate tens of thousands of objects that live as long as the
process; every few hundred allocations the collector walks them again and frees nothing (~8 % of
``windtunnel validate``'s CPU, ~7 % of ``windtunnel --help``'s). Reference counting still frees everything that is
not in a cycle, so pausing the collector for start-up costs no memory worth measuring; it runs again as soon as the
command's own work starts (the lean ``validate`` is start-up work from end to end).
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """The cyclic collector off for the block, then back as it was (a pause inside a pause changes nothing)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
