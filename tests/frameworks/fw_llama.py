"""LlamaIndex agents for the tests: a ``FunctionAgent`` on an ``OpenAILike`` model on the stub (``WT_STUB_URL``)."""

from __future__ import annotations

import os
import warnings

from fw_stacks import order_lookup
from llama_index.core.agent.workflow import FunctionAgent
from llama_index.core.tools import FunctionTool
from llama_index.llms.openai_like import OpenAILike

URL = os.environ["WT_STUB_URL"]


def llama(model: str, **kw: object) -> FunctionAgent:
    llm = OpenAILike(
        model=model, api_base=URL, api_key="test-key", is_chat_model=True, is_function_calling_model=True, **kw
    )
    tool_ = FunctionTool.from_defaults(order_lookup, name="get_order_status")
    return FunctionAgent(tools=[tool_], llm=llm, system_prompt="You look up orders.")


with warnings.catch_warnings():  # LlamaIndex's workflows read pydantic's deprecated `__fields__` while building
    warnings.simplefilter("ignore", DeprecationWarning)
    llama_robust = llama("robust")
    llama_fabricator = llama("fabricator")
    llama_fresh_clients = llama("robust", reuse_client=False)
llama_llm = llama_robust.llm
