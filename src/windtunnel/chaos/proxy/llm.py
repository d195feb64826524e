"""The OpenAI-compatible LLM fault proxy.

Agents point their SDK's base URL at ``http://127.0.0.1:PORT/v1``. ``POST /v1/chat/completions`` is
forwarded to ``upstream`` (``{upstream}/chat/completions``) and faulted on schedule, SSE streams
included; every other path is passed through unchanged. ``timeout`` and ``rate_limit`` answer without
calling the upstream; the other modes corrupt the upstream's real answer.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from typing import Any

import httpx

from windtunnel._util.http1 import Request, chunk, response_head, write_response
from windtunnel.chaos.answered import completion_chunks
from windtunnel.chaos.base import LlmCall, LlmReply
from windtunnel.chaos.llm_payload import (
    completion_text,
    cut_stream,
    rebuild_stream,
    stream_text,
    with_completion_text,
)
from windtunnel.chaos.plan import FaultPlan, LlmDecision
from windtunnel.chaos.proxy.common import (
    HEALTH_PATH,
    PlanSource,
    ProxyServer,
    forward_headers,
    json_response,
    response_headers,
)


def parse_sse(data: bytes) -> list[Any]:
    """SSE events of a chat stream: each ``data:`` payload as a dict (JSON) or its raw string."""
    events: list[Any] = []
    for block in data.replace(b"\r\n", b"\n").split(b"\n\n"):
        lines = [ln[5:].lstrip() for ln in block.split(b"\n") if ln.startswith(b"data:")]
        if not lines:
            continue
        payload = b"\n".join(lines).decode("utf-8", "replace")
        try:
            events.append(json.loads(payload))
        except ValueError:
            events.append(payload)
    return events


def sse_event(event: Any) -> bytes:
    payload = event if isinstance(event, str) else json.dumps(event, ensure_ascii=False)
    return f"data: {payload}\n\n".encode()


def _error_body(reply: LlmReply) -> tuple[int, bytes]:
    if reply.timeout:
        return 504, json_response(
            {
                "error": {
                    "message": reply.message or "model call timed out",
                    "type": "timeout",
                    "code": "timeout",
                }
            }
        )
    kind = "rate_limit_exceeded" if reply.status == 429 else "server_error"
    return reply.status, json_response(
        {"error": {"message": reply.message or "error", "type": kind, "code": kind}}
    )


class LlmProxy(ProxyServer):
    """OpenAI-compatible proxy applying the current plan's LLM faults (``plan_source()`` per request)."""

    what = "LLM proxy"

    def __init__(
        self,
        plan_source: PlanSource,
        *,
        upstream: str,
        host: str = "127.0.0.1",
        port: int = 0,
        upstream_timeout: float = 600.0,
    ) -> None:
        super().__init__(host=host, port=port, upstream_timeout=upstream_timeout)
        self._plan_source = plan_source
        self.upstream = upstream.rstrip("/")

    def upstream_url(self, target: str) -> str:
        """``/v1/x`` → ``{upstream}/x``; other paths go to the upstream's origin unchanged."""
        if target.startswith("/v1/") or target == "/v1":
            return self.upstream + target[3:]
        u = httpx.URL(self.upstream)
        return f"{u.scheme}://{u.netloc.decode()}{target}"

    async def handle(self, req: Request, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        keep = req.keep_alive
        if req.target == HEALTH_PATH:
            await write_response(
                writer,
                200,
                [("Content-Type", "application/json")],
                json_response({"ok": True, "proxy": "llm", "upstream": self.upstream}),
                keep_alive=keep,
            )
            return keep
        path = req.target.split("?", 1)[0].rstrip("/")
        plan = self._plan_source()
        if req.method == "POST" and path.endswith("/chat/completions") and plan is not None:
            try:
                body = json.loads(req.body or b"{}")
            except ValueError:
                body = None
            if isinstance(body, dict):
                return await self._chat(plan, req, body, writer, keep)
        return await self._passthrough(req, writer, keep)

    async def _passthrough(
        self, req: Request, writer: asyncio.StreamWriter, keep: bool, on_done: Any = None
    ) -> bool:
        assert self.client is not None
        upstream = self.client.build_request(
            req.method, self.upstream_url(req.target), headers=forward_headers(req), content=req.body
        )
        try:
            resp = await self.client.send(upstream, stream=True)
        except httpx.HTTPError as err:
            await write_response(
                writer,
                502,
                [("Content-Type", "text/plain")],
                f"upstream error: {err}\n".encode(),
                keep_alive=keep,
            )
            if on_done:
                on_done(None, f"upstream error: {err!r}")
            return keep
        seen = bytearray()
        try:
            writer.write(
                response_head(resp.status_code, response_headers(resp), length=None, keep_alive=keep)
            )
            async for piece in resp.aiter_bytes():
                if on_done:
                    seen += piece
                writer.write(chunk(piece))
                await writer.drain()
            writer.write(b"0\r\n\r\n")
            await writer.drain()
        finally:
            await resp.aclose()
        if on_done:
            on_done(resp, bytes(seen))
        return keep

    async def _chat(
        self, plan: FaultPlan, req: Request, body: dict[str, Any], writer: asyncio.StreamWriter, keep: bool
    ) -> bool:
        canonical = json.dumps(body, sort_keys=True, ensure_ascii=False).encode()
        stream = bool(body.get("stream"))
        call = LlmCall(
            request=body,
            signature=hashlib.blake2b(canonical, digest_size=8).hexdigest(),
            stream=stream,
            name=str(body.get("model") or "model"),
        )
        dec = plan.decide_llm(call)
        name = str(body.get("model") or "model")
        args = {"model": body.get("model"), "messages": body.get("messages"), "stream": stream}
        started = time.perf_counter()
        if dec.delay_ms:
            await asyncio.sleep(dec.delay_ms / 1000)
        if dec.replacement is not None and _is_answer(dec.replacement):
            return await self._answered(plan, dec.replacement, writer, keep, name, args, dec.modes, started)
        if dec.replacement is not None:
            status, payload = _error_body(dec.replacement)
            headers = [("Content-Type", "application/json"), *dec.replacement.headers.items()]
            await write_response(writer, status, headers, payload, keep_alive=keep)
            plan.log_call(
                "llm",
                name,
                args,
                error=f"{status}: {dec.replacement.message}",
                faults=dec.modes,
                started=started,
            )
            return keep
        if not dec.corrupts:

            def done(resp: httpx.Response | None, data: bytes | str) -> None:
                if resp is None:
                    plan.log_call("llm", name, args, error=str(data), started=started)
                    return
                text = _answer_text(data if isinstance(data, bytes) else b"", stream)
                plan.log_call(
                    "llm",
                    name,
                    args,
                    response=text,
                    error=None if resp.status_code < 400 else str(resp.status_code),
                    started=started,
                    raw=_answer_json(data) if not stream and isinstance(data, bytes) else text,
                    status=resp.status_code,
                )

            return await self._passthrough(req, writer, keep, on_done=done)
        return await self._corrupted(plan, dec, req, writer, keep, name, args, started)

    async def _answered(
        self,
        plan: FaultPlan,
        reply: LlmReply,
        writer: asyncio.StreamWriter,
        keep: bool,
        name: str,
        args: dict[str, Any],
        modes: list[str],
        started: float,
    ) -> bool:
        """A responder's whole answer, as JSON or (when the request streams) as SSE."""
        body = reply.body if isinstance(reply.body, dict) else _text_completion(reply.body, name)
        if args.get("stream"):
            events = b"".join(sse_event(c) for c in completion_chunks(body)) + sse_event("[DONE]")
            headers = [("Content-Type", "text/event-stream"), *reply.headers.items()]
            await write_response(writer, 200, headers, events, keep_alive=keep)
        else:
            headers = [("Content-Type", "application/json"), *reply.headers.items()]
            await write_response(writer, reply.status, headers, json_response(body), keep_alive=keep)
        plan.log_call(
            "llm", name, args, response=completion_text(body)[0], faults=modes, started=started, raw=body,
            status=reply.status,
        )
        return keep

    async def _corrupted(
        self,
        plan: FaultPlan,
        dec: LlmDecision,
        req: Request,
        writer: asyncio.StreamWriter,
        keep: bool,
        name: str,
        args: dict[str, Any],
        started: float,
    ) -> bool:
        assert self.client is not None
        try:
            resp = await self.client.request(
                "POST", self.upstream_url(req.target), headers=forward_headers(req), content=req.body
            )
        except httpx.HTTPError as err:
            plan.log_call("llm", name, args, error=f"upstream error: {err!r}", started=started)
            await write_response(
                writer,
                502,
                [("Content-Type", "text/plain")],
                f"upstream error: {err}\n".encode(),
                keep_alive=keep,
            )
            return keep
        headers = response_headers(resp)
        if resp.status_code != 200:
            await write_response(writer, resp.status_code, headers, resp.content, keep_alive=keep)
            plan.log_call("llm", name, args, error=str(resp.status_code), started=started)
            return keep
        if dec.call.stream:
            events = parse_sse(resp.content)
            chunks = [e for e in events if isinstance(e, dict)]
            text, finish = stream_text(chunks)
            reply = dec.finish(LlmReply(text=text, finish_reason=finish))
            writer.write(response_head(200, headers, length=None, keep_alive=keep))
            if reply.cut_after is not None:
                for c in cut_stream(chunks, reply.cut_after):
                    writer.write(chunk(sse_event(c)))
                await writer.drain()
                writer.transport.abort()
                plan.log_call("llm", name, args, error="stream cut off", faults=dec.modes, started=started)
                return False
            out = (
                chunks
                if reply.text == text and reply.finish_reason == finish
                else rebuild_stream(chunks, reply)
            )
            payload = b"".join(sse_event(c) for c in out) + sse_event("[DONE]")
            writer.write(chunk(payload) + b"0\r\n\r\n")
            await writer.drain()
            plan.log_call("llm", name, args, response=reply.text, faults=dec.modes, started=started)
            return keep
        try:
            data = resp.json()
        except ValueError:
            await write_response(writer, resp.status_code, headers, resp.content, keep_alive=keep)
            return keep
        text, finish = completion_text(data)
        reply = dec.finish(LlmReply(text=text, finish_reason=finish))
        new = (
            data
            if reply.text == text and reply.finish_reason == finish
            else with_completion_text(data, reply)
        )
        payload = json_response(new)
        headers = [(k, v) for k, v in headers if k.lower() != "content-type"] + [
            ("Content-Type", "application/json")
        ]
        if reply.cut_after is not None:
            writer.write(response_head(200, headers, length=len(payload), keep_alive=keep))
            writer.write(payload[: int(len(payload) * reply.cut_after)])
            await writer.drain()
            writer.transport.abort()
            plan.log_call("llm", name, args, error="response cut off", faults=dec.modes, started=started)
            return False
        await write_response(writer, 200, headers, payload, keep_alive=keep)
        plan.log_call("llm", name, args, response=reply.text, faults=dec.modes, started=started)
        return keep


def _answer_json(data: bytes) -> Any:
    try:
        return json.loads(data)
    except ValueError:
        return data.decode("utf-8", "replace")


def _is_answer(reply: LlmReply) -> bool:
    return reply.status < 400 and not reply.timeout and reply.body is not None


def _text_completion(text: Any, model: str) -> dict[str, Any]:
    """A minimal chat completion carrying ``text`` (a recorded answer kept as text only)."""
    return {
        "id": "chatcmpl-replayed",
        "object": "chat.completion",
        "model": model,
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": str(text)}, "finish_reason": "stop"}
        ],
    }


def _answer_text(data: bytes, stream: bool) -> str | None:
    if stream:
        return stream_text([e for e in parse_sse(data) if isinstance(e, dict)])[0]
    try:
        return completion_text(json.loads(data))[0]
    except ValueError:
        return None
