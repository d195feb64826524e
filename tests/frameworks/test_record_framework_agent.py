"""Recording a LangGraph agent's model calls without LLM faults and without ``agent.llm``.

QA pass 20 (#2): ``replay record`` of a LangGraph agent said its tools were not recorded when they were, and
``--inject-llm`` without ``agent.llm`` wrote a session claiming ``inject: [tool, llm]`` with no model answer in it.
QA pass 20 (#7): the model calls were in a cell's ``calls`` only with LLM faults or ``agent.llm``, so ``replay export``
of a fault-free run held no model answer and its replay asked the live model. The model seam (the SDK transport the
LLM faults use) now goes in whenever windtunnel finds the model's client, and records every call unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from fw_helpers import config, run, seams_of
from tests.clirun import wt

from windtunnel._util.errors import ConfigError
from windtunnel.replay.record import record

ROBUST = '{type: langgraph, endpoint: "fw_langgraph:robust"}'
HIDDEN = '{type: langgraph, endpoint: "fw_langgraph:hidden_model"}'
UNREACHED = '{type: langgraph, endpoint: "fw_langgraph:unreached_model"}'
PROMPT = "Where is my order 42?"
MODEL_CALLS = [("llm", "robust"), ("tool", "get_order_status"), ("llm", "robust")]


@pytest.mark.anyio
async def test_a_framework_agents_tools_and_model_calls_are_recorded_without_agent_llm(stub) -> None:
    done = await record(config(ROBUST, ""), PROMPT, session_id="s")
    assert [(c.kind, c.name) for c in done.session.calls] == MODEL_CALLS
    assert not any("no tool calls were recorded" in n for n in done.notes), done.notes
    assert done.session.output == "Order 42 is processing."  # what the agent answers without windtunnel


def test_inject_llm_holds_the_model_answers_and_its_replay_asks_no_model(
    stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        f"agent: {ROBUST}\ngolden_prompts: [{PROMPT!r}]\n"
        "contract: {name: orders, invariants: [{type: contains, value: processing}]}\n"
    )
    assert wt("replay", "record", "-c", "windtunnel.yaml", "--input", PROMPT, "--inject-llm", "-o", "rec.yaml") == 0
    session = yaml.safe_load((tmp_path / "rec.yaml").read_text())
    assert session["replay"]["inject"] == ["tool", "llm"]
    assert [(c.get("target", "tool"), c["name"]) for c in session["calls"]] == MODEL_CALLS
    stub.requests.clear()
    assert wt("replay", "run", "rec.yaml", "-c", "windtunnel.yaml", "-o", "replay.json") == 0
    assert stub.requests == []  # the recorded answers were injected: the model was never asked


@pytest.mark.anyio
async def test_inject_llm_without_a_model_seam_is_refused_before_the_agent_runs(stub) -> None:
    plain = '{type: python, endpoint: "fw_langgraph:plain_entry", tools: ["fw_langgraph:get_order_status.func"]}'
    with pytest.raises(ConfigError, match=r"agent\.llm, which is not set") as caught:
        await record(config(plain, ""), PROMPT, session_id="s", inject_llm=True)
    assert "--inject-llm" in (caught.value.hint or "")
    assert stub.requests == []  # nothing was asked of the model


@pytest.mark.anyio
async def test_inject_llm_of_a_langgraph_model_windtunnel_does_not_reach_is_refused(stub) -> None:
    """opens22 review #1: a LangGraph agent with no model client found was taken as reached on the clients the run
    creates, so a model built at import and looked up indirectly wrote ``inject: [tool, llm]`` over tool calls alone.
    Whether those clients reached the model is checked once the agent ran: its own count of model requests."""
    with pytest.raises(ConfigError, match=r"agent\.llm, which is not set") as caught:
        await record(config(UNREACHED, ""), PROMPT, session_id="s", inject_llm=True)
    assert "made 2 model request(s); windtunnel heard none of them" in str(caught.value)
    assert "--inject-llm" in (caught.value.hint or "")
    done = await record(config(HIDDEN, ""), PROMPT, session_id="s", inject_llm=True)  # reached: held, and accepted
    assert [(c.kind, c.name) for c in done.session.calls] == MODEL_CALLS


def test_replay_injecting_model_answers_into_a_model_windtunnel_does_not_reach_is_refused(
    stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """opens22 review #1: the replay of a session injecting model answers into that agent asked the live model and
    passed. It is the config error it was before the agent's calls could be reached on the clients a run creates."""
    monkeypatch.chdir(tmp_path)
    contract = "contract: {name: orders, invariants: [{type: contains, value: processing}]}\n"
    (tmp_path / "hidden.yaml").write_text(f"agent: {HIDDEN}\n{contract}")
    (tmp_path / "unreached.yaml").write_text(f"agent: {UNREACHED}\n{contract}")
    assert wt("replay", "record", "-c", "hidden.yaml", "--input", PROMPT, "--inject-llm", "-o", "rec.yaml") == 0
    assert wt("replay", "run", "rec.yaml", "-c", "hidden.yaml", "-o", "replay.json") == 0  # reached: replays
    capsys.readouterr()
    assert wt("replay", "run", "rec.yaml", "-c", "unreached.yaml", "-o", "replay.json") == 2
    said = " ".join(capsys.readouterr().err.split())
    assert "agent.llm, which is not set" in said and "windtunnel heard none of them" in said, said


