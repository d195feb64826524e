"""A seeded dataset whose answer rides on things no rule names (a glyph, a code), and a no-signal twin.

Used by the mining and blind-baseline tests: a few hundred ticket items, four labels; every item's
``badge`` holds a glyph and its title a code that always go with its label, while the rest (summary
words, description prose, reporter, dates) is drawn independently of the label.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

LABELS = ["Low", "Medium", "High", "Critical"]
GLYPHS = {"Low": "▽", "Medium": "◇", "High": "★", "Critical": "‼"}
CODES = {"Low": "Q4", "Medium": "Q3", "High": "Q2", "Critical": "Q1"}
_WORDS = [
    "login",
    "export",
    "invoice",
    "search",
    "upload",
    "report",
    "dashboard",
    "sync",
    "cache",
    "email",
    "billing",
    "profile",
    "api",
    "mobile",
    "timeout",
    "error",
    "slow",
    "broken",
    "missing",
    "fails",
    "crash",
    "blank",
    "stuck",
    "wrong",
    "duplicate",
]
_PROSE = [
    "Users say the page does not load after the latest deploy and they keep retrying.",
    "The customer attached a screenshot of the error and asked for an update by tomorrow.",
    "It started this morning and seems to affect a handful of accounts in one region.",
    "Support reproduced it on a test account but could not find a workaround yet.",
    "The issue was reported twice by the same team during the weekly sync meeting.",
    "Logs show repeated retries from the client and a spike in response times overnight.",
]
_NAMES = ["ana", "bo", "chen", "dara", "eli", "fay", "gus", "hana"]


def item(rng: random.Random, i: int, label: str, *, signal: bool) -> dict[str, Any]:
    words = " ".join(rng.sample(_WORDS, 3))
    code = CODES[label] if signal else rng.choice(list(CODES.values()))
    glyph = GLYPHS[label] if signal else rng.choice(list(GLYPHS.values()))
    return {
        "id": f"T-{i}",
        "expected": label,
        "projection": {
            "ticket": {
                "key": f"OPS-{1000 + i}",
                "title": f"{code} {words}",
                "badge": glyph,
                "description": " ".join(rng.sample(_PROSE, 2)),
                "reporter": rng.choice(_NAMES),
                "created": f"2025-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}",
            }
        },
    }


def dataset(n: int = 320, *, seed: int = 7, signal: bool = True) -> list[dict[str, Any]]:
    """``n`` items, labels drawn uniformly; ``signal=False`` draws the glyph and code independently too."""
    rng = random.Random(seed)
    return [item(rng, i, rng.choice(LABELS), signal=signal) for i in range(n)]


def write(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path
