"""The agent's LLM client: ``client.chat.completions.create(model=..., messages=..., tools=...)``.

:data:`client` is the seam a harness wraps (``agent.llm: "examples.support_agent.llm:client"``);
the agent looks it up on this module at every call. ``create`` returns a plain ``dict`` in the
OpenAI chat-completion shape.

Where the completion comes from is decided per call:

* ``OPENAI_BASE_URL`` unset: the in-process rule-based policy (:mod:`.policy`);
* ``OPENAI_BASE_URL`` set (e.g. ``http://127.0.0.1:8000/v1``): an HTTP ``POST
  {base}/chat/completions`` through ``httpx`` with ``trust_env=True``, with
  ``Authorization: Bearer $OPENAI_API_KEY`` when that is set. Run
  ``python -m examples.support_agent.policy_server`` to serve the same policy over HTTP, or
  point it at any OpenAI-compatible server or proxy.
"""

from __future__ import annotations

import os
from typing import Any

import httpx

from examples.support_agent import policy

BASE_URL_ENV = "OPENAI_BASE_URL"
API_KEY_ENV = "OPENAI_API_KEY"
TIMEOUT_S = 30.0


class LLMError(Exception):
    """The HTTP LLM endpoint failed: a transport error, an HTTP error status or a non-JSON body."""

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


class _Completions:
    def create(self, *, model: str, messages: list[dict[str, Any]],
               tools: list[dict[str, Any]] | None = None, **kwargs: Any) -> dict[str, Any]:
        """One chat completion; ``kwargs`` (temperature …) are forwarded over HTTP only."""
        base = os.environ.get(BASE_URL_ENV, "").strip().rstrip("/")
        if not base:
            return policy.complete(messages, tools, model)
        return _http_complete(base, model, messages, tools, kwargs)


class _Chat:
    def __init__(self) -> None:
        self.completions = _Completions()


class SupportLLM:
    """An OpenAI-style client object: ``SupportLLM().chat.completions.create(...)``."""

    def __init__(self) -> None:
        self.chat = _Chat()


client = SupportLLM()
"""The client the agent calls (looked up on this module at call time)."""


def _http_complete(base: str, model: str, messages: list[dict[str, Any]],
                   tools: list[dict[str, Any]] | None, extra: dict[str, Any]) -> dict[str, Any]:
    body: dict[str, Any] = {"model": model, "messages": messages, **extra}
    if tools:
        body["tools"] = tools
    headers = {}
    key = os.environ.get(API_KEY_ENV)
    if key:
        headers["Authorization"] = f"Bearer {key}"
    url = f"{base}/chat/completions"
    try:
        with httpx.Client(trust_env=True, timeout=TIMEOUT_S) as http:
            response = http.post(url, json=body, headers=headers)
    except httpx.HTTPError as exc:
        raise LLMError(f"LLM request to {url} failed: {type(exc).__name__}: {exc}") from exc
    if response.status_code >= 400:
        raise LLMError(f"LLM endpoint {url} returned HTTP {response.status_code}: {response.text[:200]}",
                       status=response.status_code)
    try:
        payload = response.json()
    except ValueError:
        raise LLMError(f"LLM endpoint {url} returned a non-JSON body: {response.text[:200]!r}",
                       status=response.status_code) from None
    if not isinstance(payload, dict):
        raise LLMError(f"LLM endpoint {url} returned JSON that is not an object: {payload!r:.200}")
    return payload
