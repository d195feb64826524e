"""Upstream flakestorm's flagship ``examples/v2_research_agent/flakestorm.yaml``, unchanged, against an HTTP
agent that is already running (no ``agent.command``), with ``chaos:`` tool and LLM faults.

Started as upstream's README says (no proxy environment), every phase that can run runs, the chaos phase
and the contract scenario with tool faults are *not run* with the reason and the one line that starts the
agent behind windtunnel's proxies, and the verdict does not pass. With ``proxy_env: honoured`` (the agent
started with ``HTTP_PROXY`` at ``agent.proxy_port``) the faults reach the agent's own tool calls through
windtunnel's forward proxy; tests/upstream/test_proxy_env.py shows the same with no line added.

The file is the upstream one byte for byte (see fixtures/v2_research_agent/NOTICE.md); only the agent's
port is substituted, since the stub agent listens on a free port.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.clirun import wt
from tests.conftest import RecordingServer, json_reply
from tests.ports import free_port, free_ports

HERE = Path(__file__).resolve().parent
FIXTURE = HERE / "fixtures" / "v2_research_agent"
AGENT_SCRIPT = HERE / "research_stub_agent.py"
ADD_LINE = "env $(windtunnel proxy env -c "
"""The start of the line every not-run reason gives: start the agent behind the proxies, change no config."""


@dataclass
class Setup:
    dir: Path
    config: Path
    tools: RecordingServer
    agent_port: int
    proxy_port: int
    llm_proxy_port: int


def start_agent(port: int, env: dict[str, str], script: Path = AGENT_SCRIPT) -> subprocess.Popen[bytes]:
    """The stub agent (``script``) as a process of its own, as a user's agent already running would be."""
    full = {k: v for k, v in os.environ.items() if k.lower() not in ("http_proxy", "https_proxy", "no_proxy")}
    full.update(env)
    proc = subprocess.Popen([sys.executable, str(script), str(port)], env=full)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/", timeout=1.0, trust_env=False)
            return proc
        except httpx.HTTPError:
            if proc.poll() is not None:
                raise RuntimeError(f"the stub agent exited with {proc.returncode}") from None
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the stub agent did not start")


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def copy_upstream(tmp_path: Path, agent_port: int, extra_agent_lines: str = "") -> Path:
    """The upstream example copied unchanged but for the agent's port (and the lines a test adds)."""
    target = tmp_path / "v2_research_agent"
    shutil.copytree(FIXTURE, target, ignore=shutil.ignore_patterns("NOTICE.md"))
    config = target / "flakestorm.yaml"
    text = config.read_text(encoding="utf-8")
    assert text.count("localhost:8790") == 2  # the upstream file as the fixture keeps it
    text = text.replace("localhost:8790", f"127.0.0.1:{agent_port}")
    if extra_agent_lines:
        anchor = f'  reset_endpoint: "http://127.0.0.1:{agent_port}/reset"\n'
        assert anchor in text
        text = text.replace(anchor, anchor + extra_agent_lines)
    config.write_text(text, encoding="utf-8")
    return config


@pytest.fixture
def tools() -> Iterator[RecordingServer]:
    with RecordingServer(lambda m, p, h, b: json_reply({"title": "Encyclopaedia"})) as server:
        yield server


@pytest.fixture
def unchanged(tmp_path: Path, tools: RecordingServer) -> Iterator[Setup]:
    """The agent started as upstream's README says: no proxy environment."""
    port = free_port()
    proc = start_agent(port, {"TOOLS_URL": tools.url})
    try:
        yield Setup(tmp_path, copy_upstream(tmp_path, port), tools, port, 0, 0)
    finally:
        stop(proc)


