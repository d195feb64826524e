"""The cause a verdict's headline leads with, one function for every renderer.

A run or contract that did not pass says why before its score: a score of 100 over the scenarios that
ran reads as a pass when the others were never exercised, so the terminal, markdown, HTML, JUnit and
the viewer all put this line first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence


def lead_reason(summary: Mapping[str, object]) -> str | None:
    """``summary["why"]`` (a contract names the scenarios its score leaves out), else the first reason of a
    run that did not pass; ``None`` when it passed."""
    if summary.get("passed"):
        return None
    why = summary.get("why")
    if isinstance(why, str) and why:
        return why
    reasons = summary.get("reasons")
    if isinstance(reasons, list) and reasons and isinstance(reasons[0], str):
        return reasons[0]
    return None


def cells_ran(summary: Mapping[str, object]) -> object:
    """The cells a summary table counts: the scored ones (``cells_total``) and those of chaos scenarios none of whose
    faults fired (``cells_not_exercised``: they ran, but are out of the score), so "cells" agrees with what ran and
    with the columns beside it."""
    total, unexercised = summary.get("cells_total"), summary.get("cells_not_exercised")
    if isinstance(total, int) and isinstance(unexercised, int):
        return total + unexercised
    return total


def failure_cause(failed_on: Mapping[str, int], errored: int) -> str | None:
    """The verdict's cause when cells failed invariants (``failed_on``: invariant id -> cells) or errored, else None:
    what a chaos run in which no fault fired gives as its reason instead of the faults (QA-27 #1)."""
    parts = [f"{inv} failed in {n} cell{'s' if n != 1 else ''}" for inv, n in sorted(failed_on.items())]
    if errored:
        parts.append(f"{errored} cell{'s' if errored != 1 else ''} errored")
    return "; ".join(parts) if parts else None


def count_failures(cell: Mapping[str, object], failed_on: dict[str, int]) -> bool:
    """Add the invariants report row ``cell`` failed to ``failed_on``; whether the cell errored."""
    checks = cell.get("checks")
    for check in checks if isinstance(checks, Iterable) else ():
        if isinstance(check, Mapping) and check.get("passed") is False:
            key = str(check.get("id") or check.get("type"))
            failed_on[key] = failed_on.get(key, 0) + 1
    return cell.get("status") == "error"


def found_reason(failing: Sequence[str]) -> str:
    """Why a run or contract fails on the saved explore failures it replayed (``failing``: their cells or
    scenarios), whatever ``--min-score`` says: each is a known bug, and it fails until the agent is fixed."""
    n = len(failing)
    shown = ", ".join(failing[:3]) + (" …" if n > 3 else "")
    return (
        f"{n} saved failure{'' if n == 1 else 's'} from `windtunnel explore` still fail{'s' if n == 1 else ''} "
        f"({shown}): a saved failure fails the run whatever the score until the agent is fixed (delete its file "
        "in found/ once it is fixed for good; --no-found skips them)"
    )


def saved_failures_failing(cells: Iterable[Mapping[str, object]]) -> list[str]:
    """The ids of the rows replaying a saved explore failure (``saved_failure``) that failed or errored again: each
    fails the run whatever the score (:func:`found_reason`); a merge of shards recounts them from the rows."""
    return [str(c.get("id")) for c in cells if c.get("saved_failure") and c.get("status") in ("failed", "error")]


__all__ = ["cells_ran", "count_failures", "failure_cause", "found_reason", "lead_reason", "saved_failures_failing"]
