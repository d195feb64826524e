"""A seeded dataset whose answer rides on a code written only in encoded forms, and its no-signal twin.

Used by the tests of mining over the canonical views: a few hundred ticket items, four labels; every item
holds its label's code once, in one of four representations drawn per item — inside base64 after a prefix
of random length (so the encoded text shares no run between items), inside a snake_case or camelCase
identifier with a per-item number (``rule_ZK7_4821_inbound``, ``queue4821RouteZk7``), as character
references of random kinds (``&#90;&#x4B;&#55;``), or as a value of JSON held in a string, written out long
enough to read as prose. The code is never a whole token of the text as written, so mining the raw text
finds nothing; the rest of the item (summary words, description prose, reporter, dates) is drawn
independently of the label. ``signal=False`` draws the code independently of the label too.
"""

from __future__ import annotations

import base64
import json
import random
from pathlib import Path
from typing import Any

LABELS = ["Low", "Medium", "High", "Critical"]
CODES = {"Low": "ZK4", "Medium": "ZK3", "High": "ZK7", "Critical": "ZK9"}
ENCODINGS = ("base64", "identifier", "entities", "json")
_WORDS = ["login", "export", "invoice", "search", "upload", "report", "sync", "cache", "email", "profile"]
_PROSE = [
    "Users say the page does not load after the latest deploy and they keep retrying.",
    "The customer attached a screenshot of the error and asked for an update by tomorrow.",
    "It started this morning and seems to affect a handful of accounts in one region.",
    "Support reproduced it on a test account but could not find a workaround yet.",
]
_NAMES = ["ana", "bo", "chen", "dara", "eli", "fay", "gus", "hana"]


def encode(rng: random.Random, code: str, how: str) -> str:
    """``code`` written in the representation ``how`` (see the module), with per-item noise around it."""
    n = rng.randint(1000, 9999)
    if how == "base64":
        prefix = "".join(rng.choice("abcdefghij") for _ in range(rng.randint(3, 9)))
        return base64.b64encode(f"{prefix};route={code};n={n}".encode()).decode()
    if how == "identifier":
        if rng.random() < 0.5:
            return f"rule_{code}_{n}_inbound"
        return f"queue{n}Route{code.capitalize()}"
    if how == "entities":
        return "".join(f"&#{ord(c)};" if rng.random() < 0.5 else f"&#x{ord(c):X};" for c in code) + f" #{n}"
    doc = {"source": "legacy-crm", "received": f"2025-03-{rng.randint(10, 28)}", "route": code, "seq": n}
    return json.dumps(doc, indent=1)


def item(rng: random.Random, i: int, label: str, *, signal: bool, how: str | None = None) -> dict[str, Any]:
    """One ticket whose ``automation`` field holds the code of ``label`` (of a random label without ``signal``)."""
    code = CODES[label] if signal else rng.choice(list(CODES.values()))
    return {
        "id": f"E-{i}",
        "expected": label,
        "projection": {
            "ticket": {
                "key": f"OPS-{1000 + i}",
                "title": " ".join(rng.sample(_WORDS, 3)),
                "description": " ".join(rng.sample(_PROSE, 2)),
                "reporter": rng.choice(_NAMES),
                "created": f"2025-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}",
                "automation": encode(rng, code, how or rng.choice(ENCODINGS)),
            }
        },
    }


def dataset(n: int = 320, *, seed: int = 11, signal: bool = True, how: str | None = None) -> list[dict[str, Any]]:
    """``n`` items, labels drawn uniformly; ``how`` fixes one representation for every item."""
    rng = random.Random(seed)
    return [item(rng, i, rng.choice(LABELS), signal=signal, how=how) for i in range(n)]


def write(path: Path, records: list[dict[str, Any]]) -> Path:
    """``records`` as JSON Lines at ``path``."""
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path
