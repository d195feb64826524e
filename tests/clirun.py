"""Run the windtunnel CLI in-process, as the console script does, and return its exit code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from windtunnel.cli.app import main

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = "examples/support_agent/windtunnel.yaml"


def wt(*args: str) -> int:
    """``windtunnel ARGS...``: its exit code (0 when it returns without exiting)."""
    try:
        main(list(args))
    except SystemExit as ex:
        return int(ex.code or 0)
    return 0


def sanitized(tmp_path: Path, records: list[dict[str, Any]], *options: str) -> tuple[int, list[dict[str, Any]]]:
    """``windtunnel leak sanitize`` of ``records`` written as JSON Lines under ``tmp_path``, with ``options``: its exit
    code and the records it wrote."""
    data, out = tmp_path / "d.jsonl", tmp_path / "clean.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    code = wt("leak", "sanitize", str(data), "-o", str(out), *options)
    return code, [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def small_example(tmp_path: Path, **changes: Any) -> Path:
    """The bundled example's config cut to two prompts and one mutation, without replays, with ``changes`` (None
    drops a key), written to ``tmp_path/windtunnel.yaml``."""
    data = yaml.safe_load((REPO / EXAMPLE).read_text(encoding="utf-8"))
    data.update(golden_prompts=data["golden_prompts"][:2], mutations={"count": 1, "types": ["paraphrase"]})
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    data.pop("replays", None)
    path = tmp_path / "windtunnel.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path
