"""The responder through the python seams: matching modes, unmatched calls, statuses, LLM answers."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import pytest

from windtunnel.chaos.base import ToolCall
from windtunnel.chaos.injected import LlmFaultError, ToolFaultError, ToolTimeout
from windtunnel.chaos.plan import FaultPlan, activate
from windtunnel.chaos.routes import route_name
from windtunnel.chaos.spec import ChaosSpec
from windtunnel.chaos.wrappers import wrap_llm_call, wrap_tool
from windtunnel.replay.matcher import RecordedResponder
from windtunnel.replay.session import Session

REAL: Counter[str] = Counter()


def lookup(order_id: str) -> dict[str, Any]:
    REAL["lookup"] += 1
    return {"order_id": order_id, "live": True}


def search(query: str) -> dict[str, Any]:
    REAL["search"] += 1
    return {"query": query, "live": True}


def session(calls: list[dict[str, Any]], **replay: Any) -> Session:
    return Session.model_validate({"id": "s", "input": "hi", "calls": calls, "replay": replay})


def plan_for(s: Session, scale: float = 0.0) -> tuple[FaultPlan, RecordedResponder]:
    responder = RecordedResponder(s, latency_scale=scale)
    return FaultPlan(ChaosSpec(name="replay"), seed=1, key="k", responder=responder), responder


@pytest.fixture(autouse=True)
def _clear() -> None:
    REAL.clear()


def call(name: str, fn: Any, **kwargs: Any) -> Any:
    return wrap_tool(name, fn)(**kwargs)


A = {"name": "lookup", "args": {"order_id": "A"}, "response": {"r": "A"}}
B = {"name": "lookup", "args": {"order_id": "B"}, "response": {"r": "B"}}
S = {"name": "search", "args": {"query": "q"}, "response": {"r": "S"}}


def test_strict_answers_in_order_and_fails_out_of_order() -> None:
    plan, responder = plan_for(session([A, S, B]))
    with activate(plan):
        assert call("lookup", lookup, order_id="A") == {"r": "A"}
        assert call("search", search, query="q") == {"r": "S"}
        assert call("lookup", lookup, order_id="B") == {"r": "B"}
    assert Counter() == REAL and responder.mismatches == []

    plan, responder = plan_for(session([A, S]))
    with activate(plan), pytest.raises(ToolFaultError) as err:
        call("search", search, query="q")
    assert Counter() == REAL  # the live tool never ran
    [msg] = responder.mismatches
    assert "call #1 tool search" in msg and "expects tool lookup" in msg and '"order_id": "A"' in msg
    assert "no recorded answer" in str(err.value)


def test_by_tool_is_fifo_per_tool_and_by_args_matches_arguments() -> None:
    plan, responder = plan_for(session([A, S, B], match="by_tool"))
    with activate(plan):
        assert call("search", search, query="other") == {"r": "S"}  # arguments ignored
        assert call("lookup", lookup, order_id="B") == {"r": "A"}  # first in, first out
        assert call("lookup", lookup, order_id="A") == {"r": "B"}
        with pytest.raises(ToolFaultError):
            call("lookup", lookup, order_id="A")
    assert "all 2 recorded 'lookup' call(s) were already used" in responder.mismatches[0]

    plan, responder = plan_for(session([A, B], match="by_args"))
    with activate(plan):
        assert call("lookup", lookup, order_id="B") == {"r": "B"}
        assert call("lookup", lookup, order_id="A") == {"r": "A"}
        with pytest.raises(ToolFaultError):
            call("search", search, query="q")
    assert "nothing was recorded for tool 'search'" in responder.mismatches[0]


def test_unmatched_live_passes_through_to_the_real_tool() -> None:
    plan, responder = plan_for(session([A], unmatched="live"))
    with activate(plan):
        assert call("search", search, query="q") == {"query": "q", "live": True}
        assert call("lookup", lookup, order_id="A") == {"r": "A"}
    assert Counter({"search": 1}) == REAL and responder.mismatches == [] and len(responder.live) == 1


def test_live_entries_run_the_real_tool_in_their_place() -> None:
    plan, responder = plan_for(session([{**A, "live": True}, S]))
    with activate(plan):
        assert call("lookup", lookup, order_id="A") == {"order_id": "A", "live": True}
        assert call("search", search, query="q") == {"r": "S"}
    assert Counter({"lookup": 1}) == REAL and responder.unused() == []


def test_statuses_are_raised_as_the_seam_raises_faults() -> None:
    calls = [
        {"name": "lookup", "status": 504, "error": "upstream timed out"},
        {"name": "lookup", "status": 503, "error": "Service Unavailable"},
        {"name": "lookup", "status": 429},
    ]
    plan, _ = plan_for(session(calls, match="by_tool"))
    with activate(plan):
        with pytest.raises(ToolTimeout) as t:
            call("lookup", lookup, order_id="A")
        assert t.value.status == 504 and "upstream timed out" in str(t.value)
        with pytest.raises(ToolFaultError) as e:
            call("lookup", lookup, order_id="A")
        assert e.value.status == 503 and not isinstance(e.value, TimeoutError)
        with pytest.raises(ToolFaultError) as r:
            call("lookup", lookup, order_id="A")
        assert r.value.status == 429
    assert Counter() == REAL
    assert [c["error"].split(":")[0] for c in plan.calls] == ["timeout", "503", "429"]


def test_upstream_tool_responses_answer_every_call_to_their_tool() -> None:
    s = Session.model_validate(
        {
            "id": "up",
            "name": "upstream shape",
            "source": "production",
            "captured_at": "2025-03-10T12:00:00Z",
            "input": "Where is my order?",
            "context": "web chat",
            "tool_responses": [{"tool": "lookup", "response": {"r": "up"}, "status": 200, "latency_ms": 40}],
            "expected_failure": "made up a date",
            "contract": "Support agent contract",
        }
    )
    assert s.match_mode == "by_tool"
    plan, responder = plan_for(s)
    with activate(plan):
        assert [call("lookup", lookup, order_id=x) for x in "ABC"] == [{"r": "up"}] * 3
    assert responder.mismatches == [] and Counter() == REAL


def test_latency_is_the_recorded_one_times_the_scale() -> None:
    s = session([{**A, "latency_ms": 1200}, {**S, "latency_ms": 300}])
    responder = RecordedResponder(s, latency_scale=0.5)
    from windtunnel.chaos.base import ToolCall

    first = responder.tool(ToolCall("lookup", {"order_id": "A"}, "sig"), "tool")
    second = responder.tool(ToolCall("search", {"query": "q"}, "sig"), "tool")
    assert first is not None and second is not None
    assert (first.delay_ms, second.delay_ms) == (600, 150)
    assert RecordedResponder(s).scale == 1.0


COMPLETION = {
    "object": "chat.completion",
    "model": "m",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "recorded"}, "finish_reason": "stop"}],
}


class FakeCompletions:
    def __init__(self) -> None:
        self.real = 0

    def create(self, **kwargs: Any) -> Any:
        self.real += 1
        return {"choices": [{"message": {"content": "live"}}]}


def test_llm_answers_are_injected_only_when_listed() -> None:
    client = FakeCompletions()
    create = wrap_llm_call("m", client.create)
    llm = [
        {"target": "llm", "name": "m", "response": COMPLETION},
        {"target": "llm", "name": "m", "status": 429},
    ]
    plan, _ = plan_for(session(llm, inject=["tool", "llm"]))
    with activate(plan):
        res = create(model="m", messages=[])
        assert res["choices"][0]["message"]["content"] == "recorded"
        assert res.choices[0].message.content == "recorded"  # SDK-style attribute access
        assert res.model_dump() == COMPLETION
        with pytest.raises(LlmFaultError) as err:
            create(model="m", messages=[])
        assert err.value.status == 429
    assert client.real == 0
    plan, _ = plan_for(session(llm))  # default: tools only, the model runs live
    with activate(plan):
        assert create(model="m", messages=[])["choices"][0]["message"]["content"] == "live"
    assert client.real == 1


def test_llm_stream_answers_sync_and_async() -> None:
    plan, _ = plan_for(session([{"target": "llm", "name": "m", "response": COMPLETION}] * 2, inject=["llm"]))

    async def acreate(**kwargs: Any) -> Any:
        raise AssertionError("the live model must not be called")

    with activate(plan):
        chunks = list(wrap_llm_call("m", FakeCompletions().create)(model="m", messages=[], stream=True))
        assert "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks) == "recorded"

        async def consume() -> str:
            stream = await wrap_llm_call("m", acreate)(model="m", messages=[], stream=True)
            return "".join([c.choices[0].delta.get("content") or "" async for c in stream])

        assert asyncio.run(consume()) == "recorded"


def test_a_recorded_cut_at_a_wrapped_create_raises_the_cut_after_its_chunks() -> None:
    """QA 22 finding 6 at the python seam: a ``cut`` model call is cut as ``stream_cutoff`` cuts one there (the chunks
    sent, then :class:`StreamCutOff`), not failed with a status."""
    from windtunnel.chaos.injected import StreamCutOff

    cut = {"target": "llm", "name": "m", "response": "Your order ship", "cut": True}
    plan, responder = plan_for(session([cut, cut], inject=["llm"]))
    create = wrap_llm_call("m", FakeCompletions().create)
    got: list[str] = []
    with activate(plan):
        with pytest.raises(StreamCutOff):
            for c in create(model="m", messages=[], stream=True):
                got.append(c)  # a plain callable's stream: its text pieces
        with pytest.raises(StreamCutOff):
            create(model="m", messages=[])
    assert "".join(got) == "Your order ship"
    assert [c["error"] for c in plan.calls] == ["connection dropped before the end of the model's answer"] * 2
    assert responder.mismatches == []


@pytest.mark.parametrize("mode", ["by_tool", "strict", "by_args"])
def test_http_entries_of_two_hosts_on_one_path_answer_their_own_host(mode: str) -> None:
    """Review 28b: the recorded URL (``*://*/v1/items``, any host) identified an HTTP entry whatever its name, so a
    call to ``b.example`` took ``a.example``'s recording; only an old-style name (a tool's, no ``/``) falls back to
    the URL."""

    def http(url: str) -> dict[str, Any]:
        args = {"method": "GET", "url": "*://*/v1/items"}
        return {"target": "http", "name": url, "args": args, "response": {"h": url}}

    def ask(responder: RecordedResponder, url: str) -> Any:
        answer = responder.tool(ToolCall(route_name(url), {"method": "GET", "url": url}, "s", url), "http")
        assert answer is not None
        return answer.reply.body if answer.mode == "replay" else answer.mode

    responder = RecordedResponder(session([http("a.example/v1/items"), http("b.example/v1/items")], match=mode))
    if mode == "strict":  # the recording expects a's call first: b's is not answered with a's recording
        assert ask(responder, "http://b.example/v1/items") == "replay-unmatched"
        responder = RecordedResponder(session([http("a.example/v1/items"), http("b.example/v1/items")], match=mode))
        assert ask(responder, "http://a.example/v1/items") == {"h": "a.example/v1/items"}
    else:
        assert ask(responder, "http://b.example/v1/items") == {"h": "b.example/v1/items"}
        assert ask(responder, "http://a.example/v1/items") == {"h": "a.example/v1/items"}
    # a hand-written entry naming one path with a broader URL glob answers only that path
    orders = [
        {"target": "http", "name": f"api.x/orders/{n}", "args": {"url": "*://*/orders/*"}, "response": {"o": n}}
        for n in (1, 2)
    ]
    responder = RecordedResponder(session(orders, match=mode))
    assert ask(responder, "http://api.x/orders/2") == ("replay-unmatched" if mode == "strict" else {"o": 2})
    # an entry named by a fault's tool, as sessions were written before, is still identified by its URL
    legacy = {"target": "http", "name": "items", "args": {"method": "GET", "url": "*://*/v1/items"}, "response": 1}
    assert ask(RecordedResponder(session([legacy], match=mode)), "http://b.example/v1/items") == 1
