"""Secrets out of everything windtunnel records or prints: the one redaction mechanism.

* **URLs** (:func:`redact_url`, :func:`redact_urls_in`): query and fragment parameters whose name looks like a
  credential (``api_key``, ``api%5Fkey``, ``token``, ``X-Amz-Signature``, ``password``, ``auth``, an OAuth
  ``code`` ...) keep their name and lose their value (``#access_token=`` too); so does the password of URL
  userinfo (``https://user:pass@host``), and a user name alone is dropped too (it is often a token).
* **Named values** (:func:`redact_value`): in a mapping (tool-call arguments, a JSON body), the value of a key
  named like a credential (``api_key``, ``password``, ``Authorization``) becomes ``REDACTED``.
* **Known secrets** (:func:`remember_secret`): the value of every ``${VAR}`` expanded from the environment
  whose name looks like a credential (``${OPENAI_API_KEY}``, ``${SECRET}``) is replaced wherever it shows up.

:func:`redact_record` applies all three to a record (a report row, a run's metadata) and is called where data
enters the run store and the reports (:mod:`windtunnel.engine.sink`, :mod:`windtunnel.engine.report`,
:mod:`windtunnel.store.runstore`), so no renderer needs to. Headers never reach a record in the first place.
"""

from __future__ import annotations

import functools
import re
from typing import Any
from urllib.parse import SplitResult, unquote, urlsplit, urlunsplit

from windtunnel._util.jsondump import dumps
from windtunnel._util.jsonsafe import MAX_DEPTH
from windtunnel._util.lazyre import lazy

REDACTED = "REDACTED"

SECRET_WORDS = frozenset(
    {"key", "token", "secret", "password", "passwd", "pwd", "pass", "signature", "sig", "auth", "authorization",
     "credential", "credentials", "jwt", "bearer"}
)  # fmt: skip
"""Words of a query parameter name that mark it as a credential (``api_key``, ``X-Amz-Signature``, ``authToken``)."""
SECRET_SUFFIXES = ("apikey", "accesskey", "secretkey", "privatekey", "token", "secret", "password")
"""Endings of a one-word name that do the same (``apikey``, ``accesstoken``, ``clientsecret``)."""

_WORD_SPLIT = lazy(r"[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])")


SECRET_NAMES = frozenset({"code", "otp", "sid", "session", "sessionid", "cookie", "set-cookie", "private_key"})
"""Whole names that hold a credential although none of their words says so (an OAuth ``code``, a session id)."""


@functools.lru_cache(maxsize=4096)
def secret_param(name: str) -> bool:
    """Whether a query parameter, argument or key called ``name`` holds a credential (``api%5Fkey`` is read as
    ``api_key``).

    Names are split into words (``X-Amz-Signature``, ``clientSecret``, ``api_key``) so a credential word anywhere
    in the name counts; exact names that are credentials in context (an OAuth ``code``) are listed apart. Cached:
    the same few keys (``prompt``, ``args``, ``query``) come back in every record."""
    if "%" in name or "+" in name:
        name = unquote(name.replace("+", " "))
    if name.strip().lower() in SECRET_NAMES:
        return True
    words = [w.lower() for w in _WORD_SPLIT.split(name) if w]
    return any(w in SECRET_WORDS or w.endswith(SECRET_SUFFIXES) for w in words)


_QUERY_PAIR = lazy(r"([^&=;]*)(=?)([^&;]*)")
_URL_IN_TEXT = lazy(r"\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\s'\"<>]+")


def _redact_query(query: str) -> str:
    """A query string with the values of secret-looking parameters (``api_key``, ``token`` ...) replaced; names,
    order and every other value kept, so the URL still reads as what was called."""

    def one(m: re.Match[str]) -> str:
        """One ``name=value`` pair, its value blanked when the name looks secret."""
        name, eq, value = m.group(1), m.group(2), m.group(3)
        if eq and value and secret_param(name):
            return f"{name}={REDACTED}"
        return m.group(0)

    return _QUERY_PAIR.sub(one, query)


def redact_url(url: str) -> str:
    """``url`` with credential-like query and fragment values and userinfo replaced by ``REDACTED``; other
    text unchanged."""
    if "?" not in url and "@" not in url and ";" not in url and "#" not in url:
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
    fragment = _redact_query(parts.fragment) if "=" in parts.fragment else parts.fragment  # #access_token=
    if netloc == parts.netloc and query == parts.query and fragment == parts.fragment:
        return url
    return urlunsplit(SplitResult(parts.scheme, netloc, parts.path, query, fragment))


