"""``agent.proxy_env``: the config fields, and LLM faults reaching a running agent's model calls."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
import yaml

from tests.clirun import wt
from tests.conftest import RecordingServer, json_reply
from tests.stubs.llm_stub import LlmStub
from tests.upstream.test_v2_research_agent import free_ports, start_agent, stop
from windtunnel._util.errors import ConfigError, ExitCode
from windtunnel.config.load import parse_config
from windtunnel.config.proxy_env import not_run_reason, proxied, unreachable
from windtunnel.replay.session import Session


def parse(text: str):  # type: ignore[no-untyped-def]
    return parse_config(textwrap.dedent(text), "cfg.yaml")


def test_honoured_gives_the_fixed_ports_and_american_spelling_is_accepted() -> None:
    cfg = parse("agent: {type: http, endpoint: 'http://h/x', proxy_env: honored}\n")
    assert cfg.agent.proxy_env == "honoured"
    assert cfg.agent.proxied_ports() == (8899, 8898) and proxied(cfg.agent)


def test_a_launched_agent_needs_no_proxy_env() -> None:
    cfg = parse("agent: {type: http, endpoint: 'http://h/x', proxy_env: honoured, command: [python, a.py]}\n")
    assert cfg.agent.proxied_ports() is None


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        pytest.param(
            "agent: {type: http, endpoint: 'http://h/x', proxy_env: honoured, proxy_port: 9000, "
            "llm_proxy_port: 9000}\n",
            "both 9000",
            id="same-ports",
        ),
        pytest.param("agent: {type: http, endpoint: 'http://h/x', proxy_env: yes}\n", "proxy_env", id="bad-value"),
        pytest.param("agent: {type: python, endpoint: 'm:f', proxy_env: honoured}\n", "proxy_env", id="python"),
        pytest.param("agent: {type: http, endpoint: 'http://h/x', proxy_port: 0}\n", "proxy_port", id="port-0"),
    ],
)
def test_bad_proxy_env_config_is_a_config_error(text: str, needle: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse(text)
    assert info.value.exit_code == ExitCode.USAGE and needle in str(info.value)


def test_ignored_names_agent_command_and_no_line_to_add() -> None:
    from windtunnel.chaos.spec import ChaosSpec

    cfg = parse(
        "agent: {type: http, endpoint: 'http://h/x', proxy_env: ignored}\n"
        "chaos: {tool_faults: [{tool: '*', mode: error}]}\n"
    )
    assert unreachable(cfg.agent, ChaosSpec.resolve(cfg.chaos))
    why = not_run_reason(cfg.agent, "the chaos phase")
    assert "set agent.command" in why and "proxy_env: honoured" not in why


def test_a_session_that_records_no_call_lets_calls_through_unless_it_says() -> None:
    assert Session.model_validate({"id": "s", "input": "hi", "tool_responses": []}).unmatched == "live"
    said = {"id": "s", "input": "hi", "replay": {"unmatched": "fail"}}
    assert Session.model_validate(said).unmatched == "fail"
    recorded = {"id": "s", "input": "hi", "tool_responses": [{"tool": "a", "response": "x"}]}
    assert Session.model_validate(recorded).unmatched == "fail"


def test_llm_faults_reach_a_running_agents_model_calls(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    port, proxy, llm = free_ports(3)
    with (
        RecordingServer(lambda m, p, h, b: json_reply({"title": "Encyclopaedia"})) as tools,
        LlmStub(text="Paris is the capital and largest city of France.") as model,
    ):
        env = {
            "TOOLS_URL": tools.url,
            "SOURCES": "1",
            "HTTP_PROXY": f"http://127.0.0.1:{proxy}",
            "NO_PROXY": "",
            "OPENAI_BASE_URL": f"http://127.0.0.1:{llm}/v1",
        }
        proc = start_agent(port, env)
        try:
            config = tmp_path / "flakestorm.yaml"
            config.write_text(
                yaml.safe_dump(
                    {
                        "version": "2.0",
                        "agent": {
                            "endpoint": f"http://127.0.0.1:{port}/invoke",
                            "type": "http",
                            "request_template": '{"input": "{prompt}"}',
                            "response_path": "result",
                            "proxy_env": "honoured",
                            "proxy_port": proxy,
                            "llm_proxy_port": llm,
                            "env": {"OPENAI_BASE_URL": model.openai_url},
                        },
                        "golden_prompts": ["What is the capital of France?"],
                        "invariants": [{"type": "output_not_empty"}],
                        "chaos": {"llm_faults": [{"mode": "truncated_response", "max_tokens": 2}]},
                    }
                )
            )
            report = tmp_path / "r.json"
            code = wt("run", "-c", str(config), "--chaos-only", "--seed", "1", "-f", "json", "-o", str(report))
            err = capsys.readouterr().err
        finally:
            stop(proc)
    assert code == 0, err
    cell = json.loads(report.read_text())["cells"][0]
    assert [f["mode"] for f in cell["faults"]] == ["truncated_response"]
    assert "capital and largest" not in cell["output"] and "Paris" in cell["output"]
    assert model.count() == 1  # the model answered; the proxy cut its answer short


def test_proxy_env_prints_the_environment_for_the_configs_fixed_ports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "flakestorm.yaml"
    config.write_text("agent: {type: http, endpoint: 'http://127.0.0.1:8790/invoke', proxy_port: 9101}\n")
    assert wt("proxy", "env", "-c", str(config)) == 0
    env = dict(line.split("=", 1) for line in capsys.readouterr().out.split())
    assert env["HTTP_PROXY"] == "http://127.0.0.1:9101" and env["OPENAI_BASE_URL"] == "http://127.0.0.1:8898/v1"
    assert env["OLLAMA_HOST"] == "http://127.0.0.1:8898" and env["NO_PROXY"] == "127.0.0.1:8898"
    config.write_text("agent: {type: python, endpoint: 'm:f'}\n")
    assert wt("proxy", "env", "-c", str(config)) == 2


def test_an_agent_started_with_proxy_env_gets_its_chaos_with_no_config_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The shape of every upstream V2 example: an HTTP agent the user runs, `chaos:` faults, no
    `proxy_env` line. Started with what `windtunnel proxy env` prints, its own tool and model calls are
    faulted; `run` finds that out with one check call."""
    port, proxy, llm = free_ports(3)
    config = tmp_path / "flakestorm.yaml"
    doc = {
        "version": "2.0",
        "agent": {
            "endpoint": f"http://127.0.0.1:{port}/invoke",
            "type": "http",
            "response_path": "result",
            "proxy_port": proxy,
            "llm_proxy_port": llm,
        },
        "golden_prompts": ["What is the capital of France?"],
        "invariants": [{"type": "output_not_empty"}],
        "chaos": {"tool_faults": [{"tool": "*", "mode": "error", "error_code": 503}]},
    }
    config.write_text(yaml.safe_dump(doc))
    assert wt("proxy", "env", "-c", str(config)) == 0
    printed = dict(line.split("=", 1) for line in capsys.readouterr().out.split())
    with RecordingServer(lambda m, p, h, b: json_reply({"title": "Encyclopaedia"})) as tools:
        proc = start_agent(port, {"TOOLS_URL": tools.url, "SOURCES": "1", **printed})
        try:
            report = tmp_path / "r.json"
            code = wt("run", "-c", str(config), "--chaos-only", "--seed", "1", "-f", "json", "-o", str(report))
            err = capsys.readouterr().err
        finally:
            stop(proc)
    assert "pass through windtunnel's proxies" in err, err
    cell = json.loads(report.read_text())["cells"][0]
    assert [f["mode"] for f in cell["faults"]] == ["error"]
    assert "could not look that up" in cell["output"] and code == 0
    assert len(tools.requests) == 1  # the check call's lookup; the chaos cell's lookup got the 503
