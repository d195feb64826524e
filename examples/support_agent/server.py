"""The support agent over HTTP: ``python -m examples.support_agent.server --port 0``.

Endpoints (JSON in, JSON out):

* ``POST /chat`` ``{"message": "..."}`` or ``{"messages": [{"role", "content"}, ...]}`` →
  ``{"reply": "...", "tool_calls": [...], "metadata": {...}}``; a bad body is a 400 with
  ``{"error": "..."}``;
* ``POST /reset``: forget conversation memory and clear the refund ledger;
* ``GET /health``: ``{"status": "ok", "variant": ...}``.

Options: ``--host`` (default 127.0.0.1), ``--port`` (0 = a free port), ``--variant``
(robust | unfixed | leaky), ``--latency-ms`` (sleep before every LLM call, to simulate a slow
model). Once ready it prints ``listening on http://HOST:PORT`` on stdout.

The agent's tools and LLM are the usual seams: set ``SUPPORT_TOOLS_URL`` to send tool calls to
the tool service, and ``OPENAI_BASE_URL`` to send LLM calls to an OpenAI-compatible server.
"""

from __future__ import annotations

import sys
from typing import Any

from examples.support_agent import tools
from examples.support_agent._http import (
    BadRequest,
    JSONHandler,
    JSONServer,
    base_parser,
    json_body,
    run_forever,
    start_in_thread,
)
from examples.support_agent.agent import VARIANTS, SupportAgent


class AgentServer(JSONServer):
    """A :class:`JSONServer` holding the :class:`SupportAgent` it serves."""

    def __init__(self, address: tuple[str, int], agent: SupportAgent) -> None:
        super().__init__(address, _ChatHandler)
        self.agent = agent


class _ChatHandler(JSONHandler):
    server: AgentServer

    def route(self, method: str, path: str, query: dict[str, list[str]], body: bytes) -> tuple[int, Any]:
        agent = self.server.agent
        if path == "/health":
            return 200, {"status": "ok", "variant": agent.variant}
        if path == "/reset" and method == "POST":
            agent.reset()
            tools.reset()
            return 200, {"status": "reset"}
        if path == "/chat" and method == "POST":
            return 200, _chat(agent, json_body(body))
        if path in ("/chat", "/reset"):
            return 405, {"error": f"{method} {path} is not allowed; use POST"}
        return 404, {"error": f"no route {method} {path}; try POST /chat, POST /reset or GET /health"}


def _chat(agent: SupportAgent, request: dict[str, Any]) -> dict[str, Any]:
    if "message" in request:
        message = request["message"]
        if not isinstance(message, str):
            raise BadRequest(f"'message' must be a string, got {type(message).__name__}")
        result = agent.handle(message)
    elif "messages" in request:
        try:
            result = agent.handle_messages(request["messages"])
        except ValueError as exc:
            raise BadRequest(str(exc)) from None
    else:
        raise BadRequest('send {"message": "..."} or {"messages": [{"role": "user", "content": "..."}]}')
    return {"reply": result["output"], "tool_calls": result["tool_calls"], "metadata": result["metadata"]}


def make_server(host: str = "127.0.0.1", port: int = 0, variant: str = "robust",
                latency_ms: int = 0) -> AgentServer:
    """A bound, not yet serving, agent server with its own agent (and memory)."""
    return AgentServer((host, port), SupportAgent(variant, latency_ms=latency_ms))


def serve_in_thread(port: int = 0, **opts: Any) -> tuple[AgentServer, str]:
    """Start an agent server in a daemon thread; returns ``(server, base_url)``.

    ``opts``: ``host``, ``variant``, ``latency_ms``. Stop it with
    ``server.shutdown(); server.server_close()``.
    """
    server, url = start_in_thread(make_server(port=port, **opts))
    assert isinstance(server, AgentServer)
    return server, url


def main(argv: list[str] | None = None) -> int:
    parser = base_parser("Serve the example support agent over HTTP.")
    parser.add_argument("--variant", choices=VARIANTS, default="robust",
                        help="agent variant (default robust)")
    parser.add_argument("--latency-ms", type=int, default=0, help="simulated model latency per LLM call")
    args = parser.parse_args(argv)
    if args.latency_ms < 0:
        parser.error(f"--latency-ms must be >= 0, got {args.latency_ms}")
    return run_forever(lambda: make_server(args.host, args.port, args.variant, args.latency_ms))


if __name__ == "__main__":
    sys.exit(main())
