"""OpenAI Agents SDK agents for the tests: the model is the scripted stub (its model name picks the persona)."""

from __future__ import annotations

import os

from fw_tools import customer, order_status
from openai import AsyncOpenAI

from agents import Agent, OpenAIChatCompletionsModel, OpenAIResponsesModel, function_tool, set_tracing_disabled

set_tracing_disabled(True)
client = AsyncOpenAI(base_url=os.environ["WT_STUB_URL"], api_key="test-key", max_retries=0)


@function_tool
def get_order_status(order_id: str) -> str:
    """Look up the status of an order."""
    return order_status(order_id)


@function_tool(name_override="lookup_customer")
async def find_customer_record(email: str) -> str:
    """Find a customer by e-mail (the Python name differs from the tool name)."""
    return customer(email)


TOOLS = [get_order_status, find_customer_record]
robust = Agent(
    name="support", instructions="Answer from tools only.", tools=TOOLS, model=OpenAIResponsesModel("robust", client)
)
fabricator = Agent(
    name="support", instructions="Answer.", tools=TOOLS, model=OpenAIResponsesModel("fabricator", client)
)
robust_chat = Agent(
    name="support",
    instructions="Answer from tools only.",
    tools=TOOLS,
    model=OpenAIChatCompletionsModel("robust", client),
)
billing = Agent(
    name="billing", instructions="Billing.", tools=[find_customer_record], model=OpenAIResponsesModel("robust", client)
)
triage = Agent(
    name="triage",
    instructions="Route.",
    tools=[get_order_status],
    handoffs=[billing],
    model=OpenAIResponsesModel("robust", client),
)
not_an_agent = get_order_status
retrying_client = AsyncOpenAI(base_url=os.environ["WT_STUB_URL"], api_key="test-key", max_retries=2)
retrying = Agent(
    name="support",
    instructions="Answer from tools only.",
    tools=TOOLS,
    model=OpenAIChatCompletionsModel("robust", retrying_client),
)
by_name = Agent(name="support", instructions="Answer.", tools=TOOLS, model="gpt-4o-mini")


async def plain_entry(prompt: str) -> str:
    """A plain python agent that runs the SDK agent itself (agent.tools names the FunctionTool)."""
    from agents import Runner

    return str((await Runner.run(robust, prompt)).final_output)
