"""Upstream flakestorm's CLI flags are accepted with their upstream meaning."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.clirun import wt
from tests.conftest import RecordingServer, json_reply


def config(tmp_path: Path, url: str) -> Path:
    path = tmp_path / "flakestorm.yaml"
    doc = {
        "version": "2.0",
        "agent": {"type": "http", "endpoint": url},
        "golden_prompts": ["hello"],
        "mutations": {"types": ["noise"], "count": 1},
        "invariants": [{"type": "output_not_empty"}],
    }
    path.write_text(yaml.safe_dump(doc))
    return path


def test_run_ci_is_accepted_and_the_exit_code_tells_the_verdict(tmp_path: Path) -> None:
    with RecordingServer(lambda m, p, h, b: json_reply({"output": ""})) as srv:
        code = wt("run", "-c", str(config(tmp_path, srv.url)), "--ci", "--min-score", "0.8", "--seed", "1", "-q")
    assert code == 1  # every answer is empty


def test_run_verify_only_checks_the_setup_and_sends_no_prompt(tmp_path: Path) -> None:
    with RecordingServer(lambda m, p, h, b: json_reply({"output": "hi"})) as srv:
        assert wt("run", "-c", str(config(tmp_path, srv.url)), "--verify-only") == 0
        assert all(r["method"] == "GET" for r in srv.requests)  # the reachability probe only
    assert wt("run", "-c", str(config(tmp_path, "http://127.0.0.1:9/x")), "--verify-only") == 3


def test_replay_run_from_langsmith_without_a_key_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("LANGSMITH_API_KEY", "LANGCHAIN_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    cfg = str(config(tmp_path, "http://127.0.0.1:9/x"))
    assert wt("replay", "run", "-c", cfg, "--from-langsmith", "run-1", "-o", str(tmp_path / "s")) == 2
    assert "LANGSMITH_API_KEY" in capsys.readouterr().err
    assert wt("replay", "run", "-c", cfg, "--from-langsmith-project", "prod") == 2
    assert "-o DIRECTORY" in capsys.readouterr().err
