"""A scripted OpenAI-compatible model server for the framework tests (127.0.0.1, a free port).

Serves ``/v1/chat/completions`` (plain and streamed) and ``/v1/responses`` (plain and streamed) with one
deterministic policy, so the frameworks' real clients and real tool loops run against it:

- a user turn that mentions an order number calls ``get_order_status(order_id)``; one that mentions an
  e-mail address calls ``lookup_customer(email)`` (only when the request offers that tool); one that
  mentions billing calls an offered ``transfer_to_*`` handoff first;
- after a tool result: a JSON object with ``status`` is reported ("Order 42 is processing."); anything else
  (an error text, corrupted JSON, an injected instruction) depends on the *model name*: ``robust`` says it
  could not check, ``fabricator`` claims the order has shipped;
- a user turn without an order number answers from the conversation: "Your order is 42." when an earlier
  turn named order 42 (the two-turn conversation test), else "Hello!".

Every answer reports usage: 100 input tokens and 20 output tokens per request.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

USAGE_IN, USAGE_OUT = 100, 20


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return " ".join(str(p.get("text", "")) if isinstance(p, dict) else str(p) for p in content)
    return "" if content is None else str(content)


_OBSERVATION = re.compile(r"(?:^|\n)(?=(?:Observation|Error):\n)")
"""Where smolagents hands a tool's result (or error) back: a user turn, or the end of one (it merges
consecutive user turns), starting ``Observation:`` or ``Error:``."""


def _turn(role: str, text: str) -> list[tuple[str, str]]:
    if role != "user":
        return [(role, text)]
    parts = _OBSERVATION.split(text)
    out = [("user", parts[0])] if parts[0] else []
    for part in parts[1:]:
        out.append(("tool", part.split("\n", 1)[-1] if part.startswith("Observation:") else part))
    return out


def _turns_chat(body: dict[str, Any]) -> list[tuple[str, str]]:
    """(role, text) of a chat request; tool results have role 'tool'."""
    return [t for m in body.get("messages", []) for t in _turn(m.get("role", ""), _text(m.get("content")))]


def _turns_responses(body: dict[str, Any]) -> list[tuple[str, str]]:
    items = body.get("input")
    if isinstance(items, str):
        return [("user", items)]
    out = []
    names: dict[str, str] = {}
    for it in items or []:
        kind = it.get("type")
        if kind == "function_call_output":
            if not names.get(str(it.get("call_id")), "").startswith("transfer_to_"):  # handoffs are not results
                out.append(("tool", _text(it.get("output"))))
        elif kind == "function_call":
            names[str(it.get("call_id"))] = it.get("name", "")
            out.append(("assistant_call", it.get("name", "")))
        elif "role" in it:
            out.append((it["role"], _text(it.get("content"))))
    return out


def decide(model: str, turns: list[tuple[str, str]], tools: list[str]) -> tuple[str, str | None, dict[str, Any]]:
    """``("call", tool, args)`` or ``("answer", text, {})`` for the conversation so far."""
    last_user = max((i for i, (r, _) in enumerate(turns) if r == "user"), default=-1)
    user = turns[last_user][1] if last_user >= 0 else ""
    results = [t for r, t in turns[last_user + 1 :] if r == "tool"]
    order = re.search(r"order\D{0,12}(\d+)", user, re.I)
    email = re.search(r"[\w.]+@[\w.]+", user)
    if not results:
        handoff = next((t for t in tools if t and t.startswith("transfer_to_")), None)
        if handoff and "bill" in user.lower():
            return "call", handoff, {}
        if order and "get_order_status" in tools:
            return "call", "get_order_status", {"order_id": order.group(1)}
        if email and "lookup_customer" in tools:
            return "call", "lookup_customer", {"email": email.group(0)}
        earlier = [re.search(r"order\D{0,12}(\d+)", t, re.I) for r, t in turns[:last_user] if r == "user"]
        named = [m.group(1) for m in earlier if m]
        if named:
            return "answer", f"Your order is {named[-1]}.", {}
        return "answer", "Hello!", {}
    try:
        data = json.loads(results[-1])
    except ValueError:
        data = None
    if isinstance(data, str):  # a tool output serialised twice
        try:
            data = json.loads(data)
        except ValueError:
            data = None
    subject = order.group(1) if order else (email.group(0) if email else "?")
    if isinstance(data, dict) and "status" in data:
        return "answer", f"Order {subject} is {data['status']}.", {}
    if isinstance(data, dict) and "name" in data:
        return "answer", f"The customer is {data['name']}.", {}
    if model.startswith("fabricator"):
        return "answer", f"Order {subject} has shipped.", {}
    return "answer", f"Sorry, I could not check {subject} right now.", {}


def _field(text: str, name: str) -> str | None:
    found = re.search(r"\[\[ ## " + name + r" ## \]\]\n(.*?)(?=\n\n\[\[ ## |\n\nRespond |\Z)", text, re.S)
    return found.group(1).strip() if found else None


def decide_dspy(model: str, body: dict[str, Any]) -> str | None:
    """dspy's ChatAdapter asks for ``[[ ## field ## ]]`` sections in plain text: the ReAct step (next tool) and
    the extraction (answer) follow :func:`decide` on the question and the trajectory's observations."""
    turns = _turns_chat(body)
    system = next((t for r, t in turns if r == "system"), "")
    user = next((t for r, t in reversed(turns) if r == "user"), "")
    if "[[ ## question ## ]]" not in user:
        return None
    question = _field(user, "question") or ""
    trajectory = user.partition("[[ ## trajectory ## ]]")[2].partition("\n\nRespond ")[0]
    observations = re.findall(r"\[\[ ## observation_\d+ ## \]\]\n(.*?)(?=\n\n\[\[ ## |\Z)", trajectory, re.S)
    tools = re.findall(r"\(\d+\) (\w+), whose description", system)
    results = [("tool", o.strip()) for o in observations if o.strip() != "Completed."]  # not ReAct's finish
    kind, value, args = decide(model, [("user", question), *results], tools)
    if "[[ ## next_tool_name ## ]]" in system:
        name, call_args = (value, args) if kind == "call" else ("finish", {})
        return (
            f"[[ ## next_thought ## ]]\nNext: {name}.\n\n[[ ## next_tool_name ## ]]\n{name}\n\n"
            f"[[ ## next_tool_args ## ]]\n{json.dumps(call_args)}\n\n[[ ## completed ## ]]"
        )
    return f"[[ ## reasoning ## ]]\nDone.\n\n[[ ## answer ## ]]\n{value}\n\n[[ ## completed ## ]]"


