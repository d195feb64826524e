"""Running one cell: reset, invoke with retries, judge every invariant on the one response.

:class:`CellRunner` is the one place where a cell meets the agent, shared by ``run``, ``contract run``, ``replay``
and ``explore``. The chaos runtime enters through a per-cell scope (faults, context attacks, recorded calls); the
agent's failures come back as :class:`~windtunnel._util.errors.AgentCallError` and end as an errored cell, never
as an exception out of the runner. Every invariant judges the same response, so adding invariants never adds agent
calls."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import anyio

from windtunnel._util.errors import AgentCallError, AgentRateLimited
from windtunnel.agents.base import Agent, AgentInput, AgentResponse, TransportMutation
from windtunnel.agents.conversation import converse, turn_contexts
from windtunnel.engine.budget import recorded_usage
from windtunnel.engine.cells import Cell, CellResult, CheckOutcome, FaultRecord, Status, clip_output
from windtunnel.invariants.base import CheckContext, CheckResult, InvariantSpec


class CellScope(Protocol):
    """What a chaos runtime gives the runner for one cell (see ``windtunnel.chaos``)."""

    def transform_input(self, prompt: AgentInput) -> AgentInput:
        """The input the agent receives: ``prompt`` after the cell's context attacks (unchanged without any)."""
        ...

    @property
    def fired(self) -> list[dict[str, Any]]:
        """The faults injected so far in this cell, one record each (the row's ``faults``)."""
        ...

    @property
    def calls(self) -> list[dict[str, Any]]:
        """The tool and model calls seen so far in this cell, in order (the row's ``calls``)."""
        ...


CellScopeFactory = Callable[[Cell], contextlib.AbstractContextManager[CellScope | None]]
TransportFactory = Callable[[Cell], TransportMutation | None]


@contextlib.contextmanager
def _no_scope(cell: Cell) -> Iterator[None]:
    """The scope of a run without chaos: none. The runner recognises it and skips the per-cell context manager on the
    hot path."""
    yield None


DEFAULT_RETRIES = 2
"""Re-runs of a cell without chaos after a retryable error when neither ``agent.retries`` nor
``advanced.retries`` is set. Under chaos and in contracts the default is 0: a re-run sends the whole turn
again, so its faults and side effects would repeat and a lucky attempt could hide the failure. Configured retries
re-run a turn under chaos only when no fault fired during it (:meth:`CellRunner.invoke`)."""


def default_retries(cell: Cell) -> int:
    """:data:`DEFAULT_RETRIES`, or 0 for a cell under chaos or in a contract."""
    return 0 if cell.kind in ("chaos", "contract") or cell.scenario is not None else DEFAULT_RETRIES


def backoff_seconds(attempt: int, err: AgentCallError) -> float:
    """Exponential backoff (0.1 s, 0.2 s, 0.4 s … capped at 5 s), or the server's Retry-After (capped at 30 s)."""
    if isinstance(err, AgentRateLimited) and err.retry_after is not None:
        return min(max(err.retry_after, 0.0), 30.0)
    return float(min(0.1 * (2**attempt), 5.0))


