"""Can a server listen on a port now? The one probe every "is this fixed port free?" check uses.

A server (asyncio's, the proxies') binds with ``SO_REUSEADDR``, so a port whose last connections are still in
``TIME_WAIT`` / ``FIN_WAIT2`` (a run that ended a moment ago) is free for it. A probe that binds without the option
is refused there for about a minute and reads a free port as taken (QA-11 major 3), so the probe binds as the server
will.
"""

from __future__ import annotations

import socket


def bind_error(host: str, port: int) -> OSError | None:
    """The error a server listening on ``host:port`` would meet now (the port is in use), or None when it can listen.

    Binds and closes at once, with ``SO_REUSEADDR`` as the server sets it: only a socket that listens there (or holds
    the port without the option) makes it busy, not the closing connections of an earlier server."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as err:
            return err
    return None


__all__ = ["bind_error"]
