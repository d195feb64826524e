"""Finding every process an ``agent.command`` started, however it detached (without cgroups).

A process group is left by ``setsid`` and a parent is lost by a double fork, but the environment is
inherited by every descendant: the launched command gets a unique :data:`TAG` variable, and
:func:`tagged` finds the processes (of this user, on Linux, through ``/proc/PID/environ``) that carry it,
so they are stopped with the agent. A descendant that clears its environment escapes; nothing short of a
cgroup catches that one.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

TAG = "WINDTUNNEL_AGENT_TAG"
"""The environment variable that marks an agent process and its descendants."""


def new_tag() -> str:
    """A value of :data:`TAG` no other launch shares."""
    return f"{os.getpid()}-{secrets.token_hex(8)}"


def tagged(value: str) -> list[int]:
    """PIDs of the live processes whose environment holds ``TAG=value`` (empty where ``/proc`` is absent).

    Processes of other users cannot be read and are skipped, zombies are left out (they need no signal), and this
    process is never listed."""
    proc = Path("/proc")
    if not proc.is_dir():
        return []
    needle = f"{TAG}={value}".encode()
    me = os.getpid()
    found: list[int] = []
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == me:
            continue
        try:
            if needle in (entry / "environ").read_bytes().split(b"\0") and not _zombie(entry):
                found.append(int(entry.name))
        except OSError:  # gone, or another user's
            continue
    return found


def _zombie(entry: Path) -> bool:
    """Whether the process of ``/proc`` entry ``entry`` is a zombie (dead, not reaped): it needs no signal, and
    counting it would keep :meth:`AgentProcess.stop` waiting for nothing."""
    try:
        return (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return False
