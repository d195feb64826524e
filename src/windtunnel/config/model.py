"""The root configuration: ``windtunnel.yaml`` and upstream V2 ``flakestorm.yaml`` alike.

It composes the sections the domain packages own — ``agent:`` (:mod:`windtunnel.agents.config`), ``chaos:``
and matrix scenarios (:mod:`windtunnel.chaos.config`), ``invariants:`` (:mod:`windtunnel.invariants.config`),
``mutations:`` and ``model:`` (:mod:`windtunnel.mutations.config`) — and none of them imports it back.

The sections defined here are the ones no domain package owns: ``contract:`` (which borrows the invariant and
scenario unions), ``replays:``, ``scoring:``, ``output:`` and ``advanced:``. Importing this module registers the
third-party plugins first (:func:`~windtunnel.config.plugins.load_builtin_plugins`), because the unions the
sections use are fixed when their models are declared: a plugin registered after this import would not be a
valid ``type``.

Cost: this import is most of what ``windtunnel validate`` pays above importing pydantic (issue #28): about 90
model classes. They are declared with ``defer_build`` (:class:`~windtunnel._util.model.StrictModel`), so pydantic
builds one validator for :class:`Config`, nested sections inline, on the first validation instead of one per
class at import; a section validated on its own builds its own the first time.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, PrivateAttr, field_validator, model_validator

from windtunnel._util.model import StrictModel
from windtunnel._util.suggest import did_you_mean
from windtunnel._util.yamlsource import SourceMap
from windtunnel.agents.config import AgentConfig
from windtunnel.agents.conversation import label
from windtunnel.chaos.config import ChaosConfig, Scenario
from windtunnel.config.plugins import load_builtin_plugins
from windtunnel.config.ray import RayConfig
from windtunnel.invariants.base import InvariantSpec
from windtunnel.invariants.budget import ModelPrice, apply_prices
from windtunnel.invariants.config import AnyInvariant
from windtunnel.invariants.judge import apply_judge
from windtunnel.invariants.judge_settings import JudgeSettings
from windtunnel.mutations.config import ModelConfig, MutationsConfig

load_builtin_plugins()


class ContractConfig(StrictModel):
    """``contract:`` — named invariants that must hold in every scenario of the matrix (where their ``when`` holds),
    judged together into one severity-weighted resilience score; ``isolation`` says how many agent calls that takes.
    """

    name: str = "contract"
    description: str | None = None
    invariants: list[AnyInvariant] = Field(default_factory=list)
    chaos_matrix: list[Scenario] | None = None
    isolation: Literal["per_unit", "per_cell"] = "per_unit"
    """``per_unit``: one agent call per (scenario, golden prompt, repeat), judged by every invariant that
    applies (fewer model calls); ``per_cell``: one call per (scenario, invariant, golden prompt, repeat), each
    (invariant × scenario) cell its own independent invocation, as the upstream spec describes."""
    _only_in: dict[str, set[str]] = PrivateAttr(default_factory=dict)
    """Invariants (by label) checked only in these scenarios: the broken invariants of a saved explore failure,
    added to the contract for that failure's scenario alone (never written in a config)."""

    def add_scoped(self, inv: InvariantSpec, scenario: str) -> None:
        """Check ``inv`` (an invariant with an ``id``) in ``scenario`` only."""
        self.invariants.append(inv)
        self._only_in.setdefault(inv.label, set()).add(scenario)

    def checked_in(self, label: str, scenario: str) -> bool:
        """Whether the invariant ``label`` may be checked in ``scenario`` (its ``when`` aside)."""
        only = self._only_in.get(label)
        return only is None or scenario in only


class ReplaySource(StrictModel):
    """One ``replays.sources`` entry: sessions imported from a file (``path``) or live from the vendor."""

    type: Literal["langsmith", "langsmith_run", "langfuse", "otel"]
    project: str | None = None
    run_id: str | None = None
    filter: dict[str, Any] = Field(default_factory=dict)
    """LangSmith project filter (upstream's): ``status`` error (default) | warning | all, ``date_range``
    last_24_hours | last_7_days | last_30_days, ``min_latency_ms``; and ``limit`` (default 20)."""
    auto_import: bool = False
    """Fetch the LangSmith project's runs each time the replays run (``replay run``, ``ci``)."""
    path: str | None = None

    @property
    def not_imported(self) -> str | None:
        """Why this entry is not imported when the replays run, or ``None`` (it is): a LangSmith project is
        fetched only with ``auto_import: true`` (upstream's switch); a run id or a file always is."""
        if self.type == "langsmith" and not self.path and not self.run_id and not self.auto_import:
            return (
                f"LangSmith project {self.project!r} has auto_import: false, so its runs are not fetched: set "
                f"auto_import: true, or import them once with `windtunnel replay import langsmith --project "
                f"{self.project} -o DIR`"
            )
        return None


