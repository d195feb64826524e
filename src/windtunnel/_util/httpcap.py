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
        """``limit``: the cap in bytes; ``size``: the answer's declared length when it sent one (then it was refused
        before any of its body was read); ``request``: the request it answered, as httpx errors carry it."""
        self.limit = limit
        self.size = size
        got = f"an answer of {size:,} bytes" if size is not None else "an answer"
        super().__init__(f"{got} exceeds agent.max_response_bytes ({limit:,} bytes)", request=request)


def declared_length(headers: httpx.Headers) -> int | None:
    """The ``Content-Length`` of an answer, or ``None`` when it sent none (or one that is not a number): then only
    counting the bytes as they arrive can enforce the cap."""
    try:
        return int(headers["content-length"])
    except (KeyError, ValueError):
        return None


class _CappedStream(httpx.AsyncByteStream):
    """A response body that raises :class:`ResponseTooLarge` as soon as the bytes read pass the cap, after closing
    the inner stream (so its connection is not left half-read in the pool)."""

    def __init__(self, inner: httpx.AsyncByteStream, limit: int, request: httpx.Request) -> None:
        """Wrap ``inner``, the body of the answer to ``request``, with a cap of ``limit`` bytes."""
        self.inner = inner
        self.limit = limit
        self.request = request

    async def __aiter__(self) -> AsyncIterator[bytes]:
        """The body's chunks as they arrive, until they pass the cap."""
        total = 0
        async for chunk in self.inner:
            total += len(chunk)
            if total > self.limit:
                await self.inner.aclose()
                raise ResponseTooLarge(self.limit, request=self.request)
            yield chunk

    async def aclose(self) -> None:
        """Close the inner stream."""
        await self.inner.aclose()


class CappedTransport(httpx.AsyncBaseTransport):
    """``inner`` with every response body limited to ``limit`` bytes (on the wire, before decoding).

    Counting wire bytes, not decoded ones, keeps the cap meaningful against a compressed answer that would expand
    enormously once decoded."""

    def __init__(self, inner: httpx.AsyncBaseTransport, limit: int) -> None:
        """Wrap ``inner`` with a cap of ``limit`` bytes per answer."""
        self.inner = inner
        self.limit = limit

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        """Send ``request`` through the inner transport; an answer that declares more than the cap is refused at
        once, any other has its body capped as it streams."""
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
        """Close the inner transport."""
        await self.inner.aclose()
