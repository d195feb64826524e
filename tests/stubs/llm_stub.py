"""A local OpenAI- and Anthropic-compatible model server for offline tests.

Serves, on ``127.0.0.1`` and a free port:

* ``POST /v1/chat/completions`` — OpenAI Chat Completions, JSON or SSE (``"stream": true``);
* ``POST /v1/responses`` — the OpenAI Responses API, JSON or SSE (typed ``event:`` lines);
* ``POST /v1/messages`` — Anthropic Messages, JSON or SSE;
* ``GET /v1/models`` — a one-model list.

Every reply is scriptable with :class:`Reply`: the answer text (streamed word by word), tool calls
instead of text, an error status with a body and headers, a delay between stream events (so tests can
see that the first chunk arrives before the stream ends), and a connection dropped after N events.
A ``responder`` answers from the request body (a judge stub that reads what it grades), and ``hold``
keeps an answer back until the test releases it (client timeouts without timing).
Set :attr:`LlmStub.default` or queue one-off replies with :meth:`LlmStub.queue`; every request is kept
in :attr:`LlmStub.requests`. Use as a context manager::

    with LlmStub(text="Hello there") as stub:
        client = openai.OpenAI(base_url=stub.openai_url, api_key="x")
        anthropic.Anthropic(base_url=stub.url, api_key="x")
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

CREATED = 1_700_000_000


@dataclass
class Reply:
    """What the stub answers to one model request."""

    text: str = "The stub model says hello from a local server."
    tool_calls: list[tuple[str, dict[str, Any]]] | None = None
    """``[(name, arguments)]``: answer with these tool calls and no text."""
    status: int = 200
    body: bytes | None = None
    """A raw body to send instead of a model answer (errors, broken JSON)."""
    headers: dict[str, str] = field(default_factory=dict)
    chunk_delay: float = 0.0
    """Seconds to wait before each stream event after the first."""
    hold_last: threading.Event | None = None
    """When set, the last stream event waits (10 s at most) for this event: a test sets it once the client
    has seen text, so "text arrived before the stream ended" does not depend on timing."""
    ending: threading.Event | None = None
    """Set when this reply's stream starts sending its last event (after ``hold_last``): "has the stream
    ended yet?" for this reply alone, whatever an earlier stream that its client abandoned still does."""
    cut_after: int | None = None
    """Drop the connection after this many stream events (or bytes of a JSON body)."""
    hold: threading.Event | None = None
    """When set, the answer waits (10 s at most) for this event before it is sent: a client with a shorter
    timeout times out, whatever the machine's speed; the test sets the event when it is done."""


def _words(text: str) -> list[str]:
    out: list[str] = []
    for i, word in enumerate(text.split(" ")):
        out.append(word if i == 0 else " " + word)
    return [w for w in out if w]


def chat_json(model: str, r: Reply) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": r.text, "refusal": None}
    finish = "stop"
    if r.tool_calls:
        message["content"] = None
        message["tool_calls"] = [
            {"id": f"call_{i}", "type": "function", "function": {"name": n, "arguments": json.dumps(a)}}
            for i, (n, a) in enumerate(r.tool_calls)
        ]
        finish = "tool_calls"
    return {
        "id": "chatcmpl-stub",
        "object": "chat.completion",
        "created": CREATED,
        "model": model,
        "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": finish}],
        "usage": {"prompt_tokens": 5, "completion_tokens": 7, "total_tokens": 12},
    }


