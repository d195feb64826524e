"""The viewer's JSON API over the run store (documented in docs/view.md; scripts may use it too).

Every endpoint is a GET with query parameters and answers JSON::

    /api/runs?config=&mode=&offset=0&limit=50   a page of runs, newest first, + total and filter choices
    /api/run?id=RUN                             one run: summary, aggregates (heat map, bars, latency), previous run
    /api/cells?run=RUN&status=&scenario=&invariant=&mutation=&fault=&kind=&phase=&q=&offset=&limit=
                                                a page of the run's cell table, filtered; unfiltered,
                                                ``after=`` the ``next_after`` of the previous page
                                                (keyset pagination) instead of ``offset``
    /api/cell?run=RUN&cell=CELL                 one whole cell (prompt, calls, faults, checks, output ...)
    /api/trends?config=&mode=&limit=50          one point per run of that config and mode, oldest first
    /api/diff?a=RUN&b=RUN                       what regressed, what got fixed, score deltas
    /api/audits                                 the leak audit pages the viewer serves at /audit/NAME

Errors answer ``{"error": message, "hint": ...}`` with status 400 (bad parameter) or 404 (unknown run/cell).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from windtunnel._util.errors import UsageError
from windtunnel.report.dicts import CellDict
from windtunnel.reports.cells import summarize_cells
from windtunnel.reports.verdict import lead_reason
from windtunnel.store.diff import diff_reports
from windtunnel.store.queries import StoreReader
from windtunnel.store.runstore import FINAL_STATUSES
from windtunnel.view.aggregate import FILTER_KEYS, aggregate_cells, aggregate_groups, cell_row, matches

CACHE_RUNS = 64


class ApiError(Exception):
    """A request the API refuses: ``status`` is the HTTP status to answer with (400 for a bad parameter), ``message``
    and ``hint`` go into the JSON error body the page shows.
    """

    def __init__(self, status: int, message: str, hint: str | None = None) -> None:
        """Keep the status, the message and the hint for :meth:`Api.handle`."""
        super().__init__(message)
        self.status = status
        self.message = message
        self.hint = hint


def _int(query: Mapping[str, str], key: str, default: int, lo: int = 0, hi: int = 10**9) -> int:
    """Query parameter ``key`` as an integer in ``lo..hi``, or ``default`` when absent or empty; anything else is a 400
    naming the parameter (a hand-edited URL gets a message, not a server error).
    """
    raw = query.get(key)
    if raw in (None, ""):
        return default
    try:
        value = int(str(raw))
    except ValueError:
        raise ApiError(400, f"{key} must be an integer, got {raw!r}") from None
    if not lo <= value <= hi:
        raise ApiError(400, f"{key} must be between {lo} and {hi}, got {value}")
    return value


def _page(
    rows: list[dict[str, Any]], total: int, matching: int, offset: int, limit: int, filters: dict[str, str]
) -> dict[str, Any]:
    """One ``/api/cells`` answer: the page's rows, the run's cell count, how many match the filters, and the query's
    paging and filters echoed back (the same shape whichever path read the cells)."""
    return {"cells": rows, "total": total, "matching": matching, "offset": offset, "limit": limit, "filters": filters}


def _need(query: Mapping[str, str], key: str) -> str:
    """Query parameter ``key``, which the endpoint cannot do without: missing or empty is a 400 naming it."""
    value = query.get(key)
    if not value:
        raise ApiError(400, f"missing query parameter {key!r}")
    return value


class Api:
    """The endpoints, with a small cache of per-run aggregates (a finished run never changes).

    One instance serves every request thread of the server. Each endpoint takes the query string as a mapping and
    returns a JSON-ready dict, or raises :class:`ApiError` / the store's :class:`UsageError`, which
    :meth:`handle` turns into a status and a message; nothing here knows about HTTP beyond the status code."""

    def __init__(self, reader: StoreReader) -> None:
        """Serve the store read by ``reader``; ``routes`` maps each ``/api/...`` path to its handler, and ``_cache``
        keeps the aggregates of the last :data:`CACHE_RUNS` runs asked for (guarded by a lock: requests arrive on
        threads).
        """
        self.reader = reader
        self._cache: OrderedDict[tuple[str, int, str], tuple[dict[str, Any], str | None]] = OrderedDict()
        self._lock = threading.Lock()
        self.routes: dict[str, Callable[[Mapping[str, str]], dict[str, Any]]] = {
            "/api/runs": self.runs,
            "/api/run": self.run,
            "/api/cells": self.cells,
            "/api/cell": self.cell,
            "/api/trends": self.trends,
            "/api/diff": self.diff,
        }

    def handle(self, path: str, query: Mapping[str, str]) -> tuple[int, dict[str, Any]]:
        """Answer ``GET path?query`` as ``(HTTP status, JSON body)``.

        Never raises for a request's fault: an unknown path is 404, a bad parameter 400, an unknown run or cell 404
        (from the store's :class:`UsageError`), each with ``error`` and ``hint`` keys the page can show.
        """
        route = self.routes.get(path)
        if route is None:
            return 404, {"error": f"no endpoint {path}", "hint": "see docs/view.md for the API"}
        try:
            return 200, route(query)
        except ApiError as err:
            return err.status, {"error": err.message, "hint": err.hint}
        except UsageError as err:
            status = 404 if "no run" in err.message or "has no cell" in err.message else 400
            return status, {"error": err.message, "hint": err.hint}

    # -- helpers ---------------------------------------------------------------------------

    def _rows(self, run_id: str) -> list[CellDict]:
        """Every stored cell of ``run_id``, in the order they completed."""
        return list(self.reader.iter_cells(run_id))

    def aggregate(self, run_id: str, cells: int, status: str) -> tuple[dict[str, Any], str | None]:
        """Aggregates of a run (:func:`~windtunnel.view.aggregate.aggregate_cells`) and when its last cell completed,
        cached while its cell count and status stay the same.

        The key is ``(run_id, cells, status)`` because a running run gains cells and a resumed one changes status:
        either makes a new key, so a poll never sees stale counts, while a finished run is aggregated once however
        often its page is opened. Two threads missing the cache at once both compute (the result is the same); the
        lock guards only the dict, so a long aggregation never blocks another run's page.

        The counts come from the facts the store keeps in each cell's row (a few grouped rows and the latencies); a run
        written by an older version has none until they are stored on its first view once finished (or, from a
        read-only store, they are counted from the cells themselves, ~0.4 s for 55,000 cells)."""
        key = (run_id, cells, status)
        with self._lock:
            hit = self._cache.get(key)
            if hit is not None:
                self._cache.move_to_end(key)
                return hit
        found = self.reader.fact_aggregate(run_id, aggregate_groups)
        if found is None and status in FINAL_STATUSES and self.reader.store_facts(run_id):
            found = self.reader.fact_aggregate(run_id, aggregate_groups)
        if found is None:  # no facts kept, and none may be stored: counted from the cells themselves
            found = aggregate_cells(self.reader.iter_cell_facts(run_id)), self.reader.last_completed(run_id)
        with self._lock:
            self._cache[key] = found
            while len(self._cache) > CACHE_RUNS:
                self._cache.popitem(last=False)
        return found

    # -- endpoints -------------------------------------------------------------------------

    def runs(self, query: Mapping[str, str]) -> dict[str, Any]:
        """``/api/runs``: one page of runs (``offset``, ``limit`` ≤ 500), newest first, optionally of one ``config`` or
        ``mode``, with the total and the filter values the store holds (for the page's drop-downs).
        """
        offset = _int(query, "offset", 0)
        limit = _int(query, "limit", 50, 1, 500)
        rows, total = self.reader.runs_page(
            config=query.get("config") or None, mode=query.get("mode") or None, offset=offset, limit=limit
        )
        return {
            "runs": [r.to_dict() for r in rows],
            "total": total,
            "offset": offset,
            "limit": limit,
            "filters": self.reader.run_filters(),
        }

    def run(self, query: Mapping[str, str]) -> dict[str, Any]:
        """``/api/run?id=``: one run with its summary, the reason it failed, its aggregates, when its last cell
        completed and the previous run of the same config. A run without a stored summary (still running, or killed)
        gets one computed from its cells so far, marked ``partial``.
        """
        info = self.reader.run(_need(query, "id"))
        agg, last_completed = self.aggregate(info.id, info.cells, info.status)
        summary = info.summary
        if summary is None:
            summary = {**summarize_cells(self.reader.iter_cells(info.id)), "partial": True}
            if info.meta.get("cells_planned") is not None:
                summary["cells_planned"] = info.meta["cells_planned"]
        return {
            "run": {**info.to_dict(), "meta": info.meta},
            "summary": summary,
            "why": lead_reason(summary),
            "aggregate": agg,
            "last_completed": last_completed,
            "previous": self.reader.previous(info),
        }

    def cells(self, query: Mapping[str, str]) -> dict[str, Any]:
        """``/api/cells?run=``: one page of a run's cells as table rows, optionally filtered (``FILTER_KEYS``).

        Without filters the page is read by keyset (``after``: the plan position of the previous page's last cell), so
        its cost does not grow with the run; with filters the matching cells are counted and sliced in memory.
        """
        run_id = _need(query, "run")
        self.reader.run(run_id)
        offset = _int(query, "offset", 0)
        limit = _int(query, "limit", 100, 1, 1000)
        filters = {k: str(query[k]) for k in FILTER_KEYS if query.get(k)}
        if not filters:  # the whole table: a count on the index and one page read, whatever the run's size
            after = _int(query, "after", -1, -1) if query.get("after") else None
            cells, cursor = self.reader.cells_page(run_id, limit=limit, offset=offset, after=after)
            total = self.reader.count_cells(run_id)
            page = _page([cell_row(c) for c in cells], total, total, offset, limit, filters)
            page["next_after"] = cursor if cursor is not None and len(cells) == limit else None
            return page
        if "q" not in filters and self.reader.facts_ready(run_id):  # queries on the facts' columns
            page_cells, matching, total = self.reader.facts_page(run_id, filters, offset=offset, limit=limit)
            return _page([cell_row(c) for c in page_cells], total, matching, offset, limit, filters)
        if "q" not in filters:  # a run without facts: SQLite extracts the fields, whole cells only for the page
            keys: list[int] = []
            total = matching = 0
            for key, facts in self.reader.iter_cell_facts_keyed(run_id):
                total += 1
                if not matches(facts, filters):
                    continue
                if offset <= matching < offset + limit:
                    keys.append(key)
                matching += 1
            return _page([cell_row(c) for c in self.reader.cells_by_key(keys)], total, matching, offset, limit, filters)
        total = matching = 0
        rows: list[dict[str, Any]] = []
        for cell in self.reader.iter_cells(run_id):
            total += 1
            if not matches(cell, filters):
                continue
            if offset <= matching < offset + limit:
                rows.append(cell_row(cell))
            matching += 1
        return _page(rows, total, matching, offset, limit, filters)

    def cell(self, query: Mapping[str, str]) -> dict[str, Any]:
        """``/api/cell?run=&cell=``: one cell in full (output, checks, faults, calls) with its run's row."""
        run_id = _need(query, "run")
        info = self.reader.run(run_id)
        cell = self.reader.cell(run_id, _need(query, "cell"))
        return {"run": info.to_dict(), "cell": cell}

    def trends(self, query: Mapping[str, str]) -> dict[str, Any]:
        """``/api/trends``: the score, pass rate with its Wilson interval, p50 / p95 latency, and the per-phase,
        per-invariant and per-mutation pass rates of the last ``limit`` runs (of one ``config`` or ``mode`` when given),
        oldest first, for the trend charts.
        """
        config = query.get("config") or None
        mode = query.get("mode") or None
        limit = _int(query, "limit", 50, 1, 500)
        points = []
        for info in self.reader.runs_of(config=config, mode=mode, limit=limit):
            agg, _ = self.aggregate(info.id, info.cells, info.status)
            summary = info.summary or {}
            phases = {
                name: entry.get("score")
                for name, entry in (summary.get("phases") or {}).items()
                if isinstance(entry, dict)
            }
            points.append(
                {
                    "id": info.id,
                    "started_at": info.started_at,
                    "status": info.status,
                    "score": summary.get("score"),
                    "pass_rate": agg["pass_rate"],
                    "wilson_95": agg["wilson_95"],
                    "p50": agg["latency"]["p50"],
                    "p95": agg["latency"]["p95"],
                    "phases": phases,
                    "invariants": {k: v["pass_rate"] for k, v in agg["by_invariant"].items()},
                    "mutations": {k: v["pass_rate"] for k, v in agg["by_mutation"].items()},
                }
            )
        return {"config": config, "mode": mode, "points": points, "filters": self.reader.run_filters()}

    def diff(self, query: Mapping[str, str]) -> dict[str, Any]:
        """``/api/diff?a=&b=``: what changed between runs ``a`` and ``b`` (:func:`~windtunnel.store.diff.diff_reports`),
        with both runs' rows and their p50 / p95 latency beside it.
        """
        a, b = _need(query, "a"), _need(query, "b")
        ra, rb = self.reader.load_report(a), self.reader.load_report(b)
        out = diff_reports(ra, rb).to_dict()
        agg_a = aggregate_cells(ra["cells"])
        agg_b = aggregate_cells(rb["cells"])
        out["latency"] = {
            "a": {"p50": agg_a["latency"]["p50"], "p95": agg_a["latency"]["p95"]},
            "b": {"p50": agg_b["latency"]["p50"], "p95": agg_b["latency"]["p95"]},
        }
        out["runs"] = {"a": self.reader.run(a).to_dict(), "b": self.reader.run(b).to_dict()}
        return out
