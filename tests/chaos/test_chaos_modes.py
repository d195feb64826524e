"""Every registered fault mode, generically: it fires through the python seam, keeps the reply's shape
where it should, respects after_calls / probability, and is deterministic under a seed."""

from __future__ import annotations

import json
from typing import Any

import pytest

import windtunnel.chaos.builtin  # noqa: F401  (registers the built-in modes)
from windtunnel.chaos.base import context_attacks, llm_faults, tool_faults
from windtunnel.chaos.injected import InjectedFault, LlmFaultError, StreamCutOff, ToolFaultError, ToolTimeout
from windtunnel.chaos.plan import FaultPlan, activate
from windtunnel.chaos.spec import ChaosSpec
from windtunnel.chaos.wrappers import wrap_llm_call, wrap_tool
from windtunnel.config.base import field_doc

TOOL_PARAMS: dict[str, dict[str, Any]] = {
    "wrong_data": {"patch": [{"op": "replace", "path": "/status", "value": "cancelled"}]},
    "slow": {"delay_ms": 250},
    "timeout": {"delay_ms": 100},
}
LLM_PARAMS: dict[str, dict[str, Any]] = {"truncated_response": {"max_tokens": 3}}

# Modes whose faulted reply keeps the real reply's type (an agent parsing it does not crash on type).
SHAPE_KEEPING = {"truncated", "empty", "wrong_data", "schema_drift", "slow"}
FAILING = {"timeout", "error", "rate_limit", "intermittent"}

REAL = {"order_id": "A1", "status": "shipped", "eta_days": 2, "note": "Left the warehouse."}


def make_tool(calls: list[Any]) -> Any:
    def lookup(order_id: str) -> dict[str, Any]:
        calls.append(order_id)
        return dict(REAL, order_id=order_id)

    return wrap_tool("lookup", lookup)


def tool_fault(mode: str, **extra: Any) -> Any:
    return tool_faults.get(mode).model_validate({"mode": mode, **TOOL_PARAMS.get(mode, {}), **extra})


def run_tool(tool: Any, *args: Any) -> tuple[str, Any]:
    try:
        return "ok", tool(*args)
    except InjectedFault as err:
        return "raised", err


def test_the_registries_hold_every_built_in_mode() -> None:
    assert set(tool_faults.names()) == {
        "timeout",
        "error",
        "malformed",
        "slow",
        "malicious_response",
        "truncated",
        "empty",
        "wrong_data",
        "schema_drift",
        "rate_limit",
        "intermittent",
    }
    assert set(llm_faults.names()) == {
        "timeout",
        "error",
        "malformed",
        "truncated_response",
        "rate_limit",
        "empty",
        "garbage",
        "response_drift",
        "stream_cutoff",
        "tool_args_truncated",
        "tool_args_invalid",
        "tool_args_field_dropped",
        "tool_args_field_renamed",
        "tool_call_unknown",
        "tool_calls_stripped",
        "content_filter",
        "html_error",
        "stale_answer",
        "duplicate_chunk",
    }
    assert set(context_attacks.names()) == {
        "indirect_injection",
        "memory_poisoning",
        "overflow",
        "conflicting_context",
        "injection_via_context",
    }


def test_every_mode_has_params_documented() -> None:
    for registry in (tool_faults, llm_faults, context_attacks):
        for name, cls in registry.items():
            assert cls.__doc__ and cls.__doc__.strip(), name
            for field in cls.model_fields:
                if field in ("mode", "type", "probability", "after_calls", "tool", "match_url", "enabled"):
                    continue
                assert field_doc(cls, field), f"{name}.{field} has no docstring"


