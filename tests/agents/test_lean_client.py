"""The lean plain-HTTP path keeps what httpx's client does: cookies, default timeout, the same response."""

from __future__ import annotations

import asyncio

import anyio

from windtunnel.agents.http import HttpAgent
from windtunnel.config.agent import HttpAgentConfig


def test_cookies_set_by_the_agent_are_sent_back() -> None:
    heads: list[bytes] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                heads.append(head.lower())
                length = [int(h.split(b":")[1]) for h in head.lower().split(b"\r\n") if h.startswith(b"content-length")]
                await reader.readexactly(length[0] if length else 0)
                body = b'{"reply": "ok"}'
                extra = b"set-cookie: session=abc123; Path=/\r\n" if len(heads) == 1 else b""
                writer.write(
                    b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n"
                    + extra
                    + b"content-length: "
                    + str(len(body)).encode()
                    + b"\r\n\r\n"
                    + body
                )
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    async def main() -> list[str | None]:
        server = await asyncio.start_server(handle, "127.0.0.1", 0)
        url = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/chat"
        outputs = []
        try:
            agent = HttpAgent(HttpAgentConfig(endpoint=url, response_path="$.reply"), concurrency=2)
            async with agent:  # the reachability probe is the first request: it gets the cookie
                for i in range(2):
                    outputs.append((await agent.invoke(f"p{i}")).output)
        finally:
            server.close()
        return outputs

    assert anyio.run(main) == ["ok", "ok"]
    assert b"cookie: session=abc123" not in heads[0]
    assert all(b"cookie: session=abc123" in h for h in heads[1:]) and len(heads) == 3
