"""Running one agent call through an LLM seam under a fault: in process (``agent.llm`` is the SDK client)
or through ``proxy llm`` (the client's base URL points at the proxy). Shared by the conformance tests."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from types import SimpleNamespace
from typing import Any

import anthropic
import openai
import sdk_clients as sc
from tests.conftest import eventually as _eventually
from threaded_proxies import llm_proxy

from windtunnel.chaos import ChaosRuntime, ChaosSpec
from windtunnel.chaos.plan import FaultPlan
from windtunnel.config.load import parse_config

AGENT = "{endpoint: 'sdk_clients:call', llm: 'sdk_clients:CLIENT'}"
STREAMS = [False, True]


def eventually(check: Callable[[], bool]) -> bool:
    """The proxy logs a call when its client hangs up, a moment after the SDK has raised."""
    return _eventually(check, timeout=60, interval=0.01)


def spec_of(fault: str | None) -> tuple[Any, ChaosSpec | None]:
    chaos = f"chaos:\n  llm_faults: [{fault}]\n" if fault else ""
    cfg = parse_config(f"agent: {AGENT}\n{chaos}", "windtunnel.yaml")
    return cfg.agent, ChaosSpec.resolve(cfg.chaos) if fault else None


async def faulted(
    kind: str,
    fault: str | None,
    stream: bool,
    seed: int = 1,
    path: str = "inproc",
    action: Callable[..., Awaitable[Any]] | None = None,
    **kw: Any,
) -> tuple[Any, Any]:
    """``(result or exception, cell)`` of one agent call under ``fault`` (on ``path``); ``action(kind,
    stream, **kw)`` makes the agent's calls instead of one ``sc.call``.

    The client made last by ``sc.make`` sets the SDK options; on the proxy path a client with the same
    options is pointed at the proxy."""
    agent, spec = spec_of(fault)
    if path == "proxy":
        plan = FaultPlan(spec or ChaosSpec(name="no_chaos"), seed=seed, key="scenario")
        model_client = sc.CLIENT
        with llm_proxy(plan, str(model_client.base_url).rstrip("/").removesuffix("/v1") + "/v1") as proxy:
            sc.CLIENT = model_client.with_options(base_url=proxy.url + ("" if "anthropic" in kind else "/v1"))
            try:
                out: Any = await (action or sc.call)(kind, stream, **kw)
            except Exception as err:
                out = err
            finally:
                sc.CREATED.append(sc.CLIENT)
                sc.CLIENT = model_client
        return out, SimpleNamespace(calls=plan.calls, fired=plan.fired)
    async with ChaosRuntime(agent, [spec] if spec else [], seed=seed) as rt:
        with rt.cell(spec, "cell-1") as cc:
            try:
                out = await (action or sc.call)(kind, stream, **kw)
            except Exception as err:
                out = err
    return out, cc


async def direct(kind: str, stream: bool) -> Any:
    try:
        return await sc.call(kind, stream)
    except Exception as err:
        return err


def sdk(kind: str) -> Any:
    return anthropic if "anthropic" in kind else openai
