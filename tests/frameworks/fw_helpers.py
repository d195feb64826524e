"""Run framework agents cell by cell under a chaos spec, as the engine does."""

from __future__ import annotations

from typing import Any

from windtunnel.agents import build_agent
from windtunnel.chaos import ChaosRuntime, ChaosSpec
from windtunnel.config.load import parse_config


def tools_of(calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tool calls of a cell's ``calls`` (the model calls are recorded beside them, in order)."""
    return [c for c in calls if c.get("target") == "tool"]


def seams_of(calls: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """A cell's ``calls`` as ``(target, name)`` pairs, in the order they happened."""
    return [(str(c.get("target")), str(c.get("name"))) for c in calls]


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
