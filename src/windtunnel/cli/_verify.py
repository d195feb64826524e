"""The checks of ``windtunnel verify``, printed one line each."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path
from typing import TYPE_CHECKING

from windtunnel._util.errors import ExitCode
from windtunnel._util.redact import redact_url
from windtunnel.cli._console import err_console, out_console

if TYPE_CHECKING:
    from windtunnel.config.model import Config


def verify_setup(config: Path | None) -> int:
    import anyio
    from rich.markup import escape

    from windtunnel._util.imports import import_ref
    from windtunnel.agents.refcheck import check_agent_refs
    from windtunnel.config.load import find_config, load_config

    out = out_console()
    path = find_config(config)
    cfg = load_config(path)
    out.print(f"[green]ok[/]   config {escape(str(path))} is valid")
    for where, ref in cfg.agent.python_refs():
        import_ref(ref, what=where)
        out.print(f"[green]ok[/]   {where} {escape(ref)} imports")
    check_agent_refs(cfg.agent)

    async def reach() -> None:
        from windtunnel.agents import build_agent

        async with AsyncExitStack() as stack:
            if cfg.agent.command:
                from windtunnel.agents.process import AgentProcess

                await stack.enter_async_context(AgentProcess(cfg.agent))
            await stack.enter_async_context(build_agent(cfg.agent))

    anyio.run(reach)
    label = getattr(cfg.agent, "endpoint", None) or getattr(cfg.agent, "base_url", cfg.agent.type)
    out.print(f"[green]ok[/]   agent {escape(redact_url(str(label)))} is reachable")
    if "model" in cfg.model_fields_set and cfg.model.enabled:
        problem = _model_problem(cfg)
        if problem:
            err_console().print(f"[yellow]warn[/] {escape(problem)}")
        else:
            out.print(f"[green]ok[/]   mutation model {escape(cfg.model.name)} answers")
    return int(ExitCode.OK)


def _model_problem(cfg: Config) -> str | None:
    """Why the ``model:`` endpoint cannot generate mutations, or None when it answers."""
    import httpx

    from windtunnel.mutations.llm import DEFAULT_BASE_URLS

    model = cfg.model
    base = (model.base_url or DEFAULT_BASE_URLS.get(model.provider, "")).rstrip("/")
    if not base:
        return f"model.provider {model.provider!r} has no default endpoint: set model.base_url"
    try:
        resp = httpx.get(f"{base}/models", timeout=5.0, trust_env=False)
    except httpx.HTTPError as err:
        return (
            f"the mutation model at {base} does not answer ({type(err).__name__}); mutations will use the "
            "deterministic generators"
        )
    if resp.status_code >= 400:
        return f"the mutation model at {base} answered HTTP {resp.status_code} to GET /models"
    return None
