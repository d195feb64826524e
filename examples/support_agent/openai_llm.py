"""The support agent on the real ``openai`` SDK: the variant most production agents look like.

:data:`client` is an ``openai.OpenAI`` client; :func:`handle` is the robust support agent calling it.
Point ``agent.llm`` at ``examples.support_agent.openai_llm:client`` and windtunnel injects LLM faults
below the SDK, at its HTTP transport: the agent then meets the SDK's own ``RateLimitError``,
``APITimeoutError``, ``InternalServerError`` and connection errors, after the SDK's own retries.

The client talks to ``OPENAI_BASE_URL`` when it is set; otherwise to the bundled rule-based policy
served as an OpenAI-compatible API (:mod:`.policy_server`) on a free local port, started on import, so
everything runs offline. Needs ``pip install 'windtunnel[openai]'``.
"""

from __future__ import annotations

import os
from typing import Any

try:
    import openai
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError("this example needs the openai SDK: pip install 'windtunnel[openai]'") from exc

from examples.support_agent.agent import SupportAgent
from examples.support_agent.policy_server import serve_in_thread


def _base_url() -> str:
    configured = os.environ.get("OPENAI_BASE_URL", "").strip()
    if configured:
        return configured
    _, url = serve_in_thread()
    return url + "/v1"


client = openai.OpenAI(
    base_url=_base_url(),
    api_key=os.environ.get("OPENAI_API_KEY") or "sk-local-policy",
    max_retries=2,
    timeout=10.0,
)
"""The agent's model client (``agent.llm: "examples.support_agent.openai_llm:client"``)."""

AGENT = SupportAgent("robust", client=client)


def handle(prompt: str) -> dict[str, Any]:
    """The robust support agent's answer, its model reached through the openai SDK."""
    return AGENT.handle(prompt)


def reset() -> None:
    """Forget the conversation memory (and the refund ledger, like :func:`.agent.reset`)."""
    from examples.support_agent import tools

    AGENT.reset()
    tools.reset()
