"""The few fields of a cell that the viewer counts and filters on, kept with the cell's row as it is written.

The run page of ``windtunnel view`` shows a run's aggregates (status counts, pass rates by phase, mutation, fault and
invariant, the contract heat map, latency percentiles) and filters its cell table by the same fields. Reading them out
of every stored cell costs ~0.4 s for a run of 55,000 cells, so the writer stores them as it writes the cell, in the
same statement (:data:`UPSERT`): the cell's latency, and a small integer naming its other facts, which a run shares
among few distinct combinations (status × phase × mutation × fault × invariant × scenario)::

    cells(..., facts, latency_ms, facts_stamp)     -- facts: a code of fact_groups; NULL: no facts (an older writer)
    fact_groups(code, status, passed, phase, kind, mutation, invariant, scenario, faults)   -- each combination once
    cells_facts ON cells(run_id, facts, latency_ms) WHERE facts IS NOT NULL
    run_commits(run_id, last_completed)            -- the time of each run's last commit of cells

The first ``/api/run`` then counts each code of the run on the index (a few dozen groups) and reads the run's
latencies from it (covering: no cell row is read; within a code they come sorted, so sorting them all is a merge of
a few sorted runs, ~11 ms for 55,000), and a filtered page is one query. One index and not a second on
``(run_id, latency_ms)``: that one cost ~2.5 µs of CPU a cell to keep and saved the page ~10 ms (docs/performance.md).

* :func:`facts_of` makes a cell's :class:`Facts`; the writer, the backfill of older runs and the viewer's aggregates of
  whole cells all go through it, so the stored facts and a full recomputation count the same thing.
* A cell whose ``facts`` is NULL has none: a row an older version wrote, or replaced (a trigger clears the facts of a
  row whose JSON changed without a new ``facts_stamp``, which only this writer sets). A run's facts are *complete*
  when as many of its rows have them as it has rows (:func:`facts_complete`). The index is partial, so the
  planner never takes it for the pages of cells in completion order, which it would slow down.
* :func:`backfill` computes the missing facts from the stored JSON once: the writer on ``--resume``, the viewer on a
  finished run's first view when it may write the store. Until then the viewer counts from the cells, as before.
"""

from __future__ import annotations

import math
import secrets
import sqlite3
from collections.abc import Iterator, Mapping
from typing import NamedTuple, cast

import orjson

from windtunnel.engine.scoring import without_verdict
from windtunnel.report.dicts import CellDict
from windtunnel.report.models import Cell
from windtunnel.report.shape import shape_problem
from windtunnel.reports.cells import KIND_PHASE

NO_FAULT = "(no fault)"
"""The label the run page gives a cell in which no fault fired (its ``faults`` are empty)."""
FAULT_SEP = "\x1f"
"""Between two fault labels in ``faults`` (the unit separator: no fault target or mode holds it)."""

GROUP_COLUMNS = ("status", "passed", "phase", "kind", "mutation", "invariant", "scenario", "faults")
"""The columns of ``fact_groups`` besides the code, in :class:`Facts` order."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS fact_groups (
    code      INTEGER PRIMARY KEY,
    status    TEXT NOT NULL,
    passed    INTEGER NOT NULL,
    phase     TEXT NOT NULL,
    kind      TEXT NOT NULL,
    mutation  TEXT NOT NULL,
    invariant TEXT NOT NULL,
    scenario  TEXT NOT NULL,
    faults    TEXT NOT NULL,
    UNIQUE (status, passed, phase, kind, mutation, invariant, scenario, faults)
);
CREATE INDEX IF NOT EXISTS cells_facts ON cells (run_id, facts, latency_ms) WHERE facts IS NOT NULL;
-- the two indexes a store got from the first version of the facts (one index now does their work)
DROP INDEX IF EXISTS cells_fact_groups;
DROP INDEX IF EXISTS cells_latency;
CREATE TABLE IF NOT EXISTS run_commits (
    run_id         TEXT PRIMARY KEY,
    last_completed TEXT NOT NULL
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS cells_facts_stale AFTER UPDATE OF json ON cells
WHEN NEW.facts_stamp IS OLD.facts_stamp BEGIN
    UPDATE cells SET facts = NULL, latency_ms = NULL WHERE rowid = NEW.rowid;
END;
"""


