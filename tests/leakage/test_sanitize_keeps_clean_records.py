"""A sanitizer that does no harm: a clean record keeps its bytes, a leaking one is still rewritten (issue #25, point 5).

Found on ds16 (session 29), where ``leak sanitize --mine --derive-from`` rewrote 18.9 % of the clean datasets' records
although the scan in mode (b) flagged 0.6 % of them. Two of its causes, each a rule that read the input as a leak, each
checked here on data of our own, both ways:

* the blind agent read a number computed from the input's numbers (a log's board-foot volume from its diameter and
  length), outside the named input, as a rider of the grade; the sanitizer's blind rounds then blanked it on every
  record. A field the input's values fix across labels is the input's (:func:`~windtunnel.leakage.input_explained.
  input_fixed`); a field set from the label is not, and is still cut;
* grades ``1`` … ``5`` beside ``SG`` were not a numeric scale, so a measurement of 2 % under a field naming something
  else was the label ``2``: a scale of numbers with one label of another shape is still a scale.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from windtunnel.flows.leak import SanitizeRequest, sanitize_flow
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.scan import audit_item

GRADES = ["1", "2", "3", "4"]
DERIVE = ["/log/diameter_in", "/log/length_ft", "/log/clear_pct"]


def _grade(diameter: int, length: int, clear: float) -> str:
    if diameter >= 16 and length >= 10 and clear >= 83:
        return "1"
    if diameter >= 12 and clear >= 66:
        return "2"
    if diameter >= 9:
        return "3"
    return "4"


def _logs(n: int = 150, seed: int = 3, *, rider: bool = False) -> tuple[list[dict[str, Any]], list[bool]]:
    """Log tickets: the diameter, length and clear share are the input; the board-foot volume is computed from the
    diameter and length (Doyle's rule), outside the input. With ``rider``, a third of the records also carry the
    grade's code in a yard tag set from the grade (a leak), the rest a tag of no grade."""
    rng = random.Random(seed)
    recs, truth = [], []
    for i in range(n):
        diameter, length = rng.randrange(6, 25), rng.choice([8, 10, 12, 14, 16])
        clear = round(rng.uniform(55, 99), 1)
        grade = _grade(diameter, length, clear)
        leak = rider and rng.random() < 0.34
        log = {
            "diameter_in": diameter,
            "length_ft": length,
            "clear_pct": clear,
            "doyle_bf": round((diameter - 4) ** 2 * length / 16),
            "yard_tag": f"YT-{'ABCD'[int(grade) - 1]}" if leak else f"YT-Z{rng.randrange(9)}",
        }
        recs.append(
            {
                "id": f"log-{i:04d}",
                "expected": grade,
                "label_set": GRADES,
                "projection": {"ticket": {"no": 1000 + i, "truck": rng.randrange(1, 9)}, "log": log},
            }
        )
        truth.append(leak)
    return recs, truth


def _sanitize(tmp_path: Path, recs: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    raw = tmp_path / "logs.jsonl"
    raw.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    out = tmp_path / "logs.sanitized.jsonl"
    sanitize_flow(SanitizeRequest(dataset=raw, output=out, mine=True, derive_from=DERIVE))
    return raw.read_text(encoding="utf-8").splitlines(), out.read_text(encoding="utf-8").splitlines()


def test_a_number_the_input_computes_keeps_every_clean_records_bytes(tmp_path: Path) -> None:
    recs, _truth = _logs()
    before, after = _sanitize(tmp_path, recs)
    assert after == before  # byte for byte: the volume is the diameter and length read again, not the grade


def test_a_code_set_from_the_grade_is_still_cut_beside_it(tmp_path: Path) -> None:
    recs, truth = _logs(rider=True)
    before, after = _sanitize(tmp_path, recs)
    rewritten = [b != a for b, a in zip(before, after, strict=True)]
    leaking = [r for r, t in zip(rewritten, truth, strict=True) if t]
    assert leaking and all(leaking)  # every record holding the grade's code is rewritten
    for line in after:
        assert json.loads(line)["projection"]["log"]["doyle_bf"] != ""  # the volume is never blanked


def test_input_fixed_reads_the_computed_field_only() -> None:
    from windtunnel.leakage.input_explained import input_fixed  # new in session 29: imported here, so the rest run

    recs, _truth = _logs(rider=True)
    items = [LeakItem(id=r["id"], expected=[r["expected"]], projection=r["projection"]) for r in recs]
    fixed = input_fixed(items, [r["expected"] for r in recs], DERIVE)
    assert fixed == {"/log/doyle_bf"}  # not the yard tag set from the grade, nor the ticket's numbers
    assert input_fixed(items, [r["expected"] for r in recs], []) == frozenset()  # no input named: nothing fixed


WHEAT = ["1", "2", "3", "4", "5", "SG"]


def _wheat(expected: str, projection: dict[str, Any]) -> list[tuple[str, str]]:
    item = LeakItem(id="t", expected=[expected], projection=projection, label_set=WHEAT)
    return [(f.pointer, f.rule) for f in audit_item(item).findings if f.severity != "low"]


def test_a_measurement_on_a_scale_beside_one_other_label_is_no_grade() -> None:
    assert _wheat("2", {"sample": {"damaged_kernels_pct": 2, "test_weight_lb": 60.1}}) == []


def test_a_field_naming_the_grade_still_states_it_beside_one_other_label() -> None:
    assert ("/grade", "direct.value") in _wheat("2", {"sample": {"damaged_kernels_pct": 1.4}, "grade": 2})
