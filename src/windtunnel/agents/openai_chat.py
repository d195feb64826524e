"""An agent served behind an OpenAI-compatible ``/v1/chat/completions``.

The ``openai_chat`` agent type is for a model or agent server that speaks the chat completions wire format (vLLM,
Ollama, LiteLLM, a hosted model): no request template to write, message lists pass through as they are, and the
answer is ``choices[0].message.content``. Statuses and transport failures map to error kinds exactly as for the
``http`` type, since both share :mod:`windtunnel.agents.http`'s helpers."""

from __future__ import annotations

import os
import time

import httpx

from windtunnel._util.envexpand import expand_env
from windtunnel._util.errors import AgentBadResponse, AgentUnreachableError, ConfigError
from windtunnel._util.jsonsafe import loads as json_loads
from windtunnel.agents._pooled import PooledHttpAgent, expand_headers
from windtunnel.agents.base import AgentInput, AgentResponse, TransportMutation
from windtunnel.agents.config import OpenAIChatAgentConfig
from windtunnel.agents.http import probe_url, raise_for_status, transport_error
from windtunnel.agents.registry import builtin_agent_type
from windtunnel.agents.response import preview


@builtin_agent_type("openai_chat", config=OpenAIChatAgentConfig)
class OpenAIChatAgent(PooledHttpAgent):
    """Sends each prompt as a chat completion (optional system prompt) and reads ``choices[0].message.content``.

    It takes message lists, so multi-turn attacks run as real conversations; a chat completion endpoint keeps no
    conversation between requests, so there is nothing to reset between cells."""

    accepts_messages = True

    def __init__(self, cfg: OpenAIChatAgentConfig, *, concurrency: int = 10) -> None:
        """Keep the config; the base URL and key are read in ``__aenter__``, at run time."""
        super().__init__(timeout_ms=cfg.timeout, concurrency=concurrency, max_response_bytes=cfg.max_response_bytes)
        self.cfg = cfg
        self.name = f"{cfg.base_url} ({cfg.model})"

    async def __aenter__(self) -> OpenAIChatAgent:
        """Read the API key from ``agent.api_key_env`` (a named but unset variable is a config error, not a 401 per
        cell), expand the base URL and open the pooled client, which probes ``/models``.

        The key is sent as a bearer token over the client's headers and never written into the config, the store
        or a report."""
        headers = expand_headers(self.cfg.headers)
        if self.cfg.api_key_env:
            key = os.environ.get(self.cfg.api_key_env)
            if not key:
                raise ConfigError(
                    f"agent.api_key_env names {self.cfg.api_key_env}, but that environment variable is not set",
                    hint=f"export {self.cfg.api_key_env}=...",
                )
            headers["authorization"] = f"Bearer {key}"
        self.base = expand_env(self.cfg.base_url, where="agent.base_url").rstrip("/")
        await self._open(headers)
        return self

    async def check_reachable(self) -> None:
        """Probe ``{base_url}/models``: any HTTP answer (even 401) proves the server is there."""
        await probe_url(self.client, f"{self.base}/models", self.probe_timeout_s)

    async def invoke(self, prompt: AgentInput, *, transport: TransportMutation | None = None) -> AgentResponse:
        """One chat completion: a string prompt becomes one user message, a message list is sent as it is,
        ``agent.system_prompt`` goes first. Latency in milliseconds around the exchange; an answer without
        ``choices[0].message`` is :class:`AgentBadResponse`, quoting the start of the body."""
        client = self.client
        messages = list(prompt) if isinstance(prompt, list) else [{"role": "user", "content": prompt}]
        if self.cfg.system_prompt:
            messages.insert(0, {"role": "system", "content": self.cfg.system_prompt})
        payload: dict[str, object] = {"model": self.cfg.model, "messages": messages}
        if self.cfg.temperature is not None:
            payload["temperature"] = self.cfg.temperature
        url = f"{self.base}/chat/completions"
        request = client.build_request("POST", url, json=payload)
        start = time.perf_counter()
        try:
            resp = await (transport.send(client.shard, request) if transport else client.send(request))
        except httpx.HTTPError as err:
            raise transport_error(err, url, self.cfg.timeout) from None
        latency = (time.perf_counter() - start) * 1000
        raise_for_status(resp)
        try:
            body = json_loads(resp.content)
            content = body["choices"][0]["message"].get("content")
        except (ValueError, KeyError, IndexError, TypeError, AttributeError):
            raise AgentBadResponse(f"not a chat completion: {preview(resp.text)}") from None
        return AgentResponse(content, latency, raw=body, status_code=resp.status_code)

    async def reset(self) -> None:
        """Nothing to reset: a chat completion endpoint holds no conversation between requests."""
        return None

    has_reset = False


__all__ = ["AgentUnreachableError", "OpenAIChatAgent"]
