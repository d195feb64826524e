"""Run framework agents cell by cell under a chaos spec, as the engine does."""

from __future__ import annotations

from typing import Any

from windtunnel.agents import build_agent
from windtunnel.chaos import ChaosRuntime, ChaosSpec
from windtunnel.config.load import parse_config


def config(agent: str, chaos: str = "") -> Any:
    return parse_config(f"agent: {agent}\n{chaos}\n", "windtunnel.yaml")


async def run(agent_yaml: str, faults: str | None, prompts: list[Any], *, seed: int = 1) -> list[tuple[Any, Any]]:
    """``[(response or exception, cell chaos)]`` for each prompt, with ``faults`` (a tool_faults list) active."""
    chaos = f"chaos:\n  tool_faults: {faults}" if faults else ""
    cfg = config(agent_yaml, chaos)
    spec = ChaosSpec.resolve(cfg.chaos) if faults else None
    out: list[tuple[Any, Any]] = []
    async with ChaosRuntime(cfg.agent, [spec] if spec else [], seed=seed) as rt:
        agent = build_agent(cfg.agent)
        async with agent:
            for i, prompt in enumerate(prompts):
                with rt.cell(spec, f"c{i}") as cc:
                    try:
                        res: Any = await agent.invoke(prompt)
                    except Exception as err:
                        res = err
                out.append((res, cc))
    return out
