"""Planning a contract: scenarios × invariants, ``when``, and the agent invocations that judge them.

The matrix has one *matrix cell* per (scenario, invariant). ``when`` decides, from the scenario's own
chaos (never the global ``chaos:`` block), whether that cell exists; where it does not, the cell is
N/A: shown, never counted.

The agent is invoked in *units*, not once per matrix cell:

* one unit per (scenario, golden prompt, repeat), judged by every invariant without probes that
  applies in that scenario (they all look at the same response) — or, with ``contract.isolation:
  per_cell``, one unit per (scenario, invariant, golden prompt, repeat): every matrix cell its own
  independent invocation;
* one unit per (scenario, probe, repeat) for each invariant with probes (``probes:``, and
  ``system_prompt_leak_probe`` with its default probes), judged by that invariant only.

A scenario in which no golden-prompt invariant applies gets no golden-prompt units at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from windtunnel._util.errors import ConfigError
from windtunnel.chaos.spec import ChaosSpec
from windtunnel.config.advice import config_warnings
from windtunnel.config.model import Config
from windtunnel.contracts.scope import applies, probes_of, scenario_specs
from windtunnel.contracts.validate import raise_problems
from windtunnel.engine.cells import Cell
from windtunnel.invariants.base import InvariantSpec
from windtunnel.invariants.labels import labelled, needs_auto_baseline


@dataclass(frozen=True)
class MatrixCell:
    """One (scenario, invariant) cell of the matrix.

    ``applicable`` is false where the invariant's ``when`` does not hold in the scenario (or the contract leaves
    the pair out): the cell is shown as N/A and counts for nothing, neither pass nor fail. ``severity`` weighs the
    cell in the score."""

    scenario: str
    invariant: str
    severity: str
    applicable: bool
    units: tuple[str, ...] = ()
    """Ids of the invocation units whose responses judge this cell."""


@dataclass
class ContractPlan:
    """Everything a contract run will do, computed without calling the agent.

    The plan is what ``contract run --dry-run`` prints, what the run executes (its ``units`` are ordinary engine
    cells) and what scoring reads back: keeping it plain data is what lets a run be sharded, resumed and
    reproduced one unit at a time."""

    name: str
    scenarios: list[str]
    invariants: list[InvariantSpec]
    specs: dict[str, ChaosSpec]
    matrix: list[MatrixCell]
    units: list[Cell]
    repeat: int = 1
    baseline_calls: int = 0
    """Chaos-free calls for ``behavior_unchanged: baseline: auto`` (one per golden prompt)."""
    notices: list[str] = field(default_factory=list)

    @property
    def agent_calls(self) -> int:
        """Planned agent invocations: the units plus the baselines (state detection is counted apart).

        With the state detector's calls (:attr:`~windtunnel.contracts.run.ContractRun.planned_calls`) it is the
        report's ``agent_calls_planned``, known before any call is made."""
        return len(self.units) + self.baseline_calls

    @property
    def applicable_cells(self) -> list[MatrixCell]:
        """The matrix cells that count (N/A cells left out): the denominator of the score."""
        return [c for c in self.matrix if c.applicable]

    def cell(self, scenario: str, invariant: str) -> MatrixCell:
        """The matrix cell of ``(scenario, invariant label)``; ``KeyError`` when the plan has none."""
        for c in self.matrix:
            if c.scenario == scenario and c.invariant == invariant:
                return c
        raise KeyError((scenario, invariant))

    def only(self, unit_ids: set[str]) -> ContractPlan:
        """The plan restricted to these units (``--cell``), keeping only the matrix cells they judge.

        Unknown unit ids are a config error, since they usually come from a reproduce command of another config or
        another ``--repeat``; scenarios with no unit left drop out of the plan."""
        missing = unit_ids - {u.id for u in self.units}
        if missing:
            raise ConfigError(
                f"no contract unit with id {', '.join(sorted(missing))} in this plan",
                hint="unit ids depend on the config and --repeat; copy the reproduce command from the report",
            )
        matrix = []
        for mc in self.matrix:
            kept = tuple(u for u in mc.units if u in unit_ids)
            if kept:
                matrix.append(MatrixCell(mc.scenario, mc.invariant, mc.severity, mc.applicable, kept))
        units = [u for u in self.units if u.id in unit_ids]
        scen = [s for s in self.scenarios if any(mc.scenario == s for mc in matrix)]
        return ContractPlan(
            name=self.name,
            scenarios=scen,
            invariants=self.invariants,
            specs=self.specs,
            matrix=matrix,
            units=units,
            repeat=self.repeat,
            baseline_calls=self.baseline_calls,
            notices=list(self.notices),
        )

    @property
    def by_label(self) -> dict[str, InvariantSpec]:
        """The contract's invariants by their label (the id, or the generated name when there is none)."""
        return {inv.label: inv for inv in self.invariants}


