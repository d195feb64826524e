"""QA pass 20: ``replay record`` of a LangGraph agent. Its tools are recorded by name, so no note may say they were
not; ``--inject-llm`` without ``agent.llm`` wrote a session claiming ``inject: [tool, llm]`` with no model answer in
it, whose replay then asked the live model (an error with the model down, a live answer otherwise)."""

from __future__ import annotations

import pytest
from fw_helpers import config

from windtunnel._util.errors import ConfigError
from windtunnel.replay.record import record

pytestmark = pytest.mark.anyio

ROBUST = '{type: langgraph, endpoint: "fw_langgraph:robust"}'


async def test_a_framework_agents_tools_are_recorded_without_a_note_saying_they_were_not(stub) -> None:
    done = await record(config(ROBUST, ""), "Where is my order 42?", session_id="s")
    assert [c.name for c in done.session.calls] == ["get_order_status"]
    assert not any("no tool calls were recorded" in n for n in done.notes), done.notes


async def test_inject_llm_without_a_model_seam_is_refused_before_the_agent_runs(stub) -> None:
    with pytest.raises(ConfigError, match=r"agent\.llm, which is not set") as caught:
        await record(config(ROBUST, ""), "Where is my order 42?", session_id="s", inject_llm=True)
    assert "--inject-llm" in (caught.value.hint or "")
    assert stub.requests == []  # nothing was asked of the model
