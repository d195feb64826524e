"""Planted agents for ``python -m benchmarks explore``: each breaks only under one combination of faults in a
given order at given calls, and handles every other fault (so a single fault never finds it); each has a
robust twin (``ROBUST["on"] = True``) that handles the combination too.

* ``tools_agent`` (python seam, ``agent.tool_registry`` and a plain-callable model): a timeout on lookup call 1
  makes it retry; an empty answer to that retry (lookup call 2) makes it index an empty list.
  Minimal schedule: ``tool:lookup call 1 timeout``, ``tool:lookup call 2 empty``.
* ``stubborn_agent`` (python seam, the same tools): it retries a failing lookup without end (up to
  :data:`RETRY_CAP` attempts, then it raises, standing for the harness's timeout), so a burst of faults is ridden
  out and only a lookup that stays down breaks it; its robust twin gives up after three failed attempts.
  Minimal schedule: ``tool:lookup calls 1+ error`` (a sustained fault, ``from_call: 1``).
* ``openai_agent`` (python seam, the real ``openai`` SDK client on a local stub server, ``agent.llm``): a 429
  on model call 1 makes it retry; a timeout on that retry (model call 2) makes it fall back to its cache tool;
  an empty cache entry (cache call 2; call 1 is the warm-up read) makes it dereference ``None``.
  Minimal schedule: ``llm call 1 rate_limit``, ``llm call 2 timeout``, ``tool:cache call 2 empty``.
* ``graph`` (framework seam: a LangGraph ``StateGraph`` with a ``ToolNode``, its tools faulted by name): a 429
  on get_order call 1 makes the planner retry; a 503 on that retry makes it raise.
  Minimal schedule: ``tool:get_order call 1 rate_limit``, ``tool:get_order call 2 error``.

The openai client reads its base URL from ``WT_BENCH_LLM_URL`` (the benchmark starts the stub first).
"""

from __future__ import annotations

import json
import os
from typing import Any

import openai
from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.tools import tool
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode

from windtunnel.chaos.injected import ToolFaultError, ToolTimeout

ROBUST = {"on": False}
"""True: every agent handles its planted combination too (no failure is there to find)."""


# -- tools_agent --------------------------------------------------------------------------------------
def lookup(customer: str) -> list[dict[str, Any]]:
    return [{"order": "A-1", "status": "shipped"}, {"order": "A-2", "status": "pending"}]


def notes(customer: str) -> str:
    return "prefers email"


def kb(query: str) -> dict[str, str]:
    return {"article": "returns within 30 days", "id": "kb-7"}


def model(prompt: str) -> str:
    return f"Summary: {prompt[:80]}"


TOOLS = {"lookup": lookup, "notes": notes, "kb": kb}


def _orders() -> str:
    try:
        orders = TOOLS["lookup"]("c1")
    except ToolTimeout:
        orders = TOOLS["lookup"]("c1")  # one retry after a timeout
        if isinstance(orders, str) or (ROBUST["on"] and not orders):
            return "no readable orders"
        return f"order {orders[0].get('order')}"  # the planted defect: an empty retry answer
    if not isinstance(orders, list) or not orders or not isinstance(orders[0], dict):
        return "no orders found"
    return f"order {orders[0].get('order')}"


def tools_agent(prompt: str) -> str:
    try:
        part = _orders()
    except ToolFaultError:
        part = "orders unavailable"
    parts = [part]
    for name, arg in (("notes", "c1"), ("kb", prompt)):
        try:
            parts.append(str(TOOLS[name](arg))[:80])
        except ToolFaultError:
            parts.append(f"{name} unavailable")
    try:
        parts.append(model(" | ".join(parts)))
    except Exception:
        parts.append("model unavailable")
    return "; ".join(parts)


RETRY_CAP = 40
"""Where the stubborn agent gives up retrying (it raises): far past any burst the search proposes."""


