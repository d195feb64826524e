"""The one check of a URL windtunnel will send HTTP to: scheme, host, port and IPv6 literal.

Every config field that holds such a URL (an HTTP agent's endpoints, an OpenAI-compatible ``base_url``,
the mutation model's ``base_url``) validates through :func:`check_http_url`, so ``validate`` refuses what
``run`` could not reach (or would crash on) with the key and the fix.
"""

from __future__ import annotations

from urllib.parse import urlsplit

HTTP_SCHEMES = ("http", "https")


def check_http_url(value: str | None, key: str) -> str | None:
    """``value`` when it is an ``http://`` or ``https://`` URL with a host and a valid port, else a ``ValueError``
    naming ``key``. A value holding ``${ENV}`` is checked only where it is literal (expanded at run time);
    a value without ``://`` is left to the field's own checks."""
    if value is None or "://" not in value:
        return value
    scheme, rest = value.split("://", 1)
    if "${" not in scheme and scheme.lower() not in HTTP_SCHEMES:
        raise ValueError(
            f"a {scheme}:// URL ({value!r}) cannot be reached over HTTP: write http:// or https:// in {key}"
        )
    authority = rest.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
    if "${" in authority:
        return value
    try:
        parts = urlsplit(value)
        port = parts.port  # raises ValueError when out of 0..65535 or not a number
    except ValueError as err:
        raise ValueError(
            f"{value!r} is not a valid URL ({err}); write {key} as e.g. http://127.0.0.1:8000/chat"
        ) from None
    if not parts.hostname:
        raise ValueError(f"{value!r} has no host; write the host after '//' in {key}, e.g. http://127.0.0.1:8000/chat")
    if port == 0:
        raise ValueError(
            f"{value!r} has port 0, which cannot be connected to; write the port the server listens on in {key}"
        )
    return value
