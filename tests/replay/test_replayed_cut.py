"""QA pass 22 finding 6 (docs/dev/qa-pass-22.md), end to end: an agent on the real ``openai`` / ``anthropic`` SDK
whose second model call is cut (``stream_cutoff``), ``run --chaos-only``, ``replay export``, then ``replay run`` with
the model out of reach. The session held the cut as ``status: 500``: the SDK met a 5xx, retried it, and the retry found
no recording. Now it holds ``cut: true`` with the text sent before the cut, and the replayed cell takes the branch the
live one took (the agent tells a dropped connection from an error status), with no call left unanswered."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anthropic
import openai
import pytest
import yaml

from tests.clirun import wt
from tests.replay import cut_agent
from tests.stubs.llm_stub import LlmStub

CONFIG = """version: '2.0'
agent:
  type: python
  endpoint: tests.replay.cut_agent:handle
  llm: tests.replay.cut_agent:CLIENT
golden_prompts: ['Say hello']
invariants:
  - {type: contains, value: ' | '}
chaos:
  llm_faults: [{mode: stream_cutoff, on_call: 2}]
"""


@pytest.fixture
def stub() -> Iterator[LlmStub]:
    with LlmStub() as model:
        yield model


def _client(kind: str, stub: LlmStub, retries: int) -> Any:
    if kind == "messages":
        return anthropic.Anthropic(base_url=stub.url, api_key="sk-ant-test", max_retries=retries)
    return openai.OpenAI(base_url=stub.openai_url, api_key="sk-test", max_retries=retries)


@pytest.mark.parametrize(
    ("kind", "stream", "retries"),
    [
        pytest.param("chat", True, 1, id="chat-stream"),  # QA 22's agent: a stream, max_retries=1
        pytest.param("messages", True, 1, id="messages-stream"),
        # a whole body's cut is a connection error the SDK retries: without retries the agent meets it
        pytest.param("responses", False, 0, id="responses-body"),
    ],
)
def test_an_exported_cut_replays_as_the_dropped_connection_not_a_500(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stub: LlmStub, kind: str, stream: bool, retries: int
) -> None:
    client = _client(kind, stub, retries)
    monkeypatch.setattr(cut_agent, "CLIENT", client)
    monkeypatch.setattr(cut_agent, "KIND", kind)
    monkeypatch.setattr(cut_agent, "STREAM", stream)
    config, report, sessions, replayed = (tmp_path / n for n in ("w.yaml", "r.json", "sess", "rr.json"))
    config.write_text(CONFIG, encoding="utf-8")
    try:
        assert wt("run", "-c", str(config), "--chaos-only", "--seed", "1", "--no-store", "-q", "-o", str(report)) == 1
        [live] = json.loads(report.read_text(encoding="utf-8"))["cells"]
        assert live["output"].startswith("dropped ("), live
        assert wt("replay", "export", "--from-report", str(report), "-o", str(sessions)) == 0
        [session] = sorted(sessions.glob("*.yaml"))
        recorded = yaml.safe_load(session.read_text(encoding="utf-8"))["calls"]
        assert [c.get("cut", False) for c in recorded] == [False, True]
        assert "status" not in recorded[1] and "error" not in recorded[1], "a cut is not an error status"
        if stream:
            assert recorded[1]["response"] and recorded[1]["response"] in live["output"]
        asked = stub.count()
        assert wt("replay", "run", str(session), "-c", str(config), "-f", "json", "-o", str(replayed)) == 1
        assert stub.count() == asked, "the replay never reached the model"
    finally:
        client.close()
    [cell] = json.loads(replayed.read_text(encoding="utf-8"))["cells"]
    assert cell["output"] == live["output"], "the replay meets the cut the cell met, and the agent takes its branch"
    assert not any("no recorded answer" in r for r in cell["reasons"]), cell["reasons"]
    assert cell["reasons"] == ["critical invariant(s) failed: contains"]
    assert [c["error"] for c in cell["calls"]] == [c["error"] for c in live["calls"]]


def test_a_cut_is_a_model_answer_that_began_kept_in_the_session_file(tmp_path: Path) -> None:
    """The format: ``cut`` round-trips, counts as the session's model fault, and is refused where it means nothing."""
    from pydantic import ValidationError

    from windtunnel.replay.session import RecordedCall, Session, dump_session, load_session_file

    call = RecordedCall(target="llm", name="m", response="Your order ship", cut=True)
    assert call.failed and call.status == 200 and call.describe().endswith("cut (connection dropped)")
    path = dump_session(Session(id="s", input="x", calls=[call], replay={"inject": ["llm"]}), tmp_path / "s.yaml")  # type: ignore[arg-type]
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["calls"] == [
        {"target": "llm", "name": "m", "response": "Your order ship", "cut": True}
    ]
    [loaded] = load_session_file(path)
    assert loaded.session.calls == [call]
    assert loaded.session.chaos_active() == {"tool": False, "llm": True}
    for bad in ({"target": "tool"}, {"target": "llm", "status": 500}, {"target": "llm", "live": True}):
        with pytest.raises(ValidationError, match="cut: true is for a model call"):
            RecordedCall(name="m", cut=True, **bad)
