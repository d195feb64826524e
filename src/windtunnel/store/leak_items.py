"""A stored run's cells as leak audit items: ``leak audit --from-run`` over the run store.

In the store layer, which builds on the leak audit's item model (:mod:`windtunnel.leakage.runs`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from windtunnel.leakage.runs import RunCounts, RunItem, cell_items, golden_expected, resolve_config
from windtunnel.store.runstore import RunStore


def store_items(run_id: str, store: Path, counts: RunCounts, *, config: Path | None = None) -> Iterator[RunItem]:
    """The audit items of stored run ``run_id``, streamed from ``store`` (a ``runs.db`` path) one cell at a time.

    The golden answers come from the run's config (found beside the store, or ``config`` when given): a cell
    carries its prompt and output, not the expected answer. ``counts`` is updated as items are read, so the
    caller can say how many cells had no item. An unknown run raises
    :class:`~windtunnel.store.runstore.UnknownRunError`; a missing store file is never created (``create=False``)."""
    with RunStore(store, create=False) as db:
        info = db.get_run(db.resolve(run_id))  # an id, 'latest' or a unique prefix, as 'report' and 'runs show' read
        named = info.config_path or info.meta.get("config")
        # A relative config path is relative to where the run started: usually the folder holding
        # .windtunnel/runs.db, or the store's own folder.
        near = [store.parent.parent, store.parent]
        cfg = resolve_config(str(named) if named else None, near=near, override=config)
        yield from cell_items(db.iter_cells(info.id), golden_expected(cfg), counts)


def run_source(run_ref: str, store: Path) -> str:
    """The ``source`` a leak report of stored run ``run_ref`` names: ``run <full id>``, so ``latest`` or a prefix is
    pinned to the run audited (review 28a: a report of ``--from-run latest`` told to audit ``latest`` again would audit
    a later run). As typed when the store cannot say (no store, an unknown run): the audit itself then fails saying
    why."""
    try:
        with RunStore(store, create=False) as db:
            return f"run {db.resolve(run_ref)}"
    except Exception:  # any failure is the audit's to report, with its own message
        return f"run {run_ref}"
