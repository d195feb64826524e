"""The call log's text of a Chat Completions stream, read in one pass for plain streams, is the text the
event-by-event reading finds, for plain streams and every irregular one it hands back."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from windtunnel.chaos.llm_api_chat import _plain_stream_text
from windtunnel.chaos.llm_apis import WireApi
from windtunnel.chaos.wire_apis import WIRE_APIS

CHAT = WIRE_APIS["chat"]


def _event(content: object, finish: str | None = None) -> bytes:
    chunk = {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": content}}]}
    chunk["choices"][0]["finish_reason"] = finish
    return b"data: " + json.dumps(chunk).encode() + b"\n\n"


PLAIN = _event("Hel") + _event("lo") + _event(None, "stop") + b"data: [DONE]\n\n"
STREAMS = {
    "plain": (PLAIN, True),
    "no space after data:": (PLAIN.replace(b"data: ", b"data:"), True),
    "CRLF": (PLAIN.replace(b"\n", b"\r\n"), False),
    "named events": (b"event: x\n" + PLAIN, False),
    "not JSON": (_event("a") + b"data: {oops\n\n", False),
    "a delta that is a list": (b'data: {"choices": [{"delta": [1]}]}\n\n', False),
    "no choices": (b'data: {"id": 1}\n\ndata: 3\n\ndata: null\n\n', True),
    "too deep": (b"data: " + b"[" * 200 + b"]" * 200 + b"\n\n" + _event("x"), False),
    "invalid UTF-8": (_event("a") + b'data: {"choices": [{"delta": {"content": "\xff"}}]}\n\n', False),
    "lone surrogate": (b'data: {"choices": [{"delta": {"content": "\\ud800x"}}]}\n\n', False),
    "empty": (b"", True),
}


@pytest.mark.parametrize("name", list(STREAMS))
def test_the_one_pass_text_is_the_event_by_event_text(name: str) -> None:
    data, plain = STREAMS[name]
    assert _plain_stream_text(data)[0] is plain
    assert CHAT.stream_text(data) == WireApi.stream_text(CHAT, data)
    if name == "plain":
        assert CHAT.stream_text(data) == "Hello"


@settings(max_examples=80, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=8), st.none(), st.integers()), max_size=6), st.booleans())
def test_any_deltas_give_the_same_text(contents: list[object], done: bool) -> None:
    data = b"".join(_event(c) for c in contents) + (b"data: [DONE]\n\n" if done else b"")
    assert CHAT.stream_text(data) == WireApi.stream_text(CHAT, data)
