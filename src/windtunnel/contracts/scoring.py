"""The contract verdict: severity-weighted resilience score, automatic FAIL on critical, flakiness.

A matrix cell (scenario × invariant) is judged on every response of its units: all golden prompts
(or all probes) and every repeat. Per cell:

* ``n/a``  — ``when`` does not hold in the scenario: shown, never counted;
* ``pass`` — every check passed;
* ``fail`` — some prompt or probe failed on every repeat;
* ``error`` — as ``fail``, but no check failed: every failing response is an agent call that errored (a transport
  error, a timeout, a bad response), so the invariant was never checked. It scores and fails the contract as ``fail``
  does (an agent that crashes under a fault did not survive it), and says so: ``errored (transport)``, never
  "the invariant failed";
* ``flaky`` — not every check passed, and every failing prompt or probe also passed on some repeat;
* ``not run`` — interrupted before any of its units completed, or none ran because ``advanced.max_cost``
  was reached (units skipped by the budget count neither as passed nor as failed; the contract fails);
* ``not exercised`` — its scenario configures faults and none of them fired in any of the scenario's
  units (a wrong ``tool:`` name, a decorator that kept the original function, a sync client given for
  an async agent): the cell judged the agent without the chaos it claims, so it is shown and counted
  but never scored, and the contract does not pass.

Score (seed 003): ``100 × Σ weight × passed / Σ weight`` over the applicable cells that ran, with
weights critical 3, high 2, medium 1, low 1. A flaky cell is not a passed cell. The contract passes
when no critical cell failed or was flaky, every applicable cell ran, every scenario with faults was
exercised (one of its faults fired), and either every cell passed or,
with ``min_score``, the score reaches it. No scorable cell → score ``None`` and FAIL, never 100.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from windtunnel._util.stats import mean_pass_hat_k, wilson_interval
from windtunnel.chaos.base import unfired_advice
from windtunnel.contracts.matrix import ContractPlan, MatrixCell
from windtunnel.engine.cells import CellResult

CONTRACT_NAMES_ADVICE = (
    "check the tool names, match_url patterns and agent.tools / agent.llm against the calls the agent makes"
)
"""What a scenario not exercised is told to check when no ``never fired`` warning blames a window or a mode."""

SEVERITY_WEIGHTS: dict[str, int] = {"critical": 3, "high": 2, "medium": 1, "low": 1}
CellStatus = Literal["pass", "fail", "error", "flaky", "n/a", "not run", "not exercised"]
UNSCORED: frozenset[str] = frozenset({"n/a", "not run", "not exercised"})
"""Cell statuses left out of the score."""


def task_key(cell_id: str) -> str:
    """The unit id without its repeat suffix: the prompt or probe whose repeats are compared.

    Ids without a numeric ``.rN`` suffix are their own task, so a unit planned without repeats still groups."""
    head, sep, tail = cell_id.rpartition(".r")
    return head if sep and tail.isdigit() else cell_id


def check_passed(result: CellResult, label: str) -> bool:
    """Whether ``label``'s check passed on this unit (an errored call never passes).

    A unit without a check of that label (the invariant was not evaluated) does not pass either: a missing check
    must not count as a success."""
    if result.status == "error":
        return False
    checks = [c for c in result.checks if c.id == label]
    return bool(checks) and all(c.passed for c in checks)


@dataclass
class CellStats:
    """Outcome of one matrix cell: its status and the counts behind it.

    ``checks`` / ``passed`` / ``errored`` count unit responses; ``failing_tasks`` are prompts or probes that
    failed on every repeat and ``flaky_tasks`` those that passed on some and failed on others. ``pass_rate`` comes
    with its Wilson 95 % interval, so a reader sees how little 3 of 3 proves."""

    scenario: str
    invariant: str
    severity: str
    status: CellStatus
    checks: int = 0
    passed: int = 0
    errored: int = 0
    flaky_tasks: int = 0
    failing_tasks: int = 0
    pass_rate: float | None = None
    wilson: tuple[float, float] | None = None
    pass_k: float | None = None
    """pass^k with k = the number of repeats, averaged over the cell's prompts or probes."""
    reason: str | None = None
    """Why a ``not run`` cell did not run."""
    error_kinds: tuple[str, ...] = ()
    """The kinds of the agent-call errors among the cell's responses (``transport``, ``timeout`` ...), sorted."""

    @property
    def word(self) -> str:
        """The status as every page words it: ``errored (transport)`` for ``error``, else the status itself."""
        if self.status == "error":
            return f"errored ({', '.join(self.error_kinds) or 'error'})"
        return self.status

    @property
    def weight(self) -> int:
        """The cell's weight in the score, from its severity (:data:`SEVERITY_WEIGHTS`)."""
        return SEVERITY_WEIGHTS[self.severity]

    def as_dict(self) -> dict[str, Any]:
        """The cell as the JSON report writes it: rates rounded to 4 places, optional figures only when known."""
        out: dict[str, Any] = {
            "scenario": self.scenario,
            "invariant": self.invariant,
            "severity": self.severity,
            "status": self.status,
            "checks": self.checks,
            "passed": self.passed,
            "errored": self.errored,
        }
        if self.pass_rate is not None:
            out["pass_rate"] = round(self.pass_rate, 4)
        if self.wilson is not None:
            out["wilson_95"] = [round(self.wilson[0], 4), round(self.wilson[1], 4)]
        if self.pass_k is not None:
            out["pass_k"] = round(self.pass_k, 4)
        if self.reason:
            out["reason"] = self.reason
        if self.error_kinds:
            out["error_kinds"] = list(self.error_kinds)
        return out


