"""Shared pieces of the two proxies: server lifecycle, upstream client, body (de)coding."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

import httpx

from windtunnel._util.http1 import (
    HOP_BY_HOP,
    MAX_REQUEST_BODY,
    NO_FORWARD,
    BadRequest,
    BodyTooLarge,
    ClientGone,
    Request,
    listen,
    read_request,
    write_response,
)
from windtunnel._util.jsonsafe import loads as json_loads
from windtunnel.chaos.plan import FaultPlan

_log = logging.getLogger("windtunnel.proxy")
PlanSource = Callable[[], "FaultPlan | None"]
HEALTH_PATH = "/__windtunnel/health"


def forward_headers(req: Request) -> list[tuple[str, str]]:
    return [(k, v) for k, v in req.headers if k.lower() not in NO_FORWARD]


def response_headers(resp: httpx.Response) -> list[tuple[str, str]]:
    """Headers of an httpx response to relay; httpx decodes bodies, so Content-Encoding goes too."""
    return [
        (k, v) for k, v in resp.headers.multi_items() if k.lower() not in HOP_BY_HOP and k.lower() != "content-encoding"
    ]


def decode_body(content: bytes, content_type: str) -> Any:
    """JSON bodies become values, text bodies strings, anything else stays bytes."""
    ct = content_type.lower()
    if "json" in ct:
        try:
            return json_loads(content)
        except ValueError:
            return content.decode("utf-8", "replace")
    if ct.startswith("text/") or any(t in ct for t in ("xml", "javascript", "x-www-form-urlencoded")) or not ct:
        try:
            return content.decode("utf-8")
        except UnicodeDecodeError:
            return content
    return content


def encode_body(body: Any, original_ct: str | None) -> tuple[bytes, str]:
    if isinstance(body, bytes):
        return body, original_ct or "application/octet-stream"
    if isinstance(body, str):
        ct = original_ct if original_ct and "json" not in original_ct.lower() else "text/plain; charset=utf-8"
        return body.encode("utf-8", "surrogatepass"), ct
    return json.dumps(body, ensure_ascii=False).encode("utf-8"), "application/json"


def json_response(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def busy_config_port_hint(key: str) -> str:
    """What to change when the fixed port ``agent.<key>`` of a ``proxy_env: honoured`` agent is busy: the
    agent was started pointing at that port, so it must be restarted pointing at the new one."""
    var = "HTTP_PROXY" if key == "proxy_port" else "OPENAI_BASE_URL"
    return f"set agent.{key} to a free port in the config and restart the agent with the new {var}"


def check_fixed_ports(agent: Any, host: str = "127.0.0.1") -> None:
    """Before anything runs: fail (exit 3, as the proxy itself would) when a fixed proxy port of a
    ``proxy_env: honoured`` agent (``agent.llm_proxy_port``, ``agent.proxy_port``) is taken. The port is only
    probed: the proxies open later, in each phase that runs."""
    import socket

    from windtunnel._util.http1 import cannot_listen

    ports = agent.proxied_ports() if hasattr(agent, "proxied_ports") else None
    if ports is None:
        return
    tool, llm = ports
    for port, what, key in ((llm, "LLM proxy", "llm_proxy_port"), (tool, "tool proxy", "proxy_port")):
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as asyncio's server: TIME_WAIT is free
            try:
                probe.bind((host, port))
            except OSError as err:
                raise cannot_listen(err, what, host, port, busy_config_port_hint(key)) from None


async def _refuse(writer: asyncio.StreamWriter, status: int, message: str) -> None:
    """Answer ``status`` with ``message`` and close (best effort: the client may be gone already)."""
    with contextlib.suppress(Exception):
        body = (message + "\n").encode("utf-8", "replace")
        await write_response(writer, status, [("Content-Type", "text/plain")], body, keep_alive=False)


class ProxyServer:
    """An asyncio TCP server with keep-alive connections and a shared upstream client."""

    what = "proxy"

    def __init__(self, *, host: str = "127.0.0.1", port: int = 0, upstream_timeout: float = 300.0) -> None:
        self.host = host
        self.port = port
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._busy: set[asyncio.Task[Any]] = set()
        """Connections in the middle of a request: given a moment to finish (and log it) when closing."""
        self._timeout = upstream_timeout
        self.client: httpx.AsyncClient | None = None
        self.max_request_body = MAX_REQUEST_BODY
        """The longest request body read (bytes); a longer one is answered 413 without being read."""
        self.busy_hint: str | None = None
        """What to change when ``port`` is busy (default: ``--port``, the option of ``windtunnel proxy``)."""

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    async def start(self) -> None:
        self.client = httpx.AsyncClient(
            trust_env=False,
            timeout=httpx.Timeout(self._timeout, connect=30.0),
            limits=httpx.Limits(max_connections=1000, max_keepalive_connections=200),
            follow_redirects=False,
        )
        try:
            self._server = await listen(
                self._connection, self.host, self.port, what=self.what, busy_hint=self.busy_hint
            )
        except BaseException:
            await self.client.aclose()
            raise
        self.port = self._server.sockets[0].getsockname()[1]

    async def aclose(self, grace: float = 2.0) -> None:
        """Stop: idle keep-alive connections at once; a request being answered gets ``grace`` seconds to
        finish, so the call it made is logged (and counted in a summary) rather than cut half-way."""
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks - self._busy):
            task.cancel()
        if self._busy:
            await asyncio.wait(list(self._busy), timeout=grace)
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 5)
            self._server = None
        if self.client is not None:
            await self.client.aclose()
            self.client = None

    async def __aenter__(self) -> ProxyServer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def serve_forever(self) -> None:
        assert self._server is not None
        await self._server.serve_forever()

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            while True:
                req = await read_request(reader, max_body=self.max_request_body)
                if req is None:
                    break
                self._busy.add(task)
                try:
                    keep = await self.handle(req, reader, writer)
                finally:
                    self._busy.discard(task)
                if not keep:
                    break
        except BadRequest as err:  # answered, not logged: a client's mistake is the client's to read
            await _refuse(writer, 400, f"windtunnel {self.what}: bad request: {err}")
        except BodyTooLarge as err:
            await _refuse(writer, 413, f"windtunnel {self.what}: request body too large: {err}")
        except (ClientGone, EOFError, ConnectionError, asyncio.IncompleteReadError, asyncio.CancelledError):
            pass  # the client left: nobody to answer, nothing worth a line in the log
        except Exception as err:  # a defect here must cost one connection and one log line, not a traceback
            _log.warning("windtunnel %s: dropped a connection after %s: %s", self.what, type(err).__name__, err)
        finally:
            self._tasks.discard(task)
            with contextlib.suppress(Exception):
                writer.close()

    async def handle(self, req: Request, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        """Serve one request; return whether the connection stays open."""
        raise NotImplementedError
