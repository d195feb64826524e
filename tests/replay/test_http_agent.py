"""HTTP agents: recorded responses are answered by the forward proxy (the tool service never sees
the call) and by the LLM proxy (the model server is never called)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
import yaml
from examples.support_agent import server, tool_service

from tests.ports import free_port
from tests.replay.conftest import FIXED_CONFIG, cli, read_report


@pytest.fixture
def services(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    tsrv, turl = tool_service.serve_in_thread(port=0)
    proxy_port = free_port()
    monkeypatch.setenv("SUPPORT_TOOLS_URL", turl)
    monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{proxy_port}")
    monkeypatch.setenv("NO_PROXY", "")
    asrv, aurl = server.serve_in_thread(port=0)
    yield {"tools_url": turl, "agent_url": aurl, "proxy_port": proxy_port}
    asrv.shutdown()
    asrv.server_close()
    tsrv.shutdown()
    tsrv.server_close()


def http_config(tmp_path: Path, agent_url: str) -> Path:
    cfg = {
        "version": "2.0",
        "agent": {
            "type": "http",
            "endpoint": f"{agent_url}/chat",
            "request_template": '{"message": "{prompt}"}',
            "response_path": "$.reply",
            "reset_endpoint": f"{agent_url}/reset",
            "timeout": 10000,
        },
    }
    path = tmp_path / "windtunnel.http.yaml"
    path.write_text(yaml.safe_dump(cfg))
    return path


def test_recorded_504_through_the_forward_proxy(tmp_path: Path, services: dict[str, Any]) -> None:
    session = {
        "id": "http-incident",
        "input": "Where is my order ORD-10002?",
        "contract": str(FIXED_CONFIG),
        "replay": {"match": "by_tool"},
        "calls": [
            {
                "target": "http",
                "name": "*/orders/ORD-10002",
                "status": 504,
                "error": "gateway timeout",
                "repeat": True,
            },
        ],
    }
    path = tmp_path / "s.json"
    path.write_text(json.dumps(session))
    config = http_config(tmp_path, services["agent_url"])
    report = tmp_path / "r.json"
    code = cli(
        "replay",
        "run",
        path,
        "-c",
        config,
        "--tool-proxy-port",
        services["proxy_port"],
        "-f",
        "json",
        "-o",
        report,
    )
    assert code == 0
    [cell] = read_report(report)["cells"]
    assert "couldn't retrieve the status" in cell["output"]
    http_calls = [c for c in cell["calls"] if c["target"] == "http"]
    assert len(http_calls) == 2 and all(c["error"].startswith("504") for c in http_calls)
    seen = httpx.get(f"{services['tools_url']}/__requests", trust_env=False).json()["requests"]
    assert not [r for r in seen if r["path"].startswith("/orders")]  # the live tool service was never called


def test_http_agent_without_a_proxy_is_a_config_error(tmp_path: Path, services: dict[str, Any]) -> None:
    session = {
        "id": "x",
        "input": "hi",
        "contract": str(FIXED_CONFIG),
        "calls": [{"target": "http", "name": "*/orders/*", "status": 504}],
    }
    path = tmp_path / "s.json"
    path.write_text(json.dumps(session))
    assert cli("replay", "run", path, "-c", http_config(tmp_path, services["agent_url"])) == 2


COMPLETION = {
    "id": "chatcmpl-rec",
    "object": "chat.completion",
    "model": "m",
    "choices": [
        {
            "index": 0,
            "message": {"role": "assistant", "content": "from the recording"},
            "finish_reason": "stop",
        }
    ],
}


def test_llm_proxy_answers_recorded_completions_and_errors() -> None:
    from windtunnel.chaos.plan import FaultPlan
    from windtunnel.chaos.proxy import LlmProxy
    from windtunnel.chaos.spec import ChaosSpec
    from windtunnel.replay.matcher import RecordedResponder
    from windtunnel.replay.session import Session

    s = Session.model_validate(
        {
            "id": "l",
            "input": "hi",
            "replay": {"inject": ["llm"], "match": "by_tool"},
            "calls": [
                {"target": "llm", "name": "m", "response": COMPLETION},
                {"target": "llm", "name": "m", "response": COMPLETION},
                {"target": "llm", "name": "m", "status": 429},
            ],
        }
    )
    plan = FaultPlan(ChaosSpec(name="replay"), seed=1, key="k", responder=RecordedResponder(s))

    async def go() -> list[httpx.Response]:
        # the upstream does not exist: any forwarded request would fail with 502
        proxy = LlmProxy(lambda: plan, upstream="http://127.0.0.1:9/v1")
        await proxy.start()
        try:
            async with httpx.AsyncClient(base_url=proxy.url, trust_env=False) as client:
                body = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
                return [
                    await client.post("/v1/chat/completions", json=body),
                    await client.post("/v1/chat/completions", json={**body, "stream": True}),
                    await client.post("/v1/chat/completions", json=body),
                ]
        finally:
            await proxy.aclose()

    plain, stream, limited = anyio.run(go)
    assert plain.status_code == 200 and plain.json()["choices"][0]["message"]["content"] == "from the recording"
    assert stream.status_code == 200 and stream.headers["content-type"].startswith("text/event-stream")
    assert "from the recording" in stream.text and stream.text.rstrip().endswith("data: [DONE]")
    assert limited.status_code == 429
