"""``on_call`` / ``after_calls`` / ``count`` count the calls of one cell at every seam and for every agent type.

An HTTP agent on the real openai SDK, launched by windtunnel, meets its LLM faults at the run's LLM proxy; a fault on
the first model call must hit the first call of *every* cell (QA-11 major 2: the proxies counted across the
scenario, so only the run's first cell was faulted), with cells in sequence or asked for concurrently.
"""

from __future__ import annotations

import json
import socket
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.stubs.llm_stub import LlmStub

import windtunnel
from windtunnel._util.errors import HarnessError
from windtunnel.agents.process import AgentProcess
from windtunnel.chaos import ChaosRuntime, ChaosSpec
from windtunnel.config.load import config_from_mapping, parse_config

pytestmark = pytest.mark.slow

AGENT_PY = Path(__file__).with_name("sdk_http_agent.py")


def _held_port() -> socket.socket:
    """A bound, not listening socket: its port cannot be handed to the proxies before the agent takes it."""
    hold = socket.socket()
    hold.bind(("127.0.0.1", 0))
    return hold


def _agent(port: int, upstream: str) -> dict[str, Any]:
    return {
        "type": "http",
        "endpoint": f"http://127.0.0.1:{port}/invoke",
        "health_endpoint": f"http://127.0.0.1:{port}/health",
        "command": [sys.executable, str(AGENT_PY), str(port)],
        "request_template": '{"prompt": "{prompt}"}',
        "env": {"OPENAI_BASE_URL": upstream},
    }


@pytest.mark.parametrize("concurrency", [1, 3])
def test_on_call_faults_the_first_model_call_of_every_cell_of_an_http_agent(
    concurrency: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("WINDTUNNEL_STORE", raising=False)
    hold = _held_port()
    port = int(hold.getsockname()[1])
    with hold, LlmStub() as stub:
        data = {
            "agent": _agent(port, stub.openai_url),
            "golden_prompts": ["first question", "second question", "third question"],
            "invariants": [{"type": "output_not_empty"}],
            "chaos": {"llm_faults": [{"mode": "empty", "on_call": 1}]},
            "advanced": {"concurrency": concurrency, "seed": 5},
        }
        cfg = config_from_mapping(data)
        hold.close()
        outcome = windtunnel.run(cfg, chaos_only=True, repeat=2, use_store=False)
    cells = outcome.report["cells"]
    assert len(cells) == 6
    for cell in cells:
        assert [f["mode"] for f in cell["faults"]] == ["empty"], cell["id"]
        (llm,) = [c for c in cell["calls"] if c["target"] == "llm"]  # its own call only, none of another cell's
        assert llm["faults"] == ["empty"] and cell["output"] == ""
    assert stub.count() == 6, "one model call per cell, each emptied on its way back"


@pytest.mark.anyio
async def test_a_second_cell_in_flight_at_the_proxies_is_refused_not_miscounted() -> None:
    hold = _held_port()
    port = int(hold.getsockname()[1])
    with hold, LlmStub() as stub:
        cfg = parse_config(
            f"agent: {json.dumps(_agent(port, stub.openai_url))}\n"
            "chaos:\n  llm_faults: [{mode: empty, on_call: 2}]\n",
            "windtunnel.yaml",
        )
        spec = ChaosSpec.resolve(cfg.chaos)
        async with ChaosRuntime(cfg.agent, [spec], seed=1) as rt:
            assert rt.serial_cells
            hold.close()
            async with AgentProcess(cfg.agent, extra_env=rt.agent_env()), httpx.AsyncClient(trust_env=False) as client:

                async def ask(prompt: str) -> str:
                    r = await client.post(cfg.agent.endpoint, json={"prompt": prompt}, timeout=30)
                    return str(r.json()["output"])

                outs = []
                for i in range(2):  # two cells, two model calls each: the second call of each is faulted
                    with rt.cell(spec, f"c{i}") as cc:
                        outs += [await ask(f"a{i}"), await ask(f"b{i}")]
                    assert [c["faults"] for c in cc.calls] == [[], ["empty"]]
                with rt.cell(spec, "one"), pytest.raises(HarnessError) as info, rt.cell(spec, "two"):
                    pass
    assert outs[0] and outs[1] == "" and outs[2] and outs[3] == ""
    assert "'one' is still running" in str(info.value) and "one after another" in (info.value.hint or "")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
