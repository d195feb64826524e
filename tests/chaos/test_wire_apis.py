"""Every model wire API, generically: a JSON answer and its stream read to the same reply, an unchanged
reply writes back the same answer, and a rendered stream assembles to the answer it renders."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.stubs.llm_stub import BUILDERS, Reply
from tests.stubs.ollama_stub import ollama_json, ollama_lines

from windtunnel.chaos.base import ToolUse
from windtunnel.chaos.llm_apis import NDJSON, arguments_object, render_event
from windtunnel.chaos.wire_apis import WIRE_APIS, api_of

ANSWERS = {
    "text": Reply(text="Your order A1 has shipped."),
    "tool": Reply(tool_calls=[("lookup_order", {"order_id": "A1", "reason": "late"})]),
}


def _ollama(key: str) -> tuple[Any, Any]:
    def as_json(model: str, r: Reply) -> dict[str, Any]:
        return ollama_json(model, r.text, r.tool_calls, key)

    def as_events(model: str, r: Reply) -> list[tuple[str, Any]]:
        return [(NDJSON, line) for line in ollama_lines(model, r.text, r.tool_calls, key)]

    return as_json, as_events


ALL = {**BUILDERS, "ollama_chat": _ollama("message"), "ollama_generate": _ollama("response")}
TOOLS = [api for api in WIRE_APIS if api != "ollama_generate"]
"""The APIs whose answers carry tool calls (Ollama's /api/generate answers with text only)."""
CASES = [(api, answer) for api in WIRE_APIS for answer in ANSWERS if answer == "text" or api in TOOLS]


def _stream(api: str, r: Reply) -> bytes:
    return b"".join(render_event(n, d) for n, d in ALL[api][1]("m", r))


@pytest.mark.parametrize(("api", "answer"), CASES)
def test_a_json_answer_and_its_stream_read_alike_and_write_back_unchanged(api: str, answer: str) -> None:
    wire = WIRE_APIS[api]
    data = ALL[api][0]("m", ANSWERS[answer])
    reply = wire.read(data)
    assert reply is not None
    assert wire.write(data, reply) == data, "an unchanged reply writes back the same answer"
    assembled = wire.assemble(wire.events(_stream(api, ANSWERS[answer])))
    assert assembled is not None and wire.read(assembled) == reply
    if answer == "tool":
        assert reply.text is None and reply.tool_calls is not None
        assert [(t.name, json.loads(t.arguments)) for t in reply.tool_calls] == [
            ("lookup_order", {"order_id": "A1", "reason": "late"})
        ]
    else:
        assert reply.text == "Your order A1 has shipped." and not reply.tool_calls


@pytest.mark.parametrize("api", TOOLS)
def test_a_rendered_stream_assembles_to_the_reply_it_renders(api: str) -> None:
    wire = WIRE_APIS[api]
    data = ALL[api][0]("m", ANSWERS["tool"])
    reply = wire.read(data)
    assert reply is not None and reply.tool_calls
    edited = dataclasses.replace(reply, text="Checking.", tool_calls=[ToolUse("lookup_v2", '{"id": 1}', "call_9")])
    again = wire.assemble(wire.events(wire.render(data, edited)))
    assert again is not None
    got = wire.read(again)
    assert (
        got is not None
        and got.text == "Checking."
        and [(t.name, t.arguments) for t in got.tool_calls or []] == [("lookup_v2", '{"id": 1}')]
    )


@pytest.mark.parametrize(
    ("path", "api"),
    [
        ("/v1/chat/completions", "chat"),
        ("/v1/responses?x=1", "responses"),
        ("/v1/messages", "messages"),
        ("/api/chat", "ollama_chat"),
        ("/api/generate", "ollama_generate"),
        ("/v1/embeddings", None),
    ],
)
def test_api_of_a_request_path(path: str, api: str | None) -> None:
    assert api_of("POST", path) == api and api_of("GET", path) is None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('{"a": "x", "b": "yy', {"a": "x"}),
        ('{"a": {"b": 1, "c": 2}, "d": "z', {"a": {"b": 1, "c": 2}}),
        ('{"order_id": "A', {}),
        ("{'order_id': 'A1'}", "{'order_id': 'A1'}"),
        ('{"a": 1}', {"a": 1}),
    ],
)
def test_tool_arguments_as_an_object_api_holds_them(text: str, value: Any) -> None:
    assert arguments_object(text) == value


_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)


@given(st.dictionaries(st.text(max_size=6), _values, min_size=1, max_size=4), st.floats(0.01, 0.99))
def test_a_cut_object_keeps_a_prefix_of_its_fields(args: dict[str, Any], keep: float) -> None:
    text = json.dumps(args)
    cut = text[: max(1, int(len(text) * keep))]
    got = arguments_object(cut)
    assert isinstance(got, dict)
    assert list(got.items()) == list(args.items())[: len(got)], "only fields complete before the cut"
