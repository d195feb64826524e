"""Checking and loading run report dicts against the typed report (:mod:`windtunnel.report.models`).

Reports read back from files are untrusted input: :func:`validate_report` lists every problem with
its JSON path, so ``windtunnel report wrong.json`` can say exactly why the file is not a report.
The models are the schema (``report.schema.json`` is generated from them); extra fields are allowed.

Why the models and not a JSON-schema validator over the generated file: the models are the one source of truth, so a
check cannot drift from what the writers produce, and no extra dependency is needed. Pydantic's own messages speak in
model terms (union branch names, ``dict_type``), so :func:`_message` rewrites the common ones into the report's terms
(a JSONPath, "an object", "one of: ..."), and a file from another tool yields at most :data:`MAX_ERRORS` distinct
lines rather than one per cell.

Reading a file is bounded like reading an agent's answer (:func:`load_report_file`): a report may be a CI artefact from
anywhere. Validation accepts more than it checks: extra keys pass, so a report from a newer version still renders.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from pathlib import Path
from typing import cast

import orjson
from pydantic import ValidationError
from pydantic_core import ErrorDetails

from windtunnel._util.errors import UsageError
from windtunnel._util.jsonsafe import loads_clipped
from windtunnel.report.dicts import ReportDict

MAX_ERRORS = 20
_RANGES = {"score": (0, 100), "weight": (0, 1)}
_LABELS = {
    "string_type": "a string",
    "bool_type": "a boolean",
    "int_type": "an integer",
    "float_type": "a number",
    "dict_type": "an object",
    "model_type": "an object",
    "list_type": "an array",
}


def _type(value: object) -> str:
    """A value's JSON type name (``object``, ``array``, ``null`` ...), for messages that say what was found."""
    if value is None:
        return "null"
    return {dict: "object", list: "array", str: "string", bool: "boolean"}.get(type(value), type(value).__name__)


def _path(loc: tuple[int | str, ...]) -> str:
    """A validation error location as a JSONPath (``$.cells[3].status``)."""
    out = "$"
    for seg in loc:
        out += f"[{seg}]" if isinstance(seg, int) else f".{seg}"
    return out


def _message(e: ErrorDetails) -> str:
    """One pydantic error as ``$.json.path: what is wrong``.

    Union branch names are dropped from the path (a reader knows the key, not pydantic's branch), and the common errors
    are said in the report's own terms: a missing key, a value outside its choices or range, a wrong JSON type (``null``
    allowed where the schema allows it).
    """
    loc = tuple(seg for seg in e["loc"] if not (isinstance(seg, str) and "[" in seg))  # drop union branches
    etype, value = e["type"], e.get("input")
    if etype == "missing":
        return f"{_path(loc[:-1])}: missing required key {loc[-1]!r}"
    if etype == "literal_error":
        choices = e.get("ctx", {}).get("expected", "")
        return f"{_path(loc)}: {value!r} is not one of: {choices}"
    if etype in ("greater_than_equal", "less_than_equal"):
        field = next((s for s in reversed(loc) if isinstance(s, str)), "")
        if field in _RANGES:
            lo, hi = _RANGES[field]
            return f"{_path(loc)}: must be between {lo} and {hi}, got {value}"
        return f"{_path(loc)}: must be >= 0"
    label = _LABELS.get(etype)
    if label is not None:
        nullable = " or null" if loc and loc[-1] in _NULLABLE else ""
        return f"{_path(loc)}: must be {label}{nullable}, got {_type(value)}"
    return f"{_path(loc)}: {e['msg']}"


_NULLABLE = {"seed", "score", "scenario", "invariant", "golden_prompt", "output", "error", "latency_ms"}