@pytest.mark.parametrize("mode", tool_faults.names())
def test_tool_mode_fires_and_keeps_shape(mode: str, sleeps: list[float]) -> None:
    calls: list[Any] = []
    tool = make_tool(calls)
    plan = FaultPlan(ChaosSpec("s", tool_faults=(tool_fault(mode),)), seed=7, key="cell")
    with activate(plan):
        status, value = run_tool(tool, "A1")
    assert [f["mode"] for f in plan.fired] == [mode], "the fault must be recorded as fired"
    assert plan.calls and plan.calls[0]["faults"] == [mode]
    if mode in FAILING:
        assert status == "raised" and isinstance(value, ToolFaultError)
        assert calls == [], "a failing fault answers instead of the real tool"
        if mode == "timeout":
            assert isinstance(value, ToolTimeout) and isinstance(value, TimeoutError)
        if mode == "rate_limit":
            assert value.status == 429 and value.retry_after == 1.0
    else:
        assert status == "ok"
    if mode in SHAPE_KEEPING:
        assert isinstance(value, dict)
        assert calls == ["A1"], "corrupting faults act on the real reply"
        if mode != "slow":
            assert value != REAL
    if mode == "malformed":
        assert isinstance(value, str)
        with pytest.raises(ValueError):
            json.loads(value)
    if mode == "malicious_response":
        assert value == tool_fault(mode).payload and calls == []
    if mode in ("slow", "timeout"):
        assert sleeps == [TOOL_PARAMS[mode]["delay_ms"] / 1000]


@pytest.mark.parametrize("mode", tool_faults.names())
def test_tool_mode_respects_after_calls(mode: str, sleeps: list[float]) -> None:
    calls: list[Any] = []
    tool = make_tool(calls)
    plan = FaultPlan(ChaosSpec("s", tool_faults=(tool_fault(mode, after_calls=2),)), seed=1, key="c")
    with activate(plan):
        first = [run_tool(tool, f"A{i}") for i in range(2)]
        third = run_tool(tool, "A2")
    assert first == [("ok", dict(REAL, order_id="A0")), ("ok", dict(REAL, order_id="A1"))]
    assert len(plan.fired) == 1
    assert third != ("ok", dict(REAL, order_id="A2")) or mode == "slow"


@pytest.mark.parametrize("mode", tool_faults.names())
def test_tool_mode_probability_is_seeded(mode: str, sleeps: list[float]) -> None:
    def fired_ids(seed: int, key: str) -> list[int]:
        tool = make_tool([])
        plan = FaultPlan(ChaosSpec("s", tool_faults=(tool_fault(mode, probability=0.5),)), seed=seed, key=key)
        out = []
        with activate(plan):
            for i in range(60):
                before = len(plan.fired)
                run_tool(tool, f"id-{i}")
                if len(plan.fired) > before:
                    out.append(i)
        return out

    a = fired_ids(3, "cell-1")
    assert a == fired_ids(3, "cell-1"), "same seed and cell: same calls faulted"
    assert 10 <= len(a) <= 50, f"probability 0.5 over 60 calls fired {len(a)} times"
    assert a != fired_ids(3, "cell-2") or a != fired_ids(4, "cell-1")


def test_intermittent_succeeds_on_retry() -> None:
    calls: list[Any] = []
    tool = make_tool(calls)
    plan = FaultPlan(ChaosSpec("s", tool_faults=(tool_fault("intermittent", failures=2),)), seed=1, key="c")
    with activate(plan):
        outcomes = [run_tool(tool, "A1")[0] for _ in range(3)]
        other = run_tool(tool, "B2")[0]
    assert outcomes == ["raised", "raised", "ok"]
    assert other == "raised", "a different call starts its own failure count"
    assert calls == ["A1"]


def test_probability_decisions_do_not_depend_on_call_order() -> None:
    spec = ChaosSpec("s", tool_faults=(tool_fault("error", probability=0.5),))

    def decisions(order: list[int]) -> dict[int, bool]:
        tool = make_tool([])
        plan = FaultPlan(spec, seed=11, key="k")
        out = {}
        with activate(plan):
            for i in order:
                out[i] = run_tool(tool, f"id-{i}")[0] == "raised"
        return out

    forward = decisions(list(range(30)))
    assert forward == decisions(list(reversed(range(30))))


def test_wrapper_is_a_no_op_outside_a_cell() -> None:
    calls: list[Any] = []
    tool = make_tool(calls)
    assert tool("A1") == REAL and calls == ["A1"]


# -- LLM modes ---------------------------------------------------------------------------------------

ANSWER = 'Sure. {"action": "refund", "amount": 20} I cannot do more. I would like to help.'


