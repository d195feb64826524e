"""The SQLite run store: cell results written in batches as they complete.

Layout (``.windtunnel/runs.db`` by default, WAL mode)::

    runs(id, mode, config_path, seed, started_at, finished_at, status, summary_json, meta_json)
    cells(run_id, cell_id, json, completed_at, seq,   -- primary key (run_id, cell_id)
          facts, latency_ms, facts_stamp)             -- what the viewer counts and filters on (store/facts.py)

``seq`` is the cell's position in the run's plan (when the writer gives it): reports read the cells
back in plan order (:meth:`RunStore.iter_cells` with ``plan_order=True``) without sorting in memory.

Batching: :meth:`RunStore.add_cell` queues the cell; queued cells are committed together, in one
transaction, at most ``batch_interval`` seconds (default 50 ms) after the first of them was queued,
or as soon as ``batch_size`` are waiting (a background thread does the commit, so the caller is not
blocked). Every read, :meth:`RunStore.finish_run`, :meth:`RunStore.flush` and :meth:`RunStore.close`
commit the queue first, so this process always reads its own writes. ``batch_interval=0`` commits each
cell before ``add_cell`` returns. :meth:`RunStore.add_cells` is always one transaction of its own.

Durability: in WAL mode with ``synchronous=NORMAL`` a committed batch survives the process being
killed (``kill -9``, Ctrl-C, a crash) and the database is never left corrupt; a kill loses at most the
cells still queued (the batch in flight), which ``--resume`` runs again. After a power cut the last few
commits may be lost too. Pass ``durable=True`` (``synchronous=FULL``) to fsync every commit, at a cost.
``on_commit`` is called with the ids of each committed batch (from the committing thread).

Exactly once: a cell id is stored once per run; writing it again (a resumed run re-running a cell)
replaces the earlier result.

Threads: one connection guarded by a lock, so a store may be shared by the threads of one
process. Several processes may read while one writes (WAL); writers wait up to ``timeout`` seconds
for each other.
"""

from __future__ import annotations

import atexit
import contextlib
import sqlite3
import threading
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar, cast

import orjson

from windtunnel import __version__
from windtunnel._util.clock import utc_now
from windtunnel._util.errors import HarnessError, UsageError
from windtunnel._util.redact import redact_record
from windtunnel._util.suggest import did_you_mean
from windtunnel.config.storepath import DEFAULT_STORE_PATH
from windtunnel.report.dicts import CellDict, ReportDict, RunInfoDict, SummaryDict
from windtunnel.report.usage import total_usage
from windtunnel.reports.cells import summarize_cells
from windtunnel.store import facts as cell_facts
from windtunnel.store.diff import diff_reports
from windtunnel.store.run_ids import new_run_id

if TYPE_CHECKING:
    from windtunnel.store.diff import RunDiff

RUN_MODES = ("run", "chaos", "contract", "replay", "ci", "explore")
REPORT_MODES = {"explore": "chaos"}
"""Store modes the report schema has no value for, and the ``run.mode`` their reports carry. An explore run's report is
a chaos report (``run.command: explore``), but the store keeps it under its own mode, so ``runs list``, the viewer's
filters and its trends never mix a search's binary verdicts into the config's chaos runs."""


RESUMED_BY = {"run": "run", "chaos": "run", "contract": "contract run", "replay": "replay run", "ci": "ci"}
"""The command that resumes a stored run of each mode (an explore search is not resumed: it is run again)."""


def resume_hint(mode: str) -> str:
    """What to do with ``--resume`` of a run of ``mode`` given to the wrong command: the command that resumes it."""
    command = RESUMED_BY.get(mode)
    if command is None:
        return f"a {mode} run cannot be resumed: run `windtunnel {mode}` again (the same --seed, the same search)"
    return f"resume it with `windtunnel {command} --resume ID`"


def report_mode(mode: str) -> str:
    """The ``run.mode`` of a report rebuilt from a run stored under ``mode`` (see :data:`REPORT_MODES`)."""
    return REPORT_MODES.get(mode, mode)


