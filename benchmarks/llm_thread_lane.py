"""What a lane on blocking sockets in a thread could reach at one connection: two measuring instruments for
``benchmarks.llm_proxy --threads`` (not a proxy: no guarantee of ``proxy llm`` is kept here).

* :func:`thread_floor_process`: the floor's bare pass-through on blocking sockets, a thread per connection doing
  ``recv`` → ``sendall`` each way (no event loop, no ``epoll``): what the two extra hops cost without a selector.
* :func:`thread_sketch_process`: a thread per client connection doing, flat and on blocking sockets, the per-request
  work of the lane for a plain JSON or chunked answer — the request head parsed and checked in one pass as
  :class:`~windtunnel.chaos.proxy.lane.Lane` does, the route, the real fault plan's decision
  (:class:`~windtunnel.chaos.llm_wire.WireCall`), the upstream request, the answer head parsed, the pass-through
  editor fed and ended (the lazy call-log entry, the ``on_call`` listener), the client's head — and none of what
  carries the proxy's guarantees: no request slots, host gate, idle/header/body/silence timeouts, hand-over to the
  stream path (a request that is not whole in one read, or any fault that acts, is not handled), draining, 400/413/503.

The difference between the sketch and ``proxy llm`` in the same run bounds what moving the lane off the event loop
could win; the difference between the two floors is the part of it that is the selector's.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from typing import Any


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


def thread_sketch_process(port_q: Any, upstream: str, logged: Any) -> None:
    """The lane's per-request work on blocking sockets (see the module docstring)."""
    # Imported here, as in make_plan.
    from windtunnel._util.chunked import Dechunker
    from windtunnel._util.http1 import HOP_BY_HOP, NO_FORWARD, Request, response_head
    from windtunnel._util.http1client import request_bytes
    from windtunnel.chaos.llm_wire import WireCall
    from windtunnel.chaos.proxy import LlmProxy
    from windtunnel.chaos.proxy.llm import _url
    from windtunnel.chaos.wire_apis import api_of

    plan = make_plan(logged)
    proxy = LlmProxy(lambda: plan, upstream=upstream)
    routes: dict[tuple[str, str], Any] = {}
    srv = _listen(port_q)

    def serve(client: socket.socket) -> None:
        ups: dict[tuple[str, int], socket.socket] = {}
        _nodelay(client)
        buf = b""
        try:
            while True:
                data = client.recv(65536)
                if not data:
                    return
                buf += data
                end = buf.find(b"\r\n\r\n")
                if end < 0:
                    continue
                line, _, rest = buf[:end].partition(b"\r\n")
                parts = line.decode("latin-1").split()
                headers: list[tuple[str, str]] = []
                forward: list[str] = []
                declared = None
                for text in rest.decode("latin-1").split("\n"):
                    name, sep, value = text.partition(":")
                    if not sep or not name or name.strip() != name:
                        return
                    value = value.strip()
                    headers.append((name, value))
                    low = name.lower()
                    if low not in NO_FORWARD:
                        forward.append(f"{name}: {value}")
                    elif low == "content-length":
                        declared = value
                whole = end + 4 + int(declared or 0)
                if len(buf) < whole:
                    continue
                body, buf = buf[end + 4 : whole], buf[whole:]
                req = Request(parts[0].upper(), parts[1], parts[2], headers, body)
                route = routes.get((req.method, req.target))
                if route is None:
                    route = routes[(req.method, req.target)] = (
                        api_of(req.method, req.target),
                        _url(proxy.upstream_url(req.target)),
                    )
                api, url = route
                wire = WireCall(plan, api, req.body)
                addr = (url.hostname, url.port)
                up = ups.get(addr)
                if up is None:
                    up = ups[addr] = socket.create_connection(addr)
                    _nodelay(up)
                up.sendall(request_bytes(req.method, url, req.headers, req.body, forward))
                answer = b""
                while (hend := answer.find(b"\r\n\r\n")) < 0:
                    answer += up.recv(65536)
                status_line, _, hrest = answer[:hend].partition(b"\r\n")
                status = int(status_line.split(b" ", 2)[1])
                kept: list[str] = []
                length = ctype = None
                chunked = False
                for text in hrest.decode("latin-1").split("\n"):
                    k, _, v = text.partition(":")
                    k, v = k.strip(), v.strip()
                    low = k.lower()
                    if low not in HOP_BY_HOP:
                        kept.append(f"{k}: {v}")
                        if low == "content-type":
                            ctype = v
                    elif low == "content-length":
                        length = int(v)
                    elif low == "transfer-encoding":
                        chunked = True
                editor = wire.editor(status, ctype)
                editor.status, editor.encoded, editor.chunked = status, False, chunked
                head = response_head(status, [], length=length, keep_alive=True, kept=kept)
                rest_body = answer[hend + 4 :]
                if chunked:
                    walk = Dechunker()
                    piece = walk.through(rest_body)
                    while not walk.done:
                        if piece:
                            editor.feed(piece)
                            client.sendall(head + piece)
                            head = b""
                        piece = walk.through(up.recv(65536))
                else:
                    assert length is not None
                    while len(rest_body) < length:
                        rest_body += up.recv(65536)
                    piece = rest_body
                editor.feed(piece)
                editor.end()
                client.sendall(head + piece)
        except OSError:
            pass
        finally:
            client.close()
            for up in ups.values():
                up.close()

    while True:
        client, _ = srv.accept()
        threading.Thread(target=serve, args=(client,), daemon=True).start()
