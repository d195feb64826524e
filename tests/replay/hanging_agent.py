"""A python agent that calls its weather tool, says so in the file ``WT_TEST_CALLED`` names, then hangs (a prompt that
starts with ``quick`` is answered at once): a test interrupts ``replay record`` or ``replay run`` while the agent
call is in flight, once the file is there."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any


def get_weather(city: str) -> dict[str, Any]:
    return {"city": city, "temp_c": 21, "sky": "sunny"}


def handle(prompt: str) -> str:
    data = get_weather("Rome")
    if prompt.startswith("quick"):  # answers at once (a session replayed before the one that hangs)
        return f"The weather in {data['city']} is {data['sky']}."
    Path(os.environ["WT_TEST_CALLED"]).write_text("called", encoding="utf-8")
    time.sleep(120)
    return f"The weather in {data['city']} is {data['sky']}."
