"""What a lane on blocking sockets in a thread could reach at one connection: three measuring instruments for
``benchmarks.llm_proxy --threads`` (not proxies: no guarantee of ``proxy llm`` is kept here).

* :func:`thread_floor_process`: the floor's bare pass-through on blocking sockets, a thread per connection doing
  ``recv`` → ``sendall`` each way (no event loop, no ``epoll``): what the two extra hops cost without a selector.
* :func:`thread_sketch_process`: a thread per client connection doing, flat and on blocking sockets, the per-request
  work of the lane for a plain JSON or chunked answer — the request head parsed and checked in one pass as
  :class:`~windtunnel.chaos.proxy.lane.Lane` does, the route, the real fault plan's decision
  (:class:`~windtunnel.chaos.llm_wire.WireCall`), the upstream request, the answer head parsed, the pass-through
  editor fed and ended (the lazy call-log entry, the ``on_call`` listener), the client's head — and none of what
  carries the proxy's guarantees: no request slots, host gate, idle/header/body/silence timeouts, hand-over to the
  stream path (a fault that acts is not handled), draining, 400/413/503; one request at a time per connection.
* :func:`loop_sketch_process`: the same per-request code from two protocols' callbacks on the proxy's event loop.

The sketch against ``proxy llm`` in the same run bounds what a flatter lane could win; the sketch against its copy on
the event loop, and the two floors against each other, tell how much of it is the event loop's.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from typing import Any, cast


def make_plan(logged: Any) -> Any:
    """The benchmark's fault plan: one LLM fault with ``probability: 0`` (never fires), and an ``on_call`` listener
    that counts the calls in ``logged`` and clears the log (a long run must not grow it without bound)."""
    # Imported here: a baseline proxy process puts another source tree first on the path before importing windtunnel.
    from windtunnel.chaos.llm_faults import LlmRateLimitFault
    from windtunnel.chaos.plan import FaultPlan
    from windtunnel.chaos.spec import ChaosSpec

    plan = FaultPlan(ChaosSpec("bench", llm_faults=(LlmRateLimitFault(probability=0.0),)), seed=1, key="bench")
    # ``clear_calls`` forgets entries not built yet without building them (a baseline from before the lazy call log
    # clears the list).
    clear = getattr(plan, "clear_calls", None) or plan.calls.clear

    def on_call(entry: Any) -> None:
        with logged.get_lock():
            logged.value += 1
        clear()

    plan.on_call = on_call
    return plan


def _listen(port_q: Any) -> socket.socket:
    srv = socket.socket()
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", 0))
    srv.listen(1024)
    port_q.put(srv.getsockname()[1])
    return srv


def _nodelay(*socks: socket.socket) -> None:
    for s in socks:
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def thread_floor_process(port_q: Any, upstream: str, logged: Any) -> None:
    """A bare TCP pass-through on blocking sockets: per client connection its own upstream connection and two
    threads, each ``recv`` → ``sendall`` one way."""
    port = int(upstream.rsplit(":", 1)[1].split("/", 1)[0])
    srv = _listen(port_q)

    def pump(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError):
                b.shutdown(socket.SHUT_WR)

    def serve(client: socket.socket) -> None:
        up = socket.create_connection(("127.0.0.1", port))
        _nodelay(client, up)
        threading.Thread(target=pump, args=(up, client), daemon=True).start()
        pump(client, up)

    while True:
        client, _ = srv.accept()
        threading.Thread(target=serve, args=(client,), daemon=True).start()


class _Sketch:
    """The lane's per-request work, flat, for one client connection (see the module docstring): :meth:`request` turns
    the client's bytes into the upstream request, :meth:`answer` the upstream's bytes into the client's."""

    def __init__(self, logged: Any, upstream: str) -> None:
        # Imported here, as in make_plan; kept on the instance, so no request pays an import statement.
        from windtunnel._util.chunked import Dechunker
        from windtunnel._util.http1 import HOP_BY_HOP, NO_FORWARD, Request, response_head
        from windtunnel._util.http1client import request_bytes
        from windtunnel.chaos.llm_wire import WireCall
        from windtunnel.chaos.proxy import LlmProxy
        from windtunnel.chaos.proxy.llm import _url
        from windtunnel.chaos.wire_apis import api_of

        self.dechunker, self.hop_by_hop, self.no_forward, self.request_type = Dechunker, HOP_BY_HOP, NO_FORWARD, Request
        self.response_head, self.request_bytes, self.wire_call, self.url, self.api_of = (
            response_head,
            request_bytes,
            WireCall,
            _url,
            api_of,
        )

        self.plan = make_plan(logged)
        self.proxy = LlmProxy(lambda: self.plan, upstream=upstream)
        self.routes: dict[tuple[str, str], Any] = {}
        self.wire: Any = None
        self.editor: Any = None
        self.answer_buf = b""
        self.head = b""
        self.left = 0
        self.walk: Any = None

    def request(self, buf: bytes) -> tuple[tuple[str, int], bytes, bytes] | None:
        """``(upstream address, request bytes, the bytes after the request)``, or ``None`` until it is whole."""
        no_forward = self.no_forward
        end = buf.find(b"\r\n\r\n")
        if end < 0:
            return None
        line, _, rest = buf[:end].partition(b"\r\n")
        parts = line.decode("latin-1").split()
        headers: list[tuple[str, str]] = []
        forward: list[str] = []
        declared = None
        for text in rest.decode("latin-1").split("\n"):
            name, sep, value = text.partition(":")
            if not sep or not name or name.strip() != name:
                raise ValueError("bad header line")
            value = value.strip()
            headers.append((name, value))
            low = name.lower()
            if low not in no_forward:
                forward.append(f"{name}: {value}")
            elif low == "content-length":
                declared = value
        whole = end + 4 + int(declared or 0)
        if len(buf) < whole:
            return None
        req = self.request_type(parts[0].upper(), parts[1], parts[2], headers, buf[end + 4 : whole])
        route = self.routes.get((req.method, req.target))
        if route is None:
            route = self.routes[(req.method, req.target)] = (
                self.api_of(req.method, req.target),
                self.url(self.proxy.upstream_url(req.target)),
            )
        api, url = route
        self.wire = self.wire_call(self.plan, api, req.body)
        self.editor, self.answer_buf = None, b""
        request = self.request_bytes(req.method, url, req.headers, req.body, forward)
        return (url.hostname, url.port), request, buf[whole:]

    def answer(self, data: bytes) -> tuple[bytes, bool]:
        """``(bytes for the client, whether the answer ended)`` for the next bytes of the upstream's answer."""
        if self.editor is None:
            answer = self.answer_buf + data
            hend = answer.find(b"\r\n\r\n")
            if hend < 0:
                self.answer_buf = answer
                return b"", False
            status_line, _, hrest = answer[:hend].partition(b"\r\n")
            status = int(status_line.split(b" ", 2)[1])
            kept: list[str] = []
            length = ctype = None
            chunked = False
            for text in hrest.decode("latin-1").split("\n"):
                k, _, v = text.partition(":")
                k, v = k.strip(), v.strip()
                low = k.lower()
                if low not in self.hop_by_hop:
                    kept.append(f"{k}: {v}")
                    if low == "content-type":
                        ctype = v
                elif low == "content-length":
                    length = int(v)
                elif low == "transfer-encoding":
                    chunked = True
            editor = self.editor = self.wire.editor(status, ctype)
            editor.status, editor.encoded, editor.chunked = status, False, chunked
            self.head = self.response_head(status, [], length=length, keep_alive=True, kept=kept)
            self.walk = self.dechunker() if chunked else None
            self.left = length or 0
            data = answer[hend + 4 :]
        editor = self.editor
        if self.walk is not None:
            piece = self.walk.through(data)
            done = self.walk.done
        else:
            piece = data
            self.left -= len(data)
            done = self.left <= 0
        if piece:
            editor.feed(piece)
        if done:
            editor.end()
            self.editor = None
        out, self.head = self.head + piece, b""
        return out, done


