"""QA pass 16: an agent started behind `windtunnel proxy env` reaches its model and tools in every command.

The agent runs on the real ``openai`` SDK (and ``httpx`` for its tool) against a local model stub and tool server;
the config is upstream V2, unchanged: an HTTP agent with a ``chaos:`` block, no ``proxy_env`` line. Started the way
the README says (``env $(windtunnel proxy env -c FILE) <command>``), its model calls go to windtunnel's LLM proxy.
Before the fix only the commands that ran that chaos served the proxies: a plain ``run``, ``ci``'s mutation phase,
``explore``, ``replay run`` and ``replay record`` left the agent with no model at all (every cell failed with
APIConnectionError, explore said "no seam", replay and record asked for a config change).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tests.clirun import wt
from tests.conftest import RecordingServer, json_reply
from tests.stubs.llm_stub import LlmStub
from tests.upstream.test_v2_research_agent import free_ports, start_agent, stop

AGENT = Path(__file__).parent / "sdk_weather_agent.py"


def _config(tmp_path: Path, port: int, proxy: int, llm: int) -> Path:
    config = tmp_path / "flakestorm.yaml"
    doc = {
        "version": "2.0",
        "agent": {
            "endpoint": f"http://127.0.0.1:{port}/invoke",
            "type": "http",
            "request_template": '{"question": "{prompt}"}',
            "response_path": "$.result.answer",
            "proxy_port": proxy,
            "llm_proxy_port": llm,
        },
        "golden_prompts": ["What is the weather in Paris?"],
        "invariants": [{"type": "contains", "value": "Forecast"}],
        "chaos": {"tool_faults": [{"tool": "*", "mode": "error", "error_code": 503}]},
        "contract": {
            "name": "weather",
            "invariants": [{"id": "forecast", "type": "contains", "value": "Forecast", "severity": "critical"}],
            "chaos_matrix": [{"name": "healthy"}],
        },
    }
    config.write_text(yaml.safe_dump(doc))
    return config


def test_an_agent_behind_proxy_env_gets_its_model_and_tools_in_run_explore_and_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    port, proxy, llm = free_ports(3)
    config = _config(tmp_path, port, proxy, llm)
    assert wt("proxy", "env", "-c", str(config)) == 0
    printed = dict(line.split("=", 1) for line in capsys.readouterr().out.split())
    with (
        RecordingServer(lambda m, p, h, b: json_reply({"city": "Paris", "sky": "sunny"})) as tools,
        LlmStub(text="Mild and dry.") as model,
    ):
        monkeypatch.setenv("OPENAI_BASE_URL", model.openai_url)  # where windtunnel's LLM proxy sends model calls
        proc = start_agent(port, {"TOOLS_URL": tools.url, **printed}, script=AGENT)
        try:
            report = tmp_path / "run.json"
            code = wt("run", "-c", str(config), "--no-mutations", "--seed", "1", "-o", str(report))
            run_err = capsys.readouterr().err
            explored = tmp_path / "explore.json"
            explore_code = wt(
                "explore", "-c", str(config), "--budget", "3", "--no-mutations", "--shrink-budget", "0",
                "--reruns", "1", "--no-save", "--no-store", "--seed", "1", "-o", str(explored),
            )  # fmt: skip
            explore_err = capsys.readouterr().err
            session = tmp_path / "incident.yaml"
            session.write_text(
                yaml.safe_dump(
                    {
                        "id": "lookup-down",
                        "input": "What is the weather in Paris?",
                        "tool_responses": [{"tool": "127.0.0.1/weather", "response": None, "status": 503}],
                        "contract": "weather",
                    }
                )
            )
            replay_report = tmp_path / "replay.json"
            replay_code = wt("replay", "run", str(session), "-c", str(config), "-o", str(replay_report))
            replay_err = capsys.readouterr().err
            recorded = tmp_path / "recorded.yaml"
            record_code = wt("replay", "record", "-c", str(config), "--input", "Weather in Paris?", "-o", str(recorded))
            record_err = capsys.readouterr().err
        finally:
            stop(proc)
    # run: no chaos asked for, yet the proxies relay the agent's own calls (no fault), so it answers as it should
    assert code == 0, run_err
    assert "pass through windtunnel's proxies" in run_err
    cell = json.loads(report.read_text())["cells"][0]
    assert cell["output"].startswith("Forecast:") and "Mild and dry." in cell["output"], cell["output"]
    assert {c["target"] for c in cell["calls"]} == {"llm", "http"} and not cell["faults"]
    # explore: the baseline's calls went through the proxies, so it searches them instead of refusing with exit 2
    assert explore_code in (0, 1), explore_err
    seams = json.loads(explored.read_text())["explore"]["seams"]
    assert "llm" in seams and any(s.startswith("tool:") for s in seams), seams
    # replay: the recorded 503 is injected through the forward proxy, and the agent met it
    assert replay_code == 1, replay_err
    cells = json.loads(replay_report.read_text())["cells"]
    assert cells[0]["output"] == "lookup failed (503)", cells[0]
    # record: the agent's calls are recorded through the proxies, not refused as unreachable
    assert record_code == 0, record_err
    calls = yaml.safe_load(recorded.read_text())["calls"]
    assert [c["target"] for c in calls] == ["llm", "http"], calls
    assert model.count() >= 4  # the model answered the run, the explore baseline, the replay and the recording


def test_the_ci_mutation_phase_of_an_agent_behind_proxy_env_reaches_its_model(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    port, proxy, llm = free_ports(3)
    config = _config(tmp_path, port, proxy, llm)
    doc = yaml.safe_load(config.read_text())
    doc["mutations"] = {"count": 1, "types": ["noise"]}
    config.write_text(yaml.safe_dump(doc))
    assert wt("proxy", "env", "-c", str(config)) == 0
    printed = dict(line.split("=", 1) for line in capsys.readouterr().out.split())
    with (
        RecordingServer(lambda m, p, h, b: json_reply({"city": "Paris", "sky": "sunny"})) as tools,
        LlmStub(text="Mild and dry.") as model,
    ):
        monkeypatch.setenv("OPENAI_BASE_URL", model.openai_url)
        proc = start_agent(port, {"TOOLS_URL": tools.url, **printed}, script=AGENT)
        try:
            out = tmp_path / "ci"
            code = wt("ci", "-c", str(config), "--seed", "1", "-o", str(out))
            err = capsys.readouterr().err
        finally:
            stop(proc)
    assert code == 1, err  # the chaos phase fails: the 503 reaches the agent, which does not cope
    summary = json.loads((out / "summary.json").read_text())
    assert summary["summary"]["phases"]["mutation"]["passed"], summary["summary"]["phases"]
    mutation_cells = json.loads((out / "mutation.json").read_text())["cells"]
    assert all("Mild and dry." in c["output"] for c in mutation_cells), [c["output"] for c in mutation_cells]
    chaos_cells = json.loads((out / "chaos.json").read_text())["cells"]
    assert [c["output"] for c in chaos_cells] == ["lookup failed (503)"]
    assert err.count("pass through windtunnel's proxies") == 1, err  # one check, said once


def test_a_run_of_an_agent_found_behind_the_proxies_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check marks the agent `proxy_env: honoured` in memory; the run's stored config hash took that in, so every
    `run --resume` / `ci --resume` of such a run was refused: "flakestorm.yaml changed since the run started
    (sections: agent)", exit 2."""
    port, proxy, llm = free_ports(3)
    config = _config(tmp_path, port, proxy, llm)
    assert wt("proxy", "env", "-c", str(config)) == 0
    printed = dict(line.split("=", 1) for line in capsys.readouterr().out.split())
    store = tmp_path / "runs.db"
    with (
        RecordingServer(lambda m, p, h, b: json_reply({"city": "Paris", "sky": "sunny"})) as tools,
        LlmStub(text="Mild and dry.") as model,
    ):
        monkeypatch.setenv("OPENAI_BASE_URL", model.openai_url)
        proc = start_agent(port, {"TOOLS_URL": tools.url, **printed}, script=AGENT)
        try:
            report = tmp_path / "chaos.json"
            code = wt("run", "-c", str(config), "--chaos-only", "--seed", "1", "--store", str(store), "-o", str(report))
            first = capsys.readouterr().err
            run_id = json.loads(report.read_text())["run"]["id"]
            again = wt("run", "-c", str(config), "--store", str(store), "--resume", run_id)
            err = capsys.readouterr().err
        finally:
            stop(proc)
    assert code == 1, first  # the 503 reached the agent
    assert "changed since the run started" not in err and again == 1, err
