"""Noticing that the agent stopped answering in the middle of a run: the process windtunnel launched
(``agent.command``) died, or an HTTP agent it did not launch no longer accepts connections.

One mechanism for both: :class:`ExitWatch` looks at every errored cell, and once the agent is found gone
no further cell starts, the cells cut short by it are marked ``agent_exited`` (not scored, rerun by
``--resume``), and the run raises why (:class:`AgentExitedError`, or :class:`AgentStoppedError` for an
endpoint) when its cells in flight are done.
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from windtunnel._util.envexpand import expand_env
from windtunnel._util.errors import AgentExitedError, AgentStoppedError
from windtunnel.agents.registry import capabilities
from windtunnel.engine.cells import CellResult

if TYPE_CHECKING:
    from windtunnel.agents.process import AgentProcess

EXIT_GRACE_S = 1.0
"""After a connection error, how long a launched agent that is on its way out has to finish exiting."""

PROBES = 3
"""Connection attempts, :data:`PROBE_GAP_S` apart, that must all be refused before an endpoint is gone."""
PROBE_GAP_S = 0.1
PROBE_TIMEOUT_S = 2.0
"""A probe that neither connects nor is refused within this time proves nothing (the agent may be slow)."""


def connection_failed(result: CellResult) -> bool:
    """Whether the cell's call (or its reset) could not reach the agent at all."""
    if result.error_kind == "transport":
        return True
    return result.error_kind == "reset" and (result.error or "").startswith("reset failed: transport")


def could_not_connect(result: CellResult) -> bool:
    """Whether the cell's call (or its reset) failed to open or keep a connection (httpx's ``ConnectError``, which
    the lean pool raises too), not a connection that answered something wrong or too late.

    Only such a failure justifies probing an unlaunched agent's address: a timeout or a bad answer means something
    is still listening."""
    return connection_failed(result) and "ConnectError" in (result.error or "")


def probe_address(url: str) -> tuple[str, int] | None:
    """``(host, port)`` an HTTP agent at ``url`` listens on, or None when the URL names none.

    ``${ENV}`` is expanded first (the agent's real address); a URL without a port takes its scheme's default."""
    try:
        parts = urlsplit(url)
        port = parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    except ValueError:
        return None
    if not parts.hostname or port is None:
        return None
    return parts.hostname, port


def watched_endpoint(agent: Any) -> str | None:
    """The URL to watch of an HTTP agent windtunnel does not launch (``agent.endpoint`` or ``base_url``,
    ``${ENV}`` expanded), else None: a launched agent is watched through its process."""
    if getattr(agent, "command", None) or capabilities(agent).transport != "http":
        return None
    url = getattr(agent, "endpoint", None) or getattr(agent, "base_url", None)
    return expand_env(url) if isinstance(url, str) else None


async def refuses_connections(address: tuple[str, int]) -> bool:
    """Whether nothing accepts a TCP connection at ``address``: :data:`PROBES` attempts all refused (or the host
    unreachable). An attempt that connects, is reset or times out says something is still there: a live agent that
    resets connections is an agent with errors, not one that is gone.

    Declaring an agent gone ends the run, so the bar is high: several refusals in a row, never one."""
    # here, not at the top: `validate` imports this module (replays) and must not import asyncio
    import asyncio

    for attempt in range(PROBES):
        if attempt:
            await asyncio.sleep(PROBE_GAP_S)
        try:
            _, writer = await asyncio.wait_for(asyncio.open_connection(*address), PROBE_TIMEOUT_S)
        except ConnectionRefusedError:
            continue
        except OSError as err:  # no route to the host, network down: nothing answers either
            if err.errno in (errno.EHOSTUNREACH, errno.ENETUNREACH, errno.EADDRNOTAVAIL):
                continue
            return False
        writer.close()
        return False
    return True


