"""Small agents for the chaos tests: their tools count real executions (observable side effects)."""

from __future__ import annotations

import asyncio
import copy
from typing import Any

EXECUTED: dict[str, int] = {"lookup": 0, "weather": 0, "alookup": 0, "search": 0}
ORDERS = {"A1": {"order_id": "A1", "status": "shipped", "eta_days": 2, "note": "Left the warehouse."}}


def reset() -> None:
    for k in EXECUTED:
        EXECUTED[k] = 0


def lookup(order_id: str) -> dict[str, Any]:
    """Look up an order (sync tool)."""
    EXECUTED["lookup"] += 1
    return copy.deepcopy(ORDERS[order_id])


def weather(city: str) -> str:
    EXECUTED["weather"] += 1
    return f"Sunny in {city}, 21 degrees."


async def alookup(order_id: str) -> dict[str, Any]:
    EXECUTED["alookup"] += 1
    await asyncio.sleep(0)
    return copy.deepcopy(ORDERS[order_id])


def search(query: str) -> list[dict[str, Any]]:
    EXECUTED["search"] += 1
    return [{"title": f"Result {i} for {query}", "score": 1.0 - i / 10} for i in range(4)]


TOOLS: dict[str, Any] = {"search": search, "weather": weather}
"""A tool registry the agent calls through."""


def support_agent(prompt: str) -> str:
    """Looks up order A1 through the module attribute; falls back politely when the tool fails."""
    try:
        order = lookup("A1")
    except Exception as err:
        return f"FALLBACK: the order service is unavailable right now ({err})."
    status = order.get("status", "in an unknown state")
    return f"Order {order.get('order_id')} is {status} (note: {order.get('note')})."


async def async_agent(prompt: str) -> str:
    try:
        order = await alookup("A1")
    except Exception as err:
        return f"FALLBACK: {err}"
    return f"Order {order['order_id']} is {order['status']}."


def registry_agent(prompt: str) -> str:
    try:
        hits = TOOLS["search"](prompt)
        sky = TOOLS["weather"]("Paris")
    except Exception as err:
        return f"FALLBACK: {err}"
    return f"{len(hits)} hits; {sky}"


# -- a fake OpenAI-style client ---------------------------------------------------------------------

MODEL_CALLS: list[dict[str, Any]] = []
ANSWER = "The order A1 has shipped and should arrive in two days. Thank you for your patience."


def _completion(text: str) -> dict[str, Any]:
    return {
        "id": "cmpl-1",
        "object": "chat.completion",
        "model": "fake-model",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
    }


def _chunks(text: str) -> list[dict[str, Any]]:
    out = [
        {
            "id": "c",
            "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}],
        }
    ]
    for word in text.split(" "):
        out.append({"id": "c", "choices": [{"index": 0, "delta": {"content": word + " "}, "finish_reason": None}]})
    out.append({"id": "c", "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    return out


class _Completions:
    def create(self, *, model: str, messages: list[dict[str, Any]], stream: bool = False, **kw: Any) -> Any:
        MODEL_CALLS.append({"model": model, "messages": messages, "stream": stream})
        if stream:
            return iter(_chunks(ANSWER))
        return _completion(ANSWER)


class _Chat:
    def __init__(self) -> None:
        self.completions = _Completions()


class FakeClient:
    def __init__(self) -> None:
        self.chat = _Chat()


client = FakeClient()


class _AsyncCompletions:
    async def create(self, *, model: str, messages: list[dict[str, Any]], stream: bool = False, **kw: Any) -> Any:
        MODEL_CALLS.append({"model": model, "messages": messages, "stream": stream})
        if stream:

            async def gen() -> Any:
                for c in _chunks(ANSWER):
                    yield c

            return gen()
        return _completion(ANSWER)


class _AsyncChat:
    def __init__(self) -> None:
        self.completions = _AsyncCompletions()


class FakeAsyncClient:
    def __init__(self) -> None:
        self.chat = _AsyncChat()


aclient = FakeAsyncClient()


def llm(prompt: str) -> str:
    """A callable LLM."""
    MODEL_CALLS.append({"prompt": prompt})
    return ANSWER


def llm_agent(prompt: str) -> str:
    try:
        res = client.chat.completions.create(model="fake-model", messages=[{"role": "user", "content": prompt}])
    except Exception as err:
        return f"FALLBACK: {type(err).__name__}: {err}"
    return str(res["choices"][0]["message"]["content"])
