"""An HTTP agent every Ray actor reaches at one address is one agent: with a reset (cells one at a time) the
run uses one actor, so reset → call of one cell is never interleaved with another cell's, as locally."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import wt

pytestmark = pytest.mark.slow


@pytest.fixture
def stateful_server() -> Iterator[tuple[str, list[str]]]:
    events: list[str] = []
    lock = threading.Lock()
    inflight = [0]

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
            with lock:
                events.append("reset" if self.path == "/reset" else "chat")
                inflight[0] += 1
                events.append(f"inflight {inflight[0]}")
            time.sleep(0.02)  # long enough for a second actor's call to land in between
            with lock:
                inflight[0] -= 1
            reply = json.dumps({"reply": f"ok {body.get('message', '')}"}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", events
    server.shutdown()
    server.server_close()


def test_a_shared_agent_with_a_reset_runs_its_cells_one_at_a_time(
    local_ray: Any, tmp_path: Path, stateful_server: tuple[str, list[str]]
) -> None:
    url, events = stateful_server
    cfg = tmp_path / "c.yaml"
    cfg.write_text(
        f"agent: {{type: http, endpoint: '{url}/chat', request_template: '{{\"message\": \"{{prompt}}\"}}', "
        f"response_path: '$.reply', reset_endpoint: '{url}/reset'}}\n"
        f"golden_prompts: {json.dumps([f'p{i}' for i in range(16)])}\n"
        "advanced: {seed: 1, executor: ray, ray: {num_actors: 2}}\n"
    )
    out = tmp_path / "r.json"
    code = wt("run", "-c", str(cfg), "--no-mutations", "-q", "--no-store", "-f", "json", "-o", str(out))
    assert code == 0
    assert len(json.loads(out.read_text())["cells"]) == 16
    calls = [e for e in events if e in ("reset", "chat")]
    assert calls[-32:] == ["reset", "chat"] * 16  # each cell's reset, then its call: never another cell's between


@pytest.mark.parametrize(("concurrency", "actors"), [(3, 2), (1, 2), (5, 2)])
def test_a_shared_agent_never_sees_more_calls_at_once_than_the_concurrency(
    local_ray: Any, tmp_path: Path, stateful_server: tuple[str, list[str]], concurrency: int, actors: int
) -> None:
    """One agent behind every actor: `advanced.concurrency` is what it sees, not actors x concurrency."""
    url, events = stateful_server
    cfg = tmp_path / "c.yaml"
    cfg.write_text(
        f"agent: {{type: http, endpoint: '{url}/chat', request_template: '{{\"message\": \"{{prompt}}\"}}', "
        "response_path: '$.reply'}\n"
        f"golden_prompts: {json.dumps([f'p{i}' for i in range(40)])}\n"
        f"advanced: {{seed: 1, executor: ray, concurrency: {concurrency}, ray: {{num_actors: {actors}}}}}\n"
    )
    out = tmp_path / "r.json"
    code = wt("run", "-c", str(cfg), "--no-mutations", "-q", "--no-store", "-f", "json", "-o", str(out))
    assert code == 0
    assert len(json.loads(out.read_text())["cells"]) == 40
    peak = max(int(e.split()[1]) for e in events if e.startswith("inflight"))
    assert 1 <= peak <= concurrency, (peak, concurrency)


def test_more_actors_than_the_cluster_has_cpus_for_is_a_usage_error(local_ray: Any, tmp_path: Path) -> None:
    """Ray keeps an actor without a CPU pending: the run would wait for ever (the test's Ray has 2 CPUs)."""
    cfg = tmp_path / "c.yaml"
    cfg.write_text(
        "agent: {type: http, endpoint: 'http://127.0.0.1:9/chat'}\ngolden_prompts: [hi]\n"
        "advanced: {seed: 1, executor: ray, ray: {num_actors: 3}}\n"
    )
    assert wt("run", "-c", str(cfg), "--no-mutations", "-q", "--no-store") == 2


@pytest.fixture
def filling_server() -> Iterator[tuple[str, list[int], list[int]]]:
    """An HTTP agent that holds each call until ``target[0]`` calls are in flight at once (the first time; at
    most 20 s, after which no call waits), then answers everything at once: the peak it saw is what the run
    could put in flight."""
    lock = threading.Condition()
    inflight, peak, target = [0], [0], [0]
    gave_up: list[bool] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
            with lock:
                inflight[0] += 1
                peak[0] = max(peak[0], inflight[0])
                lock.notify_all()
                if not lock.wait_for(lambda: peak[0] >= target[0] or gave_up, timeout=20):
                    gave_up.append(True)  # the target is out of reach: no further call waits
                    lock.notify_all()
                inflight[0] -= 1
            reply = json.dumps({"reply": f"ok {body.get('message', '')}"}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", peak, target
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("command", ["run", "contract"])
def test_a_shared_agents_concurrency_split_across_actors_loses_no_slot(
    local_ray: Any, tmp_path: Path, filling_server: tuple[str, list[int], list[int]], command: str
) -> None:
    """Issue 29 item 13: `advanced.concurrency: 3` over 2 actors is 2 + 1 calls in flight, all 3 used (the
    server holds every call until 3 are in flight, so a lost slot shows as a peak of 2), in `run` and in
    `contract run` (whose units run on the actors too)."""
    url, peak, target = filling_server
    target[0] = 3
    cfg = tmp_path / "c.yaml"
    cfg.write_text(
        f"agent: {{type: http, endpoint: '{url}/chat', request_template: '{{\"message\": \"{{prompt}}\"}}', "
        "response_path: '$.reply'}\n"
        f"golden_prompts: {json.dumps([f'p{i}' for i in range(12)])}\n"
        # concurrent: no state detection, whose calls go one at a time (each would wait for the other two)
        "advanced: {seed: 1, executor: ray, concurrency: 3, isolation: concurrent, ray: {num_actors: 2}}\n"
        "contract:\n  name: split\n  invariants: [{type: output_not_empty, id: answers}]\n"
        "  chaos_matrix: [{name: calm}]\n"
    )
    out = tmp_path / "r.json"
    args = ["run", "-c", str(cfg), "--no-mutations"] if command == "run" else ["contract", "run", "-c", str(cfg)]
    code = wt(*args, "-q", "--no-store", "-f", "json", "-o", str(out))
    assert code == 0
    assert len([c for c in json.loads(out.read_text())["cells"] if c["status"] == "passed"]) >= 12
    assert peak[0] == 3, f"{peak[0]} calls in flight at most: a slot of the 3 was lost"
