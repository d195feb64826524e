"""Cells and their results: plain serialisable data, so any executor can run them.

A :class:`Cell` is everything needed to make one agent invocation (its input, mutation, scenario, repeat and the
invariants that judge it), and nothing that is not data: the local worker pool, a Ray actor on another machine and
a resumed run all rebuild the same invocation from it. A :class:`CellResult` is what comes back, written to the
store as it arrives and read back unchanged by reports, replay export and ``explore``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

PlannedInput = tuple[str, str, dict[str, Any], Any]
"""One planned mutation of a golden prompt: (type, level, its recorded args (with k, attempt, source), the input)."""
GoldenMutations = tuple[int, list[PlannedInput]]
"""A golden prompt's index and its planned mutations, in plan order."""


CellKind = Literal["golden", "mutation", "chaos", "contract", "replay"]
Status = Literal["passed", "failed", "error", "skipped"]


OUTPUT_DISPLAY_LIMIT = 100_000
"""Characters of an agent's output kept in a cell result (store, reports); the checks see all of it."""


def clip_output(text: str | None, limit: int = OUTPUT_DISPLAY_LIMIT) -> str | None:
    """``text`` cut to ``limit`` characters with a marker that gives the full length, when it is longer.

    Only what is stored and reported is clipped: the checks see the whole output, so a clipped answer is still
    judged on everything the agent said."""
    if text is None or len(text) <= limit:
        return text
    return f"{text[:limit]}\n… [output truncated: {limit:,} of {len(text):,} characters shown]"


class _Data(BaseModel):
    """Base of the result records kept as pydantic models: unknown fields are an error, not silently kept."""

    model_config = ConfigDict(extra="forbid")


# Cells, their results and their checks are made once per cell on the hot path: plain slotted dataclasses
# (a fraction of a pydantic model's cost to build), keyword arguments only. The typed report users read
# (``windtunnel.report``) stays pydantic.


@dataclass(slots=True, kw_only=True)
class MutationRef:
    """Which mutation made a cell's input: its type, the recorded arguments that regenerate it (``k``, ``attempt``,
    ``source``, under the run seed) and its level (``transport`` mutations change how the request is sent, not the
    prompt, and are rebuilt from these arguments when the cell runs)."""

    type: str
    args: dict[str, Any] = field(default_factory=dict)
    level: Literal["text", "transport"] = "text"


@dataclass(slots=True, kw_only=True)
class Cell:
    """One agent invocation unit: an input, optionally mutated, under one scenario, one repeat.

    Its ``id`` is derived from the plan, never from time or randomness (run cells are
    ``[scenario/]g<golden>[.<mutation>.<k>].r<repeat>``; contract units and replays name theirs likewise), so the
    same config and seed name the same cells on every run: that is what ``--cell``, ``--resume`` and sharding rely
    on. Random choices made for the cell (fault firing, mutation generation) are seeded from the run seed and the
    cell, so a rerun repeats them."""

    id: str
    kind: CellKind
    input: str | list[dict[str, Any]]
    """What is sent to the agent (a prompt, or a message list for multi-turn)."""
    golden_prompt: str | None = None
    golden_index: int | None = None
    mutation: MutationRef | None = None
    scenario: str | None = None
    repeat: int = 0
    invariants: list[str] | None = None
    """Labels of the invariants that judge this cell (None = all configured)."""
    turns: list[str] | None = None
    """A conversation: the user turns, sent one call at a time (``input`` is its label)."""
    seq: int | None = None
    """Its position in the plan: the store reads cells back in this order (reports in plan order)."""
    saved_failure: bool = False
    """A replay of a failure ``windtunnel explore`` saved: failing again fails the run whatever the score (its row
    says so, so a merge of shards recounts it)."""

    @property
    def prompt_text(self) -> str:
        """The input as text: the prompt itself, or a message list's transcript (for reports and checks that read
        prompts)."""
        return self.input if isinstance(self.input, str) else self.transcript(self.input)

    @staticmethod
    def transcript(messages: list[dict[str, Any]]) -> str:
        """A message list as ``role: content`` lines, one per message (role ``user`` when missing)."""
        return "\n".join(f"{m.get('role', 'user')}: {m.get('content', '')}" for m in messages)


class FaultRecord(_Data):
    """A fault that actually fired during a cell."""

    model_config = ConfigDict(extra="allow")
    target: Literal["tool", "llm", "context", "http"]
    name: str | None = None
    mode: str


@dataclass(slots=True, kw_only=True)
class CheckOutcome:
    """One invariant's verdict on one cell: the check's type and label, pass or fail with the detail that says why,
    the severity it is scored with, its margin (for ``explore``'s search) and, for a model-graded check, the
    judge's verdict record."""

    type: str
    id: str
    passed: bool
    detail: str | None = None
    severity: str | None = None
    margin: float | None = None
    """The check's distance from its threshold (see ``CheckResult.margin``); not in the report."""
    judge: dict[str, Any] | None = None
    """A model-graded check's verdict record (``model``, ``verdict``, ``reason``, ``cached``)."""


@dataclass(slots=True, kw_only=True)
class CellResult:
    """What running a cell produced; the engine streams these to listeners as they complete.

    ``status`` is ``passed`` / ``failed`` (judged by its checks), ``error`` (the agent call failed; ``error_kind``
    says how) or ``skipped`` (not run: budget spent, faults unreachable). Everything a report, replay export or
    ``explore`` needs is here, so nothing has to be recomputed from the agent."""

    cell: Cell
    status: Status
    sent: str | None = None
    """The input actually sent, as text (after context attacks such as memory poisoning)."""
    output: str | None = None
    latency_ms: float | None = None
    error: str | None = None
    error_kind: str | None = None
    attempts: int = 1
    retried: list[dict[str, Any]] = field(default_factory=list)
    """The attempts that were re-run, each ``{attempt, error, error_kind, faults}`` (faults fired during it)."""
    faults: list[FaultRecord] = field(default_factory=list)
    checks: list[CheckOutcome] = field(default_factory=list)
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    calls: list[dict[str, Any]] = field(default_factory=list)
    """Tool and LLM calls observed at the seams (for replay export)."""
    schedule: dict[str, Any] | None = None
    """The cell's fault schedule (``windtunnel.chaos.schedule``), as data: what ``--schedule FILE`` replays."""
    usage: dict[str, Any] | None = None
    """Token usage the agent reported (``input_tokens``, ``output_tokens``, ``total_tokens``, ``model``)."""

    @property
    def passed(self) -> bool:
        """Whether the cell passed (an errored or skipped cell did not)."""
        return self.status == "passed"