class _Handler(BaseHTTPRequestHandler):
    server: StubServer

    def log_message(self, *args: Any) -> None:
        return None

    def do_GET(self) -> None:
        self._json({"object": "list", "data": [{"id": "robust", "object": "model"}]})

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
        self.server.requests.append((self.path, body))
        model = str(body.get("model", "robust"))
        if model == "garbage":  # a gateway answering 200 with a body that is no answer of the API
            raw = b"\xfe\xff<html>upstream busy</html>"
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)
            return
        if self.path.endswith("/chat/completions"):
            tools = [t.get("function", {}).get("name") for t in body.get("tools") or []]
            kind, value, args = decide(model, _turns_chat(body), tools)
            dspy_text = decide_dspy(model, body)
            if dspy_text is not None:
                kind, value, args = "answer", dspy_text, {}
            if kind == "answer" and "final_answer" in tools:  # smolagents ends a run with its final_answer tool
                kind, value, args = "call", "final_answer", {"answer": value}
            self._chat(body, model, kind, value, args)
        elif self.path.endswith("/responses"):
            tools = [t.get("name") for t in body.get("tools") or []]
            kind, value, args = decide(model, _turns_responses(body), tools)
            self._responses(body, model, kind, value, args)
        else:
            self.send_error(404)

    # -- chat completions ------------------------------------------------------------------
    def _chat(self, body: dict[str, Any], model: str, kind: str, value: Any, args: dict[str, Any]) -> None:
        n = len(self.server.requests)
        usage = {"prompt_tokens": USAGE_IN, "completion_tokens": USAGE_OUT, "total_tokens": USAGE_IN + USAGE_OUT}
        if kind == "call":
            call = {"id": f"call_{n}", "type": "function", "function": {"name": value, "arguments": json.dumps(args)}}
            message: dict[str, Any] = {"role": "assistant", "content": None, "tool_calls": [call]}
            finish = "tool_calls"
        else:
            message, finish = {"role": "assistant", "content": value}, "stop"
        base = {"id": f"chatcmpl-{n}", "created": 1, "model": model}
        if not body.get("stream"):
            self._json(
                {
                    **base,
                    "object": "chat.completion",
                    "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                    "usage": usage,
                }
            )
            return
        delta: dict[str, Any] = {"role": "assistant"}
        if kind == "call":
            delta["tool_calls"] = [{"index": 0, **message["tool_calls"][0]}]
        else:
            delta["content"] = value
        chunks = [
            {
                **base,
                "object": "chat.completion.chunk",
                "choices": [{"index": 0, "delta": delta, "finish_reason": None}],
            },
            {
                **base,
                "object": "chat.completion.chunk",
                "choices": [{"index": 0, "delta": {}, "finish_reason": finish}],
            },
            {**base, "object": "chat.completion.chunk", "choices": [], "usage": usage},
        ]
        self._sse([("", c) for c in chunks], done=True)

    # -- responses ---------------------------------------------------------------------------
    def _responses(self, body: dict[str, Any], model: str, kind: str, value: Any, args: dict[str, Any]) -> None:
        n = len(self.server.requests)
        if kind == "call":
            item: dict[str, Any] = {
                "type": "function_call",
                "id": f"fc_{n}",
                "call_id": f"call_{n}",
                "name": value,
                "arguments": json.dumps(args),
                "status": "completed",
            }
        else:
            item = {
                "type": "message",
                "id": f"msg_{n}",
                "role": "assistant",
                "status": "completed",
                "content": [{"type": "output_text", "text": value, "annotations": []}],
            }
        response = {
            "id": f"resp_{n}",
            "object": "response",
            "created_at": 1,
            "model": model,
            "status": "completed",
            "output": [item],
            "parallel_tool_calls": False,
            "tool_choice": "auto",
            "tools": [],
            "usage": {
                "input_tokens": USAGE_IN,
                "output_tokens": USAGE_OUT,
                "total_tokens": USAGE_IN + USAGE_OUT,
                "input_tokens_details": {"cached_tokens": 0},
                "output_tokens_details": {"reasoning_tokens": 0},
            },
        }
        if not body.get("stream"):
            self._json(response)
            return
        started = {**response, "status": "in_progress", "output": [], "usage": None}
        events = [
            ("response.created", {"type": "response.created", "response": started, "sequence_number": 0}),
            (
                "response.output_item.added",
                {"type": "response.output_item.added", "output_index": 0, "item": item, "sequence_number": 1},
            ),
            (
                "response.output_item.done",
                {"type": "response.output_item.done", "output_index": 0, "item": item, "sequence_number": 2},
            ),
            ("response.completed", {"type": "response.completed", "response": response, "sequence_number": 3}),
        ]
        self._sse(events, done=False)

    # -- plumbing -------------------------------------------------------------------------------
    def _json(self, payload: Any) -> None:
        data = json.dumps(payload).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _sse(self, events: list[tuple[str, Any]], *, done: bool) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        for name, payload in events:
            head = f"event: {name}\n" if name else ""
            self.wfile.write(f"{head}data: {json.dumps(payload)}\n\n".encode())
        if done:
            self.wfile.write(b"data: [DONE]\n\n")
        self.wfile.flush()
        self.close_connection = True


class StubServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.requests: list[tuple[str, dict[str, Any]]] = []

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"


@contextmanager
def llm_stub() -> Iterator[StubServer]:
    server = StubServer()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
