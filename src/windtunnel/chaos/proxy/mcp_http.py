"""The MCP fault proxy for the streamable HTTP transport: the client's URL points at the proxy, which
forwards to the real server (``upstream``) and applies :class:`~windtunnel.chaos.proxy.mcp.McpFaults`.

POSTed JSON-RPC messages are decided one by one: a faulted ``tools/call`` is answered by the proxy (JSON),
the rest go upstream; the upstream answer (JSON, or an SSE stream, read to its end) has its messages
rewritten before they reach the client. The proxy offers no server-initiated stream: a ``GET`` is
answered 405, which the transport allows. ``DELETE`` (session end) is forwarded.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

from windtunnel._util.http1 import MAX_REQUEST_BODY, BodyTooLarge, Request, check_size, write_response
from windtunnel._util.http1client import UpstreamError, UpstreamPool, UpstreamResponse
from windtunnel._util.jsonsafe import loads as json_loads
from windtunnel.chaos.proxy.common import HEALTH_PATH, ProxyServer, forward_headers
from windtunnel.chaos.proxy.mcp import McpFaults

JSON = [("Content-Type", "application/json")]


def _sse_messages(text: str) -> list[tuple[str | None, str]]:
    """``(event id, data)`` of each event of an SSE body."""
    out: list[tuple[str | None, str]] = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        data = [line[5:].lstrip() for line in block.split("\n") if line.startswith("data:")]
        ids = [line[3:].lstrip() for line in block.split("\n") if line.startswith("id:")]
        if data:
            out.append((ids[0] if ids else None, "\n".join(data)))
    return out


@dataclass
class _Answer:
    """The MCP server's answer, read whole, its body decoded (gzip, deflate)."""

    status_code: int
    headers: list[tuple[str, str]]
    """Without the hop-by-hop headers and ``Content-Encoding`` (the body is decoded)."""
    content: bytes

    @property
    def text(self) -> str:
        """The body as text (UTF-8, bad bytes replaced)."""
        return self.content.decode("utf-8", "replace")

    def header(self, name: str) -> str:
        """The first value of header ``name`` (any case), or ``""``."""
        lname = name.lower()
        return next((v for k, v in self.headers if k.lower() == lname), "")


_NOT_RELAYED = {"content-length", "transfer-encoding", "connection", "keep-alive", "content-encoding"}


