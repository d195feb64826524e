"""call_within: a deadline on one agent call whose timer is armed only once the call waits."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from windtunnel._util.deadline import call_within

MISSING: Any = object()


async def _answer_now() -> str:
    return "now"


async def _answer_after(waits: int, seconds: float = 0.0) -> str:
    for _ in range(waits):
        await asyncio.sleep(seconds)
    return f"after {waits}"


async def _raise_timeout() -> str:
    await asyncio.sleep(0)
    raise TimeoutError("the agent's own")


def _timers() -> int:
    return len(asyncio.get_running_loop()._scheduled)  # type: ignore[attr-defined]


def test_an_answer_without_waiting_arms_no_timer() -> None:
    async def main() -> None:
        seen: list[int] = []

        async def probe() -> str:
            seen.append(_timers())
            return "ok"

        before = _timers()
        assert await call_within(5, probe(), MISSING) == "ok"
        assert seen == [before]  # no deadline timer was scheduled while it ran

    asyncio.run(main())


@pytest.mark.parametrize("waits", [1, 3])
def test_a_waiting_call_runs_under_the_deadline(waits: int) -> None:
    async def main() -> None:
        seen: list[int] = []

        async def probe() -> str:
            await asyncio.sleep(0)
            seen.append(_timers())
            return await _answer_after(waits)

        before = _timers()
        assert await call_within(5, probe(), MISSING) == f"after {waits}"
        assert seen == [before + 1]  # the deadline, armed once the call waited
        assert await call_within(5, _answer_now(), MISSING) == "now"

    asyncio.run(main())


def test_the_deadline_stops_a_slow_call_quietly() -> None:
    async def main() -> None:
        assert await call_within(0.05, _answer_after(1, 10), MISSING) is MISSING

    asyncio.run(main())


def test_the_callers_own_timeout_error_propagates() -> None:
    async def main() -> None:
        with pytest.raises(TimeoutError, match="the agent's own"):
            await call_within(5, _raise_timeout(), MISSING)

    asyncio.run(main())


def test_an_outside_cancellation_reaches_the_call() -> None:
    cleaned: list[bool] = []

    async def slow() -> str:
        try:
            await asyncio.sleep(10)
        finally:
            cleaned.append(True)
        return "never"

    async def main() -> None:
        task = asyncio.ensure_future(call_within(5, slow(), MISSING))
        await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(main())
    assert cleaned == [True]


def test_a_non_coroutine_awaitable_uses_the_plain_deadline() -> None:
    async def main() -> None:
        fut = asyncio.get_running_loop().create_future()
        fut.set_result("from a future")
        assert await call_within(5, fut, MISSING) == "from a future"  # type: ignore[arg-type]

    asyncio.run(main())
