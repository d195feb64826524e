"""Free TCP ports for servers a test starts as separate processes (a port given on their command line).

A port found by binding port 0 and closing the socket races: until the server binds it, the kernel may
hand the same port to anyone binding port 0 — windtunnel's own proxies in the same test, another test
worker, another project's tests on a busy machine. So the ports handed out here come from *below*
Linux's ephemeral range (which port-0 binds draw from), are checked free, and are reserved for the
whole test session with a lock file shared by every process of every user's test runs on the machine.
"""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import os
import random
import socket
import tempfile
from pathlib import Path
from typing import IO

_LOW = 20000
_HELD: list[IO[bytes]] = []
"""Lock files of the ports this process reserved: held (open, locked) until the process exits."""


@atexit.register
def _release() -> None:
    """Close the held lock files as the process ends (unclosed, they warn at shutdown)."""
    while _HELD:
        _HELD.pop().close()


def _ephemeral_low() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def _lock_dir() -> Path:
    d = Path(tempfile.gettempdir()) / "windtunnel-test-ports"
    d.mkdir(mode=0o1777, exist_ok=True)
    with contextlib.suppress(OSError):
        os.chmod(d, 0o1777)
    return d


def _reserve(port: int) -> bool:
    try:
        f = (_lock_dir() / f"{port}.lock").open("ab")
    except OSError:
        return False
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        f.close()
        return False
    _HELD.append(f)
    return True


def _bindable(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port() -> int:
    """A port no one listens on, that port-0 binds are never given, reserved for this test session."""
    high = max(_LOW + 1000, _ephemeral_low())
    rng = random.Random(f"{os.getpid()}/{len(_HELD)}/{os.urandom(8).hex()}")
    for _ in range(2000):
        port = rng.randrange(_LOW, high)
        if _reserve(port):
            if _bindable(port):
                return port
            _HELD.pop().close()
    raise RuntimeError(f"no free port found in {_LOW}..{high - 1}")


def free_ports(n: int) -> list[int]:
    """``n`` distinct ports, as :func:`free_port`."""
    return [free_port() for _ in range(n)]
