"""LangGraph agents for the tests: a model node (ChatOpenAI on the stub) and a ToolNode, built by hand."""

from __future__ import annotations

import os
from typing import Any

import httpx
from fw_tools import customer, order_status
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode, tools_condition


@tool
def get_order_status(order_id: str) -> str:
    """Look up the status of an order."""
    return order_status(order_id)


@tool("lookup_customer")
async def find_customer_record(email: str) -> str:
    """Find a customer by e-mail (the Python name differs from the tool name)."""
    return customer(email)


TOOLS = [get_order_status, find_customer_record]


def build(model: str, *, handle_errors: bool, checkpointer: Any = None, retries: int = 0) -> Any:
    llm = ChatOpenAI(model=model, base_url=os.environ["WT_STUB_URL"], api_key="test-key", max_retries=retries)
    bound = llm.bind_tools(TOOLS)

    async def call_model(state: MessagesState) -> dict[str, Any]:
        return {"messages": [await bound.ainvoke(state["messages"])]}

    return _agent_graph(call_model, handle_errors=handle_errors, checkpointer=checkpointer)


def _agent_graph(call_model: Any, *, handle_errors: bool = True, checkpointer: Any = None) -> Any:
    """The ReAct loop every agent here runs: the model node ``call_model``, the tools, back to the model."""
    g = StateGraph(MessagesState)
    g.add_node("model", call_model)
    g.add_node("tools", ToolNode(TOOLS, handle_tool_errors=handle_errors))
    g.add_edge(START, "model")
    g.add_conditional_edges("model", tools_condition)
    g.add_edge("tools", "model")
    return g.compile(checkpointer=checkpointer)


robust = build("robust", handle_errors=True)
fabricator = build("fabricator", handle_errors=True)
brittle = build("robust", handle_errors=False)  # a tool failure fails the run, as a real one would
with_memory = build("robust", handle_errors=True, checkpointer=InMemorySaver())
uncompiled = StateGraph(MessagesState)
retrying = build("robust", handle_errors=True, retries=2)
garbled = build("garbage", handle_errors=True)  # its model server answers 200 with a body that is no completion


async def plain_entry(prompt: str) -> str:
    """A plain python agent around the graph (agent.tools names `fw_langgraph:get_order_status.func`)."""
    state = await robust.ainvoke({"messages": [{"role": "user", "content": prompt}]})
    return str(state["messages"][-1].content)


async def _call_a_model_built_per_call(state: MessagesState) -> dict[str, Any]:
    """A model node whose ChatOpenAI is built inside the call: no object windtunnel can look into holds its client."""
    llm = ChatOpenAI(model="robust", base_url=os.environ["WT_STUB_URL"], api_key="test-key", max_retries=0)
    return {"messages": [await llm.bind_tools(TOOLS).ainvoke(state["messages"])]}


hidden_model = _agent_graph(_call_a_model_built_per_call)


_PREBUILT = ChatOpenAI(model="robust", base_url=os.environ["WT_STUB_URL"], api_key="test-key", max_retries=0)


async def _call_a_model_looked_up_by_a_computed_name(state: MessagesState) -> dict[str, Any]:
    """A model node whose ChatOpenAI was built at import and is looked up by a name computed in the call: neither its
    runnable, its closure nor the globals its code names hold it, and its client is older than the run."""
    llm = globals()["_PRE" + "built".upper()]
    return {"messages": [await llm.bind_tools(TOOLS).ainvoke(state["messages"])]}


unreached_model = _agent_graph(_call_a_model_looked_up_by_a_computed_name)


_FIRST = ChatOpenAI(model="robust", base_url=os.environ["WT_STUB_URL"], api_key="test-key", max_retries=0)


async def _call_the_module_model(state: MessagesState) -> dict[str, Any]:
    """A model node on a ChatOpenAI built at import, named by the code: windtunnel finds its client."""
    return {"messages": [await _FIRST.bind_tools(TOOLS).ainvoke(state["messages"])]}


async def _call_a_model_built_per_call_on_its_own_http_client(state: MessagesState) -> dict[str, Any]:
    """A model node whose ChatOpenAI is built inside the call on an HTTP client of its own (langchain-openai's default
    one is shared with the module's model, whose seam would hear it)."""
    async with httpx.AsyncClient() as http:
        llm = ChatOpenAI(
            model="robust",
            base_url=os.environ["WT_STUB_URL"],
            api_key="test-key",
            max_retries=0,
            http_async_client=http,
        )
        return {"messages": [await llm.ainvoke(state["messages"])]}


def _one_found_one_missed() -> Any:
    """Its first model call is on a client windtunnel finds, its second on a model built per call (missed: a client
    was found, so the clients the run creates are not watched)."""
    g = StateGraph(MessagesState)
    g.add_node("first", _call_the_module_model)
    g.add_node("tools", ToolNode(TOOLS, handle_tool_errors=True))
    g.add_node("second", _call_a_model_built_per_call_on_its_own_http_client)
    g.add_edge(START, "first")
    g.add_conditional_edges("first", tools_condition)
    g.add_edge("tools", "second")
    return g.compile()


one_found_one_missed = _one_found_one_missed()
