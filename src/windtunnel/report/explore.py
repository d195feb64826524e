"""What an ``explore`` report says, the same in every format: its headline, what was searched, and its failures
grouped by the checks they break.

An explore report is a run report (``run.mode`` ``chaos``, ``run.command`` ``explore``) whose cells are the failures
found, with a binary score (100: nothing found, 0: something was); what a reader wants from it is what was searched
and what was found, so the terminal, markdown, HTML and JSON reports take their headline and sections from here,
computed from the report's ``explore`` block alone (a report stored before the headline existed renders the same).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from windtunnel.report.dicts import ExploreDict, ExploreFailureDict, ReportDict


@dataclass(frozen=True)
class FailureGroup:
    """Failures that break the same checks: one entry each per distinct reproducer, numbered as in the report."""

    signature: list[str]
    failures: list[tuple[int, ExploreFailureDict]]

    @property
    def breaks(self) -> str:
        """The checks (and the kind of error) the group's failures break, in words: ``regex, latency``."""
        return ", ".join(self.signature) or "the run"


def explore_of(report: ReportDict | object) -> ExploreDict | None:
    """The ``explore`` block of an explore report, or ``None`` for any other report."""
    if not isinstance(report, dict):
        return None
    block = report.get("explore")
    run = report.get("run") or {}
    if not isinstance(block, dict) or (run.get("command") not in (None, "explore")):
        return None
    return cast("ExploreDict", block)


def failure_groups(explore: ExploreDict) -> list[FailureGroup]:
    """The failures grouped by their signature, each group where its first failure is, failures numbered 1, 2 … in
    report order."""
    groups: dict[tuple[str, ...], FailureGroup] = {}
    for n, f in enumerate(explore.get("failures") or [], 1):
        sig = tuple(f.get("signature") or [])
        groups.setdefault(sig, FailureGroup(list(sig), [])).failures.append((n, f))
    return list(groups.values())


def explore_headline(explore: ExploreDict, *, partial: bool = False) -> str:
    """One line saying what the search found and how far it got: ``2 failures found (2 distinct reproducers, all
    breaking regex) in 48 agent calls of 200``, ``no failure found in 200 agent calls of 200`` …"""
    failures = explore.get("failures") or []
    calls, budget = explore.get("calls"), explore.get("budget")
    spent = f"in {calls} agent calls of {budget}" if budget is not None else f"in {calls} agent calls"
    cut = " (interrupted: the search did not finish)" if partial else ""
    if not failures:
        return f"no failure found {spent}{cut}"
    groups = failure_groups(explore)
    n = len(failures)
    if len(groups) == 1:
        what = f"breaking {groups[0].breaks}" if n == 1 else f"all breaking {groups[0].breaks}"
    else:
        what = "; ".join(f"{len(g.failures)} breaking {g.breaks}" for g in groups)
    distinct = f"{n} distinct reproducer{'s' if n != 1 else ''}, " if n > 1 else ""
    return f"{n} failure{'s' if n != 1 else ''} found ({distinct}{what}) {spent}{cut}"


def searched_rows(explore: ExploreDict) -> list[tuple[str, str]]:
    """What was searched, as ``(measure, value)`` rows: the strategy, the cells (one agent call each) against the
    budget, the shrinking and reruns, the corpus and features, the seams with their modes."""
    seams = explore.get("seams") or {}
    rows = [
        ("strategy", str(explore.get("strategy"))),
        ("cells searched", f"{explore.get('calls')} of a budget of {explore.get('budget')} agent calls"),
        ("shrinking and reruns", f"{explore.get('shrink_calls')} agent calls ({explore.get('reruns')} reruns each)"),
        ("corpus", f"{explore.get('corpus')} entries, {explore.get('features')} features"),
        ("seams", ", ".join(seams) or "none"),
    ]
    modes = sorted({m for ms in seams.values() for m in ms})
    if modes:
        rows.append(("fault modes", ", ".join(modes)))
    return rows


def failure_how(failure: ExploreFailureDict) -> str:
    """What became of a failure after it was found: ``reproduced 3/3``, or why it was not (an interrupted run)."""
    status = failure.get("status")
    if status == "unshrunk":
        return "not shrunk: interrupted"
    if status == "unconfirmed":
        return "not rerun: interrupted; it needs no fault, so there was nothing to shrink"
    return f"reproduced {failure.get('reproduced')}"


def failure_title(n: int, failure: ExploreFailureDict) -> str:
    """A failure's heading: ``failure 1: minimal (reproduced 3/3), found after 15 calls``."""
    status, found = failure.get("status"), failure.get("found_at_call")
    return f"failure {n}: {status} ({failure_how(failure)}), found after {found} calls"


def reproducer_words(failure: ExploreFailureDict) -> str:
    """The failure's reproducer in one line: its minimal schedule's faults and its mutation."""
    labels = "; ".join(failure.get("labels") or []) or "no fault (the agent fails on this input as it is)"
    mutation = failure.get("mutation")
    return labels + (f" on a {mutation} mutation of the prompt" if mutation else "")


__all__ = [
    "FailureGroup",
    "explore_headline",
    "explore_of",
    "failure_groups",
    "failure_how",
    "failure_title",
    "reproducer_words",
    "searched_rows",
]