def redact_urls_in(text: str) -> str:
    """Every ``scheme://…`` URL inside free text (an error message, a log line) passed through :func:`redact_url`."""
    if "://" not in text:
        return text

    def one(m: re.Match[str]) -> str:
        """One URL found in the text, redacted; trailing punctuation of the sentence is kept outside it."""
        url = m.group(0)
        core = url.rstrip(".,:;)]}")
        return redact_url(core) + url[len(core) :]

    return _URL_IN_TEXT.sub(one, text)


MIN_SECRET_CHARS = 6
"""A remembered secret shorter than this is not searched for (it would blank ordinary words)."""
_known: set[str] = set()
_BARE_PAIR = lazy(r"(?<![\w%])((?:[A-Za-z0-9_.-]|%[0-9A-Fa-f]{2})+)=([^\s&;#'\"<>]+)")


def remember_secret(value: str) -> None:
    """Redact ``value`` from now on wherever :func:`redact_text` sees it (the value of a ``${SECRET}``)."""
    if len(value) >= MIN_SECRET_CHARS:
        _known.add(value)


def redact_text(text: str) -> str:
    """``text`` with known secrets, credential URL parts and bare ``api_key=…`` pairs replaced by ``REDACTED``."""
    for secret in _known:
        if secret in text:
            text = text.replace(secret, REDACTED)
    text = redact_urls_in(text)
    if "=" in text:
        text = _BARE_PAIR.sub(_bare_pair, text)
    return text


def _bare_pair(m: re.Match[str]) -> str:
    """A ``name=value`` in free text, its value blanked only for credential words: in prose ``code=`` or ``session=``
    is too common to blank, and over-redacting makes errors unreadable."""
    name = m.group(1)  # in prose, "code=" or "session=" is too common to blank: only credential words count
    if unquote(name).strip().lower() not in SECRET_NAMES and secret_param(name):
        return f"{name}={REDACTED}"
    return m.group(0)


def redact_value(value: Any, _depth: int = 0) -> Any:
    """A copy of ``value`` (str, list, dict ...) with :func:`redact_text` on every string and every string value of a
    credential-named key replaced by ``REDACTED``; values nested deeper than the JSON bound are left as they are.

    Only string values of such keys are blanked: a numeric or structured value under ``token`` is walked instead,
    so a key that merely sounds secret does not hide a whole object."""
    if isinstance(value, str):
        return redact_text(value)
    if _depth > MAX_DEPTH:
        return value
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():  # strings and numbers in place: most values of a row, without a call each
            if isinstance(v, str):
                out[k] = REDACTED if isinstance(k, str) and secret_param(k) else redact_text(v)
            else:
                out[k] = v if type(v) in _SCALARS else redact_value(v, _depth + 1)
        return out
    if isinstance(value, (list, tuple)):
        return [v if type(v) in _SCALARS and not isinstance(v, str) else redact_value(v, _depth + 1) for v in value]
    return value


_SCALARS = frozenset({str, int, float, bool, type(None)})
"""Exact types of values that hold no key: a container of only these is not walked (a subclass of one is)."""


def _in_json(secret: str) -> bytes:
    """``secret`` as it reads inside a JSON string written by :func:`~windtunnel._util.jsondump.dumps` (a ``"``
    or ``\\`` escaped, a control character as ``\\n`` or ``\\u0001``); ``b""``, found in any bytes, when JSON
    cannot hold it (a lone surrogate), so such a secret sends every record to the walk."""
    try:
        return _JSON_FORMS[secret]
    except KeyError:
        pass
    try:
        form = dumps(secret)[1:-1]
    except TypeError:
        form = b""
    _JSON_FORMS[secret] = form
    return form


_JSON_FORMS: dict[str, bytes] = {}
"""Each remembered secret's :func:`_in_json` form (a handful: one per ``${SECRET}`` expanded)."""


_PLAIN_NAMES: set[str] = set()
"""Keys already judged not credential-like (``id``, ``prompt``, ``tone`` ...): a dict whose keys all are here needs
no key judged (one set operation in C), which is nearly every dict of a cell row."""
_MAX_PLAIN_NAMES = 4096
_CONTAINERS = (dict, list, tuple)


