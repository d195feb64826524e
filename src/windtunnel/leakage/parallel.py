"""Audit a JSONL dataset on every core: line-aligned byte ranges scanned by worker processes.

:func:`iter_audits` is the one entry point. It yields the same :class:`ItemAudit` objects, in the same
order, as the serial path (``audit_item`` over ``iter_items``): same ids, absolute line numbers and
findings, and a broken record raises the same error after every audit before it has been yielded.

How: the parent cuts the file into byte ranges that start at line starts (seek, then read to the end of
the line) and sends only the ``(start, end)`` pair to a worker; the worker opens the file itself,
audits the range's records and sends back the range's audits with range-relative line numbers. The
parent adds the lines and items of the ranges before it, and rewrites the ids that came from an item's
position (``str(index + 1)`` for a record without an id field). Each worker holds at most two ranges
and the parent at most ``3 * jobs`` ranges between the one being read and the one being yielded, so
memory stays flat however large the file is.

Workers are fresh interpreters (``sys.executable``, the parent's ``sys.path``) that import only this
module: like multiprocessing's ``spawn`` (never a fork of a process that may run threads), without
re-importing the caller's ``__main__``, so a script needs no ``if __name__ == "__main__"`` guard. Each
runs in its own session, so a Ctrl-C in the terminal reaches only the parent, which stops them (no
worker tracebacks); a worker exits when its task pipe closes, also when the parent is killed. POSIX
only: elsewhere the scan stays serial.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from multiprocessing.connection import Connection, wait
from operator import attrgetter
from pathlib import Path
from typing import Any

import orjson

from windtunnel.leakage.dataset import (
    UTF8_BOM,
    DatasetError,
    FieldMap,
    Record,
    _is_jsonl,
    iter_items,
    not_json,
    select,
    to_item,
)
from windtunnel.leakage.model import Finding, ItemAudit, PointerMap
from windtunnel.leakage.scan import audit_item

AUTO_MIN_BYTES = 8 * 1024 * 1024
"""With ``jobs=None``, files smaller than this are scanned in this process: starting the workers
(~0.1-0.2 s) costs more than it saves."""
MAX_AUTO_JOBS = 8
"""The most worker processes ``jobs=None`` starts, however many cores the machine has (an automatic
choice never takes every core of a large shared machine); an explicit ``--jobs N`` may ask for more."""
CHUNK_BYTES = 4 * 1024 * 1024
"""The largest byte range a worker gets at once (ranges end at a line end, so a very long line makes
a longer one)."""
MIN_CHUNK_BYTES = 64 * 1024
_PER_WORKER = 2
"""Ranges queued or running per worker: the next one is ready when the current one is done."""
_AHEAD = 3
"""Ranges in flight or waiting to be yielded, per worker."""


class ScanWorkerError(RuntimeError):
    """A worker process could not be started or stopped unexpectedly; the scan is incomplete.

    Distinct from :class:`DatasetError` (bad input, exit 2): this is a harness failure (the CLI exits 3),
    and the audits already yielded are valid. The message names the byte range that was lost where known.
    """


def auto_jobs() -> int:
    """The number of worker processes for ``jobs=None`` on a large file: the cores, at most 8."""
    return max(1, min(os.cpu_count() or 1, MAX_AUTO_JOBS))


def plan_jobs(path: Path, jobs: int | None) -> int:
    """How many processes :func:`iter_audits` uses for ``path`` (``1``: the serial path, in-process).

    Serial for a JSON document (an array is parsed whole), a path that is not a regular file, a
    platform other than POSIX, and, with ``jobs=None``, a file below :data:`AUTO_MIN_BYTES`. Never more
    processes than byte ranges.
    """
    if jobs is not None and jobs < 1:
        raise ValueError(f"jobs must be at least 1 (or None for automatic), got {jobs}")
    if jobs == 1 or os.name != "posix" or not sys.executable or not path.is_file() or not _is_jsonl(path):
        return 1
    size = path.stat().st_size
    if jobs is None:
        if size < AUTO_MIN_BYTES:
            return 1
        jobs = auto_jobs()
    ranges = -(-size // chunk_size(size, jobs))
    return max(1, min(jobs, ranges))


def chunk_size(size: int, jobs: int) -> int:
    """Bytes per range: enough ranges to keep ``jobs`` workers busy, at most :data:`CHUNK_BYTES`.

    About eight ranges per worker, so one slow range (long records) does not leave the others idle at
    the end, and at least :data:`MIN_CHUNK_BYTES`, so the per-range round trip stays small against the work.
    """
    return max(MIN_CHUNK_BYTES, min(CHUNK_BYTES, size // (jobs * 8)))


def iter_audits(
    path: Path,
    fmap: FieldMap | None = None,
    *,
    decode: bool = True,
    jobs: int | None = None,
    chunk_bytes: int | None = None,
    learned: bool | None = None,
) -> Iterator[ItemAudit]:
    """The audits of the items of ``path`` in file order; identical to the serial scan.

    ``jobs``: ``None`` picks automatically (serial below :data:`AUTO_MIN_BYTES` or for a JSON array,
    else :func:`auto_jobs` processes); ``1`` is the serial path; ``n > 1`` uses ``n`` processes for any
    JSONL file (fewer when the file has fewer ranges). ``chunk_bytes`` overrides :func:`chunk_size`.
    Raises :class:`DatasetError` like :func:`iter_items`, and :class:`ScanWorkerError` when a worker
    cannot start or dies. Close the iterator (or drop it) to stop the workers early. ``learned`` is
    :func:`audit_item`'s (the learned decision over whole-token hits; ``None``: its default).
    """
    fm = fmap or FieldMap()
    n = plan_jobs(path, jobs)
    if n == 1:
        for mapped in iter_items(path, fm):
            yield audit_item(mapped.item, decode=decode, learned=learned)
        return
    yield from _parallel(path, fm, decode, n, chunk_bytes or chunk_size(path.stat().st_size, n), learned)


# ---------------------------------------------------------------- worker side


@dataclass
class _Failure:
    """The record a worker could not audit: the parent re-runs it to raise the serial path's error."""

    line: int
    """Chunk-relative line number."""
    offset: int
    """Absolute byte offset of the line."""
    error: str