class ReplaysConfig(StrictModel):
    """``replays:`` — recorded sessions (files or inline) and importer sources."""

    sessions: list[dict[str, Any]] = Field(default_factory=list)
    sources: list[ReplaySource] = Field(default_factory=list)


PHASES = ("mutation", "chaos", "contract", "replay")
SEED_MAX = 2**63 - 1
"""The largest run seed: what the run store (an SQLite integer) and the config fingerprint hold."""
SUPPORTED_VERSIONS = ("1", "1.0", "2", "2.0")
DEFAULT_WEIGHTS = {"mutation": 0.20, "chaos": 0.35, "contract": 0.35, "replay": 0.10}


class ScoringWeights(StrictModel):
    """Phase weights. When some are given, the phases left out weigh 0; none given: the defaults."""

    mutation: float = Field(DEFAULT_WEIGHTS["mutation"], ge=0, le=1)
    chaos: float = Field(DEFAULT_WEIGHTS["chaos"], ge=0, le=1)
    contract: float = Field(DEFAULT_WEIGHTS["contract"], ge=0, le=1)
    replay: float = Field(DEFAULT_WEIGHTS["replay"], ge=0, le=1)

    @model_validator(mode="before")
    @classmethod
    def _unspecified_weigh_zero(cls, data: object) -> object:
        """Give the phases a partial ``weights`` mapping leaves out a weight of 0 instead of their defaults.

        The defaults apply as a whole or not at all: mixing them into a partial set would make ``{mutation: 0.4,
        chaos: 0.6}`` sum to 1.45 and fail the sum check for a config that reads as correct.
        """
        if isinstance(data, dict) and data:
            return {**dict.fromkeys(PHASES, 0.0), **data}
        return data


class ScoringConfig(StrictModel):
    """``scoring:`` — phase weights, flat (``scoring.mutation``) or nested (``scoring.weights``)."""

    weights: ScoringWeights = Field(default_factory=ScoringWeights)

    @model_validator(mode="before")
    @classmethod
    def _flat_form(cls, data: object) -> object:
        """Accept the phase weights flat under ``scoring:`` (``scoring: {mutation: 0.5, chaos: 0.5}``), as the upstream
        format writes them, by moving them under ``weights``; both forms at once, or an unknown key, is an error that
        names the valid keys.
        """
        if isinstance(data, dict):
            valid = [*PHASES, "weights"]
            for key in data:
                if key not in valid:
                    raise ValueError(
                        f"unknown key {key!r}{did_you_mean(str(key), valid)}; valid keys here: {', '.join(valid)}"
                    )
            flat = {k: data[k] for k in PHASES if k in data}
            if flat:
                if "weights" in data:
                    raise ValueError(
                        "give the phase weights either flat under scoring: or under scoring.weights:, not both"
                    )
                rest = {k: v for k, v in data.items() if k not in PHASES}
                return {**rest, "weights": flat}
        return data

    @model_validator(mode="after")
    def _sum_to_one(self) -> ScoringConfig:
        """The phase weights must sum to 1.0 (within 1e-6); the error lists every weight, so the fix is visible."""
        w = self.weights.model_dump()
        total = sum(w.values())
        if abs(total - 1.0) > 1e-6:
            parts = ", ".join(f"{k}={v:g}" for k, v in w.items())
            raise ValueError(
                f"scoring weights must sum to 1.0, got {total:g} ({parts}); the phases you weight share 1.0 "
                "and unspecified phases weigh 0"
            )
        return self


class OutputConfig(StrictModel):
    """``output:``: the report format, directory and file name used when the command gives no ``--format`` or
    ``--output``.
    """

    format: Literal["json", "html", "terminal", "junit", "sarif", "markdown", "md"] = "terminal"
    path: str = "./reports"
    filename_template: str | None = None


class AdvancedConfig(StrictModel):
    """``advanced:``: how a run executes (concurrency, retries, seed, store, executor) rather than what it tests.
    ``store``, ``concurrency``, ``executor`` and ``ray`` do not change which cells a run has or how they are judged
    (:data:`~windtunnel.flows.common.FINGERPRINT_IGNORED`): a ``--resume`` may change them, not the others.
    """

    concurrency: int = Field(10, ge=1, le=10000)
    """Agent calls in flight at once (an anyio CapacityLimiter)."""
    retries: int | None = Field(None, ge=0, le=20)
    """Re-runs of an agent turn, with backoff, after a transport error, 429 or 5xx. Unset: 2 for cells
    without chaos, 0 under chaos and in contracts (a re-run repeats the turn's faults and side effects and
    can hide a failure); each re-run is recorded as its own attempt (see ``engine.runner``)."""
    seed: int | None = Field(None, ge=0, le=SEED_MAX)
    """Run seed, 0..2^63-1; every random choice derives from (seed, cell id). Chosen and recorded when absent."""
    isolation: Literal["auto", "serial", "concurrent"] = "auto"
    """``serial``: one cell at a time, so reset → invoke is never interleaved with another cell; ``auto``:
    serial when ``reset_function`` / ``reset_endpoint`` is configured (the agent has state), else concurrent."""
    store: str = ".windtunnel/runs.db"
    """SQLite run store path."""
    executor: Literal["local", "ray"] = "local"
    """Where cells run: ``local`` (this process, anyio) or ``ray`` (Ray actors; ``pip install 'windtunnel[ray]'``)."""
    ray: RayConfig = Field(default_factory=RayConfig)
    """Placement for ``executor: ray`` (see docs/scale.md)."""
    max_cost: float | None = Field(None, gt=0)
    """Run budget in US dollars (priced with ``prices:``): when reached, no new cell starts and the run fails."""


