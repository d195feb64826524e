"""Executors run cells. The local one uses anyio; a distributed one can replace it without touching the planner.

The contract is :class:`Executor`: take cells from an iterable (possibly a lazy generator of millions), run each
through the session's ``run_cell`` and hand results back as they complete. Where a cell ran (this event loop, a
Ray actor) is invisible to the planner, the invariants and the reports."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import Protocol

import anyio

from windtunnel.engine.cells import Cell, CellResult

RunCell = Callable[[Cell], Awaitable[CellResult | None]]
"""Runs one cell; ``None`` means the cell was not run because the run is being cut short: it is not
reported, and no further cell is started (the cells in flight finish)."""
OnResult = Callable[[CellResult], None]


class Executor(Protocol):
    """What an executor offers the run session: one ``run`` that drains the cells. Implementations bound the cells in
    flight and stop pulling new cells once ``run_cell`` says the run is cut short."""

    async def run(self, cells: Iterable[Cell], run_cell: RunCell, on_result: OnResult) -> None:
        """Run every cell through ``run_cell`` and hand each result to ``on_result`` as it completes."""


class LocalExecutor:
    """A bounded worker pool in one process: ``concurrency`` anyio tasks pull cells from one iterator.

    Cells are taken from ``cells`` one at a time, when a worker is free, so a lazy plan (a generator)
    is never materialised, no task exists per cell, and never more than ``concurrency`` cells are in
    flight. ``on_result`` runs in the worker that produced the result, before it pulls the next cell.
    Once ``run_cell`` returns ``None`` (the run is cut short) no worker pulls another cell.
    """

    def __init__(self, concurrency: int = 10) -> None:
        """A pool of ``concurrency`` workers (at least one; zero would deadlock the run, so it is an error)."""
        if concurrency < 1:
            raise ValueError(f"concurrency must be at least 1, got {concurrency}")
        self.concurrency = concurrency

    async def run(self, cells: Iterable[Cell], run_cell: RunCell, on_result: OnResult) -> None:
        """Run every cell with at most ``concurrency`` in flight; returns when all are done or the run is cut short.
        An exception in ``run_cell`` or ``on_result`` cancels the other workers and propagates (the task group's
        rule), so a harness bug stops the run instead of being lost."""
        pending = iter(cells)  # shared: next() never awaits, so two workers cannot take the same cell
        stopped = False

        async def worker() -> None:
            """Pull cells until none is left or the run is cut short, reporting each result before taking the next
            cell (so the store never lags behind more than ``concurrency`` cells).

            Once any worker sees a cut-short cell (``None``), every worker stops after its current cell."""
            nonlocal stopped
            for cell in pending:
                result = await run_cell(cell)
                if result is None:
                    stopped = True
                else:
                    on_result(result)
                if stopped:
                    return

        async with anyio.create_task_group() as tg:
            for _ in range(self.concurrency):
                tg.start_soon(worker)
