"""The rule-based policy as an OpenAI-compatible server: ``python -m examples.support_agent.policy_server``.

``POST /v1/chat/completions`` (also ``/chat/completions``) takes ``{"model", "messages",
"tools"}`` and answers with the same chat-completion dict the in-process client returns, so
the agent's HTTP LLM path runs offline: ``OPENAI_BASE_URL=http://127.0.0.1:PORT/v1``. Streaming
is not supported (``"stream": true`` is a 400). ``GET /v1/models`` lists the one model;
``GET /__requests`` / ``POST /__reset`` expose and clear the log of completion requests.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from examples.support_agent import policy
from examples.support_agent._http import (
    BadRequest,
    JSONHandler,
    JSONServer,
    base_parser,
    json_body,
    run_forever,
    start_in_thread,
)


class PolicyServer(JSONServer):
    """A :class:`JSONServer` answering chat completions with :func:`policy.complete`."""

    def __init__(self, address: tuple[str, int], latency_ms: int = 0) -> None:
        super().__init__(address, _PolicyHandler)
        self.latency_ms = latency_ms


class _PolicyHandler(JSONHandler):
    server: PolicyServer

    def route(self, method: str, path: str, query: dict[str, list[str]], body: bytes) -> tuple[int, Any]:
        if method == "POST" and path in ("/v1/chat/completions", "/chat/completions"):
            try:
                return 200, self._complete(json_body(body))
            except BadRequest as exc:
                return exc.status, {"error": {"message": str(exc), "type": "invalid_request_error"}}
        if method == "GET" and path in ("/v1/models", "/models"):
            return 200, {"object": "list", "data": [{"id": policy.MODEL_NAME, "object": "model",
                                                      "owned_by": "examples"}]}
        if method == "GET" and path == "/health":
            return 200, {"status": "ok"}
        if method == "GET" and path == "/__requests":
            return 200, {"requests": self.server.recorded()}
        if method == "POST" and path == "/__reset":
            self.server.clear_recorded()
            return 200, {"status": "reset"}
        return 404, {"error": {"message": f"no route {method} {path}", "type": "invalid_request_error"}}

    def _complete(self, request: dict[str, Any]) -> dict[str, Any]:
        messages = request.get("messages")
        if not isinstance(messages, list) or not all(isinstance(m, dict) for m in messages):
            raise BadRequest("'messages' must be a list of message objects")
        tools = request.get("tools")
        if tools is not None and not isinstance(tools, list):
            raise BadRequest("'tools' must be a list of tool definitions")
        if request.get("stream"):
            raise BadRequest("streaming is not supported by this server; send \"stream\": false")
        if self.server.latency_ms > 0:
            time.sleep(self.server.latency_ms / 1000)
        return policy.complete(messages, tools, str(request.get("model") or policy.MODEL_NAME))


def make_server(host: str = "127.0.0.1", port: int = 0, latency_ms: int = 0) -> PolicyServer:
    """A bound, not yet serving, policy server."""
    return PolicyServer((host, port), latency_ms)


def serve_in_thread(port: int = 0, **opts: Any) -> tuple[PolicyServer, str]:
    """Start the policy server in a daemon thread; returns ``(server, base_url)`` (append ``/v1``)."""
    server, url = start_in_thread(make_server(port=port, **opts))
    assert isinstance(server, PolicyServer)
    return server, url


def main(argv: list[str] | None = None) -> int:
    parser = base_parser("Serve the support agent's rule-based policy as an OpenAI-compatible API.")
    parser.add_argument("--latency-ms", type=int, default=0, help="simulated model latency per completion")
    args = parser.parse_args(argv)
    return run_forever(lambda: make_server(args.host, args.port, args.latency_ms))


if __name__ == "__main__":
    sys.exit(main())
