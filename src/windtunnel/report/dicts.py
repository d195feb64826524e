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

from collections.abc import Mapping
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
    # written by windtunnel beyond the model
    command: str
    """``explore``, ``replay`` ...: the command that ran, when the mode does not say it."""
    config_hash: dict[str, str]
    """A hash of each config section that decides the cells (``--resume`` refuses a changed config)."""
    cells_planned: int
    options: JSONObject
    kept: JSONObject
    """In the run store only: the report and behaviour options (``-o``, ``--concurrency`` ...) ``--resume`` restores."""
    report_blocks: JSONObject
    """In the run store only: report blocks beyond run, summary and cells (``explore``) that ``report RUN`` restores."""
    contract: JSONObject
    skipped_files: list[dict[str, str]]
    """``replay``: the files skipped while collecting sessions, each with the reason."""
    shard: str
    shard_plan: JSONValue
    merged_from: list[str]
    shards: int
    """A merged run: how many shards it joined."""
    tool: ToolDict
    """In the run store only: the program that wrote the run, when it was not this version."""


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
    cells_planned: int | None
    units_completed: int
    units_planned: int
    aborted: JSONObject
    # the phase's files and figures
    configured_weight: float
    blocking: bool
    report: str | None
    json: str | None
    exit_code: int | None
    critical_failed: bool


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
    pass_rate: float | None
    weight: float
    """The type's weight in the score."""


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
    failed_on_score_only: bool
    """The run failed only because its score is below ``--min-score`` (engine/scoring.py)."""
    phases: dict[str, PhaseDict]
    by_type: Mapping[str, ByTypeDict | float]
    """Per mutation type; an older report may give a bare rate."""
    matrix: list[MatrixEntryDict]
    aborted: JSONObject
    # written by windtunnel beyond the model
    cells_not_run: int
    cells_completed: int
    """A run whose setup failed: the cells it completed before (the store's summary)."""
    cells_not_exercised: int
    not_exercised: dict[str, int]
    units_completed: int
    units_planned: int
    phase_rule: str
    """``ci``: how the phases decide the verdict."""
    # contract
    contract: str
    repeat: int
    agent_calls_planned: int
    concurrency: int
    state_detection: JSONObject | None
    by_scenario: JSONValue
    by_invariant: JSONValue
    # replay
    sessions_total: int
    sessions_passed: int
    files_skipped: int


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
    status: JSONValue
    """A replayed failure: the recorded response's status."""


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
    reported_requests: int
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
    detail: str
    saved_failure: bool
    """A replay of a failure ``windtunnel explore`` saved (failing again fails the run whatever the score)."""
    not_exercised: bool
    """A contract row of a scenario none of whose faults fired: it ran, tested nothing, is in no count."""
    # a replayed session
    session: JSONObject
    contract: JSONObject
    contract_score: float | None
    critical_failed: bool
    not_judged: list[JSONObject]
    reasons: list[str]
    notes: list[str]
    replay: JSONObject
    # a failure explore found
    explore: JSONObject
    # read back from the store
    damaged: str
    """Why a stored row could not be read (it stands as an errored cell)."""
    completed_at: str


class ExploreFailureDict(TypedDict, total=False):
    """One failure ``explore`` found (``explore.failures``; not in the model: extra data)."""

    status: str
    """``minimal``, ``flaky``, ``unshrunk`` or ``unconfirmed`` (interrupted before the reruns of a failure that
    needs no fault: nothing to shrink)."""
    reproduced: str
    """``k/n``: the reruns that failed again."""
    signature: list[str]
    found_at_call: int
    schedule: JSONObject
    labels: list[str]
    found_schedule: JSONObject
    shrink_steps: list[str]
    prompt: str
    mutation: str | None
    calls: list[str]
    went_wrong: str
    saved: str | None
    replayed: bool
    """Whether ``run``, ``contract run`` and ``ci`` replay the saved file first: only a file in ``found/`` beside the
    run store (the default ``--found-dir``) is."""
    cell: str
    also_found: list[str]
    """Other failures the search found that came down to this reproducer (their schedules as found): reported once."""


class ExploreGroupDict(TypedDict, total=False):
    """Failures that break the same checks (``explore.groups``): their signature and their numbers (1, 2 …) in
    ``explore.failures``, one per distinct reproducer."""

    signature: list[str]
    failures: list[int]


class ExploreDict(TypedDict, total=False):
    """What an ``explore`` run searched and found (``explore``; not in the model: extra data)."""

    strategy: str
    budget: int
    calls: int
    shrink_calls: int
    reruns: int
    corpus: int
    features: int
    seams: dict[str, list[str]]
    failures: list[ExploreFailureDict]
    unsaved: str
    """Why the minimal failures could not be saved (only when saving failed)."""
    groups: list[ExploreGroupDict]
    headline: str
    """What the search found and how far it got, in one line (the markdown / HTML reports' title says the same)."""


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
    explore: ExploreDict
    """``explore``: the search's budget, strategy and failures."""


def as_cell(cell: Mapping[str, Any]) -> CellDict:
    """``cell`` (a row the viewer reads as ``Mapping[str, Any]``) as the :class:`CellDict` it is: no copy, no check.

    The one bridge left from untyped code to the typed readers (``view/aggregate.py``, whose rows are cut-down facts
    of a cell with nullable fields); the engine, the flows and the store build and read these dicts typed.
    """
    return cast(CellDict, cell)


__all__ = [
    "ByTypeDict",
    "CellDict",
    "CheckDict",
    "ExploreDict",
    "ExploreFailureDict",
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
]
