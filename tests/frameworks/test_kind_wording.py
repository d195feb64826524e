"""An endpoint of the wrong kind is named as the user wrote it: a function, a class, a str, never builtins.function."""

from __future__ import annotations

import pytest
from fw_helpers import run

from windtunnel._util.errors import AgentUnreachableError
from windtunnel._util.words import kind_of

pytestmark = [
    pytest.mark.anyio,
    pytest.mark.filterwarnings("ignore::pydantic.warnings.PydanticDeprecatedSince20"),  # inside LlamaIndex
    pytest.mark.filterwarnings("ignore::pydantic.warnings.PydanticDeprecatedSince211"),
]

TYPES = ["openai_agents", "langgraph", "pydantic_ai", "smolagents", "llama_index", "dspy"]


class Shop:
    def answer(self, prompt: str) -> str:
        return prompt


async def _coro(prompt: str) -> str:
    return prompt


@pytest.mark.parametrize(
    ("obj", "said"),
    [
        (Shop, "a class test_kind_wording.Shop (not an instance)"),
        (Shop(), "a test_kind_wording.Shop"),
        (Shop().answer, "a method test_kind_wording.Shop.answer"),
        (_coro, "an async function test_kind_wording._coro"),
        (len, "a function len"),
        (pytest, "a module pytest"),
        ("orders", "a str"),
        (42, "an int"),
        ({}, "a dict"),
        (None, "None"),
    ],
)
def test_kind_of_says_what_the_object_is(obj: object, said: str) -> None:
    assert kind_of(obj) == said


@pytest.mark.parametrize("agent_type", TYPES)
@pytest.mark.parametrize(
    ("ref", "said"),
    [
        ("fw_tools:order_status", "is a function fw_tools.order_status;"),
        ("test_kind_wording:Shop", "is a class test_kind_wording.Shop (not an instance);"),
        ("fw_tools:__name__", "is a str;"),
    ],
)
async def test_a_wrong_endpoint_is_named_as_written(agent_type: str, ref: str, said: str) -> None:
    with pytest.raises(AgentUnreachableError) as info:
        await run(f'{{type: {agent_type}, endpoint: "{ref}"}}', None, ["hi"])
    assert said in info.value.message and "builtins" not in info.value.message, info.value.message
