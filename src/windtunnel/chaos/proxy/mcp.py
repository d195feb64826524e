"""A fault proxy between an MCP client and an MCP server (stdio): tool faults by MCP tool name.

The proxy relays JSON-RPC messages line by line (the MCP stdio transport) between its own stdin/stdout
(the client's side) and a server process it starts. Every ``tools/call`` request is decided by the
scenario's fault plan, by the MCP tool name in ``params.name``:

- a failing fault (``error``, ``timeout``, ``rate_limit``, ``intermittent`` ...) answers the client
  itself, after the fault's delay, with an MCP tool error result (``isError: true``, the failure as
  text), or with a JSON-RPC error when the proxy runs with ``error_style="jsonrpc"``; the server never
  sees the call;
- ``malicious_response`` answers with the payload as the tool's text content (indirect injection);
- corrupting faults (``malformed``, ``truncated``, ``empty``, ``wrong_data``, ``schema_drift``) act on
  the text content of the server's real result.

``tools/list`` answers pass through, except with ``drift_tools`` (rename the listed tools' input
schema properties, as after an unannounced server upgrade). A server that exits (or fails to start)
answers every pending and later request with a JSON-RPC error holding its stderr tail.
"""

from __future__ import annotations

import json
import os
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import anyio
from anyio.streams.text import TextReceiveStream

from windtunnel._util.jsonsafe import loads as json_loads
from windtunnel._util.proctrack import STOP_GRACE_S, TAG, command_line, group_members, new_tag, stop_processes, tagged
from windtunnel.chaos.base import ToolCall, ToolReply
from windtunnel.chaos.plan import FaultPlan, ToolDecision
from windtunnel.chaos.tool_faults import _drift_name
from windtunnel.chaos.wrappers import signature_of

Message = dict[str, Any]
SERVER_GONE = -32000
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
PIPE_DRAIN_S = 2.0
"""How long the proxy reads a server's stdout and stderr after the server exited (output still in flight)."""


def _tool_error(req_id: Any, text: str) -> Message:
    return {"jsonrpc": "2.0", "id": req_id, "result": {"content": [{"type": "text", "text": text}], "isError": True}}


def _rpc_error(req_id: Any, code: int, message: str, data: Any = None) -> Message:
    err: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        err["data"] = data
    return {"jsonrpc": "2.0", "id": req_id, "error": err}


def _text_of(result: Any) -> str:
    content = result.get("content") if isinstance(result, dict) else None
    if not isinstance(content, list):
        return ""
    return "".join(str(c.get("text", "")) for c in content if isinstance(c, dict) and c.get("type") == "text")


def _with_text(result: dict[str, Any], text: str) -> dict[str, Any]:
    """``result`` with its text content replaced; a structured result wrapping that text (one string
    field, as SDK servers emit for ``-> str`` tools) follows, any other structured content is dropped."""
    others = [c for c in result.get("content") or [] if not (isinstance(c, dict) and c.get("type") == "text")]
    out = {k: v for k, v in result.items() if k != "structuredContent"}
    out["content"] = [{"type": "text", "text": text}, *others]
    structured = result.get("structuredContent")
    if isinstance(structured, dict) and len(structured) == 1 and isinstance(next(iter(structured.values())), str):
        out["structuredContent"] = {next(iter(structured)): text}
    return out


def drift_schema(tools: list[Any]) -> list[Any]:
    """Each tool's input schema properties renamed (``snake_case`` ↔ ``camelCase``, else ``name_v2``)."""
    out = []
    for tool in tools:
        schema = dict(tool.get("inputSchema") or {}) if isinstance(tool, dict) else {}
        props = schema.get("properties")
        if isinstance(props, dict) and props:
            schema["properties"] = {_drift_name(k): v for k, v in props.items()}
            if isinstance(schema.get("required"), list):
                schema["required"] = [_drift_name(k) for k in schema["required"]]
            tool = {**tool, "inputSchema": schema}
        out.append(tool)
    return out


@dataclass
class _Pending:
    dec: ToolDecision
    args: dict[str, Any]
    started: float