def _own_keys_name_a_secret(value: dict[Any, Any]) -> bool:
    """Whether a credential-named key of ``value`` itself holds a string (its values are not looked into)."""
    if _PLAIN_NAMES.issuperset(value):
        return False
    for k, v in value.items():
        if not isinstance(k, str) or k in _PLAIN_NAMES:
            continue
        if secret_param(k):
            if isinstance(v, str):
                return True
        elif len(_PLAIN_NAMES) < _MAX_PLAIN_NAMES:
            _PLAIN_NAMES.add(k)
    return False


def _names_a_secret(value: Any, depth: int = 0) -> bool:
    """Whether :func:`redact_value` would blank a string under a credential-named key somewhere in ``value``: the
    one change it makes that no character of the serialised record announces. Walks the containers the way
    :func:`redact_value` does (to the same depth); a key is judged once (:data:`_PLAIN_NAMES`), and a container
    of plain strings and numbers is passed over with one set operation instead of a look at each value."""
    if isinstance(value, dict):
        if _own_keys_name_a_secret(value):
            return True
        values: Any = value.values()
    elif isinstance(value, (list, tuple)):
        values = value
    else:
        return False
    if depth < MAX_DEPTH and not _SCALARS.issuperset(map(type, values)):
        for v in values:
            if isinstance(v, _CONTAINERS) and _names_a_secret(v, depth + 1):
                return True
    return False


_EQUALS, _SLASH = ord("="), ord("/")


def may_need_redaction(record: Any, raw: bytes, foreign: list[Any] | None = None, *, flat: bool = False) -> bool:
    """Whether :func:`redact_value` could change ``record``, whose JSON (from
    :func:`~windtunnel._util.jsondump.dumps`) is ``raw``: ``False`` is a guarantee, so a record with nothing to hide
    (nearly every cell row) is stored as it is, without a copy.

    :func:`redact_value` changes a string only if it holds a ``=`` (a ``name=value`` pair), a ``://`` (a URL) or
    a remembered secret, and those bytes show in ``raw`` wherever the string is: a ``memchr`` for ``=`` and for
    ``/`` (most rows have neither), a substring search only then. The one other change, a string under a
    credential-named key (``"api_key": "…"``), is looked for in the keys (:func:`_names_a_secret`): of all of
    ``record``, or of ``foreign`` only, the parts of it whose keys windtunnel did not write itself, when the caller
    knows them (:func:`windtunnel.engine.report.foreign_keyed` for a cell row); ``flat``: ``foreign`` is a list of
    dicts with no dict anywhere below them (the caller counted the ``{`` in ``raw``), so their own keys are all
    there is to judge. No pattern runs over the row: issue #28's per-cell budget."""
    if _EQUALS in raw or (_SLASH in raw and b"://" in raw):
        return True
    for secret in _known:
        if _in_json(secret) in raw:
            return True
    if foreign is None:
        return _names_a_secret(record)
    if flat:
        return any(map(_own_keys_name_a_secret, foreign))
    return _names_a_secret(foreign)


def redact_record(record: Any) -> Any:
    """:func:`redact_value` when ``record`` may hold a secret, else ``record`` itself (the usual case, cheaply).

    Called once per stored row: serialising the record and checking its bytes and keys (:func:`may_need_redaction`)
    is much cheaper than walking every value, and a row with nothing to hide (most of them) is returned unchanged,
    without a copy."""
    try:
        raw = dumps(record)
    except TypeError:
        return redact_value(record)
    return redact_value(record) if may_need_redaction(record, raw) else record


def redact_serialised(
    record: Any, raw: bytes, foreign: list[Any] | None = None, *, flat: bool = False
) -> tuple[Any, bytes]:
    """:func:`redact_record` for a record already serialised as ``raw`` (by :func:`~windtunnel._util.jsondump.dumps`):
    ``(record, raw)`` unchanged when nothing in it can need redaction (nearly always), else the redacted record and
    its JSON. ``foreign`` and ``flat``: as for :func:`may_need_redaction`.

    For the run's hot path (:class:`windtunnel.engine.sink.ResultSink`), which serialises each row anyway: the check
    reads those bytes instead of serialising the row a second time."""
    if not may_need_redaction(record, raw, foreign, flat=flat):
        return record, raw
    record = redact_value(record)
    return record, dumps(record)
