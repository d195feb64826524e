"""``windtunnel proxy tools|llm`` (standalone fault proxies), ``windtunnel profiles`` and ``windtunnel faults``.

The standalone proxies are for an agent windtunnel does not start and cannot wrap: the user points the agent at the
proxy (``HTTP_PROXY`` for its tool calls, ``OPENAI_BASE_URL`` / ``ANTHROPIC_BASE_URL`` / ``OLLAMA_HOST`` for its
model) and drives it however they like, while the proxy injects the faults of the config's ``chaos:`` block, of one
contract scenario (``--scenario``) or of a built-in profile (``--profile``), with the same fault plan and seed
semantics as a run. They are the same proxy classes a run serves (:mod:`windtunnel.chaos.proxy`), so a fault
behaves identically in both.

Only the chaos part of the config is read (:func:`_chaos_part`): a proxy needs no agent section, and a config whose
agent is not set up yet still serves. Safety and honesty rules: a non-loopback ``--host`` is warned about (the LLM
proxy relays callers' API keys); a spec that injects nothing is refused (exit 2) rather than served; and on exit the
proxy says how many calls it saw and faults it fired, warning when none fired, because a proxy the agent's calls
never matched has tested nothing. ``proxy env`` prints the environment for the fixed ports a run expects
(``agent.proxy_port`` / ``agent.llm_proxy_port``); ``proxy mcp`` lives in :mod:`~windtunnel.cli.mcp_cmd`.
"""

from __future__ import annotations

import datetime
import json
import secrets
import signal
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anyio
import orjson
import typer
from pydantic import ValidationError
from rich.markup import escape
from rich.table import Table

from windtunnel._util.aioloop import server_loop_options
from windtunnel._util.errors import ConfigError, UsageError
from windtunnel._util.suggest import did_you_mean
from windtunnel.agents.registry import capabilities
from windtunnel.chaos.catalog import COMMON, IMPACTS, OUTCOMES, describe_all
from windtunnel.chaos.plan import FaultPlan
from windtunnel.chaos.profiles import load_profile, profile_names
from windtunnel.chaos.proxy import LlmProxy, ToolProxy
from windtunnel.chaos.proxy.tools import unmatchable_patterns
from windtunnel.chaos.spec import ChaosSpec
from windtunnel.cli._console import err_console, out_console
from windtunnel.cli._format import chosen_format, format_option
from windtunnel.cli._lazy import module_app
from windtunnel.config.load import CONFIG_NAMES, find_config, format_validation_error, load_config, read_text, read_yaml
from windtunnel.config.model import Config
from windtunnel.config.plugins import load_builtin_plugins
from windtunnel.config.proxy_env import agent_env

app = module_app()

proxy_app = typer.Typer(
    help="Run a fault proxy on its own for an agent you start yourself, or print the environment (env) that "
    "starts it behind the proxies run / ci serve (see docs/chaos.md).",
    no_args_is_help=True,
)
app.add_typer(proxy_app, name="proxy")

ConfigOpt = typer.Option(None, "--config", "-c", help="Config file (default: ./windtunnel.yaml).")
ScenarioOpt = typer.Option(None, "--scenario", help="A chaos_matrix scenario (default: the chaos: block).")
ProfileOpt = typer.Option(None, "--profile", help="A built-in chaos profile to add.")
SeedOpt = typer.Option(None, "--seed", help="Seed for probability decisions (default: advanced.seed).")
HostOpt = typer.Option(
    "127.0.0.1", "--host", help="Interface to listen on (anything but loopback exposes the proxy; it warns)."
)


