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
    """Whether windtunnel reaches the in-process ``agent``'s model calls before it runs: ``agent.llm`` is set, or it is
    a framework agent whose every model's SDK client windtunnel finds (the seam LLM faults use, installed then in every
    run)."""
    if getattr(agent, "llm", None):
        return True
    return is_framework(agent) and bool(seen_llm_clients(agent))


def require_llm_seam(agent: Any, *, hint: str) -> bool:
    """Raise :class:`ConfigError` when the in-process ``agent`` has no model seam to inject model answers through
    (:func:`has_llm_seam`): a session that says it injects them would otherwise hold none (recording) or let the live
    model answer (replaying), and the replay would prove nothing about the model's part.

    A framework agent with no model client found whose calls may build their model
    (:func:`~windtunnel.agents.frameworks.records_new_clients`) may be reached on the SDK clients the run creates, or
    not (a model built at import and looked up indirectly, a model of another SDK): True says so, and the caller
    checks once the agent ran (:func:`require_llm_reached`)."""
    if has_llm_seam(agent):
        return False
    if is_framework(agent) and records_new_clients(agent):
        return True
    raise ConfigError(NO_LLM_SEAM, hint=hint)


def require_llm_reached(reported: int | None, heard: int, *, hint: str) -> None:
    """After a run on the clients it created (:func:`require_llm_seam` said True): raise :class:`ConfigError` when the
    seam heard no model call, or fewer than the agent's own count of its model requests (``reported``, its usage
    record): the others went past windtunnel, and their answers can be neither recorded nor injected."""
    if heard and (reported is None or reported <= heard):
        return
    said = f"the agent made {reported} model request(s)" if reported else "the agent's model"
    raise ConfigError(
        f"{NO_LLM_SEAM} ({said}; windtunnel heard {heard or 'none'} of them on the SDK clients the run created)",
        hint=hint,
    )
