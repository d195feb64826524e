"""A byte cap on HTTP answers: an answer longer than the cap is never read into memory in full.

:class:`CappedTransport` wraps any httpx transport and stops a response stream once it passes the cap;
:class:`~windtunnel._util.leantransport.LeanHTTP1Transport` applies the same cap while reading. Both raise
:class:`ResponseTooLarge` (an ``httpx.TransportError``, so it travels the path of every other transport
failure), which the agent adapters turn into a ``too_large`` cell.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx


class ResponseTooLarge(httpx.TransportError):
    """The answer is longer than the cap; ``size`` is its declared length when the server sent one."""

    def __init__(self, limit: int, size: int | None = None, *, request: httpx.Request | None = None) -> None:
        self.limit = limit
        self.size = size
        got = f"an answer of {size:,} bytes" if size is not None else "an answer"
        super().__init__(f"{got} exceeds agent.max_response_bytes ({limit:,} bytes)", request=request)


def declared_length(headers: httpx.Headers) -> int | None:
    try:
        return int(headers["content-length"])
    except (KeyError, ValueError):
        return None


class _CappedStream(httpx.AsyncByteStream):
    def __init__(self, inner: httpx.AsyncByteStream, limit: int, request: httpx.Request) -> None:
        self.inner = inner
        self.limit = limit
        self.request = request

    async def __aiter__(self) -> AsyncIterator[bytes]:
        total = 0
        async for chunk in self.inner:
            total += len(chunk)
            if total > self.limit:
                await self.inner.aclose()
                raise ResponseTooLarge(self.limit, request=self.request)
            yield chunk

    async def aclose(self) -> None:
        await self.inner.aclose()


class CappedTransport(httpx.AsyncBaseTransport):
    """``inner`` with every response body limited to ``limit`` bytes (on the wire, before decoding)."""

    def __init__(self, inner: httpx.AsyncBaseTransport, limit: int) -> None:
        self.inner = inner
        self.limit = limit

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        resp = await self.inner.handle_async_request(request)
        size = declared_length(resp.headers)
        if size is not None and size > self.limit:
            await resp.aclose()
            raise ResponseTooLarge(self.limit, size, request=request)
        assert isinstance(resp.stream, httpx.AsyncByteStream)
        return httpx.Response(
            resp.status_code,
            headers=resp.headers,
            stream=_CappedStream(resp.stream, self.limit, request),
            extensions=resp.extensions,
            request=request,
        )

    async def aclose(self) -> None:
        await self.inner.aclose()
