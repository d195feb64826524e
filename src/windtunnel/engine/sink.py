"""Where completed cells go: each result becomes its report row, is stored (batched) and tallied.

:class:`ResultSink` is a :class:`~windtunnel.engine.session.RunSession` listener. With a store it keeps
nothing per cell: the run store holds the rows (in batches, see :mod:`windtunnel.store.runstore`), the
summary is a :class:`~windtunnel.engine.scoring.Tally`, and :meth:`ResultSink.cells` reads the rows back
in plan order for the streamed reports (:func:`windtunnel.reports.stream.render_streamed`). Without a
store (``--no-store``) it keeps the rows in memory, as the only copy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from windtunnel._util.jsondump import dumps
from windtunnel._util.jsonsafe import json_safe
from windtunnel._util.redact import redact_serialised
from windtunnel.engine.cells import CellResult
from windtunnel.engine.report import cell_row, foreign_keyed
from windtunnel.engine.scoring import Summary, Tally
from windtunnel.report.dicts import CellDict


class ResultSink:
    """The listener that turns each completed cell into its report row, stores it and tallies it.

    Rows are serialised once, here, and stored as JSON text; a row holding text JSON cannot encode (a lone
    surrogate from an agent) is escaped rather than failing the run."""

    def __init__(
        self,
        *,
        store: Any = None,
        run_id: str | None = None,
        reproduce_base: list[str] | None = None,
        weights: dict[str, float] | None = None,
        min_score: float | None = None,
        on_row: Callable[[CellDict], None] | None = None,
    ) -> None:
        """A sink writing to ``store`` under ``run_id`` (required with a store), or keeping rows in memory without
        one. ``reproduce_base`` is the command line each row's reproduce command starts with; ``weights`` and
        ``min_score`` configure the tally's score and verdict; ``on_row`` sees each row after it is stored."""
        if store is not None and run_id is None:
            raise ValueError("a ResultSink with a store needs the run id")
        self.store = store
        self.run_id = run_id
        self.reproduce_base = reproduce_base
        self.on_row = on_row
        """Called with each completed cell's row after it is stored and tallied (e.g. the flow's own counters)."""
        self.tally = Tally(weights=weights, min_score=min_score)
        self.completed = 0
        """Cells completed by this sink (not counting rows given to :meth:`resume_from`)."""
        self._rows: list[tuple[int, CellDict]] | None = None if store is not None else []

    def resume_from(self, rows: Iterable[Mapping[str, Any]]) -> None:
        """Count rows a resumed run completed before (already stored) into the summary.

        They are tallied but not stored again or passed to ``on_row``: the summary covers the whole run, the
        counters of this invocation only what it ran."""
        for row in rows:
            self.tally.add(row)

    def __call__(self, result: CellResult) -> None:
        """Store and tally one result, then call ``on_row``. Rows keep the plan position (``seq``) so reports read
        them back in plan order however the cells completed.

        The row is serialised once (twice when it holds a secret to redact); the store receives the JSON text, so
        the batch writer never encodes it again."""
        row = cell_row(result, reproduce_base=self.reproduce_base, checked=False, redact=False)
        seq = result.cell.seq
        try:
            raw = dumps(row)
        except TypeError:  # text JSON cannot hold (a lone surrogate): escaped, as cell_row does
            row = json_safe(row)
            raw = dumps(row)
        foreign, flat = foreign_keyed(row, raw)
        row, raw = redact_serialised(row, raw, foreign, flat=flat)  # cell_row's redaction, checked on these bytes
        if self.store is not None:
            self.store.add_cell_json(self.run_id, row["id"], raw, seq=seq, cell=row)
        else:
            assert self._rows is not None
            self._rows.append((seq if seq is not None else len(self._rows), row))
        self.tally.add(row)
        self.completed += 1
        if self.on_row is not None:
            self.on_row(row)

    def summary(self) -> Summary:
        """The run's summary so far (counts, score, verdict), from the tally: no rows are read back."""
        return self.tally.summary()

    def cells(self) -> Iterator[CellDict]:
        """The run's rows in plan order (from the store, page by page, when there is one)."""
        if self.store is not None:
            return iter(self.store.iter_cells(self.run_id, plan_order=True))
        assert self._rows is not None
        return (row for _, row in sorted(self._rows, key=lambda p: p[0]))
