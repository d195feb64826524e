"""Transport-level types against a local server that records exactly what it received."""

from __future__ import annotations

import json
import random
from typing import Any

import anyio
import httpx
import pytest

from windtunnel.mutations import Mutated, MutationContext, mutations
from windtunnel.mutations.wire import EXTENSION_KEY

PROMPT = "What is the refund policy for order 1234?"
CTX = MutationContext(agent_type="http")
BODY = {"prompt": PROMPT, "user": "u-1", "stream": False}


def variant(name: str, **want: Any) -> Mutated:
    """The first seed's variant of ``name`` whose args match ``want``."""
    for seed in range(500):
        m = mutations.get(name).generate(PROMPT, random.Random(seed), CTX)
        if all(m.args.get(k) == v for k, v in want.items()):
            return m
    raise AssertionError(f"no {name} variant with {want} in 500 seeds")


def send(server: Any, m: Mutated, *, method: str = "POST", params: dict[str, str] | None = None,
         body: Any = BODY) -> httpx.Response:  # fmt: skip
    async def main() -> httpx.Response:
        async with httpx.AsyncClient(timeout=30) as client:
            kwargs: dict[str, Any] = {"params": params, "headers": {"Authorization": "Bearer t0k"}}
            if body is not None:
                kwargs["json"] = body
            request = client.build_request(method, server.url + "/chat", **kwargs)
            assert m.transport is not None
            response = await m.transport.send(client, request)
            assert isinstance(response, httpx.Response)
            return response

    return anyio.run(main)


def test_header_injection_techniques_arrive_as_headers(recording_server: Any) -> None:
    seen = set()
    for technique in ("crlf_attempt", "oversized", "spoofed_identity", "header_flood", "host_override",
                      "non_ascii_value"):  # fmt: skip
        m = variant("http_header_injection", technique=technique)
        resp = send(recording_server, m)
        got = recording_server.received[-1]
        assert resp.status_code == 200 and got.header("Authorization") == ["Bearer t0k"]
        assert json.loads(got.body) == BODY
        assert resp.extensions[EXTENSION_KEY]["technique"] == technique
        seen.add(technique)
        if technique == "crlf_attempt":
            (name, value), = m.args["headers"]  # fmt: skip
            assert got.header(name)[-1] == value and "%0d%0a" in value
            assert "note" in m.args and "httpx" in m.args["note"]
        elif technique == "oversized":
            assert len(got.header("X-Windtunnel-Padding")[0]) == m.args["padding_bytes"] >= 8192
        elif technique == "header_flood":
            flood = [k for k, _ in got.headers if k.lower().startswith("x-windtunnel-")]
            assert len(flood) == m.args["flood_count"] >= 100
        elif technique == "spoofed_identity":
            assert got.header("X-Forwarded-For") == ["127.0.0.1"] and got.header("X-Original-URL") == ["/admin"]
        elif technique == "host_override":
            assert got.header("Host") == [m.args["replace_host"]]
        else:
            assert got.header("X-Windtunnel-Note")
    assert len(seen) == 6


@pytest.mark.parametrize("technique", ["padding_field", "inflated_prompt", "whitespace_padding"])
def test_payload_size_sends_a_genuinely_large_valid_body(recording_server: Any, technique: str) -> None:
    m = variant("payload_size_attack", technique=technique, size_bytes=1_048_576)
    resp = send(recording_server, m)
    got = recording_server.received[-1]
    assert len(got.body) >= 1_048_576
    assert int(got.header("Content-Length")[0]) == len(got.body)
    doc = json.loads(got.body)
    assert doc["user"] == "u-1"
    if technique == "inflated_prompt":
        assert doc["prompt"].startswith(PROMPT) and len(doc["prompt"]) > 1_000_000
    else:
        assert doc["prompt"] == PROMPT
    assert resp.extensions[EXTENSION_KEY]["body_bytes"] == len(got.body)


