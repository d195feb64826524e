"""Finding every process an agent started, however it detached (without cgroups), and stopping them.

A process group is left by ``setsid`` and a parent is lost by a double fork, but the environment is
inherited by every descendant: a launched command (and, for the run's duration, this process, whose
in-process agent's children inherit its environment) gets a unique :data:`TAG` variable, and :func:`tagged`
finds the processes (of this user, on Linux, through ``/proc/PID/environ``) that carry it, so they are
stopped with the agent. A child started with a fresh environment is still found while it is a direct child
(:class:`LeftBehind`); one that then detaches from it escapes, and nothing short of a cgroup catches that one.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import time
from collections.abc import Callable
from pathlib import Path

import anyio

TAG = "WINDTUNNEL_AGENT_TAG"
"""The environment variable that marks an agent process and its descendants."""

STOP_GRACE_S = 2.0
"""How long a process left running by an in-process agent has between SIGTERM and SIGKILL."""

_PROC = Path("/proc")


def new_tag() -> str:
    """A value of :data:`TAG` no other launch shares."""
    return f"{os.getpid()}-{secrets.token_hex(8)}"


def tagged(value: str) -> list[int]:
    """PIDs of the live processes whose environment holds ``TAG=value`` (empty where ``/proc`` is absent).

    Processes of other users cannot be read and are skipped, zombies are left out (they need no signal), and this
    process is never listed."""
    if not _PROC.is_dir():
        return []
    needle = f"{TAG}={value}".encode()
    me = os.getpid()
    found: list[int] = []
    for entry in _PROC.iterdir():
        if not entry.name.isdigit() or int(entry.name) == me:
            continue
        try:
            if needle in (entry / "environ").read_bytes().split(b"\0") and not _zombie(entry):
                found.append(int(entry.name))
        except OSError:  # gone, or another user's
            continue
    return found


def _stat(entry: Path) -> list[str]:
    """The fields of ``/proc/PID/stat`` after ``pid (comm)``: state, ppid, pgrp, ... (empty when gone)."""
    try:
        return (entry / "stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return []


def _zombie(entry: Path) -> bool:
    """Whether the process of ``/proc`` entry ``entry`` is a zombie (dead, not reaped): it needs no signal, and
    counting it would keep :meth:`AgentProcess.stop` waiting for nothing."""
    fields = _stat(entry)
    return bool(fields) and fields[0] in ("Z", "X")


def children(parent: int) -> set[tuple[int, str]]:
    """The live direct children of ``parent`` as ``(pid, start time)`` pairs (the start time tells a
    reused pid apart); empty where ``/proc`` is absent."""
    if not _PROC.is_dir():
        return set()
    found: set[tuple[int, str]] = set()
    for entry in _PROC.iterdir():
        if entry.name.isdigit():
            fields = _stat(entry)
            if len(fields) > 19 and fields[1] == str(parent) and fields[0] not in ("Z", "X"):
                found.add((int(entry.name), fields[19]))
    return found


def group_members(pgid: int) -> list[int]:
    """The live processes of process group ``pgid`` (empty where ``/proc`` is absent)."""
    if not _PROC.is_dir():
        return []
    found: list[int] = []
    for entry in _PROC.iterdir():
        if entry.name.isdigit():
            fields = _stat(entry)
            if len(fields) > 2 and fields[2] == str(pgid) and fields[0] not in ("Z", "X"):
                found.append(int(entry.name))
    return found


def command_line(pid: int, limit: int = 200) -> str:
    """The command line of ``pid``, as its arguments joined by spaces, cut at ``limit`` characters."""
    try:
        args = (_PROC / str(pid) / "cmdline").read_bytes().rstrip(b"\0").split(b"\0")
    except OSError:
        return "?"
    text = " ".join(a.decode("utf-8", "replace") for a in args)
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def _named(pids: list[int]) -> list[str]:
    """``pid command`` for each of ``pids`` still running once its command line is read: a process found on its
    way out (the middle of a double fork, exiting as it was listed) is gone or a zombie by then, and was never
    left running. No command line is read while a process exits or execs: it is asked again a moment later."""
    named: list[str] = []
    for pid in pids:
        line = command_line(pid)
        if not line:
            await anyio.sleep(_SETTLE_S)
            line = command_line(pid)
        entry = _PROC / str(pid)
        if entry.is_dir() and not _zombie(entry):
            named.append(f"pid {pid} `{line or '?'}`")
    return named


_SETTLE_S = 0.1
"""How long a process found with no command line is given to finish exiting (or exec'ing) before it is named."""


async def stop_processes(find: Callable[[], list[int]], grace: float) -> None:
    """SIGTERM the processes ``find()`` returns; SIGKILL those still there after ``grace`` seconds.

    ``find`` is asked again while waiting, so a process they start on the way out is stopped too.
    """
    left = find()
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in left:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, sig)
        deadline = time.monotonic() + grace
        while left and time.monotonic() < deadline:
            await anyio.sleep(0.02)
            left = find()
        if not left:
            return


class LeftBehind:
    """The processes an in-process agent starts during a run and leaves running, stopped when the run ends.

    While :meth:`tracking`, this process's environment carries a :data:`TAG` of its own, which every
    process the agent starts inherits (through a double fork and ``setsid`` too); the direct children
    started meanwhile count as well (a child given a fresh environment). A process left running holds
    windtunnel's stdout and stderr: a caller that reads them through a pipe would wait for it, not for
    windtunnel. :meth:`stop` ends them and returns what it ended, so that the run can say so.
    """

    def __init__(self, grace: float = STOP_GRACE_S) -> None:
        self.grace = grace
        self._tag = new_tag()
        self._before: set[tuple[int, str]] = set()
        self._saved: str | None = None

    def __enter__(self) -> LeftBehind:
        """Note this process's children so far, and put the run's tag in its environment."""
        self._before = children(os.getpid())
        self._saved = os.environ.get(TAG)
        os.environ[TAG] = self._tag
        return self

    def __exit__(self, *exc: object) -> None:
        """Take the run's tag out of the environment again (what was there before comes back)."""
        if os.environ.get(TAG) == self._tag:  # another run in this process may have set its own since
            if self._saved is None:
                os.environ.pop(TAG, None)
            else:
                os.environ[TAG] = self._saved

    def find(self) -> list[int]:
        """The live processes started by the agent since :meth:`__enter__`."""
        new = {pid for pid, _ in children(os.getpid()) - self._before}
        return sorted(new.union(tagged(self._tag)))

    async def stop(self) -> str | None:
        """Stop what the agent left running (SIGTERM, SIGKILL after the grace period); the notice that says
        so, naming each (``pid command``), or ``None`` when nothing was left."""
        left = self.find()
        if not left:
            return None
        named = await _named(left)
        with anyio.CancelScope(shield=True):  # an interrupted run stops them too
            await stop_processes(self.find, self.grace)
        if not named:
            return None
        n = len(named)
        return (
            f"the agent left {n} process{'es' if n > 1 else ''} running when the run ended: {', '.join(named)}; "
            f"windtunnel stopped {'them' if n > 1 else 'it'} (SIGTERM, then SIGKILL after {self.grace:g} s), so "
            "that nothing the agent started outlives the run or holds its output open"
        )

    async def stopped_into(self, notices: list[str]) -> None:
        """:meth:`stop`, its notice (if any) appended to ``notices`` (for an exit stack's callback)."""
        note = await self.stop()
        if note is not None:
            notices.append(note)