_FINDING_FIELDS = tuple(f.name for f in fields(Finding))
_finding_row = attrgetter(*_FINDING_FIELDS)
"""A finding as the tuple of its fields, in constructor order: ~5x cheaper to pickle than the object."""

_Row = tuple[str | None, int, list[tuple[Any, ...]], PointerMap | None]
"""An audit on the wire: item id (``None``: the item's position), range-relative line, finding rows, and where the
projection came from in the record (:attr:`ItemAudit.sources`)."""


@dataclass
class _Chunk:
    """A range's result as it crosses the pipe: plain tuples (cheap to pickle), lines counted so the
    parent can turn range-relative line numbers into the file's, and the failure that ended it, if any."""

    rows: list[_Row]
    lines: int
    """Lines in the range, blank ones included (all of them up to the failure, if any)."""
    failure: _Failure | None = None


def _audit_range(path: Path, start: int, end: int, fmap: FieldMap, decode: bool, learned: bool | None = None) -> _Chunk:
    """Audit the records in ``[start, end)`` (which starts at a line start) as ``iter_items`` does."""
    with path.open("rb") as fh:
        fh.seek(start)
        data = fh.read(end - start)
    return audit_bytes(data, start, fmap, decode, learned)


def audit_bytes(data: bytes, start: int, fmap: FieldMap, decode: bool, learned: bool | None = None) -> _Chunk:
    """Audit ``data``, the bytes of a range that starts at byte ``start`` of the file, at a line start.

    The one function both executors run remotely (``--jobs`` workers via :func:`serve`, Ray tasks via
    :mod:`.ray_scan`), so both audit a record exactly as the serial path does: same BOM handling, blank
    lines skipped but counted, same :func:`to_item` and :func:`audit_item`. Line numbers and positions
    are range-relative; an item whose id came from its position is sent without it, for the parent to
    renumber. The first record that fails ends the range with a :class:`_Failure` (its line and offset)
    instead of raising: exceptions do not cross the pipe reliably, and the parent re-runs that record
    itself to raise exactly the serial path's error, after yielding every audit before it.
    """
    rows: list[_Row] = []
    no = 0
    offset = start
    for no, line in enumerate(io.BytesIO(data), 1):
        here = offset
        offset += len(line)
        if here == 0 and line.startswith(UTF8_BOM):
            line = line[len(UTF8_BOM) :]
        if not line or line.isspace():
            continue
        index = len(rows)
        try:
            rec = Record(no, orjson.loads(line), line)
            item = to_item(rec, fmap, index).item
            audit = audit_item(item, decode=decode, learned=learned)
        except Exception as err:  # re-run in the parent, which raises exactly what the serial path raises
            return _Chunk(rows, no, _Failure(no, here, f"{type(err).__name__}: {err}"))
        # A record's own id can equal its position in the range; only a missing id field makes it positional.
        positional = item.id == str(index + 1) and not select(rec.data, fmap.id_field)
        rows.append((None if positional else audit.item, no, [_finding_row(f) for f in audit.findings], audit.sources))
    return _Chunk(rows, no)


