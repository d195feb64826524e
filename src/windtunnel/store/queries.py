"""Read-only, paginated queries over the run store (what ``windtunnel view`` and scripts read).

:class:`StoreReader` never writes a run or a cell. It opens one SQLite connection per thread
(``PRAGMA query_only``), so a threaded web server can read while a run writes to the same store
(WAL: readers never block the writer, nor the writer them).

Indexes: on open it adds, with ``CREATE INDEX IF NOT EXISTS`` (once per store, idempotent)::

    runs_started_at     ON runs(started_at)
    runs_config_started ON runs(config_path, started_at)
    runs_mode_started   ON runs(mode, started_at)

so the runs page (newest first, filtered by config and/or mode) reads one index range per page.
Cells are read through the primary key ``(run_id, cell_id)``.

Pages of cells are keyed on SQLite's ``rowid`` (completion order): a page starts where the previous one ended
(``rowid > cursor``), so the 500th page of a 55,000-cell run costs what the first does, where ``OFFSET`` would
read and skip every earlier row. The viewer's aggregates and filters go further: they read the facts the
writer keeps beside the cells (:mod:`windtunnel.store.facts`; :meth:`StoreReader.fact_aggregate`,
:meth:`StoreReader.facts_page`), and for a run written without them let SQLite extract the few fields they count
(:meth:`StoreReader.iter_cell_facts`): the prompt, output and calls of a cell, most of its bytes, are never parsed in
Python.

Why a separate reader and not :class:`~windtunnel.store.runstore.RunStore`: the writer holds one connection behind
a lock, starts a committing thread and creates the schema, none of which a viewer serving many threads from a store
another process is writing may do. The reader never creates a file (a deleted store is
:class:`StoreUnavailable`, not an empty one), never writes a row (the indexes aside), and checks every cell it
hands out against the report's cell model, so a damaged row shows as an errored cell rather than a 500.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar, cast

import orjson

from windtunnel._util.errors import HarnessError, UsageError
from windtunnel._util.jsontypes import JSONObject
from windtunnel.report.dicts import CellDict, ReportDict, RunInfoDict, SummaryDict
from windtunnel.report.models import Cell
from windtunnel.report.shape import shape_problem
from windtunnel.reports.cells import summarize_cells
from windtunnel.store import facts as cell_facts
from windtunnel.store.facts import EXTRACTED, GROUP_COLUMNS, NO_FAULT, Facts
from windtunnel.store.runstore import RunInfo, UnknownRunError, report_mode

INDEXES = (
    "CREATE INDEX IF NOT EXISTS runs_started_at ON runs(started_at)",
    "CREATE INDEX IF NOT EXISTS runs_config_started ON runs(config_path, started_at)",
    "CREATE INDEX IF NOT EXISTS runs_mode_started ON runs(mode, started_at)",
)
MAX_PAGE = 500
_T = TypeVar("_T")
_FACT_FILTERS = ("status", "kind", "phase", "scenario", "invariant", "mutation")


class StoreUnavailable(HarnessError):
    """The store cannot be read now: deleted or moved since the reader opened it, or locked by another process.

    A :class:`~windtunnel._util.errors.HarnessError` (exit 3), not a usage error: the path was right when the reader
    opened it. The viewer answers it with a 503 and the hint, and keeps serving, so restoring the file is enough."""


@dataclass(frozen=True)
class RunRow(RunInfo):
    """One run as the runs page shows it (no cells loaded, only counted)."""

    damaged: str | None = None
    """Why the stored row could not be read in full (its summary or metadata is not valid JSON), else ``None``."""

    def to_dict(self) -> JSONObject:
        """The run as one JSON object for the viewer's runs list and ``runs list --format json``: its columns, the
        summary's score (None for a run cut short) and verdict, the cell count, the planned count (from the run's meta
        while it still runs) and its duration in seconds (None while it runs).
        """
        summary = self.summary or {}
        return {
            "damaged": self.damaged,
            "id": self.id,
            "mode": self.mode,
            "config_path": self.config_path,
            "seed": self.seed,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "status": self.status,
            "score": self.score,  # None for a run cut short: its status says so (RunInfo.score)
            "passed": summary.get("passed"),
            "cells": self.cells,
            "cells_planned": summary.get("cells_planned", self.meta.get("cells_planned")),  # a running run: meta
            "duration_s": duration_s(self.started_at, self.finished_at),
        }


def duration_s(started: str | None, finished: str | None) -> float | None:
    """Seconds between two ISO 8601 stamps (``None`` when either is missing or unreadable)."""
    if not started or not finished:
        return None
    try:
        a = datetime.fromisoformat(started.replace("Z", "+00:00"))
        b = datetime.fromisoformat(finished.replace("Z", "+00:00"))
    except ValueError:
        return None
    return round((b - a).total_seconds(), 3)


_RUN_SELECT = (
    "SELECT r.id, r.mode, r.config_path, r.seed, r.started_at, r.finished_at, r.status, r.summary_json,"
    " r.meta_json, (SELECT count(*) FROM cells c WHERE c.run_id = r.id) FROM runs r"
)


def _row(row: tuple[Any, ...]) -> RunRow:
    """One run; a row whose summary or metadata is not valid JSON is kept, without them, marked ``damaged``."""
    try:
        return RunRow.from_row(row)
    except (orjson.JSONDecodeError, TypeError, ValueError) as err:
        return RunRow(
            id=str(row[0]),
            mode=str(row[1]),
            config_path=row[2] if isinstance(row[2], str) else None,
            seed=row[3] if isinstance(row[3], int) else None,
            started_at=str(row[4]),
            finished_at=row[5] if isinstance(row[5], str) else None,
            status=str(row[6]),
            summary=None,
            meta={},
            cells=int(row[9] or 0),
            damaged=f"the stored summary or metadata of this run is not valid JSON ({err})",
        )


def _add_indexes(db: sqlite3.Connection) -> bool:
    """Add :data:`INDEXES` and the facts' columns (idempotent); ``False`` when the store cannot be written (a
    read-only copy still reads)."""
    try:
        for sql in INDEXES:
            db.execute(sql)
        cell_facts.add_schema(db)  # a store an older version wrote: the facts' columns, filled from now on
    except sqlite3.OperationalError as err:
        if "readonly" in str(err) or "read-only" in str(err):
            return False
        raise
    return True


def _cell(raw: bytes, cell_id: str) -> CellDict:
    """A stored cell, checked where it is read (every page and command reads cells here): one that is not valid
    JSON, or whose keys do not have the types of the report's cell (``{"faults": 7}``, ``[1, 2, 3]``, ``null``:
    :func:`~windtunnel.report.shape.shape_problem`), stands as an errored cell whose ``damaged`` says why."""
    try:
        cell = orjson.loads(raw)
    except orjson.JSONDecodeError as err:
        why = f"the stored row of cell {cell_id!r} is not valid JSON ({err})"
    else:
        problem = shape_problem(cell, Cell)
        if problem is None:
            return cast(CellDict, cell)  # shape_problem checked it against the Cell model
        why = f"the stored row of cell {cell_id!r} is damaged: {problem}"
    return {"id": str(cell_id), "status": "error", "passed": False, "error": why, "damaged": why}


class StoreReader:
    """Read-only access to a ``runs.db`` (see the module docstring)."""

    def __init__(self, path: str | Path, *, timeout: float = 30.0) -> None:
        """Open the store at ``path`` for reading, waiting up to ``timeout`` seconds for a writer's lock.

        A missing file or a database without the ``runs`` and ``cells`` tables is a :class:`UsageError` (a wrong
        ``--store`` is the user's to fix); a real store that cannot be read now is a :class:`HarnessError`. The indexes
        the viewer's queries need are added once here; ``indexed`` is False on a read-only copy, which still reads.
        """
        self.path = Path(path)
        self.timeout = timeout
        if not self.path.is_file():
            raise UsageError(
                f"no run store at {str(self.path)!r}",
                hint="run something first (e.g. 'windtunnel run -c windtunnel.yaml'), or point --store at a runs.db",
            )
        self._local = threading.local()
        try:
            db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
            try:
                tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                if not {"runs", "cells"} <= tables:
                    raise UsageError(
                        f"{str(self.path)!r} is not a windtunnel run store (no runs/cells tables)",
                        hint="point --store at the runs.db that 'windtunnel run' writes",
                    )
                self.indexed = _add_indexes(db)
            finally:
                db.close()
        except sqlite3.OperationalError as err:  # a real store that cannot be read now (locked, I/O)
            raise HarnessError(
                f"cannot read the run store {str(self.path)!r}: {err}",
                hint="check the path is a windtunnel runs.db",
            ) from None
        except sqlite3.DatabaseError as err:  # not an SQLite database at all: a wrong path (usage)
            raise UsageError(
                f"{str(self.path)!r} is not a windtunnel run store ({err})",
                hint="point --store at the runs.db that 'windtunnel run' writes",
            ) from None

    def _db(self) -> sqlite3.Connection:
        """This thread's read-only connection, opened on first use (sqlite3 connections must not be shared between the
        server's threads). The file is checked first: sqlite3 would create an empty store where a deleted one was and
        quietly show no runs.
        """
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            if not self.path.is_file():  # sqlite3 would create an empty store there and show nothing
                raise StoreUnavailable(
                    f"the run store {str(self.path)!r} no longer exists (deleted or moved since it was opened)",
                    hint="put it back, or restart with --store pointing at the runs.db to read",
                )
            db = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA query_only = ON")
            self._local.db = db
        return db

    def close(self) -> None:
        """Close this thread's connection (other threads' close when they end)."""
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None

    # -- runs ------------------------------------------------------------------------------

    @staticmethod
    def _where(config: str | None, mode: str | None) -> tuple[str, list[Any]]:
        """The ``WHERE`` clause and its parameters for the runs filters (a config path, a mode); empty when neither is
        given. Values are always bound parameters, never formatted into the SQL.
        """
        clauses: list[str] = []
        params: list[Any] = []
        if config:
            clauses.append("r.config_path = ?")
            params.append(config)
        if mode:
            clauses.append("r.mode = ?")
            params.append(mode)
        return (" WHERE " + " AND ".join(clauses)) if clauses else "", params

    def runs_page(
        self, *, config: str | None = None, mode: str | None = None, offset: int = 0, limit: int = 50
    ) -> tuple[list[RunRow], int]:
        """One page of runs, newest first, and how many runs match the filters (for the pager).

        ``config`` and ``mode`` filter by equality (``None``: any); ``limit`` is clamped to 1..:data:`MAX_PAGE` and a
        negative ``offset`` read as 0, so a hand-edited query string cannot ask for the whole table."""
        limit = max(1, min(int(limit), MAX_PAGE))
        where, params = self._where(config, mode)
        db = self._db()
        rows = db.execute(
            f"{_RUN_SELECT}{where} ORDER BY r.started_at DESC, r.id DESC LIMIT ? OFFSET ?",
            (*params, limit, max(0, int(offset))),
        ).fetchall()
        total = int(db.execute(f"SELECT count(*) FROM runs r{where}", params).fetchone()[0])
        return [_row(r) for r in rows], total

    def run_filters(self) -> dict[str, list[str]]:
        """The configs and modes present in the store (the runs page's filter choices)."""
        db = self._db()
        configs = [r[0] for r in db.execute("SELECT DISTINCT config_path FROM runs WHERE config_path IS NOT NULL")]
        modes = [r[0] for r in db.execute("SELECT DISTINCT mode FROM runs")]
        return {"configs": sorted(configs), "modes": sorted(modes)}

    def run(self, run_id: str) -> RunRow:
        """The run ``run_id`` as a :class:`RunRow`, or :class:`UnknownRunError` naming the store."""
        row = self._db().execute(f"{_RUN_SELECT} WHERE r.id = ?", (run_id,)).fetchone()
        if row is None:
            raise UnknownRunError(f"no run {run_id!r} in {str(self.path)!r}", hint="see the runs page")
        return _row(row)

    def runs_of(self, *, config: str | None, mode: str | None, limit: int = 50) -> list[RunRow]:
        """The last ``limit`` runs of one config and mode, oldest first (a trend's points)."""
        where, params = self._where(config, mode)
        rows = (
            self._db()
            .execute(
                f"{_RUN_SELECT}{where} ORDER BY r.started_at DESC, r.id DESC LIMIT ?",
                (*params, max(1, min(int(limit), MAX_PAGE))),
            )
            .fetchall()
        )
        return [_row(r) for r in reversed(rows)]

    def previous(self, run: RunRow) -> str | None:
        """The id of the run of the same config and mode that started just before ``run`` (for a diff)."""
        where, params = self._where(run.config_path, run.mode)
        where += (" AND" if where else " WHERE") + " (r.started_at < ? OR (r.started_at = ? AND r.id < ?))"
        row = (
            self._db()
            .execute(
                f"SELECT r.id FROM runs r{where} ORDER BY r.started_at DESC, r.id DESC LIMIT 1",
                (*params, run.started_at, run.started_at, run.id),
            )
            .fetchone()
        )
        return None if row is None else str(row[0])

    # -- cells -----------------------------------------------------------------------------

    def iter_cells(self, run_id: str, page: int = 2000) -> Iterator[CellDict]:
        """The run's cells in completion order, read ``page`` rows per query (keyed on ``rowid``), so memory holds one
        page whatever the run's size; each cell is checked as :func:`_cell` does. An unknown run yields nothing."""
        last = -1
        db = self._db()
        while True:
            rows = db.execute(
                "SELECT rowid, json, cell_id FROM cells WHERE run_id = ? AND rowid > ? ORDER BY rowid LIMIT ?",
                (run_id, last, page),
            ).fetchall()
            for rowid, raw, cell_id in rows:
                last = rowid
                yield _cell(raw, cell_id)
            if len(rows) < page:
                return

    def iter_cell_facts(self, run_id: str) -> Iterator[dict[str, Any]]:
        """The run's cells in completion order, each cut down to what the viewer's aggregates and filters
        read (:data:`~windtunnel.store.facts.FACT_PATHS`): SQLite extracts those fields, so the rest of each cell
        (prompt, output, calls, checks) is never parsed in Python. For a run whose cells have no facts."""
        for _, facts in self.iter_cell_facts_keyed(run_id):
            yield facts

    def iter_cell_facts_keyed(self, run_id: str, page: int = 5000) -> Iterator[tuple[int, dict[str, Any]]]:
        """:meth:`iter_cell_facts`, each with its row key for :meth:`cells_by_key`."""
        last = -1
        db = self._db()
        # A row that is not a JSON object gives NULL: it stands as an errored cell, as iter_cells reads it.
        sql = (
            f"SELECT rowid, {EXTRACTED}"
            " FROM (SELECT rowid, CAST(json AS TEXT) AS t FROM cells WHERE run_id = ? AND rowid > ?"
            " ORDER BY rowid LIMIT ?) ORDER BY rowid"
        )
        while True:
            rows = db.execute(sql, (run_id, last, page)).fetchall()
            for rowid, raw in rows:
                last = rowid
                if raw is None:
                    yield rowid, {"status": "error", "passed": False, "kind": None, "faults": None}
                    continue
                status, passed, phase, kind, mutation, invariant, scenario, latency, faults, idle = orjson.loads(raw)
                facts = {
                    "status": status,
                    "passed": passed,
                    "phase": phase,
                    "kind": kind,
                    "mutation": {"type": mutation} if mutation is not None else None,
                    "invariant": invariant,
                    "scenario": scenario,
                    "latency_ms": latency,
                    "faults": faults,
                }
                if idle is not None:  # a contract row of a scenario not exercised (store/facts.py's NOT_EXERCISED)
                    facts["not_exercised"] = idle
                # the same check as every whole cell read (_cell): a damaged row stands as an errored cell
                if shape_problem(facts, Cell) is not None:
                    facts = {"status": "error", "passed": False, "kind": None, "faults": None}
                yield rowid, facts
            if len(rows) < page:
                return

    def cells_by_key(self, keys: list[int]) -> list[CellDict]:
        """Whole cells by the row keys :meth:`iter_cell_facts_keyed` gave, in that order."""
        if not keys:
            return []
        marks = ", ".join("?" * len(keys))
        sql = f"SELECT rowid, json, cell_id FROM cells WHERE rowid IN ({marks})"
        rows = {rowid: (raw, cell_id) for rowid, raw, cell_id in self._db().execute(sql, keys).fetchall()}
        return [_cell(*rows[k]) for k in keys if k in rows]

    # -- the facts kept in each cell's row (store/facts.py) ------------------------------

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """This thread's connection inside one read transaction: every query in the block sees the same store, even
        while a run is writing to it."""
        db = self._db()
        db.execute("BEGIN")
        try:
            yield db
        finally:
            db.execute("COMMIT")

    def facts_ready(self, run_id: str) -> bool:
        """Whether every cell of ``run_id`` has its facts in its row (see :mod:`windtunnel.store.facts`)."""
        return cell_facts.facts_complete(self._db(), run_id)

    def store_facts(self, run_id: str) -> bool:
        """Compute and store the facts of the cells of ``run_id`` that have none, once (a run an older version wrote;
        call it for a finished run only, whose cells no longer change); False when the store may not be written now (a
        read-only copy, or another process holding the write lock longer than the reader's ``timeout``): the caller
        keeps counting from the cells, which a writer's lock never blocks in WAL mode."""
        try:
            writer = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        except sqlite3.Error:
            return False
        try:
            cell_facts.add_schema(writer)  # a store no writer of this version has opened yet
            writer.execute("BEGIN IMMEDIATE")
            try:
                cell_facts.backfill(writer, run_id)
                writer.execute("COMMIT")
            except BaseException:
                writer.execute("ROLLBACK")
                raise
        except sqlite3.OperationalError as err:
            if any(word in str(err) for word in ("readonly", "read-only", "locked", "busy")):
                return False
            raise
        finally:
            writer.close()
        return True

    def fact_aggregate(
        self, run_id: str, summarize: Callable[[list[tuple[Facts, int]], list[float]], _T]
    ) -> tuple[_T, str | None] | None:
        """``summarize(groups, latencies)`` over the facts of the run's cells, with the time its last cell completed;
        None when some cell of the run has no facts (written by an older version: see :meth:`store_facts`).

        ``groups`` are the run's distinct facts with their number of cells, in the order of each one's first cell;
        ``latencies`` the sorted latencies of its scored cells, read from the facts' covering index (sorted within
        each code there, so the sort merges a few sorted runs). Everything is read in one snapshot, so the counts add
        up to the cells even while the run is being written."""
        with self.snapshot() as db:
            try:
                rows = db.execute(
                    f"SELECT c.code, c.n, {', '.join(f'g.{name}' for name in GROUP_COLUMNS)} FROM"
                    " (SELECT facts AS code, count(*) AS n, min(rowid) AS first FROM cells"
                    " WHERE run_id = ? AND facts IS NOT NULL GROUP BY facts)"
                    " AS c LEFT JOIN fact_groups AS g ON g.code = c.code ORDER BY c.first",
                    (run_id,),
                ).fetchall()
            except sqlite3.OperationalError as err:
                if "no such" in str(err):  # a store an older version wrote, read-only: no facts' columns
                    return None
                raise
            if any(r[2] is None for r in rows) or sum(r[1] for r in rows) != self.count_cells(run_id):
                return None  # some row has no facts
            groups = [(Facts(r[2], bool(r[3]), r[4], r[5], r[6], r[7], r[8], r[9], None), int(r[1])) for r in rows]
            last = db.execute("SELECT last_completed FROM run_commits WHERE run_id = ?", (run_id,)).fetchone()
            latencies = [
                v
                for (v,) in db.execute(
                    "SELECT latency_ms FROM cells WHERE run_id = ? AND facts IS NOT NULL AND latency_ms IS NOT NULL",
                    (run_id,),
                )
            ]
            latencies.sort()
            return summarize(groups, latencies), (last[0] if last else None)

    def facts_page(
        self, run_id: str, filters: dict[str, str], *, offset: int, limit: int
    ) -> tuple[list[CellDict], int, int]:
        """One page of the run's cells that pass ``filters`` (the keys of ``view.aggregate.FILTER_KEYS`` but ``q``), in
        completion order, with how many match and how many the run has: one query on the facts' columns and a count
        (check :meth:`facts_ready` first)."""
        clauses: list[str] = []
        params: list[str] = [run_id]
        for key, want in filters.items():
            if key == "fault":
                if want == NO_FAULT:
                    clauses.append("faults = ''")
                else:
                    clauses.append("instr(char(31) || faults || char(31), char(31) || ? || char(31)) > 0")
                    params.append(want)
            elif key in _FACT_FILTERS:
                clauses.append(f"{key} = ?")  # a column name from the fixed tuple, never the user's text
                params.append(want)
            else:
                raise ValueError(f"no filter {key!r} on the facts of a cell")
        where = (
            "run_id = ? AND facts IS NOT NULL"
            f" AND facts IN (SELECT code FROM fact_groups WHERE {' AND '.join(clauses) or '1'})"
        )
        with self.snapshot() as db:
            rows = db.execute(
                f"SELECT json, cell_id FROM cells WHERE {where} ORDER BY rowid LIMIT ? OFFSET ?",
                (*params, limit, offset),
            ).fetchall()
            matching = int(db.execute(f"SELECT count(*) FROM cells WHERE {where}", params).fetchone()[0])
            total = self.count_cells(run_id)
        return [_cell(raw, cell_id) for raw, cell_id in rows], matching, total

    def count_cells(self, run_id: str) -> int:
        """How many cells the run has stored (a count over the primary key's index)."""
        return int(self._db().execute("SELECT count(*) FROM cells WHERE run_id = ?", (run_id,)).fetchone()[0])

    def cells_page(
        self, run_id: str, *, limit: int, offset: int = 0, after: int | None = None
    ) -> tuple[list[CellDict], int | None]:
        """One page of the run's cells in completion order, and the cursor of its last row (``None`` when
        the page is empty). ``after``: the cursor a previous page returned (keyset pagination: the page
        starts where that one ended, at the cost of the page alone); else ``offset`` rows are skipped."""
        db = self._db()
        if after is not None:
            rows = db.execute(
                "SELECT rowid, json, cell_id FROM cells WHERE run_id = ? AND rowid > ? ORDER BY rowid LIMIT ?",
                (run_id, after, limit),
            ).fetchall()
        else:
            rows = db.execute(
                "SELECT rowid, json, cell_id FROM cells WHERE run_id = ? ORDER BY rowid LIMIT ? OFFSET ?",
                (run_id, limit, offset),
            ).fetchall()
        return [_cell(raw, cell_id) for _, raw, cell_id in rows], (int(rows[-1][0]) if rows else None)

    def cell(self, run_id: str, cell_id: str) -> CellDict:
        """One stored cell of ``run_id`` as its JSON object, with the time it completed; a cell id the run does not hold
        is a :class:`UsageError` (a stale link in the viewer, not a crash).
        """
        row = (
            self._db()
            .execute("SELECT json, completed_at FROM cells WHERE run_id = ? AND cell_id = ?", (run_id, cell_id))
            .fetchone()
        )
        if row is None:
            raise UsageError(f"run {run_id!r} has no cell {cell_id!r}", hint="open the run page to list its cells")
        cell = _cell(row[0], cell_id)
        cell.setdefault("completed_at", row[1])
        return cell

    def last_completed(self, run_id: str) -> str | None:
        """When the latest cell of ``run_id`` completed (ISO 8601, UTC), or None before the first one: the viewer shows
        a running run's progress with it.
        """
        row = self._db().execute("SELECT max(completed_at) FROM cells WHERE run_id = ?", (run_id,)).fetchone()
        return None if row is None else row[0]

    def load_report(self, run_id: str) -> ReportDict:
        """The run as a report dict (``run``, ``summary``, ``cells``), for :mod:`windtunnel.store.diff`."""
        info = self.run(run_id)
        cells = list(self.iter_cells(run_id))
        summary: SummaryDict = info.summary if info.summary is not None else {**summarize_cells(cells), "partial": True}
        mode = report_mode(info.mode)
        run: RunInfoDict = {**info.meta, "id": info.id, "mode": mode, "seed": info.seed, "status": info.status}
        run.pop("report_blocks", None)  # a flow's report blocks (explore's) are not the run's, as RunStore.report
        return {"run": run, "summary": summary, "cells": cells}
