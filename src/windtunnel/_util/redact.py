"""Secrets out of URLs: the one function every recorded or printed URL goes through.

Query parameters whose name looks like a credential (``api_key``, ``token``, ``X-Amz-Signature``,
``password``, ``auth`` ...) keep their name and lose their value; so does the password of URL userinfo
(``https://user:pass@host``), and a user name alone is dropped too (it is often a token). Headers never
reach a record in the first place.
"""

from __future__ import annotations

import re
from urllib.parse import SplitResult, urlsplit, urlunsplit

REDACTED = "REDACTED"

SECRET_WORDS = frozenset(
    {"key", "token", "secret", "password", "passwd", "pwd", "pass", "signature", "sig", "auth", "authorization",
     "credential", "credentials", "jwt", "bearer"}
)  # fmt: skip
"""Words of a query parameter name that mark it as a credential (``api_key``, ``X-Amz-Signature``, ``authToken``)."""
SECRET_SUFFIXES = ("apikey", "accesskey", "secretkey", "privatekey", "token", "secret", "password")
"""Endings of a one-word name that do the same (``apikey``, ``accesstoken``, ``clientsecret``)."""

_WORD_SPLIT = re.compile(r"[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])")


def secret_param(name: str) -> bool:
    """Whether a query parameter called ``name`` holds a credential."""
    words = [w.lower() for w in _WORD_SPLIT.split(name) if w]
    return any(w in SECRET_WORDS or w.endswith(SECRET_SUFFIXES) for w in words)


_QUERY_PAIR = re.compile(r"([^&=;]*)(=?)([^&;]*)")
_URL_IN_TEXT = re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\s'\"<>]+")


def _redact_query(query: str) -> str:
    def one(m: re.Match[str]) -> str:
        name, eq, value = m.group(1), m.group(2), m.group(3)
        if eq and value and secret_param(name):
            return f"{name}={REDACTED}"
        return m.group(0)

    return _QUERY_PAIR.sub(one, query)


def redact_url(url: str) -> str:
    """``url`` with credential-like query values and userinfo replaced by ``REDACTED``; other text unchanged."""
    if "?" not in url and "@" not in url and ";" not in url:
        return url
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    netloc = parts.netloc
    if "@" in netloc:
        _, _, hostport = netloc.rpartition("@")
        netloc = f"{REDACTED}@{hostport}"
    query = _redact_query(parts.query) if parts.query else parts.query
    if netloc == parts.netloc and query == parts.query:
        return url
    return urlunsplit(SplitResult(parts.scheme, netloc, parts.path, query, parts.fragment))


def redact_urls_in(text: str) -> str:
    """Every ``scheme://…`` URL inside free text (an error message, a log line) passed through :func:`redact_url`."""
    if "://" not in text:
        return text

    def one(m: re.Match[str]) -> str:
        url = m.group(0)
        core = url.rstrip(".,:;)]}")
        return redact_url(core) + url[len(core) :]

    return _URL_IN_TEXT.sub(one, text)