LogOpt = typer.Option(
    None, "--log", help="Write one JSON line per call to FILE (request, faults fired, status, bytes, latency)."
)
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _chaos_part(config: str | None, profile: str | None) -> Any:
    """The ``chaos`` / ``chaos_matrix`` / ``advanced.seed`` part of the config (nothing else is needed).

    Without ``-c`` and with ``--profile``, a missing default config is fine: the profile is the chaos.
    """

    if config is None and profile and not any(Path(n).exists() for n in CONFIG_NAMES):
        return None
    path = find_config(config)
    data, smap = read_yaml(read_text(path), str(path))
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: the top level must be a mapping of keys")
    part: dict[str, Any] = {"agent": {"type": "python", "endpoint": "unused:unused"}}
    if "chaos" in data:
        part["chaos"] = data["chaos"]
    matrix = data.get("chaos_matrix")
    contract = data.get("contract")
    if matrix is None and isinstance(contract, dict):
        matrix = contract.get("chaos_matrix")
    if matrix is not None:
        part["chaos_matrix"] = matrix
    advanced = data.get("advanced")
    if isinstance(advanced, dict) and "seed" in advanced:
        part["advanced"] = {"seed": advanced["seed"]}
    try:
        return Config.model_validate(part)
    except ValidationError as err:
        raise ConfigError(format_validation_error(err, part, smap)) from None


def _spec_and_seed(config: str | None, scenario: str | None, profile: str | None, seed: int | None) -> Any:
    """The chaos spec a standalone proxy injects and the seed of its fault plan: ``--scenario``'s from the contract
    matrix, else the config's ``chaos:`` block, either under ``--profile``. An unknown scenario (with the closest name)
    or a spec that injects nothing is a :class:`UsageError`: a proxy that faults nothing would test nothing.
    """
    cfg = _chaos_part(config, profile)
    if scenario is not None:
        names = [s.name for s in cfg.scenarios] if cfg is not None else []
        if scenario not in names:
            raise UsageError(
                f"no scenario named {scenario!r} in the chaos matrix{did_you_mean(scenario, names)}",
                hint=f"scenarios: {', '.join(names) or '(none)'}",
            )
        spec = ChaosSpec.resolve(cfg.scenarios[names.index(scenario)], profile=profile)
    else:
        spec = ChaosSpec.resolve(cfg.chaos if cfg is not None else None, profile=profile)
    if not spec.active:
        raise UsageError(
            "nothing to inject: the config has no chaos: faults and no --scenario or --profile was given",
            hint="add a chaos: block, pick a matrix scenario with --scenario, or a profile with --profile",
        )
    if seed is None and cfg is not None:
        seed = cfg.advanced.seed
    if seed is None:
        seed = secrets.randbelow(2**31)
    return spec, seed


def _print_call(entry: Mapping[str, Any]) -> None:
    """One line on stdout per call through the proxy: target, name, method and URL, the result, and the faults it got; a
    faulted call is bold red, a clean one dim, so a scrolling log shows where faults landed.
    """
    args = entry.get("args") or {}
    what = f"{args.get('method', '')} {args.get('url', '')}".strip() if isinstance(args, dict) else ""
    faults = ",".join(entry.get("faults") or [])
    status = entry.get("error") or "ok"
    line = f"{entry['target']} {entry.get('name')} {what} -> {status}" + (f" [{faults}]" if faults else "")
    out_console().print(("[bold red]" if faults else "[dim]") + escape(line) + "[/]")


def _log_line(entry: Mapping[str, Any]) -> str:
    """A proxied call as one JSON line for ``--log``: UTC time (ms), target, name, request, faults, status, error, bytes
    and latency. Values JSON cannot hold are written as their ``repr`` rather than dropping the line.
    """
    record = {
        "time": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds"),
        "target": entry.get("target"),
        "name": entry.get("name"),
        "request": entry.get("args"),
        "faults": entry.get("faults") or [],
        "status": entry.get("status"),
        "error": entry.get("error"),
        "bytes": entry.get("bytes"),
        "latency_ms": entry.get("latency_ms"),
    }
    return json.dumps(record, ensure_ascii=False, default=repr) + "\n"