def validate_report(report: object) -> list[str]:
    """Every way ``report`` breaks the report model (:class:`windtunnel.report.RunReport`); empty: valid.

    Messages are deduplicated and capped at :data:`MAX_ERRORS`, so a report from another tool gives a readable list, not
    thousands of lines.
    """
    # the report models cost ~50 ms to build; `validate` and `--help` load this package without checking a report
    from windtunnel.report.models import RunReport

    if not isinstance(report, dict):
        return [f"$: must be an object, got {_type(report)}"]
    try:
        RunReport.model_validate(report)
    except ValidationError as err:
        out: list[str] = []
        for e in err.errors(include_url=False):
            msg = _message(e)
            if msg not in out:
                out.append(msg)
        return out[:MAX_ERRORS]
    return []


def ensure_valid(report: object, source: str = "report") -> ReportDict:
    """Return ``report`` if it is a valid run report, else raise :class:`UsageError` listing why."""
    errors = validate_report(report)
    if errors:
        listed = "\n  ".join(errors)
        raise UsageError(
            f"{source} is not a valid windtunnel run report ({len(errors)} problem(s)):\n  {listed}",
            hint="pass a JSON report written by windtunnel (--format json) or a run id from `windtunnel runs list`",
        )
    return cast(ReportDict, report)  # checked against RunReport just above


def load_report_file(path: str | Path) -> ReportDict:
    """Read and validate a JSON run report file; :class:`UsageError` with the reason otherwise.

    A missing or unreadable file, a file that is not JSON, and a JSON value that is not a run report each get their own
    message and hint. The JSON is parsed with the same depth and size bounds as agent answers, since the file may come
    from anywhere (a CI artifact).
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise UsageError(
            f"report file {str(path)!r} does not exist",
            hint="give a JSON report path or a run id from `windtunnel runs list`",
        ) from None
    except IsADirectoryError:
        raise UsageError(
            f"{str(path)!r} is a directory, not a report file",
            hint="give the JSON report file (written with --format json) or a run id from `windtunnel runs list`",
        ) from None
    except OSError as err:
        raise UsageError(f"cannot read report file {str(path)!r}: {err.strerror}") from None
    try:
        data = loads_clipped(raw)  # a file from elsewhere (a CI artifact): bounded as agent answers are
    except orjson.JSONDecodeError as err:
        raise UsageError(
            f"{str(path)!r} is not JSON ({err}); a windtunnel run report is a JSON file",
            hint="render one with `windtunnel report RUN_ID --format json -o report.json`",
        ) from None
    if _is_leak_report(data):
        again = _scan_again(data)
        raise UsageError(
            f"{str(path)!r} is a leakage audit report (written by `windtunnel leak scan`), not a run report",
            hint=f"open it as JSON, or render the audit again as a page or table: `{again}` (-f table | sarif), "
            "adding the options the audit was given (--store, -c, the field options), from the directory it ran in; "
            "`report` renders the reports of `run`, `contract run`, `ci` and `explore`",
        )
    return ensure_valid(data, repr(str(path)))


def _scan_again(data: Mapping[str, object]) -> str:
    """The command that audits again what leak report ``data`` audited, as a page: its dataset, or the run or run
    report it read (a run's audit counts the run's ``cells`` in its summary; its source is ``run ID`` or the path)."""
    source = data.get("source")
    if not isinstance(source, str) or not source:
        return "windtunnel leak scan"
    summary = data.get("summary")
    if isinstance(summary, Mapping) and "cells" in summary:
        # "run ID" names a stored run; a report file may be named "run report.json" (review 28a)
        run = source.removeprefix("run ") if source.startswith("run ") and not source.endswith(".json") else None
        what = f"--from-run {shlex.quote(run)}" if run is not None else f"--from-report {shlex.quote(source)}"
    else:
        what = shlex.quote(source)
    return f"windtunnel leak scan {what} -f html -o report.html"


def _is_leak_report(data: object) -> bool:
    """Whether ``data`` has the core of a leak audit report (``items`` and a summary counting ``leaked_items``) and
    none of a run report (``run``, ``cells``)."""
    if not isinstance(data, dict) or "run" in data or "cells" in data:
        return False
    summary = data.get("summary")
    return isinstance(data.get("items"), list) and isinstance(summary, dict) and "leaked_items" in summary
