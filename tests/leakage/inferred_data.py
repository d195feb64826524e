"""Items whose task input is not named (no ``--derive-from``), built field by field, and the mined leaks on them.

Used by the tests of what mining reads as the inferred input and what it mines beside it: 180 items of three labels
in turn, each with a task, a reading and what ``make(rng, i, label)`` adds.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["reversed", "kept", "deferred"]
NAMES = ["Ada", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu", "Max", "Ned", "Oz", "Pia"]


def items(seed: int, make: Any, n: int = 180, labels: list[str] | None = None) -> list[LeakItem]:
    """``n`` items, the ``labels`` (default :data:`LABELS`) in turn, from ``random.Random(seed)``."""
    rng = random.Random(seed)
    labels = labels or LABELS
    out = []
    for i in range(n):
        label = labels[i % len(labels)]
        projection = {
            "task": "Decide the outcome.",
            "reading": {"value": round(rng.uniform(0, 100), 1), "by": rng.choice(NAMES)},
            **make(rng, i, label),
        }
        out.append(LeakItem(id=f"r{i}", expected=[label], projection=projection, label_set=labels))
    return out


def leaks(found: list[LeakItem]) -> Counter[str]:
    """Field template (list indices as ``*``) → items holding a mined leak (not for review) there."""
    out: Counter[str] = Counter()
    for _id, findings in mined_findings(found, mine(found)):
        for pointer in {
            "/".join("*" if p.isdigit() else p for p in f.pointer.split("/")) for f in findings if f.blocking
        }:
            out[pointer] += 1
    return out


def reviewed(found: list[LeakItem]) -> Counter[str]:
    """Field template (list indices as ``*``) → items holding a mined finding for review there."""
    out: Counter[str] = Counter()
    for _id, findings in mined_findings(found, mine(found)):
        for pointer in {
            "/".join("*" if p.isdigit() else p for p in f.pointer.split("/")) for f in findings if not f.blocking
        }:
            out[pointer] += 1
    return out