def add_schema(db: sqlite3.Connection) -> None:
    """Add the facts' columns, table, indexes, ``run_commits`` and the trigger to a store (idempotent: a store an older
    version wrote gains them, its rows without facts)."""
    have = {r[1] for r in db.execute("PRAGMA table_info(cells)")}
    for name, kind in (("facts", "INTEGER"), ("latency_ms", "REAL"), ("facts_stamp", "INTEGER")):
        if name not in have:
            try:
                db.execute(f"ALTER TABLE cells ADD COLUMN {name} {kind}")  # names from the fixed tuple above
            except sqlite3.OperationalError as err:  # another process opening the same old store added it first
                if "duplicate column" not in str(err):
                    raise
    db.executescript(_SCHEMA)


UPSERT = (
    "INSERT INTO cells (run_id, cell_id, json, completed_at, seq, facts_stamp, facts, latency_ms)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (run_id, cell_id) DO UPDATE SET json = excluded.json, completed_at = excluded.completed_at,"
    " seq = excluded.seq, facts_stamp = excluded.facts_stamp, facts = excluded.facts, latency_ms = excluded.latency_ms"
)
"""A cell and its facts (replacing a stored cell of the same id): ``run_id, cell_id, json, completed_at, seq, stamp,
code, latency``, with ``stamp`` from :func:`new_stamp` and ``code`` from :meth:`GroupCodes.code`."""


def new_stamp() -> int:
    """The first ``facts_stamp`` of one commit; its ``i``-th row is stamped ``new_stamp() + i``, so a replaced row gets
    a stamp it did not have (also when one commit writes the same cell twice) and the trigger leaves the facts written
    with it (a writer that does not know the columns changes the JSON only, and its row loses its facts)."""
    return secrets.randbits(62)


COMMITTED = (
    "INSERT INTO run_commits (run_id, last_completed) VALUES (?, ?)"
    " ON CONFLICT (run_id) DO UPDATE SET last_completed = max(last_completed, excluded.last_completed)"
)
"""Record a commit of cells of run ``?`` at time ``?`` (one row per run and batch, not per cell)."""

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
    "$.not_exercised",
)
"""The fields of a stored cell that its facts come from, as SQLite's ``json_extract`` paths."""

_PATHS = ", ".join(f"'{p}'" for p in FACT_PATHS)
EXTRACTED = f"CASE WHEN json_valid(t) AND json_type(t) = 'object' THEN json_extract(t, {_PATHS}) END"
"""SQL over a column ``t`` (a cell's JSON as text): the :data:`FACT_PATHS` values as one JSON array, NULL for a row
that is not a JSON object."""


class Facts(NamedTuple):
    """What the run page counts and filters on, for one cell. Text facts a cell does not have are ``""``."""

    status: str
    """The cell's status (``passed``, ``failed``, ``error``, ``skipped``)."""
    passed: bool
    """Whether the cell passed."""
    phase: str
    """Its phase (:func:`~windtunnel.reports.cells.cell_phase`)."""
    kind: str
    """Its kind (``golden``, ``mutation``, ``chaos``, ``contract``, ``replay``)."""
    mutation: str
    """The type of its mutation, if any."""
    invariant: str
    """The invariant a contract cell checks."""
    scenario: str
    """The scenario of a contract cell."""
    faults: str
    """The ``target.mode`` labels of the faults that fired, sorted, each once, joined by :data:`FAULT_SEP`; empty when
    none fired."""
    latency_ms: float | None
    """The agent's latency, None when not recorded and for a skipped cell."""

    @property
    def fault_labels(self) -> list[str]:
        """The labels of :attr:`faults` as a list (empty when no fault fired)."""
        return self.faults.split(FAULT_SEP) if self.faults else []


NOT_EXERCISED = "not_exercised"
"""The status in the facts of a contract row of a scenario none of whose faults fired (``not_exercised``): it ran, but
is in no count (QA-28 #3), so the run page's pass rate agrees with the report's."""
NO_VERDICT = ("skipped", NOT_EXERCISED)
"""Fact statuses left out of the pass rates: a cell not run, and a row that tested nothing."""

FactKey = tuple[str, bool, str, str, str, str, str, str]
"""A :class:`Facts` without the latency: a row of ``fact_groups`` without its code."""

DAMAGED = Facts("error", False, "run", "", "", "", "", "", None)
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
    key, latency = fact_values(cast(CellDict, cut))  # shape_problem checked its fields' types
    return Facts(*key, latency)


def fact_values(cell: CellDict) -> tuple[FactKey, float | None]:
    """:func:`facts_of` as its key and its latency, without the check of the fields' types: for a row the engine has
    just built (the run's hot path, ~1 µs a cell)."""
    status = str(cell.get("status"))
    if status != "skipped" and without_verdict(cell):  # ran and tested nothing: neither passed nor failed
        status = NOT_EXERCISED
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
    key = (
        status,
        bool(cell.get("passed")),
        phase,
        kind or "",
        "" if mtype is None else str(mtype),
        cell.get("invariant") or "",
        cell.get("scenario") or "",
        labels,
    )
    return key, None if latency is None else float(latency)