def completion(text: str, tool_call: bool = False) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": text}
    if tool_call:
        fn = {"name": "lookup", "arguments": '{"order_id": "A1", "note": "urgent"}'}
        message["tool_calls"] = [{"id": "call_1", "type": "function", "function": fn}]
    return {"choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if tool_call else "stop"}]}


# Modes acting beyond the text: given an answer with a tool call; stale_answer needs a previous call,
# duplicate_chunk a stream (both covered by the conformance suite and below).
TOOL_CALL_MODES = {m for m in llm_faults.names() if m.startswith("tool_")}
NEEDS_STREAM_OR_HISTORY = {"stale_answer", "duplicate_chunk"}


def llm_fault(mode: str, **extra: Any) -> Any:
    return llm_faults.get(mode).model_validate({"mode": mode, **LLM_PARAMS.get(mode, {}), **extra})


@pytest.mark.parametrize("mode", [m for m in llm_faults.names() if m not in {"malformed", *NEEDS_STREAM_OR_HISTORY}])
def test_llm_mode_fires_on_the_agents_model_call(mode: str, sleeps: list[float]) -> None:
    seen: list[Any] = []
    real = completion(ANSWER, tool_call=mode in TOOL_CALL_MODES)

    def create(*, model: str, messages: list[Any]) -> dict[str, Any]:
        seen.append(messages)
        return real

    wrapped = wrap_llm_call("create", create)
    plan = FaultPlan(ChaosSpec("s", llm_faults=(llm_fault(mode),)), seed=5, key="c")
    with activate(plan):
        try:
            res: Any = wrapped(model="m", messages=[{"role": "user", "content": "hi"}])
        except LlmFaultError as err:
            res = err
    assert [f["mode"] for f in plan.fired] == [mode]
    if mode in ("timeout", "rate_limit", "error", "html_error"):
        assert isinstance(res, LlmFaultError) and seen == [], "the model never sees a pre-empted call"
        assert res.status == {"rate_limit": 429, "timeout": 504, "error": 500, "html_error": 502}[mode]
    elif mode == "stream_cutoff":
        assert isinstance(res, StreamCutOff) and len(seen) == 1
    elif mode in TOOL_CALL_MODES:
        assert len(seen) == 1 and set(res) == {"choices"}
        assert res["choices"][0]["message"].get("tool_calls") != real["choices"][0]["message"]["tool_calls"]
        assert res["choices"][0]["message"]["content"] == ANSWER, "the text is left alone"
    else:
        assert len(seen) == 1
        assert set(res) == {"choices"}, "the completion keeps its shape"
        assert res["choices"][0]["message"]["content"] != ANSWER
    if mode == "truncated_response":
        assert res["choices"][0]["message"]["content"] == 'Sure. {"action": "refund",'
        assert res["choices"][0]["finish_reason"] == "length"


@pytest.mark.parametrize(
    "drift_type", ["json_field_rename", "verbosity_shift", "format_change", "refusal_rephrase", "tone_shift"]
)
def test_every_drift_type_changes_the_answer(drift_type: str) -> None:
    fault = llm_fault("response_drift", drift_type=drift_type)
    from windtunnel.chaos.base import Decision, LlmCall, LlmReply

    d = Decision(0, 0, (1, "k"))
    out = fault.transform(LlmCall({}, "sig"), LlmReply(text=ANSWER), d)
    assert out.text and out.text != ANSWER
    if drift_type == "json_field_rename":
        assert '"action"' not in out.text and '"amount": 20' in out.text


@pytest.mark.parametrize("mode", [m for m in llm_faults.names() if m != "duplicate_chunk"])
def test_llm_mode_respects_after_calls(mode: str, sleeps: list[float]) -> None:
    real = completion(ANSWER, tool_call=True)
    wrapped = wrap_llm_call("create", lambda **kw: real)
    plan = FaultPlan(ChaosSpec("s", llm_faults=(llm_fault(mode, after_calls=3),)), seed=5, key="c")
    with activate(plan):
        for _ in range(3):
            assert wrapped(model="m", messages=[]) == real
        raises = mode in ("timeout", "rate_limit", "stream_cutoff", "error", "malformed", "html_error")
        with pytest.raises(LlmFaultError) if raises else _noop():
            wrapped(model="m", messages=[])
    assert len(plan.fired) == 1


class _noop:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def test_stream_cutoff_on_a_streaming_call() -> None:
    chunks = [
        {"choices": [{"index": 0, "delta": {"content": w + " "}, "finish_reason": None}]}
        for w in ["a", "b", "c", "d", "e", "f"]
    ]
    chunks.append({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    wrapped = wrap_llm_call("create", lambda **kw: iter(chunks))
    plan = FaultPlan(ChaosSpec("s", llm_faults=(llm_fault("stream_cutoff", keep=0.5),)), seed=1, key="c")
    got = []
    with activate(plan), pytest.raises(StreamCutOff):
        for c in wrapped(model="m", messages=[], stream=True):
            got.append(c["choices"][0]["delta"].get("content"))
    assert "".join(x for x in got if x) == "a b c "
    assert plan.calls[0]["error"]


def test_truncation_on_a_streaming_call_rewrites_the_chunks() -> None:
    chunks = [
        {"choices": [{"index": 0, "delta": {"content": w + " "}, "finish_reason": None}]}
        for w in ["a", "b", "c", "d", "e", "f"]
    ]
    chunks.append({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    wrapped = wrap_llm_call("create", lambda **kw: iter(chunks))
    plan = FaultPlan(ChaosSpec("s", llm_faults=(llm_fault("truncated_response", max_tokens=2),)), seed=1, key="c")
    with activate(plan):
        out = list(wrapped(model="m", messages=[], stream=True))
    text = "".join(c["choices"][0]["delta"].get("content") or "" for c in out)
    assert text == "a b"
    assert out[-1]["choices"][0]["finish_reason"] == "length"


# -- context attacks --------------------------------------------------------------------------------

ATTACK_PARAMS: dict[str, dict[str, Any]] = {"indirect_injection": {"trigger_probability": 1.0, "payloads": ["EVIL"]}}


@pytest.mark.parametrize("kind", context_attacks.names())
def test_every_attack_reaches_its_channel(kind: str) -> None:
    attack = context_attacks.get(kind).model_validate({"type": kind, **ATTACK_PARAMS.get(kind, {})})
    calls: list[Any] = []
    tool = make_tool(calls)
    plan = FaultPlan(ChaosSpec("s", context_attacks=(attack,)), seed=1, key="c")
    with activate(plan):
        prompt = plan.transform_input("What is the status of order A1?")
        reply = tool("A1")
    assert [f["mode"] for f in plan.fired] == [kind]
    if kind == "indirect_injection":
        assert prompt == "What is the status of order A1?", "indirect injection never touches the prompt"
        assert "EVIL" in json.dumps(reply) and set(reply) == set(REAL)
    else:
        assert prompt != "What is the status of order A1?" and "order A1" in (
            prompt if kind != "memory_poisoning" or attack.strategy != "replace" else "order A1"
        )
        assert reply == REAL


def test_input_attacks_apply_to_the_last_user_message() -> None:
    attack = context_attacks.get("memory_poisoning").model_validate(
        {"type": "memory_poisoning", "payload": "P", "strategy": "prepend"}
    )
    plan = FaultPlan(ChaosSpec("s", context_attacks=(attack,)), seed=1, key="c")
    msgs = [{"role": "system", "content": "sys"}, {"role": "user", "content": "q"}]
    out = plan.transform_input(msgs)
    assert out[1]["content"] == "P\n\nq" and msgs[1]["content"] == "q"


@pytest.mark.parametrize("content", [None, ""])
def test_text_faults_leave_tool_call_replies_alone_even_with_an_empty_text(content: Any) -> None:
    from windtunnel.chaos.wire_apis import answer_text

    reply = {
        "choices": [
            {
                "index": 0,
                "message": {
                    "role": "assistant",
                    "content": content,
                    "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "lookup", "arguments": "{}"}}],
                },
                "finish_reason": "tool_calls",
            }
        ]
    }
    assert answer_text("chat", reply)[0] is None
    wrapped = wrap_llm_call("create", lambda **kw: reply)
    for mode in ("garbage", "empty", "truncated_response", "response_drift"):
        plan = FaultPlan(ChaosSpec("s", llm_faults=(llm_fault(mode),)), seed=5, key="c")
        with activate(plan):
            assert wrapped(model="m", messages=[]) == reply
        assert plan.fired == [], mode


def test_stream_editor_passes_events_of_an_unknown_shape_on_unedited() -> None:
    from windtunnel.chaos.llm_wire import WireCall

    plan = FaultPlan(ChaosSpec("s", llm_faults=(llm_fault("garbage"),)), seed=5, key="c")
    wire = WireCall(plan, "chat", b'{"model": "m", "stream": true}')
    editor = wire.editor(200, "text/event-stream")
    odd = b'data: {"choices": [{"delta": {"content": "hi"}, "finish_reason": "stop"}], "x": 1}\n\n'
    weird = b'data: {"choices": "not a list"}\n\n'
    out = editor.feed(weird) + editor.feed(odd) + editor.end()
    assert out.startswith(weird) and b"data:" in out[len(weird) :]


# -- answer modes through the wrapped-callable seam ---------------------------------------------------


def _chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {"id": "c", "model": "m", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def _run(mode: str, fn: Any, *, calls: int = 1, stream: bool = False, **params: Any) -> tuple[list[Any], FaultPlan]:
    wrapped = wrap_llm_call("create", fn)
    plan = FaultPlan(ChaosSpec("s", llm_faults=(llm_fault(mode, **params),)), seed=5, key="c")
    out = []
    with activate(plan):
        for _ in range(calls):
            res = wrapped(model="m", messages=[], **({"stream": True} if stream else {}))
            out.append(list(res) if stream else res)
    return out, plan


def test_duplicate_chunk_repeats_a_chunk_of_a_streaming_callable_and_nothing_else() -> None:
    chunks = [_chunk({"content": w}) for w in ("a ", "b ", "c")] + [_chunk({}, "stop")]
    (out,), plan = _run("duplicate_chunk", lambda **kw: iter(chunks), stream=True, chunk=1)
    assert "".join(c["choices"][0]["delta"].get("content") or "" for c in out) == "a b b c"
    assert [f["mode"] for f in plan.fired] == ["duplicate_chunk"]
    (res,), plan = _run("duplicate_chunk", lambda **kw: completion(ANSWER))
    assert res == completion(ANSWER) and plan.fired == [], "an answer that is not streamed has no chunk"


def test_tool_call_faults_act_on_a_callables_streamed_tool_call() -> None:
    head = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "lookup", "arguments": ""}}
    chunks = [
        _chunk({"role": "assistant", "content": None}),
        _chunk({"tool_calls": [head]}),
        _chunk({"tool_calls": [{"index": 0, "function": {"arguments": '{"order_id": '}}]}),
        _chunk({"tool_calls": [{"index": 0, "function": {"arguments": '"A1"}'}}]}),
        _chunk({}, "tool_calls"),
    ]
    (out,), plan = _run("tool_args_invalid", lambda **kw: iter(chunks), stream=True)
    args = "".join(
        tc["function"].get("arguments") or "" for c in out for tc in c["choices"][0]["delta"].get("tool_calls") or []
    )
    assert args == "{'order_id': 'A1'}" and [f["mode"] for f in plan.fired] == ["tool_args_invalid"]
    (out,), plan = _run("tool_calls_stripped", lambda **kw: iter(chunks), stream=True)
    assert not any(c["choices"][0]["delta"].get("tool_calls") for c in out)
    assert out[-1]["choices"][0]["finish_reason"] == "stop"


def test_stale_answer_replays_a_callables_previous_answer() -> None:
    answers = iter([completion("first"), completion("second")])
    seen: list[Any] = []

    def create(**kw: Any) -> Any:
        seen.append(kw)
        return next(answers)

    out, plan = _run("stale_answer", create, calls=2)
    assert [o["choices"][0]["message"]["content"] for o in out] == ["first", "first"]
    assert len(seen) == 1 and [c["faults"] for c in plan.calls] == [[], ["stale_answer"]]


def test_content_filter_on_a_callable_returning_text() -> None:
    (res,), plan = _run("content_filter", lambda **kw: "Sure, here it is.", answer="refusal", refusal="No.")
    assert res == "No." and [f["mode"] for f in plan.fired] == ["content_filter"]
    (res,), _ = _run("content_filter", lambda **kw: "Sure, here it is.")
    assert res == ""
