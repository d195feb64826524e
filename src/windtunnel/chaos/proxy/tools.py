"""The fault-injecting HTTP forward proxy for an HTTP agent's outbound tool calls.

The agent reaches it through ``HTTP_PROXY``: plain-HTTP requests arrive in absolute form
(``GET http://host/path HTTP/1.1``) and are forwarded, faulted or answered by the current plan.
``CONNECT`` (HTTPS) is tunnelled byte for byte: encrypted calls pass through unfaulted and are only
logged with their host.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import time
from fnmatch import fnmatchcase
from urllib.parse import urlsplit

import anyio

from windtunnel._util.http1 import BadRequest, BodyTooLarge, Request, chunk, response_head, write_response
from windtunnel._util.http1client import UpstreamError, UpstreamPool, UpstreamResponse
from windtunnel.chaos.base import ToolCall, ToolReply
from windtunnel.chaos.plan import FaultPlan
from windtunnel.chaos.proxy.common import (
    HEALTH_PATH,
    PlanSource,
    ProxyServer,
    decode_body,
    encode_body,
    json_response,
)
from windtunnel.chaos.routes import route_name


def call_name(plan: FaultPlan, url: str) -> str:
    """The tool name of an outbound call: the ``tool`` of the first fault whose ``match_url`` matches.

    A pattern without a scheme (``127.0.0.1:8000``, which never matches a whole URL, see
    :func:`unmatchable_patterns`) still names the calls to that host, so the log shows the tool meant. A call no
    fault names is named by its route (:func:`~windtunnel.chaos.routes.route_name`: ``127.0.0.1/accounts/{}``).
    """
    u = urlsplit(url)
    bare = f"{u.netloc}{u.path}"
    for item in (*plan.spec.tool_faults, *plan.spec.context_attacks):
        pattern = getattr(item, "match_url", None)
        tool = getattr(item, "tool", "*")
        if not pattern or tool == "*":
            continue
        if fnmatchcase(url, pattern) or (
            "://" not in pattern and (fnmatchcase(bare, pattern) or fnmatchcase(bare, pattern.rstrip("/") + "/*"))
        ):
            return str(tool)
    return route_name(url)


def suggested_pattern(pattern: str) -> str | None:
    """A ``match_url`` glob that matches whole URLs for ``pattern`` when it cannot, else ``None``.

    Patterns are matched against whole URLs (``http://host:port/path?query``): one with neither a
    scheme nor a ``*`` (``127.0.0.1:8000``, ``api.example.com/orders``) can never match.
    """
    if "://" in pattern or "*" in pattern:
        return None
    host, _, path = pattern.partition("/")
    return f"http://{host}/{path}*" if path else f"http://{host}/*"


def unmatchable_patterns(plan: FaultPlan) -> list[str]:
    """One warning per fault whose ``match_url`` can never match a URL, with the pattern meant."""
    out = []
    for item in (*plan.spec.tool_faults, *plan.spec.context_attacks):
        pattern = getattr(item, "match_url", None)
        better = suggested_pattern(pattern) if pattern else None
        if better is not None:
            out.append(
                f"match_url {pattern!r} (tool {getattr(item, 'tool', '*')!r}) can never match: patterns are "
                f"matched against whole URLs such as http://{pattern}; did you mean {better!r}?"
            )
    return out


MAX_UPSTREAM_BODY = 64 * 1024 * 1024
"""The longest tool answer the proxy relays (64 MiB); a longer one is answered 502 without being read."""


class ToolProxy(ProxyServer):
    """Forward proxy applying the current plan's tool faults to calls (``plan_source()`` per request)."""

    what = "tool proxy"

    def __init__(
        self,
        plan_source: PlanSource,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        exempt: set[tuple[str, int]] | None = None,
        upstream_timeout: float = 300.0,
        max_body: int = MAX_UPSTREAM_BODY,
    ) -> None:
        super().__init__(host=host, port=port, upstream_timeout=upstream_timeout)
        self._plan_source = plan_source
        self.exempt = set(exempt or ())
        self.pool = UpstreamPool(timeout=upstream_timeout)
        self.max_body = max_body

    async def aclose(self, grace: float = 2.0) -> None:
        """Stop serving (see :meth:`ProxyServer.aclose`), then close the connections to the tools."""
        await super().aclose(grace)
        await self.pool.aclose()

    async def handle(self, req: Request, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        """Answer one request; returns whether the connection stays open.

        An absolute-form ``http://`` request is forwarded, through the running cell's fault plan unless no cell
        runs or its host is exempt; ``CONNECT`` is tunnelled unfaulted; the health path answers ``ok``."""
        keep = req.keep_alive
        if req.method == "CONNECT":
            await self._tunnel(req, reader, writer)
            return False
        if req.target.startswith("/"):
            if req.target == HEALTH_PATH:
                await write_response(
                    writer,
                    200,
                    [("Content-Type", "application/json")],
                    json_response({"ok": True, "proxy": "tools"}),
                    keep_alive=keep,
                )
                return keep
            msg = (
                "windtunnel tool proxy: this is a forward proxy; send absolute-form requests by setting "
                f"HTTP_PROXY={self.url} in the agent's environment\n"
            )
            await write_response(writer, 400, [("Content-Type", "text/plain")], msg.encode(), keep_alive=keep)
            return keep
        try:
            url = urlsplit(req.target)
            port = url.port or 80
        except ValueError as err:  # a bad port, an unclosed IPv6 bracket
            raise BadRequest(f"request target {req.target[:100]!r} is not a URL: {err}") from None
        if url.scheme != "http" or not url.hostname:
            await write_response(writer, 400, [], b"only plain-HTTP absolute URLs are proxied\n", keep_alive=False)
            return False
        plan = self._plan_source()
        if plan is None or (url.hostname, port) in self.exempt:
            return await self._plain(req, writer, keep)
        return await self._faulted(plan, req, writer, keep)

    async def _upstream(self, req: Request) -> UpstreamResponse:
        try:
            return await self.pool.request(req.method, req.target, req.headers, req.body, max_body=self.max_body)
        except BodyTooLarge as err:  # answered as a bad gateway, never read into memory in full
            raise UpstreamError(f"the tool's answer is too large: {err}") from None

    async def _bad_gateway(self, writer: asyncio.StreamWriter, err: Exception, keep: bool) -> None:
        """Answer 502 with what went wrong upstream."""
        msg = f"windtunnel tool proxy: upstream error: {err}\n".encode()
        await write_response(writer, 502, [("Content-Type", "text/plain")], msg, keep_alive=keep)

    async def _plain(self, req: Request, writer: asyncio.StreamWriter, keep: bool) -> bool:
        """Relay a call no fault applies to, as it arrives; whether the connection stays open."""
        relayed = await self._stream_through(req, writer, keep, None)
        assert isinstance(relayed, bool)
        return relayed

    async def _stream_through(
        self, req: Request, writer: asyncio.StreamWriter, keep: bool, seen: bytearray | None
    ) -> tuple[bool, UpstreamResponse | UpstreamError] | bool:
        """Relay the answer as it arrives (SSE, chunked, long bodies); a mid-body cut is passed on as a cut.

        With ``seen``, the body is also collected there and ``(keep, response or error)`` returned.
        """
        try:
            resp = await self.pool.stream(req.method, req.target, req.headers, req.body)
        except UpstreamError as err:
            await self._bad_gateway(writer, err, keep)
            return (keep, err) if seen is not None else keep
        hop = {"content-length", "transfer-encoding", "connection", "keep-alive"}
        headers = [(k, v) for k, v in resp.headers if k.lower() not in hop]
        length = resp.length
        try:
            writer.write(response_head(resp.status, headers, length=length, keep_alive=keep, empty=resp.empty))
            async for piece in resp.pieces():
                if seen is not None and len(seen) < 4 * 1024 * 1024:
                    seen += piece
                writer.write(piece if length is not None else chunk(piece))
                await writer.drain()
            if length is None and not resp.empty:
                writer.write(b"0\r\n\r\n")
            await writer.drain()
        except UpstreamError as err:
            writer.transport.abort()
            return (False, err) if seen is not None else False
        finally:
            await resp.aclose()
        return (keep, UpstreamResponse(resp.status, resp.headers, bytes(seen))) if seen is not None else keep

    async def _faulted(self, plan: FaultPlan, req: Request, writer: asyncio.StreamWriter, keep: bool) -> bool:
        digest = hashlib.blake2b(req.body, digest_size=8).hexdigest()
        call = ToolCall(
            name=call_name(plan, req.target),
            args={"method": req.method, "url": req.target},
            signature=f"{req.method} {req.target} {digest}",
            url=req.target,
        )
        dec = plan.decide_tool(call, target="http")
        started = time.perf_counter()
        if dec.delay_ms:
            await asyncio.sleep(dec.delay_ms / 1000)
        if dec.replacement is not None:
            reply = dec.replacement
            status = 504 if reply.timeout else reply.status
            body, ct = encode_body(reply.body, "application/json")
            headers = [("Content-Type", ct), *reply.headers.items()]
            await write_response(writer, status, headers, body, keep_alive=keep)
            plan.log_call(
                "http",
                call.name,
                call.args,
                response=reply.body,
                error=f"{status}: {reply.message}" if status >= 400 else None,
                faults=dec.modes,
                started=started,
                raw=reply.body,
                status=status,
            )
            return keep
        if not (dec.transforms or dec.attacks):
            relayed = await self._stream_through(req, writer, keep, bytearray())
            assert isinstance(relayed, tuple)
            still_open, got = relayed
            if isinstance(got, UpstreamError):
                plan.log_call(
                    "http", call.name, call.args, error=f"upstream error: {got}", faults=dec.modes, started=started
                )
                return still_open
            body = decode_body(got.decoded(), got.header("content-type") or "")
            plan.log_call(
                "http",
                call.name,
                call.args,
                response=body,
                error=str(got.status) if got.status >= 400 else None,
                faults=dec.modes,
                started=started,
                raw=body,
                status=got.status,
            )
            return still_open
        try:
            resp = await self._upstream(req)
        except UpstreamError as err:
            plan.log_call(
                "http",
                call.name,
                call.args,
                error=f"upstream error: {err}",
                faults=dec.modes,
                started=started,
            )
            await self._bad_gateway(writer, err, keep)
            return keep
        headers, payload, logged = resp.headers, resp.body, resp.decoded()
        if (dec.transforms or dec.attacks) and resp.status < 400:
            ct = resp.header("content-type") or ""
            real = ToolReply(status=resp.status, body=decode_body(resp.decoded(), ct))
            final = dec.finish(real)
            if final is not real:
                if final.raw is not None:
                    payload, new_ct = final.raw, ct or "application/octet-stream"
                else:
                    payload, new_ct = encode_body(final.body, ct or None)
                drop = ("content-type", "content-encoding")
                headers = [(k, v) for k, v in headers if k.lower() not in drop] + [("Content-Type", new_ct)]
                logged = final.body
        await write_response(writer, resp.status, headers, payload, keep_alive=keep)
        failed = str(resp.status) if resp.status >= 400 else None
        plan.log_call(
            "http",
            call.name,
            call.args,
            response=logged,
            error=failed,
            faults=dec.modes,
            started=started,
            raw=logged,
            status=resp.status,
        )
        return keep

    async def _tunnel(self, req: Request, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        host, _, port = req.target.rpartition(":")
        if not host or not port.isascii() or not port.isdigit() or not 0 < int(port) < 65536:
            raise BadRequest(f"CONNECT target {req.target[:100]!r} is not host:port (a port from 1 to 65535)")
        plan = self._plan_source()
        try:
            up_reader, up_writer = await asyncio.open_connection(host.strip("[]"), int(port))
        except (OSError, ValueError) as err:
            await write_response(writer, 502, [], f"cannot reach {req.target}: {err}\n".encode(), keep_alive=False)
            return
        if plan is not None:
            plan.log_call("http", host, {"method": "CONNECT", "url": req.target}, response="tunnelled (not faulted)")
        writer.write(b"HTTP/1.1 200 Connection Established\r\n\r\n")
        await writer.drain()

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(ConnectionError, asyncio.CancelledError):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            with contextlib.suppress(Exception):
                dst.write_eof() if dst.can_write_eof() else None

        try:
            async with anyio.create_task_group() as tg:
                tg.start_soon(pipe, reader, up_writer)
                tg.start_soon(pipe, up_reader, writer)
        finally:
            up_writer.close()
