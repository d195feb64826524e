"""A python agent that never answers (QA pass 16): windtunnel's ``agent.timeout`` must end each call."""

from __future__ import annotations

import anyio


async def handle(prompt: str) -> str:
    await anyio.sleep_forever()
    return "never"  # pragma: no cover
