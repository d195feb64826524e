"""Rows with a planted ``leak`` flag, sanitized through ``leak sanitize --mine`` (tests' shared helper)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from windtunnel.flows.leak import SanitizeRequest, sanitize_flow


def sanitized_rows(
    rows: Sequence[dict[str, Any]], tmp_path: Path, derive_from: Sequence[str]
) -> tuple[Path, list[tuple[dict[str, Any], str, str]]]:
    """Write ``rows`` without their ``leak`` flag, sanitize them with mining and ``derive_from``, check that no field's
    edits leak by elimination; the output's path and per row ``(row, line as read, line as written)``."""
    data, out = tmp_path / "d.jsonl", tmp_path / "o.jsonl"
    data.write_text("".join(json.dumps({k: v for k, v in r.items() if k != "leak"}) + "\n" for r in rows))
    res = sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=True, derive_from=list(derive_from)))
    assert res.summary["eliminated"] == []
    lines = zip(rows, data.read_text().splitlines(), out.read_text().splitlines(), strict=True)
    return out, list(lines)
