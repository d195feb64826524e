"""An MCP server (official mcp SDK) with two tools; it logs each real execution to $WT_MCP_LOG."""

from __future__ import annotations

import json
import os
import sys

from mcp.server.mcpserver import MCPServer

if os.environ.get("WT_MCP_FAIL_AT_START"):
    sys.stderr.write("orders-db: connection refused (127.0.0.1:5432)\n")
    sys.exit(4)

app = MCPServer("orders")


def _executed(name: str) -> None:
    log = os.environ.get("WT_MCP_LOG")
    if log:
        with open(log, "a") as f:
            f.write(name + "\n")


@app.tool()
def get_order_status(order_id: str) -> str:
    """Look up the status of an order."""
    _executed("get_order_status")
    return json.dumps({"order_id": order_id, "status": "processing", "carrier": "DHL"})


@app.tool()
def lookup_customer(email_address: str) -> str:
    """Find a customer by e-mail."""
    _executed("lookup_customer")
    return json.dumps({"email": email_address, "name": "Ada Lovelace"})


if __name__ == "__main__":
    if sys.argv[1:2] == ["http"]:
        app.run(transport="streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        app.run()
