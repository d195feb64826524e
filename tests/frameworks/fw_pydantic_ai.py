"""pydantic-ai agents for the tests: an OpenAI chat model on the stub; the robust one hands tool errors to
the model through a capability hook (pydantic-ai's way to survive a failing tool)."""

from __future__ import annotations

import os
from typing import Any

from fw_tools import customer, order_status
from pydantic_ai import Agent, RunContext
from pydantic_ai.capabilities import Hooks
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider

provider = OpenAIProvider(base_url=os.environ["WT_STUB_URL"], api_key="test-key")


async def tool_error_to_model(ctx: RunContext[Any], *, call: Any, tool_def: Any, args: Any, error: Exception) -> str:
    return f"Tool failed: {error}"


def build(model: str, *, robust: bool) -> Agent[None, str]:
    caps = [Hooks(tool_execute_error=tool_error_to_model)] if robust else []
    agent: Agent[None, str] = Agent(OpenAIChatModel(model, provider=provider), capabilities=caps)

    @agent.tool_plain
    def get_order_status(order_id: str) -> str:
        """Look up the status of an order."""
        return order_status(order_id)

    @agent.tool(name="lookup_customer")
    async def find_customer_record(ctx: RunContext[None], email: str) -> str:
        """Find a customer by e-mail (the Python name differs from the tool name)."""
        return customer(email)

    return agent


robust = build("robust", robust=True)
fabricator = build("fabricator", robust=True)
brittle = build("robust", robust=False)
