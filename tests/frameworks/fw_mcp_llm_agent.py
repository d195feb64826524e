"""A plain python agent that asks its model (a real AsyncOpenAI client, ``client``), calls the tool the
model asked for on an MCP server (URL from WINDTUNNEL_MCP_ORDERS_URL), then asks the model again."""

from __future__ import annotations

import json
import os

from openai import AsyncOpenAI

client = AsyncOpenAI(base_url=os.environ["WT_STUB_URL"], api_key="test-key", max_retries=0)
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "get_order_status",
            "parameters": {"type": "object", "properties": {"order_id": {"type": "string"}}},
        },
    }
]


async def answer(prompt: str) -> str:
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    messages: list[dict[str, object]] = [{"role": "user", "content": prompt}]
    first = await client.chat.completions.create(model="robust", messages=messages, tools=TOOLS)  # type: ignore[arg-type]
    (call,) = first.choices[0].message.tool_calls or []
    url = os.environ["WINDTUNNEL_MCP_ORDERS_URL"]
    async with streamable_http_client(url) as streams, ClientSession(streams[0], streams[1]) as session:
        await session.initialize()
        result = await session.call_tool(call.function.name, json.loads(call.function.arguments))
    text = "".join(getattr(c, "text", "") for c in result.content)
    messages += [
        {"role": "assistant", "tool_calls": [call.model_dump()]},
        {"role": "tool", "tool_call_id": call.id, "content": text},
    ]
    final = await client.chat.completions.create(model="robust", messages=messages, tools=TOOLS)  # type: ignore[arg-type]
    return final.choices[0].message.content or ""