def _answer_list(value: object, where: str) -> list[str]:
    """``"High"`` / ``3`` / ``["High", "P1"]`` → non-empty strings; anything else is a config error."""
    values = value if isinstance(value, list) else [value]
    out: list[str] = []
    for v in values:
        if isinstance(v, bool):
            out.append("true" if v else "false")
        elif isinstance(v, (str, int, float)):
            if str(v).strip():
                out.append(str(v).strip())
        else:
            raise ValueError(f"{where} holds a {type(v).__name__} ({v!r}); use a string, a number or a list of them")
    return out


def _golden_item(p: object) -> object:
    """A ``golden_prompts`` item as the string that stands for it: ``{prompt, expected, label_set?}`` →
    the prompt, ``{turns: [...]}`` → the turns' label; a malformed one is a ``ValueError`` naming its key."""
    if not isinstance(p, dict):
        return p
    if "turns" in p:
        t = p["turns"]
        if not isinstance(t, list) or not t or not all(isinstance(x, str) and x.strip() for x in t):
            raise ValueError("turns must be a non-empty list of non-empty strings")
        return label(t)
    if "prompt" in p:
        if p.get("expected") is not None:
            _answer_list(p["expected"], "expected")
            _answer_list(p.get("label_set") or [], "label_set")
        return p["prompt"]
    return p