@dataclass
class McpFaults:
    """The fault logic of the MCP proxy, independent of the transport.

    :meth:`from_client` takes one client message and returns ``(to_server, to_client, delay_s)``: the
    message to forward (or ``None``) and an answer to give instead (after ``delay_s``).
    :meth:`from_server` rewrites one server message before the client gets it.
    """

    plan: FaultPlan | None = None
    """The plan of a standalone proxy (one scenario for its whole life)."""
    plan_source: Callable[[], FaultPlan | None] | None = None
    """Inside a run: the plan of the cell(s) now running (``None`` between cells: calls pass through)."""
    error_style: str = "isError"
    drift_tools: bool = False
    kill_after_calls: int | None = None
    """stdio: the server is killed at the client's next tool call once it has made this many, faulted or not
    (a server dying mid-session)."""
    tool_calls: int = 0
    """``tools/call`` requests the client made (faulted ones included)."""
    killed_after: int | None = None
    """stdio: the tool calls made before the server was killed (``None``: it was not)."""
    _pending: dict[str, _Pending] = field(default_factory=dict)
    _lists: set[str] = field(default_factory=set)
    _text_keys: dict[str, str] = field(default_factory=dict)
    """Tool → the one string field of its output schema (structured content of a replaced answer)."""

    def from_client(self, msg: Message) -> tuple[Message | None, Message | None, float]:
        """A client's message on its way to the server: ``(to forward, to answer the client with, delay s)``.

        A ``tools/call`` is decided by the running cell's fault plan: replaced (nothing forwarded, the fault's
        answer returned) or forwarded and remembered, so :meth:`from_server` can log and fault its result."""
        if msg.get("method") == "tools/list" and "id" in msg:
            self._lists.add(json.dumps(msg["id"]))
        if msg.get("method") != "tools/call" or "id" not in msg:
            return msg, None, 0.0
        params = msg.get("params") or {}
        if not isinstance(params, dict):  # not a tool call the spec knows: the server answers it (-32602)
            return msg, None, 0.0
        name = str(params.get("name", ""))
        args = params.get("arguments") or {}
        args = args if isinstance(args, dict) else {"arguments": args}
        plan = self.plan if self.plan_source is None else self.plan_source()
        if plan is None:  # no cell running: pass through
            return msg, None, 0.0
        dec = plan.decide_tool(ToolCall(name=name, args=args, signature=signature_of(name, args)), target="tool")
        started = time.perf_counter()
        if dec.replacement is not None:
            return None, self._replace(msg["id"], dec, dec.replacement, args, started), dec.delay_ms / 1000
        self._pending[json.dumps(msg["id"])] = _Pending(dec, args, started)
        return msg, None, dec.delay_ms / 1000

    def _replace(
        self, req_id: Any, dec: ToolDecision, reply: ToolReply, args: dict[str, Any], started: float
    ) -> Message:
        name = dec.call.name
        if reply.timeout or reply.status >= 400:
            message = reply.message or f"tool {name!r} failed with status {reply.status}"
            text = f"tool {name!r} timed out" if reply.timeout else f"{reply.status} {message}"
            dec.plan.log_call("tool", name, args, error=text, faults=dec.modes, started=started, status=reply.status)
            if self.error_style == "jsonrpc":
                return _rpc_error(req_id, -32603, text, {"status": 504 if reply.timeout else reply.status})
            return _tool_error(req_id, text)
        body = reply.body if isinstance(reply.body, str) else json.dumps(reply.body, ensure_ascii=False)
        dec.plan.log_call("tool", name, args, response=body, faults=dec.modes, started=started, status=reply.status)
        result: dict[str, Any] = {"content": [{"type": "text", "text": body}], "isError": False}
        if name in self._text_keys:
            result["structuredContent"] = {self._text_keys[name]: body}
        return {"jsonrpc": "2.0", "id": req_id, "result": result}

    def _learn_outputs(self, result: Any) -> None:
        for tool in (result.get("tools") if isinstance(result, dict) else None) or []:
            schema = tool.get("outputSchema") if isinstance(tool, dict) else None
            props = schema.get("properties") if isinstance(schema, dict) else None
            if isinstance(props, dict) and len(props) == 1:
                key, prop = next(iter(props.items()))
                if isinstance(prop, dict) and prop.get("type") == "string":
                    self._text_keys[str(tool.get("name"))] = key

    def from_server(self, msg: Message) -> Message:
        """A server's message on its way to the client: a faulted call's result changed by its fault and logged
        in its cell; a ``tools/list`` answer read for output schemas (and drifted when asked)."""
        key = json.dumps(msg.get("id")) if "id" in msg and "method" not in msg else None
        if key is not None and key in self._lists:
            self._lists.discard(key)
            result = msg.get("result")
            self._learn_outputs(result)
            if self.drift_tools and isinstance(result, dict) and isinstance(result.get("tools"), list):
                return {**msg, "result": {**result, "tools": drift_schema(result["tools"])}}
            return msg
        pending = self._pending.pop(key, None) if key is not None else None
        if pending is None:
            return msg
        name = pending.dec.call.name
        result = msg.get("result")
        if not isinstance(result, dict):
            error = msg.get("error") or {}
            pending.dec.plan.log_call(
                "tool",
                name,
                pending.args,
                error=str(error.get("message", error)),
                faults=pending.dec.modes,
                started=pending.started,
            )
            return msg
        text = _text_of(result)
        if result.get("isError"):
            pending.dec.plan.log_call(
                "tool", name, pending.args, error=text, faults=pending.dec.modes, started=pending.started
            )
            return msg
        reply = pending.dec.finish(ToolReply(body=text))
        new_text = reply.body if isinstance(reply.body, str) else json.dumps(reply.body, ensure_ascii=False)
        pending.dec.plan.log_call(
            "tool", name, pending.args, response=new_text, faults=pending.dec.modes, started=pending.started
        )
        return msg if new_text == text else {**msg, "result": _with_text(result, new_text)}

    def unanswered(self, req_id: Any, message: str) -> Message:
        """The JSON-RPC error for request ``req_id`` that never reached the server (unreachable), its
        ``tools/call`` logged as failed in its cell."""
        p = self._pending.pop(json.dumps(req_id), None)
        if p is not None:
            p.dec.plan.log_call("tool", p.dec.call.name, p.args, error=message, faults=p.dec.modes, started=p.started)
        return _rpc_error(req_id, SERVER_GONE, message)

    def server_gone(self, stderr_tail: str, code: int | None) -> list[Message]:
        """Errors for every request still waiting on a server that exited."""
        out = []
        for key in list(self._pending):
            p = self._pending.pop(key)
            p.dec.plan.log_call(
                "tool", p.dec.call.name, p.args, error="server exited", faults=p.dec.modes, started=p.started
            )
            out.append(gone_error(json.loads(key), stderr_tail, code))
        return out