def thread_sketch_process(port_q: Any, upstream: str, logged: Any) -> None:
    """The lane's per-request work on blocking sockets, a thread per client connection (see the module docstring)."""
    srv = _listen(port_q)

    def serve(client: socket.socket) -> None:
        sketch = _Sketch(logged, upstream)
        ups: dict[tuple[str, int], socket.socket] = {}
        _nodelay(client)
        buf = b""
        try:
            while data := client.recv(65536):
                buf += data
                while (got := sketch.request(buf)) is not None:
                    addr, request, buf = got
                    up = ups.get(addr)
                    if up is None:
                        up = ups[addr] = socket.create_connection(addr)
                        _nodelay(up)
                    up.sendall(request)
                    done = False
                    while not done:
                        out, done = sketch.answer(up.recv(65536))
                        if out:
                            client.sendall(out)
        except (OSError, ValueError):
            pass
        finally:
            client.close()
            for up in ups.values():
                up.close()

    while True:
        client, _ = srv.accept()
        threading.Thread(target=serve, args=(client,), daemon=True).start()


def loop_sketch_process(port_q: Any, upstream: str, logged: Any) -> None:
    """The same per-request work as :func:`thread_sketch_process`, from the callbacks of two protocols on the proxy's
    event loop (uvloop when installed): the sketch without the thread, to tell the event loop's share of the gap
    between the sketch and ``proxy llm`` from the lane's."""

    class Up(asyncio.Protocol):
        def __init__(self, client: Client) -> None:
            self.client = client

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            self.transport = cast(asyncio.Transport, transport)

        def data_received(self, data: bytes) -> None:
            out, _ = self.client.sketch.answer(data)
            if out:
                self.client.transport.write(out)

    class Client(asyncio.Protocol):
        def __init__(self) -> None:
            self.sketch = _Sketch(logged, upstream)
            self.up: Up | None = None
            self.buf = b""

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            self.transport = cast(asyncio.Transport, transport)

        def data_received(self, data: bytes) -> None:
            self.buf += data
            got = self.sketch.request(self.buf)
            if got is None:
                return
            addr, request, self.buf = got
            if self.up is None:
                asyncio.get_running_loop().create_task(self._open(addr, request))
            else:
                self.up.transport.write(request)

        async def _open(self, addr: tuple[str, int], request: bytes) -> None:
            loop = asyncio.get_running_loop()
            _, self.up = await loop.create_connection(lambda: Up(self), *addr)
            self.up.transport.write(request)

        def connection_lost(self, exc: Exception | None) -> None:
            if self.up is not None:
                self.up.transport.close()

    async def run() -> None:
        loop = asyncio.get_running_loop()
        server = await loop.create_server(Client, "127.0.0.1", 0, backlog=1024)
        port_q.put(server.sockets[0].getsockname()[1])
        await asyncio.Event().wait()

    try:  # the loop `proxy llm` serves on when the `fast` extra is installed (imported here: optional)
        import uvloop
    except ImportError:
        asyncio.run(run())
    else:
        uvloop.run(run())