def unexercised_scenarios(plan: ContractPlan, results: Iterable[CellResult]) -> dict[str, int]:
    """Scenario → units run, for each scenario that configures faults of which none fired in any unit.

    Units cut short by the agent process dying (``agent_exited``) do not count as run.
    """
    ran: dict[str, int] = {}
    fired: set[str] = set()
    for r in results:
        name = r.cell.scenario
        if name is None or r.error_kind == "agent_exited" or r.status == "skipped":
            continue
        ran[name] = ran.get(name, 0) + 1
        if r.faults:
            fired.add(name)
    return {
        name: ran[name]
        for name in plan.scenarios
        if name in ran and name not in fired and name in plan.specs and plan.specs[name].active
    }


def cell_stats(mc: MatrixCell, results: dict[str, CellResult]) -> CellStats:
    """Judge one matrix cell on the results of its units (see the module docstring for the statuses).

    Units skipped by the budget or not run at all count neither way; when none of the cell's units ran the cell is
    ``not run``, with the first skip reason. Outcomes are grouped per prompt or probe (the unit id without its
    repeat), which is what separates ``fail`` (some prompt failed every time) from ``flaky``. pass^k uses the
    smallest repeat count among them."""
    if not mc.applicable:
        return CellStats(mc.scenario, mc.invariant, mc.severity, "n/a")
    tasks: dict[str, list[bool]] = {}
    errored = 0
    kinds: set[str] = set()
    checked_fail = False  # a check ran and failed (not only errored calls)
    why: str | None = None
    for uid in mc.units:
        r = results.get(uid)
        if r is None or r.status == "skipped":  # not run (advanced.max_cost): neither passed nor failed
            if r is not None and r.error and why is None:
                why = r.error.removeprefix("not run: ")
            continue
        errored += r.status == "error"
        ok = check_passed(r, mc.invariant)
        if r.status == "error":
            kinds.add(r.error_kind or "error")
        elif not ok:
            checked_fail = True
        tasks.setdefault(task_key(uid), []).append(ok)
    outcomes = [ok for t in tasks.values() for ok in t]
    if not outcomes:
        return CellStats(mc.scenario, mc.invariant, mc.severity, "not run", reason=why or None)
    n, p = len(outcomes), sum(outcomes)
    failing = sum(1 for t in tasks.values() if not any(t))
    flaky = sum(1 for t in tasks.values() if any(t) and not all(t))
    status: CellStatus = "pass" if p == n else ("fail" if checked_fail else "error") if failing else "flaky"
    k = min(len(t) for t in tasks.values())
    return CellStats(
        mc.scenario,
        mc.invariant,
        mc.severity,
        status,
        checks=n,
        passed=p,
        errored=errored,
        flaky_tasks=flaky,
        failing_tasks=failing,
        pass_rate=p / n,
        wilson=wilson_interval(p, n),
        pass_k=mean_pass_hat_k(((sum(t), len(t)) for t in tasks.values()), k) if k >= 1 else None,
        error_kinds=tuple(sorted(kinds)),
    )


FAILING: frozenset[str] = frozenset({"fail", "error", "flaky"})
"""Cell statuses that fail the contract when critical (and without ``--min-score``, whatever the severity)."""


