"""Without ``--derive-from``, a field the task's own text names is read as its input: what rides there is for review;
a field it does not name, or names only as the answer, keeps its leak.

Invented brewery batches: the disposition follows the policy the instruction states, and a plate still ``pending``
holds the batch for retest (the policy's own consequence, in the ``micro`` field the instruction names). A colour a
planning board paints on dumped batches rides too, in a field the instruction does not name, or names only in part
(``track`` of ``track_colour``); an outcome code under the name the instruction gives the answer rides as a leak.
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.task_named import TaskText, key_words, named

LABELS = ["release", "hold", "dump"]
INSTRUCTION = (
    "Decide the disposition for this batch from the lab values, the micro plating result and the tasting notes, "
    "keeping the track summary in mind. Answer with the outcome code: release, hold, or dump."
)


def _batches(seed: int, n: int = 150) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        projection: dict[str, Any] = {
            "instruction": INSTRUCTION,
            "lab": {"abv": round(rng.uniform(4, 6), 2)},
            "micro": {"plating_result": "pending" if label == "hold" else rng.choice(["clear", "clear", "low count"])},
            "board": {"track_colour": "#d32f2f" if label == "dump" else rng.choice(["#9e9e9e", "#607d8b"])},
            "screening": {"outcome": f"OC-{label[:2].upper()}" if rng.random() < 0.5 else "OC-NA"},
        }
        out.append(LeakItem(id=f"b{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def _severities(items: list[LeakItem]) -> dict[str, set[str]]:
    res = mine(items)
    out: dict[str, set[str]] = {}
    for _id, findings in mined_findings(items, res):
        for f in findings:
            out.setdefault(f.pointer, set()).add(f.severity)
    return out


def test_key_words_and_naming() -> None:
    assert key_words("/diagnostics/error_codes/3") == ["error", "codes"]
    assert key_words("/personnel/piTraining") == ["pi", "training"]
    words = frozenset({"error", "code", "wiper", "fault", "track", "summary"})
    assert named("/diagnostics/error_codes/*", words)  # codes / code: one word up to an ending
    assert not named("/diagnostics/wiper", words)  # one word names the answer as often as an input
    assert named("/diagnostics/wiper_fault", words)
    assert not named("/board/track_colour", words)  # every word of the name must be written
    assert not named("/x/wiper", frozenset())


def test_the_words_naming_the_answer_do_not_name_an_input() -> None:
    text = TaskText()
    for _ in range(20):
        text.add({"instruction": INSTRUCTION, "note": "a short note"}, LABELS)
    words = text.words()
    assert "micro" in words and "plating" in words
    assert "outcome" not in words and "code" not in words  # "Answer with the outcome code: release, …"
    assert "short" not in words  # fewer than five words: a value, not the task's text


def test_a_value_the_policy_ties_in_a_field_the_task_names_is_for_review_others_stay_leaks() -> None:
    sev = _severities(_batches(1))
    assert sev["/micro/plating_result"] == {"low"}
    assert sev["/board/track_colour"] == {"medium"}
    assert sev["/screening/outcome"] == {"medium"}


def test_with_the_input_named_the_task_text_is_not_read() -> None:
    items = _batches(2)
    res = mine(items, derive_from=["/lab", "/micro"])
    assert res.task_words == frozenset()
    assert "/micro/plating_result" not in {
        f.pointer for _id, fs in mined_findings(items, res, derive_from=["/lab", "/micro"]) for f in fs
    }


def test_a_code_book_in_a_field_the_task_names_stays_a_leak() -> None:
    """The instruction names the task's object ("the outcome of this appeal"); an upstream model's opaque code, one
    per label and pure, under the name ``appeal_outcome`` is the answer restated, not an input the task names."""
    labels = ["upheld", "dismissed", "remitted"]
    codes = {"upheld": "QX-7", "dismissed": "ZB-2", "remitted": "MW-5"}
    instruction = (
        "Predict the outcome of this appeal from the case file and the hearing notes. Labels: upheld, dismissed, "
        "remitted."
    )
    rng = random.Random(1)
    items = []
    for i in range(150):
        label = rng.choice(labels)
        projection = {
            "instruction": instruction,
            "case": {
                "file_ref": f"CF-{rng.randint(1000, 9999)}",
                "hearing_notes": rng.choice(["the panel heard both sides", "submissions were brief", "in person"]),
            },
            "upstream": {"appeal_outcome": codes[label] if rng.random() < 0.8 else "TT-0"},
        }
        items.append(LeakItem(id=f"a{i}", expected=[label], projection=projection, label_set=labels))
    assert named("/upstream/appeal_outcome", mine(items).task_words)  # the name is the instruction's
    assert _severities(items)["/upstream/appeal_outcome"] == {"medium"}
