"""SARIF 2.1.0 reporter: one rule per invariant / check / error class, one result per failed cell.

* ``ruleId``: ``invariant/<id>`` when the cell names an invariant, else ``check/<type>`` of its
  first failed check, else ``error/<kind>`` for an errored agent call (``kind: message``).
* ``level``: severity critical/high → ``error``, medium (and unset) → ``warning``, low → ``note``.
* ``partialFingerprints["windtunnelCell/v1"]``: a hash of the cell's identity and repeat index —
  never of its output — so code-scanning tools match the same failure across runs.
* Location: a logical location naming the phase / scenario / cell, plus the config file as a
  physical location when the run recorded one (``run.config_path``).

What it is for: uploading to a code-scanning service (GitHub's ``upload-sarif``) so an agent's failures show up as
alerts beside the code, tracked from run to run. Those services are built for static analysers, which shapes every
choice here. An alert's identity is its rule plus its fingerprint, so the rule must name *what* broke (an invariant,
a check, an error class), never anything that varies between runs, and the fingerprint hashes the cell's identity and
repeat, never its output: the same failing cell is the same alert tomorrow, and a fixed one closes. Only failed and
errored cells become results (:func:`reported`); a passing or not-run cell is no alert. A run cut short marks its
invocation unsuccessful with the reason, so the upload cannot read as a clean scan.

The functions a streamed writer needs (:func:`rule_index`, :func:`result_for`, :func:`build_sarif` with the pieces
given) are public: :mod:`windtunnel.reports.stream` writes the same log without holding the cells.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from pathlib import Path

import orjson

from windtunnel._util.jsontypes import JSONObject, JSONValue
from windtunnel.engine.scoring import is_failure
from windtunnel.report.dicts import CellDict, ReportDict
from windtunnel.reports.base import reporter
from windtunnel.reports.cells import (
    cell_group,
    cell_phase,
    failed_checks,
    failure_detail,
    fault_label,
    identity_key,
    truncate,
)
from windtunnel.reports.partial import CutShort, cut_short
from windtunnel.reports.stats import compute_stats

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
LEVELS = {"critical": "error", "high": "error", "medium": "warning", "low": "note"}
SECURITY_SEVERITY = {"critical": "9.0", "high": "7.0", "medium": "5.0", "low": "2.0"}


def sarif_level(severity: str | None) -> str:
    """The SARIF level of a severity (critical and high are errors, low a note); no severity is a warning.

    ``warning`` is the middle ground for cells that carry no severity (mutation and chaos cells): a failure worth a
    look, not one that should block a merge on its own in a code-scanning policy that blocks on ``error``.
    """
    return LEVELS.get(severity or "", "warning")


def rule_id(cell: CellDict) -> str:
    """The rule a failing cell breaks: its contract invariant, else its first failed check, else the kind of its error
    (the text before the first colon), else its cell kind. Equal failures share a rule, so code-scanning tools group
    them.
    """
    if cell.get("invariant"):
        return f"invariant/{cell['invariant']}"
    checks = failed_checks(cell)
    if checks:
        return f"check/{checks[0].get('type')}"
    if cell.get("status") == "error":
        error = str(cell.get("error") or "")
        kind = error.split(":", 1)[0].strip() if ":" in error else "agent_error"
        return f"error/{kind or 'agent_error'}"
    return f"cell/{cell.get('kind')}"


def fingerprint(cell: CellDict) -> str:
    """A stable fingerprint of the cell (its identity and repeat): the same failure in the next run is the same alert,
    not a new one.

    A hex SHA-256 of :func:`~windtunnel.reports.cells.identity_key` and the repeat index. The output is left out on
    purpose: an agent's answer differs on every run, and an alert keyed on it would reopen each time.
    """
    raw = f"{identity_key(cell)}:{cell.get('repeat', 0)}".encode()
    return hashlib.sha256(raw).hexdigest()


def _rule(rid: str, cell: CellDict) -> JSONObject:
    """The SARIF rule object for rule ``rid``: a readable description per family, the level and security severity of the
    first cell that breaks it, and tags.
    """
    family, _, name = rid.partition("/")
    text = {
        "invariant": f"Invariant '{name}' must hold for every agent response",
        "check": f"Check '{name}' must pass",
        "error": f"Agent calls must not fail with '{name}'",
        "cell": f"{name} cells must pass",
    }[family]
    properties: JSONObject = {"tags": ["windtunnel", family]}
    rule: JSONObject = {
        "id": rid,
        "name": "".join(part.capitalize() for part in f"{family}_{name}".replace("-", "_").split("_")),
        "shortDescription": {"text": text},
        "defaultConfiguration": {"level": sarif_level(cell.get("severity"))},
        "properties": properties,
    }
    severity = cell.get("severity")
    if severity:
        properties["security-severity"] = SECURITY_SEVERITY[severity]
    return rule


def _message(cell: CellDict) -> str:
    """The result message: what failed and why, the prompt (cut to 500 characters), the mutation, the fired faults and
    the reproduce command.
    """
    lines = [
        f"{cell_phase(cell)} cell {cell.get('id')} {cell.get('status')}: {failure_detail(cell)}",
        f"Prompt: {truncate(str(cell.get('prompt') or ''), 500)}",
    ]
    mutation = cell.get("mutation")
    if mutation:
        lines.append(f"Mutation: {mutation.get('type')}")
    if cell.get("faults"):
        lines.append("Faults fired: " + ", ".join(fault_label(f) for f in cell["faults"]))
    if cell.get("reproduce"):
        lines.append(f"Reproduce: {cell['reproduce']}")
    return "\n".join(lines)


def _result(cell: CellDict, rid: str, index: int, config_path: str | None) -> JSONObject:
    """One SARIF result for a failing cell: its rule, message, a logical location (phase / group / cell id), the config
    file as the physical location when known, the cell's fields as properties and its fingerprint.
    """
    logical: JSONObject = {
        "name": str(cell.get("id")),
        "fullyQualifiedName": "/".join([cell_phase(cell), cell_group(cell), str(cell.get("id"))]),
        "kind": "test",
    }
    location: JSONObject = {"logicalLocations": [logical]}
    if config_path:
        location["physicalLocation"] = {"artifactLocation": {"uri": Path(config_path).as_posix()}}
    props: JSONObject = {
        "cell_id": cell.get("id"),
        "kind": cell.get("kind"),
        "phase": cell_phase(cell),
        "status": cell.get("status"),
        "scenario": cell.get("scenario"),
        "invariant": cell.get("invariant"),
        "severity": cell.get("severity"),
        "repeat": cell.get("repeat"),
        "faults": [fault_label(f) for f in cell.get("faults") or []],
    }
    if cell.get("reproduce"):
        props["reproduce"] = cell["reproduce"]
    return {
        "ruleId": rid,
        "ruleIndex": index,
        "level": sarif_level(cell.get("severity")),
        "kind": "fail",
        "message": {"text": _message(cell)},
        "locations": [location],
        "partialFingerprints": {"windtunnelCell/v1": fingerprint(cell)},
        "properties": {k: v for k, v in props.items() if v is not None},
    }


def reported(cell: CellDict) -> bool:
    """Whether a cell becomes a SARIF result (failed and errored cells do; a cell not run does not)."""
    return is_failure(cell)


def rule_index(cells: Iterable[CellDict]) -> tuple[list[JSONValue], dict[str, int]]:
    """The rules of the reported cells, in order of first use, and each rule id's index."""
    rules: list[JSONValue] = []
    index: dict[str, int] = {}
    for cell in cells:
        if not reported(cell):
            continue
        rid = rule_id(cell)
        if rid not in index:
            index[rid] = len(rules)
            rules.append(_rule(rid, cell))
    return rules, index


