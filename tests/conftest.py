from __future__ import annotations

import itertools
import json
import sys
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import _pytest.pytester
import pytest
from hypothesis import HealthCheck, settings

# Tests never assert on wall-clock time: Hypothesis's per-example deadline and its too-slow health check are both
# wall-clock checks, and they fail a correct property on a busy machine (CI runs the suite on two shared cores).
settings.register_profile("windtunnel", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("windtunnel")

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> object:
    """Collection keeps pytest's assertion-rewritten test modules in tests/**/__pycache__ (gitignored) even where
    PYTHONDONTWRITEBYTECODE is set: else every pytest process (each xdist worker) rewrites and compiles all ~440
    test modules again, ~25 of the ~43 CPU-s a worker spends collecting. Only while collecting: a test importing
    a module it wrote under tmp_path still leaves no bytecode there, and the processes tests start keep the
    environment's setting."""
    before = sys.dont_write_bytecode
    sys.dont_write_bytecode = False
    try:
        return (yield)
    finally:
        sys.dont_write_bytecode = before


Handler = Callable[[str, str, dict[str, str], bytes], tuple[int, dict[str, str], bytes]]


class RecordingServer:
    """A threaded HTTP server on 127.0.0.1:<free port> that records requests and answers via ``handler``."""

    def __init__(self, handler: Handler) -> None:
        self.handler = handler
        self.requests: list[dict[str, Any]] = []
        outer = self

        class H(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # headers and body are two writes: no 40 ms delayed-ACK wait

            def log_message(self, *args: Any) -> None:
                pass

            def _do(self) -> None:
                n = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(n) if n else b""
                outer.requests.append(
                    {"method": self.command, "path": self.path, "headers": dict(self.headers), "body": body}
                )
                status, headers, payload = outer.handler(self.command, self.path, dict(self.headers), body)
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = _do

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), H)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    def __enter__(self) -> RecordingServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def json_reply(obj: Any, status: int = 200) -> tuple[int, dict[str, str], bytes]:
    return status, {"content-type": "application/json"}, json.dumps(obj).encode()


SUPPORT_AGENT_ENV = (
    "SUPPORT_TOOLS_URL",
    "OPENAI_BASE_URL",
    "OPENAI_API_KEY",
    "SUPPORT_AGENT_MODEL",
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "ALL_PROXY",
    "NO_PROXY",
    "http_proxy",
    "https_proxy",
    "all_proxy",
    "no_proxy",
)
"""Environment that reroutes the bundled agent's tools and model: cleared before tests that use it."""


def sigint_default() -> None:
    """``preexec_fn`` for children that a test stops with SIGINT.

    A job started in the background by a non-interactive shell inherits SIGINT as ignored, and Python
    then installs no KeyboardInterrupt handler; the child must get the default back to be stoppable.
    """
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def eventually(check: Callable[[], object], timeout: float = 60.0, interval: float = 0.02) -> bool:
    """Poll ``check`` until it holds or ``timeout`` s pass; its last value. The timeout is generous on
    purpose: the check returns as soon as it holds, and on a loaded machine a child process may take many
    seconds to exit or answer (a tight deadline fails on a busy machine, not on a broken program)."""
    import time

    deadline = time.monotonic() + timeout
    while not check() and time.monotonic() < deadline:
        time.sleep(interval)
    return bool(check())


def wait_for_stored_cells(store: Path, n: int = 1, timeout: float = 60.0) -> int:
    """Poll a run store until some run holds at least ``n`` cells (a subprocess made progress)."""
    import sqlite3
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if store.exists():
            try:
                with sqlite3.connect(f"file:{store}?mode=ro", uri=True, timeout=1) as db:
                    row = db.execute("SELECT count(*) FROM cells GROUP BY run_id ORDER BY 1 DESC LIMIT 1").fetchone()
                if row and row[0] >= n:
                    return int(row[0])
            except sqlite3.Error:
                pass
        time.sleep(0.05)
    raise AssertionError(f"no run in {store} reached {n} stored cells within {timeout} s")


@pytest.fixture(scope="session")
def _run_stores(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One directory for the tests' private stores (its own counter: see :func:`_private_run_store`)."""
    yield tmp_path_factory.mktemp("stores")


_STORE_NUMBERS = itertools.count()


@pytest.fixture(autouse=True)
def _private_run_store(_run_stores: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """CLI runs in tests write their results to a private store, never to the repository's: a new empty
    directory per test. Numbered here, not by ``tmp_path_factory.mktemp`` (which lists the whole base temp
    directory to find the next number: quadratic over a worker's ~3,500 tests, and every ``tmp_path`` lists the
    store directories too)."""
    store = _run_stores / str(next(_STORE_NUMBERS))
    store.mkdir()
    monkeypatch.setenv("WINDTUNNEL_STORE", str(store / "runs.db"))


@pytest.fixture
def echo_server() -> Iterator[RecordingServer]:
    """Echoes the JSON body's ``message`` (or the query's) back as ``{"reply": ...}``."""

    def handler(method: str, path: str, headers: dict[str, str], body: bytes) -> tuple[int, dict[str, str], bytes]:
        if path.startswith("/chat") and method == "POST":
            data = json.loads(body)
            return json_reply({"reply": data.get("message"), "received": data})
        return json_reply({"ok": True, "path": path})

    with RecordingServer(handler) as srv:
        yield srv


class _SnapshotKeepingWindtunnel(_pytest.pytester.SysModulesSnapshot):
    """pytester's ``sys.modules`` snapshot, except that ``windtunnel`` modules imported since it was taken survive its
    restore. An in-process inner run imports windtunnel's modules (its pytest plugin runs there), and a plugin module
    registers itself into a registry module the outer process may already hold (``@reporter("terminal")`` into
    ``REPORTERS``): dropping the plugin module while the registry keeps its entry made the next import of it a
    "registered twice" error in whichever later test imported it first, so the suite's outcome hung on test order.
    The inner run's own modules (its test files, the project it imports) are still dropped."""

    def __init__(self, preserve: Callable[[str], bool] | None = None) -> None:
        def keep(name: str) -> bool:
            """Whether the module called ``name`` outlives the snapshot."""
            return name.partition(".")[0] == "windtunnel" or (preserve is not None and preserve(name))

        super().__init__(preserve=keep)


@pytest.fixture
def _windtunnel_modules_outlive_pytester(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every snapshot pytester takes from here on (its own and each in-process run's) keeps windtunnel's modules."""
    monkeypatch.setattr(_pytest.pytester, "SysModulesSnapshot", _SnapshotKeepingWindtunnel)


@pytest.fixture
def pytester(_windtunnel_modules_outlive_pytester: None, pytester: pytest.Pytester) -> pytest.Pytester:
    """pytest's ``pytester``, created after :func:`_windtunnel_modules_outlive_pytester` is in place."""
    return pytester
