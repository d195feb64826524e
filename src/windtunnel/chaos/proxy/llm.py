"""The LLM fault proxy: OpenAI-, Anthropic- and Ollama-compatible.

Agents point their SDK's base URL at ``http://127.0.0.1:PORT/v1`` (OpenAI) or ``http://127.0.0.1:PORT``
(Anthropic; Ollama's ``OLLAMA_HOST``). ``/v1/x`` is forwarded to ``{upstream}/x``, Ollama's ``/api/x`` to
the Ollama upstream. Model calls — ``POST …/chat/completions``, ``…/responses``, ``…/messages`` and
Ollama's ``/api/chat`` and ``/api/generate`` (NDJSON streams included) — are faulted on schedule by
:class:`~windtunnel.chaos.llm_wire.WireCall`, exactly as the in-process SDK seam faults them; SSE and NDJSON
streams are edited event by event and sent on as they arrive. Every other path is passed through
unchanged and unlogged. Answers keep their ``Content-Length`` unless a fault rewrites them.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from typing import Any

import httpx

from windtunnel._util.http1 import BadRequest, Request, chunk, response_head, write_response
from windtunnel._util.http1client import (
    StreamedResponse,
    UpstreamCut,
    UpstreamError,
    UpstreamPool,
    _Url,
    _url,
    request_bytes,
)
from windtunnel._util.http1proto import LanePool, UpstreamConnection
from windtunnel._util.jsonsafe import loads as json_loads
from windtunnel.chaos.llm_wire import Editor, WireCall, log_other
from windtunnel.chaos.plan import FaultPlan
from windtunnel.chaos.proxy.common import (
    HEALTH_PATH,
    PlanSource,
    ProxyServer,
    json_response,
)
from windtunnel.chaos.proxy.lane import Lane, lane_listen
from windtunnel.chaos.wire_apis import api_of


def parse_sse(data: bytes) -> list[Any]:
    """SSE events of a chat stream: each ``data:`` payload as a dict (JSON) or its raw string."""
    events: list[Any] = []
    for block in data.replace(b"\r\n", b"\n").split(b"\n\n"):
        lines = [ln[5:].lstrip() for ln in block.split(b"\n") if ln.startswith(b"data:")]
        if not lines:
            continue
        payload = b"\n".join(lines).decode("utf-8", "replace")
        try:
            events.append(json_loads(payload))
        except ValueError:
            events.append(payload)
    return events


_FRAMING = frozenset({"content-length", "transfer-encoding", "connection", "keep-alive"})


def _relayed(resp: StreamedResponse, editor: Editor | None) -> list[tuple[str, str]]:
    """The answer's headers to send on: no framing headers (the proxy frames the body itself), and no
    ``Content-Encoding`` when a fault rewrote the body."""
    drop = _FRAMING
    if editor is not None and editor.edits:
        drop = drop | {"content-encoding"}
    return [(k, v) for k, v in resp.headers if k.lower() not in drop]


class _LaneRelay:
    """An upstream answer relayed to a lane's client as it arrives, from the event loop's callbacks: what
    :meth:`LlmProxy._relay` does on streams, for an answer no fault edits (the pass-through :class:`Editor`
    records it in the call log at its end)."""

    __slots__ = ("conn", "editor", "framed", "head", "keep", "lane", "wire")

    def __init__(self, lane: Lane) -> None:
        """Relay to ``lane``'s client (one relay per connection: :meth:`LlmProxy.lane_request` sets ``wire``, the model
        call to log or ``None`` for a pass-through request, and ``keep`` for each request)."""
        self.lane = lane
        self.wire: WireCall | None = None
        self.keep = True
        self.conn: UpstreamConnection | None = None
        self.editor: Editor | None = None
        self.head = b""
        self.framed = True
        """The body goes on as it came: framed by its length, or chunked as the upstream chunked it (an answer that
        runs to the end of the upstream's connection is chunked here)."""

    def on_head(
        self,
        status: int,
        headers: list[tuple[str, str]],
        length: int | None,
        ctype: str | None,
        encoding: str | None,
        kept: list[str],
        chunked: bool,
        empty: bool,
    ) -> None:
        """The answer's head: kept to go out with the first piece of the body (one write)."""
        wire = self.wire
        if wire is not None:
            editor = self.editor = wire.editor(status, ctype)  # the pass-through editor: the lane edits nothing
            editor.status = status
            editor.encoded = (encoding or "identity") != "identity"
            editor.chunked = chunked
        self.framed = length is not None or chunked or empty  # nothing to add at the end
        self.head = response_head(status, headers, length=length, keep_alive=self.keep, kept=kept, empty=empty)

    def on_body(self, data: bytes) -> None:
        """A piece of the body, sent on (a chunk of its own when the answer runs to the end of the connection)."""
        editor = self.editor
        if editor is not None:
            editor.feed(data)  # kept for the call log, passed on unchanged
        if self.head or not self.framed:
            if not self.framed:
                data = chunk(data)
            data, self.head = self.head + data, b""
        self.lane.write(data)

    def on_end(self, tail: bytes) -> None:
        """The body ended (``tail``: its last bytes): the call is logged and its answer remembered before the client
        gets those bytes (so its next call, a stale_answer, always finds it); the client's connection kept or closed."""
        editor = self.editor
        if editor is not None and not editor.done:
            if tail:
                editor.feed(tail)
            editor.end()  # the pass-through editor: logs and remembers, adds nothing
        if not self.framed:
            tail = (chunk(tail) if tail else b"") + b"0\r\n\r\n"
        out = self.head + tail
        if out:
            self.lane.write(out)
        self.lane.finish(self.keep)

    def on_error(self, err: UpstreamError, after_head: bool) -> None:
        """Before the head: a 502 naming the error (logged); after it: the cut passed on as a cut."""
        if after_head:
            if self.editor is not None:
                self.editor.fail(err)
            self.lane.abort()
            return
        if self.wire is not None:
            self.wire.log(error=f"upstream error: {err}")
        msg = f"windtunnel LLM proxy: upstream error: {err}\n".encode()
        self.lane.write(
            response_head(502, [("Content-Type", "text/plain")], length=len(msg), keep_alive=self.keep) + msg
        )
        self.lane.finish(self.keep)

    def client_gone(self) -> None:
        """The client left mid-answer: the upstream connection is dropped (the call is not logged, as on streams)."""
        if self.conn is not None:
            self.conn.abandon()

    def pause(self) -> None:
        """The client's socket is full: stop reading the upstream."""
        if self.conn is not None:
            self.conn.pause_reading()

    def resume(self) -> None:
        """The client caught up."""
        if self.conn is not None:
            self.conn.resume_reading()


@functools.lru_cache(maxsize=1024)
def _origin(url: str) -> tuple[str, str, int | None, bytes] | None:
    """Scheme, host, port and userinfo of ``url`` (``None``: httpx cannot parse it). Cached: parsing the two
    URLs of a request was a third of the proxy's CPU per request, and a proxy sends to a handful of URLs."""
    try:
        u = httpx.URL(url)
    except (httpx.InvalidURL, ValueError):
        return None
    return u.scheme, u.host, u.port, u.userinfo


def _same_origin(upstream: str, url: str, target: str) -> str:
    """``url`` when its scheme, host and port are the upstream's, else :class:`BadRequest`."""
    want, got = _origin(upstream), _origin(url)
    if want is None or got is None or want != got:
        raise BadRequest(f"request target {target[:100]!r} would leave the configured upstream: refused")
    return url


class LlmProxy(ProxyServer):
    """Model-API proxy applying the current plan's LLM faults (``plan_source()`` per request)."""

    what = "LLM proxy"

    def __init__(
        self,
        plan_source: PlanSource,
        *,
        upstream: str,
        host: str = "127.0.0.1",
        port: int = 0,
        upstream_timeout: float = 600.0,
        anthropic_upstream: str | None = None,
        ollama_upstream: str | None = None,
    ) -> None:
        super().__init__(host=host, port=port, upstream_timeout=upstream_timeout)
        self._plan_source = plan_source
        self.upstream = upstream.rstrip("/")
        self.anthropic_upstream = anthropic_upstream.rstrip("/") if anthropic_upstream else None
        """Where Anthropic Messages calls go (an origin such as https://api.anthropic.com; default: upstream)."""
        self.ollama_upstream = ollama_upstream.rstrip("/") if ollama_upstream else None
        """Where Ollama's native ``/api/…`` calls go (an origin such as http://localhost:11434; default: the
        upstream's origin)."""
        self.pool = UpstreamPool(timeout=upstream_timeout, max_idle=256)
        self.lane_pool: LanePool | None = None
        """Upstream connections of the synchronous lane (made when the proxy starts)."""
        self._urls: dict[str, str] = {}
        self._routes: dict[tuple[str, str], tuple[str | None, _Url | None]] = {}
        """The lane's model API (``None``: not a model call) and parsed upstream URL of each method and request
        target (one look-up per request)."""

    async def _listen(self) -> asyncio.Server:
        """Connections start on the synchronous lane (:mod:`windtunnel.chaos.proxy.lane`)."""
        self.lane_pool = LanePool(self.pool, max_idle=256)
        return await lane_listen(self)

    async def aclose(self, grace: float = 2.0) -> None:
        """Stop serving (see :meth:`ProxyServer.aclose`), then close the connections to the model API."""
        await super().aclose(grace)
        if self.lane_pool is not None:
            await self.lane_pool.aclose()
        await self.pool.aclose()

    def lane_request(self, lane: Lane, req: Request, keep: bool, forward: list[str]) -> None:
        """:meth:`handle` on the synchronous lane: the health check answered, a model call whose faults leave the
        answer as it is (or any other request) forwarded and relayed; a call a fault delays, replaces or edits,
        a refused target and an HTTPS upstream go on on streams, with the plan's decision (:meth:`resume`)."""
        if req.target == HEALTH_PATH:
            body = json_response({"ok": True, "proxy": "llm", "upstream": self.upstream})
            lane.write(
                response_head(200, [("Content-Type", "application/json")], length=len(body), keep_alive=keep) + body
            )
            lane.finish(keep)
            return
        route = self._routes.get((req.method, req.target))
        if route is None:
            try:
                url = _url(self.upstream_url(req.target))
            except BadRequest:
                url = None  # refused: the stream path answers 400 (never remembered)
            route = (api_of(req.method, req.target), url)
            if url is not None:
                if len(self._routes) >= 1024:
                    self._routes.clear()
                self._routes[(req.method, req.target)] = route
        api, url = route
        plan = self._plan_source()
        wire: WireCall | None = None
        if plan is not None and api is not None:
            wire = WireCall(plan, api, req.body)
            dec = wire.dec
            if dec.replacement is not None or dec.delay_ms or dec.corrupts:
                lane.hand_over((req, ("model", wire)))
                return
        elif plan is not None:
            log_other(plan, req.method, req.target)
        if url is None or url.scheme != "http" or not url.hostname or self.lane_pool is None:
            lane.hand_over((req, ("relay", wire)))
            return
        relay = lane.upstream = lane.relay
        if relay is None:  # one relay per connection, reset per request (a lane serves one request at a time)
            relay = lane.upstream = lane.relay = _LaneRelay(lane)
        relay.wire, relay.keep, relay.conn, relay.editor, relay.head = wire, keep, None, None, b""
        conn = self.lane_pool.exchange(
            (url.hostname, url.port), request_bytes(req.method, url, req.headers, req.body, forward), req.method, relay
        )
        if conn is not None and lane.paused:
            relay.pause()

    async def resume(
        self, req: Request, decided: Any, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> bool:
        """A request the lane handed over: a model call with its decision taken, or a request to relay."""
        kind, wire = decided
        if kind == "model":
            return await self._decided_call(wire, req, reader, writer, req.keep_alive)
        return await self._relay(req, writer, req.keep_alive, wire, req.headers)

    def upstream_url(self, target: str) -> str:
        """:meth:`build_url`, remembered for the last 1,024 targets (an agent calls a handful of paths)."""
        url = self._urls.get(target)
        if url is None:
            url = self.build_url(target)  # a refused target raises here, and is never remembered
            if len(self._urls) >= 1024:
                self._urls.clear()
            self._urls[target] = url
        return url

    def build_url(self, target: str) -> str:
        """``/v1/x`` → ``{upstream}/x``; other paths go to the upstream's origin unchanged. With an
        Anthropic upstream, ``/v1/messages…`` goes to ``{anthropic_upstream}/v1/messages…``.

        Only origin-form targets (``/path?query``) are taken, and the URL built must have the origin of
        the upstream it was built on: a target such as ``@other-host/x`` or ``http://other-host/x`` would
        otherwise send the caller's ``Authorization`` header to another host (:class:`BadRequest`, a 400).
        """
        if not target.startswith("/") or target.startswith("//") or any(c in target for c in "\\ \t#"):
            raise BadRequest(
                f"request target {target[:100]!r} is not a path (/v1/...): this proxy forwards to "
                "its configured upstream only"
            )
        if self.anthropic_upstream and target.split("?", 1)[0].rstrip("/").endswith("/v1/messages"):
            return _same_origin(self.anthropic_upstream, self.anthropic_upstream + target, target)
        if self.ollama_upstream and target.startswith("/api/"):
            return _same_origin(self.ollama_upstream, self.ollama_upstream + target, target)
        if target.startswith("/v1/") or target == "/v1" or target.startswith("/v1?"):
            return _same_origin(self.upstream, self.upstream + target[3:], target)
        u = httpx.URL(self.upstream)
        return _same_origin(self.upstream, f"{u.scheme}://{u.netloc.decode()}{target}", target)

    async def handle(self, req: Request, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        """Answer one request: the health check, a model call through the plan's faults, anything else relayed."""
        keep = req.keep_alive
        if req.target == HEALTH_PATH:
            await write_response(
                writer,
                200,
                [("Content-Type", "application/json")],
                json_response({"ok": True, "proxy": "llm", "upstream": self.upstream}),
                keep_alive=keep,
            )
            return keep
        plan = self._plan_source()
        api = api_of(req.method, req.target) if plan is not None else None
        if plan is None or api is None:
            if plan is not None:
                log_other(plan, req.method, req.target)
            return await self._relay(req, writer, keep, None, req.headers)
        return await self._model_call(plan, api, req, reader, writer, keep)

    async def _model_call(
        self,
        plan: FaultPlan,
        api: str,
        req: Request,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        keep: bool,
    ) -> bool:
        return await self._decided_call(WireCall(plan, api, req.body), req, reader, writer, keep)

    async def _decided_call(
        self, wire: WireCall, req: Request, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, keep: bool
    ) -> bool:
        """A model call whose faults are decided: held (timeout), delayed, answered instead, or relayed."""
        instead = wire.instead()
        if instead is not None and instead.timeout:
            # No byte until the client gives up (or delay_ms passes): the client's own timeout fires.
            with contextlib.suppress(asyncio.TimeoutError, ConnectionError):
                await asyncio.wait_for(reader.read(1), wire.delay_s or self._timeout)
            wire.timed_out()
            with contextlib.suppress(ConnectionError):
                await write_response(
                    writer, 504, [("Content-Type", "application/json")], instead.body, keep_alive=False
                )
            return False
        if wire.delay_s:
            await asyncio.sleep(wire.delay_s)
        if instead is not None and instead.cut:  # the bytes sent before the cut, then the connection dropped
            head = response_head(instead.status, instead.headers, length=instead.length, keep_alive=False)
            body = instead.body if instead.length is not None or not instead.body else chunk(instead.body)
            writer.write(head + body)
            await writer.drain()
            writer.transport.abort()
            return False
        if instead is not None:
            await write_response(writer, instead.status, instead.headers, instead.body, keep_alive=keep)
            return keep
        headers = req.headers
        if wire.dec.corrupts:  # faults read the answer: ask for it unencoded
            headers = [(k, v) for k, v in headers if k.lower() != "accept-encoding"] + [("Accept-Encoding", "identity")]
        return await self._relay(req, writer, keep, wire, headers)

    async def _relay(
        self,
        req: Request,
        writer: asyncio.StreamWriter,
        keep: bool,
        wire: WireCall | None,
        headers: list[tuple[str, str]],
    ) -> bool:
        """Forward ``req`` and send the answer on as it arrives (through the wire call's editor)."""
        try:
            # The pool drops the hop-by-hop headers and Host itself (``_head_lines``).
            resp = await self.pool.stream(req.method, self.upstream_url(req.target), headers, req.body)
        except UpstreamError as err:
            if wire is not None:
                wire.log(error=f"upstream error: {err}")
            msg = f"windtunnel LLM proxy: upstream error: {err}\n".encode()
            await write_response(writer, 502, [("Content-Type", "text/plain")], msg, keep_alive=keep)
            return keep
        editor = wire.editor(resp.status, resp.header("content-type")) if wire is not None else None
        if editor is not None:
            editor.status = resp.status
            editor.encoded = (resp.header("content-encoding") or "identity") != "identity"
        out_headers = _relayed(resp, editor)
        whole = editor is not None and editor.edits and not editor.is_sse
        length = resp.length if (editor is None or not editor.edits) else None
        # An answer no fault edits goes on as it came, a chunked one with the upstream's chunks (as on the lane): the
        # editor keeps them framed and the call log decodes them when it is read.
        as_came = resp.chunked and (editor is None or not editor.edits)
        if as_came and editor is not None:
            editor.chunked = True
        try:
            if whole:
                return await self._send_whole(resp, writer, keep, editor, out_headers)
            head = response_head(resp.status, out_headers, length=length, keep_alive=keep, empty=resp.empty)
            seen, early = 0, b""
            async for piece in resp.pieces(framed=as_came):
                out = editor.feed(piece) if editor is not None else piece
                seen += len(piece)
                if editor is not None and (resp.ended if as_came else length is not None and seen >= length):
                    # The last piece of the answer: log and remember it (a later stale_answer) before the client can
                    # read it whole and send its next call.
                    early = editor.end()
                if out:
                    framed = out if length is not None or as_came else chunk(out)
                    writer.write(head + framed if head else framed)
                    head = b""
                    await writer.drain()
                if editor is not None and (editor.cut or getattr(editor, "broken", False)):
                    break
            tail = early + editor.end() if editor is not None else b""
            if head:
                writer.write(head)
            if tail:
                writer.write(tail if length is not None else chunk(tail))
            if editor is not None and editor.cut:
                await writer.drain()
                writer.transport.abort()
                return False
            if length is None and not resp.empty and not as_came:
                writer.write(b"0\r\n\r\n")
            await writer.drain()
        except UpstreamCut as err:
            # The model's connection dropped mid-answer: pass the cut on as a cut.
            if editor is not None:
                editor.fail(err)
            writer.transport.abort()
            return False
        except UpstreamError as err:
            if editor is not None:
                editor.fail(err)
            writer.transport.abort()
            return False
        finally:
            await resp.aclose()
        return keep

    async def _send_whole(
        self,
        resp: StreamedResponse,
        writer: asyncio.StreamWriter,
        keep: bool,
        editor: Editor | None,
        headers: list[tuple[str, str]],
    ) -> bool:
        """A JSON answer a fault rewrites: read it all, send it with its new length (or cut it)."""
        assert editor is not None
        data = bytearray()
        async for piece in resp.pieces():
            data += piece
        editor.feed(bytes(data))
        full = bytes(data)
        body = editor.end()
        if editor.cut:
            writer.write(response_head(resp.status, headers, length=len(full), keep_alive=keep) + body)
            await writer.drain()
            writer.transport.abort()
            return False
        await write_response(writer, resp.status, headers, body, keep_alive=keep)
        return keep
