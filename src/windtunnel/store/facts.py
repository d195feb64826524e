"""The few fields of a cell that the viewer counts and filters on, kept beside each cell as it is written.

The run page of ``windtunnel view`` shows a run's aggregates (status counts, pass rates by phase, mutation, fault and
invariant, the contract heat map, latency percentiles) and filters its cell table by the same fields. Reading them out
of every stored cell costs ~0.4 s for a run of 55,000 cells, so the writer keeps them in a narrow side table as it
commits each batch, in the same transaction as the cells::

    cell_facts(run_id, key, status, passed, phase, kind, mutation, invariant, scenario, latency_ms, faults)
        -- primary key (run_id, key) WITHOUT ROWID; key is the cell's rowid in ``cells`` (its completion order);
        -- indexed by (run_id, every fact but the latency) for the counts and (run_id, latency_ms)
    run_commits(run_id, last_completed)    -- the time of the run's last commit of cells

The first ``/api/run`` then reads a few grouped rows and the latencies, and a filtered page is one query.

* :func:`facts_of` makes a cell's :class:`Facts`; the writer, the backfill of older runs and the viewer's aggregates of
  whole cells all go through it, so the side table and a full recomputation count the same thing.
* Triggers on ``cells`` drop a cell's facts when the cell is replaced or deleted by anyone, a writer of an older
  version included; a run's facts are *complete* when it has as many facts as cells (:func:`facts_complete`).
* Runs written before the side table existed (or by an older version) have no facts: :func:`backfill` computes the
  missing ones from the stored cells once (the writer on ``--resume``, the viewer on a finished run's first view when
  it may write the store); until then the viewer computes from the cells themselves, as before.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Iterator, Mapping
from typing import NamedTuple, Protocol, cast

import orjson

from windtunnel.report.dicts import CellDict
from windtunnel.report.models import Cell
from windtunnel.report.shape import shape_problem
from windtunnel.reports.cells import KIND_PHASE

NO_FAULT = "(no fault)"
"""The label the run page gives a cell in which no fault fired (its ``faults`` column is empty)."""
FAULT_SEP = "\x1f"
"""Between two fault labels in the ``faults`` column (the unit separator: no fault target or mode holds it)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS cell_facts (
    run_id     TEXT NOT NULL,
    key        INTEGER NOT NULL,
    status     TEXT NOT NULL,
    passed     INTEGER NOT NULL,
    phase      TEXT NOT NULL,
    kind       TEXT,
    mutation   TEXT,
    invariant  TEXT,
    scenario   TEXT,
    latency_ms REAL,
    faults     TEXT NOT NULL,
    PRIMARY KEY (run_id, key)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS cell_facts_groups
    ON cell_facts (run_id, status, passed, phase, kind, mutation, invariant, scenario, faults);
CREATE INDEX IF NOT EXISTS cell_facts_latency ON cell_facts (run_id, latency_ms) WHERE latency_ms IS NOT NULL;
CREATE TABLE IF NOT EXISTS run_commits (
    run_id         TEXT PRIMARY KEY,
    last_completed TEXT NOT NULL
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS cell_facts_replaced AFTER UPDATE OF json ON cells BEGIN
    DELETE FROM cell_facts WHERE run_id = OLD.run_id AND key = OLD.rowid;
END;
CREATE TRIGGER IF NOT EXISTS cell_facts_deleted AFTER DELETE ON cells BEGIN
    DELETE FROM cell_facts WHERE run_id = OLD.run_id AND key = OLD.rowid;
END;
"""
"""The side table, the time of each run's last commit (``run_commits``: what ``max(completed_at)`` of its cells would
read) and the triggers that keep the facts honest (created with the store's schema, idempotent)."""

COMMITTED = (
    "INSERT INTO run_commits (run_id, last_completed) VALUES (?, ?)"
    " ON CONFLICT (run_id) DO UPDATE SET last_completed = max(last_completed, excluded.last_completed)"
)
"""Record a commit of cells of run ``?`` at time ``?`` (one row per run and batch, not per cell)."""

INSERT = (
    "INSERT OR REPLACE INTO cell_facts"
    " (run_id, key, status, passed, phase, kind, mutation, invariant, scenario, latency_ms, faults)"
    " SELECT ?, rowid, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM cells WHERE run_id = ? AND cell_id = ?"
)
"""Facts of a cell by its id (the key is looked up, as the cell's rowid is known only once it is stored):
parameters ``run_id, *facts, run_id, cell_id``."""

FACT_PATHS = (
    "$.status",
    "$.passed",
    "$.phase",
    "$.kind",
    "$.mutation.type",
    "$.invariant",
    "$.scenario",
    "$.latency_ms",
    "$.faults",
)
"""The fields of a stored cell that its facts come from, as SQLite's ``json_extract`` paths."""

_PATHS = ", ".join(f"'{p}'" for p in FACT_PATHS)
EXTRACTED = f"CASE WHEN json_valid(t) AND json_type(t) = 'object' THEN json_extract(t, {_PATHS}) END"
"""SQL over a column ``t`` (a cell's JSON as text): the :data:`FACT_PATHS` values as one JSON array, NULL for a row
that is not a JSON object."""


class SortedLatencies(Protocol):
    """The latencies of a run's scored cells in ascending order, as a sequence that need not be in memory (the store
    reads an element by its rank through the latency index), with the histogram's counts computed where they are."""

    def __len__(self) -> int:
        """How many latencies there are."""

    def __getitem__(self, i: int) -> float:
        """The ``i``-th smallest (negative: from the largest)."""

    def bin_counts(self, lo: float, width: float, bins: int) -> list[int]:
        """How many latencies ``v`` fall in each bin ``min(int((v - lo) / width), bins - 1)``."""


class Facts(NamedTuple):
    """What the run page counts and filters on, for one cell (a row of ``cell_facts`` without its keys)."""

    status: str
    """The cell's status (``passed``, ``failed``, ``error``, ``skipped``)."""
    passed: bool
    """Whether the cell passed."""
    phase: str
    """Its phase (:func:`~windtunnel.reports.cells.cell_phase`)."""
    kind: str | None
    """Its kind (``golden``, ``mutation``, ``chaos``, ``contract``, ``replay``)."""
    mutation: str | None
    """The type of its mutation, if any."""
    invariant: str | None
    """The invariant a contract cell checks."""
    scenario: str | None
    """The scenario of a contract cell."""
    latency_ms: float | None
    """The agent's latency, None when not recorded and for a skipped cell."""
    faults: str
    """The ``target.mode`` labels of the faults that fired, sorted, each once, joined by :data:`FAULT_SEP`; empty when
    none fired."""

    @property
    def fault_labels(self) -> list[str]:
        """The labels of :attr:`faults` as a list (empty when no fault fired)."""
        return self.faults.split(FAULT_SEP) if self.faults else []


FactValues = tuple[str, bool, str, "str | None", "str | None", "str | None", "str | None", "float | None", str]
"""A :class:`Facts` as a plain tuple (what the writer queues beside each cell)."""

DAMAGED = Facts("error", False, "run", None, None, None, None, None, "")
"""The facts of a row the store cannot read (not JSON, or fields of the wrong type): an errored cell, as the readers
show it."""


def facts_of(cell: Mapping[str, object]) -> Facts:
    """The facts of ``cell`` (a whole cell, or only its :data:`FACT_PATHS` fields), read as the store's readers read a
    cell: fields of the wrong type make it an errored cell (:data:`DAMAGED`). A latency that JSON cannot hold (NaN,
    infinity) is no latency, and a skipped cell has none (it is not timed)."""
    mutation = cell.get("mutation")
    faults = cell.get("faults")
    cut = {key: cell.get(key) for key in _CUT}
    mtype = mutation.get("type") if isinstance(mutation, Mapping) else None
    cut["mutation"] = {"type": mtype} if mtype is not None else None
    cut["faults"] = list(faults) if isinstance(faults, tuple) else faults
    if shape_problem(cut, Cell) is not None:
        return DAMAGED
    return Facts._make(fact_values(cast(CellDict, cut)))  # shape_problem checked its fields' types


def fact_values(cell: CellDict) -> FactValues:
    """:func:`facts_of` as a plain tuple, without the check of the fields' types: for a row the engine has just built
    (the run's hot path, ~1 µs a cell)."""
    status = str(cell.get("status"))
    latency = cell.get("latency_ms")
    if status == "skipped" or latency.__class__ not in (float, int) or not math.isfinite(latency or 0.0):
        latency = None
    faults = cell.get("faults")
    if not faults:
        labels = ""
    elif len(faults) == 1:
        labels = f"{faults[0].get('target')}.{faults[0].get('mode')}"
    else:
        labels = FAULT_SEP.join(sorted({f"{f.get('target')}.{f.get('mode')}" for f in faults}))
    phase = cell.get("phase")
    kind = cell.get("kind")
    if not phase or phase.__class__ is not str:
        phase = str(kind or "run")
        phase = KIND_PHASE.get(phase, phase)
    mutation = cell.get("mutation")
    mtype = mutation.get("type") if mutation else None
    return (
        status,
        bool(cell.get("passed")),
        phase,
        kind,
        None if mtype is None else str(mtype),
        cell.get("invariant"),
        cell.get("scenario"),
        None if latency is None else float(latency),
        labels,
    )


_CUT = ("status", "passed", "phase", "kind", "invariant", "scenario", "latency_ms")


_EXTRACTED_KEYS = ("status", "passed", "phase", "kind", "mutation", "invariant", "scenario", "latency_ms", "faults")


def extracted_facts(raw: str | bytes | None) -> Facts:
    """The facts of a cell from the :data:`EXTRACTED` array SQLite gave for it (NULL: a damaged row)."""
    if raw is None:
        return DAMAGED
    values = orjson.loads(raw)
    fields = dict(zip(_EXTRACTED_KEYS, values, strict=True))
    mutation = fields.pop("mutation")
    return facts_of({**fields, "mutation": {"type": mutation} if mutation is not None else None})


def facts_complete(db: sqlite3.Connection, run_id: str) -> bool:
    """Whether every stored cell of ``run_id`` has its facts (counted in one statement: one snapshot); False in a
    store that has no side table (written by an older version, and read-only since)."""
    try:
        cells, facts = db.execute(
            "SELECT (SELECT count(*) FROM cells WHERE run_id = ?), (SELECT count(*) FROM cell_facts WHERE run_id = ?)",
            (run_id, run_id),
        ).fetchone()
    except sqlite3.OperationalError as err:
        if "no such table" in str(err):
            return False
        raise
    return bool(cells == facts)


def _missing(db: sqlite3.Connection, run_id: str, page: int = 5000) -> Iterator[tuple[int, Facts]]:
    """The cells of ``run_id`` that have no facts, with their facts computed from the stored JSON."""
    last = -1
    sql = (
        f"SELECT rowid, {EXTRACTED} FROM (SELECT c.rowid, CAST(c.json AS TEXT) AS t FROM cells c"
        " WHERE c.run_id = ? AND c.rowid > ? AND NOT EXISTS"
        " (SELECT 1 FROM cell_facts f WHERE f.run_id = c.run_id AND f.key = c.rowid) ORDER BY c.rowid LIMIT ?)"
    )
    while True:
        rows = db.execute(sql, (run_id, last, page)).fetchall()
        for key, raw in rows:
            last = key
            yield key, extracted_facts(raw)
        if len(rows) < page:
            return


def backfill(db: sqlite3.Connection, run_id: str) -> int:
    """Compute and store the facts of the cells of ``run_id`` that have none (a run written by an older version), and
    the time of its last commit; returns how many cells. The caller holds the write transaction (so no cell changes
    between the read and the write)."""
    rows = [(run_id, key, *facts) for key, facts in _missing(db, run_id)]
    last = db.execute("SELECT max(completed_at) FROM cells WHERE run_id = ?", (run_id,)).fetchone()[0]
    if last is not None:
        db.execute(COMMITTED, (run_id, last))
    db.executemany(
        "INSERT OR REPLACE INTO cell_facts"
        " (run_id, key, status, passed, phase, kind, mutation, invariant, scenario, latency_ms, faults)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )
    return len(rows)