@pytest.mark.anyio
async def test_a_model_built_in_the_node_on_every_call_is_recorded_without_llm_faults(stub) -> None:
    """QA 22 #4: a node that builds its ChatOpenAI per call holds no client before the run; its model calls were left
    out of a fault-free recording. The clients the run creates are recorded now, as LLM faults already reach them,
    and the SDK classes are as they were once the recording ends."""
    from openai import _base_client

    before = _base_client.SyncAPIClient.__init__, _base_client.AsyncAPIClient.__init__
    done = await record(config(HIDDEN, ""), PROMPT, session_id="s")
    assert [(c.kind, c.name) for c in done.session.calls] == MODEL_CALLS
    assert done.session.output == "Order 42 is processing."  # what the agent answers without windtunnel
    assert (_base_client.SyncAPIClient.__init__, _base_client.AsyncAPIClient.__init__) == before


@pytest.mark.parametrize("agent", [ROBUST, HIDDEN], ids=["module-level model", "model built per call"])
def test_export_of_a_fault_free_run_holds_the_model_answers_and_replays_without_the_model(
    stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, agent: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        f"agent: {agent}\n"
        f"golden_prompts: [{PROMPT!r}]\n"
        "invariants: [{type: excludes_pattern, pattern: processing}]\n"  # the clean answer fails it: one failed cell
    )
    assert wt("run", "-c", "windtunnel.yaml", "--no-mutations", "-o", "report.json") == 1
    [cell] = json.loads((tmp_path / "report.json").read_text())["cells"]
    assert not cell["faults"] and seams_of(cell["calls"]) == MODEL_CALLS
    assert wt("replay", "export", "--from-report", "report.json", "-o", "sessions") == 0
    [path] = sorted((tmp_path / "sessions").glob("*.yaml"))
    session = yaml.safe_load(path.read_text())
    assert session["replay"]["inject"] == ["tool", "llm"]
    answers = [c for c in session["calls"] if c.get("target") == "llm"]
    assert len(answers) == 2
    assert "get_order_status" in json.dumps(answers[0]["response"])  # the model's tool call, as it answered
    assert "Order 42 is processing." in json.dumps(answers[1]["response"])  # and its final answer
    stub.requests.clear()
    assert wt("replay", "run", str(path), "-c", "windtunnel.yaml", "--fail-on", "any", "-o", "replay.json") == 1
    assert stub.requests == []  # the replay fails as the cell did, on the recorded answers alone


def test_export_says_when_the_cell_holds_no_answers_of_model_calls_its_agent_made(
    stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA 22 #4: the export of a cell whose model calls went past windtunnel was silent, and its replay asked the live
    model. A model built before the run and looked up by a computed name is out of reach either way: the export now
    says that the agent made model requests (its own usage record) the session holds no answers of, and the fix."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        '{type: langgraph, endpoint: "fw_langgraph:unreached_model"}'.join(["agent: ", "\n"])
        + f"golden_prompts: [{PROMPT!r}]\ninvariants: [{{type: excludes_pattern, pattern: processing}}]\n"
    )
    assert wt("run", "-c", "windtunnel.yaml", "--no-mutations", "-o", "report.json") == 1
    [cell] = json.loads((tmp_path / "report.json").read_text())["cells"]
    assert seams_of(cell["calls"]) == [("tool", "get_order_status")] and cell["usage"]["requests"] == 2
    capsys.readouterr()
    assert wt("replay", "export", "--from-report", "report.json", "-o", "sessions") == 0
    said = " ".join(capsys.readouterr().err.split())
    assert "the cell's agent made 2 model request(s) and the report holds the answers of none of them" in said, said
    assert "the replay asks the live model for the others: give windtunnel a seam on the model (agent.llm" in said


def test_export_says_so_when_one_model_call_was_held_and_another_went_past(
    stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """opens22 review #3: the seam's count replaced the agent's own ``usage.requests`` whenever it saw a call, so a
    cell with one model call held and one missed said ``requests: 1`` and its export was silent. The agent's count
    stays as ``reported_requests`` and the export compares with it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        '{type: langgraph, endpoint: "fw_langgraph:one_found_one_missed"}'.join(["agent: ", "\n"])
        + f"golden_prompts: [{PROMPT!r}]\ninvariants: [{{type: excludes_pattern, pattern: processing}}]\n"
    )
    assert wt("run", "-c", "windtunnel.yaml", "--no-mutations", "-o", "report.json") == 1
    [cell] = json.loads((tmp_path / "report.json").read_text())["cells"]
    assert seams_of(cell["calls"]) == [("llm", "robust"), ("tool", "get_order_status")], cell["calls"]
    assert (cell["usage"]["requests"], cell["usage"]["reported_requests"]) == (1, 2), cell["usage"]
    capsys.readouterr()
    assert wt("replay", "export", "--from-report", "report.json", "-o", "sessions") == 0
    said = " ".join(capsys.readouterr().err.split())
    assert "the cell's agent made 2 model request(s) and the report holds the answers of 1 of them" in said, said


@pytest.mark.anyio
async def test_a_model_answer_the_sdk_cannot_read_is_a_noted_call_without_llm_faults(stub) -> None:
    """QA 20 #7: a model answering 200 with garbage left ``agent_exception: …`` and no call at all in the cell."""
    [(res, cc)] = await run('{type: langgraph, endpoint: "fw_langgraph:garbled"}', None, [PROMPT])
    assert isinstance(res, Exception)  # the SDK could not read the answer, as without windtunnel
    [call] = cc.calls
    assert call["target"] == "llm" and "not an answer of its API" in call["note"]
