"""The fixed proxy ports of an agent that is already running (``agent.proxy_env: honoured``): a port clash
is found by ``validate`` where it can be (QA-5 F17), and a busy port names the config key to change (F14)."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml

from tests.clirun import wt
from tests.conftest import RecordingServer, json_reply
from tests.ports import free_port as _free_port
from windtunnel._util.errors import ExitCode


@contextmanager
def _busy() -> Iterator[int]:
    """A port something else listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        yield int(s.getsockname()[1])


def _config(tmp_path: Path, endpoint: str, proxy_port: int, llm_proxy_port: int, **extra: object) -> Path:
    agent = {
        "type": "http",
        "endpoint": endpoint,
        "request_template": '{"input": "{prompt}"}',
        "response_path": "result",
        "proxy_env": "honoured",
        "proxy_port": proxy_port,
        "llm_proxy_port": llm_proxy_port,
    }
    doc = {"agent": agent, "golden_prompts": ["hi"], "invariants": [{"type": "output_not_empty"}], **extra}
    path = tmp_path / "c.yaml"
    path.write_text(yaml.safe_dump(doc))
    return path


@pytest.mark.parametrize("key", ["proxy_port", "llm_proxy_port"])
@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
def test_validate_rejects_a_proxy_port_that_is_the_agents_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str, host: str
) -> None:
    ports = {"proxy_port": 18897, "llm_proxy_port": 18898, key: 18790}
    path = _config(tmp_path, f"http://{host}:18790/invoke", ports["proxy_port"], ports["llm_proxy_port"])
    assert wt("validate", "-c", str(path)) == ExitCode.USAGE
    err = capsys.readouterr().err
    assert f"agent.{key} is 18790, the agent's own port (agent.endpoint)" in err


@pytest.mark.parametrize(
    ("endpoint", "extra"),
    [
        ("http://example.invalid:18790/invoke", {}),  # another machine: the ports do not clash
        ("http://127.0.0.1:18791/invoke", {}),
        ("http://127.0.0.1:18790/invoke", {"proxy_env": None}),  # the proxies are not on fixed ports
    ],
)
def test_validate_accepts_ports_that_do_not_clash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], endpoint: str, extra: dict[str, object]
) -> None:
    path = _config(tmp_path, endpoint, 18790, 18798)
    if extra:
        doc = yaml.safe_load(path.read_text())
        doc["agent"].update(extra)
        path.write_text(yaml.safe_dump(doc))
    assert wt("validate", "-c", str(path)) == ExitCode.OK, capsys.readouterr().err


@pytest.mark.parametrize("busy_key", ["proxy_port", "llm_proxy_port"])
def test_a_busy_fixed_port_names_the_config_key_not_port_option(tmp_path: Path, busy_key: str) -> None:
    # the proxies' own error, for a port taken between the up-front probe and the phase that opens it
    import asyncio

    from windtunnel._util.errors import HarnessError
    from windtunnel.chaos import ChaosRuntime
    from windtunnel.config.load import load_config

    with _busy() as busy:
        ports = {"proxy_port": _free_port(), "llm_proxy_port": _free_port(), busy_key: busy}
        agent = load_config(_config(tmp_path, "http://127.0.0.1:9/invoke", **ports)).agent

        async def enter() -> None:
            async with ChaosRuntime(agent, seed=1):
                pass

        with pytest.raises(HarnessError) as caught:
            asyncio.run(enter())
    assert f"127.0.0.1:{busy}: port already in use" in caught.value.message
    var = "HTTP_PROXY" if busy_key == "proxy_port" else "OPENAI_BASE_URL"
    hint = caught.value.hint or ""
    assert f"set agent.{busy_key} to a free port in the config and restart the agent with the new {var}" in hint
    assert "--port" not in hint


@pytest.mark.parametrize("command", [("run", "--no-store"), ("ci", "--no-store")])
@pytest.mark.parametrize("busy_key", ["proxy_port", "llm_proxy_port"])
def test_a_busy_fixed_port_fails_before_the_plan_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: tuple[str, ...], busy_key: str
) -> None:
    extra = {"mutations": {"count": 1, "types": ["noise"]}, "chaos": {"tool_faults": [{"tool": "*", "mode": "error"}]}}
    with RecordingServer(lambda m, p, h, b: json_reply({"result": "ok"})) as agent, _busy() as busy:
        ports = {"proxy_port": _free_port(), "llm_proxy_port": _free_port(), busy_key: busy}
        path = _config(tmp_path, f"{agent.url}/invoke", ports["proxy_port"], ports["llm_proxy_port"], **extra)
        code = wt(*command, "-c", str(path), "-o", str(tmp_path / "out"))
    err = " ".join(capsys.readouterr().err.split())
    assert code == ExitCode.HARNESS, err
    assert f"127.0.0.1:{busy}: port already in use" in err and f"set agent.{busy_key} to a free port" in err
    assert "planned" not in err, "a plan line was printed before the failure"
    assert agent.requests == [], "the agent was called"


@pytest.mark.parametrize(
    "args",
    [
        ["proxy", "tools", "--profile", "api_outage", "--port", "99999"],
        ["proxy", "llm", "--upstream", "http://127.0.0.1:9/v1", "--port", "-5"],
        ["proxy", "mcp", "--upstream", "http://127.0.0.1:9/mcp", "--port", "70000"],
        ["replay", "run", "--tool-proxy-port", "70000"],
        ["replay", "run", "--llm-proxy-port", "-1"],
    ],
    ids=["tools", "llm", "mcp", "replay-tool", "replay-llm"],
)
def test_a_port_out_of_range_is_a_usage_error_not_a_traceback(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """QA-7 F7-16: `proxy tools --port 99999` died with bind()'s OverflowError traceback, exit 1."""
    assert wt(*args) == ExitCode.USAGE
    err = capsys.readouterr().err
    assert "Invalid value for '--" in err and ("65535" in err or "must be 0 or more" in err)
    assert "Traceback" not in err