_BOOT = (
    "import sys\n"
    "from multiprocessing.connection import Connection\n"
    "tasks = Connection(int(sys.argv[1]), writable=False)\n"
    "try:\n"
    "    sys.path[:] = tasks.recv()\n"
    "except EOFError:\n"  # the parent stopped (Ctrl-C) before sending anything: leave quietly
    "    raise SystemExit(0)\n"
    "from windtunnel.leakage.parallel import serve\n"
    "serve(tasks, Connection(int(sys.argv[2]), readable=False))\n"
)
"""A worker's ``python -c`` program: the parent's import path, then :func:`serve` on the two pipes."""


def serve(tasks: Connection, results: Connection) -> None:
    """A worker's loop: ``(path, fmap, decode, learned)``, then ``(start, end)`` ranges until ``None`` or EOF.

    An error outside a record (the file cannot be read) ends the worker with a traceback on stderr;
    the parent reports the worker as stopped.
    """
    try:
        path, fmap, decode, learned = tasks.recv()
    except EOFError:
        return
    while True:
        try:
            task = tasks.recv()
        except EOFError:  # the parent is done or gone
            return
        if task is None:
            return
        chunk = _audit_range(path, task[0], task[1], fmap, decode, learned)
        try:
            results.send(chunk)
        except BrokenPipeError:  # the parent stopped listening
            return


# ---------------------------------------------------------------- parent side


@dataclass
class _Worker:
    """One worker process and the parent's ends of its two pipes (tasks out, results in)."""

    proc: subprocess.Popen[bytes]
    tasks: Connection
    results: Connection
    queued: deque[int] = field(default_factory=deque)
    """Range numbers sent and not yet answered, oldest first (a worker answers in order)."""


def _ranges(path: Path, size: int, step: int) -> Iterator[tuple[int, int]]:
    """``[start, end)`` byte ranges covering the file, each starting at a line start.

    Each range ends at the end of the line holding its ``step``-th byte, so no record is split between two
    workers; a line longer than ``step`` makes its range longer. The last range ends at ``size``, the size
    the caller measured, so bytes appended while the scan runs are not read.
    """
    with path.open("rb") as fh:
        start = 0
        while start < size:
            end = start + step
            if end >= size:
                end = size
            else:
                fh.seek(end - 1)
                fh.readline()  # to the end of the line holding byte end-1: the next range starts a line
                end = fh.tell()
            yield start, end
            start = end