async def serve_until_signal(server: Any, stopped: list[str]) -> None:
    """Serve ``server`` until Ctrl-C or SIGTERM, whose name is appended to ``stopped``: every standalone
    proxy then prints its summary on either (a SIGTERM would otherwise end the process without it)."""

    with anyio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
        async with anyio.create_task_group() as tg:
            tg.start_soon(server.serve_forever)
            async for sig in signals:
                stopped.append(signal.Signals(sig).name)
                tg.cancel_scope.cancel()
                break


def _serve(
    kind: str,
    spec: Any,
    seed: int,
    host: str,
    port: int,
    upstream: str | None,
    log: str | None,
    anthropic_upstream: str | None = None,
) -> None:
    """Serve the ``tools`` (forward HTTP) or ``llm`` (OpenAI / Anthropic / Ollama wire) fault proxy on ``host:port``
    until Ctrl-C or SIGTERM, injecting ``spec`` with ``seed``.

    Each call is printed (and appended to ``log``); a ``--host`` that is not loopback is warned about (anyone who can
    reach it can use it, and the LLM proxy relays callers' API keys). On the way out it says how many calls it saw and
    how many faults fired, and warns when none did: the agent's calls never matched, so nothing was tested.
    """
    if not spec.delivered_at(kind):  # a proxy that faults nothing would test nothing
        other = "llm" if kind == "tools" else "tools"
        raise UsageError(
            f"nothing for the {kind} proxy to inject: scenario {spec.name!r} has no "
            + ("tool faults and no attacks in tool replies" if kind == "tools" else "LLM faults"),
            hint=f"its faults go through the {other} proxy: windtunnel proxy {other}"
            if spec.delivered_at(other)
            else "add faults for this seam to the chaos: block or the scenario",
        )
    plan = FaultPlan(spec, seed=seed, key=spec.name)
    con = out_console()
    warn = err_console()
    log_file = None
    if log is not None:
        try:
            log_file = open(log, "a", encoding="utf-8")  # noqa: SIM115 (closed in the finally below)
        except OSError as err:
            raise UsageError(f"cannot write the call log {log}: {err}", hint="pass a writable --log FILE") from None

    def on_call(entry: Mapping[str, Any]) -> None:
        """Print the call and, with ``--log``, append it and flush (a log read while the proxy runs is up to date)."""
        _print_call(entry)
        if log_file is not None:
            log_file.write(_log_line(entry))
            log_file.flush()

    plan.on_call = on_call
    for why in unmatchable_patterns(plan) if kind == "tools" else []:
        warn.print(f"[yellow]warning:[/] {escape(why)}")
    if host not in LOOPBACK:
        keys = ", and callers' Authorization headers (API keys) are relayed to the upstream" if kind == "llm" else ""
        warn.print(
            f"[yellow]warning:[/] --host {escape(host)} exposes the {kind} proxy to every machine that can reach "
            f"this one: anyone there can send requests through it{keys}. Use --host 127.0.0.1 unless that is "
            "what you want."
        )
    stopped: list[str] = []
    served: list[bool] = []  # the proxy listened: only then is there a summary to print

    async def main() -> None:
        """Start the proxy, say where it listens, what it injects and how to point an agent at it, then serve until a
        signal.
        """
        server: Any
        if kind == "tools":
            server = ToolProxy(lambda: plan, host=host, port=port)
        else:
            assert upstream is not None
            server = LlmProxy(
                lambda: plan, upstream=upstream, host=host, port=port, anthropic_upstream=anthropic_upstream
            )
        async with server:
            served.append(True)
            con.print(f"windtunnel {kind} proxy on [bold]{server.url}[/] — scenario {spec.name!r}, seed {seed}")
            for f in spec.delivered_at(kind):  # QA-28: each proxy listed the other seam's faults as its own
                con.print(f"  injects {f.describe()}")
            if kind == "tools":
                con.print(
                    f"start your agent with:  HTTP_PROXY={server.url} http_proxy={server.url} NO_PROXY= <command>"
                )
            else:
                con.print(
                    f"start your agent with:  OPENAI_BASE_URL={server.url}/v1 <command>   "
                    f"(Anthropic: ANTHROPIC_BASE_URL={server.url}; Ollama: OLLAMA_HOST={server.url}; upstream "
                    f"{upstream})"
                )
            if log is not None:
                con.print(f"calls are logged to {log} (one JSON line each)")
            con.print("Ctrl-C (or SIGTERM) stops the proxy.")
            await serve_until_signal(server, stopped)

    try:
        anyio.run(main, backend_options=server_loop_options())
    finally:
        if log_file is not None:
            log_file.close()
        if served:  # a proxy that never started (a busy port) has only its error to say
            fired = len(plan.fired)
            if stopped:
                con.print(f"stopped ({stopped[0]})")
            con.print(f"{len(plan.calls)} call(s) seen, {fired} fault(s) fired")
            if not fired:
                warn.print(
                    f"[yellow]warning:[/] no fault fired in {len(plan.calls)} call(s), so nothing was tested: "
                    "check the tool names and match_url patterns against the calls logged above"
                )


