"""The four ``ci`` phases and the overall score: Σ weight × phase score over the phases that ran.

Each phase (mutation robustness, chaos, contract, replay) runs only when the config gives it something to do; one
that does not is reported with the precise reason and its weight is shared among the phases that ran, so the
overall score never counts a phase that did not run as a pass or a fail."""

from __future__ import annotations

from dataclasses import dataclass, field

from windtunnel.config.model import PHASES, Config
from windtunnel.report.dicts import CellDict

PHASE_MODES = {"mutation": "run", "chaos": "chaos", "contract": "contract", "replay": "replay"}


def configured_phases(cfg: Config, *, chaos_profile: str | None = None) -> dict[str, str | None]:
    """Phase → ``None`` when it will run, else the precise reason it is not run.

    The reasons are for the report and the terminal ("no golden_prompts to mutate", "no `chaos:` faults and no
    --chaos-profile" ...), so a user sees why a phase is missing rather than a score that silently ignores it. A
    ``contract:`` block always means the contract phase runs: one that cannot is a config error in preflight."""
    golden = bool(cfg.golden_prompts)
    faults = (cfg.chaos is not None and cfg.chaos.active) or bool(chaos_profile)
    contract = cfg.contract
    replays = cfg.replays
    out: dict[str, str | None] = {}
    if not golden:
        out["mutation"] = "no golden_prompts to mutate"
    elif not cfg.mutations.types:
        out["mutation"] = "mutations.types is empty"
    else:
        out["mutation"] = None
    if not faults:
        out["chaos"] = "no `chaos:` faults and no --chaos-profile"
    elif not golden:
        out["chaos"] = "no golden_prompts to send under the `chaos:` faults"
    else:
        out["chaos"] = None
    # a `contract:` block is a phase to run: one that cannot run (no invariants, an empty matrix) is a
    # config error of ci's preflight (exit 2), as for `validate` and `contract run`, never a silent "not run"
    out["contract"] = "no `contract:` block" if contract is None else None
    if replays is None or not (replays.sessions or replays.sources):
        out["replay"] = "no `replays.sessions`"
    elif replays.sessions or any(s.not_imported is None for s in replays.sources):
        out["replay"] = None
    else:
        out["replay"] = "; ".join(str(s.not_imported) for s in replays.sources)
    return out


@dataclass
class PhaseResult:
    """One ``ci`` phase's outcome: its score and pass/fail, the exit code its own command would have given, whether a
    critical check failed, where its reports were written, its cells for the combined report, and when it did not
    run, why (``blocking`` when that keeps ci from passing)."""

    name: str
    score: float | None = None
    passed: bool = False
    exit_code: int | None = None
    critical_failed: bool = False
    failed_on_score_only: bool = False
    """It failed only because its score is below ``--min-score``: the one failure ci's overall score may outweigh."""
    reasons: list[str] = field(default_factory=list)
    """Why it failed, as its own command says (its summary's ``reasons``)."""
    report_path: str | None = None
    html_path: str | None = None
    not_run: str | None = None
    """Why the phase did not run (None when it ran)."""
    blocking: bool = False
    """A configured phase that could not run (its faults cannot reach the agent): ci does not pass."""
    cells: list[CellDict] = field(default_factory=list)


def renormalised_weights(cfg: Config, ran: list[str]) -> dict[str, float]:
    """The configured weights of the phases that ran, scaled to sum to 1 (all zero → equal shares).

    A phase that did not run gives its weight to the others instead of counting as zero, which would punish a
    config for not having, say, replays."""
    w = cfg.scoring.weights.model_dump()
    total = sum(w[p] for p in ran)
    if not ran:
        return {}
    if total <= 0:
        return {p: 1.0 / len(ran) for p in ran}
    return {p: w[p] / total for p in ran}


def overall(phases: list[PhaseResult], weights: dict[str, float]) -> float | None:
    """Σ weight × score over phases that ran and have a score; None when none has one.

    Capped at 100 (float sums can overshoot by an ulp); ``None`` rather than 0 or 100 when nothing was scored, so
    an empty ``ci`` run neither fails nor passes on its score."""
    scored = [p for p in phases if p.not_run is None and p.score is not None]
    if not scored:
        return None
    total_w = sum(weights[p.name] for p in scored)
    if total_w <= 0:
        return None
    return min(100.0, sum(weights[p.name] * float(p.score or 0.0) for p in scored) / total_w)


__all__ = ["PHASES", "PHASE_MODES", "PhaseResult", "configured_phases", "overall", "renormalised_weights"]
