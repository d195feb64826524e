"""Pydantic models of the run report (``schema_version`` 1).

They are the contract of ``report.schema.json``: the required core every mode writes, typed strictly
(a string is never read as a number, nor ``"yes"`` as a boolean), with the documented optional fields
and room for more (``extra="allow"``: a report from a newer windtunnel still loads).

The class and attribute docstrings here are published: they become the ``description`` of each definition in
``report.schema.json``, so a change to one is a schema change (regenerate the file with
``python -m windtunnel.report.schema``). Keep them about the report's meaning, not about the code.

Nothing on the hot path builds these models: reports are written as dicts and checked against the models only
where one is read back (a file given to ``report``, ``Outcome.typed_report``); the store's rows get the cheaper
:func:`~windtunnel.report.shape.shape_problem`. The required core matches the shared contract
(``shared/schemas/report.schema.json``), which tests compare against the generated schema.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema

Score = Annotated[float | None, Field(ge=0, le=100)]
"""0-100; None only when nothing could be scored (and then the run did not pass)."""
Count = Annotated[int, Field(ge=0)]
Mode = Literal["run", "chaos", "contract", "replay", "ci"]
CellKind = Literal["golden", "mutation", "chaos", "contract", "replay"]
CellStatus = Literal["passed", "failed", "error", "skipped"]
Severity = Literal["critical", "high", "medium", "low"]
FaultTarget = Literal["tool", "llm", "context", "http"]


Absent = SkipJsonSchema[None]
"""An optional key that, when present, is never null (``x: int | Absent = None``)."""


class _Model(BaseModel):
    """The base of every report model: ``extra="allow"`` because reporters and later versions add fields the schema
    does not require, and ``strict`` so a report is checked as JSON has it (a ``"3"`` is not a number).
    """

    model_config = ConfigDict(extra="allow", strict=True)


class Tool(_Model):
    """The program that wrote the report."""

    name: Literal["windtunnel"]
    version: str


class RunInfo(_Model):
    """Which run this is: id, mode, seed and when it ran (plus config, agent, status ...)."""

    id: str
    mode: Mode
    seed: int | None
    started_at: str
    finished_at: str
    config: str | None = None
    """The config file the run used."""
    agent: str | None = None
    """The agent type."""
    status: str | None = None
    """``completed``, or why the run was cut short (``interrupted``, ``aborted``); a report rebuilt from the
    run store carries the stored status (``passed``, ``failed``, ``error`` ...)."""
    aborted: dict[str, Any] | None = None
    """Why an aborted run stopped: the agent process's command, exit code and stderr tail."""


class PhaseEntry(_Model):
    """One ``ci`` phase in the summary."""

    score: Score
    passed: bool
    weight: Annotated[float, Field(ge=0, le=1)]
    """The phase's renormalised share of the overall score."""
    status: str | None = None
    """``run`` or ``not run``."""
    reason: str | None = None
    """Why a phase was not run."""


class Summary(_Model):
    """The verdict and the counts: the score (null when nothing could be scored), whether the run passed, and how many
    cells passed, failed, errored, were skipped and were planned; with the reasons when it did not pass.
    """

    score: Score
    passed: bool
    cells_total: Count
    cells_passed: Count
    cells_failed: Count
    cells_errored: Count
    critical_failed: bool | Absent = None
    """Whether a critical contract invariant failed (the contract FAILs whatever the score)."""
    cells_skipped: Count | None = None
    cells_planned: Count | None = None
    min_score: float | None = None
    reasons: list[str] | None = None
    """Why the run did not pass."""
    why: str | None = None
    """The cause that leads the verdict's headline when it did not pass (contracts: the scenarios the score
    leaves out, because they were not exercised or not run); renderers fall back on the first reason."""
    partial: bool | None = None
    """True when the run was cut short (interrupted or aborted): it passes nothing."""
    failed_on_score_only: bool | Absent = None
    """True when the one thing that failed the run is its score below ``--min-score`` (``ci``'s overall score may
    outweigh that, and nothing else)."""
    cells_not_exercised: Count | Absent = None
    """Cells of chaos scenarios none of whose faults fired: they ran, tested nothing, and are in no other count."""
    phases: dict[str, PhaseEntry] | Absent = None
    """``ci`` only: one entry per phase."""


