"""Launching ``agent.command``: the agent as a child process, with its traffic through windtunnel.

:class:`AgentProcess` starts the command with the agent's ``env`` plus ``extra_env`` (the proxies from
:meth:`windtunnel.chaos.ChaosRuntime.agent_env`), waits until the agent answers (``health_endpoint``,
else a TCP connect to the endpoint's port), and stops it (SIGTERM to its process group, SIGKILL after a
grace period, and the same to its descendants that left the group: see :mod:`windtunnel._util.proctrack`). A
watchdog process (:mod:`windtunnel._util.watchdog`) does the same if windtunnel dies without stopping it (``kill -9``).
A command that exits during start-up, or never becomes ready, is a HarnessError (exit 3)
that shows the tail of its stderr.

The process's stdout and stderr go to unnamed temporary files, never to a pipe, so a chatty agent can
never block on a full pipe; only the tail of stderr (:data:`STDERR_TAIL_BYTES`, :data:`STDERR_TAIL_LINES`)
is ever read back into memory. :meth:`AgentProcess.exited` tells whether the agent died mid-run
(the run session then stops, see :class:`windtunnel._util.errors.AgentExitedError`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlsplit

import httpx

from windtunnel._util.envexpand import expand_env
from windtunnel._util.errors import ConfigError, HarnessError
from windtunnel._util.proctrack import TAG, command_line, group_members, new_tag, stop_processes, tagged
from windtunnel._util.redact import redact_text
from windtunnel._util.watchdog import Guard, guard

STDERR_TAIL_BYTES = 8192
STDERR_TAIL_LINES = 50


def readiness_target(agent: Any) -> tuple[str | None, tuple[str, int] | None]:
    """``(health URL, (host, port))`` to wait for; both ``None`` when the agent has no address.

    The address is the HTTP endpoint (or an ``openai_chat`` base URL) with ``${ENV}`` expanded; a URL without a
    port takes its scheme's default."""
    health = getattr(agent, "health_endpoint", None)
    url = getattr(agent, "endpoint", None) if getattr(agent, "type", None) == "http" else None
    url = url or getattr(agent, "base_url", None)
    if not url or "://" not in str(url):
        return health, None
    if health:
        health = expand_env(health, where="agent.health_endpoint")
    parts = urlsplit(expand_env(str(url), where="agent.endpoint"))
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return health, (parts.hostname or "127.0.0.1", port)


def group_alive(pgid: int) -> bool:
    """Whether a live process of process group ``pgid`` is still there.

    Zombies do not count (where ``/proc`` tells: an orphan that died is a zombie until its new parent
    reaps it, and some container init processes never do).
    """
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    proc = Path("/proc")
    if not proc.is_dir():
        return True
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()  # after "pid (comm) ": state ppid pgrp ...
        if len(fields) > 2 and fields[2] == str(pgid) and fields[0] not in ("Z", "X"):
            return True
    return False


def _port_open(addr: tuple[str, int]) -> bool:
    """Whether something accepts a TCP connection at ``addr`` within 0.2 s (blocking: run in a thread)."""
    try:
        with socket.create_connection(addr, timeout=0.2):
            return True
    except OSError:
        return False


