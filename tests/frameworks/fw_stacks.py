"""smolagents and DSPy agents for the tests (LlamaIndex's are in ``fw_llama``), on the stub model (``WT_STUB_URL``).

Each has the order tool (``get_order_status``, counting executions in ``fw_tools.EXECUTED``) and hands a
failing tool to the model the framework's own way; the ``robust`` model then apologises, ``fabricator``
claims the order shipped. ``smol_registry`` is the smolagents agent's own ``tools`` mapping (given as
``agent.tool_registry`` by a plain python agent), and ``ask_smol`` is such a sync python agent sharing one
agent object across calls.
"""

from __future__ import annotations

import os

import dspy
from fw_tools import order_status
from smolagents import OpenAIServerModel, ToolCallingAgent, tool

URL = os.environ["WT_STUB_URL"]


@tool
def get_order_status(order_id: str) -> str:
    """Look up the status of an order.

    Args:
        order_id: the order number
    """
    return order_status(order_id)


def smol(model: str) -> ToolCallingAgent:
    return ToolCallingAgent(
        tools=[get_order_status],
        model=OpenAIServerModel(model_id=model, api_base=URL, api_key="test-key"),
        verbosity_level=-1,
        max_steps=4,
    )


smol_robust = smol("robust")
smol_fabricator = smol("fabricator")
smol_registry = smol_robust.tools


def ask_smol(prompt: str) -> str:
    """A plain sync python agent that calls the one shared smolagents agent."""
    return str(smol_robust.run(prompt))


def order_lookup(order_id: str) -> str:
    """Look up the status of an order."""
    return order_status(order_id)


def dspy_react(model: str) -> dspy.ReAct:
    react = dspy.ReAct("question -> answer", tools=[dspy.Tool(order_lookup, name="get_order_status")], max_iters=3)
    react.set_lm(dspy.LM(f"openai/{model}", api_base=URL, api_key="test-key", cache=False))
    return react


dspy_robust = dspy_react("robust")
dspy_fabricator = dspy_react("fabricator")
dspy_registry = dspy_robust.tools
dspy_lm = dspy_robust.react.lm
dspy_two_inputs = dspy.Predict("question, context -> answer")
