"""The model wire APIs windtunnel faults, by name; adding one is a :class:`~windtunnel.chaos.llm_apis.WireApi` subclass
and one entry here.

Both HTTP seams (the SDK transport and the LLM proxy) recognise a model call by its method and path (:func:`api_of`) and
hand it to the matching API; any other request to the model host passes through unfaulted (a POST, such as an embeddings
call, is noted in the call log with the reason).
"""

from __future__ import annotations

from typing import Any

from windtunnel.chaos.llm_api_chat import ChatApi
from windtunnel.chaos.llm_api_messages import MessagesApi
from windtunnel.chaos.llm_api_ollama import OllamaChatApi, OllamaGenerateApi
from windtunnel.chaos.llm_api_responses import ResponsesApi
from windtunnel.chaos.llm_apis import WireApi

WIRE_APIS: dict[str, WireApi] = {
    a.name: a for a in (ChatApi(), ResponsesApi(), MessagesApi(), OllamaChatApi(), OllamaGenerateApi())
}
APIS = tuple(WIRE_APIS)


def api_of(method: str, path: str) -> str | None:
    """Which model API a request speaks (``None``: not a model call windtunnel faults)."""
    for name, api in WIRE_APIS.items():
        if api.matches(method, path):
            return name
    return None


def wire_api(name: str) -> WireApi:
    """The :class:`~windtunnel.chaos.llm_apis.WireApi` registered as ``name`` (``KeyError`` for an unknown name)."""
    return WIRE_APIS[name]


def error_body(api: str, status: int, message: str | None) -> bytes:
    """The body the provider of ``api`` sends with an error status."""
    return WIRE_APIS[api].error_body(status, message)


def answer_text(api: str, data: Any) -> tuple[str | None, str | None]:
    """``(assistant text, finish reason)`` of a JSON answer; text ``None`` when it carries no text."""
    reply = WIRE_APIS[api].read(data)
    return (None, None) if reply is None else (reply.text, reply.finish_reason)
