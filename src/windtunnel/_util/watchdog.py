"""A launched agent dies with windtunnel: a watchdog process stops it when windtunnel is killed without stopping it.

``kill -9``, an out-of-memory kill or a crash of the interpreter run no cleanup, and a launched agent lives in a
session of its own (so a Ctrl-C meant for windtunnel does not reach it first); without a watchdog it is orphaned,
holding its port, and the documented ``--resume`` then fails with "address already in use".

:func:`guard` starts a small process (this file run as a script: standard library only, so it starts in
milliseconds and does not import windtunnel) in a session of its own, with the read end of a pipe as its stdin.
Only windtunnel holds the write end (a pipe's ends are not inherited by the processes windtunnel launches). The
watchdog blocks reading it:

* windtunnel stopped the agent itself: :meth:`Guard.disarm` writes one byte and closes the pipe, and the watchdog
  exits without touching anything (the agent's process group id could belong to another process by then);
* windtunnel died: the kernel closes the write end, the watchdog reads end-of-file with no byte, and it sends
  SIGTERM to the agent's process group and to every process carrying the agent's tag (the descendants that left the
  group, see :mod:`windtunnel._util.proctrack`), then SIGKILL to those still there after the grace period.

POSIX only (process groups); elsewhere :func:`guard` returns a guard that does nothing.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

DISARM = b"x"
"""The byte that tells the watchdog windtunnel stopped the agent itself."""


class Guard:
    """The write end of a watchdog's pipe, held for as long as the agent runs."""

    def __init__(self, write_fd: int | None, proc: subprocess.Popen[bytes] | None) -> None:
        self._fd = write_fd
        self.proc = proc
        """The watchdog process (``None`` where there is none)."""

    def disarm(self) -> None:
        """Tell the watchdog the agent was stopped (it exits and signals nothing), then reap it; idempotent."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.write(self._fd, DISARM)
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None
        if self.proc is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=5)
            self.proc = None


def guard(pgid: int, tag: str, grace: float) -> Guard:
    """Start a watchdog for the agent whose process group is ``pgid`` and whose descendants carry ``tag``; ``grace``
    seconds between its SIGTERM and SIGKILL. A watchdog that cannot start costs the run nothing (a no-op guard)."""
    if os.name != "posix":
        return Guard(None, None)
    read_fd, write_fd = os.pipe()  # both ends non-inheritable: only the watchdog gets the read end (as stdin)
    try:
        proc = subprocess.Popen(
            [sys.executable, "-S", "-I", str(Path(__file__)), str(pgid), tag, str(grace)],
            stdin=read_fd,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # a Ctrl-C or a kill of windtunnel's process group does not take it along
        )
    except OSError:
        os.close(write_fd)
        return Guard(None, None)
    finally:
        os.close(read_fd)
    return Guard(write_fd, proc)


def _tagged(tag: str) -> list[int]:
    """The live processes whose environment holds the agent's tag (where ``/proc`` tells)."""
    needle = f"WINDTUNNEL_AGENT_TAG={tag}".encode()
    found: list[int] = []
    proc = Path("/proc")
    if not proc.is_dir():
        return found
    for entry in proc.iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            with contextlib.suppress(OSError):
                if needle in (entry / "environ").read_bytes().split(b"\0"):
                    found.append(int(entry.name))
    return found


def _signal_all(pgid: int, tag: str, sig: signal.Signals) -> bool:
    """Send ``sig`` to the group and the tagged processes; whether any was there to receive it."""
    alive = False
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, sig)
        alive = True
    for pid in _tagged(tag):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, sig)
            alive = True
    return alive


def _watch(pgid: int, tag: str, grace: float) -> None:
    """Block until windtunnel disarms the watchdog or dies; on its death, stop the agent (SIGTERM, then SIGKILL)."""
    for sig in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM):
        signal.signal(sig, signal.SIG_IGN)  # only the pipe decides
    try:
        data = os.read(0, 1)
    except OSError:
        data = b""
    if data == DISARM:
        return
    if not _signal_all(pgid, tag, signal.SIGTERM):
        return
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        time.sleep(0.05)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pgid, 0)
            continue
        if not _tagged(tag):
            return
    _signal_all(pgid, tag, signal.SIGKILL)


if __name__ == "__main__":
    _watch(int(sys.argv[1]), sys.argv[2], float(sys.argv[3]))
