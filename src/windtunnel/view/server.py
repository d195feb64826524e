"""The viewer's HTTP server: the standard library's threaded server, pages, static files, JSON API.

Why the standard library: the viewer is a local, single-user tool; a threaded ``http.server`` answers
the runs page of a 1,000-run store in milliseconds (``benchmarks/view_bench.py``), needs no extra
install, and every request gets its own thread, so a slow query never blocks another page.

Safety:

* binds to 127.0.0.1 by default; requests whose ``Host`` header is not the loopback address the
  server listens on are refused (a web page elsewhere cannot reach the store through DNS rebinding);
* every page is a small autoescaped template that loads ``view.js``; all data comes from the JSON
  API and is written into the page with ``textContent`` / DOM nodes only, never as HTML;
* a strict Content-Security-Policy: scripts and styles from this server only, no inline script,
  nothing remote (the chart library is shipped in ``view/static/``).
"""

from __future__ import annotations

import contextlib
import ipaddress
import mimetypes
import re
import socket
import sqlite3
import threading
from collections.abc import Iterator
from functools import cache, lru_cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.resources import files
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import orjson
from jinja2 import PackageLoader, StrictUndefined
from jinja2.sandbox import ImmutableSandboxedEnvironment

from windtunnel.store.queries import StoreReader, StoreUnavailable
from windtunnel.view.api import Api
from windtunnel.view.leak_page import leak_csp

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
PAGES = {
    "/": ("runs", "runs"),
    "/trends": ("trends", "trends"),
    "/run": ("run", "run"),
    "/cell": ("cell", "cell"),
    "/diff": ("diff", "diff"),
    "/leak": ("leak", "leak audits"),
}
STATIC_TYPES = {".js": "text/javascript", ".css": "text/css", ".png": "image/png", ".txt": "text/plain"}


