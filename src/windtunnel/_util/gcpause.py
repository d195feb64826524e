"""The cyclic garbage collector paused while the CLI starts (issue #28: start-up).

Importing modules and declaring pydantic models allocate tens of thousands of objects that live as long as the
process; every few hundred allocations the collector walks them again and frees nothing (~8 % of
``windtunnel validate``'s CPU, ~7 % of ``windtunnel --help``'s). Reference counting still frees everything that is
not in a cycle, so pausing the collector for start-up costs no memory worth measuring; it runs again as soon as the
command's own work starts (the lean ``validate`` is start-up work from end to end).

A process that ends with the command (:func:`off_until_exit`) also skips the full collection the interpreter makes as
it exits (~6 % of ``validate``): the cycles left are still freed while the modules are torn down.
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


def off_until_exit() -> None:
    """The cyclic collector off for the rest of the process, for a command that ends it (the lean ``validate``): the
    interpreter's first step at exit is a full collection over every object start-up made, which frees nothing that
    tearing the modules down does not free next."""
    gc.disable()
