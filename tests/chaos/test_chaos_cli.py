"""``windtunnel profiles`` and the standalone ``windtunnel proxy tools|llm`` commands."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from chaos_servers import llm_upstream, tool_service
from tests.conftest import sigint_default
from tests.ports import free_port

from windtunnel.chaos import profile_names
from windtunnel.cli.app import main

WINDTUNNEL = [str(Path(sys.executable).with_name("windtunnel"))]


def run_main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(args)
    out, err = capsys.readouterr()
    return int(info.value.code or 0), out, err


def test_profiles_lists_every_profile_with_what_it_injects(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(["profiles"], capsys)
    assert code == 0
    for name in profile_names():
        assert name in out
    assert "malicious_response" in out and "indirect_injection(" in out and "response_drift" in out


def test_faults_lists_every_registered_mode_with_its_impact(capsys: pytest.CaptureFixture[str]) -> None:
    from windtunnel.chaos.base import IMPACTS, OUTCOMES, llm_faults, tool_faults

    code, out, _ = run_main(["faults", "--format", "json"], capsys)
    rows = json.loads(out)
    assert code == 0
    assert {(r["seam"], r["mode"]) for r in rows} == {("tool", m) for m in tool_faults} | {
        ("llm", m) for m in llm_faults
    }
    assert all(r["impact"] in IMPACTS and r["outcome"] in OUTCOMES and r["summary"] for r in rows)
    html = next(r for r in rows if r["mode"] == "html_error")
    assert (
        html["impact"] == 4
        and html["outcome"] == "failed"
        and html["not_on"]
        and html["not_on"][0].startswith("callable: ")
    )
    assert {p["name"] for p in html["params"]} == {"status", "server"}
    code, out, _ = run_main(["faults", "llm"], capsys)
    assert code == 0 and "tool_args_truncated" in out and "duplicate_chunk" in out and "wrong_data" not in out
    code, _, err = run_main(["faults", "model"], capsys)
    assert code == 2 and "no seam named 'model'" in err and "faults llm" in err


def test_unknown_scenario_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "windtunnel.yaml"
    cfg.write_text("agent: {type: http, endpoint: 'http://127.0.0.1:9/x'}\nchaos_matrix:\n  - {name: outage}\n")
    code, _, err = run_main(["proxy", "tools", "-c", str(cfg), "--scenario", "outgae"], capsys)
    assert code == 2 and "did you mean 'outage'" in err


def test_nothing_to_inject_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "windtunnel.yaml"
    cfg.write_text("agent: {type: http, endpoint: 'http://127.0.0.1:9/x'}\n")
    code, _, err = run_main(["proxy", "llm", "--upstream", "http://x/v1", "-c", str(cfg)], capsys)
    assert code == 2 and "nothing to inject" in err


def test_a_proxy_with_nothing_for_its_seam_is_a_usage_error_naming_the_other(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA-28: a tools proxy served a config of LLM faults only, faulting nothing, its banner listing them as its own."""
    cfg = tmp_path / "windtunnel.yaml"
    cfg.write_text("agent: {type: http, endpoint: 'http://127.0.0.1:9/x'}\nchaos: {llm_faults: [{mode: rate_limit}]}\n")
    code, _, err = run_main(["proxy", "tools", "-c", str(cfg)], capsys)
    assert code == 2 and "nothing for the tools proxy to inject" in err and "windtunnel proxy llm" in err


def wait_healthy(url: str, proc: subprocess.Popen[str]) -> None:
    for _ in range(200):
        if proc.poll() is not None:
            raise AssertionError(f"proxy exited: {proc.communicate()}")
        try:
            if httpx.get(url + "/__windtunnel/health", trust_env=False).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise AssertionError("proxy never became healthy")


