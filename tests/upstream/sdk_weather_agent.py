"""A weather agent already running on its own, on the real ``openai`` SDK: ``python sdk_weather_agent.py PORT``.

``POST /invoke {"question": ...}`` → ``{"result": {"answer": ...}}``; ``POST /reset``. It asks its model through
``openai.OpenAI()`` (``OPENAI_BASE_URL`` from its environment, no retries) and looks the city up with ``httpx`` at
``TOOLS_URL/weather`` (``HTTP_PROXY`` honoured), then answers ``Forecast: <tool answer> / <model text>``. A model
call that fails is answered ``model unavailable (<exception>)``, a lookup that fails ``lookup failed (<status>)``:
what the agent saw is in its answer.
"""

from __future__ import annotations

import json
import os
import sys

import httpx
import openai
from json_agent_server import serve  # a sibling module: this file runs as a script

TOOLS_URL = os.environ["TOOLS_URL"]
MODEL = openai.OpenAI(api_key="sk-test", max_retries=0, timeout=10.0)
TOOLS = httpx.Client(timeout=10.0)  # trust_env: HTTP_PROXY / NO_PROXY from the environment


def answer(question: str) -> str:
    try:
        reply = MODEL.chat.completions.create(model="stub-model", messages=[{"role": "user", "content": question}])
        text = reply.choices[0].message.content or ""
    except openai.APIError as err:
        return f"model unavailable ({type(err).__name__})"
    try:
        r = TOOLS.get(f"{TOOLS_URL}/weather", params={"city": "Paris"})
        r.raise_for_status()
        found = json.dumps(r.json())
    except httpx.HTTPStatusError as err:
        return f"lookup failed ({err.response.status_code})"
    return f"Forecast: {found} / {text}"


if __name__ == "__main__":
    serve(int(sys.argv[1]), lambda req: {"result": {"answer": answer(str(req.get("question", "")))}})
