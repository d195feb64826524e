"""An httpx transport that sends plain-HTTP/1.1 requests over :mod:`windtunnel._util.http1client`.

httpcore's pool and h11 cost more CPU per request than the wire exchange when an agent is called at
high concurrency (measured in benchmarks/engine.py). This transport keeps httpx's Request/Response API
(so retries, response parsing and transport mutations are unchanged) and hands ``http://`` requests to
the lean keep-alive pool; everything else (HTTPS, HTTP/2) goes to the regular httpx transport.
:meth:`LeanHTTP1Transport.exchange` is the same exchange without httpx's Request and Response objects,
for a caller that builds the request itself and reads the answer's bytes (the HTTP agent's hot path).
"""

from __future__ import annotations

import asyncio

import httpx

from windtunnel._util.http1 import BodyTooLarge
from windtunnel._util.http1client import (
    Prepared,
    UpstreamClosed,
    UpstreamCut,
    UpstreamError,
    UpstreamPool,
    UpstreamProtocolError,
    UpstreamResponse,
    prepare,
)
from windtunnel._util.httpcap import ResponseTooLarge


class LeanHTTP1Transport(httpx.AsyncBaseTransport):
    """``max_body``: answers longer than this many bytes raise :class:`ResponseTooLarge` (``None``: no cap).

    Failures are raised as the httpx exceptions an httpx transport would raise, so the adapters' error mapping
    (timeout, transport, too large) is the same whichever transport served the call."""

    def __init__(self, fallback: httpx.AsyncBaseTransport, *, max_idle: int = 256, max_body: int | None = None) -> None:
        """A transport over a keep-alive pool of up to ``max_idle`` idle connections per host, handing what it cannot
        serve to ``fallback``. The pool's own timeout is an hour: each request's httpx timeout is what bounds a
        call."""
        self.fallback = fallback
        self.pool = UpstreamPool(timeout=3600.0, max_idle=max_idle)
        self.max_body = max_body

    async def exchange(
        self, prepared: Prepared, body: bytes, timeout: float | None, request: httpx.Request | None = None
    ) -> UpstreamResponse:
        """One plain-HTTP exchange (its head made by :func:`~windtunnel._util.http1client.prepare`) within
        ``timeout`` seconds, failures raised as the httpx errors an httpx transport raises
        (:class:`ResponseTooLarge` over the cap, ``ReadTimeout``, ``RemoteProtocolError`` for an answer that
        is not HTTP or a connection closed before a complete answer, ``ConnectError``)."""
        try:
            return await self.pool.send_prepared(prepared, body, max_body=self.max_body, timeout=timeout)
        except BodyTooLarge as err:
            raise ResponseTooLarge(err.limit, err.size, request=request) from None
        except (TimeoutError, asyncio.TimeoutError):  # two classes on Python 3.10
            raise httpx.ReadTimeout(f"no answer within {timeout} s", request=request) from None
        except UpstreamProtocolError as err:  # an answer, but not HTTP (what httpx calls it)
            raise httpx.RemoteProtocolError(str(err), request=request) from None
        except (UpstreamClosed, UpstreamCut) as err:  # connected, then closed mid-answer: what httpx raises then
            raise httpx.RemoteProtocolError(str(err), request=request) from None
        except UpstreamError as err:
            raise httpx.ConnectError(str(err), request=request) from None

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        """httpx's transport interface: plain-HTTP requests through :meth:`exchange`, with the request's read timeout
        as the call's deadline, their answers read whole; anything else through the fallback."""
        if request.url.scheme != "http":
            return await self.fallback.handle_async_request(request)
        body = await request.aread()
        timeouts = request.extensions.get("timeout") or {}
        limit = timeouts.get("read") or timeouts.get("pool")
        try:
            prepared = prepare(request.method, str(request.url), list(request.headers.multi_items()))
        except UpstreamError as err:
            raise httpx.ConnectError(str(err), request=request) from None
        resp = await self.exchange(prepared, body, limit, request)
        return httpx.Response(resp.status, headers=resp.headers, content=resp.body, request=request)

    async def aclose(self) -> None:
        """Close the pool and the fallback transport."""
        await self.pool.aclose()
        await self.fallback.aclose()