def start(args: list[str]) -> subprocess.Popen[str]:
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.Popen(
        [*WINDTUNNEL, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=sigint_default,
    )


def stop(proc: subprocess.Popen[str]) -> tuple[str, str]:
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    return out, err


@pytest.mark.slow
def test_standalone_tool_proxy_faults_an_already_running_agents_calls(tmp_path: Path) -> None:
    with tool_service() as (rec, tools_url):
        cfg = tmp_path / "windtunnel.yaml"
        cfg.write_text(
            "agent: {type: http, endpoint: 'http://127.0.0.1:9/x'}\n"
            "chaos_matrix:\n"
            "  - name: outage\n"
            f"    tool_faults: [{{tool: lookup, match_url: '{tools_url}/lookup*', mode: error}}]\n"
        )
        port = free_port()
        proc = start(["proxy", "tools", "-c", str(cfg), "--scenario", "outage", "--port", str(port), "--seed", "1"])
        try:
            url = f"http://127.0.0.1:{port}"
            wait_healthy(url, proc)
            with httpx.Client(proxy=url, trust_env=False) as client:  # what HTTP_PROXY does for an agent
                faulted = client.get(f"{tools_url}/lookup", params={"order": "1"})
                fine = client.get(f"{tools_url}/weather")
        finally:
            out, err = stop(proc)
    assert faulted.status_code == 503 and faulted.json()["error"]["code"] == 503
    assert fine.status_code == 200 and fine.json()["forecast"] == "sunny"
    assert rec.paths() == ["/weather"]
    assert "HTTP_PROXY=" in out and "lookup GET" in out and "[error]" in out
    assert "1 fault(s) fired" in out, (out, err)


@pytest.mark.slow
def test_tool_proxy_warns_about_a_match_url_that_can_never_match(tmp_path: Path) -> None:
    with tool_service() as (rec, tools_url):
        hostport = tools_url.removeprefix("http://")
        cfg = tmp_path / "windtunnel.yaml"
        cfg.write_text(
            "agent: {type: http, endpoint: 'http://127.0.0.1:9/x'}\n"
            f"chaos:\n  tool_faults: [{{tool: orders, match_url: '{hostport}', mode: error}}]\n"
        )
        port = free_port()
        proc = start(["proxy", "tools", "-c", str(cfg), "--port", str(port), "--seed", "1"])
        try:
            url = f"http://127.0.0.1:{port}"
            wait_healthy(url, proc)
            with httpx.Client(proxy=url, trust_env=False) as client:
                fine = client.get(f"{tools_url}/weather")
        finally:
            out, err = stop(proc)
    assert fine.status_code == 200 and rec.paths() == ["/weather"]
    flat = " ".join(err.split())
    assert f"match_url '{hostport}' (tool 'orders') can never match" in flat, err
    assert f"did you mean 'http://{hostport}/*'?" in flat
    assert "no fault fired in 1 call(s)" in flat
    assert "orders GET" in out, out  # the configured tool's name, not the host and path


def test_suggested_pattern() -> None:
    from windtunnel.chaos.proxy.tools import suggested_pattern

    assert suggested_pattern("127.0.0.1:8000") == "http://127.0.0.1:8000/*"
    assert suggested_pattern("api.example.com/orders") == "http://api.example.com/orders*"
    assert suggested_pattern("http://127.0.0.1:8000/*") is None
    assert suggested_pattern("*/orders*") is None


@pytest.mark.slow
def test_standalone_llm_proxy(tmp_path: Path) -> None:
    with llm_upstream() as (up, upstream_url):
        cfg = tmp_path / "windtunnel.yaml"
        cfg.write_text(
            "agent: {type: http, endpoint: 'http://127.0.0.1:9/x'}\n"
            "chaos:\n  llm_faults: [{mode: rate_limit, after_calls: 1}]\n"
            "  tool_faults: [{tool: lookup, mode: malformed}]\n"  # the tools proxy's: not listed by this one
        )
        port = free_port()
        proc = start(["proxy", "llm", "--upstream", upstream_url, "-c", str(cfg), "--port", str(port)])
        try:
            wait_healthy(f"http://127.0.0.1:{port}", proc)
            body = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
            base = f"http://127.0.0.1:{port}/v1"
            first = httpx.post(f"{base}/chat/completions", json=body, trust_env=False)
            second = httpx.post(f"{base}/chat/completions", json=body, trust_env=False)
        finally:
            out, _ = stop(proc)
    assert first.status_code == 200 and second.status_code == 429
    assert len(up.requests) == 1
    assert f"OPENAI_BASE_URL={base}" in out
    injects = [line for line in out.splitlines() if line.strip().startswith("injects")]
    assert len(injects) == 1 and "rate_limit" in injects[0], out


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["tools", "llm"])
def test_proxy_port_in_use_exits_3(kind: str, tmp_path: Path) -> None:
    """Only the error: a proxy that never started prints no "0 call(s) seen" summary nor its warning."""
    cfg = tmp_path / "windtunnel.yaml"
    faults = "tool_faults: [{mode: error}]" if kind == "tools" else "llm_faults: [{mode: rate_limit}]"
    cfg.write_text(f"agent: {{type: http, endpoint: 'http://127.0.0.1:9/x'}}\nchaos:\n  {faults}\n")
    upstream = ["--upstream", "http://127.0.0.1:1/v1"] if kind == "llm" else []
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        res = subprocess.run(
            [*WINDTUNNEL, "proxy", kind, "-c", str(cfg), "--port", str(port), *upstream],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert res.returncode == 3
    assert f"127.0.0.1:{port}" in res.stderr and "already in use" in res.stderr
    assert "Traceback" not in res.stderr
    assert "call(s) seen" not in res.stdout and "no fault fired" not in res.stderr


@pytest.mark.slow
def test_standalone_llm_proxy_needs_only_the_chaos_part_logs_json_lines_and_stops_on_sigterm(tmp_path: Path) -> None:
    from tests.stubs.llm_stub import LlmStub

    cfg = tmp_path / "chaos-only.yaml"
    cfg.write_text("chaos:\n  llm_faults: [{mode: rate_limit, after_calls: 1, retry_after: 2}]\n")
    log = tmp_path / "calls.jsonl"
    with LlmStub() as stub:
        port = free_port()
        proc = start(
            ["proxy", "llm", "--upstream", stub.openai_url, "-c", str(cfg), "--port", str(port), "--log", str(log)]
        )
        try:
            wait_healthy(f"http://127.0.0.1:{port}", proc)
            body = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
            base = f"http://127.0.0.1:{port}/v1"
            first = httpx.post(f"{base}/chat/completions", json=body, trust_env=False)
            second = httpx.post(f"{base}/chat/completions", json=body, trust_env=False)
            responses = httpx.post(f"{base}/responses", json={"model": "m", "input": "hi"}, trust_env=False)
        finally:
            proc.send_signal(signal.SIGTERM)
            out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert first.status_code == 200 and second.status_code == 429 and responses.status_code == 429
    assert second.headers["retry-after"] == "2" and second.json()["error"]["code"] == "rate_limit_exceeded"
    assert "stopped (SIGTERM)" in out and "3 call(s) seen, 2 fault(s) fired" in out
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(r["status"], r["faults"]) for r in lines] == [(200, []), (429, ["rate_limit"]), (429, ["rate_limit"])]
    assert lines[0]["request"]["model"] == "m" and lines[0]["bytes"] > 0 and lines[0]["latency_ms"] >= 0


@pytest.mark.slow
def test_standalone_proxy_with_a_profile_needs_no_config_and_warns_on_a_public_bind(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [
            *WINDTUNNEL,
            "proxy",
            "llm",
            "--upstream",
            "http://127.0.0.1:9/v1",
            "--profile",
            "degraded_llm",
            "--port",
            str(port),
            "--host",
            "0.0.0.0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "COLUMNS": "200"},
        preexec_fn=sigint_default,
    )
    try:
        wait_healthy(f"http://127.0.0.1:{port}", proc)
    finally:
        out, err = stop(proc)
    assert proc.returncode == 0, err
    assert "exposes the llm proxy" in err and "Authorization" in err
    assert "0 call(s) seen" in out