@dataclass
class ExitWatch:
    """Watches the agent of a run: before each cell, between retries and after each errored cell.

    ``process``: the agent process windtunnel launched, polled for its exit. ``endpoint``: the URL of an
    HTTP agent windtunnel did not launch; a cell whose call could not connect has its address probed
    (:func:`refuses_connections`), and refused connections mean it stopped answering. Once the agent is
    found gone, :attr:`exit` holds why, no further cell should start, and the run raises it when its
    cells in flight are done. With neither, nothing is ever gone.
    """

    process: AgentProcess | None = None
    endpoint: str | None = None
    servers: Callable[[], list[tuple[str, str]]] | None = None
    """``(name, url)`` of the agent's MCP servers its proxies could not reach since the last ask
    (``ChaosRuntime.mcp_unreached``): each is probed after the cell, and one that refuses connections cuts the
    run short as a stopped agent does, since every later cell would fail inside the agent's MCP client."""
    exit: AgentExitedError | None = None
    cells_completed: int = 0
    """Cells completed (not cut short by the agent going away); the caller counts them with :meth:`completed`."""

    def gone(self) -> bool:
        """Whether the agent is gone (records why the first time a launched process is seen exited).

        Cheap enough to ask before every cell and between retries: it polls the process, never the network (an
        endpoint is only probed after a cell failed to connect)."""
        if self.exit is not None:
            return True
        proc = self.process
        code = proc.exited() if proc is not None else None
        if proc is None or code is None:
            return False
        self._exited(proc, code)
        return True

    def _exited(self, proc: AgentProcess, code: int) -> None:
        """Record that the launched agent exited with ``code``: its stderr tail, and the processes it left
        running (stopped with the run), go into the error the run raises."""
        self.exit = AgentExitedError(
            proc.command_text,
            code,
            cells_completed=self.cells_completed,
            stderr_tail=proc.stderr_tail(),
            left_running=tuple(proc.left_running()),
        )

    def completed(self, result: CellResult) -> None:
        """Count ``result`` as completed unless the agent's exit cut it short (the count the exit error reports)."""
        if result.error_kind != "agent_exited":
            self.cells_completed += 1

    async def check(self, result: CellResult) -> CellResult:
        """The result, marked ``agent_exited`` when it errored because the agent went away.

        A launched process gets :data:`EXIT_GRACE_S` after a connection error to finish exiting (its
        socket may already refuse while it is still closing down); an endpoint is probed.
        """
        if self.exit is None and await self._server_stopped(result):
            return replace(result, status="error", error=self._cut_short(result), error_kind="agent_exited")
        if result.status != "error" or (self.process is None and self.endpoint is None):
            return result
        if self.process is not None:
            if not await self._exited_within_grace(result) and not await self._left_behind_refuses(result):
                return result
        elif not self.gone():
            if not could_not_connect(result) or not await self._endpoint_refuses():
                return result
            if self.exit is None:  # the first cell to find it gone says why
                assert self.endpoint is not None
                self.exit = AgentStoppedError(
                    self.endpoint, cells_completed=self.cells_completed, last_error=result.error or "no answer"
                )
        assert self.exit is not None
        return replace(result, error=self._cut_short(result), error_kind="agent_exited")

    async def _server_stopped(self, result: CellResult) -> bool:
        """Whether an MCP server the cell's calls could not reach now refuses connections (recorded in
        :attr:`exit`). Whatever the cell's status: an agent that caught the failure and answered something did not
        meet the conditions the cell was planned with."""
        for name, url in self.servers() if self.servers is not None else ():
            address = probe_address(url)
            if address is not None and await refuses_connections(address):
                self.exit = AgentStoppedError(
                    url,
                    cells_completed=self.cells_completed,
                    last_error=result.error or "its MCP server could not be reached",
                    server=name,
                )
                return True
        return False

    async def _exited_within_grace(self, result: CellResult) -> bool:
        """Whether the launched process is found exited within :data:`EXIT_GRACE_S` of a cell that failed to connect;
        a cell that failed for another reason is the agent's own error and is not waited on."""
        # here, not at the top: `validate` imports this module (replays) without the run's runtime
        import anyio

        waited = 0.0
        while not self.gone():
            if not connection_failed(result) or waited >= EXIT_GRACE_S:
                return False
            await anyio.sleep(0.05)
            waited += 0.05
        return True

    async def _left_behind_refuses(self, result: CellResult) -> bool:
        """A command that exited 0 while processes it started live on (so it looks daemonised) is gone too
        when nothing answers at its address any more: what it left running is not the agent."""
        proc = self.process
        assert proc is not None
        code = proc.leader_exited()
        if code is None or not could_not_connect(result):
            return False
        address = proc.address()
        if address is None or not await refuses_connections(address):
            return False
        if self.exit is None:
            self._exited(proc, code)
        return True

    async def _endpoint_refuses(self) -> bool:
        """Whether the unlaunched agent's address now refuses connections (:func:`refuses_connections`)."""
        assert self.endpoint is not None
        address = probe_address(self.endpoint)
        return address is not None and await refuses_connections(address)

    def _cut_short(self, result: CellResult) -> str:
        """The error text of a cell cut short: what happened to the agent, then the cell's own error."""
        if isinstance(self.exit, AgentStoppedError):
            return f"{self.exit.who} stopped answering during this cell: {result.error or 'the cell ' + result.status}"
        assert self.exit is not None
        return f"the agent process exited (code {self.exit.code}) during this cell: {result.error}"

    def raise_if_gone(self) -> None:
        """Raise why the agent is gone, counting every cell completed, also those in flight that finished after it."""
        if self.exit is not None:
            raise self.exit.recounted(self.cells_completed)
