"""Chunked transfer coding (RFC 9112 §7.1), read incrementally: the payload of a chunked body, or its end.

The proxies read chunked answers as their bytes arrive: the stream pool decodes them (:meth:`Dechunker.feed`), the
synchronous lane only finds where they end and passes the chunks on as they came (:meth:`Dechunker.through`), and
the call log decodes what it kept when it is read (:func:`dechunk`). One walk over the chunk sizes serves all three,
so every path reads the framing the same way (the same strict sizes, the same end, the same bytes after it).
"""

from __future__ import annotations

import re

_CHUNK_SIZE = re.compile(rb"[0-9A-Fa-f]{1,16}")
_PLAIN_CHUNK = re.compile(rb"([0-9A-Fa-f]{1,16})\r\n")
"""A chunk's size line without extension or spaces (what servers send): :meth:`Dechunker.feed` takes such a chunk
in one step when all of it has arrived."""


class Dechunker:
    """Incremental chunked-transfer decoding: :meth:`feed` takes bytes as they arrive and returns the body
    bytes of every chunk they complete or continue; :attr:`done` after the last chunk and its trailers.
    A malformed chunk size or an over-long size or trailer line raises ``ValueError``."""

    _MAX_LINE = 2**20

    def __init__(self) -> None:
        """A decoder at the start of a chunked body."""
        self._line = b""
        self._left = 0  # body bytes still due in the current chunk
        self._crlf = 0  # bytes of the CRLF after a chunk still to skip
        self._trailers = False
        self._clean = True
        """At a chunk boundary with nothing pending (none of the four above, not done): the one-step walk applies."""
        self.done = False
        self.extra = False
        """Bytes arrived after the end of the body."""

    def feed(self, data: bytes) -> bytes:
        """The body bytes in ``data`` (chunk framing, extensions and trailers removed), keeping any incomplete size
        line or CRLF for the next call. Bytes after the last chunk set :attr:`extra` instead of being returned:
        they belong to no body, and the connection must not be reused."""
        out: list[bytes] = []
        self._walk(data, out)
        return b"".join(out)

    def through(self, data: bytes) -> bytes:
        """The bytes of ``data`` that belong to the body, framing and all (the chunks as they came, for a proxy that
        passes them on unchanged): the same walk over the chunk sizes as :meth:`feed`, the same errors, :attr:`done`
        and :attr:`extra`, without copying any chunk out."""
        pos = self._walk(data, None)
        return data if pos == len(data) else data[:pos]

    def _walk(self, data: bytes, out: list[bytes] | None) -> int:
        """Read ``data`` by the chunk framing, appending the chunks' bytes to ``out`` (when given); returns where the
        body's bytes in ``data`` end (``len(data)``, or the first byte after the last chunk)."""
        pos, end = 0, len(data)
        if self._clean:
            # The common case, one step per chunk: a bare size line, the chunk and its CRLF all here (a model's stream
            # arrives a chunk or a few per read); the last chunk without trailers ends the body here too.
            match = _PLAIN_CHUNK.match
            while pos < end and (m := match(data, pos)) is not None:
                start = m.end()
                n = int(m[1], 16)
                if not n:
                    if data[start : start + 2] != b"\r\n":
                        break  # trailers, or the rest not here yet: the careful walk below
                    self.done, self._clean = True, False
                    pos = start + 2
                    self.extra = pos < end
                    return pos
                after = start + n + 2
                if after > end:
                    break
                if out is not None:
                    out.append(data[start : start + n])
                pos = after
            if pos == end:
                return pos
        pos = self._careful(data, pos, out)
        self._clean = not (self._left or self._crlf or self._line or self._trailers or self.done)
        return pos

    def _careful(self, data: bytes, pos: int, out: list[bytes] | None) -> int:
        """:meth:`_walk` from ``pos`` for any framing: a chunk split across reads, extensions, spaces, trailers."""
        end = len(data)
        match = _PLAIN_CHUNK.match
        while pos < end:
            if self.done:
                self.extra = True
                break
            if not (self._left or self._crlf or self._line or self._trailers):
                # The common case in one step: a bare size line, the chunk and its CRLF all here.
                m = match(data, pos)
                if m is not None:
                    start = m.end()
                    n = int(m.group(1), 16)
                    if n and start + n + 2 <= end:
                        if out is not None:
                            out.append(data[start : start + n])
                        pos = start + n + 2
                        continue
            if self._left:
                take = min(self._left, end - pos)
                if out is not None:
                    out.append(data[pos : pos + take])
                pos += take
                self._left -= take
                if not self._left:
                    self._crlf = 2
                continue
            if self._crlf:
                take = min(self._crlf, end - pos)
                pos += take
                self._crlf -= take
                continue
            nl = data.find(b"\n", pos)
            if nl < 0:
                self._line += data[pos:]
                if len(self._line) > self._MAX_LINE:
                    raise ValueError("chunk size or trailer line too long")
                pos = end
                break
            line = self._line + data[pos:nl]
            self._line = b""
            pos = nl + 1
            if self._trailers:
                if not line.strip():
                    self.done = True
                continue
            digits = (line.split(b";")[0] if b";" in line else line).strip() or b"0"
            if not _CHUNK_SIZE.fullmatch(digits):  # no sign, no 0x, no underscores: what read_body accepts
                raise ValueError(f"bad chunk size {digits[:40]!r}")
            n = int(digits, 16)
            if n == 0:
                self._trailers = True
            elif pos + n + 2 <= end:  # the whole chunk and the CRLF after it are here: one step
                if out is not None:
                    out.append(data[pos : pos + n])
                pos += n + 2
            else:
                self._left = n
        return pos


def dechunk(data: bytes) -> bytes:
    """The payload of a chunked body (as much of it as ``data`` holds: a body cut short gives its first bytes)."""
    return Dechunker().feed(data)
