"""``windtunnel view``: serve the local web viewer over the run store.

The command binds the server (:func:`~windtunnel.view.server.make_server`) before printing the URL, so the line it
prints is a URL that answers; a port in use or forbidden is exit 3 like the fault proxies' ports, any other bind
error a usage error (exit 2), and a missing store exit 2 before any port is taken. It serves until Ctrl-C or SIGTERM,
both a normal stop (exit 0), because stopping a viewer is how it is used, not a failure. A host other than loopback
is allowed, with a warning: every stored prompt, output and tool response becomes readable to the network.
"""

from __future__ import annotations

import errno
import sys
import webbrowser
from pathlib import Path

import typer

from windtunnel._util.errors import HarnessError, UsageError
from windtunnel._util.signals import sigterm_as_interrupt
from windtunnel.cli._console import err_console
from windtunnel.cli._lazy import module_app
from windtunnel.store import default_store_path
from windtunnel.view.server import is_loopback, make_server

app = module_app()


@app.command("view")
def view(
    store: Path | None = typer.Option(
        None, "--store", help="Run store (default: $WINDTUNNEL_STORE, else .windtunnel/runs.db)."
    ),
    port: int = typer.Option(0, "--port", "-p", min=0, max=65535, help="Port (default: a free one)."),
    host: str = typer.Option(
        "127.0.0.1", "--host", help="Address to listen on. Anything but loopback exposes your runs to the network."
    ),
    audits: Path | None = typer.Option(
        None, "--audits", help="Directory of leak audit pages (default: audits/ beside the store)."
    ),
    open_browser: bool = typer.Option(False, "--open", help="Open the viewer in the default browser."),
) -> None:
    """Browse stored runs in a local web viewer: runs, trends, a run, a cell's transcript, diffs.

    Serves until Ctrl-C or SIGTERM (both exit 0). Runs in progress show up and update as their cells complete.
    """

    path = store or default_store_path()
    try:
        server = make_server(path, host, port, audits=audits)
    except OSError as err:
        busy = err.errno in (errno.EADDRINUSE, errno.EACCES)  # exit 3, as for the fault proxies' ports
        raise (HarnessError if busy else UsageError)(
            f"cannot listen on {host}:{port}: {err.strerror or err}",
            hint="pick another --port, or leave it out for a free one",
        ) from None
    if not is_loopback(host):
        err_console().print(
            f"[yellow]warning:[/] listening on {host}: anyone who can reach this address can read every stored "
            "run (prompts, outputs, tool responses). Use the default 127.0.0.1 unless you mean it."
        )
    print(f"windtunnel view: {server.url}  (store {path}; Ctrl-C to stop)", flush=True)
    if open_browser:
        webbrowser.open(server.url)
    sigterm_as_interrupt()  # `kill PID` (a CI runner, `timeout`, a service manager) stops it like Ctrl-C
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        sys.stdout.flush()
        sys.stderr.write("windtunnel view: stopped\n")
    finally:
        server.server_close()
