"""Where recorded model answers can be injected into an in-process agent: one rule for recording and replaying."""

from __future__ import annotations

from typing import Any

from windtunnel._util.errors import ConfigError

NO_LLM_SEAM = (
    "recorded model answers (replay.inject includes llm) are injected through agent.llm, which is not set: give "
    "the 'module:attr' of the agent's model client (or of a framework's model object, such as a ChatOpenAI)"
)


def require_llm_seam(agent: Any, *, hint: str) -> None:
    """Raise :class:`ConfigError` when the in-process ``agent`` has no ``agent.llm`` to inject model answers through:
    a session that says it injects them would otherwise hold none (recording) or let the live model answer
    (replaying), and the replay would prove nothing about the model's part."""
    if not getattr(agent, "llm", None):
        raise ConfigError(NO_LLM_SEAM, hint=hint)
