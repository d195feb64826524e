"""A python agent whose model is a real ``openai.OpenAI`` client (``client``), for llm_judge tests.

Tests point ``client`` at a local stub (``client.base_url = stub.openai_url``) and name it in
``agent.llm``, so windtunnel faults the agent's model at the SDK's transport.
"""

from __future__ import annotations

import openai

client = openai.OpenAI(base_url="http://127.0.0.1:9/v1", api_key="test-key", max_retries=0)


def answer(prompt: str) -> str:
    """The model's answer to ``prompt``, or an apology when the model call fails."""
    try:
        reply = client.chat.completions.create(model="agent-model", messages=[{"role": "user", "content": prompt}])
    except openai.APIError:
        return "Sorry, the assistant is unavailable right now."
    return reply.choices[0].message.content or ""
