"""The cyclic garbage collector paused while the CLI starts (issue #28: start-up).

Importing modules and declaring pydantic models allocate tens of thousands of objects that live as long as the
process; every few hundred allocations the collector walks them again and frees nothing (~8 % of
``windtunnel validate``'s CPU, ~7 % of ``windtunnel --help``'s). Reference counting still frees everything that is
not in a cycle, so pausing the collector for start-up costs no memory worth measuring; it runs again as soon as the
command's own work starts (the lean ``validate`` is start-up work from end to end).

A process that ends with the command (:func:`off_until_exit`, the lean ``validate``) also keeps the collector out of
its exit: the interpreter runs a full collection as it begins to exit and more while it tears the modules down, each
walking every object start-up made (~10 % of ``validate``'s CPU). Python does not promise to finalize what is
still alive at exit; the operating system reclaims it with the process.
"""

from __future__ import annotations

import atexit
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


def off_until_exit() -> None:
    """The cyclic collector off for the rest of the process, and its objects kept out of the collections of the
    interpreter's exit (``gc.freeze`` as the exit begins, after the exit handlers registered later have run): for a
    command whose process ends with it and that leaves nothing to finalize (the lean ``validate`` writes nothing)."""
    gc.disable()
    atexit.register(gc.freeze)
