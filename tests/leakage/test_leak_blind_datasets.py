"""The scoring of ``benchmarks/leak_blind_datasets.py`` (the auditor on whole blind datasets).

Two parts: the scoring from given step outputs (exact counts, no auditor), and one tiny dataset run through the
product's steps in this process, where a code rides with one label in some records: what the benchmark reports
for it is checked against what that dataset is built to show (the naive scan blind to the code, mining naming
it, the truth never written to the file the auditor reads).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from benchmarks import leak_blind_datasets as bench


def _record(i: int, label: str, leak: bool, projection: Any) -> dict[str, Any]:
    return {
        "id": f"t-{i:03d}",
        "expected": label,
        "label_set": ["High", "Low"],
        "target": "priority",
        "projection": projection,
        "truth": {"leak": leak},
    }


def _base(exit_code: int, verdict: str, rate: float, p: float, **more: Any) -> tuple[str, dict[str, Any]]:
    """A baseline step's output, as ``step_baseline`` returns it (chance 0.6 by the majority)."""
    summary = {"exit": exit_code, "verdict": verdict, "pass_rate": rate, "chance": 0.6, "chance_model": "majority"}
    return "ok", {**summary, "p_value": p, **more}


def test_the_scoring_counts_records_and_verdicts_from_the_steps_outputs() -> None:
    records = [
        _record(0, "High", True, {"body": "High priority"}),  # naive finds it
        _record(1, "High", True, {"body": "code Z9"}),
        _record(2, "Low", True, {"body": "code Q4"}),
        _record(3, "Low", False, {"body": "all quiet"}),
        _record(4, "High", False, {"body": "a high shelf"}),  # naive flags it
    ]
    ds = bench.Dataset("toy", records, ["body"])

    def scan(flags: list[bool]) -> tuple[str, Any]:
        return "ok", [{"id": r["id"], "leaked": f, "findings": []} for r, f in zip(records, flags, strict=True)]

    suggestion = {"pointer": "", "value": "z9", "label": "High", "purity": 1.0, "support": 5, "holders": [1, 4]}
    outs = {
        "scan": scan([True, True, False, True, False]),
        "scan_derive": scan([True, True, True, False, False]),
        "mine": ("ok", {"suggestions": [suggestion], "own": [False, True, False, False, True], "description": ""}),
        "baseline": _base(1, "leak", 0.8, 0.001),
        "copy": _base(0, "inconclusive", 0.6, 0.5),
        "sanitized": _base(0, "at-chance", 0.4, 0.9, changed=[True, True, False, False, True]),
    }
    s = bench.score(ds, outs)
    assert (s.records, s.leaking) == (5, 3)
    assert (s.recall["scan"].hit, s.recall["scan"].n) == (2, 3)
    assert (s.false_alarms["scan"].hit, s.false_alarms["scan"].n) == (1, 2)
    assert (s.recall["scan_derive"].hit, s.false_alarms["scan_derive"].hit) == (3, 0)
    assert (s.recall["naive"].hit, s.false_alarms["naive"].hit) == (1, 1)
    assert s.scan_exit == {"scan": 1, "scan_derive": 1}
    # Half of the records holding the top candidate leak: below the share that names the leak.
    assert s.mine_found == 1 and s.mine_names_leak is False and s.mine_naming == 0
    assert (s.mine_covers.hit, s.mine_covers.n) == (1, 3)  # record 4 holds it but is clean
    assert s.blind_exit == 1 and s.blind_line.startswith("leak 0.80 vs 0.60")
    assert (s.copy_exit, s.sanitized_exit) == (0, 0)
    assert (s.rewritten.hit, s.rewritten.n, s.rewritten_clean.hit, s.rewritten_clean.n) == (2, 3, 1, 2)

    # A step that hung flags nothing and decides nothing; the dataset still counts.
    hung = bench.score(ds, {**outs, "scan_derive": ("hang", None), "baseline": ("error", "boom")})
    assert hung.recall["scan_derive"].hit == 0 and "scan_derive" not in hung.scan_exit
    assert hung.blind_exit is None and hung.status["baseline"] == "error: boom"
    # Records are matched by position: an output that does not hold one entry per record is an error, not a score.
    short = bench.score(ds, {**outs, "mine": ("ok", {"suggestions": [], "own": [True], "description": ""})})
    assert short.status["mine"] == "error: 1 records in its output, 5 in the file" and short.mine_found is None

    clean = bench.score(
        bench.Dataset("quiet", records[3:4], []),
        {
            "scan": ("ok", [{"id": "t-003", "leaked": False, "findings": []}]),
            "mine": ("ok", {"suggestions": [], "own": [False], "description": ""}),
            "baseline": _base(0, "at-chance", 0.5, 0.6),
            "copy": _base(1, "leak", 0.9, 0.001),
        },
    )
    t = bench.totals([s, clean])
    assert (t["recall"]["scan_derive"].hit, t["recall"]["scan_derive"].n) == (3, 3)
    assert (t["fa_leaking"]["naive"].hit, t["fa_leaking"]["naive"].n) == (1, 2)
    assert (t["fa_clean"]["scan"].hit, t["fa_clean"]["scan"].n) == (0, 1)
    leaking, cleaned = t["verdicts"]["blind baseline (exit 1)"]
    assert (leaking.hit, leaking.n, cleaned.hit, cleaned.n) == (1, 1, 1, 1)
    leaking, cleaned = t["verdicts"]["copy baseline (exit 1)"]
    assert (leaking.hit, cleaned.hit) == (0, 0)
    leaking, cleaned = t["verdicts"]["leak scan (b) (exit 1)"]
    assert (leaking.hit, cleaned.hit, cleaned.n) == (1, 0, 1)  # "quiet" had no (b) scan: not called clean
    assert (t["blind_after_sanitize"].hit, t["blind_after_sanitize"].n) == (1, 1)
    assert (t["rewritten"]["clean, leaking datasets"].hit, t["rewritten"]["clean datasets"].n) == (1, 0)