def _spawn() -> _Worker:
    """Start one worker: a fresh interpreter running :data:`_BOOT`, with the parent's warning options.

    Raw ``os.pipe`` file descriptors are passed by number (``pass_fds``), not a multiprocessing context:
    nothing of the parent is pickled or re-imported, and the worker's own session keeps a terminal
    Ctrl-C away from it. On failure every descriptor opened here is closed before re-raising.
    """
    task_r, task_w = os.pipe()
    res_r, res_w = os.pipe()
    try:
        proc = subprocess.Popen(
            [sys.executable, *(f"-W{w}" for w in sys.warnoptions), "-c", _BOOT, str(task_r), str(res_w)],
            stdin=subprocess.DEVNULL,
            pass_fds=(task_r, res_w),
            start_new_session=True,  # out of the terminal's process group: Ctrl-C is the parent's to handle
        )
    except BaseException:
        for fd in (task_r, task_w, res_r, res_w):
            os.close(fd)
        raise
    os.close(task_r)
    os.close(res_w)
    return _Worker(proc, Connection(task_w, readable=False), Connection(res_r, writable=False))


def _start(path: Path, fmap: FieldMap, decode: bool, jobs: int, learned: bool | None = None) -> list[_Worker]:
    """Start ``jobs`` workers, then send each the import path and the scan settings (they boot meanwhile).

    All processes are spawned before anything is sent, so their interpreters start in parallel. The
    parent's ``sys.path`` goes first, so a worker imports the same windtunnel (a checkout, a test's source
    tree). A worker that cannot be started stops the ones already running and raises
    :class:`ScanWorkerError` with the way out (``jobs=1``); any other exception, Ctrl-C included, stops
    them too and propagates, so no orphan process is left.
    """
    workers: list[_Worker] = []
    try:
        for _ in range(jobs):
            workers.append(_spawn())
        for w in workers:
            w.tasks.send(list(sys.path))
            w.tasks.send((path, fmap, decode, learned))
    except OSError as err:
        _stop(workers, graceful=False)
        raise ScanWorkerError(
            f"cannot start {jobs} scan worker processes ({sys.executable}): {err}; rerun with jobs=1"
        ) from err
    except BaseException:
        _stop(workers, graceful=False)
        raise
    return workers


def _stop(workers: list[_Worker], *, graceful: bool) -> None:
    """Let idle workers exit on EOF (``graceful``) or terminate them; reap every one.

    Closing the pipes is the signal to exit; a worker still holding queued ranges is terminated even when
    ``graceful``, as its results would never be read. Every process is waited for (killed after 5 seconds),
    so none is left as a zombie or an orphan.
    """
    for w in workers:
        w.tasks.close()
        w.results.close()
        if not graceful or w.queued:
            w.proc.terminate()
    for w in workers:
        try:
            w.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            w.proc.kill()
            w.proc.wait()


def _parallel(
    path: Path, fmap: FieldMap, decode: bool, jobs: int, step: int, learned: bool | None = None
) -> Iterator[ItemAudit]:
    """The parent's loop: feed ranges to the least busy worker, yield the ranges' audits in file order.

    Ranges are numbered as sent; answers are filed by number (``done``) and yielded only when the next
    number in order (``head``) is there, so a fast worker never reorders the report. At most
    ``_AHEAD * jobs`` ranges are sent and not yet yielded, and ``_PER_WORKER`` queued per worker. The
    workers are stopped in every case (end, error, the consumer closing the generator), gracefully only
    when every range was yielded.
    """
    size = path.stat().st_size
    where = path.absolute()
    ranges = _ranges(where, size, step)
    workers = _start(where, fmap, decode, jobs, learned)
    bounds: dict[int, tuple[int, int]] = {}
    done: dict[int, _Chunk] = {}
    sent = head = 0
    exhausted = False
    line_base = index_base = 0
    finished = False
    try:
        while True:
            # Keep every worker fed, without running further ahead of the reader than the window.
            while not exhausted and sent - head < _AHEAD * jobs:
                w = min(workers, key=lambda x: len(x.queued))
                if len(w.queued) >= _PER_WORKER:
                    break
                nxt = next(ranges, None)
                if nxt is None:
                    exhausted = True
                    break
                bounds[sent] = nxt
                w.queued.append(sent)
                _send(w, nxt, bounds)
                sent += 1
            if head in done:
                chunk = done.pop(head)
                del bounds[head]
                head += 1
                yield from _audits(chunk, line_base, index_base)
                if chunk.failure is not None:
                    _raise_like_serial(path, fmap, decode, chunk.failure, line_base, index_base + len(chunk.rows))
                line_base += chunk.lines
                index_base += len(chunk.rows)
                continue
            if exhausted and head == sent:
                finished = True
                return
            _collect(workers, done, bounds)
    finally:
        _stop(workers, graceful=finished)


