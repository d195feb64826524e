"""QA 19: a model that answers 200 with a body its API cannot read (not JSON, or JSON of another shape).

The agent's SDK fails in its parser (``JSONDecodeError`` for the Anthropic SDK); the call log must say what came, so
the cell's record shows where the failure started. It used to record the call with ``response: null`` and
``error: null``, as if the model had answered nothing wrong.
"""

from __future__ import annotations

from typing import Any

import pytest
import sdk_clients as sc
from seam_harness import spec_of
from tests.stubs.llm_stub import LlmStub, Reply

from windtunnel.chaos import ChaosRuntime
from windtunnel.chaos.llm_wire import UNREADABLE

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("_closed_clients")]


async def _one_call(kind: str) -> tuple[BaseException | None, list[dict[str, Any]]]:
    agent, _ = spec_of(None)
    raised: BaseException | None = None
    async with ChaosRuntime(agent, [], seed=1) as rt:
        with rt.cell(None, "garbage") as cc:
            try:
                await sc.call(kind)
            except Exception as err:  # what the SDK raises for the body is not the point here
                raised = err
    return raised, cc.calls


@pytest.mark.parametrize("kind", ["async_anthropic", "openai"])
@pytest.mark.parametrize(
    ("body", "shown"),
    [
        (b"\x00<<not json at all>>", "\x00<<not json at all>>"),
        (b'{"unexpected": "shape"}', {"unexpected": "shape"}),
        (b"", "(an empty body)"),
    ],
)
async def test_a_success_answer_the_api_cannot_read_is_recorded_as_it_came(
    stub: LlmStub, kind: str, body: bytes, shown: Any
) -> None:
    sc.make(kind, stub, max_retries=0)
    stub.default = Reply(status=200, body=body, headers={"Content-Type": "application/json"})
    _, calls = await _one_call(kind)
    assert len(calls) == 1
    call = calls[0]
    assert call["response"] == shown
    assert call["note"] == UNREADABLE
    assert call["error"] is None


async def test_a_readable_answer_gets_no_note(stub: LlmStub) -> None:
    sc.make("async_anthropic", stub, max_retries=0)
    raised, calls = await _one_call("async_anthropic")
    assert raised is None
    assert calls[0]["response"] == stub.default.text
    assert "note" not in calls[0]