@pytest.fixture
def honoured(tmp_path: Path, tools: RecordingServer) -> Iterator[Setup]:
    """The agent started with HTTP_PROXY at windtunnel's fixed proxy port, and the config saying so."""
    port, proxy, llm = free_ports(3)
    # 20 lookups per question: the chaos phase's 503 at probability 0.3 fires in all but ~1e-6 of runs
    env = {"TOOLS_URL": tools.url, "SOURCES": "20", "HTTP_PROXY": f"http://127.0.0.1:{proxy}", "NO_PROXY": ""}
    proc = start_agent(port, env)
    lines = f"  proxy_env: honoured\n  proxy_port: {proxy}\n  llm_proxy_port: {llm}\n"
    try:
        yield Setup(tmp_path, copy_upstream(tmp_path, port, lines), tools, port, proxy, llm)
    finally:
        stop(proc)


def read(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text(encoding="utf-8")))


def test_the_fixture_is_the_upstream_file() -> None:
    text = (FIXTURE / "flakestorm.yaml").read_text(encoding="utf-8")
    assert "command:" not in text and "proxy_env" not in text
    assert "tool_faults:" in text and "llm_faults:" in text and 'name: "api-outage"' in text


def test_validate_says_the_chaos_phase_will_not_run_and_the_line_to_add(
    unchanged: Setup, capsys: pytest.CaptureFixture[str]
) -> None:
    code = wt("validate", "-c", str(unchanged.config))
    err = capsys.readouterr().err
    assert code == 0, err
    # one warning for the phase and the scenario: the same cause, the same line to start the agent (QA-13)
    assert "ci's chaos phase (line " in err and "contract scenario 'api-outage' (line " in err
    assert ") run only if" in err and err.count(ADD_LINE) == 1
    assert ADD_LINE in err and "HTTP_PROXY=http://127.0.0.1:8899" in err


@pytest.mark.slow
def test_ci_runs_every_other_phase_and_does_not_pass(unchanged: Setup, capsys: pytest.CaptureFixture[str]) -> None:
    out = unchanged.dir / "reports"
    code = wt("ci", "-c", str(unchanged.config), "--seed", "3", "-o", str(out), "-q")
    text = capsys.readouterr()
    assert code == 1, text.err
    summary = read(out / "summary.json")["summary"]
    phases = summary["phases"]
    assert phases["chaos"]["status"] == "not run" and phases["chaos"]["blocking"] is True
    assert ADD_LINE in phases["chaos"]["reason"]
    assert phases["chaos"]["reason"] in summary["reasons"]
    assert [phases[p]["status"] for p in ("mutation", "contract", "replay")] == ["run"] * 3
    assert phases["mutation"]["passed"] is True and phases["replay"]["passed"] is True
    assert summary["passed"] is False
    contract = read(out / "contract.json")
    cells = {(c["scenario"], c["invariant"]): c["status"] for c in contract["summary"]["matrix"]}
    assert cells[("no-chaos", "always-cite-source")] == "pass"
    assert cells[("api-outage", "always-cite-source")] == "not run"
    assert any("scenario 'api-outage' is not run" in r and ADD_LINE in r for r in contract["summary"]["reasons"])
    assert len(unchanged.tools.requests) > 0  # the agent's own calls went straight to its tools


def test_run_chaos_refuses_with_the_line_to_add(unchanged: Setup, capsys: pytest.CaptureFixture[str]) -> None:
    code = wt("run", "-c", str(unchanged.config), "--chaos-only", "--seed", "3", "--no-store")
    err = capsys.readouterr().err
    assert code == 2
    assert "`run --chaos-only` is not run" in err and ADD_LINE in err and "no call passed through them" in err
    # at most the one check call was sent (its lookups for the first golden prompt): no chaos cell ran. (On a
    # loaded machine the check call can time out before the agent's lookup reaches the tools: then none.)
    asked = {r["path"].split("&", 1)[0] for r in unchanged.tools.requests}
    assert asked <= {"/search?q=What+is+the+capital+of+France%3F"}