RUN_STATUSES = ("running", "passed", "failed", "error", "interrupted")
FINAL_STATUSES = RUN_STATUSES[1:]
SCHEMA_VERSION = 1
PAGE = 2000
_SUMMARY_CORE = frozenset({"score", "passed", "cells_total", "cells_passed", "cells_failed", "cells_errored"})
"""Summary keys every report has: a stored summary without them (a run stopped at setup) is completed."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id           TEXT PRIMARY KEY,
    mode         TEXT NOT NULL,
    config_path  TEXT,
    seed         INTEGER,
    started_at   TEXT NOT NULL,
    finished_at  TEXT,
    status       TEXT NOT NULL,
    summary_json BLOB,
    meta_json    BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS cells (
    run_id       TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    cell_id      TEXT NOT NULL,
    json         BLOB NOT NULL,
    completed_at TEXT NOT NULL,
    seq          INTEGER,
    PRIMARY KEY (run_id, cell_id)
);
"""
_SEQ_INDEX = "CREATE INDEX IF NOT EXISTS cells_seq ON cells (run_id, seq)"

_RUN_COLUMNS = ("id", "mode", "config_path", "seed", "started_at", "finished_at", "status")


_open_stores: weakref.WeakSet[RunStore] = weakref.WeakSet()


@atexit.register
def _flush_open_stores() -> None:
    """Close every store still open at interpreter exit, so the cells it queued are committed.

    A script that forgets ``close()`` (or ends with an uncaught error outside the ``with``) would otherwise lose the
    last batch: the committing thread is a daemon and dies with the interpreter. Errors are suppressed here, as
    there is nobody left to tell; the store's tables are never left half-written, only the queue unsaved."""
    for store in list(_open_stores):
        with contextlib.suppress(Exception):
            store.close()


class UnknownRunError(UsageError):
    """A run id that the store does not hold: a usage error (exit 2), because the id came from the user
    (``--resume``, ``runs show``, ``runs diff``) and the message suggests the closest stored id."""


_R = TypeVar("_R", bound="RunInfo")


@dataclass(frozen=True)
class RunInfo:
    """One row of ``runs`` plus its number of stored cells, decoded: ``summary`` is ``None`` until the run finishes
    (or when it stopped at setup) and ``meta`` holds the run fields that have no column (options, fingerprint,
    shard, planned cell count), secrets already redacted when it was written."""

    id: str
    mode: str
    config_path: str | None
    seed: int | None
    started_at: str
    finished_at: str | None
    status: str
    summary: SummaryDict | None
    meta: RunInfoDict
    cells: int

    @classmethod
    def from_row(cls: type[_R], row: tuple[Any, ...]) -> _R:
        """From ``id, mode, config_path, seed, started_at, finished_at, status, summary_json, meta_json, cells``."""
        return cls(
            id=row[0],
            mode=row[1],
            config_path=row[2],
            seed=row[3],
            started_at=row[4],
            finished_at=row[5],
            status=row[6],
            summary=orjson.loads(row[7]) if row[7] is not None else None,
            meta=orjson.loads(row[8]) if row[8] is not None else {},
            cells=int(row[9]),
        )

    @property
    def score(self) -> float | None:
        """The run's score from its stored summary, or None for a run that has no summary yet (running, or stopped at
        setup) and for a run cut short (interrupted, or aborted when the agent went away: ``partial``).

        A cut-short run's summary scores the cells that ran, which in a list of runs reads as a verdict (an agent that
        died after 3 of 12 cells showed 100.0, QA-11 minor 11); its status says what happened, and its report keeps
        that partial score, marked partial."""
        if self.summary is None or self.summary.get("partial"):
            return None
        return self.summary.get("score")


