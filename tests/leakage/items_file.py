"""Write generated eval items as the JSON Lines dataset a user's ``leak`` command reads."""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Sequence
from pathlib import Path

from windtunnel.flows.leak import SanitizeRequest, ScanRequest, sanitize_flow, scan_flow
from windtunnel.leakage import LeakItem


def write_items(path: Path, items: Iterable[LeakItem], labels: Sequence[str]) -> Path:
    """``items`` as records ``{id, expected, label_set, projection}`` (the first expected label; ``labels`` the label
    set), one per line, at ``path``; returns ``path``."""
    rows = (
        json.dumps({"id": it.id, "expected": it.expected[0], "label_set": list(labels), "projection": it.projection})
        for it in items
    )
    path.write_text("".join(r + "\n" for r in rows), encoding="utf-8")
    return path


def write_rows(path: Path, rows: Iterable[dict]) -> Path:
    """``rows`` (records as a user writes them) one per line at ``path``; returns ``path``."""
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def scan_items(path: Path, derive_from: Sequence[str]) -> dict[str, dict]:
    """``leak scan PATH --mine --derive-from ... --format json --show-values``: its items by id."""
    out = io.BytesIO()
    req = ScanRequest(dataset=path, fmt="json", stream=out, mine=True, derive_from=list(derive_from), show_values=True)
    scan_flow(req)
    return {it["id"]: it for it in json.loads(out.getvalue())["items"]}


def sanitize_rows(path: Path, rows: Iterable[dict], derive_from: Sequence[str]) -> tuple[Path, Path, list[dict]]:
    """``rows`` written at ``path``, then ``leak sanitize PATH -o OUT --mine --derive-from ...``: the input, the
    output (``<stem>.sanitized.jsonl`` beside it) and the output's records."""
    src = write_rows(path, rows)
    out = path.with_name(path.stem + ".sanitized.jsonl")
    sanitize_flow(SanitizeRequest(dataset=src, output=out, mine=True, derive_from=list(derive_from)))
    return src, out, [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