@dataclass
class CellRunner:
    """Turns a :class:`Cell` into a :class:`CellResult` against one agent.

    One runner serves every cell of a run, concurrently: it holds no per-cell state. ``scope`` and ``transport``
    build the chaos of each cell from the cell itself; ``gone`` stops retries once the agent's process is known
    dead; ``budget`` accounts every result against ``advanced.max_cost`` and skips the cells past it."""

    agent: Agent
    invariants: Sequence[InvariantSpec]
    retries: int | None = None
    """Re-runs of a turn after a retryable error; ``None``: :func:`default_retries` of the cell."""
    reset: bool = True
    system_prompt: str | None = None
    baselines: dict[str, str] = field(default_factory=dict)
    """Clean responses per golden prompt (``behavior_unchanged`` with ``baseline: auto``)."""
    scope: CellScopeFactory = _no_scope
    transport: TransportFactory = lambda cell: None
    sleep: Callable[[float], Any] = anyio.sleep
    gone: Callable[[], bool] = lambda: False
    """True once the agent is known to be gone for good (its launched process exited): no more retries."""
    budget: Any = None
    """The run's :class:`~windtunnel.engine.budget.RunBudget` (``advanced.max_cost``), if any."""
    kept_faulted: int = 0
    """Turns that failed while a fault fired and were not re-run although retries were configured (a count for the
    run's notice, :meth:`invoke`)."""

    async def invoke(
        self,
        cell: Cell,
        prompt: AgentInput,
        retried: list[dict[str, Any]] | None = None,
        scope: CellScope | None = None,
    ) -> tuple[AgentResponse | None, AgentCallError | None, int]:
        """Call the agent, re-running the turn after a retryable error up to the cell's retries. Each attempt that is
        re-run is appended to ``retried`` (its error and the faults fired during it, from ``scope``).

        Only errors the agent layer marks retryable (transport errors, 429, 5xx) are retried, with backoff (or the
        server's ``Retry-After``); a gone agent is never retried, nor a turn that failed while a fault fired: that
        failure is the agent's answer to the fault, which a re-run would repeat (side effects included) or, missing
        the fault, hide behind a lucky pass (QA-28 medium 6: ``advanced.retries: 2`` turned a 500 under the fault
        into a passed unit). Returns ``(response, error, attempts)`` with exactly one of the first two set."""
        transport = self.transport(cell)
        retries = default_retries(cell) if self.retries is None else self.retries
        attempt = 0
        while True:
            attempt += 1
            before = len(scope.fired) if scope is not None else 0
            try:
                return await self.agent.invoke(prompt, transport=transport), None, attempt
            except AgentCallError as err:
                if not err.retryable or attempt > retries or self.gone():
                    return None, err, attempt
                faults = scope.fired[before:] if scope is not None else []
                if faults:
                    self.kept_faulted += 1
                    return None, err, attempt
                if retried is not None:
                    retried.append({"attempt": attempt, "error": str(err), "error_kind": err.kind, "faults": faults})
                await self.sleep(backoff_seconds(attempt - 1, err))

    def _selected(self, cell: Cell) -> list[InvariantSpec]:
        """The invariants that judge ``cell``: all of the runner's, or the labels the cell names (a contract unit
        names the matrix cells it judges)."""
        if cell.invariants is None:
            return list(self.invariants)
        wanted = set(cell.invariants)
        return [inv for inv in self.invariants if inv.label in wanted]

    async def __call__(self, cell: Cell) -> CellResult:
        """Run one cell within the budget: a cell past ``advanced.max_cost`` comes back skipped without calling the
        agent, and every result is added to the budget's spend."""
        if self.budget is not None and (not_run := self.budget.skip(cell)) is not None:
            return not_run
        result = await self.run(cell)
        if self.budget is not None:
            self.budget.add(result)
        return result

    async def run(self, cell: Cell) -> CellResult:
        """One cell, without the run budget's accounting (what calling the runner adds).

        Resets the agent first when it has a reset (a failed reset is an errored cell of kind ``reset``, the agent
        is not called), then calls it, one call per turn for a conversation, under the cell's scope, and judges
        the answer. An agent error makes the cell ``error``; otherwise it ``passed`` only when it had checks and
        all passed, so a cell judged by nothing does not count as a pass. Output and sent text are clipped for
        storage; the checks saw all of it."""
        if self.reset and getattr(self.agent, "has_reset", True):  # an agent without a reset has nothing to run
            try:
                await self.agent.reset()
            except AgentCallError as err:
                return CellResult(cell=cell, status="error", error=f"reset failed: {err}", error_kind="reset")
        answers: list[AgentResponse] = []
        retried: list[dict[str, Any]] = []
        if self.scope is _no_scope and not cell.turns:  # no chaos seams: skip the per-cell context manager
            scope = None
            prompt = cell.input
            response, error, attempts = await self.invoke(cell, prompt, retried)
        else:
            with self.scope(cell) as scope:
                prompt = scope.transform_input(cell.input) if scope is not None else cell.input
                if cell.turns:  # a conversation: one call per turn (agents/conversation.py)
                    response, error, attempts, prompt = await converse(
                        lambda p: self.invoke(cell, p, retried, scope),
                        cell.turns,
                        accepts_messages=self.agent.accepts_messages,
                        answers=answers,
                    )
                else:
                    response, error, attempts = await self.invoke(cell, prompt, retried, scope)
        if scope is None:  # no chaos seams: nothing fired, no calls recorded
            fired: list[FaultRecord] = []
            calls: list[Any] = []
            schedule = None
        else:
            fired = [FaultRecord.model_validate(f) for f in scope.fired]
            calls = list(scope.calls)
            schedule = getattr(scope, "schedule", None)
        sent = prompt if isinstance(prompt, str) else Cell.transcript(prompt)
        golden = cell.golden_prompt
        ctx = CheckContext(
            output=response.output if response else None,
            prompt=sent,
            golden_prompt=golden,
            error=str(error) if error else None,
            latency_ms=response.latency_ms if response else None,
            baseline_output=self.baselines.get(golden) if golden is not None else None,
            system_prompt=self.system_prompt,
            tool_calls=response.tool_calls if response else [],
            metadata=response.metadata if response else {},
        )
        per_turn = bool(cell.turns) and error is None
        checks = await judge_all(self._selected(cell), cell, ctx, answers, per_turn)
        status: Status
        if error is not None:
            status = "error"
        else:
            status = "passed" if checks and all(c.passed for c in checks) else "failed"
        return CellResult(
            cell=cell,
            status=status,
            sent=clip_output(sent),
            output=clip_output(ctx.output),
            latency_ms=ctx.latency_ms,
            error=str(error) if error else None,
            error_kind=error.kind if error else None,
            attempts=attempts,
            retried=retried,
            faults=fired,
            checks=checks,
            tool_calls=ctx.tool_calls,
            calls=calls,
            usage=recorded_usage(ctx.metadata, calls),
            schedule=schedule,
        )


