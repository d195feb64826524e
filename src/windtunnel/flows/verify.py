"""The verify flow: is everything a run needs in place? Config, python references, the agent, the model.

Each check that passes is a :class:`~windtunnel.flows.events.Checked` event; a failure raises the error a
run would stop on (a config error: exit 2, an unreachable agent: exit 3). The config goes through the same
:func:`~windtunnel.flows.preflight.preflight` as ``validate`` and ``ci``, so verify never calls a config
ready that ``run`` refuses; its warnings are ``Checked(ok=False)`` events. An unreachable mutation model
only warns: mutations then fall back to the deterministic generators. So does a judge that gives no
verdict (each ``llm_judge`` check would fail as an error).
"""

from __future__ import annotations

import socket
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import getproxies, proxy_bypass

import httpx

from windtunnel._util.aioloop import run_async
from windtunnel._util.imports import import_ref
from windtunnel._util.redact import redact_url
from windtunnel.agents import build_agent
from windtunnel.agents.frameworks import is_framework, load
from windtunnel.agents.process import AgentProcess
from windtunnel.agents.refcheck import check_agent_refs
from windtunnel.chaos.proxy.mcp_servers import McpServers
from windtunnel.chaos.sdk_clients import sdk_clients_of
from windtunnel.config.load import find_config, load_config
from windtunnel.config.model import Config
from windtunnel.flows.events import SILENT, Checked, Listener
from windtunnel.flows.preflight import preflight, require_prompts
from windtunnel.invariants.judge import judged, probe, target
from windtunnel.mutations.llm import DEFAULT_BASE_URLS, routes


def verify_flow(config: Path | None, listener: Listener = SILENT) -> list[str]:
    """Check the setup without running a test (``windtunnel verify`` and ``run --verify-only``); returns the warnings,
    each also sent to the listener as a failed check.

    In order: every python reference imports, the config passes the checks ``validate`` makes (errors: exit 2), the
    agent starts and its MCP servers answer (an unreachable agent: exit 3), then the mutation model and each judge are
    asked one question. Those last two only warn: mutations fall back to the deterministic generators, and a judge that
    gives no verdict would turn its checks into errors, which the run reports.
    """

    path = find_config(config)
    cfg = load_config(path)
    for where, ref in cfg.agent.python_refs():
        import_ref(ref, what=where)
        listener(Checked(f"{where} {ref} imports"))
    check_agent_refs(cfg.agent)

    found = preflight(cfg, imports=True)  # what `validate`, `run` and `ci` reject: exit 2 before the agent
    require_prompts(cfg, found)
    found.raise_errors(str(path), command="verify")
    listener(Checked(f"config {path} is valid"))
    for warning in found.warnings:
        listener(Checked(warning, ok=False))

    async def reach() -> None:
        """Start the agent as a run would (its process when ``agent.command`` launches it, then its adapter) and reach
        each MCP server it names directly, with no proxy; everything is closed on the way out, also on failure.
        """
        async with AsyncExitStack() as stack:
            process = None
            if cfg.agent.command:
                process = await stack.enter_async_context(AgentProcess(cfg.agent))
            await stack.enter_async_context(build_agent(cfg.agent))
            servers = getattr(cfg.agent, "mcp_servers", None)
            if servers:  # the run's own preflight: each server reached straight, no proxy needed
                await McpServers(servers, lambda: None, "127.0.0.1").check(process.stderr_tail() if process else "")

    run_async(reach)
    label = getattr(cfg.agent, "endpoint", None) or getattr(cfg.agent, "base_url", cfg.agent.type)
    listener(Checked(f"agent {redact_url(str(label))} is reachable"))
    for name in getattr(cfg.agent, "mcp_servers", None) or {}:
        listener(Checked(f"agent.mcp_servers.{name} answers an MCP initialize"))
    warnings: list[str] = list(found.warnings)
    for where, url in agent_model_urls(cfg):
        problem = model_endpoint_problem(url, where)
        if problem:
            warnings.append(problem)
        listener(
            Checked(problem or f"the agent's model at {redact_url(url)} ({where}) accepts connections", ok=not problem)
        )
    if "model" in cfg.model_fields_set and cfg.model.enabled:
        problem = model_problem(cfg)
        if problem:
            warnings.append(problem)
            listener(Checked(problem, ok=False))
        else:
            listener(Checked(f"mutation model {cfg.model.name} answers"))
    warnings += judge_problems(cfg, listener)
    return warnings