def stubborn_agent(prompt: str) -> str:
    failed = 0
    while True:
        try:
            orders = TOOLS["lookup"]("c1")
        except (ToolFaultError, ToolTimeout):
            failed += 1
            if ROBUST["on"] and failed >= 3:
                return "orders unavailable, please try again later"
            if failed >= RETRY_CAP:  # the planted defect: no retry limit
                raise RuntimeError(f"still retrying lookup after {failed} failed attempts") from None
            continue
        if not isinstance(orders, list) or not orders or not isinstance(orders[0], dict):
            return "no orders found"
        return f"order {orders[0].get('order')}"


# -- openai_agent -------------------------------------------------------------------------------------
client = openai.OpenAI(
    base_url=os.environ.get("WT_BENCH_LLM_URL", "http://127.0.0.1:9/v1"), api_key="bench", max_retries=0
)


def cache(key: str) -> str:
    return json.dumps({"answer": "Your order A-1 shipped yesterday."})


CACHE = {"cache": cache}


def _cached(prompt: str) -> str:
    try:
        data = json.loads(CACHE["cache"](prompt))
    except (ValueError, TypeError, ToolFaultError):
        return "the cache is unreadable"
    entry = data or (None if not ROBUST["on"] else {})  # the planted defect: an empty entry becomes None
    return str(entry.get("answer", "no cached answer"))


def _ask(prompt: str) -> str:
    reply = client.chat.completions.create(model="bench", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content or "the model gave no answer"


def openai_agent(prompt: str) -> str:
    try:
        warm = json.loads(CACHE["cache"]("warm-up")).get("answer", "")
    except Exception:
        warm = ""
    try:
        return _ask(prompt)
    except openai.RateLimitError:
        try:
            return _ask(prompt)  # one retry after a 429
        except openai.APITimeoutError:
            return _cached(prompt) or warm  # the fallback the planted defect sits in
        except Exception:
            return "the model is unavailable"
    except Exception:
        return "the model is unavailable"


# -- graph (LangGraph) --------------------------------------------------------------------------------
@tool
def get_order(order_id: str) -> str:
    """Look up an order."""
    return json.dumps({"order_id": order_id, "status": "shipped"})


@tool
def get_refund(order_id: str) -> str:
    """The refund policy of an order."""
    return json.dumps({"refundable": True})


def _call(name: str, n: int) -> dict[str, Any]:
    return {"messages": [AIMessage("", tool_calls=[{"name": name, "args": {"order_id": "A-1"}, "id": f"{name}-{n}"}])]}


def _planner(state: MessagesState) -> dict[str, Any]:
    done = [m for m in state["messages"] if isinstance(m, ToolMessage)]
    orders = [m for m in done if m.name == "get_order"]
    if not orders:
        return _call("get_order", 1)
    first, last = orders[0], orders[-1]
    if len(orders) == 1 and last.status == "error" and "429" in str(last.content):
        return _call("get_order", 2)  # one retry after a 429
    if len(orders) == 2 and last.status == "error" and "503" in str(last.content) and not ROBUST["on"]:
        raise RuntimeError(f"unhandled after the retry of {first.name}: {last.content}")  # the planted defect
    if not any(m.name == "get_refund" for m in done):
        return _call("get_refund", 1)
    try:
        status = json.loads(str(last.content)).get("status", "unknown")
    except (ValueError, AttributeError):
        status = "unknown"
    return {"messages": [AIMessage(f"Order A-1 is {status}.")]}


def _route(state: MessagesState) -> str:
    last = state["messages"][-1]
    return "tools" if isinstance(last, AIMessage) and last.tool_calls else END


_g = StateGraph(MessagesState)
_g.add_node("planner", _planner)
_g.add_node("tools", ToolNode([get_order, get_refund], handle_tool_errors=True))
_g.add_edge(START, "planner")
_g.add_conditional_edges("planner", _route)
_g.add_edge("tools", "planner")
graph = _g.compile()
