"""The support tools as a separate HTTP service: ``python -m examples.support_agent.tool_service``.

Serves the same data and rules as the in-memory tools (it has its own refund ledger):

* ``GET /accounts/{email_or_id}``, ``GET /orders/{order_id}``, ``GET /kb?q=...``;
* ``POST /refunds`` ``{"order_id", "amount", "reason"}``;
* errors as ``{"error": "...", "code": "..."}`` with 400 (invalid), 404 (not_found),
  409 (not_refundable) or 422 (needs_approval);
* ``GET /__requests`` lists every request received so far (method, path, query, body);
  ``POST /__reset`` clears that list and the refund ledger;
* ``GET /health``.

Point the agent at it with ``SUPPORT_TOOLS_URL=http://127.0.0.1:PORT``.
"""

from __future__ import annotations

import sys
from typing import Any
from urllib.parse import unquote

from examples.support_agent._http import (
    JSONHandler,
    JSONServer,
    base_parser,
    json_body,
    run_forever,
    start_in_thread,
)
from examples.support_agent.store import SupportStore, ToolError

_STATUS_BY_CODE = {"invalid": 400, "not_found": 404, "not_refundable": 409, "needs_approval": 422}


class ToolServer(JSONServer):
    """A :class:`JSONServer` with its own :class:`SupportStore`."""

    def __init__(self, address: tuple[str, int]) -> None:
        super().__init__(address, _ToolHandler)
        self.store = SupportStore()


class _ToolHandler(JSONHandler):
    server: ToolServer

    def route(self, method: str, path: str, query: dict[str, list[str]], body: bytes) -> tuple[int, Any]:
        store = self.server.store
        try:
            if method == "GET" and path.startswith("/accounts/"):
                return 200, store.lookup_account(unquote(path[len("/accounts/"):]))
            if method == "GET" and path.startswith("/orders/"):
                return 200, store.order_status(unquote(path[len("/orders/"):]))
            if method == "GET" and path == "/kb":
                return 200, store.search_kb(query.get("q", [""])[0])
            if method == "POST" and path == "/refunds":
                request = json_body(body)
                return 200, store.issue_refund(request.get("order_id"), request.get("amount"),
                                               request.get("reason"))
        except ToolError as exc:
            return _STATUS_BY_CODE.get(exc.code, 400), exc.to_payload()
        if method == "GET" and path == "/health":
            return 200, {"status": "ok"}
        if method == "GET" and path == "/__requests":
            return 200, {"requests": self.server.recorded()}
        if method == "POST" and path == "/__reset":
            self.server.clear_recorded()
            store.reset()
            return 200, {"status": "reset"}
        return 404, {"error": f"no route {method} {path}", "code": "not_found"}


def make_server(host: str = "127.0.0.1", port: int = 0) -> ToolServer:
    """A bound, not yet serving, tool service."""
    return ToolServer((host, port))


def serve_in_thread(port: int = 0, host: str = "127.0.0.1") -> tuple[ToolServer, str]:
    """Start the tool service in a daemon thread; returns ``(server, base_url)``."""
    server, url = start_in_thread(make_server(host, port))
    assert isinstance(server, ToolServer)
    return server, url


def main(argv: list[str] | None = None) -> int:
    args = base_parser("Serve the support tools over HTTP.").parse_args(argv)
    return run_forever(lambda: make_server(args.host, args.port))


if __name__ == "__main__":
    sys.exit(main())