@proxy_app.command("env")
def proxy_env(
    config: str = ConfigOpt,
    export: bool = typer.Option(False, "--export", help="Write `export KEY=VALUE` lines (for a shell's eval)."),
) -> None:
    """Print the environment to start an agent you run yourself with, so that its tool and model calls pass
    through the proxies `run`, `ci` and `contract run` serve on agent.proxy_port / agent.llm_proxy_port
    (default 8899 / 8898): `env $(windtunnel proxy env -c FILE) python agent.py`. Nothing in the config
    needs to change: those commands check with one call that the agent is behind the proxies."""

    cfg = load_config(find_config(config))
    agent = cfg.agent
    if capabilities(agent).python or not hasattr(agent, "proxy_port"):
        raise UsageError(
            f"agent.type {agent.type} runs inside windtunnel: its tools and model client are faulted in process, "
            "with no proxy environment to set"
        )
    if getattr(agent, "command", None):
        raise UsageError("windtunnel launches this agent (agent.command) and sets its environment itself")
    con = out_console()
    for key, value in agent_env(agent).items():
        con.print(
            f"export {key}={value}" if export else f"{key}={value}", markup=False, highlight=False, soft_wrap=True
        )


@proxy_app.command("tools")
def proxy_tools(
    port: int = typer.Option(8899, "--port", "-p", min=0, max=65535, help="Port to listen on."),
    config: str = ConfigOpt,
    scenario: str = ScenarioOpt,
    profile: str = ProfileOpt,
    seed: int = SeedOpt,
    host: str = HostOpt,
    log: str = LogOpt,
) -> None:
    """Fault-injecting HTTP forward proxy for an agent's outbound tool calls (set its HTTP_PROXY)."""
    spec, seed_ = _spec_and_seed(config, scenario, profile, seed)
    _serve("tools", spec, seed_, host, port, None, log)


@proxy_app.command("llm")
def proxy_llm(
    upstream: str = typer.Option(
        ...,
        "--upstream",
        help="The real model API's base URL: https://api.openai.com/v1, https://api.anthropic.com/v1, or any "
        "OpenAI-compatible server's.",
    ),
    port: int = typer.Option(8898, "--port", "-p", min=0, max=65535, help="Port to listen on."),
    config: str = ConfigOpt,
    scenario: str = ScenarioOpt,
    profile: str = ProfileOpt,
    seed: int = SeedOpt,
    host: str = HostOpt,
    log: str = LogOpt,
    anthropic_upstream: str = typer.Option(
        None,
        "--anthropic-upstream",
        help="Where Anthropic Messages calls go (e.g. https://api.anthropic.com) when --upstream is OpenAI's.",
    ),
) -> None:
    """Fault proxy for an agent's model calls: OpenAI Chat Completions and Responses, Anthropic Messages,
    Ollama's native /api/chat and /api/generate (set its OPENAI_BASE_URL / ANTHROPIC_BASE_URL / OLLAMA_HOST;
    for Ollama, --upstream http://localhost:11434)."""

    if "://" not in upstream:
        raise UsageError(f"--upstream must be a URL like https://api.openai.com/v1, got {upstream!r}")
    if anthropic_upstream is not None and "://" not in anthropic_upstream:
        raise UsageError(
            f"--anthropic-upstream must be a URL like https://api.anthropic.com, got {anthropic_upstream!r}"
        )
    spec, seed_ = _spec_and_seed(config, scenario, profile, seed)
    _serve("llm", spec, seed_, host, port, upstream, log, anthropic_upstream)


