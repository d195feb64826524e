"""QA pass 16: an HTTP agent that accepts the connection and never answers is a hang, not a wrong host or port."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tests.clirun import wt
from tests.conftest import RecordingServer, json_reply


def test_a_hanging_http_agent_is_told_apart_from_an_unreachable_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    release = threading.Event()

    def hang(method: str, path: str, headers: dict[str, str], body: bytes) -> tuple[int, dict[str, str], bytes]:
        release.wait(30)
        return json_reply({"result": "late"})

    with RecordingServer(hang) as agent:
        config = tmp_path / "flakestorm.yaml"
        config.write_text(
            'version: "2.0"\n'
            "agent:\n"
            f'  endpoint: "{agent.url}/invoke"\n'
            '  type: "http"\n'
            "  timeout: 1000\n"
            'golden_prompts: ["What is the weather in Paris?"]\n',
            encoding="utf-8",
        )
        try:
            code = wt("run", "-c", str(config), "--no-mutations", "--no-store", "--seed", "1")
        finally:
            release.set()
    err = " ".join(capsys.readouterr().err.split())
    assert code == 3, err
    assert "accepted the connection but sent no answer within 1 s" in err, err
    assert "raise agent.timeout" in err and "check the host and port" not in err, err