class RunStore:
    """Runs and their cells in one SQLite file (see the module docstring for guarantees).

    The writer side of the store: a flow opens it for the length of a run (``with RunStore(path) as store``),
    and the reports of that run are read back through the same object, so they see every queued cell. Use it from
    one process at a time per run; several processes may each write their own runs (SQLite serialises the commits,
    each waiting up to ``timeout`` seconds). A failed background commit is raised in the caller's thread at its next
    call, so a full disk stops the run instead of losing cells in silence."""

    def __init__(
        self,
        path: str | Path = DEFAULT_STORE_PATH,
        *,
        durable: bool = False,
        timeout: float = 30.0,
        create: bool = True,
        batch_interval: float = 0.05,
        batch_size: int = 512,
        on_commit: Callable[[list[str]], None] | None = None,
    ) -> None:
        """Open (and create, with ``create``) the store at ``path``: SQLite in WAL mode, so readers (``runs``, the
        viewer) never block the run that writes.

        ``durable`` makes every commit wait for the disk (``synchronous=FULL``); the default survives a killed process
        but not a power cut. Cells are committed by a background thread in batches of up to ``batch_size`` or every
        ``batch_interval`` seconds (0: each cell at once), and ``on_commit`` is told the ids of each batch committed. A
        missing store with ``create=False`` is a :class:`UsageError`; a file that is not a database, or a directory that
        cannot be written, a :class:`HarnessError`.
        """
        self.path = Path(path)
        self.batch_interval = batch_interval
        self.batch_size = max(1, batch_size)
        self.on_commit = on_commit
        self._queue: list[_Row] = []
        self._queue_lock = threading.Lock()
        self._wake = threading.Event()
        self._flusher: threading.Thread | None = None
        self._flush_error: BaseException | None = None
        self._closed = False
        self._known_runs: set[str] = set()
        self._codes = cell_facts.GroupCodes()
        _open_stores.add(self)
        if not create and not self.path.exists():
            raise UsageError(
                f"no run store at {str(self.path)!r}",
                hint="run something first, or point --store at an existing runs.db",
            )
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
            if "seq" not in {r[1] for r in self._db.execute("PRAGMA table_info(cells)")}:
                self._db.execute("ALTER TABLE cells ADD COLUMN seq INTEGER")  # a store from before plan order
            self._db.execute(_SEQ_INDEX)
            cell_facts.add_schema(self._db)  # the run page's facts, kept with each cell
            self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.DatabaseError as err:
            raise HarnessError(
                f"cannot open the run store {str(self.path)!r}: {err}",
                hint="check the path is writable and is a windtunnel runs.db",
            ) from None
        self._lock = threading.RLock()

    def close(self) -> None:
        """Commit the queued cells, stop the committing thread and close the database."""
        if self._closed:
            return
        try:
            self.flush()
        finally:
            self._closed = True
            self._wake.set()
            if self._flusher is not None and self._flusher is not threading.current_thread():
                self._flusher.join()
            with self._lock:
                self._db.close()

    def __enter__(self) -> RunStore:
        """The store itself; leaving the ``with`` block closes it (queued cells are committed first)."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Close the store, committing what is queued, also when the block raised: a run that fails keeps its
        results.
        """
        self.close()

    # -- writing ---------------------------------------------------------------------------

    def start_run(self, meta: Mapping[str, Any]) -> str:
        """Record a new run and return its id; with ``meta["id"]`` of a stored run, resume it.

        ``meta`` carries ``mode`` (required for a new run), ``seed``, ``config_path``,
        ``started_at`` (default now) and any other run fields, kept in ``meta_json`` and given back
        by :meth:`load_report`. Resuming sets the run back to ``running``; a resume whose ``mode`` or
        ``seed`` differs from the stored run is refused (its cells would not be the same cells).
        """
        run_id = str(meta.get("id") or new_run_id())
        with self._lock:
            row = self._db.execute("SELECT mode, seed FROM runs WHERE id = ?", (run_id,)).fetchone()
            if row is not None:
                for key, stored in zip(("mode", "seed"), row, strict=True):
                    if meta.get(key) is not None and meta[key] != stored:
                        raise UsageError(
                            f"cannot resume run {run_id!r} with {key} {meta[key]!r}: it was started with "
                            f"{key} {stored!r}",
                            hint=f"resume with the same {key}, or start a new run",
                        )
                self._db.execute("BEGIN IMMEDIATE")
                try:  # a run begun by an older version: the facts of its cells, once, before new cells come
                    cell_facts.backfill(self._db, run_id)
                    self._db.execute("UPDATE runs SET status = 'running', finished_at = NULL WHERE id = ?", (run_id,))
                    self._db.execute("COMMIT")
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
                self._known_runs.add(run_id)
                return run_id
            mode = meta.get("mode")
            if mode not in RUN_MODES:
                raise ValueError(f"run mode must be one of {', '.join(RUN_MODES)}, got {mode!r}")
            extra = redact_record({k: v for k, v in meta.items() if k not in _RUN_COLUMNS})
            self._db.execute(
                "INSERT INTO runs (id, mode, config_path, seed, started_at, finished_at, status, meta_json)"
                " VALUES (?, ?, ?, ?, ?, NULL, 'running', ?)",
                (
                    run_id,
                    mode,
                    meta.get("config_path"),
                    meta.get("seed"),
                    str(meta.get("started_at") or utc_now()),
                    orjson.dumps(extra),
                ),
            )
            self._known_runs.add(run_id)
        return run_id

    def add_cell(self, run_id: str, cell: CellDict, *, seq: int | None = None) -> None:
        """Queue one completed cell for the next batch (replaces a stored cell of the same id).

        ``seq`` is its position in the plan (for :meth:`iter_cells` in plan order). With
        ``batch_interval=0`` the cell is committed before this returns.
        """
        self._queue_row(_row(run_id, cell, seq))

    def add_cell_json(
        self, run_id: str, cell_id: str, raw: bytes, *, seq: int | None = None, cell: CellDict | None = None
    ) -> None:
        """:meth:`add_cell` for a cell already serialised (``raw`` is its JSON object, UTF-8). ``cell``: the dict
        ``raw`` encodes, when the caller has it and built it as a report cell (the engine's sink): its facts are read
        from it without parsing ``raw`` again or checking its fields' types."""
        if not cell_id:
            raise ValueError("a cell needs a non-empty string 'id'")
        facts = cell_facts.fact_values(cell) if cell is not None else _facts_of_raw(raw)
        self._queue_row((run_id, cell_id, raw, seq, facts))

    def _queue_row(self, row: _Row) -> None:
        """Queue ``row`` for the committing thread, or commit it at once when batching is off.

        A run id is checked against the ``runs`` table on its first row only, so a cell of an unknown run fails here, in
        the caller, not later in the thread. A full queue (4 batches behind) makes the producer flush and wait, which
        keeps memory bounded when the agent is faster than the disk.
        """
        if self.batch_interval <= 0:
            self._commit([row])
            return
        self._raise_flush_error()
        run_id = row[0]
        if run_id not in self._known_runs:
            with self._lock:
                self._require(run_id)
            self._known_runs.add(run_id)
        with self._queue_lock:
            self._queue.append(row)
            waiting = len(self._queue)
        if waiting >= 4 * self.batch_size:
            self.flush()  # the committing thread is behind: the producer waits (bounded memory)
        elif waiting == 1 or waiting >= self.batch_size:
            self._ensure_flusher()
            self._wake.set()

    def add_cells(self, run_id: str, cells: Iterable[CellDict]) -> int:
        """Store several completed cells in one transaction, committed before this returns; returns how many."""
        rows = [_row(run_id, cell) for cell in cells]
        self.flush()
        self._commit(rows)
        return len(rows)

    def flush(self) -> None:
        """Commit every queued cell now (one transaction)."""
        self._raise_flush_error()
        with self._lock:  # a reader that flushes waits for a batch the committing thread took
            with self._queue_lock:
                rows, self._queue = self._queue, []
            if rows:
                self._commit(rows)

    def _commit(self, rows: list[_Row]) -> None:
        """Write ``rows`` in one transaction (an existing cell of the same run and id is replaced, as ``--resume``
        reruns it); ``completed_at`` is the commit's time, within a batch interval of the cell's completion. A row of an
        unknown run rolls the batch back and raises :class:`UnknownRunError`; ``on_commit`` hears of each batch
        committed, after the commit.
        """
        now = utc_now()
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                stamp, code = cell_facts.new_stamp(), self._codes.code
                self._db.executemany(
                    cell_facts.UPSERT,
                    [
                        (run_id, cell_id, raw, now, seq, stamp + i, code(self._db, key), latency)
                        for i, (run_id, cell_id, raw, seq, (key, latency)) in enumerate(rows)
                    ],
                )
                self._db.executemany(cell_facts.COMMITTED, [(run_id, now) for run_id in {r[0] for r in rows}])
                self._db.execute("COMMIT")
            except sqlite3.IntegrityError:
                self._db.execute("ROLLBACK")
                self._codes.forget()  # the fact groups this batch added are gone too
                for run_id in {r[0] for r in rows}:
                    self._require(run_id)
                raise
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                self._codes.forget()
                raise
        if self.on_commit is not None and rows:
            self.on_commit([r[1] for r in rows])

    def _ensure_flusher(self) -> None:
        """Start the committing thread on the first queued row (not at open: a store only read never starts one)."""
        if self._flusher is None and not self._closed:
            self._flusher = threading.Thread(target=self._flush_loop, name="windtunnel-store", daemon=True)
            self._flusher.start()

    def _flush_loop(self) -> None:
        """The committing thread: wakes on the first queued cell, waits out ``batch_interval`` (cut short by a full
        batch or by close), then commits what is queued in one transaction. An error ends the thread and is kept for the
        writer, who meets it on its next call (:meth:`_raise_flush_error`) instead of losing cells silently.
        """
        while True:
            self._wake.wait()
            if self._closed:
                return
            self._wake.clear()
            with self._queue_lock:
                full = len(self._queue) >= self.batch_size
            if not full:
                self._wake.wait(self.batch_interval)  # a full batch (or close) cuts the wait short
                self._wake.clear()
            if self._closed:
                return
            try:
                with self._lock:
                    with self._queue_lock:
                        rows, self._queue = self._queue, []
                    if rows:
                        self._commit(rows)
            except BaseException as err:  # reported to the writer on its next call
                self._flush_error = err
                return

    def _raise_flush_error(self) -> None:
        """Raise, in the caller's thread, the error the committing thread met (once), so a failed write stops the run
        instead of losing results silently; the next queued row starts a fresh thread.
        """
        err, self._flush_error = self._flush_error, None
        if err is not None:
            self._flusher = None
            raise err

    def finish_run(self, run_id: str, summary: SummaryDict, status: str) -> None:
        """Record the run's summary and final status (``passed``, ``failed``, ``error``, ``interrupted``)."""
        if status not in FINAL_STATUSES:
            raise ValueError(f"status must be one of {', '.join(FINAL_STATUSES)}, got {status!r}")
        self.flush()
        with self._lock:
            self._require(run_id)
            self._db.execute(
                "UPDATE runs SET summary_json = ?, status = ?, finished_at = ? WHERE id = ?",
                (orjson.dumps(redact_record(dict(summary))), status, utc_now(), run_id),
            )

    def delete_run(self, run_id: str) -> None:
        """Delete run ``run_id`` and all its cells (after committing what is queued); an unknown id is
        :class:`UnknownRunError`.
        """
        self.flush()
        self._known_runs.discard(run_id)
        with self._lock:
            self._require(run_id)
            self._db.execute("DELETE FROM run_commits WHERE run_id = ?", (run_id,))
            self._db.execute("DELETE FROM cells WHERE run_id = ?", (run_id,))
            self._db.execute("DELETE FROM runs WHERE id = ?", (run_id,))

    # -- reading ---------------------------------------------------------------------------

    def completed_cell_ids(self, run_id: str) -> set[str]:
        """The ids of the cells already stored for ``run_id`` (what a resumed run skips)."""
        self.flush()
        with self._lock:
            self._require(run_id)
            return {r[0] for r in self._db.execute("SELECT cell_id FROM cells WHERE run_id = ?", (run_id,))}

    def iter_cells(self, run_id: str, *, plan_order: bool = False) -> Iterator[CellDict]:
        """The stored cells in completion order, read page by page (memory stays flat).

        ``plan_order=True``: in the order of their ``seq`` (their place in the plan) instead, cells
        stored without one last, in completion order.
        """
        self.get_run(run_id)  # commits the queue first
        if plan_order:
            last_seq, last_row = -(2**63), -1
            while True:  # keyset pagination on (seq, rowid), through the (run_id, seq) index
                with self._lock:
                    page = self._db.execute(
                        "SELECT seq, rowid, json FROM cells WHERE run_id = ? AND seq IS NOT NULL"
                        " AND (seq, rowid) > (?, ?) ORDER BY seq, rowid LIMIT ?",
                        (run_id, last_seq, last_row, PAGE),
                    ).fetchall()
                for row in page:
                    yield orjson.loads(row[2])
                if len(page) < PAGE:
                    break
                last_seq, last_row = page[-1][0], page[-1][1]
        yield from self._by_rowid(run_id, "AND seq IS NULL" if plan_order else "")

    def _by_rowid(self, run_id: str, where: str) -> Iterator[CellDict]:
        """Keyset pagination on rowid: each page a short read, no cursor held between pages. ``NOT INDEXED``:
        a range of the table itself; through an index on ``run_id`` every page would sort the whole run."""
        last = -1
        while True:
            with self._lock:
                page = self._db.execute(
                    f"SELECT rowid, json FROM cells NOT INDEXED WHERE run_id = ? {where} AND rowid > ?"
                    " ORDER BY rowid LIMIT ?",
                    (run_id, last, PAGE),
                ).fetchall()
            for _rowid, raw in page:
                yield orjson.loads(raw)
            if len(page) < PAGE:
                return
            last = page[-1][0]

    def count_cells(self, run_id: str) -> int:
        """The number of cells stored for ``run_id``, counting the queued ones (they are committed first)."""
        self.flush()
        with self._lock:
            return int(self._db.execute("SELECT count(*) FROM cells WHERE run_id = ?", (run_id,)).fetchone()[0])

    def get_run(self, run_id: str) -> RunInfo:
        """The run ``run_id``; :class:`UnknownRunError` (with close matches) if there is none."""
        self.flush()
        with self._lock:
            row = self._db.execute(
                "SELECT r.id, r.mode, r.config_path, r.seed, r.started_at, r.finished_at, r.status,"
                " r.summary_json, r.meta_json, (SELECT count(*) FROM cells c WHERE c.run_id = r.id)"
                " FROM runs r WHERE r.id = ?",
                (run_id,),
            ).fetchone()
        if row is None:
            self._raise_unknown(run_id)
        return _run_info(row)

    def resolve(self, ref: str) -> str:
        """A run id from ``ref``: an exact id, ``latest`` (the newest run), or a prefix that matches exactly one id —
        the one reading of a run reference for every command (``report``, ``runs show``, ``leak scan --from-run``).

        An ambiguous prefix is a :class:`UsageError` listing the first matches; an unknown id raises
        :class:`UnknownRunError`, which suggests the closest stored id."""
        runs = self.list_runs()
        if ref == "latest":
            if not runs:
                raise UsageError(f"the store {str(self.path)!r} holds no runs yet")
            return runs[0].id
        ids = [r.id for r in runs]
        if ref in ids:
            return ref
        matches = [i for i in ids if i.startswith(ref)]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise UsageError(
                f"run id prefix {ref!r} is ambiguous: {', '.join(matches[:5])}",
                hint="give more characters of the run id",
            )
        self.get_run(ref)  # raises UnknownRunError with suggestions
        return ref

    def list_runs(self, limit: int | None = None) -> list[RunInfo]:
        """Stored runs, newest first (by ``started_at``, then id), at most ``limit`` of them (``None``: all).

        Queued cells are committed first, so a run's ``cells`` count includes what this process just wrote. A run
        still in progress has ``finished_at`` and ``summary`` set to ``None``."""
        sql = (
            "SELECT r.id, r.mode, r.config_path, r.seed, r.started_at, r.finished_at, r.status,"
            " r.summary_json, r.meta_json, (SELECT count(*) FROM cells c WHERE c.run_id = r.id)"
            " FROM runs r ORDER BY r.started_at DESC, r.id DESC"
        )
        params: tuple[Any, ...] = ()
        self.flush()
        if limit is not None:
            sql += " LIMIT ?"
            params = (limit,)
        with self._lock:
            rows = self._db.execute(sql, params).fetchall()
        return [_run_info(r) for r in rows]

    def count_runs(self) -> int:
        """How many runs the store holds (what ``runs list`` shows a part of)."""
        with self._lock:
            return int(self._db.execute("SELECT count(*) FROM runs").fetchone()[0])

    def load_report(self, run_id: str) -> ReportDict:
        """The schema-valid run report rebuilt from the stored rows.

        A run that never finished gets a summary computed from its stored cells, marked
        ``"partial": true``, and ``finished_at`` = the time its last cell completed.
        """
        info = self.get_run(run_id)
        cells = list(self.iter_cells(run_id))
        meta = info.meta.copy()
        tool = meta.pop("tool", None) or {"name": "windtunnel", "version": __version__}
        planned = meta.pop("cells_planned", None)  # written at the start, for the progress of a running run
        blocks = meta.pop("report_blocks", None)  # a flow's report blocks beyond these (explore's search and findings)
        finished_at = info.finished_at
        if finished_at is None:
            with self._lock:
                last = self._db.execute("SELECT max(completed_at) FROM cells WHERE run_id = ?", (run_id,)).fetchone()[0]
            finished_at = last or info.started_at
        summary = info.summary
        if summary is None or not summary.keys() >= _SUMMARY_CORE:
            # never finished, or stopped before any cell ran (setup failed: agent unreachable ...): the
            # summary the report needs is counted from the cells kept, and what was stored is kept beside it
            summary = {**summarize_cells(cells), "partial": True, **(summary or {})}
            if planned is not None:
                summary.setdefault("cells_planned", planned)
        run: RunInfoDict = {
            **meta,
            "id": info.id,
            "mode": report_mode(info.mode),
            "seed": info.seed,
            "started_at": info.started_at,
            "finished_at": finished_at,
            "status": info.status,
        }
        if info.config_path is not None:
            run["config_path"] = info.config_path
        report: ReportDict = {"schema_version": "1", "tool": tool, "run": run, "summary": summary, "cells": cells}
        if usage := total_usage(cells):  # the run's tokens and cost, summed again from the cells kept
            report["usage"] = usage
        if isinstance(blocks, dict):
            loose = cast("dict[str, Any]", report)
            for key, block in blocks.items():
                loose.setdefault(key, block)
        return report

    def diff(self, run_a: str, run_b: str) -> RunDiff:
        """Compare two runs: see :func:`windtunnel.store.diff.diff_reports`."""
        return diff_reports(self.load_report(run_a), self.load_report(run_b))

    def integrity_check(self) -> str:
        """SQLite's ``PRAGMA integrity_check``: ``"ok"`` for a sound database, else the problems it found."""
        with self._lock:
            return str(self._db.execute("PRAGMA integrity_check").fetchone()[0])

    # -- helpers ---------------------------------------------------------------------------

    def _require(self, run_id: str) -> None:
        """Raise :class:`UnknownRunError` unless run ``run_id`` exists (the caller holds the lock)."""
        if self._db.execute("SELECT 1 FROM runs WHERE id = ?", (run_id,)).fetchone() is None:
            self._raise_unknown(run_id)

    def _raise_unknown(self, run_id: str) -> NoReturn:
        """Raise :class:`UnknownRunError` for ``run_id``, suggesting the closest stored id when the given one is long
        enough to be a typo (any short prefix is close to everything) and saying how to list the runs.
        """
        with self._lock:
            ids = [r[0] for r in self._db.execute("SELECT id FROM runs ORDER BY started_at DESC LIMIT 200")]
        hint = "list them with `windtunnel runs list`" if ids else f"the store {str(self.path)!r} holds no runs yet"
        near = did_you_mean(run_id, ids) if len(run_id) >= 8 else ""  # a short id is close to any (QA-7 F7-24)
        raise UnknownRunError(f"no run {run_id!r} in {str(self.path)!r}{near}", hint=hint)


