"""QA 19: a cell that timed out while its agent waited for the model lists that model call, and the run's timeout
advice says the model, not the agent's own code, was what did not answer.

Before, the call in flight was never logged (a seam logs a call when it ends), so the cell's calls ended with the
last call that had answered, or were absent, and the advice blamed the agent.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from tests.clirun import wt
from tests.stubs.llm_stub import LlmStub, Reply
from windtunnel.chaos.plan import WAITING

AGENTS = {
    "async_anthropic": """
import anthropic
client = anthropic.AsyncAnthropic(base_url="{url}", api_key="sk-ant-test", max_retries=0, timeout=30)
async def answer(prompt):
    r = await client.messages.create(model="m", max_tokens=50, messages=[{{"role": "user", "content": prompt}}])
    return r.content[0].text
""",
    "sync_openai": """
import openai
client = openai.OpenAI(base_url="{url}/v1", api_key="sk-test", max_retries=0, timeout=30)
def answer(prompt):
    r = client.chat.completions.create(model="m", messages=[{{"role": "user", "content": prompt}}])
    return r.choices[0].message.content
""",
}


@pytest.mark.parametrize("kind", sorted(AGENTS))
def test_a_cell_timed_out_waiting_on_the_model_lists_that_call_and_the_advice_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    release = threading.Event()
    with LlmStub() as stub:
        stub.default = Reply(hold=release)  # the model never answers while the cell runs
        monkeypatch.chdir(tmp_path)
        monkeypatch.syspath_prepend(str(tmp_path))
        module = f"hang_{kind}"
        (tmp_path / f"{module}.py").write_text(AGENTS[kind].format(url=stub.url))
        (tmp_path / "windtunnel.yaml").write_text(
            f"agent: {{endpoint: '{module}:answer', llm: '{module}:client', timeout: 1000}}\n"
            "golden_prompts: ['Where is my order?']\n"
            "invariants: [{type: output_not_empty}]\n"
        )
        try:
            code = wt("run", "-c", "windtunnel.yaml", "--no-mutations", "--no-store", "-o", "r.json")
        finally:
            release.set()
    err = " ".join(capsys.readouterr().err.split())
    assert code == 1, err
    cell = json.loads((tmp_path / "r.json").read_text())["cells"][0]
    assert cell["error_kind"] == "timeout"
    last = cell["calls"][-1]
    assert last["target"] == "llm" and last["error"].startswith(WAITING), cell["calls"]
    assert last["args"]["messages"][0]["content"] == "Where is my order?"
    assert "In 1 of them the agent was still waiting for its model's answer" in err, err


def test_a_call_still_waiting_is_replayed_as_a_timeout_not_as_an_error() -> None:
    from windtunnel.replay.calllog import recorded_from_log

    waiting = {
        "target": "llm",
        "name": "m",
        "args": {"model": "m"},
        "response": None,
        "error": f"{WAITING}: still waiting after 2990 ms when the call log was read (the cell ended)",
        "faults": [],
        "latency_ms": 2990.0,
        "seq": 2,
    }
    call, why = recorded_from_log(waiting)
    assert why is None and call is not None
    assert call.timeout and call.status == 504, call  # the model hung: replayed as a hang, never as a 500
