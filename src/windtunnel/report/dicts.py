"""The run report as the dicts that flow through the engine, the store and the renderers, typed.

Reports travel as plain dicts (one is built per cell on the hot path, and a report read from a file or an older
version must still render: see :mod:`windtunnel.report`); the pydantic models in :mod:`windtunnel.report.models` are
their contract. These ``TypedDict`` s say the same shape to mypy, so a reader of ``report["summary"]["score"]``
is checked against the model instead of trusting ``Any``. Every key is optional here (``total=False``): writers
build a report in steps and readers use ``.get`` and tolerate a missing field; the models say what is required.

Each class carries every field of its model (a test compares them) and the extra keys windtunnel itself writes
(``phase``, ``session``, ``calls`` ...). Values whose shape nobody fixes are
:data:`~windtunnel._util.jsontypes.JSONValue`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypedDict, cast

from windtunnel._util.jsontypes import JSONObject, JSONValue


class ToolDict(TypedDict, total=False):
    """:class:`~windtunnel.report.models.Tool`: the program that wrote the report."""

    name: str
    version: str


class RunInfoDict(TypedDict, total=False):
    """:class:`~windtunnel.report.models.RunInfo`, plus the shard and the label of a sharded or merged run."""

    id: str
    mode: str
    seed: int | None
    started_at: str
    finished_at: str
    config: str | None
    config_path: str | None
    agent: str | None
    status: str | None
    aborted: JSONObject | None
    shard: str
    shard_plan: JSONValue
    merged_from: list[str]


class PhaseDict(TypedDict, total=False):
    """:class:`~windtunnel.report.models.PhaseEntry`: one ``ci`` phase in the summary."""

    score: float | None
    passed: bool
    weight: float
    status: str | None
    reason: str | None
    # the phase ci stopped in: how far it got, and the abort record
    run_status: str
    cells_completed: int
    cells_planned: int
    units_completed: int
    units_planned: int
    aborted: JSONObject


class MatrixEntryDict(TypedDict, total=False):
    """One scenario × invariant entry of a contract's ``summary.matrix`` (not in the model: extra data)."""

    scenario: str
    invariant: str
    severity: str
    status: str
    """``pass``, ``fail``, ``flaky``, ``n/a`` or ``not run``."""
    checks: int
    passed: int
    errored: int
    pass_rate: float
    wilson_95: list[float]
    pass_k: float
    reason: str


class ByTypeDict(TypedDict, total=False):
    """One mutation type's pass rate in ``summary.by_type`` (not in the model: extra data)."""

    total: int
    passed: int
    pass_rate: float


class SummaryDict(TypedDict, total=False):
    """:class:`~windtunnel.report.models.Summary`, plus the per-type rates and the flaky list writers add."""

    score: float | None
    passed: bool
    cells_total: int
    cells_passed: int
    cells_failed: int
    cells_errored: int
    critical_failed: bool
    cells_skipped: int | None
    cells_planned: int | None
    min_score: float | None
    reasons: list[str] | None
    why: str | None
    partial: bool | None
    phases: dict[str, PhaseDict]
    by_type: dict[str, ByTypeDict | float]
    """Per mutation type; an older report may give a bare rate."""
    matrix: list[MatrixEntryDict]
    aborted: JSONObject


class MutationDict(TypedDict, total=False):
    """:class:`~windtunnel.report.models.Mutation`, plus the mutation's level."""

    type: str
    args: JSONObject
    level: JSONValue


class FaultDict(TypedDict, total=False):
    """:class:`~windtunnel.report.models.Fault`: a fault actually injected during a cell."""

    target: str
    mode: str
    name: str | None


class CheckDict(TypedDict, total=False):
    """:class:`~windtunnel.report.models.Check`, plus the invariant's id and severity."""

    type: str
    passed: bool
    detail: str | None
    judge: JSONObject
    id: str
    severity: str | None


class UsageDict(TypedDict, total=False):
    """:class:`~windtunnel.report.models.Usage`: one cell's tokens and cost."""

    input_tokens: int | None
    output_tokens: int | None
    total_tokens: int | None
    requests: int | None
    model: str | None
    cost_usd: float | None
    cost_unknown: str


class UsageTotalDict(TypedDict, total=False):
    """:class:`~windtunnel.report.models.UsageTotal`: the run's tokens and cost."""

    cells: int
    input_tokens: int
    output_tokens: int
    total_tokens: int
    requests: int
    cost_usd: float | None
    cost_usd_known: float
    cells_cost_unknown: int
    models_unpriced: list[str]


class CellDict(TypedDict, total=False):
    """:class:`~windtunnel.report.models.Cell`, plus what the engine, ``ci`` and replay add to a row."""

    id: str
    kind: str
    prompt: str
    status: str
    passed: bool
    scenario: str | None
    invariant: str | None
    faults: list[FaultDict]
    golden_prompt: str | None
    mutation: MutationDict | None
    severity: str | None
    repeat: int
    output: str | None
    latency_ms: float | None
    error: str | None
    error_kind: str | None
    checks: list[CheckDict]
    reproduce: str
    usage: UsageDict
    # written by windtunnel beyond the model
    golden_index: int | None
    attempts: int
    retried: list[JSONObject]
    calls: list[JSONObject]
    schedule: JSONObject
    tool_calls: list[JSONObject]
    metadata: JSONObject
    phase: str
    session: JSONObject
    detail: str


class ReportDict(TypedDict, total=False):
    """:class:`~windtunnel.report.models.RunReport`: a whole run report, plus the statistics ``-f json`` adds."""

    schema_version: str
    tool: ToolDict
    run: RunInfoDict
    summary: SummaryDict
    cells: list[CellDict]
    notices: list[str] | None
    usage: UsageTotalDict
    stats: JSONObject


def as_report(report: Mapping[str, Any]) -> ReportDict:
    """``report`` (built by the engine, the flows or the store as ``dict[str, Any]``) as the :class:`ReportDict` it is.

    No copy and no check: the one bridge from the untyped builders to the typed renderers, kept in one place so
    that it can go once the builders are typed with these dicts (issue #28). A report from a file is checked by
    :func:`windtunnel.reports.validate.ensure_valid` instead.
    """
    return cast(ReportDict, report)


def as_cell(cell: Mapping[str, Any]) -> CellDict:
    """``cell`` (a row built by the engine or read from the store) as the :class:`CellDict` it is; see
    :func:`as_report`."""
    return cast(CellDict, cell)


def as_cells(cells: Callable[[], Iterable[Mapping[str, Any]]]) -> Callable[[], Iterable[CellDict]]:
    """A source of cells (called anew for each pass) as a source of :class:`CellDict`; see :func:`as_report`."""
    return cast("Callable[[], Iterable[CellDict]]", cells)


__all__ = [
    "ByTypeDict",
    "CellDict",
    "CheckDict",
    "FaultDict",
    "MatrixEntryDict",
    "MutationDict",
    "PhaseDict",
    "ReportDict",
    "RunInfoDict",
    "SummaryDict",
    "ToolDict",
    "UsageDict",
    "UsageTotalDict",
    "as_cell",
    "as_cells",
    "as_report",
]