def critical_reason(s: CellStats) -> str:
    """Why a critical cell fails the contract, in words that say what happened: the invariant ``failed``, ``is
    flaky``, or — when the agent call errored and nothing was checked — ``errored (transport)``."""
    where = f"critical invariant {s.invariant!r}"
    if s.status == "error":
        return f"{where} {s.word} in scenario {s.scenario!r}: the agent call failed, so the invariant was never checked"
    verb = "failed" if s.status == "fail" else f"is {s.status}"
    return f"{where} {verb} in scenario {s.scenario!r}"


def _cells(n: int) -> str:
    """``1 matrix cell`` / ``n matrix cells``: the unit every message counts cells in."""
    return f"{n} matrix cell{'' if n == 1 else 's'}"


def not_run_line(cells: Iterable[CellStats]) -> str:
    """``3 matrix cells not run: scenario 'api-outage'`` (empty when every applicable cell ran): the one word
    and unit every page uses for cells that did not run (not "N/A": that is an invariant that does not apply)."""
    by_scenario: dict[str, int] = {}
    for s in cells:
        if s.status == "not run":
            by_scenario[s.scenario] = by_scenario.get(s.scenario, 0) + 1
    if not by_scenario:
        return ""
    names = ", ".join(f"scenario {name!r}" for name in by_scenario)
    return f"{_cells(sum(by_scenario.values()))} not run: {names}"


def weighted_score(stats: Iterable[CellStats]) -> float | None:
    """Seed-003 score over the counted cells (applicable and run); ``None`` when there is none.

    ``100 × Σ weight × passed / Σ weight``: only ``pass`` counts in the numerator, so a flaky cell costs its full
    weight. ``None`` instead of 100 % keeps an empty matrix from passing."""
    num = den = 0
    for s in stats:
        if s.status in UNSCORED:
            continue
        den += s.weight
        num += s.weight * (s.status == "pass")
    return 100.0 * num / den if den else None


def _aggregate(stats: list[CellStats]) -> dict[str, Any]:
    """Score and status counts over a group of cells (a scenario's row, an invariant's column)."""
    score = weighted_score(stats)
    return {
        "score": None if score is None else round(score, 2),
        "pass": sum(s.status == "pass" for s in stats),
        "fail": sum(s.status == "fail" for s in stats),
        "error": sum(s.status == "error" for s in stats),
        "flaky": sum(s.status == "flaky" for s in stats),
        "na": sum(s.status == "n/a" for s in stats),
        "not_run": sum(s.status == "not run" for s in stats),
        "not_exercised": sum(s.status == "not exercised" for s in stats),
    }


@dataclass
class ContractVerdict:
    """The scored contract: the score (``None`` when no cell could be scored), pass or fail, whether a critical cell
    failed, every cell's stats, the reasons it failed, and the per-scenario and per-invariant aggregates the
    report's matrix shows."""

    score: float | None
    passed: bool
    critical_failed: bool
    cells: list[CellStats]
    reasons: list[str] = field(default_factory=list)
    """Why the contract failed (empty when it passed)."""
    not_exercised: dict[str, int] = field(default_factory=dict)
    """Scenarios whose faults never fired → their units that ran (see :func:`unexercised_scenarios`)."""
    by_scenario: dict[str, dict[str, Any]] = field(default_factory=dict)
    by_invariant: dict[str, dict[str, Any]] = field(default_factory=dict)
    why: str | None = None
    """The cause that leads the verdict's headline, short (``None`` when it passed): scenarios that were
    not exercised or not run come first, because a score over the rest reads as a pass."""
    failed_on_score_only: bool = False
    """The one reason it failed is a score below ``--min-score`` (what ``ci``'s overall score may stand in for)."""

    def stats(self, scenario: str, invariant: str) -> CellStats:
        """The stats of the ``(scenario, invariant label)`` cell; ``KeyError`` when the matrix has none."""
        for s in self.cells:
            if s.scenario == scenario and s.invariant == invariant:
                return s
        raise KeyError((scenario, invariant))