@app.command("profiles")
def profiles(
    fmt: str | None = format_option("Output format: table or json (a list of profiles)."),
) -> None:
    """List the built-in chaos profiles and what each injects (use with --chaos-profile NAME)."""

    if chosen_format(fmt, False) == "json":
        rows = []
        for name in profile_names():
            spec = ChaosSpec.resolve(profile=name)
            rows.append(
                {
                    "name": name,
                    "description": " ".join(load_profile(name).description.split()),
                    "tool_faults": [{"tool": getattr(f, "tool", "*"), "fault": f.describe()} for f in spec.tool_faults],
                    "llm_faults": [f.describe() for f in spec.llm_faults],
                    "context_attacks": [a.describe() for a in spec.context_attacks],
                }
            )
        out_console().file.write(orjson.dumps(rows, option=orjson.OPT_INDENT_2).decode() + "\n")
        return
    table = Table(show_lines=True)
    table.add_column("profile", style="bold")
    table.add_column("what it simulates")
    table.add_column("injects")
    for name in profile_names():
        p = load_profile(name)
        spec = ChaosSpec.resolve(profile=name)
        lines = [f"tool {getattr(f, 'tool', '*')}: {f.describe()}" for f in spec.tool_faults]
        lines += [f"llm: {f.describe()}" for f in spec.llm_faults]
        lines += [f"context: {a.describe()}" for a in spec.context_attacks]
        table.add_row(name, " ".join(p.description.split()), "\n".join(lines))
    out_console().print(table)


@app.command("faults")
def faults(
    seam: str = typer.Argument(None, help="Only the modes of one seam: tool or llm."),
    fmt: str | None = format_option("Output format: table or json (a list of modes)."),
) -> None:
    """List the fault modes usable under chaos.tool_faults / chaos.llm_faults: what each does, its
    impact (1 mildest .. 5 harshest) and its parameters."""

    if seam not in (None, "tool", "llm"):
        raise UsageError(f"no seam named {seam!r}", hint="use `windtunnel faults tool` or `windtunnel faults llm`")
    load_builtin_plugins()
    rows = [f for f in describe_all() if seam is None or f.seam == seam]
    con = out_console()
    if chosen_format(fmt, False) == "json":
        data = [f.as_dict() for f in rows]
        con.file.write(orjson.dumps(data, option=orjson.OPT_INDENT_2, default=repr).decode() + "\n")
        return
    table = Table(show_lines=False, pad_edge=False, box=None, header_style="bold")
    for col in ("seam", "mode", "impact", "outcome", "what the agent meets", "parameters"):
        table.add_column(col, no_wrap=col in ("seam", "mode", "impact", "outcome"))
    for f in rows:
        params = ", ".join(f"{p.name}={p.default!r}" for p in f.params) or "-"
        summary = f.summary + "".join(f" Not on {n}." for n in f.not_on)
        table.add_row(f.seam, f.mode, str(f.impact), f.outcome, escape(summary.replace("``", "`")), escape(params))
    con.print(table)
    levels = "; ".join(f"{k} {v}" for k, v in IMPACTS.items())
    kinds = "; ".join(f"{k}: {v}" for k, v in OUTCOMES.items())
    con.print(
        f"\n{len(rows)} modes. Tool modes also take: {', '.join(COMMON['tool'][1:])}; LLM modes: "
        f"{', '.join(COMMON['llm'][1:])}.\nImpact: {escape(levels)}.\nOutcome (shrinking keeps it): {escape(kinds)}."
        "\nDetails: docs/chaos.md"
    )