class AgentProcess:
    """An agent command run for the duration of an ``async with`` block.

    Enter launches it and waits until it is ready; exit stops it and every process it started, detached ones
    included, so no agent outlives its run. :meth:`exited` lets the run notice an agent that died mid-run."""

    def __init__(
        self,
        agent: Any,
        *,
        extra_env: Mapping[str, str] | None = None,
        cwd: Path | None = None,
        ready_timeout: float = 30.0,
        stop_timeout: float = 5.0,
    ) -> None:
        """Parse ``agent.command`` (a shell-like string or an argv list) with ``${ENV}`` expanded per argument, keeping
        the written form for messages so secrets never appear in them. A leading ``python`` / ``python3`` becomes the
        interpreter windtunnel runs in, so the agent sees the same virtualenv. ``extra_env`` (the fault proxies'
        variables) is laid over the agent's ``env``; ``ready_timeout`` and ``stop_timeout`` are seconds. Nothing
        starts until :meth:`start`."""
        command = getattr(agent, "command", None)
        if not command:
            raise ConfigError("agent.command is not set: there is no agent process to launch")
        self.agent = agent
        argv = shlex.split(command) if isinstance(command, str) else [str(c) for c in command]
        self.argv = [expand_env(a, where="agent.command") for a in argv]
        self._written = list(argv)
        """The command as the config wrote it (``${VAR}`` unexpanded): what messages and reports show."""
        if not self.argv:
            raise ConfigError("agent.command is empty")
        if self.argv[0] in ("python", "python3"):
            # the interpreter windtunnel runs in (its venv), not whichever `python` is first on PATH
            self.argv[0] = sys.executable
        self.extra_env = dict(extra_env or {})
        self.cwd = cwd
        self.ready_timeout = ready_timeout
        self.stop_timeout = stop_timeout
        self.proc: subprocess.Popen[bytes] | None = None
        self._stderr: IO[bytes] | None = None
        self._stdout: IO[bytes] | None = None
        self._guard: Guard | None = None
        """Stops the agent if windtunnel dies without stopping it (:mod:`windtunnel._util.watchdog`)."""
        self._tag = new_tag()
        """Marks the process and every descendant, detached or not, for :meth:`stop` (see proctrack)."""

    @property
    def pid(self) -> int | None:
        """The process id of the launched command, or ``None`` before :meth:`start`."""
        return self.proc.pid if self.proc is not None else None

    def environment(self) -> dict[str, str]:
        """The child's environment: windtunnel's own, then ``agent.env`` (``${ENV}`` expanded), then the fault proxies'
        variables, then the tag that marks every descendant for :meth:`stop`."""
        env = dict(os.environ)
        for key, value in (getattr(self.agent, "env", None) or {}).items():
            env[key] = expand_env(value, where=f"agent.env.{key}")
        env.update(self.extra_env)
        env[TAG] = self._tag
        return env

    @property
    def command_text(self) -> str:
        """The command as a shell would read it, as written in the config: ``${SECRET}`` stays ``${SECRET}``
        (its value is the environment's, and never shown)."""
        return shlex.join(self._written)

    def exited(self) -> int | None:
        """The exit code once the command has ended (negative: killed by that signal), else ``None``.

        A command that daemonises (``sh -c 'server & exit 0'``) has not ended while a process it started
        lives on in its process group: the agent is that process. A command that crashed (a code other
        than 0, or a signal) has ended, whatever it left running: that is stopped with it
        (:meth:`left_running` names it).
        """
        if self.proc is None:
            return None
        code = self.proc.poll()
        if code is None or (code == 0 and group_alive(self.proc.pid)):
            return None
        return code

    def address(self) -> tuple[str, int] | None:
        """``(host, port)`` the agent serves at (its endpoint), or ``None`` when it has none."""
        return readiness_target(self.agent)[1]

    def leader_exited(self) -> int | None:
        """The command's own exit code once it has exited, whether or not processes it started live on."""
        return self.proc.poll() if self.proc is not None else None

    def left_running(self) -> list[str]:
        """``pid `command``` of each process the command started that still runs (in its group or tagged)."""
        if self.proc is None or self.proc.poll() is None:
            return []
        pids = set(group_members(self.proc.pid)).union(tagged(self._tag))
        return [f"pid {pid} `{command_line(pid)}`" for pid in sorted(pids)]

    def stderr_tail(self, max_bytes: int = STDERR_TAIL_BYTES, max_lines: int = STDERR_TAIL_LINES) -> str:
        """The last lines the process wrote to stderr: at most ``max_lines`` lines and ``max_bytes`` bytes, with
        secrets redacted (:func:`~windtunnel._util.redact.redact_text`): every message that shows the tail,
        at start-up or mid-run, reads it from here."""
        f = self._stderr
        if f is None:
            return ""
        f.flush()
        size = f.seek(0, os.SEEK_END)
        start = max(0, size - max_bytes)
        f.seek(start)
        data = f.read(size - start)
        f.seek(0, os.SEEK_END)
        lines = data.decode("utf-8", "replace").strip().splitlines()
        if start > 0 and len(lines) > 1:
            lines = lines[1:]  # the first line was cut by the byte bound
        return redact_text("\n".join(lines[-max_lines:]))

    async def __aenter__(self) -> AgentProcess:
        """Start the command and wait until it is ready (:meth:`start`)."""
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        """Stop the command and all it started (:meth:`stop`), however the block ended."""
        await self.stop()

    async def start(self) -> None:
        """Launch the command in a new session (its own process group) and wait until it is ready.

        Refuses to launch when the agent's address is already taken: the run would otherwise measure whatever else
        listens there. Output goes to temporary files (never a pipe, which a chatty agent could fill and block on). A
        command that cannot be executed, exits during start-up or never becomes ready is a :class:`HarnessError`
        (exit 3) with the tail of its stderr; the process is stopped before the error propagates."""
        health, addr = readiness_target(self.agent)
        if addr is not None and await asyncio.to_thread(_port_open, addr):
            raise HarnessError(
                f"cannot launch agent.command: {addr[0]}:{addr[1]} (the agent's address) is already in use "
                "by another process",
                hint=f"stop what listens there (`lsof -i :{addr[1]}`) or change the agent's port",
            )
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 (lives as long as the process)
        self._stdout = tempfile.TemporaryFile()  # noqa: SIM115
        try:
            self.proc = subprocess.Popen(
                self.argv,
                cwd=str(self.cwd) if self.cwd else None,
                env=self.environment(),
                stdin=subprocess.DEVNULL,
                stdout=self._stdout,
                stderr=self._stderr,
                start_new_session=True,
            )
        except OSError as err:
            raise HarnessError(
                redact_text(f"cannot launch agent.command {self.command_text!r}: {err}"),
                hint="check the command and the working directory",
            ) from None
        # the agent dies with windtunnel, even with `kill -9` (no cleanup runs): a watchdog stops it (QA-13 minor 4)
        self._guard = await asyncio.to_thread(guard, self.proc.pid, self._tag, self.stop_timeout)
        try:
            await self._wait_ready(health, addr)
        except BaseException:
            await self.stop()
            raise

    async def _wait_ready(self, health: str | None, addr: tuple[str, int] | None) -> None:
        """Poll every 50 ms until :meth:`_ready` says yes, raising :class:`HarnessError` with the stderr tail as soon
        as the command exits, or after ``ready_timeout`` seconds.

        The health check uses its own httpx client with environment proxies ignored: the agent's proxies are set
        for the agent, not for windtunnel's probe of it."""
        assert self.proc is not None
        deadline = time.monotonic() + self.ready_timeout
        grace_until = time.monotonic() + 0.3  # an agent without an address must survive its first moments
        async with httpx.AsyncClient(trust_env=False, timeout=1.0) as client:
            while True:
                code = self.exited()
                if code is not None:
                    raise HarnessError(
                        f"agent.command {self.command_text!r} exited with code {code} during start-up"
                        + (f"; its stderr:\n{self.stderr_tail()}" if self.stderr_tail() else " (no stderr)"),
                        hint="run the command by hand to see why it stops",
                    )
                if await self._ready(client, health, addr, grace_until):
                    return
                if time.monotonic() > deadline:
                    target = health or (f"{addr[0]}:{addr[1]}" if addr else "start-up")
                    tail = self.stderr_tail()
                    raise HarnessError(
                        f"agent.command {self.command_text!r} did not become ready ({target}) within "
                        f"{self.ready_timeout:g}s" + (f"; its stderr:\n{tail}" if tail else ""),
                        hint="check that the agent listens on the configured endpoint",
                    )
                await asyncio.sleep(0.05)

    async def _ready(
        self, client: httpx.AsyncClient, health: str | None, addr: tuple[str, int] | None, grace_until: float
    ) -> bool:
        """One readiness check: the health URL answers below 500, else the endpoint's port accepts a connection, else
        (an agent with no address) the command has survived its first 0.3 s."""
        if health:
            try:
                resp = await client.get(health)
            except httpx.HTTPError:
                return False
            return resp.status_code < 500
        if addr is not None:
            return await asyncio.to_thread(_port_open, addr)
        return time.monotonic() >= grace_until

    async def _stop_detached(self) -> None:
        """SIGTERM, then SIGKILL, the descendants that left the process group (``setsid``, a double fork).

        They are found by the tag in their environment (:mod:`windtunnel._util.proctrack`), since no process group
        or parent link leads to them any more; each signal gets ``stop_timeout`` seconds to take effect."""
        await stop_processes(lambda: tagged(self._tag), self.stop_timeout)

    async def stop(self) -> None:
        """SIGTERM the process group, SIGKILL what is left of it after ``stop_timeout``; idempotent.

        The whole group, whether or not its leader still lives: a command that daemonised (its leader
        exited, its server runs on) must not leave that server behind.
        """
        proc = self.proc
        if proc is not None:
            pgid = proc.pid  # start_new_session: the leader's pid is the group id
            if proc.poll() is None or group_alive(pgid):
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(pgid, signal.SIGTERM)
                deadline = time.monotonic() + self.stop_timeout
                while (proc.poll() is None or group_alive(pgid)) and time.monotonic() < deadline:
                    await asyncio.sleep(0.02)
                if proc.poll() is None or group_alive(pgid):
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.killpg(pgid, signal.SIGKILL)
            if proc.poll() is None:
                await asyncio.to_thread(proc.wait)
            await self._stop_detached()
        if self._guard is not None:
            await asyncio.to_thread(self._guard.disarm)  # stopped here: the watchdog leaves everything alone
            self._guard = None
        for f in (self._stdout, self._stderr):
            if f is not None:
                with contextlib.suppress(Exception):
                    f.close()
        self._stdout = self._stderr = None
