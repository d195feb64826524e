"""A plain python agent whose tools live on an MCP server (URL from WINDTUNNEL_MCP_ORDERS_URL)."""

from __future__ import annotations

import json
import os
import re


async def answer(prompt: str) -> str:
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    order = re.search(r"\d+", prompt)
    url = os.environ["WINDTUNNEL_MCP_ORDERS_URL"]
    async with streamable_http_client(url) as streams, ClientSession(streams[0], streams[1]) as session:
        await session.initialize()
        result = await session.call_tool("get_order_status", {"order_id": order.group(0) if order else "?"})
    text = "".join(getattr(c, "text", "") for c in result.content)
    if getattr(result, "is_error", False) or getattr(result, "isError", False):
        return f"Sorry, I could not check the order ({text})."
    return f"Order is {json.loads(text)['status']}."
