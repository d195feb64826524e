"""Standard streams whose reader may leave: ``windtunnel run … | head`` stops the printing, never the command.

A reader that quits (``head``, ``grep -q``, a closed terminal multiplexer pane) makes the next write to the pipe fail
with ``BrokenPipeError``. Raised from wherever the command printed, it used to stop the command there, and the guard
turned it into exit 1 ("checks failed"), so a CI step under ``set -o pipefail`` failed a run that passed, and a run
whose summary was cut off could stop before its reports were written. Under :func:`readers_may_leave` each of
stdout and stderr is a :class:`ReaderMayLeave`: the write that finds its reader gone points the stream's file
descriptor at the null device and every later write goes there, so the command runs to its end, writes its reports
and exits with its own code. One mechanism for every command, whoever prints (rich, click, ``print``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any


class ReaderMayLeave:
    """A stream that stops writing, silently, once its reader has gone away; otherwise the stream it wraps. Its
    ``buffer`` (the bytes under a text stream: ``-o -`` copies a report there) is wrapped alike and shares its fate."""

    def __init__(self, stream: Any, parent: ReaderMayLeave | None = None) -> None:
        """Wrap ``stream`` (``sys.stdout``, ``sys.stderr``, or the ``buffer`` of ``parent``)."""
        self.stream = stream
        self._parent = parent
        self._gone = False
        self._buffer: ReaderMayLeave | None = None

    @property
    def gone(self) -> bool:
        """Whether the reader went away (every write since went to the null device)."""
        return self._parent.gone if self._parent is not None else self._gone

    @property
    def buffer(self) -> ReaderMayLeave:
        """The wrapped stream's byte buffer, wrapped: a closed pipe found by either stops both."""
        if self._buffer is None:
            self._buffer = ReaderMayLeave(self.stream.buffer, parent=self)
        return self._buffer

    def write(self, data: Any) -> int:
        """Write ``data``; once the reader is gone, drop it (its length is returned either way, as a write would)."""
        if not self.gone:
            try:
                return int(self.stream.write(data))
            except BrokenPipeError:
                self._reader_gone()
        return len(data)

    def writelines(self, lines: Iterable[Any]) -> None:
        """Write each line (see :meth:`write`)."""
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        """Flush the stream unless its reader is gone; a flush that finds it gone ends the writing."""
        if self.gone:
            return
        try:
            self.stream.flush()
        except BrokenPipeError:
            self._reader_gone()

    def _reader_gone(self) -> None:
        """Point the stream's file descriptor at the null device, so what is still buffered in it (and the
        interpreter's flush at exit) goes nowhere instead of failing again."""
        if self._parent is not None:
            self._parent._reader_gone()
            return
        self._gone = True
        to_null_device(self.stream)

    def __getattr__(self, name: str) -> Any:
        """Everything else (``isatty``, ``fileno``, ``encoding`` …) is the wrapped stream's."""
        return getattr(self.stream, name)


def to_null_device(stream: Any) -> None:
    """Replace ``stream``'s file descriptor with the null device (a stream without one is left as it is)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


@contextmanager
def readers_may_leave() -> Iterator[None]:
    """While the block runs, ``sys.stdout`` and ``sys.stderr`` are :class:`ReaderMayLeave` streams; at its end they are
    flushed (a reader that left meanwhile is found then, not by the interpreter's last flush) and put back."""
    saved = sys.stdout, sys.stderr
    out, err = (s if s is None or isinstance(s, ReaderMayLeave) else ReaderMayLeave(s) for s in saved)
    sys.stdout, sys.stderr = out, err
    try:
        yield
    finally:
        for stream in (out, err):
            if stream is not None:
                stream.flush()
        sys.stdout, sys.stderr = saved
