"""The mutations a counting pass generated, kept on disk so the run reads them instead of generating them again.

``windtunnel run`` reads its plan twice: a counting pass (the plan line, the progress total, the shard's
slice and the notices come before the first agent call) and the run's own pass. Generating the
mutations is the costliest part of planning, so the counting pass records each golden prompt's planned
mutations here (one ``marshal`` record per golden prompt, ~200 bytes per mutation, in an anonymous
temporary file deleted when closed) and the run's pass replays them: the same cells, without
generating anything twice, for ~2 µs per cell. A plan is still never held in memory. (``marshal``: the
fastest exact round trip of these plain values, lone surrogates included, with ``pickle`` for a plugin's
args that ``marshal`` cannot hold; the file is this process's own.
Compressing it halved the file and cost more per cell than the rest of the replay.)
"""

from __future__ import annotations

import marshal
import os
import pickle
import tempfile
import weakref
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from windtunnel.engine.cells import GoldenMutations

_HEAD = 4
"""Bytes of the length before each record."""
_CHUNK = 1 << 18
"""Bytes read at once by :meth:`PlanSpill.replay`."""


class PlanSpill:
    """Records the (golden index, planned mutations) pairs of one pass; :meth:`replay` gives them again.

    Each record is a 4-byte little-endian length and a tagged blob (``m``: marshal, ``p``: pickle)."""

    def __init__(self) -> None:
        """An empty spill in an anonymous temporary file, closed by :meth:`close` or when the spill is
        garbage-collected (the file never outlives the process)."""
        self._fh = tempfile.TemporaryFile()  # noqa: SIM115 - closed by close() or the finalizer
        self._close = weakref.finalize(self, self._fh.close)
        self._end = 0
        self.records = 0
        self.bytes = 0
        """Bytes on disk (the records and their lengths)."""

    def record(self, plans: Iterable[GoldenMutations]) -> Iterator[GoldenMutations]:
        """``plans``, each written to the spill file as it passes.

        The caller consumes the pairs as usual (the counting pass counts them); the file is appended to in the
        same loop, so recording costs no second pass. :attr:`records` and :attr:`bytes` say what was written."""
        fh = self._fh
        for item in plans:
            try:
                blob = b"m" + marshal.dumps(item)
            except ValueError:  # a plugin's args that marshal cannot hold (an object): pickled
                blob = b"p" + pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL)
            fh.seek(self._end)
            fh.write(len(blob).to_bytes(_HEAD, "little") + blob)
            self._end += _HEAD + len(blob)
            self.records += 1
            yield item
        fh.flush()
        self.bytes = self._end

    def replay(self) -> Iterator[GoldenMutations]:
        """The recorded pairs in the order they were recorded (each call reads from the start).

        The file is read in chunks of :data:`_CHUNK` bytes at a given offset (``os.pread``): no seek and
        no read call per record, and two replays at once do not disturb each other."""
        self._fh.flush()
        read_at, end = self._read_at, self._end
        buf, at, pos = b"", 0, 0  # buf[at:] holds the file's bytes from offset pos on
        while pos < end:
            if len(buf) - at < _HEAD:
                buf, at = buf[at:] + read_at(_CHUNK, pos + len(buf) - at), 0
            need = _HEAD + int.from_bytes(buf[at : at + _HEAD], "little")
            if len(buf) - at < need:
                buf, at = buf[at:] + read_at(max(_CHUNK, need), pos + len(buf) - at), 0
            blob = buf[at + _HEAD : at + need]
            item: GoldenMutations = marshal.loads(blob[1:]) if blob[:1] == b"m" else pickle.loads(blob[1:])
            at += need
            pos += need
            yield item

    def _read_at(self, size: int, offset: int) -> bytes:
        """``size`` bytes from ``offset`` without moving a shared file position (``pread``; a seek and read where the
        platform has none)."""
        if hasattr(os, "pread"):
            return os.pread(self._fh.fileno(), size, offset)
        self._fh.seek(offset)  # pragma: no cover - Windows has no pread
        return self._fh.read(size)  # pragma: no cover

    def close(self) -> None:
        """Close and so delete the spill file (idempotent)."""
        self._close()
