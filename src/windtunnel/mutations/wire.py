"""What the transport-level mutation types do on the wire.

Each class implements :class:`~windtunnel.agents.base.TransportMutation`: the HTTP adapter hands it the
exact ``httpx.Request`` it would have sent and the ``httpx.AsyncClient`` to send it with, and gets the
response to judge. Objects are frozen dataclasses, so the same seed gives an equal object.

Every response carries ``response.extensions["windtunnel_transport"]``: a JSON-serialisable dict of
what was actually sent (the planned manipulation can degrade, e.g. duplicate JSON keys on a body that
is not a JSON object), plus burst statuses and slow-client timings.

Why on the wire and not by editing the prompt: these types test the agent's HTTP front door (its server's header
parsing, body limits, content-type handling, method routing, JSON parser), which a text mutation never reaches. So the
request the adapter would have sent, with its real URL, headers and template-filled body, is the starting point, and
each class changes one thing about *how* it is sent; the prompt itself is usually untouched. A server that crashes,
hangs or answers a different request than the one asked is what the cell's invariants then see.

Invariants a change must keep: every manipulation is recorded as it was actually sent, not as it was planned (a
degraded manipulation is still a run, and its report must not claim more than happened); body framing headers are
recomputed by httpx unless a type deliberately keeps them (:func:`rebuild`); sizes come from the generators in
:mod:`~windtunnel.mutations.transport`, drawn from fixed ranges, so a variant is as large as its ``args`` say and no
larger. httpx
itself is loaded on the first send, since ``validate`` imports the mutation registry and must not pay for it.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, quote

import orjson

from windtunnel._util.optional import optional_import
from windtunnel.mutations._common import corpus_run

if TYPE_CHECKING:
    import httpx

EXTENSION_KEY = "windtunnel_transport"
_FRAMING = (b"content-length", b"transfer-encoding")


def _json_object(body: bytes) -> dict[str, Any] | None:
    """The body as a JSON object, or ``None`` when it is empty, not JSON or not an object (the mutations that edit JSON
    fields then fall back to a form that works on raw bytes).
    """
    if not body.strip():
        return None
    try:
        value = orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    return value if isinstance(value, dict) else None


def _dumps(value: Any) -> bytes:
    """Compact JSON bytes (the form the agent adapters send)."""
    return orjson.dumps(value)


def rebuild(
    request: httpx.Request,
    *,
    method: str | None = None,
    url: httpx.URL | None = None,
    content: bytes | AsyncIterator[bytes] | None = None,
    add_headers: list[tuple[bytes, bytes]] | None = None,
    drop_headers: tuple[bytes, ...] = (),
    keep_length: bool = False,
) -> httpx.Request:
    """A copy of ``request`` with some parts replaced; body framing headers are recomputed by httpx.

    ``Content-Length`` and ``Transfer-Encoding`` are dropped so httpx frames the new body itself; with ``keep_length``
    only ``Transfer-Encoding`` is, for mutations that send the same body and want its length header kept.
    ``drop_headers`` removes headers the mutation replaces (``add_headers`` are appended after the kept ones). The
    request's extensions (timeouts) are carried over.
    """
    # httpx: a transport mutation runs only against an http agent; `validate` loads this module without it
    httpx = optional_import("httpx", purpose="transport mutations")
    drop = {h.lower() for h in drop_headers} | ({b"transfer-encoding"} if keep_length else set(_FRAMING))
    headers = [(k, v) for k, v in request.headers.raw if k.lower() not in drop]
    headers += add_headers or []
    return httpx.Request(
        method or request.method,
        url or request.url,
        headers=headers,
        content=request.content if content is None else content,
        extensions=dict(request.extensions),
    )


def _record(response: httpx.Response, kind: str, **sent: Any) -> httpx.Response:
    """Attach what was actually sent (``kind`` and the details in ``sent``) to the response under :data:`EXTENSION_KEY`,
    where the HTTP adapter and the report read it.
    """
    response.extensions[EXTENSION_KEY] = {"type": kind, **sent}
    return response


def _replace_prompt(value: Any, prompt: str, new: str) -> tuple[Any, int]:
    """``value`` with every occurrence of ``prompt`` in its strings replaced; and how many were.

    Walks a parsed JSON body (strings, lists, dict values; keys are left alone), since the adapter's template may put
    the prompt at any depth, or more than once. A count of 0 tells the caller the prompt appears in no string of the
    body (one that embeds it in a longer text counts), so its manipulation degrades and the record says so. An empty
    ``prompt`` replaces nothing.
    """
    if isinstance(value, str):
        n = value.count(prompt) if prompt else 0
        return (value.replace(prompt, new), n) if n else (value, 0)
    if isinstance(value, list):
        out, total = [], 0
        for v in value:
            r, n = _replace_prompt(v, prompt, new)
            out.append(r)
            total += n
        return out, total
    if isinstance(value, dict):
        obj, total = {}, 0
        for k, v in value.items():
            obj[k], n = _replace_prompt(v, prompt, new)
            total += n
        return obj, total
    return value, 0


def _splice_field(body: bytes, obj: dict[str, Any], key: str, raw: bytes) -> bytes:
    """``obj`` serialised with ``key`` set to the raw JSON bytes ``raw`` (built without a parse tree).

    The resource-exhaustion structures are thousands of levels deep, which no JSON encoder will serialise (orjson
    refuses past a few hundred), so the field is serialised as a placeholder string and the placeholder's bytes swapped
    for ``raw``. ``body`` is unused: the object is re-serialised compactly, the form the adapters send.
    """
    marker = f"__windtunnel_{id(raw)}__"
    encoded = _dumps({**obj, key: marker})
    return encoded.replace(_dumps(marker), raw, 1)


def _string_offset(body: bytes, prompt: str) -> int:
    """Offset just inside the first JSON string holding ``prompt`` (else the first string value), or -1.

    A byte offset into ``body``: the middle of the prompt's JSON-escaped text when it occurs, so bytes spliced there
    land inside a string value (where invalid UTF-8 tests the server's decoder rather than its JSON syntax); -1 when the
    body has no string value at all.
    """
    if prompt:
        needle = _dumps(prompt)[1:-1]
        at = body.find(needle)
        if at >= 0:
            return at + len(needle) // 2
    colon = body.find(b":")
    quote_at = body.find(b'"', colon + 1) if colon >= 0 else -1
    return quote_at + 1 if quote_at >= 0 else -1


# --- header injection ------------------------------------------------------------------------------


@dataclass(frozen=True)
class HeaderInjection:
    """Extra or hostile request headers: injected header values (CRLF, spoofed forwarding headers ...), a replaced
    ``Host``, one oversized header, or a flood of many headers. The body goes as it was (its length kept).
    """

    technique: str
    headers: tuple[tuple[str, str], ...] = ()
    replace_host: str | None = None
    padding_bytes: int = 0
    """Size of one ``X-Windtunnel-Padding`` header value (oversized header)."""
    flood_count: int = 0
    """Number of extra ``X-Windtunnel-<n>`` headers (header flood)."""

    def _all_headers(self) -> list[tuple[bytes, bytes]]:
        """The headers to add, in order: a replacement ``Host`` first, then the configured ones, the padding header and
        the flood.
        """
        extra = [(k.encode("ascii"), v.encode("utf-8")) for k, v in self.headers]
        if self.padding_bytes:
            extra.append((b"X-Windtunnel-Padding", b"A" * self.padding_bytes))
        extra += [(b"X-Windtunnel-%d" % i, b"v%d" % i) for i in range(self.flood_count)]
        if self.replace_host:
            extra.insert(0, (b"Host", self.replace_host.encode("ascii")))
        return extra

    def describe(self) -> str:
        """The technique, how many headers it adds, their names (the first six) and total size in bytes, and the
        replaced ``Host``.
        """
        extra = self._all_headers()
        names = sorted({k.decode() for k, _ in extra})
        shown = ", ".join(names[:6]) + (f", ... ({len(names)} names)" if len(names) > 6 else "")
        size = sum(len(k) + len(v) for k, v in extra)
        host = f"; Host replaced by {self.replace_host}" if self.replace_host else ""
        return f"{self.technique}: adds {len(extra)} header(s) [{shown}] ({size:,} bytes){host}"

    async def send(self, client: httpx.AsyncClient, request: httpx.Request) -> httpx.Response:
        """Send the request with the extra headers (the original ``Host`` dropped when it is replaced)."""
        await request.aread()  # a streamed request must be read before it can be rebuilt
        extra = self._all_headers()
        drop = (b"host",) if self.replace_host else ()
        response = await client.send(rebuild(request, add_headers=extra, drop_headers=drop, keep_length=True))
        return _record(response, "http_header_injection", technique=self.technique, headers_added=len(extra))


# --- payload size ----------------------------------------------------------------------------------


def _filler(size: int) -> str:
    """``size`` characters of plain prose from the built-in corpus: a padded body still reads as text, not as a run of
    one byte a server could compress or reject on sight.
    """
    unit = corpus_run(0, 4096) + " "
    return (unit * (size // len(unit) + 1))[:size]


@dataclass(frozen=True)
class PayloadSize:
    """A request body grown by ``size_bytes``: the prompt itself inflated, whitespace around the JSON, or an extra
    padding field; a body that is not a JSON object gets text appended.
    """

    technique: str
    size_bytes: int
    prompt: str

    def describe(self) -> str:
        """The technique and how much the body grows, in MiB."""
        return f"{self.technique}: request body grows by about {self.size_bytes / 1048576:.1f} MiB"

    def _body(self, body: bytes) -> tuple[bytes, str]:
        """The grown body and the technique actually applied (it degrades to ``padding_field`` when the prompt is not in
        the body, and to ``appended_text`` when the body is not a JSON object).
        """
        obj = _json_object(body)
        if obj is None:
            return body + b"\n" + _filler(self.size_bytes).encode(), "appended_text"
        if self.technique == "whitespace_padding":
            half = self.size_bytes // 2
            return b" " * half + body + b"\n" * (self.size_bytes - half), self.technique
        if self.technique == "inflated_prompt" and self.prompt:
            grown = self.prompt + " " + _filler(self.size_bytes)
            new, n = _replace_prompt(obj, self.prompt, grown)
            if n:
                return _dumps(new), self.technique
        return _dumps({**obj, "_windtunnel_padding": _filler(self.size_bytes)}), "padding_field"

    async def send(self, client: httpx.AsyncClient, request: httpx.Request) -> httpx.Response:
        """Send the grown body (framing headers recomputed)."""
        await request.aread()  # a streamed request must be read before it can be rebuilt
        body, applied = self._body(request.content)
        response = await client.send(rebuild(request, content=body))
        return _record(response, "payload_size_attack", technique=applied, body_bytes=len(body))


# --- content type ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ContentTypeConfusion:
    """The same body under another ``Content-Type`` (or none), testing whether the server parses by the header or by
    sniffing.
    """

    content_type: str | None
    """The Content-Type to send; ``None`` sends none at all."""

    def describe(self) -> str:
        """The ``Content-Type`` sent, or that it is removed."""
        if self.content_type is None:
            return "same body, Content-Type header removed"
        return f"same body, sent as Content-Type: {self.content_type!r}"

    async def send(self, client: httpx.AsyncClient, request: httpx.Request) -> httpx.Response:
        """Send the request with its ``Content-Type`` replaced or removed."""
        await request.aread()  # a streamed request must be read before it can be rebuilt
        extra = [] if self.content_type is None else [(b"Content-Type", self.content_type.encode("ascii"))]
        req = rebuild(request, add_headers=extra, drop_headers=(b"content-type",), keep_length=True)
        response = await client.send(req)
        return _record(response, "content_type_confusion", content_type=self.content_type)


# --- query parameters ------------------------------------------------------------------------------


@dataclass(frozen=True)
class QueryPoisoning:
    """Extra query parameters: injection payloads, parameter pollution (existing names repeated), pre-encoded values
    (double encoding, ``%00``) and an oversized query string.
    """

    technique: str
    params: tuple[tuple[str, str], ...]
    duplicate_existing: bool = False
    """Also repeat every parameter the request already has, with the first injected value."""
    raw: bool = False
    """Values are already percent-encoded (double encoding, ``%00``) and are sent as they are."""
    padding_bytes: int = 0
    """Length of an extra ``pad=AAAA...`` parameter (oversized query string)."""

    def describe(self) -> str:
        """The technique, how many parameters it adds and their size in characters, and whether existing ones repeat."""
        dup = " and repeats existing parameters" if self.duplicate_existing else ""
        size = sum(len(k) + len(v) for k, v in self.params) + self.padding_bytes
        n = len(self.params) + (1 if self.padding_bytes else 0)
        return f"{self.technique}: adds {n} query parameter(s) ({size:,} chars){dup}"

    def _query(self, existing: bytes) -> bytes:
        """The new query string: the existing one followed by the injected pairs (percent-encoded unless ``raw``), the
        padding and the repeated existing names.
        """
        enc = (lambda s: s) if self.raw else (lambda s: quote(s, safe="[]$"))
        pairs = [f"{quote(k, safe='[]$')}={enc(v)}" for k, v in self.params]
        if self.padding_bytes:
            pairs.append("pad=" + "A" * self.padding_bytes)
        if self.duplicate_existing and self.params:
            for k, _ in parse_qsl(existing.decode("ascii", "replace"), keep_blank_values=True):
                pairs.append(f"{quote(k, safe='[]$')}={enc(self.params[0][1])}")
        added = "&".join(pairs).encode("ascii")
        return existing + b"&" + added if existing else added

    async def send(self, client: httpx.AsyncClient, request: httpx.Request) -> httpx.Response:
        """Send the request with the poisoned query string."""
        await request.aread()  # a streamed request must be read before it can be rebuilt
        query = self._query(request.url.query)
        response = await client.send(rebuild(request, url=request.url.copy_with(query=query), keep_length=True))
        return _record(response, "query_parameter_poisoning", technique=self.technique, query_bytes=len(query))


# --- request method --------------------------------------------------------------------------------

METHOD_ORDER = ("GET", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "TRACE", "PROPFIND", "FOO")


@dataclass(frozen=True)
class MethodSwap:
    """The same request under another HTTP method, or under its own method with a method-override header
    (``X-HTTP-Method-Override`` ...).
    """

    method: str
    override_header: str | None = None
    """With a header name: keep the method, ask for ``method`` through that override header."""

    def describe(self) -> str:
        """The method sent, or the override header and the method it asks for."""
        if self.override_header:
            return f"same request with {self.override_header}: {self.method}"
        return f"same URL, headers and body sent as {self.method} (another method if it already is one)"

    async def send(self, client: httpx.AsyncClient, request: httpx.Request) -> httpx.Response:
        """Send with the override header, or with ``method`` (the next one in :data:`METHOD_ORDER` when the request
        already uses it, so the method always changes).
        """
        await request.aread()  # a streamed request must be read before it can be rebuilt
        if self.override_header:
            extra = [(self.override_header.encode("ascii"), self.method.encode("ascii"))]
            response = await client.send(rebuild(request, add_headers=extra, keep_length=True))
            return _record(response, "request_method_attack", method=request.method, override=self.method)
        method = self.method
        if method == request.method:
            method = METHOD_ORDER[(METHOD_ORDER.index(method) + 1) % len(METHOD_ORDER)]
        response = await client.send(rebuild(request, method=method, keep_length=True))
        return _record(response, "request_method_attack", method=method, original_method=request.method)


# --- protocol level --------------------------------------------------------------------------------

INVALID_UTF8 = {
    "ff_fe": b"\xff\xfe",
    "overlong_slash": b"\xc0\xaf",
    "lone_continuation": b"\x80",
    "surrogate_half": b"\xed\xa0\x80",
    "truncated_sequence": b"\xe2\x82",
}


async def _chunks(body: bytes, seed: int, lo: int, hi: int) -> AsyncIterator[bytes]:
    """``body`` in pieces of ``lo``-``hi`` bytes with seeded sizes, sent as a chunked stream (odd boundaries split UTF-8
    sequences and JSON tokens).
    """
    rng = random.Random(seed)
    i = 0
    while i < len(body):
        n = rng.randint(lo, hi)
        yield body[i : i + n]
        i += n


@dataclass(frozen=True)
class ProtocolAttack:
    """Malformed or unusual framing of the same request: duplicate JSON keys, odd chunk boundaries, invalid UTF-8, a
    byte-order mark, a NUL byte, a false ``Content-Encoding``, ``Expect: 100-continue``.
    """

    technique: str
    prompt: str
    seed: int
    injected: str = ""
    """The competing value for duplicate keys, or the name of the invalid byte sequence."""
    injected_first: bool = True

    def describe(self) -> str:
        """The technique and what it does to the request, in words."""
        what = {
            "duplicate_json_keys": "the prompt's JSON key appears twice with different values",
            "chunked_odd_boundaries": "body sent chunked in 1-7 byte pieces that split UTF-8 sequences",
            "invalid_utf8": f"invalid UTF-8 bytes ({self.injected}) inside a JSON string",
            "utf8_bom": "body prefixed with a UTF-8 byte-order mark",
            "nul_byte": "a raw NUL byte inside a JSON string",
            "false_content_encoding": "Content-Encoding: gzip on an uncompressed body",
            "expect_continue": "Expect: 100-continue with the body sent immediately",
        }[self.technique]
        return f"{self.technique}: {what}"

    def _duplicate_keys(self, body: bytes) -> bytes | None:
        """The body with the prompt's key (else the first string key) written twice, the competing value first or last;
        ``None`` when the body is not a non-empty JSON object.
        """
        obj = _json_object(body)
        if not obj:
            return None
        key = next((k for k, v in obj.items() if isinstance(v, str) and self.prompt and self.prompt in v), None)
        key = key or next((k for k, v in obj.items() if isinstance(v, str)), None) or next(iter(obj))
        pair = _dumps({key: self.injected})[1:-1]
        encoded = _dumps(obj)
        if self.injected_first:
            return b"{" + pair + b"," + encoded[1:]
        return encoded[:-1] + b"," + pair + b"}"

    async def send(self, client: httpx.AsyncClient, request: httpx.Request) -> httpx.Response:
        """Send the request broken by ``technique``; duplicate keys degrade to invalid UTF-8 on a body that is not a
        JSON object, and the record says which technique was applied.
        """
        await request.aread()  # a streamed request must be read before it can be rebuilt
        body = request.content
        applied, extra_headers = self.technique, []
        content: bytes | AsyncIterator[bytes] = body
        if self.technique == "duplicate_json_keys":
            dup = self._duplicate_keys(body)
            if dup is None:
                applied, content = "invalid_utf8", body + INVALID_UTF8["ff_fe"]
            else:
                content = dup
        elif self.technique == "chunked_odd_boundaries":
            content = _chunks(body, self.seed, 1, 7)
        elif self.technique in ("invalid_utf8", "nul_byte"):
            raw = INVALID_UTF8.get(self.injected, b"\xff") if self.technique == "invalid_utf8" else b"\x00"
            at = _string_offset(body, self.prompt) if _json_object(body) is not None else -1
            content = body[:at] + raw + body[at:] if at >= 0 else body + raw
        elif self.technique == "utf8_bom":
            content = b"\xef\xbb\xbf" + body
        elif self.technique == "false_content_encoding":
            extra_headers = [(b"Content-Encoding", b"gzip")]
        else:
            extra_headers = [(b"Expect", b"100-continue")]
        req = rebuild(request, content=content, add_headers=extra_headers)
        response = await client.send(req)
        size = len(content) if isinstance(content, bytes) else len(body)
        return _record(response, "protocol_level_attack", technique=applied, body_bytes=size)


# --- resource exhaustion ---------------------------------------------------------------------------


def exhaustion_structure(technique: str, size: int) -> bytes:
    """Raw JSON for ``technique``: ``size`` levels of nesting, array elements, or object keys."""
    if technique == "deep_array_nesting":
        return b"[" * size + b"]" * size
    if technique == "deep_object_nesting":
        return b'{"a":' * size + b"0" + b"}" * size
    if technique == "huge_array":
        return b"[" + b"0," * (size - 1) + b"0]"
    return b"{" + b",".join(b'"k%d":%d' % (i, i) for i in range(size)) + b"}"


@dataclass(frozen=True)
class ResourceExhaustion:
    """An extra JSON field built to exhaust a parser: deep array or object nesting, a huge array, or many keys.

    Recursive-descent JSON parsers (the default in many web stacks) overflow their stack on deep nesting, and a
    parser without limits spends memory and time in proportion to elements and keys. The field is added beside the
    agent's own fields rather than replacing them, so a server that bounds its input still gets a request it can
    answer, and the cell shows whether it did. ``size`` is levels, elements or keys, per ``technique``.
    """

    technique: str
    size: int

    def describe(self) -> str:
        """The structure and its size (levels, elements or keys)."""
        unit = {
            "deep_array_nesting": "levels of [ ] nesting",
            "deep_object_nesting": "levels of {} nesting",
            "huge_array": "array elements",
            "many_keys": "object keys",
        }[self.technique]
        return f"{self.technique}: extra JSON field with {self.size:,} {unit}"

    async def send(self, client: httpx.AsyncClient, request: httpx.Request) -> httpx.Response:
        """Send the body with the structure spliced in as a ``_windtunnel_context`` field (appended after the body when
        it is not a JSON object).
        """
        await request.aread()  # a streamed request must be read before it can be rebuilt
        raw = exhaustion_structure(self.technique, self.size)
        obj = _json_object(request.content)
        body = (
            _splice_field(request.content, obj, "_windtunnel_context", raw)
            if obj is not None
            else (request.content + b"\n" + raw)
        )
        response = await client.send(rebuild(request, content=body))
        return _record(
            response,
            "resource_exhaustion",
            technique=self.technique,
            size=self.size,
            body_bytes=len(body),
            body_was_json_object=obj is not None,
        )
