"""The client lifecycle the HTTP adapters share: one pooled client per run, probed on enter, closed on exit.

Opening one :class:`~windtunnel._util.httpclients.ShardedClient` per ``async with`` (not per cell) keeps connections
alive across thousands of cells; probing on enter turns a dead endpoint into one clear exit-3 error before any cell
runs, instead of every cell failing with the same transport error."""

from __future__ import annotations

from collections.abc import Mapping

import httpx

from windtunnel._util.envexpand import expand_env
from windtunnel._util.httpclients import ShardedClient


def expand_headers(headers: Mapping[str, str]) -> dict[str, str]:
    """``agent.headers`` with ``${ENV}`` expanded in every value."""
    return {k: expand_env(v, where=f"agent.headers.{k}") for k, v in headers.items()}


class PooledHttpAgent:
    """Base for adapters that talk HTTP through one :class:`ShardedClient` per ``async with``.

    A subclass resolves its URLs and headers in ``__aenter__``, calls :meth:`_open` with the headers,
    and implements :meth:`check_reachable`; the client is closed again if that probe fails.
    """

    def __init__(self, *, timeout_ms: int, concurrency: int, max_response_bytes: int | None = None) -> None:
        """Remember the limits the client is opened with: ``timeout_ms`` per call, ``concurrency`` connections (one per
        concurrent cell, so no cell waits on the pool), ``max_response_bytes`` per answer (``None``: no cap)."""
        self._timeout_ms = timeout_ms
        self._max_response_bytes = max_response_bytes
        self._concurrency = concurrency
        self._client: ShardedClient | None = None

    async def _open(self, headers: dict[str, str]) -> None:
        """Open the pooled client with ``headers`` (environment proxies ignored: faults reach the agent's own traffic,
        not the harness's) and run :meth:`check_reachable`; on any failure the client is closed again and the error
        propagates, so a failed enter leaks no connections."""
        client = ShardedClient(
            self._concurrency,
            max_response_bytes=self._max_response_bytes,
            headers=headers,
            timeout=httpx.Timeout(self._timeout_ms / 1000),
            trust_env=False,
        )
        self._client = client
        try:
            await self.check_reachable()
        except BaseException:
            self._client = None
            await client.aclose()
            raise

    async def __aexit__(self, *exc: object) -> None:
        """Close the client (idempotent), whatever ended the run."""
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    @property
    def client(self) -> ShardedClient:
        """The open client; using the adapter outside ``async with`` is a programming error and says so."""
        if self._client is None:
            raise RuntimeError(f"{type(self).__name__} used outside `async with`")
        return self._client

    @property
    def probe_timeout_s(self) -> float:
        """The reachability probe's timeout: the call timeout, capped at 10 s."""
        return min(self._timeout_ms / 1000, 10.0)

    async def check_reachable(self) -> None:
        """Raise :class:`AgentUnreachableError` when the agent does not answer; each subclass probes its own URL."""
        raise NotImplementedError