_Row = tuple[str, str, bytes, "int | None", tuple[cell_facts.FactKey, "float | None"]]


def _row(run_id: str, cell: CellDict, seq: int | None = None) -> _Row:
    """The row a cell is stored as: ``(run id, cell id, JSON bytes, plan position, facts)``, with secrets redacted
    before anything reaches the disk. A cell without a non-empty string id is a ``ValueError``: it could never be read
    back, resumed or diffed.
    """
    cell_id = cell.get("id")
    if not isinstance(cell_id, str) or not cell_id:
        raise ValueError(f"a cell needs a non-empty string 'id', got {cell_id!r}")
    redacted = redact_record(cell)
    facts = cell_facts.facts_of(redacted)
    return (run_id, cell_id, orjson.dumps(redacted), seq, (facts[:8], facts.latency_ms))


def _facts_of_raw(raw: bytes) -> tuple[cell_facts.FactKey, float | None]:
    """The facts of a serialised cell, as its key and latency (a row that is not a JSON object: a damaged one's)."""
    try:
        cell = orjson.loads(raw)
    except orjson.JSONDecodeError:
        cell = None
    facts = cell_facts.facts_of(cell) if isinstance(cell, dict) else cell_facts.DAMAGED
    return facts[:8], facts.latency_ms


def _run_info(row: tuple[Any, ...]) -> RunInfo:
    """A ``runs`` table row as a :class:`RunInfo`."""
    return RunInfo.from_row(row)
