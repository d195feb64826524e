"""The incremental chunked-body decoder (``chunked.Dechunker``) gives the same body however the bytes are
split, with chunk extensions and trailers removed, and flags bytes after the end (a connection not to reuse)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from windtunnel._util.chunked import Dechunker


def _chunked(pieces: list[bytes], *, ext: bool, trailer: bool) -> bytes:
    out = b""
    for piece in pieces:
        out += b"%x%s\r\n%s\r\n" % (len(piece), b";x=1" if ext else b"", piece)
    return out + b"0\r\n" + (b"X-T: 1\r\n" if trailer else b"") + b"\r\n"


@settings(max_examples=200, deadline=None)
@given(
    pieces=st.lists(st.binary(min_size=1, max_size=40), max_size=8),
    cuts=st.lists(st.integers(min_value=0, max_value=400), max_size=10),
    ext=st.booleans(),
    trailer=st.booleans(),
)
def test_any_split_gives_the_same_body(pieces: list[bytes], cuts: list[int], ext: bool, trailer: bool) -> None:
    data = _chunked(pieces, ext=ext, trailer=trailer)
    bounds = sorted({0, len(data), *(c for c in cuts if c < len(data))})
    dechunk = Dechunker()
    body = b"".join(dechunk.feed(data[a:b]) for a, b in pairwise(bounds))
    assert body == b"".join(pieces)
    assert dechunk.done and not dechunk.extra


@settings(max_examples=200, deadline=None)
@given(
    pieces=st.lists(st.binary(min_size=1, max_size=40), max_size=8),
    cuts=st.lists(st.integers(min_value=0, max_value=400), max_size=10),
    ext=st.booleans(),
    trailer=st.booleans(),
    after=st.sampled_from([b"", b"HTTP/1.1 200 OK\r\n", b"5\r\nhello\r\n"]),
)
def test_passing_chunks_through_keeps_exactly_the_body(
    pieces: list[bytes], cuts: list[int], ext: bool, trailer: bool, after: bytes
) -> None:
    """``through`` hands on the body's bytes as they came, framing included, and stops where ``feed`` stops."""
    body = _chunked(pieces, ext=ext, trailer=trailer)
    data = body + after
    bounds = sorted({0, len(data), *(c for c in cuts if c < len(data))})
    dechunk = Dechunker()
    passed = b"".join(dechunk.through(data[a:b]) for a, b in pairwise(bounds))
    assert passed == body
    assert dechunk.done and dechunk.extra == bool(after)
    assert Dechunker().feed(passed) == b"".join(pieces)


@pytest.mark.parametrize("size", [b"-1", b"0x3", b"1_0", b"zz"])
def test_passing_through_refuses_a_malformed_size_as_feed_does(size: bytes) -> None:
    with pytest.raises(ValueError, match="bad chunk size"):
        Dechunker().through(b"3\r\nabc\r\n" + size + b"\r\nabc\r\n")


def test_bytes_after_the_end_are_flagged_not_returned() -> None:
    dechunk = Dechunker()
    assert dechunk.feed(b"3\r\nabc\r\n0\r\n\r\nHTTP/1.1 200") == b"abc"
    assert dechunk.done and dechunk.extra


@pytest.mark.parametrize("size", [b"-1", b"0x3", b"1_0", b"zz"])
def test_a_malformed_size_is_an_error(size: bytes) -> None:
    with pytest.raises(ValueError, match="bad chunk size"):
        Dechunker().feed(size + b"\r\nabc\r\n")