class Mutation(_Model):
    """The mutation a cell's prompt went through."""

    type: str
    args: dict[str, Any] | Absent = None


class Fault(_Model):
    """A fault actually injected during a cell."""

    target: FaultTarget
    mode: str
    name: str | None = None


class JudgeVerdict(_Model):
    """What the judge model of an ``llm_judge`` check said about the answer."""

    model: str
    verdict: Literal["pass", "fail", "error"]
    """``error``: the judge gave no verdict (unreachable, timed out, HTTP error, malformed reply); the check failed."""
    reason: str
    """The judge's reason, or what went wrong."""
    cached: bool
    """The verdict came from the judge cache (no request was made)."""


class Check(_Model):
    """One invariant's verdict on a cell."""

    type: str
    passed: bool
    detail: str | None = None
    judge: JudgeVerdict | Absent = None
    """For an ``llm_judge`` check: the judge's verdict and reason."""


class Usage(_Model):
    """The tokens one cell's agent call used and, with a ``prices:`` table, what they cost."""

    input_tokens: Count | None = None
    output_tokens: Count | None = None
    total_tokens: Count | None = None
    requests: Count | None = None
    """Model requests the call made."""
    reported_requests: Count | Absent = None
    """The agent's own count of its model requests, when it differs from ``requests`` (the seam's count): more means
    some of its model calls went past windtunnel."""
    model: str | None = None
    """The model the usage was priced as."""
    cost_usd: Annotated[float, Field(ge=0)] | None = None
    """US dollars, present once the run has ``prices:``; null when unknown (never read as zero)."""
    cost_unknown: str | Absent = None
    """Why ``cost_usd`` is null (names the model missing from ``prices:``)."""


class UsageTotal(_Model):
    """Token usage summed over the cells that recorded it, and their cost."""

    cells: Count
    """Cells that recorded usage."""
    input_tokens: Count
    output_tokens: Count
    total_tokens: Count
    requests: Count
    cost_usd: Annotated[float, Field(ge=0)] | None = None
    """The run's cost in US dollars; null when any priced cell's cost is unknown."""
    cost_usd_known: Annotated[float, Field(ge=0)] | Absent = None
    """With an unknown cost: the sum over the cells whose cost is known (a lower bound)."""
    cells_cost_unknown: Count | Absent = None
    models_unpriced: list[str] | Absent = None
    """The models missing from ``prices:``."""


class Cell(_Model):
    """One agent call and its checks (a contract cell is one invariant of one unit)."""

    id: str
    kind: CellKind
    prompt: str
    """The input actually sent to the agent."""
    status: CellStatus
    passed: bool
    scenario: str | None
    invariant: str | None
    faults: list[Fault]
    golden_prompt: str | None = None
    mutation: Mutation | None = None
    severity: Severity | None = None
    repeat: Count | Absent = None
    output: str | None = None
    latency_ms: float | None = None
    error: str | None = None
    error_kind: str | None = None
    checks: list[Check] | Absent = None
    reproduce: str | Absent = None
    """A command that reruns exactly this cell."""
    usage: Usage | Absent = None
    """Tokens and cost, when the agent recorded usage."""
    not_exercised: bool | Absent = None
    """True on a contract row of a scenario none of whose faults fired: neither passed nor failed, in no count."""
    saved_failure: bool | Absent = None
    """True on the replay of a failure ``windtunnel explore`` saved: failing again fails the run whatever the score
    (a merge of shards counts it too)."""


class RunReport(_Model):
    """A run report as every mode writes it (``windtunnel run -f json`` and friends)."""

    schema_version: Literal["1"]
    tool: Tool
    run: RunInfo
    summary: Summary
    cells: list[Cell]
    notices: list[str] | None = None
    usage: UsageTotal | Absent = None
    """Tokens and cost over the run, when any cell recorded usage."""


__all__ = [
    "Cell",
    "Check",
    "Fault",
    "Mutation",
    "PhaseEntry",
    "RunInfo",
    "RunReport",
    "Summary",
    "Tool",
    "Usage",
    "UsageTotal",
]
