"""The run store: results streamed to SQLite as they complete, resume, history and diffs.

Every mode that produces cells (``run``, ``chaos``, ``contract run``, ``replay run``, ``ci``, ``explore``) writes
through one :class:`RunStore`: the flow opens a run with :meth:`RunStore.start_run` (its meta: mode, seed, config
path, options, the config's fingerprint), hands each finished cell to :meth:`RunStore.add_cell` as the executor
yields it, and closes the run with :meth:`RunStore.finish_run` (summary and status). Reports, ``runs diff``,
``--resume`` and the viewer all read back what was written, so the store is the one place a run's results live;
nothing is kept only in memory until the end.

The pieces, writer first:

* :mod:`~windtunnel.store.runstore` — the writer (batched commits on a background thread, WAL) and the reads a
  flow needs (its own cells for the report, the completed ids for a resume);
* :mod:`~windtunnel.store.queries` — a read-only, per-thread reader for ``windtunnel view`` and ``runs list``,
  which may run while another process writes;
* :mod:`~windtunnel.store.run_ids` — run ids, which sort in start order;
* :mod:`~windtunnel.store.diff` — two stored reports compared cell by cell (``runs diff``);
* :mod:`~windtunnel.store.merge` — the reports of the shards of one ``run --shard I/N`` joined into one run;
* :mod:`~windtunnel.store.leak_items` — a stored run's cells as leak-audit items.

Invariants a change must keep: a cell is stored as the report's cell dict (what
:class:`~windtunnel.report.models.Cell` describes), once per ``(run_id, cell_id)`` — a re-run replaces it — and a
cell is never lost once committed; readers check a cell's shape where they read it (a damaged row becomes an
errored cell saying why), so a hand-edited or half-written store never crashes a report. The store does not
score or judge: summaries arrive computed by the flow (or, for a merge, by the engine's scoring).
"""

from windtunnel.config.storepath import DEFAULT_STORE_PATH, default_store_path
from windtunnel.store.diff import CellChange, PhaseDelta, RunDiff, diff_reports
from windtunnel.store.run_ids import RunIds, new_run_id
from windtunnel.store.runstore import (
    RUN_STATUSES,
    RunInfo,
    RunStore,
    UnknownRunError,
    utc_now,
)

__all__ = [
    "DEFAULT_STORE_PATH",
    "RUN_STATUSES",
    "CellChange",
    "PhaseDelta",
    "RunDiff",
    "RunIds",
    "RunInfo",
    "RunStore",
    "UnknownRunError",
    "default_store_path",
    "diff_reports",
    "new_run_id",
    "utc_now",
]
