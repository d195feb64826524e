"""QA pass 24 #14: `replay record` stopped by Ctrl-C exited 130 and printed nothing at all; `run` says what it kept
and where. A real process, a real SIGINT, sent once the agent call is in flight."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.replay.conftest import REPO

CONFIG = """version: "2.0"
agent:
  type: python
  endpoint: "tests.replay.hanging_agent:handle"
  tools: ["tests.replay.hanging_agent:get_weather"]
  timeout: 120000
golden_prompts: ["Weather in Rome?"]
"""


def interrupt_when_called(tmp_path: Path, *command: str) -> subprocess.CompletedProcess[str]:
    """``windtunnel COMMAND`` in a child process in ``tmp_path``, SIGINT once the hanging agent's tool call is in flight
    (it writes the file ``WT_TEST_CALLED`` names: a poll, no wall-clock assertion)."""
    called = tmp_path / "called"
    called.unlink(missing_ok=True)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "src"), str(REPO)]), "WT_TEST_CALLED": str(called)}
    args = [sys.executable, "-m", "windtunnel", *command]
    child = subprocess.Popen(args, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(1200):
            if called.exists() or child.poll() is not None:
                break
            time.sleep(0.1)
        assert called.exists(), child.communicate(timeout=5)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    return subprocess.CompletedProcess(args, child.returncode, out, err)


def record_and_interrupt(tmp_path: Path, output: Path) -> subprocess.CompletedProcess[str]:
    """``windtunnel replay record`` in a child process, SIGINT once the agent has made its tool call."""
    (tmp_path / "w.yaml").write_text(CONFIG, encoding="utf-8")
    return interrupt_when_called(tmp_path, "replay", "record", "-c", "w.yaml", "-i", "Weather?", "-o", str(output))


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_an_interrupted_record_says_nothing_was_written_and_where(tmp_path: Path) -> None:
    output = tmp_path / "rec.yaml"
    done = record_and_interrupt(tmp_path, output)
    assert done.returncode == 130, done
    said = " ".join(done.stderr.split())
    assert f"interrupted before the agent answered: nothing recorded; no file written at {output}" in said, said
    assert not output.exists()
    # a session already at --output is kept, and the message says so
    output.write_text("format: windtunnel.session/1\n", encoding="utf-8")
    done = record_and_interrupt(tmp_path, output)
    assert done.returncode == 130, done
    assert f"nothing recorded; {output} is left as it was" in " ".join(done.stderr.split()), done.stderr
    assert output.read_text(encoding="utf-8") == "format: windtunnel.session/1\n"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_an_interrupted_replay_run_says_so_on_its_verdict_line(tmp_path: Path) -> None:
    """QA-28 low 13: an interrupted `replay run` printed "FAIL  replay score 100.0/100  sessions 2: 2 passed" on
    stdout, with neither "interrupted" nor the sessions it never reached."""
    (tmp_path / "w.yaml").write_text(
        CONFIG + "contract:\n  name: weather\n  invariants: [{id: answers, type: output_not_empty}]\n", encoding="utf-8"
    )
    call = {"target": "tool", "name": "get_weather", "response": {"city": "Rome", "temp_c": 21, "sky": "sunny"}}
    for name, text in [("s1", "quick: weather?"), ("s2", "Weather?"), ("s3", "Weather?")]:
        session = {"id": name, "input": text, "calls": [call], "replay": {"match": "by_tool"}}
        (tmp_path / "sessions").mkdir(exist_ok=True)
        (tmp_path / "sessions" / f"{name}.json").write_text(json.dumps(session), encoding="utf-8")
    # the second session's call in flight
    done = interrupt_when_called(tmp_path, "replay", "run", "sessions", "-c", "w.yaml", "--concurrency", "1")
    out, err = done.stdout, done.stderr
    assert done.returncode == 130, (out, err)
    verdict = next(line for line in out.splitlines() if "replay score" in line)
    assert "FAIL (interrupted)" in verdict and "sessions 1 of 3: 1 passed" in verdict, verdict
