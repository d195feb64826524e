"""The name of an HTTP tool call: its route (host and path with the variable segments generalised).

The forward proxy names an outbound call that no ``match_url`` names by this route, so every account, order or
user reaches the same seam: ``GET http://127.0.0.1:8100/accounts/maria.garcia%40example.com`` and
``…/accounts/10042`` are both ``127.0.0.1/accounts/{}``. A schedule ``explore`` finds at one account then hits
every account, and no customer datum (an e-mail, an id) ends up in a seam name, a report or a saved schedule.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from windtunnel._util.lazyre import lazy

VARIABLE = "{}"
"""What a variable path segment is written as in a route (literal under ``fnmatch``, so a route is its own glob)."""

_VERSION = lazy(r"[vV]\d+(?:\.\d+)*")
_HEX_ID = lazy(r"[0-9a-fA-F]{8,}(?:-[0-9a-fA-F]+)*")


def is_variable(segment: str) -> bool:
    """Whether a path segment is a value rather than a name: a number, anything percent-encoded or with an ``@`` (an
    e-mail, free text), a hex id or uuid, or a token with two digits or more (``ORD-10002``, ``a1b2``); an API
    version (``v1``, ``v2.1``) and a word with at most one digit (``oauth2``, ``s3``) stay names.
    """
    if not segment or _VERSION.fullmatch(segment):
        return False
    if "%" in segment or "@" in segment:
        return True
    if _HEX_ID.fullmatch(segment) and any(c.isdigit() for c in segment):
        return True
    return sum(c.isdigit() for c in segment) >= 2 or segment.isdigit()


def route_name(url: str) -> str:
    """``host/path`` of ``url`` with each variable segment (see :func:`is_variable`) written ``{}``; no port, query
    or fragment (``http://127.0.0.1:8100/accounts/ann%40x.io?full=1`` → ``127.0.0.1/accounts/{}``)."""
    u = urlsplit(url)
    path = "/".join(VARIABLE if is_variable(s) else s for s in u.path.split("/"))
    return f"{u.hostname or ''}{path}"


def called_name(url: str) -> str:
    """``host/path`` of ``url`` as called (no port, query or fragment): what a ``tool`` glob written for one URL
    (``127.0.0.1/accounts/42``) is also matched against."""
    u = urlsplit(url)
    return f"{u.hostname or ''}{u.path}"


__all__ = ["VARIABLE", "called_name", "is_variable", "route_name"]
