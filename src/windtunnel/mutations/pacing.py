"""Transport mutations about timing: a real concurrent burst and a real slow client.

Both act on the wire, as :mod:`windtunnel.mutations.wire` does: the burst really sends its copies at once from one
released event, and the slow client really pauses between the pieces of its body (bounded by
:data:`~windtunnel.mutations.transport.MAX_SLOW_CLIENT_S`). anyio is imported when a request is sent, so ``validate``
does not load it.

Why real timing rather than a simulated one: the failures these types look for live in the agent's server, not in
its model: a handler that shares state between concurrent requests answers one user with another's data, and a server
that reads bodies without a timeout ties up a worker for as long as a slow client likes. Only requests that really
overlap, and a body that really arrives late, can show either. A burst is released from one event so the copies leave
together rather than as fast as a loop can start them; the cell is judged on one designated copy (``judge_index``),
and the others' statuses are recorded beside it, so a burst is still one cell with one verdict.

The time a slow client may cost is bounded (:data:`~windtunnel.mutations.transport.MAX_SLOW_CLIENT_S` per body): these
types must show a server's weakness without making every run that includes them slow.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from windtunnel._util.optional import optional_import
from windtunnel.mutations.wire import _dumps, _json_object, _record, _replace_prompt, rebuild

if TYPE_CHECKING:
    import httpx

DECOYS = (
    "What are your opening hours on Sunday?",
    "Cancel my most recent order, please.",
    "What's the weather going to be like tomorrow?",
    "Change the email address on my account to new@example.com.",
    "How much does express shipping cost?",
    "Summarise my last three support tickets.",
    "Reset my password.",
    "Which plan includes priority support?",
)
"""Unrelated requests the cross-talk burst sends alongside the judged one."""


@dataclass(frozen=True)
class ConcurrentBurst:
    """``copies`` copies of the request sent at the same instant: identical copies (a race on the agent's state), or
    ``cross_talk``, where the others carry unrelated prompts and only copy ``judge_index`` is the golden one, so an
    answer that mixes in another request's data shows.
    """

    technique: str
    copies: int
    judge_index: int
    prompt: str
    decoys: tuple[str, ...] = ()

    def describe(self) -> str:
        """How many simultaneous copies, whether the others carry unrelated prompts, and which copy is judged."""
        what = "identical copies" if self.technique == "identical" else "copies, the others with unrelated prompts"
        return f"{self.technique}: {self.copies} simultaneous {what}; copy #{self.judge_index} is judged"

    def _requests(self, request: httpx.Request) -> tuple[list[httpx.Request], bool]:
        """The copies to send and whether any decoy prompt was swapped in (cross-talk degrades to identical copies when
        the prompt is not in a JSON body).
        """
        obj = _json_object(request.content)
        reqs: list[httpx.Request] = []
        swapped = False
        for i in range(self.copies):
            if self.technique == "cross_talk" and i != self.judge_index and obj is not None and self.decoys:
                new, n = _replace_prompt(obj, self.prompt, self.decoys[i % len(self.decoys)])
                if n:
                    swapped = True
                    reqs.append(rebuild(request, content=_dumps(new)))
                    continue
            reqs.append(rebuild(request, keep_length=True))
        return reqs, swapped

    async def send(self, client: httpx.AsyncClient, request: httpx.Request) -> httpx.Response:
        """Start every copy in its own task, release them together on one event, and return the judged copy's response
        with every copy's status and error recorded; the judged copy's own error is raised, the others' are only
        recorded.
        """
        await request.aread()  # a streamed request must be read before it can be rebuilt
        # anyio (and asyncio under it): only when the request is sent, not for `validate`, which loads this module
        anyio = optional_import("anyio", purpose="the concurrent-burst mutation")
        reqs, swapped = self._requests(request)
        results: list[Any] = [None] * self.copies
        go = anyio.Event()

        async def one(i: int) -> None:
            """Send copy ``i`` once the burst is released, keeping its response or its error."""
            await go.wait()
            try:
                results[i] = await client.send(reqs[i])
            except Exception as err:  # recorded per copy; the judged copy's error is re-raised below
                results[i] = err

        async with anyio.create_task_group() as tg:
            for i in range(self.copies):
                tg.start_soon(one, i)
            await anyio.sleep(0)
            go.set()
        judged = results[self.judge_index]
        if isinstance(judged, BaseException):
            raise judged
        statuses = [r.status_code if not isinstance(r, BaseException) else None for r in results]
        errors = [f"{type(r).__name__}: {r}" if isinstance(r, BaseException) else None for r in results]
        return _record(
            judged,
            "concurrent_request_pattern",
            technique="cross_talk" if swapped else "identical",
            copies=self.copies,
            judged=self.judge_index,
            statuses=statuses,
            errors=errors,
        )


@dataclass(frozen=True)
class SlowClient:
    """A client that sends its body slowly, as a slowloris client does: ``stall`` sends the headers and then the body
    after ``delay_s``; ``drip`` sends it in ``chunks`` pieces ``delay_s`` apart, ``Content-Length`` kept.
    """

    technique: str
    chunks: int
    delay_s: float
    """Pause between chunks (``drip``), or the single pause (``stall``); total time stays bounded."""

    def describe(self) -> str:
        """The technique, how many pieces and the pause between them (or the stall before the body), in seconds."""
        if self.technique == "stall":
            return f"stall: headers sent, then the body after {self.delay_s:.2f} s"
        return f"drip: body sent in {self.chunks} pieces, {self.delay_s:.2f} s apart (Content-Length kept)"

    async def _body(self, body: bytes, sent_at: list[float]) -> AsyncIterator[bytes]:
        """The body as an async stream of pieces with the pauses, recording when each piece went (seconds,
        monotonic).
        """
        # anyio: only when the request is sent, not for `validate`, which loads this module
        anyio = optional_import("anyio", purpose="the slow-client mutation")
        if self.technique == "stall":
            await anyio.sleep(self.delay_s)
            sent_at.append(time.monotonic())
            yield body
            return
        size = -(-len(body) // self.chunks) if body else 1
        for n, i in enumerate(range(0, len(body), size)):
            if n:
                await anyio.sleep(self.delay_s)
            sent_at.append(time.monotonic())
            yield body[i : i + size]

    async def send(self, client: httpx.AsyncClient, request: httpx.Request) -> httpx.Response:
        """Send the body slowly and record the pieces and their send times; a request without a body is sent as it is
        and recorded as ``none_empty_body``.
        """
        await request.aread()  # a streamed request must be read before it can be rebuilt
        body = request.content
        if not body:  # nothing to send slowly (e.g. a GET agent); say so rather than pretend
            response = await client.send(request)
            return _record(response, "timeout_manipulation", technique="none_empty_body", pieces=0, sent_offsets_s=[])
        sent_at: list[float] = []
        start = time.monotonic()
        length = [(b"Content-Length", str(len(body)).encode("ascii"))]
        req = rebuild(request, content=self._body(body, sent_at), add_headers=length)
        response = await client.send(req)
        offsets = [round(t - start, 4) for t in sent_at]
        return _record(
            response,
            "timeout_manipulation",
            technique=self.technique,
            pieces=len(sent_at),
            sent_offsets_s=offsets,
        )
