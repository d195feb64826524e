"""``agent.mcp_servers``: each MCP server of the agent behind an in-process MCP fault proxy for the run.

The proxies take the plan of the cell(s) now running from the chaos runtime (cells then run one at a
time, so every call and fault lands in its cell), and the agent is handed the proxied address in
``WINDTUNNEL_MCP_<NAME>_URL`` — in the environment of a launched ``agent.command``, and in this
process's environment for in-process agents, for the run's duration.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable
from typing import Any

import httpx

from windtunnel._util.errors import AgentUnreachableError, ConfigError
from windtunnel.chaos.plan import FaultPlan
from windtunnel.chaos.proxy.mcp import McpFaults
from windtunnel.chaos.proxy.mcp_http import McpHttpProxy


def env_name(name: str) -> str:
    """The environment variable that gives an agent the proxied URL of MCP server ``name``
    (``WINDTUNNEL_MCP_<NAME>_URL``, the name upper-cased with other characters as ``_``)."""
    return "WINDTUNNEL_MCP_" + re.sub(r"[^A-Za-z0-9]", "_", name).upper() + "_URL"


def server_problems(servers: dict[str, str]) -> list[ConfigError]:
    """The ``agent.mcp_servers`` entries a run cannot put behind a proxy (``validate`` reports the same)."""
    return [
        ConfigError(
            f"agent.mcp_servers.{name} is {target!r}: only streamable HTTP servers (a URL such as "
            "http://127.0.0.1:8000/mcp) are launched behind the proxy yet",
            hint=f'for a stdio server, give your agent `windtunnel proxy mcp --server-command "{target}"` '
            "as the server command (see docs/frameworks/mcp.md)",
        )
        for name, target in servers.items()
        if "://" not in target
    ]


PROBE_TIMEOUT_S = 10.0
"""How long the preflight waits for each MCP server's answer to ``initialize``."""
_INITIALIZE = {
    "jsonrpc": "2.0",
    "id": "windtunnel-preflight",
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-03-26",
        "capabilities": {},
        "clientInfo": {"name": "windtunnel-preflight", "version": "1"},
    },
}


async def _probe(client: httpx.AsyncClient, url: str) -> str | None:
    """Why the streamable HTTP MCP server at ``url`` cannot serve the run, or ``None``."""
    headers = {"Accept": "application/json, text/event-stream"}
    try:
        resp = await client.post(url, json=_INITIALIZE, headers=headers)
    except httpx.HTTPError as err:
        return f"{type(err).__name__}: {err or 'no answer'}"
    session = resp.headers.get("mcp-session-id")
    if session:
        with contextlib.suppress(httpx.HTTPError):
            await client.delete(url, headers={"mcp-session-id": session})
    if resp.status_code == 404 or resp.status_code >= 500:
        return f"it answered HTTP {resp.status_code} to an MCP initialize request: {resp.text[:200]!r}"
    return None


class McpServers:
    """The fault proxies in front of an agent's ``agent.mcp_servers`` (streamable HTTP), one per server.

    Each proxy asks ``plan_source`` for the running cell's fault plan, so the MCP tool calls of every cell meet
    that cell's faults; the agent finds the proxies through :meth:`env`."""

    def __init__(self, servers: dict[str, str], plan_source: Callable[[], FaultPlan | None], host: str) -> None:
        """Check the servers (a bad entry raises its :class:`ConfigError`); nothing is started yet."""
        problems = server_problems(servers)
        if problems:
            raise problems[0]
        self.servers = dict(servers)
        self.plan_source = plan_source
        self.host = host
        self.proxies: dict[str, Any] = {}
        self._saved_env: dict[str, str | None] = {}
        self._unreached: dict[str, int] = {}
        """Each proxy's count of unreached requests when :meth:`stopped` last looked."""

    async def start(self, *, in_process: bool) -> None:
        """Start one proxy per server; for an agent that runs in this process (``in_process``) also set
        :meth:`env` in ``os.environ`` (restored by :meth:`aclose`)."""
        for name, url in self.servers.items():
            proxy = McpHttpProxy(McpFaults(plan_source=self.plan_source), upstream=url, host=self.host)
            await proxy.start()
            self.proxies[name] = proxy
        if in_process:
            for key, value in self.env().items():
                self._saved_env[key] = os.environ.get(key)
                os.environ[key] = value

    async def check(self, stderr_tail: str = "") -> None:
        """Reach every server before any cell runs: an MCP ``initialize`` sent straight to it (any HTTP answer
        but 404 / 5xx proves a server is there; a session it opens is closed again). Otherwise raise
        :class:`AgentUnreachableError` (exit 3) naming the server, with ``stderr_tail`` (the launched
        agent's, which may have started it): every cell would otherwise fail inside the agent's MCP client."""
        async with httpx.AsyncClient(timeout=PROBE_TIMEOUT_S, trust_env=False) as client:
            for name, url in self.servers.items():
                why = await _probe(client, url)
                if why is None:
                    continue
                tail = f"; the agent's stderr (last lines):\n{stderr_tail}" if stderr_tail.strip() else ""
                raise AgentUnreachableError(
                    f"agent.mcp_servers.{name} ({url}) is unreachable: {why}{tail}",
                    hint="start the MCP server before the run (or from agent.command) and check the URL; "
                    "nothing was sent to the agent",
                )

    def unreached(self) -> list[tuple[str, str]]:
        """``(name, url)`` of each server its proxy failed to reach since the last ask (asked after each cell).

        Whether such a server is gone is the caller's to decide (the run's exit watch probes its address): a
        server that is slow, resets or answers errors is still there, and what it does to a cell is that cell's
        result."""
        found = []
        for name, proxy in self.proxies.items():
            if proxy.unreached != self._unreached.get(name, 0):
                self._unreached[name] = proxy.unreached
                found.append((name, self.servers[name]))
        return found

    def env(self) -> dict[str, str]:
        """``WINDTUNNEL_MCP_<NAME>_URL`` → the proxied address of each server."""
        return {env_name(name): f"{proxy.url}/mcp" for name, proxy in self.proxies.items()}

    @property
    def addresses(self) -> set[tuple[str, int]]:
        """``(host, port)`` of every proxy: the tool proxy lets calls to them through unfaulted (no fault twice)."""
        return {(p.host, p.port) for p in self.proxies.values()}

    async def aclose(self) -> None:
        """Restore the environment :meth:`start` changed and stop every proxy."""
        for key, value in self._saved_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        self._saved_env.clear()
        for proxy in self.proxies.values():
            await proxy.aclose()
        self.proxies.clear()