class McpHttpProxy(ProxyServer):
    """Streamable-HTTP MCP proxy: the client's messages and the server's answers through :class:`McpFaults`.

    The upstream is reached through the same pooled client as the other proxies' (connections to the
    server opened gradually and reused), so a burst of clients does not overrun its listen backlog."""

    what = "MCP proxy"

    def __init__(self, faults: McpFaults, *, upstream: str, host: str = "127.0.0.1", port: int = 0) -> None:
        """A proxy in front of the MCP server at ``upstream`` (its full URL, path included), faulted by ``faults``."""
        super().__init__(host=host, port=port)
        self.faults = faults
        self.upstream = upstream
        self.pool = UpstreamPool(timeout=self._timeout, max_idle=256)
        self.unreached = 0
        """Requests the server could not be reached for (counted, never reset here): a run's watch compares it
        before and after a cell to ask whether the server went away (:meth:`McpServers.stopped`)."""

    async def aclose(self, grace: float = 2.0) -> None:
        """Stop serving (see :meth:`ProxyServer.aclose`), then close the connections to the server."""
        await super().aclose(grace)
        await self.pool.aclose()

    async def handle(self, req: Request, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        """Answer one request: JSON-RPC messages through the faults, anything else passed on unchanged."""
        keep = req.keep_alive
        if req.target.startswith(HEALTH_PATH):
            await write_response(writer, 200, JSON, b'{"ok": true}', keep_alive=keep)
            return keep
        if req.method == "GET":
            await write_response(writer, 405, [("Allow", "POST, DELETE")], b"", keep_alive=keep)
            return keep
        if req.method != "POST":
            return await self._pass_on(req, writer, keep)
        try:
            incoming = json_loads(req.body or b"null")
        except ValueError:
            incoming = None
        if not isinstance(incoming, (dict, list)):
            return await self._pass_on(req, writer, keep)
        messages = incoming if isinstance(incoming, list) else [incoming]
        forward: list[Any] = []
        answers: list[Any] = []
        delay = 0.0
        for msg in messages:
            to_server, to_client, wait = self.faults.from_client(msg) if isinstance(msg, dict) else (msg, None, 0.0)
            delay = max(delay, wait)
            if to_client is not None:
                answers.append(to_client)
            elif to_server is not None:
                forward.append(to_server)
        if delay:
            await asyncio.sleep(delay)
        if not forward:
            body = answers[0] if len(answers) == 1 and not isinstance(incoming, list) else answers
            await write_response(writer, 200, JSON, json.dumps(body).encode(), keep_alive=keep)
            return keep
        payload = forward[0] if len(forward) == 1 and not isinstance(incoming, list) else forward
        try:
            resp = await self._forward(req, json.dumps(payload).encode())
        except UpstreamError as err:
            self.unreached += 1
            why = f"the MCP server at {self.upstream} is unreachable ({type(err).__name__}: {err})"
            out = [self.faults.unanswered(m["id"], why) for m in forward if "id" in m] + answers
            if not out:  # only notifications: nothing to answer, the failure is the status
                await write_response(writer, 502, [("Content-Type", "text/plain")], why.encode(), keep_alive=keep)
                return keep
            # a single request gets a single answer: a batch in reply to one message is unparseable to clients
            body = out[0] if len(out) == 1 and not isinstance(incoming, list) else out
            await write_response(writer, 200, JSON, json.dumps(body).encode(), keep_alive=keep)
            return keep
        ctype = resp.header("content-type")
        headers = [(k, v) for k, v in resp.headers if k.lower() not in ("content-length", "content-type")]
        if "text/event-stream" in ctype:
            events = []
            for event_id, data in _sse_messages(resp.text):
                try:
                    msg = json_loads(data)
                except ValueError:
                    events.append((event_id, data))
                    continue
                events.append((event_id, json.dumps(self.faults.from_server(msg) if isinstance(msg, dict) else msg)))
            events += [(None, json.dumps(a)) for a in answers]
            body = "".join((f"id: {i}\n" if i else "") + f"event: message\ndata: {d}\n\n" for i, d in events)
            await write_response(
                writer,
                resp.status_code,
                [*headers, ("Content-Type", "text/event-stream")],
                body.encode(),
                keep_alive=keep,
            )
            return keep
        if "json" in ctype and resp.content:
            try:
                value = json_loads(resp.content)
            except ValueError:  # not JSON (or nested past the bound): passed on as it came
                await write_response(writer, resp.status_code, resp.headers, resp.content, keep_alive=keep)
                return keep
            if isinstance(value, list):
                value = [self.faults.from_server(m) if isinstance(m, dict) else m for m in value] + answers
            elif isinstance(value, dict):
                value = self.faults.from_server(value)
                if answers:
                    value = [value, *answers]
            await write_response(
                writer,
                resp.status_code,
                [*headers, ("Content-Type", "application/json")],
                json.dumps(value).encode(),
                keep_alive=keep,
            )
            return keep
        await write_response(writer, resp.status_code, resp.headers, resp.content, keep_alive=keep)
        return keep

    async def _pass_on(self, req: Request, writer: asyncio.StreamWriter, keep: bool) -> bool:
        """Forward a request that is not a JSON-RPC message unchanged; its answer unchanged (502 when the
        server cannot be reached)."""
        try:
            resp = await self._forward(req, req.body)
        except UpstreamError as err:
            self.unreached += 1
            why = f"windtunnel MCP proxy: the MCP server at {self.upstream} is unreachable: {err}\n"
            await write_response(writer, 502, [("Content-Type", "text/plain")], why.encode(), keep_alive=keep)
            return keep
        await write_response(writer, resp.status_code, resp.headers, resp.content, keep_alive=keep)
        return keep

    async def _forward(self, req: Request, body: bytes) -> _Answer:
        """Send ``body`` to the MCP server with the client's headers; its whole answer, decoded
        (:class:`UpstreamError` when it cannot be reached, cuts the answer short or sends more than
        :data:`MAX_REQUEST_BODY`)."""
        resp = await self.pool.stream(req.method, self.upstream, forward_headers(req), body)
        data = bytearray()
        try:
            async for piece in resp.pieces():
                data += piece
                check_size(MAX_REQUEST_BODY, len(data))
        except BodyTooLarge as err:
            raise UpstreamError(f"the MCP server's answer is too large: {err}") from None
        finally:
            await resp.aclose()
        whole = UpstreamResponse(resp.status, resp.headers, bytes(data)).decoded()
        headers = [(k, v) for k, v in resp.headers if k.lower() not in _NOT_RELAYED]
        return _Answer(resp.status, headers, whole)