def _send(w: _Worker, task: tuple[int, int], bounds: dict[int, tuple[int, int]]) -> None:
    """Send a range to a worker; a broken pipe means the worker died (:func:`_died` raises)."""
    try:
        w.tasks.send(task)
    except OSError:
        _died(w, bounds)


def _died(w: _Worker, bounds: dict[int, tuple[int, int]]) -> None:
    """Raise :class:`ScanWorkerError` for a worker that stopped, naming its exit code and the byte range
    it was auditing (the oldest one it had queued)."""
    try:
        code: int | None = w.proc.wait(timeout=1)
    except subprocess.TimeoutExpired:
        code = None
    a, b = bounds[w.queued[0]]
    raise ScanWorkerError(
        f"a scan worker (pid {w.proc.pid}) stopped (exit code {code}) while auditing bytes {a}-{b}; "
        "the scan is incomplete: rerun with jobs=1 to scan in one process"
    )


def _collect(workers: list[_Worker], done: dict[int, _Chunk], bounds: dict[int, tuple[int, int]]) -> None:
    """Wait for at least one answer and file the answers by range number; a closed pipe is a dead worker."""
    busy = {id(w.results): w for w in workers if w.queued}
    for conn in wait([w.results for w in busy.values()]):
        w = busy[id(conn)]
        try:
            chunk = w.results.recv()
        except (EOFError, OSError):
            _died(w, bounds)
        done[w.queued.popleft()] = chunk


def _audits(chunk: _Chunk, line_base: int, index_base: int) -> list[ItemAudit]:
    """The range's audits with absolute lines, and positional ids from the item's place in the file."""
    out: list[ItemAudit] = []
    for k, (item_id, line, frows, sources) in enumerate(chunk.rows):
        if item_id is None:
            local, item_id = str(k + 1), str(index_base + k + 1)
            frows = [(item_id, *r[1:]) if r[0] == local else r for r in frows]
        out.append(ItemAudit(item_id, [Finding(*r) for r in frows], line_base + line, sources))
    return out


def _raise_like_serial(path: Path, fmap: FieldMap, decode: bool, failure: _Failure, line_base: int, index: int) -> None:
    """Re-run the record a worker failed on, at its absolute line and index: raises the serial error.

    A parallel scan must fail as the serial one does (same message, same line), so the failing record is
    read again from its byte offset and audited here; a record that is not JSON raises the reader's own
    error. Should the record audit cleanly in this process (the worker died of something else), the worker's
    failure is raised instead, with the way out (``jobs=1``). It never returns.
    """
    no = line_base + failure.line
    with path.open("rb") as fh:
        fh.seek(failure.offset)
        line = fh.readline()
    if failure.offset == 0 and line.startswith(UTF8_BOM):
        line = line[len(UTF8_BOM) :]
    try:
        data = orjson.loads(line)
    except orjson.JSONDecodeError as err:  # the message of dataset.iter_records
        raise DatasetError(not_json(path, no, line, err)) from None
    audit_item(to_item(Record(no, data, line), fmap, index).item, decode=decode)
    raise ScanWorkerError(f"a scan worker failed on line {no} of {path} ({failure.error}); rerun with jobs=1")