def test_content_type_confusion_keeps_the_body(recording_server: Any) -> None:
    for content_type in ("text/plain", "application/xml", None):
        m = variant("content_type_confusion", content_type=content_type)
        send(recording_server, m)
        got = recording_server.received[-1]
        assert got.header("Content-Type") == ([] if content_type is None else [content_type])
        assert json.loads(got.body) == BODY


def test_query_poisoning_pollutes_existing_parameters(recording_server: Any) -> None:
    from urllib.parse import parse_qsl, urlsplit

    m = variant("query_parameter_poisoning", technique="pollution")
    send(recording_server, m, method="GET", params={"prompt": PROMPT, "lang": "en"}, body=None)
    got = recording_server.received[-1]
    pairs = parse_qsl(urlsplit(got.path).query, keep_blank_values=True)
    assert next(v for k, v in pairs if k == "prompt") == PROMPT  # the original stays first
    assert len([k for k, _ in pairs if k == "prompt"]) == 3  # added once, then once per existing key
    assert len([k for k, _ in pairs if k == "lang"]) == 2


def test_query_poisoning_payloads_and_raw_tricks(recording_server: Any) -> None:
    m = variant("query_parameter_poisoning", technique="encoding_tricks")
    send(recording_server, m)
    path = recording_server.received[-1].path
    for key, value in m.args["params"]:
        assert f"{key}={value}" in path  # sent as-is, not re-encoded
    m = variant("query_parameter_poisoning", technique="oversized_query")
    send(recording_server, m)
    assert len(recording_server.received[-1].path) > m.args["padding_bytes"]


def test_request_method_attack_changes_the_method_only(recording_server: Any) -> None:
    for method in ("GET", "PUT", "PATCH", "DELETE", "TRACE", "FOO"):
        m = variant("request_method_attack", method=method, override_header=None)
        resp = send(recording_server, m)
        got = recording_server.received[-1]
        assert got.method == method and json.loads(got.body) == BODY
        assert resp.extensions[EXTENSION_KEY]["original_method"] == "POST"
    m = variant("request_method_attack", method="PUT", override_header=None)
    send(recording_server, m, method="PUT")
    assert recording_server.received[-1].method == "PATCH"  # already PUT: the next method is used
    m = next(variant("request_method_attack", override_header=h) for h in ["X-HTTP-Method-Override"])
    send(recording_server, m)
    got = recording_server.received[-1]
    assert got.method == "POST" and got.header("X-HTTP-Method-Override") == [m.args["method"]]


def test_protocol_level_attacks_reach_the_server(recording_server: Any) -> None:
    for first in (True, False):
        m = variant("protocol_level_attack", technique="duplicate_json_keys", injected_first=first)
        send(recording_server, m)
        raw = recording_server.received[-1].body
        assert raw.count(b'"prompt":') == 2
        pairs = json.loads(raw, object_pairs_hook=lambda kv: kv)
        values = [v for k, v in pairs if k == "prompt"]
        assert values == ([m.args["injected"], PROMPT] if first else [PROMPT, m.args["injected"]])

    m = variant("protocol_level_attack", technique="chunked_odd_boundaries")
    send(recording_server, m)
    got = recording_server.received[-1]
    assert got.chunked and json.loads(got.body) == BODY and not got.header("Content-Length")

    m = variant("protocol_level_attack", technique="invalid_utf8")
    send(recording_server, m)
    raw = recording_server.received[-1].body
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
    assert raw.startswith(b'{"prompt":"What is the')  # the bytes sit inside the prompt string

    m = variant("protocol_level_attack", technique="utf8_bom")
    send(recording_server, m)
    assert recording_server.received[-1].body.startswith(b"\xef\xbb\xbf{")

    m = variant("protocol_level_attack", technique="nul_byte")
    send(recording_server, m)
    assert b"\x00" in recording_server.received[-1].body

    m = variant("protocol_level_attack", technique="false_content_encoding")
    send(recording_server, m)
    assert recording_server.received[-1].header("Content-Encoding") == ["gzip"]

    m = variant("protocol_level_attack", technique="expect_continue")
    resp = send(recording_server, m)
    got = recording_server.received[-1]
    assert got.header("Expect") == ["100-continue"] and json.loads(got.body) == BODY
    assert resp.status_code == 200  # the interim 100 response did not confuse the client