@lru_cache(maxsize=1)
def environment() -> ImmutableSandboxedEnvironment:
    """The Jinja environment of the viewer's pages: sandboxed and immutable, autoescaped, strict about undefined names
    (a template typo fails loudly instead of rendering an empty value).
    """
    return ImmutableSandboxedEnvironment(
        loader=PackageLoader("windtunnel.view", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


@cache
def static_file(name: str) -> bytes | None:
    """A file shipped in ``view/static`` (``None`` for anything else, including ``..`` tricks)."""
    if "/" in name or "\\" in name or name.startswith("."):
        return None
    node = files("windtunnel.view") / "static" / name
    try:
        return node.read_bytes()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None


def render_page(page: str, title: str, store: str) -> bytes:
    """The HTML shell of ``page`` (``runs``, ``run``, ``cell``...): a title and the store path; the data arrives later
    from the JSON API, written into the page with DOM nodes, never as HTML.
    """
    html = environment().get_template("page.html.j2").render(page=page, title=title, store=store)
    return html.encode("utf-8")


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or a name) is the loopback interface: only then is the ``Host`` header checked
    against DNS rebinding. ``localhost`` is the one name counted as loopback.
    """
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


BUSY_TIMEOUT_S = 0.5
"""How long a request waits for a store another process has locked before it is answered 503."""
BACKLOG = 1024
"""Connections the kernel queues before the server accepts them (``http.server``'s default of 5 drops a burst)."""


class ViewServer(ThreadingHTTPServer):
    """The viewer's threaded HTTP server over one store: a thread per request (a slow query never blocks another page),
    daemon threads (Ctrl-C is not held up by an open keep-alive connection).
    """

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = BACKLOG

    def __init__(self, address: tuple[str, int], reader: StoreReader, audits: Path | None = None) -> None:
        """Listen on ``address`` (IPv4 or an IPv6 literal) and serve ``reader``'s store; ``audits`` is the directory of
        saved leak audit pages (default: ``audits/`` beside the store).

        Sets ``url`` (what the CLI prints) and, for a loopback bind, the ``Host`` values a request may carry: any other
        is refused, so a web page elsewhere cannot reach the store by rebinding a DNS name to 127.0.0.1.
        """
        self.reader = reader
        self.audits = audits if audits is not None else reader.path.parent / "audits"
        self.api = Api(reader)
        if ":" in address[0]:  # an IPv6 literal such as ::1
            self.address_family = socket.AF_INET6
        super().__init__(address, Handler)
        self.port = int(self.server_address[1])
        host = str(self.server_address[0])
        self.loopback = is_loopback(host)
        shown = f"[{host}]" if ":" in host else host
        self.url = f"http://{shown}:{self.port}/"
        self.allowed_hosts = {f"{h}:{self.port}" for h in ("127.0.0.1", "localhost", "[::1]", shown)}


class Handler(BaseHTTPRequestHandler):
    """One request of the viewer: pages, static files, saved audits and the JSON API, all ``GET``/``HEAD``.

    Every answer carries a strict Content-Security-Policy and ``nosniff``; data is never cached, static files
    revalidate.
    """

    server: ViewServer
    protocol_version = "HTTP/1.1"
    server_version = "windtunnel-view"
    sys_version = ""
    disable_nagle_algorithm = True
    """TCP_NODELAY: a small answer goes out at once, not after the client's delayed ACK."""
    wbufsize = 256 * 1024
    """Head and body are buffered and leave in one write when the request is done (``handle_one_request``
    flushes): an answer in two writes on a keep-alive connection waited ~40 ms for a delayed ACK."""

    def log_message(self, format: str, *args: Any) -> None:
        """Log nothing: the CLI prints the URL, and a line per request would bury it."""
        pass  # quiet: the CLI prints the URL, a request log is noise

    def _send(self, status: int, body: bytes, ctype: str, *, cache_static: bool = False) -> None:
        """Answer with ``status`` and ``body`` of type ``ctype`` and the security headers (no body for ``HEAD``).
        ``cache_static`` lets a browser keep a static file as long as it revalidates; every other answer is
        ``no-store``.
        """
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("X-Frame-Options", "DENY")
        # static files revalidate (an upgrade must not run yesterday's view.js); data is never cached
        self.send_header("Cache-Control", "no-cache" if cache_static else "no-store")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, value: Any) -> None:
        """Answer with ``value`` as JSON (orjson; non-string keys allowed, as aggregates use them)."""
        self._send(status, orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS), "application/json")

    def do_HEAD(self) -> None:
        """Answer as ``GET`` would, without the body (:meth:`_send` leaves it out)."""
        self.do_GET()

    def do_GET(self) -> None:
        """Route one request: a loopback server first refuses a foreign ``Host`` (403); then ``/api/audits``, the JSON
        API, saved audit pages, static files, and the pages. An error the store raises is a JSON error, never a
        traceback in the page.
        """
        if self.server.loopback and self.headers.get("Host", "") not in self.server.allowed_hosts:
            self._send(403, b"forbidden host\n", "text/plain; charset=utf-8")
            return
        parts = urlsplit(self.path)
        path = parts.path
        query = dict(parse_qsl(parts.query, keep_blank_values=True))
        try:
            if path == "/api/audits":
                self._json(200, {"dir": str(self.server.audits), "audits": list_audits(self.server.audits)})
            elif path.startswith("/api/"):
                status, value = self.server.api.handle(path, query)
                self._json(status, value)
            elif path.startswith("/audit/"):
                self._audit(path[len("/audit/") :])
            elif path.startswith("/static/"):
                name = path[len("/static/") :]
                body = static_file(name)
                if body is None:
                    self._send(404, b"not found\n", "text/plain; charset=utf-8")
                else:
                    ctype = STATIC_TYPES.get(Path(name).suffix) or mimetypes.guess_type(name)[0] or "text/plain"
                    self._send(200, body, ctype, cache_static=True)
            elif path in PAGES:
                page, title = PAGES[path]
                self._send(200, render_page(page, title, str(self.server.reader.path)), "text/html; charset=utf-8")
            else:
                self._send(404, b"not found\n", "text/plain; charset=utf-8")
        except (BrokenPipeError, ConnectionResetError):
            return
        except StoreUnavailable as err:
            with contextlib.suppress(OSError):
                self._unavailable(err.message, err.hint)
        except sqlite3.OperationalError as err:
            if not any(word in str(err) for word in ("locked", "busy")):
                raise
            with contextlib.suppress(OSError):
                self._unavailable(
                    f"the run store is locked by another process ({err})",
                    "try again in a moment; a run writing to it does not lock readers out, so look for a "
                    "process holding an exclusive lock (an sqlite3 shell, a backup tool)",
                )
        except Exception as err:  # a bug must answer 500, not kill the connection silently
            with contextlib.suppress(OSError):
                self._json(500, {"error": f"{type(err).__name__}: {err}"})
        finally:
            self.server.reader.close()  # this request's thread ends: so does its connection

    def _unavailable(self, message: str, hint: str | None) -> None:
        """503 at once, saying why (the page shows the error; a script may retry after ``Retry-After``)."""
        body = orjson.dumps({"error": message, "hint": hint})
        self.send_response(503)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Retry-After", "1")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _audit(self, name: str) -> None:
        """Serve the leak audit page ``name`` that ``leak scan -f html`` wrote into the audits directory.

        Only a plain file name is accepted (:data:`AUDIT_NAME`: no separator, no leading dot), so a request cannot reach
        outside that directory; anything else, or a file that is not there, is a 404. The page is served under its own
        CSP (no script, the inlined stylesheet only) and may not be framed.
        """
        if not AUDIT_NAME.fullmatch(name):
            self._send(404, b"not found\n", "text/plain; charset=utf-8")
            return
        try:
            body = (self.server.audits / name).read_bytes()
        except OSError:
            self._send(404, b"not found\n", "text/plain; charset=utf-8")
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", leak_csp() + "; frame-ancestors 'none'")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


