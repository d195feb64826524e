"""Warnings about values that are valid but probably not what the user meant.

They never stop a command: ``validate`` lists them with the preflight warnings and ``run`` prints them
with the plan's notices before the first agent call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from windtunnel.config.model import Config

SECONDS_LIKE_TIMEOUT_MS = 1000
"""An ``agent.timeout`` below this many milliseconds reads like seconds (upstream refuses < 1000 ms)."""


def config_warnings(cfg: Config) -> list[str]:
    """Every advisory about ``cfg``, one line each, at the line of its key."""
    out: list[str] = []
    timeout = cfg.agent.timeout
    if timeout < SECONDS_LIKE_TIMEOUT_MS:
        out.append(
            cfg.where(("agent", "timeout"))
            + f"agent.timeout is {timeout} ms (milliseconds, not seconds): every call gets {timeout / 1000:g} s. "
            f"If you meant {timeout} seconds, write timeout: {timeout * 1000}"
        )
    return out


def timeout_advice(cfg: Config, timed_out: int, cells: int, waiting_on_model: int = 0) -> str | None:
    """After a run whose cells timed out: how many, the limit they met and the setting that changes it (a hanging agent
    and a slow one look the same from outside; only the second is fixed in the config). ``waiting_on_model``: how many
    of them ended with the agent's model call still unanswered (a model that hangs, not the agent's own code)."""
    if not timed_out:
        return None
    timeout = cfg.agent.timeout
    at = cfg.where(("agent", "timeout")).removesuffix(": ")
    model = (
        f" In {waiting_on_model} of them the agent was still waiting for its model's answer (the cell's calls end with "
        "a model call that has `no answer yet`): look at the model server first."
        if waiting_on_model
        else ""
    )
    return (
        f"{timed_out} of {cells} cell(s) timed out: the agent gave no answer within agent.timeout ({timeout} ms"
        f"{f', {at}' if at else ', the default'}).{model} An agent that hangs needs a fix (a failure's `reproduce` "
        "command reruns its cell); one that is only slower than that needs a larger agent.timeout, in milliseconds"
    )