def plan_contract(cfg: Config, *, repeat: int = 1) -> ContractPlan:
    """The contract plan of ``cfg``. Raises ConfigError listing every problem (see ``check_contract``).

    Unit ids are stable for a given config and ``repeat`` (``scenario/g0.r0``, ``scenario/label.p1.r0`` ...), so a
    failing unit's reproduce command (``--cell``) selects the same unit on a rerun. ``baseline_calls`` counts the
    chaos-free golden-prompt calls an auto baseline needs; the plan's notices are the config's warnings."""
    raise_problems(cfg)
    assert cfg.contract is not None
    invariants = labelled(cfg.contract.invariants)
    scenarios = cfg.scenarios
    specs = scenario_specs(scenarios)
    prompts = list(cfg.golden_prompts)
    probe_sets = {inv.label: probes_of(inv) for inv in invariants}
    per_cell = cfg.contract.isolation == "per_cell"

    units: list[Cell] = []
    matrix: list[MatrixCell] = []
    for scen in scenarios:
        spec = specs[scen.name]
        live = {
            inv.label for inv in invariants if applies(inv.when, spec) and cfg.contract.checked_in(inv.label, scen.name)
        }
        golden_labels = [inv.label for inv in invariants if inv.label in live and probe_sets[inv.label] is None]
        golden_ids: dict[str, list[str]] = {label: [] for label in golden_labels}
        # per_unit: one call judged by every golden label; per_cell: one call per label (its own invocation)
        groups = [[label] for label in golden_labels] if per_cell else [golden_labels] if golden_labels else []
        for group in groups:
            for gi, prompt in enumerate(prompts):
                for r in range(repeat):
                    cell = Cell(
                        id=f"{scen.name}/{group[0]}.g{gi}.r{r}" if per_cell else f"{scen.name}/g{gi}.r{r}",
                        kind="contract",
                        input=prompt,
                        golden_prompt=prompt,
                        golden_index=gi,
                        scenario=scen.name,
                        repeat=r,
                        invariants=list(group),
                    )
                    units.append(cell)
                    for label in group:
                        golden_ids[label].append(cell.id)
        for inv in invariants:
            ok = inv.label in live
            probes = probe_sets[inv.label]
            ids: list[str] = []
            if ok and probes is not None:
                for pi, probe in enumerate(probes):
                    for r in range(repeat):
                        cell = Cell(
                            id=f"{scen.name}/{inv.label}.p{pi}.r{r}",
                            kind="contract",
                            input=probe,
                            scenario=scen.name,
                            repeat=r,
                            invariants=[inv.label],
                        )
                        units.append(cell)
                        ids.append(cell.id)
            elif ok:
                ids = golden_ids[inv.label]
            matrix.append(MatrixCell(scen.name, inv.label, inv.severity, ok, tuple(ids)))
    baseline_calls = len(prompts) if needs_auto_baseline(invariants) else 0
    return ContractPlan(
        name=cfg.contract.name,
        scenarios=[s.name for s in scenarios],
        invariants=invariants,
        specs=specs,
        matrix=matrix,
        units=units,
        repeat=repeat,
        baseline_calls=baseline_calls,
        notices=config_warnings(cfg),
    )


__all__ = ["ContractPlan", "MatrixCell", "applies", "plan_contract", "probes_of", "scenario_specs"]
