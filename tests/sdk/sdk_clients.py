"""Model clients the conformance tests point ``agent.llm`` at (``sdk_clients:CLIENT``)."""

from __future__ import annotations

import inspect
from typing import Any

import anthropic
import openai

CLIENT: Any = None
CREATED: list[Any] = []
KINDS = ["openai", "async_openai", "responses", "async_responses", "anthropic", "async_anthropic"]


def make(kind: str, stub: Any, **kw: Any) -> Any:
    """A real SDK client of ``kind`` talking to the stub, stored as ``CLIENT``."""
    global CLIENT
    if "anthropic" in kind:
        cls = anthropic.AsyncAnthropic if kind.startswith("async") else anthropic.Anthropic
        CLIENT = cls(base_url=stub.url, api_key="sk-ant-test", **kw)
    else:
        cls = openai.AsyncOpenAI if kind.startswith("async") else openai.OpenAI
        CLIENT = cls(base_url=stub.openai_url, api_key="sk-test", **kw)
    CREATED.append(CLIENT)
    return CLIENT


async def close_all() -> None:
    """Close every client made (async ones inside the test's own event loop)."""
    while CREATED:
        res = CREATED.pop().close()
        if inspect.isawaitable(res):
            await res


def api(kind: str) -> str:
    return "messages" if "anthropic" in kind else "responses" if "responses" in kind else "chat"


def _create(kind: str, client: Any, stream: bool, raw: bool = False) -> Any:
    a = api(kind)
    if a == "chat":
        res = client.chat.completions.with_raw_response if raw else client.chat.completions
        return res.create(model="stub-model", messages=[{"role": "user", "content": "hi"}], stream=stream)
    if a == "responses":
        res = client.responses.with_raw_response if raw else client.responses
        return res.create(model="stub-model", input="hi", stream=stream)
    res = client.messages.with_raw_response if raw else client.messages
    return res.create(model="stub-model", max_tokens=64, messages=[{"role": "user", "content": "hi"}], stream=stream)


def chunk_text(kind: str, chunk: Any) -> str:
    a = api(kind)
    if a == "chat":
        return (chunk.choices[0].delta.content or "") if chunk.choices else ""
    if a == "responses":
        return str(chunk.delta) if chunk.type == "response.output_text.delta" else ""
    return str(chunk.delta.text) if chunk.type == "content_block_delta" and chunk.delta.type == "text_delta" else ""


async def chunks(kind: str, stream: Any, on_chunk: Any = None) -> list[Any]:
    out = []
    if hasattr(stream, "__aiter__"):
        async for c in stream:
            out.append(c)
            if on_chunk:
                on_chunk(c)
    else:
        for c in stream:
            out.append(c)
            if on_chunk:
                on_chunk(c)
    return out


def stream_parts(kind: str, got: list[Any]) -> dict[str, Any]:
    """What an agent reading the raw stream events assembles: ``{finish, tools, refusal}``
    (tool arguments as the text that arrived)."""
    a = api(kind)
    tools: dict[int, list[Any]] = {}
    finish: Any = None
    refusal = ""
    for c in got:
        if a == "chat":
            for choice in c.choices:
                finish = choice.finish_reason or finish
                refusal += choice.delta.refusal or ""
                for tc in choice.delta.tool_calls or []:
                    entry = tools.setdefault(tc.index, ["", ""])
                    entry[0] += (tc.function and tc.function.name) or ""
                    entry[1] += (tc.function and tc.function.arguments) or ""
        elif a == "responses":
            if c.type == "response.output_item.done" and c.item.type == "function_call":
                tools[len(tools)] = [c.item.name, c.item.arguments]
            elif c.type == "response.refusal.delta":
                refusal += c.delta
            elif c.type in ("response.completed", "response.incomplete"):
                finish = c.response.status
        elif c.type == "content_block_start" and c.content_block.type == "tool_use":
            tools[c.index] = [c.content_block.name, ""]
        elif c.type == "content_block_delta" and c.delta.type == "input_json_delta":
            tools[c.index][1] += c.delta.partial_json
        elif c.type == "message_delta":
            finish = c.delta.stop_reason
    return {"finish": finish, "tools": [tuple(tools[i]) for i in sorted(tools)], "refusal": refusal or None}


async def call(kind: str, stream: bool = False, on_chunk: Any = None) -> dict[str, Any]:
    """One model call the way an agent makes it: ``{text, finish, tools, refusal}`` (raises what the SDK
    raises); a stream also gives its ``chunks``."""
    res = _create(kind, CLIENT, stream)
    if inspect.isawaitable(res):
        res = await res
    a = api(kind)
    if stream:
        got = await chunks(kind, res, on_chunk)
        return {"text": "".join(chunk_text(kind, c) for c in got), "chunks": got, **stream_parts(kind, got)}
    if a == "chat":
        msg = res.choices[0].message
        tools = [(t.function.name, t.function.arguments) for t in msg.tool_calls or []]
        return {"text": msg.content, "finish": res.choices[0].finish_reason, "tools": tools, "refusal": msg.refusal}
    if a == "responses":
        tools = [(o.name, o.arguments) for o in res.output if o.type == "function_call"]
        parts = [p for o in res.output if o.type == "message" for p in o.content]
        refusal = "".join(p.refusal for p in parts if p.type == "refusal") or None
        return {"text": res.output_text, "finish": res.status, "tools": tools, "refusal": refusal}
    tools = [(b.name, b.input) for b in res.content if b.type == "tool_use"]
    texts = [b.text for b in res.content if b.type == "text"]
    return {"text": "".join(texts) if texts else None, "finish": res.stop_reason, "tools": tools, "refusal": None}


async def raw_bytes(kind: str, stream: bool) -> bytes:
    """The body bytes the SDK received (through ``with_raw_response``)."""
    res = _create(kind, CLIENT, stream, raw=True)
    if inspect.isawaitable(res):
        res = await res
    http = res.http_response
    if hasattr(http, "aread") and kind.startswith("async"):
        return bytes(await http.aread())
    return bytes(http.read())


PLAIN_CALLS: list[Any] = []


async def _answer(prompt: str) -> str:
    PLAIN_CALLS.append(prompt)
    return f"The plain model answers {prompt} with several words of text."


def plain_llm(prompt: str) -> Any:
    """A sync-declared callable LLM that returns an awaitable (decorated SDK methods look like this)."""
    return _answer(prompt)


def create_like(*, model: str, messages: list[Any], temperature: Any = None, **kw: Any) -> dict[str, Any]:
    """A ``create``-style callable that receives SDK sentinels for arguments not given."""
    return {"choices": [{"index": 0, "message": {"role": "assistant", "content": "fine"}, "finish_reason": "stop"}]}