AUDIT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.html")


def list_audits(directory: Path) -> list[dict[str, Any]]:
    """The audit pages in ``directory``, newest first: ``[{name, size, modified}]`` (bytes, POSIX seconds).

    Only names :data:`AUDIT_NAME` accepts are listed, the same rule that serves ``/audit/NAME``, so every listed
    page can be opened and no other file in the directory is exposed. A missing or unreadable directory is an
    empty list: no audit written yet is the usual case, not an error."""
    try:
        entries = [p for p in directory.iterdir() if p.is_file() and AUDIT_NAME.fullmatch(p.name)]
    except OSError:
        return []
    entries.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    return [{"name": p.name, "size": p.stat().st_size, "modified": p.stat().st_mtime} for p in entries]


def make_server(store: str | Path, host: str = "127.0.0.1", port: int = 0, *, audits: Path | None = None) -> ViewServer:
    """A bound (not yet serving) viewer over ``store``; port 0 picks a free port.

    A ``store`` that is missing or not a run store is a :class:`~windtunnel._util.errors.UsageError` raised here,
    before any port is bound, so ``windtunnel view`` fails with exit 2 instead of serving an empty page. A port in
    use raises ``OSError`` (the CLI names the port). Requests wait at most :data:`BUSY_TIMEOUT_S` for a locked store.

    ``audits`` is the directory of leak audit pages (default: ``audits/`` beside the store, where
    ``leak scan -f html`` writes without ``-o``).
    """
    return ViewServer((host, port), StoreReader(store, timeout=BUSY_TIMEOUT_S), audits)


@contextlib.contextmanager
def serve_in_thread(
    store: str | Path, host: str = "127.0.0.1", port: int = 0, *, audits: Path | None = None
) -> Iterator[ViewServer]:
    """Serve in a background thread for the duration of the block (tests, benchmarks).

    The server is bound before the block starts (``server.url`` is usable at once) and on exit it is shut down,
    its socket closed and its thread joined (up to 5 s), so a test leaves no port or thread behind. The same
    arguments and errors as :func:`make_server`."""
    server = make_server(store, host, port, audits=audits)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
