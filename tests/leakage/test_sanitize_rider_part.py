"""A field's values cut at their riders only (``sanitize._part_span``): a value holding no rider keeps its bytes.

A status mail's subject names the project (``RE: PRJ-7495 October status``) on every record; on the leaking ones a
RAG tag rides in it (``RE: [RED] PRJ-5136 October status``). Mining finds the tagged subjects. The cut takes the tag
(and the words of the mined subjects beside it); the clean records' subjects hold no tag and stay byte for byte as
they were (before, the part differing from every label's common words, the project code, was cut on every record:
75 of 75 clean records of ds26's ``earned_value_status`` rewritten).
"""

from __future__ import annotations

import random
from pathlib import Path

from tests.leakage.items_file import sanitize_rows

LABELS = ["on track", "at risk", "off track"]
TAG = {"on track": "[GREEN]", "at risk": "[AMBER]", "off track": "[RED]"}
INPUT = ["/evm/cpi"]


def _rows(seed: int = 2, n: int = 150) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        cpi = round(rng.uniform(0.7, 1.1), 3)
        label = LABELS[0] if cpi >= 0.95 else LABELS[1] if cpi >= 0.85 else LABELS[2]
        code = f"PRJ-{rng.randint(1000, 9999)}"
        leak = rng.random() < 0.4
        subject = f"RE: {TAG[label] + ' ' if leak else ''}{code} October status"
        projection = {"evm": {"cpi": cpi}, "project": {"code": code}, "mail": [{"subject": subject}]}
        rows.append({"id": f"p{i}", "expected": label, "label_set": LABELS, "projection": projection, "leak": leak})
    return rows


def test_the_tag_is_cut_and_an_untagged_subject_keeps_its_bytes(tmp_path: Path) -> None:
    rows = _rows()
    _src, _out, after = sanitize_rows(tmp_path / "status.jsonl", rows, INPUT)
    for before, now in zip(rows, after, strict=True):
        subject = now["projection"]["mail"][0]["subject"]
        assert not any(tag in subject for tag in TAG.values())
        if not before["leak"]:
            assert now == before