def chat_events(model: str, r: Reply) -> list[tuple[str | None, Any]]:
    base = {"id": "chatcmpl-stub", "object": "chat.completion.chunk", "created": CREATED, "model": model}

    def chunk(delta: dict[str, Any], finish: str | None = None) -> tuple[None, Any]:
        return None, {**base, "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]}

    out = [chunk({"role": "assistant", "content": ""})]
    if r.tool_calls:
        for i, (n, a) in enumerate(r.tool_calls):
            head = {"index": i, "id": f"call_{i}", "type": "function", "function": {"name": n, "arguments": ""}}
            out.append(chunk({"tool_calls": [head]}))
            args = json.dumps(a)
            half = len(args) // 2
            for piece in (args[:half], args[half:]):
                out.append(chunk({"tool_calls": [{"index": i, "function": {"arguments": piece}}]}))
        out.append(chunk({}, "tool_calls"))
    else:
        out += [chunk({"content": w}) for w in _words(r.text)]
        out.append(chunk({}, "stop"))
    out.append((None, "[DONE]"))
    return out


def responses_json(model: str, r: Reply, status: str = "completed") -> dict[str, Any]:
    if r.tool_calls:
        output: list[dict[str, Any]] = [
            {
                "type": "function_call",
                "id": f"fc_{i}",
                "call_id": f"call_{i}",
                "name": n,
                "arguments": json.dumps(a),
                "status": "completed",
            }
            for i, (n, a) in enumerate(r.tool_calls)
        ]
    else:
        output = [_message_item(r.text, "completed")]
    return {
        "id": "resp_stub",
        "object": "response",
        "created_at": CREATED,
        "status": status,
        "model": model,
        "output": output if status == "completed" else [],
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
        "error": None,
        "incomplete_details": None,
        "instructions": None,
        "metadata": {},
        "temperature": 1.0,
        "top_p": 1.0,
        "text": {"format": {"type": "text"}},
        "usage": {
            "input_tokens": 5,
            "output_tokens": 7,
            "total_tokens": 12,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens_details": {"reasoning_tokens": 0},
        },
    }


def _message_item(text: str, status: str) -> dict[str, Any]:
    content = [{"type": "output_text", "text": text, "annotations": []}] if status == "completed" else []
    return {"type": "message", "id": "msg_stub", "status": status, "role": "assistant", "content": content}


def responses_events(model: str, r: Reply) -> list[tuple[str | None, Any]]:
    seq = iter(range(1_000_000))
    out: list[tuple[str | None, Any]] = []

    def ev(kind: str, **data: Any) -> None:
        out.append((kind, {"type": kind, "sequence_number": next(seq), **data}))

    ev("response.created", response=responses_json(model, r, "in_progress"))
    ev("response.in_progress", response=responses_json(model, r, "in_progress"))
    if r.tool_calls:
        for i, (n, a) in enumerate(r.tool_calls):
            item = {
                "type": "function_call",
                "id": f"fc_{i}",
                "call_id": f"call_{i}",
                "name": n,
                "arguments": "",
                "status": "in_progress",
            }
            ev("response.output_item.added", output_index=i, item=item)
            ev("response.function_call_arguments.delta", item_id=f"fc_{i}", output_index=i, delta=json.dumps(a))
            ev("response.function_call_arguments.done", item_id=f"fc_{i}", output_index=i, arguments=json.dumps(a))
            ev(
                "response.output_item.done",
                output_index=i,
                item={**item, "arguments": json.dumps(a), "status": "completed"},
            )
    else:
        ids = {"item_id": "msg_stub", "output_index": 0, "content_index": 0}
        ev("response.output_item.added", output_index=0, item=_message_item("", "in_progress"))
        ev("response.content_part.added", **ids, part={"type": "output_text", "text": "", "annotations": []})
        for w in _words(r.text):
            ev("response.output_text.delta", **ids, delta=w, logprobs=[])
        ev("response.output_text.done", **ids, text=r.text, logprobs=[])
        ev("response.content_part.done", **ids, part={"type": "output_text", "text": r.text, "annotations": []})
        ev("response.output_item.done", output_index=0, item=_message_item(r.text, "completed"))
    ev("response.completed", response=responses_json(model, r))
    return out


def messages_json(model: str, r: Reply) -> dict[str, Any]:
    if r.tool_calls:
        content = [
            {"type": "tool_use", "id": f"toolu_{i}", "name": n, "input": a} for i, (n, a) in enumerate(r.tool_calls)
        ]
        stop = "tool_use"
    else:
        content, stop = [{"type": "text", "text": r.text}], "end_turn"
    return {
        "id": "msg_stub",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": 5, "output_tokens": 7},
    }


def messages_events(model: str, r: Reply) -> list[tuple[str | None, Any]]:
    start = {**messages_json(model, r), "content": [], "stop_reason": None}
    out: list[tuple[str | None, Any]] = [("message_start", {"type": "message_start", "message": start})]
    if r.tool_calls:
        for i, (n, a) in enumerate(r.tool_calls):
            block = {"type": "tool_use", "id": f"toolu_{i}", "name": n, "input": {}}
            out.append(("content_block_start", {"type": "content_block_start", "index": i, "content_block": block}))
            delta = {"type": "input_json_delta", "partial_json": json.dumps(a)}
            out.append(("content_block_delta", {"type": "content_block_delta", "index": i, "delta": delta}))
            out.append(("content_block_stop", {"type": "content_block_stop", "index": i}))
        stop = "tool_use"
    else:
        block = {"type": "text", "text": ""}
        out.append(("content_block_start", {"type": "content_block_start", "index": 0, "content_block": block}))
        out.append(("ping", {"type": "ping"}))
        for w in _words(r.text):
            delta = {"type": "text_delta", "text": w}
            out.append(("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}))
        out.append(("content_block_stop", {"type": "content_block_stop", "index": 0}))
        stop = "end_turn"
    out.append(
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": stop, "stop_sequence": None},
                "usage": {"output_tokens": 7},
            },
        )
    )
    out.append(("message_stop", {"type": "message_stop"}))
    return out


def sse(name: str | None, data: Any) -> bytes:
    payload = data if isinstance(data, str) else json.dumps(data)
    return ((f"event: {name}\n" if name else "") + f"data: {payload}\n\n").encode()


def api_of_path(path: str) -> str | None:
    p = path.split("?", 1)[0].rstrip("/")
    for suffix, api in (("/chat/completions", "chat"), ("/responses", "responses"), ("/messages", "messages")):
        if p.endswith(suffix):
            return api
    return None


BUILDERS = {
    "chat": (chat_json, chat_events),
    "responses": (responses_json, responses_events),
    "messages": (messages_json, messages_events),
}


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256
    allow_reuse_address = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Clients that hang up mid-answer (cut-off tests) are expected: stay quiet."""


class LlmStub:
    """The stub server (see the module docstring). ``default`` answers every request not queued."""

    def __init__(
        self,
        text: str | None = None,
        *,
        responder: Callable[[dict[str, Any]], Reply | None] | None = None,
        **reply: Any,
    ) -> None:
        self.default = Reply(**({"text": text} if text is not None else {}), **reply)
        self.responder = responder
        """Called with each request's JSON body (after queued replies): its reply, or None for the default."""
        self._queue: deque[Reply] = deque()
        self.requests: list[dict[str, Any]] = []
        self.streams_done = 0
        """Streams whose last event has been written (tests check text arrived before that)."""
        self._lock = threading.Lock()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    # -- scripting -------------------------------------------------------------------------------
    def queue(self, *replies: Reply) -> None:
        """Answer the next requests with ``replies``, in order, then fall back to :attr:`default`."""
        with self._lock:
            self._queue.extend(replies)

    def _next(self, body: dict[str, Any]) -> Reply:
        with self._lock:
            if self._queue:
                return self._queue.popleft()
        answer = self.responder(body) if self.responder is not None else None
        return answer if answer is not None else self.default

    def count(self, api: str | None = None) -> int:
        """Model requests received (of one API, or all)."""
        with self._lock:
            return sum(1 for r in self.requests if api is None or r["api"] == api)

    # -- lifecycle -------------------------------------------------------------------------------
    @property
    def port(self) -> int:
        assert self._server is not None, "the stub is not running"
        return int(self._server.server_address[1])

    @property
    def url(self) -> str:
        """The origin (the Anthropic SDK's ``base_url``)."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def openai_url(self) -> str:
        """The OpenAI SDK's ``base_url``."""
        return self.url + "/v1"

    def start(self) -> LlmStub:
        self._server = _Server(("127.0.0.1", 0), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            if self._thread is not None:
                self._thread.join(5)
            self._server = None

    def __enter__(self) -> LlmStub:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- serving ---------------------------------------------------------------------------------
    def _handler(self) -> type[BaseHTTPRequestHandler]:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # head and body go out as written (no 40 ms delayed-ACK stalls)

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                if self.path.rstrip("/").endswith("/models"):
                    self._send(200, {"object": "list", "data": [{"id": "stub-model", "object": "model"}]})
                else:
                    self._send(404, {"error": {"message": f"no route {self.path}", "type": "invalid_request_error"}})

            def do_POST(self) -> None:
                n = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(n) if n else b""
                api = api_of_path(self.path)
                try:
                    body = json.loads(raw or b"{}")
                except ValueError:
                    body = {}
                with stub._lock:
                    stub.requests.append(
                        {
                            "api": api,
                            "path": self.path,
                            "headers": dict(self.headers),
                            "body": body,
                            "at": time.monotonic(),
                        }
                    )
                if api is None:
                    self._send(404, {"error": {"message": f"no route {self.path}"}})
                    return
                r = stub._next(body)
                if r.hold is not None:
                    r.hold.wait(10)
                if r.status != 200 or r.body is not None:
                    self._send(
                        r.status, r.body if r.body is not None else {"error": {"message": "stub error"}}, r.headers
                    )
                    return
                model = str(body.get("model") or "stub-model")
                as_json, as_events = BUILDERS[api]
                if body.get("stream"):
                    self._stream(as_events(model, r), r)
                else:
                    self._send(200, as_json(model, r), r.headers, cut=r.cut_after)

            def _send(
                self, status: int, body: Any, headers: dict[str, str] | None = None, cut: int | None = None
            ) -> None:
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                if cut is not None:
                    self.wfile.write(data[:cut])
                    self.wfile.flush()
                    self._drop()
                    return
                self.wfile.write(data)

            def _stream(self, events: list[tuple[str | None, Any]], r: Reply) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream; charset=utf-8")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Transfer-Encoding", "chunked")
                for k, v in r.headers.items():
                    self.send_header(k, v)
                self.end_headers()
                for i, (name, data) in enumerate(events):
                    if r.cut_after is not None and i >= r.cut_after:
                        self._drop()
                        return
                    if i and r.chunk_delay:
                        time.sleep(r.chunk_delay)
                    if r.hold_last is not None and i == len(events) - 1:
                        r.hold_last.wait(10)
                    if r.ending is not None and i == len(events) - 1:
                        r.ending.set()
                    piece = sse(name, data)
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                    self.wfile.flush()
                with stub._lock:  # counted before the stream's end is sent: a client that has seen the end
                    stub.streams_done += 1  # always finds it counted (no race with the next request)
                self.wfile.write(b"0\r\n\r\n")
                self.wfile.flush()

            def _drop(self) -> None:
                self.close_connection = True
                with contextlib.suppress(OSError):
                    self.connection.shutdown(socket.SHUT_RDWR)

        return Handler
