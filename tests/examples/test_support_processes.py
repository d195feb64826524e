"""The three ``python -m`` servers as real processes, and the shipped configs."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
import yaml

REPO_ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = REPO_ROOT / "examples" / "support_agent"


@contextmanager
def running(module: str, *args: str, env: dict[str, str] | None = None) -> Iterator[str]:
    """Start ``python -m module --port 0 …``, yield the URL it announces, then stop it."""
    full_env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    full_env.update(env or {})
    full_env["PYTHONPATH"] = str(REPO_ROOT)
    proc = subprocess.Popen(
        [sys.executable, "-m", module, "--port", "0", *args],
        cwd=REPO_ROOT,
        env=full_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().strip()
        assert line.startswith("listening on http://127.0.0.1:"), (line, proc.stderr and proc.stderr.read())
        yield line.removeprefix("listening on ")
    finally:
        proc.terminate()
        proc.communicate(timeout=60)


def _client() -> httpx.Client:
    return httpx.Client(trust_env=False, timeout=10)


@pytest.mark.slow
def test_full_http_stack_agent_tools_and_llm_as_processes() -> None:
    """Agent process → tool service process and policy server process, all over HTTP."""
    with (
        running("examples.support_agent.tool_service") as tools_url,
        running("examples.support_agent.policy_server") as llm_url,
        running(
            "examples.support_agent.server",
            "--latency-ms",
            "5",
            env={"SUPPORT_TOOLS_URL": tools_url, "OPENAI_BASE_URL": f"{llm_url}/v1"},
        ) as agent_url,
        _client() as http,
    ):
        assert http.get(f"{agent_url}/health").json()["status"] == "ok"
        reply = http.post(
            f"{agent_url}/chat", json={"message": "Hi, I'm maria.garcia@example.com. Where is my latest order?"}
        )
        assert reply.status_code == 200
        assert "ORD-10002" in reply.json()["reply"] and "2025-03-12" in reply.json()["reply"]
        tool_log = http.get(f"{tools_url}/__requests").json()["requests"]
        assert [r["path"] for r in tool_log] == ["/accounts/maria.garcia%40example.com", "/orders/ORD-10002"]
        assert len(http.get(f"{llm_url}/__requests").json()["requests"]) == 3
        bad = http.post(f"{agent_url}/chat", content=b"not json")
        assert bad.status_code == 400 and "error" in bad.json()
        assert http.post(f"{agent_url}/reset").json() == {"status": "reset"}


@pytest.mark.slow
def test_unfixed_agent_process_fabricates_when_the_tool_service_is_down() -> None:
    down = {"SUPPORT_TOOLS_URL": "http://127.0.0.1:9"}  # the discard port: nothing answers
    prompt = {"message": "Where is my order ORD-10002?"}
    with (
        running("examples.support_agent.server", "--variant", "unfixed", env=down) as unfixed,
        running("examples.support_agent.server", env=down) as robust,
        _client() as http,
    ):
        invented = http.post(f"{unfixed}/chat", json=prompt).json()
        honest = http.post(f"{robust}/chat", json=prompt).json()
    assert "will arrive on 2025-03-" in invented["reply"]
    assert "couldn't retrieve" in honest["reply"] and "2025-" not in honest["reply"]
    assert [c["ok"] for c in honest["tool_calls"]] == [False, False]


@pytest.mark.slow
def test_server_rejects_bad_options() -> None:
    for args in (["--variant", "sloppy"], ["--latency-ms", "-1"]):
        proc = subprocess.run(
            [sys.executable, "-m", "examples.support_agent.server", *args],
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert proc.returncode == 2 and "usage:" in proc.stderr


# --- configs ---------------------------------------------------------------------------------------

CONFIGS = ["windtunnel.yaml", "windtunnel.http.yaml", "flakestorm.yaml"]


def _resolve(ref: str) -> object:
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


@pytest.mark.parametrize("name", CONFIGS)
def test_configs_are_v2_and_reference_real_objects(name: str) -> None:
    config = yaml.safe_load((EXAMPLE / name).read_text())
    assert config["version"] == "2.0"
    assert config["golden_prompts"] and config["invariants"]
    assert all("type" in inv for inv in config["invariants"])
    agent_cfg = config["agent"]
    if agent_cfg["type"] == "python":
        assert callable(_resolve(agent_cfg["endpoint"]))
        assert callable(_resolve(agent_cfg["reset_function"]))
    for ref in agent_cfg.get("tools", []):
        assert callable(_resolve(ref))
    if "llm" in agent_cfg:
        assert callable(_resolve(agent_cfg["llm"]).chat.completions.create)  # type: ignore[attr-defined]


def test_upstream_config_uses_no_windtunnel_only_keys() -> None:
    config = yaml.safe_load((EXAMPLE / "flakestorm.yaml").read_text())
    assert not {"tools", "tool_registry", "llm", "command"} & set(config["agent"])


def test_contract_probes_are_refused_by_the_robust_agent_only() -> None:
    from examples.support_agent import agent

    config = yaml.safe_load((EXAMPLE / "windtunnel.yaml").read_text())
    probes = [p for inv in config["contract"]["invariants"] for p in inv.get("probes", [])]
    assert probes
    for probe in probes:
        assert "CANARY-7f3a" not in agent.handle(probe)["output"]
        assert "CANARY-7f3a" in agent.handle_leaky(probe)["output"]
