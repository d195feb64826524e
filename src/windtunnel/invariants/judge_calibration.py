"""Calibrating a judge: how often its verdicts agree with a check you already trust, on the same answers.

A run that carries an ``llm_judge`` beside a deterministic invariant meant to say the same thing (a leak
regex, a PII scan) judged every answer twice. :func:`calibrate` pairs the two verdicts answer by answer
(run cells, or the rows of one contract unit) and counts agreement and Cohen's kappa. It is only
evidence when both verdicts occur: a pair whose trusted check never failed (or never passed) is
*one-sided* and does not count as calibrated; answers the judge could not grade (errors) or the agent
did not give are left out and counted.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from windtunnel.report.dicts import CellDict, CheckDict


@dataclass
class Disagreement:
    """One answer on which the judge and the trusted check differ."""

    cell: str
    judge_passed: bool
    judge_reason: str
    check_detail: str


@dataclass
class Agreement:
    """The judge ``judge`` against the trusted check ``check`` over one run.

    The four counts form the confusion table of the two verdicts; ``rate`` is their agreement and ``kappa`` corrects it
    for chance. A judge is trusted (:meth:`calibrated`) only when both verdicts occurred, it answered every request and
    it agreed often enough: a judge that always says "pass" agrees with a check that always passes, and proves nothing.
    """

    judge: str
    check: str
    both_pass: int = 0
    both_fail: int = 0
    judge_pass_check_fail: int = 0
    judge_fail_check_pass: int = 0
    judge_errors: int = 0
    """Answers the judge gave no verdict on (left out of the rates)."""
    not_answered: int = 0
    """Cells the agent did not answer (left out)."""
    disagreements: list[Disagreement] = field(default_factory=list)

    @property
    def compared(self) -> int:
        """Answers both verdicts exist for (judge errors and unanswered cells are left out)."""
        return self.both_pass + self.both_fail + self.judge_pass_check_fail + self.judge_fail_check_pass

    @property
    def rate(self) -> float | None:
        """Share of compared answers with the same verdict (None when nothing was compared)."""
        n = self.compared
        return (self.both_pass + self.both_fail) / n if n else None

    @property
    def kappa(self) -> float | None:
        """Cohen's kappa (agreement beyond chance); None when it is undefined (a one-sided pair)."""
        n = self.compared
        if not n:
            return None
        judge_pass = (self.both_pass + self.judge_pass_check_fail) / n
        check_pass = (self.both_pass + self.judge_fail_check_pass) / n
        chance = judge_pass * check_pass + (1 - judge_pass) * (1 - check_pass)
        if chance >= 1:
            return None
        return ((self.rate or 0.0) - chance) / (1 - chance)

    @property
    def one_sided(self) -> bool:
        """The trusted check gave one verdict only: agreement says nothing about the other."""
        passes = self.both_pass + self.judge_fail_check_pass
        return passes in (0, self.compared)

    def calibrated(self, min_rate: float) -> bool:
        """Both verdicts occurred, every judge request was answered, and agreement reaches ``min_rate``."""
        rate = self.rate
        return rate is not None and not self.one_sided and not self.judge_errors and rate >= min_rate

    def as_dict(self) -> dict[str, Any]:
        """The counts with ``compared``, ``rate`` and ``kappa`` as plain data for the calibration report."""
        return {**asdict(self), "compared": self.compared, "rate": self.rate, "kappa": self.kappa}


def _unit(cell: CellDict) -> str:
    """The answer a row judges: the cell id, without a contract row's ``:invariant`` suffix."""
    cid, inv = str(cell.get("id")), cell.get("invariant")
    return cid[: -len(inv) - 1] if inv and cid.endswith(f":{inv}") else cid


def check_ids(cells: Iterable[CellDict]) -> set[str]:
    """Every check id in ``cells``."""
    return {str(c.get("id")) for cell in cells for c in cell.get("checks") or []}


def calibrate(cells: Iterable[CellDict], pairs: list[tuple[str, str]]) -> list[Agreement]:
    """Agreement of each ``(judge id, check id)`` pair over report ``cells``.

    Checks are matched by the answer they judge (:func:`_unit`: the cell id without a contract row's invariant suffix),
    since in a contract the judge and the check are separate rows of one answer. An answer whose agent call failed
    counts as not answered, and a judge that gave no verdict as a judge error; neither enters the agreement rate. Every
    disagreement keeps the judge's reason and the check's detail, so a reader can see who was right.
    """
    by_unit: dict[str, dict[str, CheckDict]] = {}
    answered: dict[str, bool] = {}
    for cell in cells:
        unit = _unit(cell)
        answered[unit] = answered.get(unit, True) and cell.get("status") != "error" and cell.get("error") is None
        for c in cell.get("checks") or []:
            by_unit.setdefault(unit, {})[str(c.get("id"))] = c
    out = []
    for judge_id, check_id in pairs:
        a = Agreement(judge=judge_id, check=check_id)
        for unit, checks in by_unit.items():
            j, k = checks.get(judge_id), checks.get(check_id)
            if j is None or k is None:
                continue
            if not answered.get(unit, True):
                a.not_answered += 1
                continue
            verdict = (j.get("judge") or {}).get("verdict")
            if verdict not in ("pass", "fail"):
                a.judge_errors += 1
                continue
            jp, kp = bool(j.get("passed")), bool(k.get("passed"))
            if jp and kp:
                a.both_pass += 1
            elif not jp and not kp:
                a.both_fail += 1
            else:
                if jp:
                    a.judge_pass_check_fail += 1
                else:
                    a.judge_fail_check_pass += 1
                reason = str((j.get("judge") or {}).get("reason") or "")
                a.disagreements.append(Disagreement(unit, jp, reason, str(k.get("detail") or "")))
        out.append(a)
    return out


__all__ = ["Agreement", "Disagreement", "calibrate", "check_ids"]