def judge_problems(cfg: Config, listener: Listener) -> list[str]:
    """Each distinct judge of the ``llm_judge`` invariants asked one trivial question: a warning for each
    that gives no verdict (its checks would all fail as errors).

    Judges are deduplicated by (base URL, model), so a contract with ten judged invariants on one model costs one
    request. A judge that answers is reported as a passed check with its URL redacted; the warnings returned are
    also sent to the listener as failed checks."""

    out: list[str] = []
    seen: set[tuple[str | None, str | None]] = set()
    for _, inv in judged(cfg):
        s = inv.settings
        if (s.base_url, s.model) in seen:
            continue
        seen.add((s.base_url, s.model))
        problem = probe(s)
        if problem:
            out.append(problem)
            listener(Checked(problem, ok=False))
        else:
            model, url = target(s)  # as asked: ${VAR:-default} expanded
            listener(Checked(f"llm_judge judge {model} at {redact_url(url)} gives verdicts"))
    return out


def model_problem(cfg: Config) -> str | None:
    """Why the ``model:`` endpoint cannot generate mutations, or None when it answers.

    One GET of its model list (Ollama's ``/api/tags`` then ``/v1/models``; ``/models`` elsewhere), 5 s at most, without
    proxies from the environment. The answer is a warning, not an error: mutations then come from the deterministic
    generators.
    """

    model = cfg.model
    base = (model.base_url or DEFAULT_BASE_URLS.get(model.provider, "")).rstrip("/")
    if not base:
        return f"model.provider {model.provider!r} has no default endpoint: set model.base_url"
    # Ollama's native API lists its models at /api/tags; an OpenAI-compatible endpoint at /models
    probes = ["/api/tags", "/v1/models"] if routes(model.provider, base)[0].api == "ollama" else ["/models"]
    status = 0
    for path in probes:
        try:
            resp = httpx.get(f"{base}{path}", timeout=5.0, trust_env=False)
        except httpx.HTTPError as err:
            return (
                f"the mutation model at {base} does not answer ({type(err).__name__}); mutations will use the "
                "deterministic generators"
            )
        if resp.status_code < 400:
            return None
        status = resp.status_code
    return f"the mutation model at {base} answered HTTP {status} to GET {probes[-1]}"


def agent_model_urls(cfg: Config) -> list[tuple[str, str]]:
    """``(where, base URL)`` of each OpenAI / Anthropic SDK client the agent's own model calls go through: the one
    ``agent.llm`` names, or those a framework agent's models hold (the clients LLM faults are installed on). An
    in-process agent is "reachable" once it imports; its model is a server of its own, and when that server is down
    every cell fails with the SDK's connection error. Clients that cannot be found are left out (``validate`` says
    so when a fault needs them)."""
    found: list[tuple[str, Any]] = []
    llm = getattr(cfg.agent, "llm", None)
    if llm:
        found += [(f"agent.llm {llm}", c) for c in sdk_clients_of(import_ref(llm, what="agent.llm"))]
    elif is_framework(cfg.agent):
        module, obj = load(cfg.agent)
        found += [(f"the {cfg.agent.type} agent's model", c) for c in module.find_llm_clients(obj)[0]]
    out: dict[str, str] = {}
    for where, client in found:
        url = str(getattr(client, "base_url", "") or "")
        if url.startswith(("http://", "https://")):
            out.setdefault(url, where)
    return [(where, url) for url, where in out.items()]


def model_endpoint_problem(url: str, where: str, timeout: float = 3.0) -> str | None:
    """Why the agent's model at ``url`` cannot be reached, or None: one TCP connection to its host and port, no
    request sent (a model call would cost tokens). Not checked when an HTTP(S) proxy from the environment would carry
    the agent's calls (the proxy, not this machine, reaches the host)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if getproxies().get(parts.scheme) and not proxy_bypass(host):
        return None
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return None
    except OSError as err:
        why = err.strerror or type(err).__name__
    return (
        f"the agent's model at {redact_url(url)} ({where}) cannot be reached ({why}): every cell whose agent asks its "
        "model would fail with the SDK's connection error. Start the model server, or point the client's base_url at "
        "one that runs"
    )