def score_contract(
    plan: ContractPlan,
    results: Iterable[CellResult],
    *,
    min_score: float | None = None,
    warnings: Sequence[str] = (),
) -> ContractVerdict:
    """Score the results of ``plan``'s units (see the module docstring for the rules).

    Every reason the contract fails is collected, not only the first: a critical cell that failed or was flaky,
    cells not run (interrupted, budget, faults windtunnel cannot reach), scenarios whose faults never fired, and
    other failures without ``min_score`` or a score below it. The verdict passes only when that list is empty.

    ``warnings``: the run's warnings; a scenario not exercised is told what to check from its faults' ``never
    fired`` warnings among them (:func:`~windtunnel.chaos.base.unfired_advice`: the windows or modes they blame),
    as ``run --chaos`` is."""
    by_id = {r.cell.id: r for r in results}
    idle = unexercised_scenarios(plan, by_id.values())
    stats = [cell_stats(mc, by_id) for mc in plan.matrix]
    for s in stats:
        if s.scenario in idle and s.status in ("pass", "fail", "error", "flaky"):
            s.status = "not exercised"
    score = weighted_score(stats)
    bad_critical = [s for s in stats if s.severity == "critical" and s.status in FAILING]
    reasons: list[str] = []
    gate_only = False
    if score is None:
        reasons.append("no matrix cell could be scored")
    for s in bad_critical:
        reasons.append(critical_reason(s))
    unreached: dict[str, str] = {}  # scenario → why windtunnel cannot reach its faults (contracts/run.py)
    for r in by_id.values():
        if r.error_kind == "unreachable" and r.cell.scenario is not None:
            unreached.setdefault(r.cell.scenario, r.error or "")
    for s in stats:
        if s.status == "not run":
            s.reason = unreached.get(s.scenario) or s.reason
    not_run = [s for s in stats if s.status == "not run" and s.scenario not in unreached]
    if not_run:
        reasons.append(f"{_cells(len(not_run))} not run")
    cut = [r for r in by_id.values() if r.error_kind == "budget"]
    if cut:
        why = (cut[0].error or "").removeprefix("not run: ")
        reasons.append(f"{len(cut)} unit(s) were not run: {why}")
    for name, why in unreached.items():
        n = sum(s.scenario == name and s.status == "not run" for s in stats)
        reasons.append(f"{why} ({_cells(n)})")
    for name, units in idle.items():
        cells = sum(s.scenario == name and s.status == "not exercised" for s in stats)
        unfired = [w for w in warnings if f", scenario {name!r}) never fired" in w]
        advice = unfired_advice(unfired, names=CONTRACT_NAMES_ADVICE)
        reasons.append(
            f"scenario {name!r} was not exercised: none of its faults fired in its {units} unit(s), so its "
            f"{cells} cell(s) are out of the score ({advice})"
        )
    if score is not None and not bad_critical:
        if min_score is None:
            others = [s for s in stats if s.status in FAILING]
            if others:
                reasons.append(
                    f"{len(others)} cell(s) failed, errored or are flaky (pass --min-score to accept a score)"
                )
        elif score < min_score:
            reasons.append(f"score {score:.1f} is below --min-score {min_score:g}")
            gate_only = len(reasons) == 1
    verdict = ContractVerdict(
        score=score,
        passed=not reasons,
        critical_failed=bool(bad_critical),
        cells=stats,
        reasons=reasons,
        not_exercised=idle,
        why=_lead(plan, stats, reasons),
        failed_on_score_only=gate_only,
    )
    for name in plan.scenarios:
        verdict.by_scenario[name] = _aggregate([s for s in stats if s.scenario == name])
    for inv in plan.invariants:
        agg = _aggregate([s for s in stats if s.invariant == inv.label])
        verdict.by_invariant[inv.label] = {"severity": inv.severity, "when": inv.when, **agg}
    return verdict


def _lead(plan: ContractPlan, stats: list[CellStats], reasons: list[str]) -> str | None:
    """:attr:`ContractVerdict.why`: the scenarios none of whose applicable cells was judged (not exercised or not
    run) and which the score therefore leaves out, else the first reason.

    A score computed over the other scenarios can look healthy; leading with what it does not cover keeps a reader
    from taking it for a pass."""
    if not reasons:
        return None
    applicable = {name: [s for s in stats if s.scenario == name and s.status != "n/a"] for name in plan.scenarios}
    unjudged = [n for n, cells in applicable.items() if cells and all(s.status in UNSCORED for s in cells)]
    if not unjudged:
        return reasons[0]
    judged = [n for n, cells in applicable.items() if cells and n not in unjudged]
    states = sorted({s.status for n in unjudged for s in applicable[n]})
    what = " or ".join(states)
    head = f"{len(unjudged)} of {len(plan.scenarios)} scenarios {what} ({', '.join(unjudged)})"
    if not judged:
        return f"{head}: no scenario was judged"
    return f"{head}: the score covers only {', '.join(judged)}"


__all__ = [
    "SEVERITY_WEIGHTS",
    "CellStats",
    "ContractVerdict",
    "cell_stats",
    "check_passed",
    "critical_reason",
    "not_run_line",
    "score_contract",
    "task_key",
    "unexercised_scenarios",
    "weighted_score",
]