async def judge_all(
    invs: list[InvariantSpec], cell: Cell, ctx: CheckContext, answers: list[AgentResponse], per_turn: bool
) -> list[CheckOutcome]:
    """Every invariant's outcome, in order. Checks that wait on I/O (a judge model) run in worker threads, all at
    once, so other cells keep going; a cancelled run (Ctrl-C) does not wait for them.

    Without a blocking check the outcomes are computed inline, with no task group: the common case costs no more
    than the checks themselves."""

    def one(inv: InvariantSpec) -> CheckOutcome:
        """One invariant's outcome: per turn for an ``each_turn`` invariant on a conversation, else on the final
        answer."""
        return judge_turns(inv, ctx, cell.turns or [], answers) if inv.each_turn and per_turn else judge(inv, ctx)

    if not any(type(inv).blocking for inv in invs):  # the hot path: plain calls, no task group
        return [one(inv) for inv in invs]
    out: dict[int, CheckOutcome] = {}

    async def threaded(i: int) -> None:
        """Run one blocking check in a worker thread and keep its outcome at its index (order is kept)."""
        out[i] = await anyio.to_thread.run_sync(one, invs[i], abandon_on_cancel=True)

    async with anyio.create_task_group() as tg:
        for i, inv in enumerate(invs):
            if type(inv).blocking:
                tg.start_soon(threaded, i)
            else:
                out[i] = one(inv)
    return [out[i] for i in range(len(invs))]


def judge_turns(inv: InvariantSpec, ctx: CheckContext, turns: list[str], answers: list[AgentResponse]) -> CheckOutcome:
    """``each_turn``: the invariant on every turn's answer of a conversation; the first failing turn decides."""
    outcomes = [judge(inv, c) for c in turn_contexts(ctx, turns, answers)]
    for i, out in enumerate(outcomes, 1):
        if not out.passed:
            return replace(out, detail=f"turn {i} of {len(outcomes)}: {out.detail}")
    last = outcomes[-1] if outcomes else judge(inv, ctx)
    return replace(last, detail=f"every turn ({len(outcomes)}): {last.detail}" if last.detail else None)


def judge(inv: InvariantSpec, ctx: CheckContext) -> CheckOutcome:
    """Evaluate one invariant; a crashing check is a failed check with the exception as detail.

    A plugin bug then shows as a failed check on the cell, with the exception's type and message, rather than
    ending the run and losing the results of every other cell."""
    res: CheckResult | None = None
    try:
        res = inv.evaluate(ctx)
        passed, detail = res.passed, res.detail
    except Exception as err:  # a plugin bug must not crash the run
        passed, detail = False, f"the check raised {type(err).__name__}: {err}"
    return CheckOutcome(
        type=inv.type,
        id=inv.label,
        passed=passed,
        detail=detail,
        severity=inv.severity,
        judge=res.judge if res else None,
        margin=res.margin if res else None,
    )