def test_validate_notes_the_proxies_of_an_agent_that_honours_them(
    honoured: Setup, capsys: pytest.CaptureFixture[str]
) -> None:
    code = wt("validate", "-c", str(honoured.config))
    err = capsys.readouterr().err
    assert code == 0, err
    assert "warning" not in err
    assert "is behind windtunnel's proxies" in err and f"127.0.0.1:{honoured.proxy_port}" in err


@pytest.mark.slow
def test_honoured_faults_reach_the_running_agents_tool_calls(
    honoured: Setup, capsys: pytest.CaptureFixture[str]
) -> None:
    out = honoured.dir / "reports"
    code = wt("ci", "-c", str(honoured.config), "--seed", "3", "-o", str(out), "-q")
    text = capsys.readouterr()
    summary = read(out / "summary.json")["summary"]
    assert all(p["status"] == "run" for p in summary["phases"].values()), summary["phases"]
    # mutation: no faults, and the agent's calls still answered through the proxy windtunnel keeps up
    assert summary["phases"]["mutation"]["passed"] is True, text.err
    mutation = read(out / "mutation.json")
    assert all(c["calls"] and not c["faults"] for c in mutation["cells"])
    # chaos: the 503 with probability 0.3 fired on some of the agent's own tool calls
    chaos = read(out / "chaos.json")
    fired = [f for c in chaos["cells"] for f in c["faults"]]
    assert fired and all(f["mode"] == "error" and f["target"] == "http" for f in fired)
    seen = [c for cell in chaos["cells"] for c in cell["calls"] if c["target"] == "http"]
    assert len(fired) < len(seen)  # only some calls were faulted
    # contract: api-outage faults every tool call, and the agent (which cites only what it found) fails
    contract = read(out / "contract.json")
    outage = [c for c in contract["cells"] if c.get("scenario") == "api-outage"]
    assert outage and all(c["faults"] for c in outage)
    assert all("could not look that up" in str(c["output"]) for c in outage)
    assert summary["critical_failed"] is True and code == 1
    # replay: the upstream session records no call, so the agent's calls reach its live tools
    assert summary["phases"]["replay"]["passed"] is True


SCENARIOS = sorted((HERE / "fixtures" / "test_scenarios").glob("scenario_*/flakestorm.yaml"))


@pytest.mark.parametrize("config", SCENARIOS, ids=[p.parent.name for p in SCENARIOS])
def test_the_documented_upstream_scenarios_validate_unchanged_and_with_the_line(
    config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert len(SCENARIOS) == 4
    target = tmp_path / config.parent.name
    shutil.copytree(config.parent, target)
    monkeypatch.chdir(target)
    code = wt("validate", "-c", "flakestorm.yaml")
    err = capsys.readouterr().err
    assert code == 0, err
    assert "ci's chaos phase (line " in err and err.count(ADD_LINE) == 1  # the phase and one scenario, said once
    text = (target / "flakestorm.yaml").read_text(encoding="utf-8")
    (target / "flakestorm.yaml").write_text(text.replace("agent:\n", "agent:\n  proxy_env: honoured\n", 1))
    code = wt("validate", "-c", "flakestorm.yaml")
    err = capsys.readouterr().err
    assert code == 0, err
    assert "only if" not in err and "is behind windtunnel's proxies" in err


def test_honoured_agent_calls_are_recorded_and_ray_is_refused(
    honoured: Setup, capsys: pytest.CaptureFixture[str]
) -> None:
    session = honoured.dir / "s.json"
    code = wt(
        "replay", "record", "-c", str(honoured.config), "-i", "What is the capital of France?", "-o", str(session)
    )
    assert code == 0, capsys.readouterr().err
    calls = read(session)["calls"]
    assert calls and all(c["target"] == "http" and "/search" in c["name"] for c in calls)
    code = wt("run", "-c", str(honoured.config), "--executor", "ray", "--no-store", "--seed", "1")
    err = capsys.readouterr().err
    assert code == 2 and "cannot be spread over Ray actors" in err and "--executor local" in err
