"""QA pass 22 finding 6: a model answer cut by ``stream_cutoff`` was kept in a session as ``status: 500`` and replayed
as an HTTP 500, which the SDK retries (a stream then asked the recording for a call it never made). A recorded cut
(``cut: true``) now replays as the cut itself: the part of the answer sent before it, then the dropped connection.

Each test cuts a real SDK's call live, turns the cell's call log into recorded calls as ``replay export`` does, and
replays them on the same seam (in process, or through ``proxy llm``) with the stub's model out of reach: the agent
meets the same exception after the same text, with as many attempts, and the recording answers every one."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
import sdk_clients as sc
from seam_harness import STREAMS, faulted, spec_of
from tests.stubs.llm_stub import LlmStub
from threaded_proxies import llm_proxy

from windtunnel.chaos import ChaosRuntime, ChaosSpec
from windtunnel.chaos.plan import FaultPlan
from windtunnel.replay.calllog import recorded_calls
from windtunnel.replay.matcher import RecordedResponder
from windtunnel.replay.session import Session

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("_closed_clients")]

PATHS = ["inproc", pytest.param("proxy", marks=pytest.mark.slow)]


async def _replayed(kind: str, stream: bool, responder: RecordedResponder, path: str, **kw: Any) -> tuple[Any, Any]:
    """``(result or exception, cell)`` of one agent call answered by ``responder`` on ``path``, as ``replay run``
    answers it (no fault, the recording first)."""
    spec = ChaosSpec(name="replay")
    if path == "proxy":
        plan = FaultPlan(spec, seed=1, key="replay", responder=responder)
        model_client = sc.CLIENT
        with llm_proxy(plan, str(model_client.base_url).rstrip("/").removesuffix("/v1") + "/v1") as proxy:
            sc.CLIENT = model_client.with_options(base_url=proxy.url + ("" if "anthropic" in kind else "/v1"))
            try:
                out: Any = await sc.call(kind, stream, **kw)
            except Exception as err:
                out = err
            finally:
                sc.CREATED.append(sc.CLIENT)
                sc.CLIENT = model_client
        return out, SimpleNamespace(calls=plan.calls)
    agent, _ = spec_of(None)
    async with ChaosRuntime(agent, [], seed=1) as rt:
        with rt.cell(spec, "replay-1", responder=responder) as cc:
            try:
                out = await sc.call(kind, stream, **kw)
            except Exception as err:
                out = err
    return out, cc


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("stream", STREAMS)
@pytest.mark.parametrize("kind", sc.KINDS)
async def test_a_recorded_cut_replays_as_the_dropped_connection_the_agent_met(
    stub: LlmStub, path: str, kind: str, stream: bool
) -> None:
    sc.make(kind, stub, max_retries=1)
    live_text: list[str] = []
    live, cell = await faulted(
        kind, "{mode: stream_cutoff}", stream, path=path, on_chunk=lambda c: live_text.append(sc.chunk_text(kind, c))
    )
    assert isinstance(live, Exception) and "connection dropped" in cell.calls[-1]["error"], (live, cell.calls)
    calls, notes = recorded_calls([dict(c) for c in cell.calls])
    assert notes == [] and all(c.cut and c.status == 200 for c in calls), calls
    assert len(calls) == (1 if stream else 2), "a stream cut is not retried; a whole body's cut is, as any drop"
    if stream:
        assert calls[0].response == "".join(live_text) != "", "the text sent before the cut is kept"
    session = Session(id="cut", input="hi", calls=calls, replay={"inject": ["llm"]})  # type: ignore[arg-type]
    responder = RecordedResponder(session, latency_scale=0)
    asked = stub.count()
    replay_text: list[str] = []
    out, replay_cell = await _replayed(
        kind, stream, responder, path, on_chunk=lambda c: replay_text.append(sc.chunk_text(kind, c))
    )
    assert type(out) is type(live), (out, live)
    assert replay_text == live_text or "".join(replay_text) == "".join(live_text)
    assert responder.mismatches == [] and responder.unused() == [], responder.mismatches
    assert [c["error"] for c in replay_cell.calls] == [c["error"] for c in cell.calls]
    assert stub.count() == asked, "the replay never reached the model"