def result_for(cell: CellDict, index: Mapping[str, int], config_path: str | None) -> JSONObject:
    """The SARIF result of ``cell``, against the rule table ``index`` (rule id → its position in the rules)."""
    rid = rule_id(cell)
    return _result(cell, rid, index[rid], config_path)


def build_sarif(
    report: ReportDict,
    *,
    rules: list[JSONValue] | None = None,
    stats: JSONObject | None = None,
    results: JSONValue = None,
) -> dict[str, object]:
    """The SARIF log of ``report``; ``rules``, ``stats`` and ``results`` given by a streamed writer (see
    :mod:`windtunnel.reports.stream`) replace what would be computed from ``report["cells"]``.

    One SARIF run: the rules of the failures, a result per reported cell, an invocation with UTC start and end times
    when the run recorded them (and ``executionSuccessful: false`` with the reason for a run cut short), and the run's
    id, seed, score, phases and statistics as properties. ``automationDetails.id`` names mode and run, so code scanning
    keeps the alerts of different runs apart.
    """
    run = report["run"]
    cells = report.get("cells") or []
    config_path = run.get("config_path")
    path = config_path if isinstance(config_path, str) else None
    if rules is None:
        rules, index = rule_index(cells)
        results = [result_for(cell, index, path) for cell in cells if reported(cell)]
    if stats is None:
        stats = compute_stats(cells).to_dict()
    summary = report.get("summary") or {}
    invocation: JSONObject = {"executionSuccessful": True}
    if _is_utc(run.get("started_at")) and _is_utc(run.get("finished_at")):
        invocation.update(startTimeUtc=run.get("started_at"), endTimeUtc=run.get("finished_at"))
    short = cut_short(report)
    if short is not None:
        invocation.update(_cut_short_invocation(short))
    driver: JSONObject = {"name": "windtunnel", "version": str(report["tool"].get("version")), "rules": rules}
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": driver},
                "automationDetails": {"id": f"windtunnel/{run.get('mode')}/{run.get('id')}"},
                "invocations": [invocation],
                "results": results,
                "properties": {
                    "run_id": run.get("id"),
                    "mode": run.get("mode"),
                    "seed": run.get("seed"),
                    "score": summary.get("score"),
                    "passed": summary.get("passed"),
                    **({"cut_short": short.as_dict()} if short is not None else {}),
                    "phases": summary.get("phases") or {},
                    "stats": stats,
                },
            }
        ],
    }


def _cut_short_invocation(short: CutShort) -> JSONObject:
    """``executionSuccessful: false``, the exit code and a notification saying why the run stopped."""
    text = short.headline()
    if short.tail_lines():
        text += "\nagent stderr (last lines):\n" + "\n".join(short.tail_lines())
    return {
        "executionSuccessful": False,
        "exitCode": short.exit_code,
        "exitCodeDescription": short.status,
        "toolExecutionNotifications": [
            {
                "level": "error",
                "message": {"text": text},
                "descriptor": {"id": f"run/{short.status}"},
                "properties": short.as_dict(),
            }
        ],
    }


def _is_utc(value: object) -> bool:
    """Whether ``value`` is an ISO timestamp in UTC (SARIF's invocation times must be)."""
    return isinstance(value, str) and value.endswith(("Z", "+00:00")) and "T" in value


@reporter("sarif", extension=".sarif")
def render_sarif(report: ReportDict, out: Path) -> Path:
    """Write the indented SARIF log of ``report`` to ``out``."""
    out.write_bytes(orjson.dumps(build_sarif(report), option=orjson.OPT_INDENT_2) + b"\n")
    return out
