"""QA pass 22 finding 6's agent: the real ``openai`` (or ``anthropic``) SDK, two model calls, and a dropped connection
told apart from an error status (as QA 22's defect C does).

``CLIENT`` is pointed at a local stub by the test, ``KIND`` and ``STREAM`` say which API the agent calls and whether
it streams. The agent keeps what a stream delivered before it broke, so its answer shows the text it met."""

from __future__ import annotations

from typing import Any

import anthropic
import httpx
import httpx2
import openai

CLIENT: Any = None
KIND = "chat"
"""``chat`` (Chat Completions), ``responses`` (the Responses API) or ``messages`` (Anthropic Messages)."""
STREAM = False
DROPPED = (openai.APIConnectionError, anthropic.APIConnectionError, httpx.TransportError, httpx2.TransportError)
"""What a dropped connection raises: the SDK's connection error, or (mid-stream) its HTTP client's own."""
STATUS = (openai.APIStatusError, anthropic.APIStatusError)


def _text(event: Any) -> str:
    """The text a stream event carries, in any of the three APIs."""
    if KIND == "chat":
        return (event.choices[0].delta.content or "") if event.choices else ""
    if KIND == "responses":
        return str(event.delta) if event.type == "response.output_text.delta" else ""
    delta = getattr(event, "delta", None)
    return str(delta.text) if event.type == "content_block_delta" and delta.type == "text_delta" else ""


def _ask(prompt: str, received: list[str]) -> str:
    """One model call's text; a stream's text is added to ``received`` as it arrives."""
    if KIND == "chat":
        messages = [{"role": "user", "content": prompt}]
        res = CLIENT.chat.completions.create(model="stub-model", messages=messages, stream=STREAM)
    elif KIND == "responses":
        res = CLIENT.responses.create(model="stub-model", input=prompt, stream=STREAM)
    else:
        messages = [{"role": "user", "content": prompt}]
        res = CLIENT.messages.create(model="stub-model", max_tokens=64, messages=messages, stream=STREAM)
    if STREAM:
        for event in res:
            received.append(_text(event))
        return "".join(received)
    if KIND == "chat":
        return str(res.choices[0].message.content)
    if KIND == "responses":
        return str(res.output_text)
    return "".join(b.text for b in res.content if b.type == "text")


def handle(prompt: str) -> str:
    first = _ask(prompt, [])
    received: list[str] = []
    try:
        second = _ask(f"{prompt} (go on)", received)
    except DROPPED as err:
        return f"dropped ({type(err).__name__}) after {''.join(received)!r}"
    except STATUS as err:
        return f"status {err.status_code}"
    return f"{first} | {second}"
