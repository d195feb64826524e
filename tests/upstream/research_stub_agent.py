"""A research agent already running on its own: ``python research_stub_agent.py PORT``.

The request/response shape of upstream flakestorm's ``examples/v2_research_agent`` (``POST /invoke
{"input": ...}`` → ``{"result": ...}``, ``POST /reset``), with windtunnel's own code. For each question it
looks the question up in ``SOURCES`` sources of its search tool (``TOOLS_URL/search``) with an ``httpx``
client that honours ``HTTP_PROXY`` from its environment, asks its model at ``OPENAI_BASE_URL`` when set,
and answers "According to <source>: ..." — or, when every lookup failed, a sentence without a source.
Many lookups per question (``SOURCES``) make a fault with ``probability: 0.3`` fire in practically every run.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import httpx
from json_agent_server import serve  # a sibling module: this file runs as a script

TOOLS_URL = os.environ["TOOLS_URL"]
SOURCES = int(os.environ.get("SOURCES", "10"))
CLIENT = httpx.Client(timeout=10.0)  # trust_env: HTTP_PROXY / NO_PROXY from the environment


def answer(question: str) -> dict[str, Any]:
    found: list[str] = []
    failed: list[int] = []
    for n in range(SOURCES):
        try:
            r = CLIENT.get(f"{TOOLS_URL}/search", params={"q": question[:40], "source": n})
            r.raise_for_status()
            found.append(str(r.json()["title"]))
        except httpx.HTTPStatusError as err:
            failed.append(err.response.status_code)
        except (httpx.HTTPError, ValueError, KeyError):
            failed.append(0)
    text = f"the answer to {question!r}"
    base = os.environ.get("OPENAI_BASE_URL")
    if base:
        try:
            r = CLIENT.post(
                f"{base}/chat/completions",
                json={"model": "stub-model", "messages": [{"role": "user", "content": question}]},
                headers={"Authorization": "Bearer test-key"},
            )
            r.raise_for_status()
            text = r.json()["choices"][0]["message"]["content"]
        except httpx.HTTPStatusError as err:
            failed.append(err.response.status_code)
    if found:
        result = f"According to {found[0]} (source: search): {text}."
    else:
        result = f"I could not look that up ({len(failed)} failures)."
    return {"result": result, "failed": failed}


if __name__ == "__main__":
    serve(int(sys.argv[1]), lambda req: answer(str(req.get("input") or req.get("prompt") or req.get("query") or "")))
