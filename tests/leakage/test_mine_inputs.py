"""Without ``--derive-from``, mined words of the task's input are for review; a code riding with the label is a leak.

A dataset whose short review title is the task's input (a few phrases per label, on every record) gives mined values
riding with the label that are the task's signal, not a shortcut: no test over the file tells them apart from a code,
but their field does — it is on most records, it is text, and one label's records write it in several ways. Mining
reads such a field as the task's input when the owner has not named it, and gives its words for review (with the
field named in the summary); a code in a field set from the label (one text per label, or on some records only) stays
a leak, and so does a code written inside the input. With ``--derive-from`` nothing is inferred.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import wt as run
from windtunnel import leak
from windtunnel.leakage.candidates import text_like
from windtunnel.leakage.mine import graded, in_words, mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["positive", "neutral", "negative"]
TITLES = {
    "positive": ["Love it", "Great buy", "Works like a charm", "Five stars from me"],
    "neutral": ["It is fine", "Does the job", "Average at best", "Nothing special"],
    "negative": ["Terrible", "Broke in a week", "Do not buy", "Waste of money"],
}
CODES = {"positive": "ZK7", "neutral": "ZK4", "negative": "ZK1"}
DESKS = {
    "positive": "Sent to the praise desk",
    "neutral": "Sent to the general desk",
    "negative": "Sent to the care desk",
}


def _record(rng: random.Random, n: int, label: str, *, code: bool, desk: bool, tagged: bool) -> dict[str, Any]:
    title = rng.choice(TITLES[label])
    review: dict[str, Any] = {
        "sku": f"SKU-{rng.randint(10000, 99999)}",
        "title": f"[{CODES[label]}] {title}" if tagged else title,
        "votes": rng.randint(0, 40),
    }
    if code:  # an upstream step set on some records: its queue code rides with the label
        review["queue"] = f"{CODES[label]}-{rng.randint(1, 3)}"
    if desk:  # one text per label, on every record: a code book written in words
        review["routing"] = DESKS[label]
    return {
        "id": f"r{n}",
        "expected": label,
        "label_set": LABELS,
        "projection": {"prompt": "Label the review's sentiment.", "review": review},
    }


def _dataset(seed: int, *, code: bool = False, desk: bool = False, tagged: bool = False, n: int = 240) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        out.append(_record(rng, i, label, code=code and rng.random() < 0.5, desk=desk, tagged=tagged))
    return out


def _items(rows: list[dict]) -> list[LeakItem]:
    return [LeakItem(id=r["id"], expected=[r["expected"]], projection=r["projection"], label_set=LABELS) for r in rows]


def _write(tmp_path: Path, rows: list[dict]) -> Path:
    path = tmp_path / "reviews.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _severities(rows: list[dict], derive_from: tuple[str, ...] = ()) -> dict[str, set[str]]:
    """Pointer → the severities of the mined findings there."""
    items = _items(rows)
    result = mine(items, derive_from=derive_from)
    out: dict[str, set[str]] = {}
    for _id, found in mined_findings(items, result, derive_from=derive_from):
        for f in found:
            out.setdefault(f.pointer.split("/")[-1], set()).add(f.severity)
    return out


@pytest.mark.parametrize(
    ("text", "free"),
    [
        ("Love it", True),
        ("Terrible", True),
        ("disk usage at 86% on /var", True),
        ("Broke in a week, do not buy.", True),
        ("101", True),
        ("SLA-P2-8H", False),
        ("refund_desk", False),
        ("queue=RFD-2 confidence=0.87", False),
        ("ai-review:🟡", False),
        ("★", False),
    ],
)
def test_text_like_tells_words_and_numbers_from_codes(text: str, free: bool) -> None:
    assert text_like(text) is free


def test_a_code_among_the_words_is_not_words() -> None:
    title = "[ZK7] Love it"
    assert in_words(("token", "", "love"), title, (6, 10))
    assert not in_words(("token", "", "zk7"), title, (1, 4))
    assert not in_words(("token", "", "h"), "Q-H123 printer", (2, 3))  # a letter run of a code
    assert in_words(("value", "/t", "Love it"), "Love it", None)


def test_the_inputs_words_are_for_review_and_a_code_beside_them_a_leak() -> None:
    rows = _dataset(1, code=True)
    assert _severities(rows) == {"title": {"low"}, "queue": {"medium"}}
    inputs = mine(_items(rows)).inputs
    assert "/review/title" in inputs and "/review/queue" not in inputs and "/review/sku" not in inputs


def test_with_derive_from_nothing_is_inferred() -> None:
    rows = _dataset(2, code=True)
    assert "title" not in _severities(rows, ("title",))
    assert mine(_items(rows), derive_from=("title",)).inputs == []
    # naming another field as the input: the title's words are a shortcut again, as the owner decided
    assert _severities(rows, ("prompt",)) == {"title": {"medium"}, "queue": {"medium"}}


def test_one_text_per_label_on_every_record_is_a_leak() -> None:
    """A code book written in words (one routing sentence per label) is not varied within a label: not the input."""
    rows = _dataset(3, desk=True)
    sev = _severities(rows)
    assert sev["routing"] == {"medium"}
    assert sev["title"] == {"low"}


def test_a_code_written_inside_the_input_stays_a_leak() -> None:
    rows = _dataset(4, tagged=True)
    items = _items(rows)
    result = mine(items)
    assert "/review/title" in result.inputs
    found = dict(mined_findings(items, result))
    assert len(found) == len(rows)  # every record holds its label's code in its title
    for fs in found.values():
        codes = [f for f in fs if f.value in {c.casefold() for c in CODES.values()}]
        assert codes and all(f.severity == "medium" for f in codes)


def test_scan_and_sanitize_leave_the_inputs_words_for_review(tmp_path: Path) -> None:
    clean = _write(tmp_path, _dataset(5))
    out = leak.scan(clean)
    assert out.status == "passed"
    mined = out.summary["mined"]
    assert mined["suggestions"] > 0 and mined["items_for_review"] == mined["items_with_findings"] > 0
    assert mined["review_fields"] == ["/review/title"]
    assert leak.scan(clean, derive_from=["title"]).summary["mined"]["suggestions"] == 0
    done = leak.sanitize(clean, tmp_path / "clean.out.jsonl")
    assert done.status == "passed"
    assert (tmp_path / "clean.out.jsonl").read_bytes() == clean.read_bytes()  # the input is left as it was

    leaking = _write(tmp_path, _dataset(6, code=True))
    out = leak.scan(leaking, keep=1000)
    assert out.status == "failed"
    truth = {r["id"]: "queue" in r["projection"]["review"] for r in _dataset(6, code=True)}
    assert {a.item for a in out.audits if a.leaked} == {i for i, t in truth.items() if t}


def test_the_terminal_summary_names_the_fields_and_the_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clean = _write(tmp_path, _dataset(7))
    assert run("leak", "scan", str(clean), "--limit", "0") == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "for review only: words of /review/title, read as the task's input as no --derive-from names it" in out
    assert "0 leaked" in out
    assert run("leak", "scan", str(clean), "--limit", "0", "--derive-from", "/review/title") == 0
    assert "for review only" not in capsys.readouterr().out


def _scored(seed: int, *, stage: bool = False, n: int = 240) -> list[LeakItem]:
    """A panel's decision read from one reviewer's score of 1 to 5 (decline low, fund high, every 1 a decline): few
    values, so not varied within a label. ``stage``: a workflow stage set from the label on a third of the records
    (``awarded`` …), a neutral ``in review`` on the rest."""
    rng = random.Random(seed)
    weights = {"decline": [4, 4, 2, 0, 0], "resubmit": [0, 2, 4, 3, 1], "fund": [0, 0, 1, 4, 5]}
    stages = {"decline": "declined", "resubmit": "returned", "fund": "awarded"}
    out = []
    for i in range(n):
        label = rng.choice(sorted(weights))
        score = rng.choices([1, 2, 3, 4, 5], weights=weights[label])[0]
        projection: dict[str, Any] = {"panel": {"score": score, "stage": "in review"}}
        if stage and rng.random() < 1 / 3:
            projection["panel"]["stage"] = stages[label]
        out.append(LeakItem(id=f"g{i}", expected=[label], projection=projection, label_set=sorted(weights)))
    return out


def test_a_score_whose_values_shift_the_odds_is_the_input() -> None:
    items = _scored(8)
    result = mine(items)
    assert "/panel/score" in result.inputs
    assert all(not f.blocking for _id, fs in mined_findings(items, result) for f in fs)  # a score of 1: for review


def test_a_stage_set_from_the_label_beside_neutral_values_stays_a_leak() -> None:
    items = _scored(9, stage=True)
    result = mine(items)
    assert "/panel/stage" not in result.inputs  # one neutral value beside one value per label
    stated = {
        i for i, fs in mined_findings(items, result) if any(f.blocking and f.pointer == "/panel/stage" for f in fs)
    }
    assert stated == {it.id for it in items if it.projection["panel"]["stage"] != "in review"}


def test_graded_needs_two_values_held_by_several_labels_and_differing() -> None:
    from collections import Counter

    shifting = [Counter(a=20, b=10), Counter(a=5, b=25), Counter(c=9)]
    assert graded(shifting)
    alike = [Counter(a=20, b=20), Counter(a=21, b=19), Counter(c=9)]  # neutral values drawn apart from the label
    assert not graded(alike)
    assert not graded([Counter(a=20, b=20), Counter(c=9)])  # one neutral value beside one per label
