"""An HTTP agent windtunnel did not launch that stops answering mid-run (QA-5 F15): the run stops, keeps what
completed, exits 3 saying so, and ``--resume`` against the agent started again completes it exactly."""

from __future__ import annotations

import errno
import json
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.clirun import wt
from tests.conftest import REPO, eventually
from tests.ports import free_port
from windtunnel._util.errors import ExitCode
from windtunnel.engine.cells import Cell, CellResult
from windtunnel.engine.procwatch import ExitWatch
from windtunnel.store.runstore import RunStore

AGENT_PY = Path(__file__).with_name("stopping_agent.py")
SCHEMA = json.loads((REPO / "tests" / "reports" / "report.schema.json").read_text())
PROMPTS = 12
ANSWERS = 4


def refused(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


class Agent:
    """The agent process, started and stopped by the test (windtunnel does not launch it)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.proc: subprocess.Popen[str] | None = None

    def start(self, answers: int) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(AGENT_PY), str(self.port), str(answers)], stdout=subprocess.PIPE, text=True
        )
        assert self.proc.stdout is not None and self.proc.stdout.readline().strip() == "listening"

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
        if self.proc is not None:
            self.proc.wait(timeout=60)
            assert self.proc.stdout is not None
            self.proc.stdout.close()


@pytest.fixture
def agent() -> Iterator[Agent]:
    a = Agent(free_port())
    yield a
    a.stop()


def write_config(tmp_path: Path, port: int, *, method: str, concurrency: int) -> Path:
    prompts = "\n".join(f"  - prompt number {i}" for i in range(PROMPTS))
    cfg = tmp_path / "windtunnel.yaml"
    cfg.write_text(
        f"agent:\n  type: http\n  endpoint: http://127.0.0.1:{port}/invoke\n  method: {method}\n  timeout: 5000\n"
        f"golden_prompts:\n{prompts}\n"
        f"advanced:\n  concurrency: {concurrency}\n"
    )
    return cfg


def cells_of(report: Path) -> dict[str, dict[str, Any]]:
    cells = json.loads(report.read_text())["cells"]
    ids = [c["id"] for c in cells]
    assert len(ids) == len(set(ids)), "a cell reported twice"
    return {c["id"]: c for c in cells}


# POST goes over the lean keep-alive pool, GET through httpx (docs/performance.md)
@pytest.mark.parametrize(("method", "concurrency"), [("POST", 1), ("POST", 3), ("GET", 3)])
def test_run_stops_when_the_agent_stops_answering_and_resume_completes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], agent: Agent, method: str, concurrency: int
) -> None:
    cfg = write_config(tmp_path, agent.port, method=method, concurrency=concurrency)
    db = tmp_path / "runs.db"
    out = tmp_path / "r.json"
    agent.start(ANSWERS)  # answers 4 prompts, then its process is gone: connections are refused
    code = wt("run", "-c", str(cfg), "--no-mutations", "-f", "json", "-o", str(out), "--seed", "1", "--store", str(db))
    err = capsys.readouterr().err
    endpoint = f"http://127.0.0.1:{agent.port}/invoke"

    assert code == ExitCode.HARNESS, err
    assert f"the agent at {endpoint} stopped answering after {ANSWERS} cells: transport:" in err
    assert "completed cells kept" in err
    assert f"{ANSWERS} of {PROMPTS} cells completed and kept" in err
    assert "continue with: windtunnel run -c " in err and " --resume " in err

    report = json.loads(out.read_text())
    jsonschema.validate(report, SCHEMA)
    run = report["run"]
    assert run["status"] == "aborted"
    assert run["aborted"]["reason"] == "agent_stopped" and run["aborted"]["endpoint"] == endpoint
    assert run["aborted"]["cells_completed"] == ANSWERS
    assert report["summary"]["passed"] is False and report["summary"]["partial"] is True
    cells = cells_of(out)
    assert sum(c["status"] == "passed" for c in cells.values()) == ANSWERS
    cut = [c for c in cells.values() if c["status"] != "passed"]
    assert cut and all(c["error_kind"] == "agent_exited" and "stopped answering" in c["error"] for c in cut)
    assert len(cells) < PROMPTS  # no cell started once the agent was found gone

    agent.stop()
    agent.start(10_000)  # the agent runs again: the rest of the run completes
    resumed = tmp_path / "resumed.json"
    code = wt("run", "--resume", run["id"], "-c", str(cfg), "--store", str(db), "-f", "json", "-o", str(resumed))
    err = capsys.readouterr().err
    assert code == ExitCode.OK, err
    after = cells_of(resumed)
    assert len(after) == PROMPTS and all(c["status"] == "passed" for c in after.values())
    with RunStore(db) as st:
        stored = list(st.iter_cells(run["id"]))
        assert st.get_run(run["id"]).status == "passed"
    assert sorted(c["id"] for c in stored) == sorted(after)

    whole = tmp_path / "whole.json"  # the same run, uninterrupted: the same cells
    code = wt("run", "-c", str(cfg), "--no-mutations", "-f", "json", "-o", str(whole), "--seed", "1", "--no-store")
    capsys.readouterr()
    assert code == ExitCode.OK
    assert sorted(cells_of(whole)) == sorted(after)
    same = ("prompt", "output", "status", "checks", "error_kind")
    assert {k: [c[f] for f in same] for k, c in cells_of(whole).items()} == {
        k: [c[f] for f in same] for k, c in after.items()
    }


def _failed(error: str, kind: str = "transport") -> CellResult:
    cell = Cell(id="g0.r0", kind="golden", input="hi", golden_prompt="hi", golden_index=0)
    return CellResult(cell=cell, status="error", error=error, error_kind=kind)


def test_a_connection_error_with_the_agent_still_listening_is_an_errored_cell(agent: Agent) -> None:
    """Only refused connections stop the run: an agent that accepts them (it broke one answer) keeps running."""
    import anyio

    agent.start(10_000)
    watch = ExitWatch(endpoint=f"http://127.0.0.1:{agent.port}/invoke")
    result = anyio.run(watch.check, _failed("transport: ConnectError talking to it: connection reset"))
    assert result.error_kind == "transport" and not watch.gone()  # the probe connects: still there
    result = anyio.run(watch.check, _failed("no answer within 5000 ms", "timeout"))
    assert result.error_kind == "timeout" and not watch.gone()
    agent.stop()
    assert eventually(lambda: refused(agent.port))  # its port now refuses connections
    result = anyio.run(watch.check, _failed("no answer within 5000 ms", "timeout"))  # a timeout proves nothing
    assert result.error_kind == "timeout" and not watch.gone()
    result = anyio.run(watch.check, _failed("transport: RemoteProtocolError: server disconnected"))
    assert result.error_kind == "transport" and not watch.gone()  # an answer, even a broken one: not probed
    result = anyio.run(watch.check, _failed("transport: ConnectError talking to it: connection refused"))
    assert result.error_kind == "agent_exited" and watch.gone()


@pytest.mark.parametrize(
    ("error", "gone"),
    [
        (ConnectionRefusedError(), True),
        (ConnectionResetError(), False),  # something answered the SYN and reset: a live agent with errors
        (OSError(errno.EHOSTUNREACH, "no route to host"), True),
        (OSError(errno.EMFILE, "too many open files"), False),  # our side's trouble proves nothing about it
    ],
)
def test_only_refused_or_unreachable_probes_mean_the_agent_is_gone(
    monkeypatch: pytest.MonkeyPatch, error: OSError, gone: bool
) -> None:
    """QA-6 F-10: a live agent that reset connections was declared "stopped answering" (exit 3)."""
    import asyncio

    import anyio

    from windtunnel.engine import procwatch

    async def connect(*_a: object, **_k: object) -> object:
        raise error

    monkeypatch.setattr(asyncio, "open_connection", connect)
    monkeypatch.setattr(procwatch, "PROBE_GAP_S", 0)
    assert anyio.run(procwatch.refuses_connections, ("127.0.0.1", 9)) is gone


def test_an_agent_that_resets_every_connection_is_not_gone() -> None:
    """A real listener that accepts and resets each connection (SO_LINGER 0): errored cells, never a stop."""
    import struct
    import threading

    import anyio

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    listener.settimeout(0.2)
    port = listener.getsockname()[1]
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            conn.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        watch = ExitWatch(endpoint=f"http://127.0.0.1:{port}/invoke")
        result = anyio.run(watch.check, _failed("transport: ConnectError talking to it: [Errno 104] reset by peer"))
        assert result.error_kind == "transport" and not watch.gone()
    finally:
        stop.set()
        thread.join(5)
        listener.close()


def test_ci_names_the_agent_that_stopped_answering(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], agent: Agent
) -> None:
    """QA-6 F-3: ci's reason said "the agent process died" for an HTTP agent it never launched."""
    cfg = write_config(tmp_path, agent.port, method="POST", concurrency=1)
    agent.start(ANSWERS)
    out = tmp_path / "ci"
    code = wt("ci", "-c", str(cfg), "-o", str(out), "--seed", "1", "--no-store", "-q")
    err = capsys.readouterr().err
    assert code == ExitCode.HARNESS, err
    reasons = json.loads((out / "summary.json").read_text())["summary"]["reasons"]
    endpoint = f"http://127.0.0.1:{agent.port}/invoke"
    assert reasons[0] == f"ci was aborted in the mutation phase: the agent at {endpoint} stopped answering"


def test_replay_run_stops_when_the_agent_stops_answering(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], agent: Agent
) -> None:
    """QA-6 F-12: `replay run` did not watch an HTTP agent it did not launch: every later session errored, exit 1."""
    cfg = write_config(tmp_path, agent.port, method="POST", concurrency=1)
    contract = REPO / "examples" / "support_agent" / "windtunnel.yaml"
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    for i in range(PROMPTS):
        session = {"id": f"s{i:02d}", "input": f"prompt number {i}", "contract": str(contract), "calls": []}
        (sessions / f"s{i:02d}.json").write_text(json.dumps(session))
    agent.start(ANSWERS)
    out = tmp_path / "replay.json"
    code = wt("replay", "run", str(sessions), "-c", str(cfg), "-q", "-f", "json", "-o", str(out))
    err = capsys.readouterr().err
    endpoint = f"http://127.0.0.1:{agent.port}/invoke"
    assert code == ExitCode.HARNESS, err
    assert f"the agent at {endpoint} stopped answering" in err
    run = json.loads(out.read_text())["run"]
    assert run["status"] == "aborted" and run["aborted"]["reason"] == "agent_stopped"
