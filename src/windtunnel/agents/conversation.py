"""Conversations: a golden prompt written as ``{turns: ["...", "..."]}`` runs turn by turn.

Each turn is one agent call. An agent that takes messages (``accepts_messages``; framework agents do)
receives the whole history so far — every earlier user turn and the agent's own answer to it — plus the
new turn; other agents receive each turn as a prompt and keep their own state between the calls of the
cell. The cell's answer is the last turn's; its tool calls, usage and the transcript cover every turn.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from windtunnel.agents.base import AgentInput, AgentResponse, Message

SEPARATOR = " ⏎ "
"""Joins the turns of a conversation into its golden-prompt label (reports, baselines, ``--cell``)."""


def label(turns: list[str]) -> str:
    """The golden-prompt label of a conversation: its turns joined by :data:`SEPARATOR`, so reports and ``--cell``
    selections name a conversation as one string."""
    return SEPARATOR.join(turns)


Call = Callable[[AgentInput], Awaitable[tuple[AgentResponse | None, Any, int]]]


def _add_usage(total: dict[str, Any] | None, usage: Any) -> dict[str, Any] | None:
    """``total`` plus one turn's ``usage`` record: token and request counts add up; the model is the first one named (a
    turn that names another model does not overwrite it). A turn without usage leaves the total as it is, and the
    total stays ``None`` until some turn reports usage."""
    if not isinstance(usage, dict):
        return total
    if total is None:
        return dict(usage)
    out = dict(total)
    for key in ("input_tokens", "output_tokens", "total_tokens", "requests"):
        if key in usage or key in out:
            out[key] = int(out.get(key) or 0) + int(usage.get(key) or 0)
    if usage.get("model") and usage.get("model") != out.get("model"):
        out["model"] = usage["model"] if not out.get("model") else out["model"]
    return out


async def converse(
    call: Call, turns: list[str], *, accepts_messages: bool, answers: list[AgentResponse] | None = None
) -> tuple[AgentResponse | None, Any, int, list[Message]]:
    """Run ``turns`` through ``call``; ``(last response, error, attempts, transcript)``. ``answers``, when given,
    receives each turn's own response (for invariants judged on ``each_turn``). A failed turn ends the
    conversation with its error (the transcript shows how far it got).

    The returned response carries the last turn's output with the tool calls, usage and latency of all turns added
    up, and ``metadata["turns"]``; ``attempts`` counts the calls of every turn, retries included."""
    history: list[Message] = []
    response: AgentResponse | None = None
    attempts = 0
    tool_calls: list[dict[str, Any]] = []
    usage: dict[str, Any] | None = None
    latency = 0.0
    for turn in turns:
        history.append({"role": "user", "content": turn})
        prompt: AgentInput = list(history) if accepts_messages else turn
        response, error, tries = await call(prompt)
        attempts += tries
        if error is not None or response is None:
            return None, error, attempts, history
        history.append({"role": "assistant", "content": response.output or ""})
        if answers is not None:
            answers.append(response)
        tool_calls += response.tool_calls
        usage = _add_usage(usage, response.metadata.get("usage"))
        latency += response.latency_ms
    assert response is not None
    metadata = {**response.metadata, "turns": len(turns)}
    if usage is not None:
        metadata["usage"] = usage
    final = AgentResponse(
        response.output,
        latency,
        raw=response.raw,
        tool_calls=tool_calls,
        metadata=metadata,
        status_code=response.status_code,
    )
    return final, None, attempts, history


ESCALATIONS = ("gradual_escalation", "refusal_erosion")
"""``multi_turn_attack`` strategies whose pressure comes from the user's turns: they run as real
conversations (the agent's own answers in between) when the agent takes messages. The other strategies
rest on fabricated assistant turns (a false history) and keep sending them as written."""


def attack_turns(mutation_type: str, args: dict[str, Any], value: Any) -> list[str] | None:
    """The user turns of a crescendo-style ``multi_turn_attack`` sent as messages, else ``None``."""
    if mutation_type != "multi_turn_attack" or args.get("strategy") not in ESCALATIONS or not isinstance(value, list):
        return None
    turns = [str(m.get("content", "")) for m in value if isinstance(m, dict) and m.get("role") == "user"]
    return turns or None


def turn_contexts(ctx: Any, turns: list[str], answers: list[AgentResponse]) -> list[Any]:
    """One :class:`~windtunnel.invariants.base.CheckContext` per answered turn (same cell, that turn's answer)."""
    return [
        replace(
            ctx, output=r.output, prompt=turn, latency_ms=r.latency_ms, tool_calls=r.tool_calls, metadata=r.metadata
        )
        for turn, r in zip(turns, answers, strict=False)
    ]
