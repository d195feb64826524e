"""Checking and loading run report dicts (the required core of ``report.schema.json``).

Reports read back from files are untrusted input: :func:`validate_report` lists every problem with
its JSON path, so ``windtunnel report wrong.json`` can say exactly why the file is not a report.
The checks mirror the schema's required core; extra fields are allowed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import orjson

from windtunnel._util.errors import UsageError

MODES = ("run", "chaos", "contract", "replay", "ci")
KINDS = ("golden", "mutation", "chaos", "contract", "replay")
STATUSES = ("passed", "failed", "error", "skipped")
SEVERITIES = ("critical", "high", "medium", "low", None)
FAULT_TARGETS = ("tool", "llm", "context", "http")
MAX_ERRORS = 20


class _Checker:
    def __init__(self) -> None:
        self.errors: list[str] = []

    def fail(self, path: str, message: str) -> None:
        self.errors.append(f"{path}: {message}")

    def obj(self, value: Any, path: str, required: tuple[str, ...]) -> bool:
        if not isinstance(value, dict):
            self.fail(path, f"must be an object, got {_type(value)}")
            return False
        for key in required:
            if key not in value:
                self.fail(path, f"missing required key {key!r}")
        return True

    def typed(
        self,
        value: dict[str, Any],
        key: str,
        path: str,
        types: tuple[type, ...],
        label: str,
        nullable: bool = False,
    ) -> None:
        if key not in value:
            return
        v = value[key]
        if v is None and nullable:
            return
        if isinstance(v, bool) and bool not in types:
            self.fail(f"{path}.{key}", f"must be {label}, got boolean")
        elif not isinstance(v, types):
            self.fail(f"{path}.{key}", f"must be {label}, got {_type(v)}")

    def choice(self, value: dict[str, Any], key: str, path: str, choices: tuple[Any, ...]) -> None:
        if key in value and value[key] not in choices:
            valid = ", ".join("null" if c is None else str(c) for c in choices)
            self.fail(f"{path}.{key}", f"{value[key]!r} is not one of: {valid}")


def _type(value: Any) -> str:
    if value is None:
        return "null"
    return {dict: "object", list: "array", str: "string", bool: "boolean"}.get(
        type(value), type(value).__name__
    )


def validate_report(report: Any) -> list[str]:
    """Every way ``report`` breaks the required core of the report schema (empty list: valid)."""
    c = _Checker()
    if not c.obj(report, "$", ("schema_version", "tool", "run", "summary", "cells")):
        return c.errors
    if "schema_version" in report and report["schema_version"] != "1":
        c.fail("$.schema_version", f'must be "1", got {report["schema_version"]!r}')
    tool = report.get("tool")
    if "tool" in report and c.obj(tool, "$.tool", ("name", "version")):
        if "name" in tool and tool["name"] != "windtunnel":
            c.fail("$.tool.name", f'must be "windtunnel", got {tool["name"]!r}')
        c.typed(tool, "version", "$.tool", (str,), "a string")
    run = report.get("run")
    if "run" in report and c.obj(run, "$.run", ("id", "mode", "seed", "started_at", "finished_at")):
        c.typed(run, "id", "$.run", (str,), "a string")
        c.choice(run, "mode", "$.run", MODES)
        c.typed(run, "seed", "$.run", (int,), "an integer or null", nullable=True)
        c.typed(run, "started_at", "$.run", (str,), "a string")
        c.typed(run, "finished_at", "$.run", (str,), "a string")
    if "summary" in report:
        _check_summary(c, report["summary"])
    cells = report.get("cells")
    if "cells" in report:
        if not isinstance(cells, list):
            c.fail("$.cells", f"must be an array, got {_type(cells)}")
        else:
            for i, cell in enumerate(cells):
                _check_cell(c, cell, f"$.cells[{i}]")
                if len(c.errors) >= MAX_ERRORS:
                    break
    return c.errors[:MAX_ERRORS]


def _check_summary(c: _Checker, summary: Any) -> None:
    path = "$.summary"
    required = ("score", "passed", "cells_total", "cells_passed", "cells_failed", "cells_errored")
    if not c.obj(summary, path, required):
        return
    _check_score(c, summary, path)
    c.typed(summary, "passed", path, (bool,), "a boolean")
    c.typed(summary, "critical_failed", path, (bool,), "a boolean")
    for key in required[2:]:
        c.typed(summary, key, path, (int,), "an integer")
        if isinstance(summary.get(key), int) and not isinstance(summary[key], bool) and summary[key] < 0:
            c.fail(f"{path}.{key}", "must be >= 0")
    phases = summary.get("phases")
    if phases is None:
        return
    if not isinstance(phases, dict):
        c.fail(f"{path}.phases", f"must be an object, got {_type(phases)}")
        return
    for name, entry in phases.items():
        ppath = f"{path}.phases.{name}"
        if c.obj(entry, ppath, ("score", "passed", "weight")):
            _check_score(c, entry, ppath)
            c.typed(entry, "passed", ppath, (bool,), "a boolean")
            c.typed(entry, "weight", ppath, (int, float), "a number")
            weight = entry.get("weight")
            if isinstance(weight, (int, float)) and not isinstance(weight, bool) and not 0 <= weight <= 1:
                c.fail(f"{ppath}.weight", f"must be between 0 and 1, got {weight}")


def _check_score(c: _Checker, value: dict[str, Any], path: str) -> None:
    c.typed(value, "score", path, (int, float), "a number or null", nullable=True)
    score = value.get("score")
    if isinstance(score, (int, float)) and not isinstance(score, bool) and not 0 <= score <= 100:
        c.fail(f"{path}.score", f"must be between 0 and 100, got {score}")


def _check_cell(c: _Checker, cell: Any, path: str) -> None:
    required = ("id", "kind", "prompt", "status", "passed", "scenario", "invariant", "faults")
    if not c.obj(cell, path, required):
        return
    c.typed(cell, "id", path, (str,), "a string")
    c.choice(cell, "kind", path, KINDS)
    c.typed(cell, "prompt", path, (str,), "a string")
    c.choice(cell, "status", path, STATUSES)
    c.typed(cell, "passed", path, (bool,), "a boolean")
    for key in ("scenario", "invariant", "golden_prompt", "output", "error"):
        c.typed(cell, key, path, (str,), "a string or null", nullable=True)
    c.choice(cell, "severity", path, SEVERITIES)
    c.typed(cell, "repeat", path, (int,), "an integer")
    c.typed(cell, "latency_ms", path, (int, float), "a number or null", nullable=True)
    c.typed(cell, "reproduce", path, (str,), "a string")
    mutation = cell.get("mutation")
    if mutation is not None and c.obj(mutation, f"{path}.mutation", ("type",)):
        c.typed(mutation, "type", f"{path}.mutation", (str,), "a string")
        c.typed(mutation, "args", f"{path}.mutation", (dict,), "an object")
    faults = cell.get("faults")
    if "faults" in cell:
        if not isinstance(faults, list):
            c.fail(f"{path}.faults", f"must be an array, got {_type(faults)}")
        else:
            for j, fault in enumerate(faults):
                fpath = f"{path}.faults[{j}]"
                if c.obj(fault, fpath, ("target", "mode")):
                    c.choice(fault, "target", fpath, FAULT_TARGETS)
                    c.typed(fault, "mode", fpath, (str,), "a string")
                    c.typed(fault, "name", fpath, (str,), "a string or null", nullable=True)
    checks = cell.get("checks")
    if checks is not None:
        if not isinstance(checks, list):
            c.fail(f"{path}.checks", f"must be an array, got {_type(checks)}")
            return
        for j, check in enumerate(checks):
            cpath = f"{path}.checks[{j}]"
            if c.obj(check, cpath, ("type", "passed")):
                c.typed(check, "type", cpath, (str,), "a string")
                c.typed(check, "passed", cpath, (bool,), "a boolean")
                c.typed(check, "detail", cpath, (str,), "a string or null", nullable=True)


def ensure_valid(report: Any, source: str = "report") -> dict[str, Any]:
    """Return ``report`` if it is a valid run report, else raise :class:`UsageError` listing why."""
    errors = validate_report(report)
    if errors:
        listed = "\n  ".join(errors)
        raise UsageError(
            f"{source} is not a valid windtunnel run report ({len(errors)} problem(s)):\n  {listed}",
            hint="pass a JSON report written by windtunnel (--format json) "
            "or a run id from `windtunnel runs list`",
        )
    return cast(dict[str, Any], report)


def load_report_file(path: str | Path) -> dict[str, Any]:
    """Read and validate a JSON run report file; :class:`UsageError` with the reason otherwise."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise UsageError(
            f"report file {str(path)!r} does not exist",
            hint="give a JSON report path or a run id from `windtunnel runs list`",
        ) from None
    except OSError as err:
        raise UsageError(f"cannot read report file {str(path)!r}: {err.strerror}") from None
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as err:
        raise UsageError(
            f"{str(path)!r} is not JSON ({err}); a windtunnel run report is a JSON file",
            hint="render one with `windtunnel report RUN_ID --format json -o report.json`",
        ) from None
    return ensure_valid(data, repr(str(path)))
