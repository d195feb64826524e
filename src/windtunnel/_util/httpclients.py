"""The HTTP client of the agent adapters.

Plain-HTTP requests go through one client on :class:`~windtunnel._util.leantransport.LeanHTTP1Transport`
(httpcore's pool and h11 cost more CPU per request than the exchange itself at high concurrency:
measured in benchmarks/engine.py). HTTPS requests, and transport mutations that need httpx's own
streaming request bodies, use small regular httpx clients ("shards"), each request going to the
least-loaded one (httpcore's pool scans every connection for every queued request).
"""

from __future__ import annotations

from typing import Any

import httpx

from windtunnel._util.http1client import Prepared, UpstreamResponse
from windtunnel._util.httpcap import CappedTransport
from windtunnel._util.leantransport import LeanHTTP1Transport

SHARD_SIZE = 1


class ShardedClient:
    """Duck-types the parts of ``httpx.AsyncClient`` the adapters use (``build_request``, ``send``, ``request``).

    ``max_response_bytes`` caps every answer, on every path (lean, shards, transport mutations): a longer
    one raises :class:`~windtunnel._util.httpcap.ResponseTooLarge` without being read in full.
    """

    def __init__(self, concurrency: int, *, max_response_bytes: int | None = None, **client_kwargs: Any) -> None:
        """One lean client for plain HTTP and ``ceil(concurrency / SHARD_SIZE)`` httpx clients for the rest, sharing
        one TLS context (building one is costly); ``client_kwargs`` (headers, timeout, ``trust_env``) go to every
        client, so the paths behave alike."""
        n = max(1, -(-concurrency // SHARD_SIZE))
        size = min(concurrency, SHARD_SIZE) if concurrency > 0 else SHARD_SIZE
        limits = httpx.Limits(max_connections=size, max_keepalive_connections=size)
        verify = client_kwargs.pop("verify", None) or httpx.create_ssl_context()  # one TLS context, not one per shard

        def transport(inner: httpx.AsyncBaseTransport) -> httpx.AsyncBaseTransport:
            """``inner`` capped at ``max_response_bytes``, or as it is without a cap."""
            return CappedTransport(inner, max_response_bytes) if max_response_bytes is not None else inner

        self._shards = [
            httpx.AsyncClient(
                transport=transport(httpx.AsyncHTTPTransport(verify=verify, limits=limits)), **client_kwargs
            )
            for _ in range(n)
        ]
        self._load = [0] * n
        fallback = transport(httpx.AsyncHTTPTransport(verify=verify))
        self._lean_transport = LeanHTTP1Transport(fallback, max_body=max_response_bytes)
        self._lean = httpx.AsyncClient(transport=self._lean_transport, **client_kwargs)
        self._lean_timeout = self._lean.timeout.as_dict()

    def _pick(self) -> int:
        """The index of the least-loaded shard."""
        return min(range(len(self._shards)), key=self._load.__getitem__)

    def build_request(self, *args: Any, **kwargs: Any) -> httpx.Request:
        """An httpx request built as ``AsyncClient.build_request`` builds it (client headers and cookies merged);
        every shard would build the same, so the first one does."""
        return self._shards[0].build_request(*args, **kwargs)

    async def send(self, request: httpx.Request, **kwargs: Any) -> httpx.Response:
        """Send ``request``: plain HTTP through the lean transport (via httpx's client only when auth or redirects
        are asked for), anything else on the least-loaded shard.

        The load count is kept around the call, so concurrent HTTPS requests spread over the shards instead of
        queuing on one client's pool."""
        if request.url.scheme == "http":
            if kwargs.get("auth") is None and not kwargs.get("follow_redirects"):
                return await self._send_lean(request)
            return await self._lean.send(request, **kwargs)
        i = self._pick()
        self._load[i] += 1
        try:
            return await self._shards[i].send(request, **kwargs)
        finally:
            self._load[i] -= 1

    async def _send_lean(self, request: httpx.Request) -> httpx.Response:
        """What ``AsyncClient.send`` does for a plain-HTTP request without auth or redirects (cookies and
        the default timeout included), without its per-request machinery: the response is read whole."""
        request.extensions.setdefault("timeout", self._lean_timeout)
        cookies = self._lean.cookies
        if cookies.jar and "cookie" not in request.headers:
            cookies.set_cookie_header(request)
        response = await self._lean_transport.handle_async_request(request)
        if "set-cookie" in response.headers:
            cookies.extract_cookies(response)
        return response

    async def send_plain(
        self, prepared: Prepared, url: str, body: bytes, timeout: float | None
    ) -> UpstreamResponse | None:
        """:meth:`_send_lean` for a plain-HTTP request to ``url`` whose head the caller prepared once
        (:func:`~windtunnel._util.http1client.prepare`, with the client's headers merged in), within
        ``timeout`` seconds; the answer as bytes: no httpx Request or Response per call. ``None`` when the
        client holds cookies to send (then :meth:`send` it); cookies an answer sets are kept, as :meth:`send`
        keeps them."""
        cookies = self._lean.cookies
        if cookies.jar:
            return None
        resp = await self._lean_transport.exchange(prepared, body, timeout)
        if resp.header("set-cookie") is not None:
            request = httpx.Request(prepared[0], url)
            cookies.extract_cookies(httpx.Response(resp.status, headers=resp.headers, request=request))
        return resp

    async def request(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        """Build and send one request (``AsyncClient.request``)."""
        return await self.send(self.build_request(method, url, **kwargs))

    async def post(self, url: str, **kwargs: Any) -> httpx.Response:
        """``request("POST", ...)``: what the adapters' reset endpoints use."""
        return await self.request("POST", url, **kwargs)

    @property
    def shard(self) -> httpx.AsyncClient:
        """One real client, for code that needs the httpx type (transport mutations get the least-loaded)."""
        return self._shards[self._pick()]

    async def aclose(self) -> None:
        """Close the lean client and every shard."""
        await self._lean.aclose()
        for c in self._shards:
            await c.aclose()