def gone_error(req_id: Any, stderr_tail: str, code: int | None) -> Message:
    """The JSON-RPC error answering request ``req_id`` when the stdio server exited (``code``) before answering,
    with the end of its stderr so the agent's log says why."""
    return _rpc_error(req_id, SERVER_GONE, f"the MCP server exited (code {code})", {"stderr_tail": stderr_tail[-2000:]})


class StderrTail:
    """The last lines a child process wrote to stderr (for "server failed / died" messages)."""

    def __init__(self, lines: int = 20) -> None:
        self.lines: deque[str] = deque(maxlen=lines)

    def add(self, line: str) -> None:
        """Keep ``line`` (its newline dropped), forgetting the oldest beyond the limit."""
        self.lines.append(line.rstrip("\n"))

    @property
    def text(self) -> str:
        """The kept lines, oldest first, one per line."""
        return "\n".join(self.lines)


async def relay_stdio(
    faults: McpFaults,
    command: list[str],
    *,
    read_client: Callable[[], Any],
    write_client: Callable[[bytes], Any],
    log: Callable[[str], None],
    env: dict[str, str] | None = None,
) -> int:
    """Run ``command`` as the MCP server and relay between it and the client until either side closes.

    ``read_client()`` awaits the next line from the client (``b""`` at the end); ``write_client(line)``
    awaits writing one line to it. Returns the server's exit code (0 when the client closed first);
    raises :class:`ServerFailed` with its stderr tail when the server exits with an error before it
    answered anything.
    """
    tail = StderrTail()
    lock = anyio.Lock()

    async def send_client(msg: Message) -> None:
        """One message to the client, as one line (writes never interleave)."""
        async with lock:
            await write_client(json.dumps(msg, ensure_ascii=False).encode() + b"\n")

    tag = new_tag()  # the server and everything it starts, in its process group or not (see proctrack)
    try:
        process = await anyio.open_process(
            command, env={**(os.environ if env is None else env), TAG: tag}, start_new_session=True
        )
    except OSError as err:
        raise OSError(f"cannot start the MCP server {command!r}: {err}") from err
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None
    stdin, stdout, stderr = process.stdin, process.stdout, process.stderr
    exited = anyio.Event()
    stdout_done = anyio.Event()
    stderr_done = anyio.Event()
    answered: list[bool] = []

    def left_behind() -> list[int]:
        """The live processes the server started: in its process group, or carrying its tag."""
        return sorted(set(tagged(tag)).union(group_members(process.pid)))

    async def pump_stderr() -> None:
        """The server's stderr, line by line, into the log and the tail kept for error messages."""
        async for chunk in TextReceiveStream(stderr):
            for line in chunk.splitlines():
                tail.add(line)
                log(f"[server] {line}")
        stderr_done.set()

    async def pump_server() -> None:
        """The server's stdout to the client, a JSON-RPC message a line (answers through the fault plan; a line
        that is not JSON passes as it is), until the stream ends."""
        buf = b""
        async for chunk in stdout:
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                if not line.strip():
                    continue
                try:
                    msg = json_loads(line)
                except ValueError:
                    await _raw(write_client, lock, line)
                    continue
                answered.append(True)
                await send_client(faults.from_server(msg) if isinstance(msg, dict) else msg)
        stdout_done.set()

    async def drained(grace: float) -> bool:
        """Whether the server's stdout and stderr both reached their end within ``grace`` seconds."""
        with anyio.move_on_after(grace):
            await stdout_done.wait()
            await stderr_done.wait()
        return stdout_done.is_set() and stderr_done.is_set()

    async def reap() -> None:
        """Once the server is gone, its output is read for a bounded time only: processes it started that
        still hold its stdout or stderr are stopped, and the log says so."""
        await process.wait()
        done = await drained(PIPE_DRAIN_S)
        left = left_behind()
        if left or not done:
            named = ", ".join(f"pid {pid} `{command_line(pid)}`" for pid in left) or "none found"
            holding = "" if done else ", still holding its output"
            log(
                f"the MCP server exited (code {process.returncode}) and left {len(left)} process(es) running"
                f"{holding}; stopping them (SIGTERM, then SIGKILL after {STOP_GRACE_S:g} s): {named}"
            )
            await stop_processes(left_behind, STOP_GRACE_S)
            await drained(PIPE_DRAIN_S)  # a holder nothing could find: its output is not waited for
        for err in faults.server_gone(tail.text, process.returncode):
            await send_client(err)
        exited.set()

    def kill_now(msg: Message) -> bool:
        """Count the client's tool calls (faulted or not); kill the server at the one after
        ``kill_after_calls`` of them."""
        if msg.get("method") != "tools/call" or "id" not in msg:
            return False
        faults.tool_calls += 1
        limit = faults.kill_after_calls
        if limit is None or faults.killed_after is not None or faults.tool_calls <= limit:
            return False
        faults.killed_after = faults.tool_calls - 1
        log(f"killing the MCP server after {faults.killed_after} tool call(s) (kill_after_calls)")
        process.kill()
        return True

    async def handle(msg: Message) -> None:
        """One client message through the fault plan: answered by the proxy, or sent on to the server (answered
        with the server's exit when it is gone or was killed for ``kill_after_calls``)."""
        killed = kill_now(msg)
        to_server, to_client, delay = faults.from_client(msg)
        if delay:
            await anyio.sleep(delay)
        if to_client is not None:
            await send_client(to_client)
        elif to_server is not None:
            if killed:
                return  # the call stays pending: the server's death answers it
            if exited.is_set():
                if "id" in msg:
                    faults.server_gone(tail.text, process.returncode)
                    await send_client(gone_error(msg["id"], tail.text, process.returncode))
                return
            try:
                await stdin.send(json.dumps(to_server, ensure_ascii=False).encode() + b"\n")
            except (anyio.BrokenResourceError, anyio.ClosedResourceError):
                if "id" in msg:
                    await send_client(gone_error(msg["id"], tail.text, process.returncode))

    async def pump_client(tg: Any) -> None:
        """The client's messages, each handled in its own task; what is not a JSON-RPC message object is answered
        with a JSON-RPC error. The server's stdin is closed when the client's input ends."""
        while True:
            line = await read_client()
            if not line:
                break
            try:
                msg = json_loads(line)
            except ValueError:  # JSON-RPC 2.0: a parse error is answered, with id null
                log(f"not JSON from the client, answered -32700: {line[:200]!r}")
                await send_client(_rpc_error(None, PARSE_ERROR, "Parse error: the message is not JSON"))
                continue
            if isinstance(msg, dict):
                tg.start_soon(handle, msg)
            else:  # a batch (MCP has none since 2025-06-18), a string, a number: not a request
                log(f"not a JSON-RPC message object from the client, answered -32600: {line[:200]!r}")
                what = "a batch (an array)" if isinstance(msg, list) else f"a JSON {type(msg).__name__}"
                await send_client(_rpc_error(None, INVALID_REQUEST, f"Invalid Request: {what}, not a message object"))
        await stdin.aclose()

    async with anyio.create_task_group() as tg:
        tg.start_soon(pump_stderr)
        tg.start_soon(pump_server)
        tg.start_soon(reap)
        tg.start_soon(pump_client, tg)
        await exited.wait()
        tg.cancel_scope.cancel()
    if process.returncode and not answered:
        raise ServerFailed(command, process.returncode, tail.text)
    return process.returncode or 0


async def _raw(write: Callable[[bytes], Any], lock: Any, line: bytes) -> None:
    async with lock:
        await write(line + b"\n")


class ServerFailed(Exception):
    """The MCP server exited during startup."""

    def __init__(self, command: list[str], code: int | None, tail: str) -> None:
        super().__init__(f"the MCP server {' '.join(command)!r} exited with code {code} at startup")
        self.command = command
        self.code = code
        self.tail = tail