class Config(StrictModel):
    """A whole windtunnel (or upstream V2 flakestorm) configuration file.

    Each section is the model its domain package owns (the agent, mutations, invariants, chaos, contract, replays ...),
    so an unknown key is an error naming the closest valid one, and a plugin's type is a valid choice as soon as it is
    registered. Validation also composes what needs the whole file: golden prompts written as mappings fill
    ``golden_expected`` and ``golden_turns``, a top-level ``chaos_matrix`` becomes the contract's, prices reach
    ``max_cost`` and the judge settings reach every ``llm_judge``. What needs files or the environment is checked later,
    by preflight. A config read from a file remembers it (``_source``) and its line map, so every later message can say
    ``line N:``.
    """

    version: str = "2.0"
    agent: AgentConfig
    model: ModelConfig = Field(default_factory=ModelConfig)
    mutations: MutationsConfig = Field(default_factory=MutationsConfig)
    golden_prompts: list[Annotated[str, BeforeValidator(lambda p: _golden_item(p))]] = Field(default_factory=list)
    golden_expected: dict[str, dict[str, list[str]]] = Field(default_factory=dict)
    """Prompt → ``{"expected": [...], "label_set": [...]}`` for golden prompts written as
    ``{prompt, expected, label_set?}``; built from ``golden_prompts`` (``golden_prompts`` itself stays a
    list of strings). The leakage audit of stored runs reads it."""
    golden_turns: dict[str, list[str]] = Field(default_factory=dict)
    """Label → turns for golden prompts written as ``{turns: [...]}`` (conversations); the label (the
    turns joined by `` ⏎ ``) stands in ``golden_prompts``."""
    invariants: list[AnyInvariant] = Field(default_factory=list)
    judge: JudgeSettings | None = None
    """The model that grades ``llm_judge`` rubrics (any OpenAI-compatible endpoint); an invariant's own
    ``judge:`` keys replace these."""
    chaos: ChaosConfig | None = None
    contract: ContractConfig | None = None
    chaos_matrix: list[Scenario] | None = None
    """Top-level alias of ``contract.chaos_matrix``."""
    _source: Path | None = PrivateAttr(None)
    _lines: SourceMap | None = PrivateAttr(None)
    """The :class:`~windtunnel.config.load.SourceMap` of the file the config was read from."""
    replays: ReplaysConfig | None = None
    scoring: ScoringConfig = Field(default_factory=ScoringConfig)
    output: OutputConfig = Field(default_factory=OutputConfig)
    advanced: AdvancedConfig = Field(default_factory=AdvancedConfig)
    prices: dict[str, ModelPrice] = Field(default_factory=dict)
    """Model → US dollars per million input / output tokens (``"*"``: any other model), for ``max_cost``."""

    @model_validator(mode="after")
    def _price_budgets(self) -> Config:
        """Hand the top-level ``prices:`` table to every ``max_cost`` invariant (an ``advanced.max_cost`` without a
        price table is an error here, at load time, not after the run).
        """
        apply_prices(self)
        return self

    @model_validator(mode="after")
    def _bind_judges(self) -> Config:
        """Bind every ``llm_judge`` invariant to the top-level ``judge:`` settings and the store it caches verdicts in;
        a judge left without an endpoint or a model is an error at load time.
        """
        apply_judge(self)
        return self

    @field_validator("version", mode="before")
    @classmethod
    def _version_str(cls, v: object) -> object:
        """``version: 2`` or ``2.0`` written as a YAML number becomes a string, so the supported-version check compares
        text (``2.0`` and ``"2.0"`` are the same config).
        """
        return str(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v

    @field_validator("version")
    @classmethod
    def _supported_version(cls, v: str) -> str:
        """A ``version`` windtunnel reads (the upstream V1 and V2 formats), stripped; any other is an error listing
        them.
        """
        if v.strip() not in SUPPORTED_VERSIONS:
            raise ValueError(
                f"config version {v!r} is not supported; supported versions: {', '.join(SUPPORTED_VERSIONS)} "
                '(windtunnel reads the upstream V1 and V2 formats; write version: "2.0")'
            )
        return v.strip()

    @model_validator(mode="before")
    @classmethod
    def _golden_expected(cls, data: object) -> object:
        """Collect the ``expected`` / ``label_set`` of golden prompts written as mappings into ``golden_expected``, and
        their ``turns`` into ``golden_turns``, keyed by the prompt; the prompt list itself is left as it is.
        """
        # a malformed item is left for `golden_prompts`' own item validator, which reports it beside every other
        # field error (a raise here would hide them all)
        if not isinstance(data, dict) or not isinstance(data.get("golden_prompts"), list):
            return data
        table = dict(data.get("golden_expected") or {})
        turns = dict(data.get("golden_turns") or {})
        for p in data["golden_prompts"]:
            try:
                key = _golden_item(p)
            except ValueError:
                continue
            if isinstance(p, dict) and isinstance(p.get("prompt"), str) and p.get("expected") is not None:
                table[p["prompt"]] = {
                    "expected": _answer_list(p["expected"], "expected"),
                    "label_set": _answer_list(p.get("label_set") or [], "label_set"),
                }
            if isinstance(p, dict) and "turns" in p:
                turns[key] = list(p["turns"])
        if table:
            data = {**data, "golden_expected": table}
        return {**data, "golden_turns": turns} if turns else data

    @model_validator(mode="after")
    def _matrix_alias(self) -> Config:
        """A top-level ``chaos_matrix`` becomes ``contract.chaos_matrix`` (creating the contract block); given in both
        places with different scenarios, it is an error rather than a silent choice of one.
        """
        if self.chaos_matrix is not None:
            if self.contract is None:
                self.contract = ContractConfig(chaos_matrix=self.chaos_matrix)
            elif self.contract.chaos_matrix is None:
                self.contract.chaos_matrix = self.chaos_matrix
            elif self.contract.chaos_matrix != self.chaos_matrix:
                raise ValueError("chaos_matrix is given both at top level and under contract: keep one")
        return self

    def where(self, *paths: tuple[str | int, ...]) -> str:
        """``"line N: "`` for the first of ``paths`` (key paths such as ``("contract", "chaos_matrix")``)
        the file has, or ``""`` when the config was not read from a file."""
        smap = self._lines
        if smap is None:
            return ""
        for path in paths:
            if path in smap.lines:
                return f"line {smap.lines[path]}: "
        return ""

    def where_key(self, key: str) -> str:
        """:meth:`where` for a key written as in messages: ``agent.headers.X``, ``agent.command[1]``."""
        path: list[str | int] = []
        for part in key.split("."):
            m = re.fullmatch(r"(.*?)((?:\[\d+\])*)", part)
            name, idx = (m.group(1), m.group(2)) if m else (part, "")
            if name:
                path.append(name)
            path += [int(i) for i in re.findall(r"\d+", idx)]
        return self.where(tuple(path))

    @property
    def base_dir(self) -> Path:
        """Directory of the config file (relative paths in the config resolve against it)."""
        return self._source.parent if self._source else Path.cwd()

    @property
    def scenarios(self) -> list[Scenario]:
        """The contract's scenarios (``contract.chaos_matrix``), or an empty list when the config has no contract."""
        return list(self.contract.chaos_matrix or []) if self.contract else []
