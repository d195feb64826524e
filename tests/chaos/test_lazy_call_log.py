"""The call log of a model call passed through untouched is built when the log is read (``FaultPlan.log_later``),
and the entry is the one the eager log wrote: same keys in the same order, same values, for JSON answers, streams,
error answers, bodies that are not JSON, encoded bodies and recordings (``keep_raw``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from windtunnel.chaos.llm_faults import LlmRateLimitFault
from windtunnel.chaos.llm_payload import said
from windtunnel.chaos.llm_wire import WireCall, stream_answer
from windtunnel.chaos.plan import FaultPlan
from windtunnel.chaos.spec import ChaosSpec
from windtunnel.chaos.wire_apis import WIRE_APIS

REQUEST = json.dumps(
    {
        "model": "gpt-test",
        "messages": [{"role": "user", "content": "hi"}],
        "base": "https://user:secret@example.com/x",
        "temperature": 0.2,
    }
).encode()
ANSWER = json.dumps(
    {
        "id": "c1",
        "object": "chat.completion",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": "hello " * 900}, "finish_reason": "stop"}],
    }
).encode()
TOOL_ANSWER = json.dumps(
    {
        "choices": [
            {
                "message": {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {"id": "t1", "type": "function", "function": {"name": "weather", "arguments": '{"city":"P"}'}}
                    ],
                }
            }
        ]
    }
).encode()


def _event(content: str, finish: str | None = None) -> bytes:
    chunk = {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": content}}]}
    chunk["choices"][0]["finish_reason"] = finish
    return b"data: " + json.dumps(chunk).encode() + b"\n\n"


STREAM = _event("Hel") + _event("lo", "stop") + b"data: [DONE]\n\n"


def _plan(keep_raw: bool) -> FaultPlan:
    spec = ChaosSpec("s", llm_faults=(LlmRateLimitFault(probability=0.0),))
    return FaultPlan(spec, seed=1, key="k", keep_raw=keep_raw)


def _eager(plan: FaultPlan, request: bytes, data: bytes, status: int, sse: bool, encoded: bool) -> dict[str, Any]:
    """The entry the call log wrote at the end of the answer before it was built lazily (the same arguments to
    ``log_call`` that the pass-through editor passed)."""
    api = WIRE_APIS["chat"]
    args = json.loads(request)
    if encoded:
        return plan.log_call("llm", args["model"], args, response=None, faults=[], status=status)
    if sse:
        text = api.stream_text(data)
        return plan.log_call(
            "llm", args["model"], args, response=stream_answer(api, data, text), raw=text, status=status, faults=[]
        )
    try:
        raw: Any = json.loads(data)
    except ValueError:
        raw = data.decode("utf-8", "replace")
    error = None if status < 400 else f"{status}: {raw}"
    return plan.log_call(
        "llm", args["model"], args, response=said(api.read(raw)), error=error, raw=raw, status=status, faults=[]
    )


CASES = {
    "json": (ANSWER, 200, False, False),
    "tool calls": (TOOL_ANSWER, 200, False, False),
    "stream": (STREAM, 200, True, False),
    "error": (b'{"error": {"message": "overloaded"}}', 529, False, False),
    "not JSON": (b"<html>bad gateway</html>", 502, False, False),
    "encoded": (b"\x1f\x8b\x08garbage", 200, False, True),
}


@pytest.mark.parametrize("keep_raw", [False, True])
@pytest.mark.parametrize("case", sorted(CASES))
def test_lazy_entry_is_the_eager_entry(case: str, keep_raw: bool) -> None:
    data, status, sse, encoded = CASES[case]
    plan, reference = _plan(keep_raw), _plan(keep_raw)
    seen: list[Any] = []
    plan.on_call = seen.append
    wire = WireCall(plan, "chat", REQUEST)
    editor = wire.editor(status, "text/event-stream" if sse else "application/json")
    editor.status, editor.encoded = status, encoded
    half = len(data) // 2
    assert editor.feed(data[:half]) + editor.feed(data[half:]) == data  # passed on untouched
    assert editor.end() == b""
    wire.request["messages"] = "changed after the call"  # the entry is of the request as sent
    expected = _eager(reference, REQUEST, data, status, sse, encoded)
    (entry,) = plan.calls
    same = {k: v for k, v in expected.items() if k not in ("seq", "latency_ms")}
    assert [(k, v) for k, v in entry.items() if k not in ("seq", "latency_ms")] == list(same.items())
    assert list(entry) == list(expected)
    assert "secret" not in json.dumps(entry)  # the URL redaction still applies
    assert entry["latency_ms"] is not None and entry["latency_ms"] >= 0
    (view,) = seen  # what on_call got: the entry plus status and bytes, built on reading
    assert dict(view) == {**entry, "status": status, "bytes": view["bytes"]}
    assert view["bytes"] is not None or case == "encoded"


def test_lazy_and_eager_entries_keep_their_order() -> None:
    plan = _plan(False)
    plan.log_call("tool", "first", {"a": 1})
    wire = WireCall(plan, "chat", REQUEST)
    editor = wire.editor(200, "application/json")
    editor.feed(ANSWER)
    editor.end()
    plan.log_call("tool", "third", {"b": 2})
    assert [c["name"] for c in plan.calls] == ["first", "gpt-test", "third"]
    seqs = [c["seq"] for c in plan.calls]
    assert seqs == sorted(seqs) and len(set(seqs)) == 3
    assert plan.calls[1]["response"] == ("hello " * 900)[:4000] + "…"
    assert plan.calls is plan.calls  # built once: later reads return the same entries
    plan.clear_calls()
    assert plan.calls == []


def test_a_call_whose_body_ends_after_the_next_call_keeps_its_place() -> None:
    """A streamed answer is logged when its body ends; the client may read the answer's last event, send its next call
    and have it answered (a stale answer served at once) before the proxy reads the body's end. The log, the faults'
    numbers and the cell's call numbers still follow the order the calls were made in (a flaky proxy test once saw
    ``[['stale_answer'], []]``)."""
    from windtunnel.chaos.llm_answer_faults import StaleAnswerFault
    from windtunnel.chaos.runtime import CellChaos

    plan = FaultPlan(ChaosSpec("s", llm_faults=(StaleAnswerFault(on_call=2),)), seed=1, key="k")
    first = WireCall(plan, "chat", REQUEST)
    editor = first.editor(200, "text/event-stream")
    editor.feed(STREAM)  # the whole answer reaches the client (remembered early) ...
    second = WireCall(plan, "chat", REQUEST)  # ... which sends its next call
    assert second.dec.modes == ["stale_answer"]
    second.log(response="replayed")
    editor.end()  # only now does the proxy read the body's end
    assert [c["faults"] for c in plan.calls] == [[], ["stale_answer"]]
    cell = CellChaos(None, plan.spec, "c", plan)  # type: ignore[arg-type]  # the runtime is not read
    assert [c["seq"] for c in cell.calls] == [1, 2]
    assert [f["seq"] for f in cell.fired] == [2], "the fault is numbered with the call it acted on"


def test_a_stale_answer_still_remembers_the_passed_answer() -> None:
    """A fault that replays the previous answer needs it at once, not when the log is read."""
    from windtunnel.chaos.llm_answer_faults import StaleAnswerFault

    plan = FaultPlan(ChaosSpec("s", llm_faults=(StaleAnswerFault(on_call=2),)), seed=1, key="k")
    first = WireCall(plan, "chat", REQUEST)
    editor = first.editor(200, "application/json")
    editor.feed(ANSWER)
    editor.end()
    second = WireCall(plan, "chat", REQUEST)
    assert second.call.previous == json.loads(ANSWER)


def test_a_listener_reading_after_the_log_gets_the_same_entry() -> None:
    """A listener may keep what it got and read it after the log was read: the same entry, with status and size."""
    plan = _plan(False)
    kept: list[Any] = []
    plan.on_call = kept.append
    wire = WireCall(plan, "chat", REQUEST)
    editor = wire.editor(200, "application/json")
    editor.feed(ANSWER)
    editor.end()
    (entry,) = plan.calls
    (view,) = kept
    assert view["status"] == 200 and view["bytes"] == len(json.dumps(json.loads(ANSWER), separators=(",", ":")))
    assert {k: v for k, v in view.items() if k not in ("status", "bytes")} == entry


@pytest.mark.parametrize("every_call", [False, True])
@pytest.mark.parametrize("chunked", [False, True])
def test_a_stream_is_remembered_once_whole_before_its_framing_ends(chunked: bool, every_call: bool) -> None:
    """A client reads ``[DONE]`` and may send its next call before the body's framing ends (the chunked terminator
    still on its way): that call's stale_answer must find this answer, so the stream is remembered as soon as its
    events make it whole — not at the end of the body (the fresh-clone CI once saw the replay missing)."""
    from windtunnel.chaos.llm_answer_faults import StaleAnswerFault

    # on every call, the first call's answer goes through the editing stream editor (a fault may act on it); on the
    # second call only, through the pass-through editor
    fault = StaleAnswerFault() if every_call else StaleAnswerFault(on_call=2)
    plan = FaultPlan(ChaosSpec("s", llm_faults=(fault,)), seed=1, key="k")
    first = WireCall(plan, "chat", REQUEST)
    editor = first.editor(200, "text/event-stream")
    assert type(editor).__name__ == ("StreamEditor" if every_call else "Editor")
    editor.chunked = chunked and not every_call  # the stream path hands the editor de-chunked pieces
    head, done = STREAM[: -len(b"data: [DONE]\n\n")], b"data: [DONE]\n\n"
    frame = (lambda b: b"%x\r\n%s\r\n" % (len(b), b)) if editor.chunked else (lambda b: b)
    editor.feed(frame(head))
    editor.feed(frame(done))  # the client has the whole answer now; the body's end has not come
    second = WireCall(plan, "chat", REQUEST)
    assert second.call.previous is not None
    assert second.call.previous["choices"][0]["message"]["content"] == "Hello"
    editor.feed(b"0\r\n\r\n" if editor.chunked else b"")
    editor.end()