def test_duplicate_keys_degrade_honestly_without_a_json_body(recording_server: Any) -> None:
    m = variant("protocol_level_attack", technique="duplicate_json_keys")
    resp = send(recording_server, m, body=["not", "an", "object"])
    assert resp.extensions[EXTENSION_KEY]["technique"] == "invalid_utf8"


@pytest.mark.parametrize("technique", ["deep_array_nesting", "deep_object_nesting", "huge_array", "many_keys"])
def test_resource_exhaustion_structures_arrive(recording_server: Any, technique: str) -> None:
    m = variant("resource_exhaustion", technique=technique)
    send(recording_server, m)
    raw = recording_server.received[-1].body
    size = m.args["size"]
    if technique == "deep_array_nesting":
        assert b"[" * size + b"]" * size in raw
    elif technique == "deep_object_nesting":
        assert raw.count(b'{"a":') == size
    elif technique == "huge_array":
        assert raw.count(b"0,") == size - 1
    else:
        assert raw.count(b'"k') == size
    assert raw.startswith(b'{"prompt":') and b'"_windtunnel_context":' in raw


def test_concurrent_burst_is_really_concurrent(recording_server: Any) -> None:
    m = variant("concurrent_request_pattern", technique="identical", copies=10)
    recording_server.hold_for = 10
    resp = send(recording_server, m)
    assert recording_server.max_in_flight == 10  # all ten were at the server at the same time
    assert len(recording_server.received) == 10
    assert all(json.loads(r.body) == BODY for r in recording_server.received)
    burst = resp.extensions[EXTENSION_KEY]
    assert burst["statuses"] == [200] * 10 and burst["errors"] == [None] * 10
    assert burst["judged"] == m.args["judge_index"]


def test_cross_talk_burst_judges_the_real_prompt(recording_server: Any) -> None:
    m = variant("concurrent_request_pattern", technique="cross_talk", copies=5)
    recording_server.hold_for = 5
    resp = send(recording_server, m)
    prompts = [json.loads(r.body)["prompt"] for r in recording_server.received]
    assert prompts.count(PROMPT) == 1 and len(set(prompts)) == 5
    assert resp.json()["echo"] == PROMPT  # the judged response answers the real prompt
    assert resp.extensions[EXTENSION_KEY]["technique"] == "cross_talk"


def test_burst_records_failed_copies(recording_server: Any) -> None:
    recording_server.status = 503
    m = variant("concurrent_request_pattern", copies=5)
    resp = send(recording_server, m)
    assert resp.status_code == 503 and resp.extensions[EXTENSION_KEY]["statuses"] == [503] * 5


@pytest.mark.parametrize("technique", ["drip", "stall"])
def test_slow_client_really_sends_slowly(recording_server: Any, technique: str) -> None:
    m = variant("timeout_manipulation", technique=technique)
    resp = send(recording_server, m)
    got = recording_server.received[-1]
    assert json.loads(got.body) == BODY and not got.chunked
    assert int(got.header("Content-Length")[0]) == len(got.body)
    sent = resp.extensions[EXTENSION_KEY]
    delay = m.args["delay_s"]
    if technique == "drip":
        assert sent["pieces"] == m.args["chunks"]
        assert len(got.piece_times) >= 2
        # Lower bound only: the client paused (chunks - 1) times between pieces.
        assert got.piece_times[-1] - got.piece_times[0] >= 0.5 * delay * (m.args["chunks"] - 1)
    else:
        assert got.piece_times[0] - got.started >= 0.5 * delay


def test_slow_client_with_no_body_says_so(recording_server: Any) -> None:
    m = variant("timeout_manipulation", technique="drip")
    resp = send(recording_server, m, method="GET", body=None)
    assert resp.extensions[EXTENSION_KEY]["technique"] == "none_empty_body"