def _tiny(rng: random.Random) -> list[dict[str, Any]]:
    """40 tickets; 24 carry an SLA code that rides with their label (``Q7`` with High, ``Q2`` with Low)."""
    out = []
    for i in range(40):
        label = "High" if i % 2 else "Low"
        leak = i < 24
        ticket: dict[str, Any] = {
            "key": f"OPS-{rng.randint(1000, 9999)}",
            "description": rng.choice(["the export is slow", "login fails on the portal", "a typo on the page"]),
            "reporter": rng.choice(["ana", "bo", "cal", "dee"]),
        }
        if leak:
            ticket["sla"] = f"SLA-{'Q7' if label == 'High' else 'Q2'}"
        out.append(_record(i, label, leak, {"ticket": ticket}))
    return out


def test_a_tiny_dataset_through_the_products_steps(tmp_path: Path) -> None:
    ds = bench.Dataset("tiny", _tiny(random.Random(7)), ["/ticket/description"])
    s, outs = bench.measure(ds, bench.in_process, tmp_path)
    written = (tmp_path / "tiny.jsonl").read_text(encoding="utf-8")
    assert "truth" not in written and written.count("\n") == 40
    assert all(st == "ok" for st in s.status.values()), s.status
    assert (s.records, s.leaking) == (40, 24)
    assert s.recall["naive"].hit == 0  # the code is no label word
    top = outs["mine"][1]["suggestions"][0]
    assert {top["value"].casefold(), *map(str.casefold, top.get("also", []))} & {"q7", "q2", "sla-q7", "sla-q2"}
    assert s.mine_names_leak is True and s.mine_naming == len(outs["mine"][1]["suggestions"])
    assert s.recall["scan"].hit == 24 and s.false_alarms["scan"].hit == 0  # the mined code, on every leaking record
    assert s.blind_exit == 1  # 24 of 40 answered by the code: above chance
    assert s.copy_exit == 0  # copy reads the per-item scan, which names no code: at chance
    # The sanitizer (with the mined values) rewrites every leaking record and keeps the clean ones' bytes; the
    # blind baseline on its output no longer shows the leak.
    assert (s.rewritten.hit, s.rewritten.n, s.rewritten_clean.hit, s.rewritten_clean.n) == (24, 24, 0, 16)
    assert s.sanitized_exit == 0
    assert not list(tmp_path.glob("*.sanitized.jsonl"))  # the sanitized copy is removed
    assert json.loads(written.splitlines()[0])["id"] == "t-000"
