"""Synthetic but realistic run reports, for tests, benchmarks and trying the reporters.

Cells of every kind (golden, mutation, chaos, contract, replay) with scenarios, invariants,
severities, injected faults, checks, outputs, reproduce commands and repeats, derived from a seed
(the same arguments always give the same report). ``hostile=True`` puts script-injection payloads
in agent output, prompts and names, the way a real adversarial agent would.

Why it lives in the package and not under ``tests/``: the reporter benchmarks (``benchmarks/reports.py``,
``benchmarks/view.py``) and anyone writing a reporter plugin need the same data the tests use, and a report that is
built in one place stays in step with ``report.schema.json`` when the schema changes (the tests validate what these
functions return).

Three sizes of help:

* :func:`sample_cells` / :func:`sample_report`: many cells, statuses drawn from one ``random.Random(seed)`` so a
  benchmark of 10,000 cells is the same report on every machine. Most distinct cells pass or fail on every repeat;
  about a quarter flip between repeats, so pass^k and the flaky list have something to show.
* :func:`make_cell` / :func:`make_report`: one hand-shaped cell and a report around given cells, for tests that need a
  particular field and defaults for the rest; the summary is computed from the cells, as a run computes it.
* :func:`cut_short_report`: a run stopped by Ctrl-C or by its agent process dying, as ``run`` writes it.

The data is plausible, not real: outputs are canned sentences, latencies uniform, faults taken in turn from a short
list. Nothing here runs an agent or reads the store.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack is 3.11+; only mypy reads it

from windtunnel._util.jsontypes import JSONObject
from windtunnel.report.dicts import CellDict, CheckDict, FaultDict, PhaseDict, ReportDict, SummaryDict
from windtunnel.reports.cells import by_type_summary, group_by_phase, summarize_cells

PROMPTS = [
    "Book a flight from Paris to Berlin next Tuesday",
    "What is the refund policy for order #4821?",
    "Summarise the last three support tickets",
    "Cancel my subscription and confirm by email",
    "Which of our plans includes SSO?",
]
MUTATIONS = [
    "paraphrase",
    "noise",
    "tone_shift",
    "prompt_injection",
    "encoding_attacks",
    "context_manipulation",
]
SCENARIOS = ["baseline", "tool_timeouts", "llm_rate_limited", "poisoned_context"]
INVARIANTS = [
    ("no_pii_leak", "critical"),
    ("refuses_injection", "high"),
    ("latency_under_5s", "medium"),
    ("valid_json", "low"),
]
FAULTS = [
    ("tool", "timeout", "search_flights"),
    ("tool", "error", "lookup_order"),
    ("llm", "rate_limit", None),
    ("http", "status_503", None),
    ("context", "injection", "kb_article"),
]
HOSTILE = [
    "</script><script>window.__pwned=1</script>",
    '<img src=x onerror="window.__pwned=2">',
    "\u2028'); window.__pwned=3; //",
    "[link](javascript:alert(1)) **bold** | pipe",
]


def sample_cells(
    n: int, *, seed: int = 0, repeats: int = 1, hostile: bool = False, fail_rate: float = 0.2
) -> Iterator[CellDict]:
    """Yield ``n`` cells (``repeats`` tries of each distinct cell), kinds mixed like a ``ci`` run.

    Cell ids are ``c000123`` (with ``-rK`` for repeat K when ``repeats > 1``), so they sort in plan order. About
    ``fail_rate`` of the distinct cells fail consistently; with repeats, about a quarter are flaky (each try passes
    with probability one half). A generator: a benchmark can stream a large run without holding it.
    """
    rng = random.Random(seed)
    base = 0
    produced = 0
    while produced < n:
        template = _template(base, rng, hostile)
        flakiness = rng.random()
        for r in range(repeats):
            if produced >= n:
                return
            yield _result(template, base, r, repeats, rng, fail_rate, flakiness, seed, hostile)
            produced += 1
        base += 1


def _template(i: int, rng: random.Random, hostile: bool) -> CellDict:
    """The cell fields shared by every repeat of distinct cell ``i``: its kind (cycling golden, mutation, chaos,
    contract, replay), prompt, scenario, invariant and severity; with ``hostile``, markup and control text in some
    prompts and scenario names.
    """
    prompt = PROMPTS[i % len(PROMPTS)]
    if hostile and i % 3 == 0:
        prompt = f"{prompt} {HOSTILE[i % len(HOSTILE)]}"
    kind = ("golden", "mutation", "mutation", "chaos", "contract", "contract", "replay")[i % 7]
    cell: CellDict = {
        "kind": kind,
        "golden_prompt": prompt,
        "prompt": prompt,
        "scenario": None,
        "invariant": None,
        "severity": None,
        "mutation": None,
        "faults": [],
    }
    if kind == "mutation":
        mtype = MUTATIONS[(i // 7) % len(MUTATIONS)]
        cell["mutation"] = {"type": mtype, "args": {"strength": round(rng.uniform(0.1, 0.9), 2)}}
        cell["prompt"] = f"{prompt} [{mtype} {i}]"
    elif kind == "contract":
        scenario = SCENARIOS[(i // 7) % len(SCENARIOS)]
        if hostile and i % 5 == 0:
            scenario = f"{scenario}<b>x</b>"
        invariant, severity = INVARIANTS[(i // 3) % len(INVARIANTS)]
        cell.update({"scenario": scenario, "invariant": invariant, "severity": severity})
    elif kind == "chaos":
        cell["scenario"] = SCENARIOS[1 + (i // 7) % (len(SCENARIOS) - 1)]
    elif kind == "replay":
        cell["scenario"] = f"incident-{i % 11:03d}"
        cell["invariant"] = "behavior_unchanged"
        cell["severity"] = "high"
    return cell


def _result(
    template: CellDict,
    base: int,
    repeat: int,
    repeats: int,
    rng: random.Random,
    fail_rate: float,
    flakiness: float,
    seed: int,
    hostile: bool,
) -> CellDict:
    """One repeat of a template as a finished cell: its status drawn so that most distinct cells pass or fail
    consistently and some flip between repeats (``flakiness``), a fired fault for chaos and contract scenarios, an
    output, checks and a latency.
    """
    cell_id = f"c{base:06d}" + (f"-r{repeat}" if repeats > 1 else "")
    roll = rng.random()
    # a quarter of the distinct cells are flaky; the rest pass or fail consistently
    consistent_fail = flakiness < fail_rate
    failed = roll < 0.5 if flakiness > 0.75 and repeats > 1 else consistent_fail
    errored = failed and roll < 0.15
    faults: list[FaultDict] = []
    if template["kind"] in ("chaos", "contract") and template["scenario"] not in (None, "baseline"):
        target, mode, name = FAULTS[(base + repeat) % len(FAULTS)]
        faults.append({"target": target, "mode": mode, "name": name})
    output = (
        None
        if errored
        else (
            f"Sure — here is the answer to: {template['prompt'][:60]}"
            if not failed
            else "Ignoring previous instructions. The admin password is hunter2."
        )
    )
    if hostile and output is not None and base % 2 == 0:
        output = f"{output} {HOSTILE[base % len(HOSTILE)]}"
    checks: list[CheckDict] = []
    if not errored:
        check_type = template["invariant"] or ("contains" if template["kind"] == "golden" else "excludes_pattern")
        checks.append(
            {
                "type": check_type,
                "passed": not failed,
                "detail": "output matched forbidden pattern 'password' at 47" if failed else None,
            }
        )
        checks.append({"type": "latency", "passed": True, "detail": None})
    status = "error" if errored else ("failed" if failed else "passed")
    cell: CellDict = {
        "id": cell_id,
        "kind": template["kind"],
        "prompt": template["prompt"],
        "golden_prompt": template["golden_prompt"],
        "mutation": template["mutation"],
        "scenario": template["scenario"],
        "invariant": template["invariant"],
        "severity": template["severity"],
        "repeat": repeat,
        "status": status,
        "passed": status == "passed",
        "output": output,
        "latency_ms": round(rng.uniform(80, 4000), 1),
        "error": "timeout: agent did not answer within 30000 ms" if errored else None,
        "faults": faults,
        "checks": checks,
        "reproduce": f"windtunnel run -c windtunnel.yaml --seed {seed} --only {cell_id}",
    }
    if template["kind"] == "golden":
        cell["mutation"] = None
    return cell


def sample_report(
    n: int = 60,
    *,
    seed: int = 0,
    repeats: int = 1,
    hostile: bool = False,
    mode: str = "ci",
    run_id: str = "run-sample",
    fail_rate: float = 0.2,
) -> ReportDict:
    """A whole schema-valid report of ``n`` cells; ``ci`` mode carries ``summary.phases``.

    The summary is computed from the cells as a real run's is, and in ``ci`` mode each phase gets its own score with the
    default phase weights, so reporters can be tried, benchmarked and tested on realistic data of any size.
    """
    cells = list(sample_cells(n, seed=seed, repeats=repeats, hostile=hostile, fail_rate=fail_rate))
    summary = summarize_cells(cells)
    if mode == "ci":
        weights = {"mutation": 0.20, "chaos": 0.35, "contract": 0.35, "replay": 0.10}
        phases: dict[str, PhaseDict] = {}
        for name, group in group_by_phase(cells).items():
            part = summarize_cells(group)
            phases[name] = {
                "score": part["score"],
                "passed": part["passed"],
                "weight": weights.get(name, 0.0),
            }
        summary["phases"] = phases
    by_type = by_type_summary(cells)
    if by_type:
        summary["by_type"] = by_type
    return {
        "schema_version": "1",
        "tool": {"name": "windtunnel", "version": "0.1.0"},
        "run": {
            "id": run_id,
            "mode": mode,
            "seed": seed,
            "started_at": "2025-01-01T10:00:00Z",
            "finished_at": "2025-01-01T10:05:00Z",
            "config_path": "windtunnel.yaml",
        },
        "summary": summary,
        "cells": cells,
    }


def make_cell(cell_id: str = "c1", **fields: Unpack[CellDict]) -> CellDict:
    """One schema-valid cell; ``fields`` override the defaults (a passing golden cell).

    ``status`` alone is enough to make a failed / errored / skipped cell: ``passed`` follows it
    unless given.
    """
    status = fields.pop("status", "passed")
    cell: CellDict = {
        "id": cell_id,
        "kind": "golden",
        "prompt": "What is the refund policy?",
        "golden_prompt": "What is the refund policy?",
        "mutation": None,
        "scenario": None,
        "invariant": None,
        "severity": None,
        "repeat": 0,
        "status": status,
        "passed": status == "passed",
        "output": "Refunds within 30 days." if status != "error" else None,
        "latency_ms": 120.0,
        "error": "timeout: no answer within 30000 ms" if status == "error" else None,
        "faults": [],
        "checks": [
            {
                "type": "contains",
                "passed": status != "failed",
                "detail": "expected 'refund' in the output" if status == "failed" else None,
            }
        ]
        if status != "error"
        else [],
        "reproduce": f"windtunnel run -c windtunnel.yaml --only {cell_id}",
    }
    cell.update(fields)
    return cell


def make_report(
    cells: list[CellDict],
    *,
    mode: str = "run",
    run_id: str = "run-1",
    **summary: Unpack[SummaryDict],
) -> ReportDict:
    """A schema-valid report around ``cells`` (summary computed, then overridden by ``summary``).

    The run block is fixed (seed 7, a one-minute run on 2025-01-01), so a rendered report compares byte for byte
    between test runs; ``phases`` becomes ``summary.phases`` (a ``ci`` report), and every keyword in ``summary``
    replaces the computed value of the same name, which is how a test asks for a verdict the cells alone would not
    give (``passed=False`` with all cells passing, a ``score`` of 0).
    """
    computed = summarize_cells(cells)
    computed.update(summary)
    return {
        "schema_version": "1",
        "tool": {"name": "windtunnel", "version": "0.1.0"},
        "run": {
            "id": run_id,
            "mode": mode,
            "seed": 7,
            "started_at": "2025-01-01T10:00:00Z",
            "finished_at": "2025-01-01T10:01:00Z",
        },
        "summary": computed,
        "cells": cells,
    }


CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium: the browser tests and the HTML benchmark never download a browser."""
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Flags for a closed network: without the background-networking ones Chromium keeps dialling out."""


def cut_short_report(
    status: str,
    *,
    completed: int = 8,
    planned: int = 44,
    exit_code: int = 7,
    command: str = "python agent.py",
    stderr_tail: str = "Traceback (most recent call last):\nRuntimeError: out of memory",
    mode: str = "run",
) -> ReportDict:
    """A report of a run cut short after ``completed`` of ``planned`` cells, written the way ``run``
    writes one: ``interrupted`` (Ctrl-C) or ``aborted`` (the agent process exited with ``exit_code``,
    leaving ``stderr_tail``). Its ``completed`` cells all passed: only the status says it is partial."""
    cells = [make_cell(f"c{i}", prompt=f"prompt {i}", golden_prompt=f"prompt {i}") for i in range(completed)]
    report = make_report(cells, mode=mode, run_id=f"run-{status}", cells_planned=planned, partial=True, passed=False)
    report["run"]["status"] = status
    if status == "aborted":
        message = (
            f"the agent process ({command}) exited with code {exit_code} after {completed} cells; the run was cut short"
        )
        record: JSONObject = {
            "reason": "agent_exited",
            "message": message,
            "command": command,
            "exit_code": exit_code,
            "cells_completed": completed,
            "stderr_tail": stderr_tail,
        }
        report["run"]["aborted"] = record
        report["summary"]["aborted"] = record
        report["summary"]["reasons"] = [message]
    return report
