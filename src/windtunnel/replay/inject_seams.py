"""Where recorded model answers can be injected into an in-process agent: one rule for recording and replaying."""

from __future__ import annotations

from typing import Any

from windtunnel._util.errors import ConfigError
from windtunnel.agents.frameworks import is_framework, records_new_clients, seen_llm_clients

NO_LLM_SEAM = (
    "recorded model answers (replay.inject includes llm) are injected through agent.llm, which is not set, or "
    "through a framework model's SDK client, which windtunnel cannot find on this agent: give agent.llm the "
    "'module:attr' of the agent's model client (or of a framework's model object, such as a ChatOpenAI)"
)


def has_llm_seam(agent: Any) -> bool:
    """Whether windtunnel reaches the in-process ``agent``'s model calls: ``agent.llm`` is set, or it is a framework
    agent whose every model's SDK client windtunnel finds, or whose calls build their model on an SDK client the run
    creates (the seam LLM faults use, installed then in every run)."""
    if getattr(agent, "llm", None):
        return True
    return is_framework(agent) and (bool(seen_llm_clients(agent)) or records_new_clients(agent))


def require_llm_seam(agent: Any, *, hint: str) -> None:
    """Raise :class:`ConfigError` when the in-process ``agent`` has no model seam to inject model answers through
    (:func:`has_llm_seam`): a session that says it injects them would otherwise hold none (recording) or let the live
    model answer (replaying), and the replay would prove nothing about the model's part."""
    if not has_llm_seam(agent):
        raise ConfigError(NO_LLM_SEAM, hint=hint)
