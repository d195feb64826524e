"""``windtunnel proxy mcp``: the MCP fault proxy (stdio), launched by an MCP client as its server command."""

from __future__ import annotations

import shlex
import sys
from typing import Any

import typer

from windtunnel.cli.chaos_cmd import ConfigOpt, ProfileOpt, ScenarioOpt, SeedOpt, _spec_and_seed, proxy_app


@proxy_app.command("mcp")
def proxy_mcp(
    server_command: str = typer.Option(
        ..., "--server-command", help='The real MCP server\'s command line, e.g. "python orders_server.py".'
    ),
    config: str = ConfigOpt,
    scenario: str = ScenarioOpt,
    profile: str = ProfileOpt,
    seed: int = SeedOpt,
    error_style: str = typer.Option(
        "isError", "--error-style", help="How failing faults answer: isError (a tool error result) or jsonrpc."
    ),
    drift_tools: bool = typer.Option(
        False, "--drift-tools", help="Rename the input-schema properties of every tool in tools/list answers."
    ),
) -> None:
    """MCP fault proxy over stdio: give your MCP client `windtunnel proxy mcp --server-command "..."` as the
    server command; tool faults apply by MCP tool name. The log goes to stderr (stdout is the MCP channel)."""
    import anyio

    from windtunnel._util.errors import AgentUnreachableError, UsageError
    from windtunnel.chaos.plan import FaultPlan
    from windtunnel.chaos.proxy.mcp import McpFaults, ServerFailed, relay_stdio

    if error_style not in ("isError", "jsonrpc"):
        raise UsageError(f"--error-style must be isError or jsonrpc, got {error_style!r}")
    command = shlex.split(server_command)
    if not command:
        raise UsageError("--server-command is empty; give the MCP server's command line")
    spec, seed_ = _spec_and_seed(config, scenario, profile, seed)
    plan = FaultPlan(spec, seed=seed_, key=spec.name)

    def log(line: str) -> None:
        sys.stderr.write(f"windtunnel mcp: {line}\n")
        sys.stderr.flush()

    def on_call(entry: dict[str, Any]) -> None:
        faults = ",".join(entry.get("faults") or [])
        log(f"tools/call {entry.get('name')} -> {entry.get('error') or 'ok'}" + (f" [{faults}]" if faults else ""))

    plan.on_call = on_call
    faults = McpFaults(plan, error_style=error_style, drift_tools=drift_tools)

    async def main() -> int:
        stdin = anyio.wrap_file(sys.stdin.buffer)
        stdout = anyio.wrap_file(sys.stdout.buffer)

        async def write(line: bytes) -> None:
            await stdout.write(line)
            await stdout.flush()

        return await relay_stdio(faults, command, read_client=stdin.readline, write_client=write, log=log)

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
    if code:
        raise typer.Exit(3)
