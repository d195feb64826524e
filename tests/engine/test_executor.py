"""The local executor is a bounded worker pool: exactly ``concurrency`` cells in flight, pulled lazily."""

from __future__ import annotations

from collections.abc import Iterator

import anyio
import pytest

from windtunnel.engine.cells import Cell, CellResult
from windtunnel.engine.executor import LocalExecutor


def _cell(i: int) -> Cell:
    return Cell(id=f"c{i}", kind="golden", input=f"p{i}")


class Gauge:
    """Counts agent calls in flight, and how far ahead of the running cells the plan was pulled."""

    def __init__(self) -> None:
        self.in_flight = 0
        self.peak = 0
        self.pulled = 0
        self.finished = 0
        self.max_ahead = 0

    def plan(self, n: int) -> Iterator[Cell]:
        for i in range(n):
            self.pulled += 1
            self.max_ahead = max(self.max_ahead, self.pulled - self.finished)
            yield _cell(i)

    async def run_cell(self, cell: Cell) -> CellResult:
        self.in_flight += 1
        self.peak = max(self.peak, self.in_flight)
        # uneven latencies so workers finish out of order
        await anyio.sleep(0.001 * (int(cell.id[1:]) % 3))
        self.in_flight -= 1
        self.finished += 1
        return CellResult(cell=cell, status="passed")


@pytest.mark.parametrize(("n", "concurrency"), [(500, 1), (500, 7), (1000, 100), (5, 50)])
def test_never_more_calls_in_flight_than_configured(n: int, concurrency: int) -> None:
    gauge = Gauge()
    done: list[str] = []

    async def main() -> None:
        await LocalExecutor(concurrency).run(gauge.plan(n), gauge.run_cell, lambda r: done.append(r.cell.id))

    anyio.run(main)
    assert sorted(done) == sorted(f"c{i}" for i in range(n))  # every cell once
    assert gauge.peak == min(n, concurrency)  # the pool is used fully, and never exceeded
    # the plan is pulled lazily: never more than `concurrency` cells taken and not yet finished
    assert gauge.max_ahead <= concurrency


def test_a_cell_not_run_stops_the_plan() -> None:
    """``None``: the run is cut short (its agent died): not reported, and no further cell is pulled."""
    seen: list[str] = []
    pulled: list[int] = []

    def plan() -> Iterator[Cell]:
        for i in range(100_000):
            pulled.append(i)
            yield _cell(i)

    async def run_cell(cell: Cell) -> CellResult | None:
        await anyio.sleep(0)
        return None if int(cell.id[1:]) >= 10 else CellResult(cell=cell, status="passed")

    anyio.run(LocalExecutor(4).run, plan(), run_cell, lambda r: seen.append(r.cell.id))
    assert sorted(seen, key=lambda c: int(c[1:])) == [f"c{i}" for i in range(10)]
    assert len(pulled) <= 10 + 4  # the cells in flight when it stopped, no more


def test_a_failing_cell_stops_the_pool() -> None:
    started: list[str] = []

    async def run_cell(cell: Cell) -> CellResult:
        started.append(cell.id)
        if cell.id == "c3":
            raise RuntimeError("boom")
        await anyio.sleep(0)
        return CellResult(cell=cell, status="passed")

    with pytest.raises(BaseException) as info:  # anyio may wrap it in an ExceptionGroup
        anyio.run(LocalExecutor(2).run, (_cell(i) for i in range(10_000)), run_cell, lambda r: None)
    assert "boom" in repr(info.value)
    assert len(started) < 100  # the rest of the plan is never pulled


def test_concurrency_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        LocalExecutor(0)
