"""Hang guards' children without the import: a piece of work in a child process forked from a server that has
already imported the leakage package (multiprocessing's ``forkserver``, its preload).

The linear-time guards (``test_long_runs``, ``test_label_runs``) run each shape in a child process of its own, so
that a hang is stopped (a wall-clock timeout, or a CPU limit set in the child) instead of the suite. A fresh
interpreter per shape imported the leakage package each time (~0.8 CPU-s, most of a linear shape's cost); a child
forked from the warm server starts with it imported, and its CPU time starts at zero, so a limit set in it counts
the work alone. The server is single-threaded: forking it is safe where forking a test worker (threads) is not.
"""

from __future__ import annotations

import multiprocessing
import resource
import traceback
from pathlib import Path

PRELOAD = ["windtunnel.leakage.views", "windtunnel.leakage.sanitize", "tests.leakage.warm_child"]
"""What the server imports once (where this process starts it first: else its children import on demand)."""


def _work(code: str, cpu_seconds: int | None, err_path: str) -> None:
    if cpu_seconds is not None:  # SIGXCPU past it, whatever the machine's load
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 5))
    try:
        exec(code, {})
    except BaseException:
        Path(err_path).write_text(traceback.format_exc()[-2000:])
        raise SystemExit(1) from None


def run(code: str, err_path: Path, *, timeout: float, cpu_seconds: int | None = None) -> tuple[int | None, str]:
    """Run ``code`` in a forked child (``cpu_seconds``: its CPU limit); wait at most ``timeout`` seconds, then kill it.
    Returns its exit code (None: killed at the timeout; -24: out of CPU time; 1: it raised) and the traceback of
    what it raised."""
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(PRELOAD)
    child = ctx.Process(target=_work, args=(code, cpu_seconds, str(err_path)), daemon=True)
    child.start()
    try:
        child.join(timeout)
        code_ = child.exitcode
    finally:  # at the timeout, or when the test is stopped (pytest-timeout): no child left running
        if child.exitcode is None:
            child.kill()
            child.join()
        child.close()
    return code_, err_path.read_text() if err_path.exists() else ""
