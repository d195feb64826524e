"""The optional LLM path against a local stub OpenAI-compatible server, including its failure modes."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from windtunnel._util.errors import ConfigError
from windtunnel.config.model import ModelConfig
from windtunnel.mutations import MutationContext, plan_mutations
from windtunnel.mutations.llm import LlmMutator, clean_output

GOLDEN = "Where is my order 5521?"
CTX = MutationContext(agent_type="http")


class StubLLM(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _StubHandler)
        self.mode = "ok"
        self.requests: list[dict[str, Any]] = []
        self.headers_seen: list[dict[str, str]] = []

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"


class _StubHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # head and body are two writes: no 40 ms delayed-ACK wait
    server: StubLLM

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.server.requests.append(body)
        self.server.headers_seen.append(dict(self.headers.items()))
        assert self.path == "/v1/chat/completions"
        mode = self.server.mode
        user = body["messages"][-1]["content"]
        status, payload = 200, b""
        if mode == "ok":
            kind = body["messages"][0]["content"].split("'")[1]
            content = f"```\n[{kind} #{body['seed'] % 1000}] {user.upper()}\n```"
            payload = json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]}).encode()
        elif mode == "500":
            status, payload = 500, b'{"error": "model crashed"}'
        elif mode == "junk":
            payload = b"<html>502 Bad Gateway</html>"
        elif mode == "empty_choices":
            payload = b'{"choices": []}'
        elif mode == "refusal":
            payload = json.dumps({"choices": [{"message": {"content": "I'm sorry, I can't help with that."}}]}).encode()
        elif mode == "unchanged":
            payload = json.dumps({"choices": [{"message": {"content": f'"{user}"'}}]}).encode()
        elif mode == "timeout":
            time.sleep(1.0)
            payload = b'{"choices": []}'
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        with contextlib.suppress(OSError):  # the client gave up (timeout mode)
            self.wfile.write(payload)


@pytest.fixture
def stub() -> Iterator[StubLLM]:
    server = StubLLM()
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def mutator(stub: StubLLM, cache: Path | None, **cfg: Any) -> LlmMutator:
    config = ModelConfig(provider="openai_compatible", name="stub-model", base_url=stub.base_url, **cfg)
    return LlmMutator(config, cache_dir=cache)


def test_llm_generates_with_temperature_zero_and_seed_then_caches(stub: StubLLM, tmp_path: Path) -> None:
    with mutator(stub, tmp_path) as llm:
        plan = plan_mutations(GOLDEN, ["paraphrase", "tone_shift"], 6, 42, CTX, llm=llm)
    assert len(plan) == 6 and all(p.source == "llm" for p in plan)
    assert all(p.input.endswith("WHERE IS MY ORDER 5521?") and "```" not in p.input for p in plan)
    assert {r["temperature"] for r in stub.requests} == {0.0}
    assert all(isinstance(r["seed"], int) and r["model"] == "stub-model" for r in stub.requests)
    assert len({r["seed"] for r in stub.requests}) == 6
    assert plan.llm is not None and plan.llm.generated == 6 and plan.llm.fell_back == 0
    assert len(list(tmp_path.rglob("*.json"))) == 6

    stub.mode = "500"  # a rerun must come from the cache alone
    with mutator(stub, tmp_path) as llm:
        again = plan_mutations(GOLDEN, ["paraphrase", "tone_shift"], 6, 42, CTX, llm=llm)
    assert [(p.input, p.args) for p in again] == [(p.input, p.args) for p in plan]
    assert again.llm is not None and again.llm.cached == 6 and len(stub.requests) == 6
    cached = json.loads(next(tmp_path.rglob("*.json")).read_text())
    assert set(cached) == {"model", "type", "prompt", "seed", "output"}


@pytest.mark.parametrize(
    ("mode", "reason", "disables"),
    [
        ("500", "http_500", True),
        ("junk", "bad_json", False),
        ("empty_choices", "no_choices", False),
        ("refusal", "refusal", False),
        ("unchanged", "unchanged", False),
    ],
)
def test_failures_fall_back_and_are_counted(stub: StubLLM, mode: str, reason: str, disables: bool) -> None:
    stub.mode = mode
    with mutator(stub, None) as llm:
        plan = plan_mutations(GOLDEN, ["paraphrase", "noise"], 8, 1, CTX, llm=llm)
    assert len(plan) == 8 and all(p.source == "deterministic" for p in plan)
    stats = plan.llm
    assert stats is not None and stats.requested == 8 and stats.fell_back == 8 and stats.generated == 0
    assert stats.failures[reason] == (3 if disables else 8)
    if disables:  # after three consecutive server errors the endpoint is not called again
        assert stats.failures["endpoint_disabled"] == 5 and len(stub.requests) == 3
        assert stats.disabled and "http_500" in stats.disabled
    notice = plan.notices[-1]
    assert "fell back to the deterministic generator for 8 of 8" in notice and reason in notice


def test_timeout_falls_back(stub: StubLLM) -> None:
    stub.mode = "timeout"
    with mutator(stub, None, timeout=200) as llm:
        plan = plan_mutations(GOLDEN, ["paraphrase"], 4, 1, CTX, llm=llm)
    assert len(plan) == 4 and plan.llm is not None
    assert plan.llm.failures == {"timeout": 3, "endpoint_disabled": 1}


def test_endpoint_down_falls_back() -> None:
    import socket

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = ModelConfig(provider="ollama", base_url=f"http://127.0.0.1:{port}/v1", timeout=2000)
    with LlmMutator(config, cache_dir=None) as llm:
        plan = plan_mutations(GOLDEN, ["paraphrase", "noise"], 5, 1, CTX, llm=llm)
    assert len(plan) == 5 and plan.llm is not None
    assert plan.llm.failures == {"connect_error": 3, "endpoint_disabled": 2}


def test_exact_form_types_never_go_to_the_llm(stub: StubLLM) -> None:
    ctx = MutationContext(agent_type="http", accepts_messages=True, custom_templates=["X {prompt}"])
    types = ["encoding_attacks", "length_extremes", "custom", "multi_turn_attack", "payload_size_attack"]
    with mutator(stub, None) as llm:
        plan = plan_mutations(GOLDEN, types, 10, 1, ctx, llm=llm)
    assert not stub.requests and plan.llm is not None and plan.llm.requested == 0
    assert all(p.source == "deterministic" for p in plan)


def test_api_key_comes_from_the_environment(stub: StubLLM, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WT_TEST_LLM_KEY", raising=False)
    with pytest.raises(ConfigError, match="WT_TEST_LLM_KEY is not set"):
        mutator(stub, None, api_key="${WT_TEST_LLM_KEY}")
    monkeypatch.setenv("WT_TEST_LLM_KEY", "sk-test")
    with mutator(stub, None, api_key="${WT_TEST_LLM_KEY}") as llm:
        plan_mutations(GOLDEN, ["paraphrase"], 1, 1, CTX, llm=llm)
    assert stub.headers_seen[0]["Authorization"] == "Bearer sk-test"


def test_api_key_takes_the_env_default_form_and_rejects_an_empty_key(
    stub: StubLLM, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("WT_TEST_LLM_KEY", raising=False)
    with mutator(stub, None, api_key="${WT_TEST_LLM_KEY:-sk-default}") as llm:
        plan_mutations(GOLDEN, ["paraphrase"], 1, 1, CTX, llm=llm)
    assert stub.headers_seen[0]["Authorization"] == "Bearer sk-default"
    monkeypatch.setenv("WT_TEST_LLM_KEY", "")
    with pytest.raises(ConfigError, match="expands to an empty string"):
        mutator(stub, None, api_key="${WT_TEST_LLM_KEY}")


def test_ollama_default_endpoint() -> None:
    with LlmMutator(ModelConfig(), cache_dir=None) as llm:
        assert llm.base_url == "http://localhost:11434/v1"


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("```text\nHello there\n```", "Hello there"),
        ('"Hello there"', "Hello there"),
        ("Mutated prompt: Hello", "Hello"),
        ("  plain  ", "plain"),
    ],
)
def test_clean_output(raw: str, clean: str) -> None:
    assert clean_output(raw) == clean
