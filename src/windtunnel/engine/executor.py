"""Executors run cells. The local one uses anyio; a distributed one can replace it without touching the planner."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

import anyio

from windtunnel.engine.cells import Cell, CellResult

RunCell = Callable[[Cell], Awaitable[CellResult | None]]
"""Runs one cell; ``None`` means the cell was not run (the run is being cut short) and is not reported."""
OnResult = Callable[[CellResult], None]


class Executor(Protocol):
    async def run(self, cells: Sequence[Cell], run_cell: RunCell, on_result: OnResult) -> None:
        """Run every cell through ``run_cell`` and hand each result to ``on_result`` as it completes."""


class LocalExecutor:
    """Runs cells concurrently in one process under a CapacityLimiter (``advanced.concurrency``)."""

    def __init__(self, concurrency: int = 10) -> None:
        self.limiter = anyio.CapacityLimiter(concurrency)

    async def run(self, cells: Sequence[Cell], run_cell: RunCell, on_result: OnResult) -> None:
        async def one(cell: Cell) -> None:
            async with self.limiter:
                result = await run_cell(cell)
            if result is not None:
                on_result(result)

        async with anyio.create_task_group() as tg:
            for cell in cells:
                tg.start_soon(one, cell)