_FIND_GROUP = f"SELECT code FROM fact_groups WHERE {' AND '.join(f'{name} = ?' for name in GROUP_COLUMNS)}"
_ADD_GROUP = f"INSERT INTO fact_groups ({', '.join(GROUP_COLUMNS)}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING code"
"""Find a key's code, else add it (in the caller's write transaction: no other writer adds it in between)."""


class GroupCodes:
    """The code of each distinct :data:`FactKey` in one store's ``fact_groups``, cached (a run has a few dozen).

    A new key is added in the caller's write transaction; after a rollback call :meth:`forget`, as the codes it added
    are gone with it."""

    def __init__(self) -> None:
        """An empty cache."""
        self._codes: dict[FactKey, int] = {}

    def code(self, db: sqlite3.Connection, key: FactKey) -> int:
        """The code of ``key`` in ``db``'s ``fact_groups``, added if it is new (another process may have added it)."""
        code = self._codes.get(key)
        if code is None:
            row = db.execute(_FIND_GROUP, key).fetchone() or db.execute(_ADD_GROUP, key).fetchone()
            code = self._codes[key] = int(row[0])
        return code

    def forget(self) -> None:
        """Drop the cache (after a rolled-back transaction)."""
        self._codes.clear()


_CUT = ("status", "passed", "phase", "kind", "invariant", "scenario", "latency_ms", "not_exercised")


_EXTRACTED_KEYS = (
    "status",
    "passed",
    "phase",
    "kind",
    "mutation",
    "invariant",
    "scenario",
    "latency_ms",
    "faults",
    "not_exercised",
)


def extracted_facts(raw: str | bytes | None) -> Facts:
    """The facts of a cell from the :data:`EXTRACTED` array SQLite gave for it (NULL: a damaged row)."""
    if raw is None:
        return DAMAGED
    values = orjson.loads(raw)
    fields = dict(zip(_EXTRACTED_KEYS, values, strict=True))
    mutation = fields.pop("mutation")
    return facts_of({**fields, "mutation": {"type": mutation} if mutation is not None else None})


def facts_complete(db: sqlite3.Connection, run_id: str) -> bool:
    """Whether every stored cell of ``run_id`` has its facts (two counts on indexes, in one statement: one snapshot);
    False in a store without the columns (written by an older version, and read-only since)."""
    try:
        cells, with_facts = db.execute(
            "SELECT (SELECT count(*) FROM cells WHERE run_id = ?),"
            " (SELECT count(*) FROM cells WHERE run_id = ? AND facts IS NOT NULL)",
            (run_id, run_id),
        ).fetchone()
    except sqlite3.OperationalError as err:
        if "no such column" in str(err):
            return False
        raise
    return bool(cells == with_facts)


def _missing(db: sqlite3.Connection, run_id: str, page: int = 5000) -> Iterator[tuple[int, Facts]]:
    """The cells of ``run_id`` that have no facts, with their facts computed from the stored JSON."""
    last = -1
    sql = (
        f"SELECT rowid, {EXTRACTED} FROM (SELECT rowid, CAST(json AS TEXT) AS t FROM cells"
        " WHERE run_id = ? AND facts IS NULL AND rowid > ? ORDER BY rowid LIMIT ?)"
    )
    while True:
        rows = db.execute(sql, (run_id, last, page)).fetchall()
        for key, raw in rows:
            last = key
            yield key, extracted_facts(raw)
        if len(rows) < page:
            return


def backfill(db: sqlite3.Connection, run_id: str) -> int:
    """Compute and store the facts of the cells of ``run_id`` that have none (a run an older version wrote), and the
    time of its last commit; returns how many cells. The caller has run :func:`add_schema` and holds the write
    transaction (so no cell changes between the read and the write)."""
    codes = GroupCodes()
    rows = [(codes.code(db, facts[:8]), facts.latency_ms, key) for key, facts in list(_missing(db, run_id))]
    db.executemany("UPDATE cells SET facts = ?, latency_ms = ? WHERE rowid = ?", rows)
    last = db.execute("SELECT max(completed_at) FROM cells WHERE run_id = ?", (run_id,)).fetchone()[0]
    if last is not None:
        db.execute(COMMITTED, (run_id, last))
    return len(rows)
