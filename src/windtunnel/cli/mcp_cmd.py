"""``windtunnel proxy mcp``: the MCP fault proxy (stdio), launched by an MCP client as its server command.

An agent's MCP tools are another seam: the proxy sits between the MCP client (the agent, or its framework) and the
real MCP server and faults tool calls by their MCP tool name, with the same fault modes and plan as the other
proxies. Two transports: stdio — the client is configured to launch ``windtunnel proxy mcp --server-command
"..."`` as its server, and the proxy launches the real one — or streamable HTTP in front of ``--upstream``. Server
failures have their own switches: ``--kill-server-after N`` kills the stdio server mid-session at a tool call, and
``--drift-tools`` renames the input-schema properties in ``tools/list`` answers (a server upgraded under the agent).
On stdio, stdout belongs to the MCP protocol, so everything this command says goes to stderr.

This module completes the ``proxy`` group declared in :mod:`~windtunnel.cli.chaos_cmd` and re-exports its ``app``:
the command table (:data:`~windtunnel.cli.app.COMMANDS`) loads ``proxy`` through this module so that every
``proxy`` sub-command is registered when the group is.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Mapping
from typing import Any

import anyio
import typer

from windtunnel._util.errors import AgentUnreachableError, UsageError
from windtunnel.chaos.plan import FaultPlan
from windtunnel.chaos.proxy.mcp import McpFaults, ServerFailed, relay_stdio
from windtunnel.chaos.proxy.mcp_http import McpHttpProxy
from windtunnel.cli._console import out_console
from windtunnel.cli.chaos_cmd import (
    ConfigOpt,
    HostOpt,
    ProfileOpt,
    ScenarioOpt,
    SeedOpt,
    _spec_and_seed,
    proxy_app,
    serve_until_signal,
)
from windtunnel.cli.chaos_cmd import app as app  # the `proxy` group loads through here: cli/app.py COMMANDS


@proxy_app.command("mcp")
def proxy_mcp(
    server_command: str = typer.Option(
        None, "--server-command", help='stdio: the real MCP server\'s command line, e.g. "python server.py".'
    ),
    upstream: str = typer.Option(
        None, "--upstream", help="streamable HTTP: the real MCP server's URL, e.g. http://127.0.0.1:8000/mcp."
    ),
    port: int = typer.Option(
        8897, "--port", "-p", min=0, max=65535, help="streamable HTTP: the port the proxy listens on."
    ),
    host: str = HostOpt,
    config: str = ConfigOpt,
    scenario: str = ScenarioOpt,
    profile: str = ProfileOpt,
    seed: int = SeedOpt,
    error_style: str = typer.Option(
        "isError", "--error-style", help="How failing faults answer: isError (a tool error result) or jsonrpc."
    ),
    kill_server_after: int = typer.Option(
        None,
        "--kill-server-after",
        min=0,
        help="stdio: kill the server at the client's tool call after N of them, faulted calls included "
        "(it dies mid-session); the summary says when it was never killed.",
    ),
    drift_tools: bool = typer.Option(
        False, "--drift-tools", help="Rename the input-schema properties of every tool in tools/list answers."
    ),
) -> None:
    """MCP fault proxy, tool faults by MCP tool name. stdio: give your MCP client `windtunnel proxy mcp
    --server-command "..."` as its server command (the log goes to stderr; stdout is the MCP channel).
    Streamable HTTP: `--upstream URL`, then point the client at the proxy's URL."""

    if error_style not in ("isError", "jsonrpc"):
        raise UsageError(f"--error-style must be isError or jsonrpc, got {error_style!r}")
    if (server_command is None) == (upstream is None):
        raise UsageError(
            'give the MCP server either as --server-command "..." (stdio) or as --upstream URL (streamable HTTP)'
        )
    if upstream is not None and "://" not in upstream:
        raise UsageError(f"--upstream must be a URL like http://127.0.0.1:8000/mcp, got {upstream!r}")
    command = shlex.split(server_command or "")
    if upstream is None and not command:
        raise UsageError("--server-command is empty; give the MCP server's command line")
    spec, seed_ = _spec_and_seed(config, scenario, profile, seed)
    plan = FaultPlan(spec, seed=seed_, key=spec.name)

    def log(line: str) -> None:
        """One line on stderr, prefixed: stdout is the MCP protocol stream and must carry nothing else."""
        sys.stderr.write(f"windtunnel mcp: {line}\n")
        sys.stderr.flush()

    def on_call(entry: Mapping[str, Any]) -> None:
        """Log a ``tools/call`` through the proxy with its result and the faults it got."""
        faults = ",".join(entry.get("faults") or [])
        log(f"tools/call {entry.get('name')} -> {entry.get('error') or 'ok'}" + (f" [{faults}]" if faults else ""))

    plan.on_call = on_call
    faults = McpFaults(plan, error_style=error_style, drift_tools=drift_tools, kill_after_calls=kill_server_after)

    async def main() -> int:
        """Relay the client on this process's stdin/stdout to the real server's command, faulting tool calls; returns
        the server's exit code.
        """
        stdin = anyio.wrap_file(sys.stdin.buffer)
        stdout = anyio.wrap_file(sys.stdout.buffer)

        async def write(line: bytes) -> None:
            """Write one protocol line to the client and flush it at once (the client waits for it)."""
            await stdout.write(line)
            await stdout.flush()

        return await relay_stdio(faults, command, read_client=stdin.readline, write_client=write, log=log)

    if upstream is not None:
        _serve_http(faults, upstream, host, port, log)
        return
    log(f"scenario {spec.name!r}, seed {seed_}, server: {server_command}")
    try:
        code = anyio.run(main)
    except ServerFailed as err:
        raise AgentUnreachableError(
            f"{err}; its stderr ends with:\n{err.tail or '(nothing)'}",
            hint="run the --server-command on its own to see why it fails",
        ) from None
    except OSError as err:
        raise AgentUnreachableError(str(err), hint="check the --server-command (program name and PATH)") from None
    log(f"{len(plan.calls)} tool call(s) seen, {len(plan.fired)} fault(s) fired; server exit code {code}")
    if kill_server_after is not None and faults.killed_after is None:
        log(
            f"the server was never killed: the client made {faults.tool_calls} tool call(s), and "
            f"--kill-server-after {kill_server_after} kills it at call {kill_server_after + 1}"
        )
    if code:
        raise typer.Exit(3)


def _serve_http(faults: Any, upstream: str, host: str, port: int, log: Any) -> None:
    """Serve the streamable-HTTP MCP fault proxy on ``host:port`` in front of ``upstream`` until Ctrl-C or SIGTERM, then
    log why it stopped; a proxy that never started (a busy port) says only its error.
    """
    stopped: list[str] = []
    served: list[bool] = []  # the proxy listened: only then is there a summary to print

    async def main() -> None:
        """Start the proxy, say where to point the MCP client, then serve until a signal."""
        async with McpHttpProxy(faults, upstream=upstream, host=host, port=port) as server:
            served.append(True)
            out_console().print(f"windtunnel MCP proxy on {server.url}/mcp -> {upstream}", soft_wrap=True)
            out_console().print("point your MCP client at that URL; Ctrl-C (or SIGTERM) stops the proxy.")
            await serve_until_signal(server, stopped)

    try:
        anyio.run(main)
    finally:
        if served:  # a proxy that never started (a busy port) has only its error to say
            if stopped:
                log(f"stopped ({stopped[0]})")
            log(f"{len(faults.plan.calls)} tool call(s) seen, {len(faults.plan.fired)} fault(s) fired")
