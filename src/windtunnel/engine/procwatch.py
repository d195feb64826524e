"""Noticing that the agent process windtunnel launched (``agent.command``) died in the middle of a run."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import anyio

from windtunnel._util.errors import AgentExitedError
from windtunnel.engine.cells import CellResult

if TYPE_CHECKING:
    from windtunnel.agents.process import AgentProcess

EXIT_GRACE_S = 1.0
"""After a connection error, how long a launched agent that is on its way out has to finish exiting."""


def connection_failed(result: CellResult) -> bool:
    """Whether the cell's call (or its reset) could not reach the agent at all."""
    if result.error_kind == "transport":
        return True
    return result.error_kind == "reset" and (result.error or "").startswith("reset failed: transport")


@dataclass
class ExitWatch:
    """Polls a launched agent process: before each cell, between retries and after each errored cell.

    Once the process is found dead, :attr:`exit` holds why, no further cell should start, and the run
    raises it when its cells in flight are done. Without a process (``None``) nothing is ever gone.
    """

    process: AgentProcess | None = None
    exit: AgentExitedError | None = None
    cells_completed: int = 0
    """Cells completed (not cut short by the exit); the caller counts them with :meth:`completed`."""

    def gone(self) -> bool:
        """Whether the process has exited (records why the first time it is seen)."""
        if self.exit is not None:
            return True
        proc = self.process
        code = proc.exited() if proc is not None else None
        if proc is None or code is None:
            return False
        self.exit = AgentExitedError(
            proc.command_text, code, cells_completed=self.cells_completed, stderr_tail=proc.stderr_tail()
        )
        return True

    def completed(self, result: CellResult) -> None:
        if result.error_kind != "agent_exited":
            self.cells_completed += 1

    async def check(self, result: CellResult) -> CellResult:
        """The result, marked ``agent_exited`` when it errored because the process died.

        A connection error gets :data:`EXIT_GRACE_S` for the process to finish exiting: its socket may
        already refuse while the process is still closing down.
        """
        if self.process is None or result.status != "error":
            return result
        waited = 0.0
        while not self.gone():
            if not connection_failed(result) or waited >= EXIT_GRACE_S:
                return result
            await anyio.sleep(0.05)
            waited += 0.05
        assert self.exit is not None
        return replace(
            result,
            error=f"the agent process exited (code {self.exit.code}) during this cell: {result.error}",
            error_kind="agent_exited",
        )

    def raise_if_gone(self) -> None:
        """Raise the exit, counting every cell completed, also those in flight that finished after it."""
        if self.exit is not None:
            raise self.exit.recounted(self.cells_completed)
