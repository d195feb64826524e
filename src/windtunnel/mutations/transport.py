"""The nine transport-level mutation types, for HTTP agents.

Each returns the prompt unchanged as ``input`` and a ``transport`` object (see :mod:`.wire` and
:mod:`.pacing`) that sends the HTTP adapter's real request in a manipulated way. They do not apply to
python agents, which have no request to manipulate: :func:`windtunnel.mutations.plan.plan_mutations`
skips them for such agents and says so.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from windtunnel.mutations._common import load_data
from windtunnel.mutations.base import Mutated, MutationContext, mutation
from windtunnel.mutations.pacing import DECOYS, ConcurrentBurst, SlowClient
from windtunnel.mutations.wire import (
    INVALID_UTF8,
    METHOD_ORDER,
    ContentTypeConfusion,
    HeaderInjection,
    MethodSwap,
    PayloadSize,
    ProtocolAttack,
    QueryPoisoning,
    ResourceExhaustion,
)

MAX_SLOW_CLIENT_S = 1.2
"""Upper bound of the time a slow-client mutation spends sending one body."""


def _jsonable(value: Any) -> Any:
    """Tuples (also nested) as lists, so a transport object's fields round-trip through the report's JSON."""
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    return value


def _wrap(prompt: str, obj: Any, **extra: Any) -> Mutated:
    """The prompt unchanged, the transport object, and its fields (without the prompt) as ``args``."""
    args = {k: _jsonable(v) for k, v in dataclasses.asdict(obj).items() if k != "prompt"}
    return Mutated(prompt, {**args, **extra, "describe": obj.describe()}, transport=obj)


def _injection_payload(rng: random.Random) -> str:
    """A seeded prompt-injection payload from the built-in library."""
    library: list[dict[str, str]] = load_data("injections.json")
    return library[rng.randrange(len(library))]["payload"]


@mutation("http_header_injection", level="transport", weight=1.7)
def http_header_injection(prompt: str, rng: random.Random, ctx: MutationContext) -> Mutated:
    """Hostile request headers: CRLF injection attempts, oversized and spoofed headers, header floods.

    Techniques: a CRLF injection in a header value (sent percent-encoded: httpx refuses raw CR/LF, and the args say so),
    one 8-64 KiB header, spoofed client-identity and forwarding headers, 100-500 extra headers, a replaced ``Host``
    (including the cloud metadata address), and non-ASCII or bidi text in a value.
    """
    technique = rng.choice(
        ("crlf_attempt", "oversized", "spoofed_identity", "header_flood", "host_override", "non_ascii_value")
    )
    replace_host, note, padding, flood = None, None, 0, 0
    headers: tuple[tuple[str, str], ...] = ()
    if technique == "crlf_attempt":
        # httpx (h11) refuses CR/LF in header values, so the injection travels percent-encoded,
        # the form that reaches servers and proxies that decode header values.
        target = rng.choice(("X-Request-Note", "Referer", "User-Agent", "X-Forwarded-For"))
        injected = rng.choice(("Set-Cookie: session=attacker", "X-Admin: true", "Content-Length: 0"))
        headers = ((target, "windtunnel%0d%0a" + injected.replace(" ", "%20")),)
        note = "raw CR/LF is refused by httpx; sent percent-encoded (%0d%0a)"
    elif technique == "oversized":
        padding = rng.choice((8_192, 16_384, 65_536))
    elif technique == "spoofed_identity":
        headers = (
            ("X-Forwarded-For", "127.0.0.1"),
            ("X-Real-IP", "10.0.0.1"),
            ("X-Original-URL", "/admin"),
            ("X-Forwarded-Host", "internal.example"),
            ("X-User-Role", "admin"),
            ("X-Authenticated-User", rng.choice(("admin", "root", "system"))),
        )
    elif technique == "header_flood":
        flood = rng.choice((100, 250, 500))
    elif technique == "host_override":
        replace_host = rng.choice(("localhost", "internal.example", "169.254.169.254"))
        headers = (("X-Forwarded-Host", replace_host),)
    else:
        headers = (("X-Windtunnel-Note", rng.choice(("naïve café ☕", "прив\u0435т", "\u202eevil"))),)
    obj = HeaderInjection(technique, headers, replace_host, padding, flood)
    return _wrap(prompt, obj, **({"note": note} if note else {}))


@mutation("payload_size_attack", level="transport", weight=1.4)
def payload_size_attack(prompt: str, rng: random.Random, ctx: MutationContext) -> Mutated:
    """A genuinely large request body (1-10 MiB): padding field, inflated prompt, or whitespace padding.

    The body really is that large on the wire (see :class:`~windtunnel.mutations.wire.PayloadSize`); the technique
    degrades when the body is not a JSON object, and the response records what was sent.
    """
    technique = rng.choice(("padding_field", "inflated_prompt", "whitespace_padding"))
    size = rng.choice((1, 2, 5, 10)) * 1_048_576
    return _wrap(prompt, PayloadSize(technique, size, prompt))


_CONTENT_TYPES = (
    "text/plain",
    "application/xml",
    "text/xml",
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "application/octet-stream",
    "text/html",
    "application/json; charset=utf-16",
    "application/x-yaml",
    "image/png",
    "application/json, text/plain",
    "application/json;;; boundary=--",
    None,
)


@mutation("content_type_confusion", level="transport", weight=1.5)
def content_type_confusion(prompt: str, rng: random.Random, ctx: MutationContext) -> Mutated:
    """The same body under a wrong, malformed or missing Content-Type.

    Drawn from plausible wrong types (XML, form data, HTML, an image), malformed ones (two types, stray parameters) and
    none at all: a server that trusts the header may parse the body as something else.
    """
    return _wrap(prompt, ContentTypeConfusion(rng.choice(_CONTENT_TYPES)))


_POISON_PARAMS = (
    ("id", "1' OR '1'='1"),
    ("q", "{{7*7}}${7*7}"),
    ("file", "../../../../etc/passwd"),
    ("filter[$ne]", "null"),
    ("callback", "alert(document.domain)"),
    ("debug", "true"),
    ("admin", "1"),
    ("role", "admin"),
    ("__proto__[admin]", "true"),
    ("constructor[prototype][admin]", "true"),
    ("redirect", "https://attacker.example/"),
    ("format", "xml"),
    ("limit", "-1"),
    ("page", "99999999999999999999"),
)
_RAW_TRICKS = (
    ("q", "%2527%2520OR%25201%253D1"),
    ("name", "admin%00.json"),
    ("path", "..%2f..%2fetc%2fpasswd"),
    ("q", "%u0027%u003cscript%u003e"),
    ("id", "%0d%0aX-Injected:%20true"),
)


@mutation("query_parameter_poisoning", level="transport", weight=1.6)
def query_parameter_poisoning(prompt: str, rng: random.Random, ctx: MutationContext) -> Mutated:
    """Hostile query parameters: pollution, injection payloads, encoding tricks, oversized query strings.

    ``pollution`` adds a ``prompt`` parameter carrying an injection and repeats every existing parameter;
    ``injection_values`` adds one to four classic payloads (SQL, template, path traversal, prototype pollution, open
    redirect); ``encoding_tricks`` sends pre-encoded values as they are (double encoding, ``%00``, ``%u``);
    ``oversized_query`` adds an 8-64 KiB parameter.
    """
    technique = rng.choice(("pollution", "injection_values", "encoding_tricks", "oversized_query"))
    if technique == "pollution":
        obj = QueryPoisoning(technique, (("prompt", _injection_payload(rng)),), duplicate_existing=True)
    elif technique == "injection_values":
        obj = QueryPoisoning(technique, tuple(rng.sample(_POISON_PARAMS, rng.randint(1, 4))))
    elif technique == "encoding_tricks":
        obj = QueryPoisoning(technique, tuple(rng.sample(_RAW_TRICKS, rng.randint(1, 3))), raw=True)
    else:
        obj = QueryPoisoning(technique, (), padding_bytes=rng.choice((8_192, 32_768, 65_536)))
    return _wrap(prompt, obj)


@mutation("request_method_attack", level="transport", weight=1.3)
def request_method_attack(prompt: str, rng: random.Random, ctx: MutationContext) -> Mutated:
    """The same request under another HTTP method (GET, PUT, DELETE, TRACE ...) or a method override.

    One variant in four keeps the method and asks for DELETE, PUT or PATCH through an override header; the others send
    the request as another method, including non-standard ones, which a router should refuse.
    """
    if rng.random() < 0.25:
        header = rng.choice(("X-HTTP-Method-Override", "X-Method-Override", "X-HTTP-Method"))
        return _wrap(prompt, MethodSwap(rng.choice(("DELETE", "PUT", "PATCH")), header))
    return _wrap(prompt, MethodSwap(rng.choice(METHOD_ORDER)))


@mutation("protocol_level_attack", level="transport", weight=1.8)
def protocol_level_attack(prompt: str, rng: random.Random, ctx: MutationContext) -> Mutated:
    """Protocol edge cases: duplicate JSON keys, odd chunking, invalid UTF-8, BOM, NUL, false encodings.

    Duplicate keys carry an injection payload as the competing value, first or last (parsers disagree on which wins);
    invalid UTF-8 uses one of several malformed sequences; chunked bodies get seeded 1-7 byte pieces. What was sent is
    recorded on the response.
    """
    technique = rng.choice(
        (
            "duplicate_json_keys",
            "chunked_odd_boundaries",
            "invalid_utf8",
            "utf8_bom",
            "nul_byte",
            "false_content_encoding",
            "expect_continue",
        )
    )
    injected = ""
    if technique == "duplicate_json_keys":
        injected = _injection_payload(rng)
    elif technique == "invalid_utf8":
        injected = rng.choice(sorted(INVALID_UTF8))
    obj = ProtocolAttack(technique, prompt, rng.getrandbits(32), injected, rng.random() < 0.5)
    return _wrap(prompt, obj)


@mutation("resource_exhaustion", level="transport", weight=1.5)
def resource_exhaustion(prompt: str, rng: random.Random, ctx: MutationContext) -> Mutated:
    """JSON built to exhaust parsers: 1k-100k levels of nesting, million-element arrays, 100k keys.

    The structure is added as an extra field of the body (appended when the body is not a JSON object): a server should
    reject or bound it, not crash or hang.
    """
    technique = rng.choice(("deep_array_nesting", "deep_object_nesting", "huge_array", "many_keys"))
    size = {
        "deep_array_nesting": (1_000, 10_000, 100_000),
        "deep_object_nesting": (1_000, 10_000, 50_000),
        "huge_array": (100_000, 1_000_000),
        "many_keys": (10_000, 100_000),
    }[technique]
    return _wrap(prompt, ResourceExhaustion(technique, rng.choice(size)))


@mutation("concurrent_request_pattern", level="transport", weight=1.4)
def concurrent_request_pattern(prompt: str, rng: random.Random, ctx: MutationContext) -> Mutated:
    """A real burst of 5-20 simultaneous copies (identical, or with unrelated prompts); one is judged.

    Identical copies test races on the agent's state; ``cross_talk`` fills the other copies with unrelated requests so
    an answer that leaks another request's data shows. The judged copy is drawn, so it is not always the first to be
    sent.
    """
    technique = rng.choice(("identical", "cross_talk"))
    copies = rng.choice((5, 10, 20))
    decoys = tuple(rng.sample(DECOYS, min(len(DECOYS), copies - 1))) if technique == "cross_talk" else ()
    return _wrap(prompt, ConcurrentBurst(technique, copies, rng.randrange(copies), prompt, decoys))


@mutation("timeout_manipulation", level="transport", weight=1.3)
def timeout_manipulation(prompt: str, rng: random.Random, ctx: MutationContext) -> Mutated:
    """A real slow client: the body dripped in pieces with pauses, or sent after a stall (bounded).

    ``drip`` sends 4-16 pieces, ``stall`` waits before the whole body; either way the slow part takes 0.3 s to
    :data:`MAX_SLOW_CLIENT_S`, enough to show a server that reads bodies with no timeout without slowing the run.
    """
    technique = rng.choice(("drip", "drip", "stall"))
    total = rng.choice((0.3, 0.6, MAX_SLOW_CLIENT_S))
    if technique == "stall":
        return _wrap(prompt, SlowClient(technique, 1, total))
    chunks = rng.choice((4, 8, 16))
    return _wrap(prompt, SlowClient(technique, chunks, round(total / (chunks - 1), 4)))
