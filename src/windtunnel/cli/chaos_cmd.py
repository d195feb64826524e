"""``windtunnel proxy tools|llm`` (standalone fault proxies) and ``windtunnel profiles``."""

from __future__ import annotations

from typing import Any

import typer

from windtunnel.cli._format import chosen_format, format_option
from windtunnel.cli.app import app

proxy_app = typer.Typer(
    help="Run a fault proxy on its own, for an agent you start yourself (see docs/chaos.md).",
    no_args_is_help=True,
)
app.add_typer(proxy_app, name="proxy")

ConfigOpt = typer.Option(None, "--config", "-c", help="Config file (default: ./windtunnel.yaml).")
ScenarioOpt = typer.Option(None, "--scenario", help="A chaos_matrix scenario (default: the chaos: block).")
ProfileOpt = typer.Option(None, "--profile", help="A built-in chaos profile to add.")
SeedOpt = typer.Option(None, "--seed", help="Seed for probability decisions (default: advanced.seed).")
HostOpt = typer.Option("127.0.0.1", "--host", help="Interface to listen on.")


def _spec_and_seed(config: str | None, scenario: str | None, profile: str | None, seed: int | None) -> Any:
    from windtunnel._util.errors import UsageError
    from windtunnel._util.suggest import did_you_mean
    from windtunnel.chaos.spec import ChaosSpec
    from windtunnel.config.load import load_config

    cfg = load_config(config)
    if scenario is not None:
        names = [s.name for s in cfg.scenarios]
        if scenario not in names:
            raise UsageError(
                f"no scenario named {scenario!r} in the chaos matrix{did_you_mean(scenario, names)}",
                hint=f"scenarios: {', '.join(names) or '(none)'}",
            )
        spec = ChaosSpec.resolve(cfg.scenarios[names.index(scenario)], profile=profile)
    else:
        spec = ChaosSpec.resolve(cfg.chaos, profile=profile)
    if not spec.active:
        raise UsageError(
            "nothing to inject: the config has no chaos: faults and no --scenario or --profile was given",
            hint="add a chaos: block, pick a matrix scenario with --scenario, or a profile with --profile",
        )
    if seed is None:
        seed = cfg.advanced.seed
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    return spec, seed


def _print_call(entry: dict[str, Any]) -> None:
    from rich.markup import escape

    from windtunnel.cli._console import out_console

    args = entry.get("args") or {}
    what = f"{args.get('method', '')} {args.get('url', '')}".strip() if isinstance(args, dict) else ""
    faults = ",".join(entry.get("faults") or [])
    status = entry.get("error") or "ok"
    line = f"{entry['target']} {entry.get('name')} {what} -> {status}" + (f" [{faults}]" if faults else "")
    out_console().print(("[bold red]" if faults else "[dim]") + escape(line) + "[/]")


def _serve(kind: str, spec: Any, seed: int, host: str, port: int, upstream: str | None) -> None:
    import anyio
    from rich.markup import escape

    from windtunnel.chaos.plan import FaultPlan
    from windtunnel.chaos.proxy import LlmProxy, ToolProxy
    from windtunnel.chaos.proxy.tools import unmatchable_patterns
    from windtunnel.cli._console import err_console, out_console

    plan = FaultPlan(spec, seed=seed, key=spec.name)
    plan.on_call = _print_call
    con = out_console()
    warn = err_console()
    for why in unmatchable_patterns(plan) if kind == "tools" else []:
        warn.print(f"[yellow]warning:[/] {escape(why)}")

    async def main() -> None:
        server: Any
        if kind == "tools":
            server = ToolProxy(lambda: plan, host=host, port=port)
        else:
            assert upstream is not None
            server = LlmProxy(lambda: plan, upstream=upstream, host=host, port=port)
        async with server:
            con.print(f"windtunnel {kind} proxy on [bold]{server.url}[/] — scenario {spec.name!r}, seed {seed}")
            for f in (*spec.tool_faults, *spec.llm_faults, *spec.context_attacks):
                con.print(f"  injects {f.describe()}")
            if kind == "tools":
                con.print(
                    f"start your agent with:  HTTP_PROXY={server.url} http_proxy={server.url} NO_PROXY= <command>"
                )
            else:
                con.print(f"start your agent with:  OPENAI_BASE_URL={server.url}/v1 <command>   (upstream {upstream})")
            con.print("Ctrl-C stops the proxy.")
            await server.serve_forever()

    try:
        anyio.run(main)
    finally:
        fired = len(plan.fired)
        con.print(f"{len(plan.calls)} call(s) seen, {fired} fault(s) fired")
        if not fired:
            warn.print(
                f"[yellow]warning:[/] no fault fired in {len(plan.calls)} call(s), so nothing was tested: check "
                "the tool names and match_url patterns against the calls logged above"
            )


@proxy_app.command("tools")
def proxy_tools(
    port: int = typer.Option(8899, "--port", "-p", help="Port to listen on."),
    config: str = ConfigOpt,
    scenario: str = ScenarioOpt,
    profile: str = ProfileOpt,
    seed: int = SeedOpt,
    host: str = HostOpt,
) -> None:
    """Fault-injecting HTTP forward proxy for an agent's outbound tool calls (set its HTTP_PROXY)."""
    spec, seed_ = _spec_and_seed(config, scenario, profile, seed)
    _serve("tools", spec, seed_, host, port, None)


@proxy_app.command("llm")
def proxy_llm(
    upstream: str = typer.Option(
        ..., "--upstream", help="The real OpenAI-compatible base URL, e.g. https://api.openai.com/v1."
    ),
    port: int = typer.Option(8898, "--port", "-p", help="Port to listen on."),
    config: str = ConfigOpt,
    scenario: str = ScenarioOpt,
    profile: str = ProfileOpt,
    seed: int = SeedOpt,
    host: str = HostOpt,
) -> None:
    """OpenAI-compatible fault proxy for an agent's model calls (set its OPENAI_BASE_URL)."""
    from windtunnel._util.errors import UsageError

    if "://" not in upstream:
        raise UsageError(f"--upstream must be a URL like https://api.openai.com/v1, got {upstream!r}")
    spec, seed_ = _spec_and_seed(config, scenario, profile, seed)
    _serve("llm", spec, seed_, host, port, upstream)


@app.command("profiles")
def profiles(
    fmt: str | None = format_option("Output format: table or json (a list of profiles)."),
) -> None:
    """List the built-in chaos profiles and what each injects (use with --chaos-profile NAME)."""
    from rich.table import Table

    from windtunnel.chaos.profiles import load_profile, profile_names
    from windtunnel.chaos.spec import ChaosSpec
    from windtunnel.cli._console import out_console

    if chosen_format(fmt, False) == "json":
        import orjson

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
