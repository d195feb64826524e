"""A word ending a short field of a line of such fields is a value, not an author's words (leakage/field_lines.py).

Invented street-tree surveys: the risk rating follows from three fields of the assessment (``--derive-from``); a
surveyor's shorthand line (``Sp QURO / DBH 118 / ht 27 m / crown poor / RR Hi``) holds the rating itself, written
short, on some records. The line has more than six words, so mining read it as prose, whose words ride with the
label only for review: the rating was mined (``hi``, ``mod``) and never reported as a leak (ds33 ``tree_risk_traq``:
15 of 57 leaking records missed). A line parted by one separator into short segments whose names many records carry
alike is a record line; the word ending a segment after its name is that field's value (principle 3), as ``name:
value`` in prose is. A sentence holding ``and / or`` has long segments and stays words; lyrics quoted with `` / `` have
the shape but their lines, written anew per record, do not recur (review 46 F3).
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from windtunnel.flows.leak import ScanRequest, scan_flow
from windtunnel.leakage.field_lines import line_names, segment_value

RATINGS = ["low", "moderate", "high", "extreme"]
SHORT = {"low": "Lo", "moderate": "Mod", "high": "Hi", "extreme": "Ext"}
DERIVE = ["/assessment/failure", "/assessment/consequences"]


def _at(text: str, word: str) -> tuple[int, int]:
    i = text.rindex(word)
    return i, i + len(word)


@pytest.mark.parametrize(
    ("text", "word", "value"),
    [
        ("Sp QURO / DBH 118 / ht 27 m / crown poor / RR Hi", "Hi", True),
        ("Sp QURO / DBH 118 / ht 27 m / crown poor / RR Hi", "poor", True),
        ("pen 2 | lact 5 | LS 4", "4", True),
        ("Sp QURO / DBH 118 / ht 27 m / crown poor / RR Hi", "Sp", False),  # a name, not a value
        ("Sp QURO / DBH 118 | ht 27 m / RR Hi", "Hi", False),  # two separators: not one line of fields
        ("Crown poor / RR Hi", "Hi", False),  # two segments
        ("The crew will prune and / or fell the tree next week if the wind / rain allows, rated Hi", "Hi", False),
        ("Sp QURO / DBH 118 / ht 27 m / crown poor / RR Hi\nRecheck after storms, rated Mod", "Mod", False),
    ],
)
def test_segment_value(text: str, word: str, value: bool) -> None:
    known = {n for line in text.splitlines() for n in line_names(line)}
    assert segment_value(text, _at(text, word), known) is value
    assert not segment_value(text, _at(text, word), set())  # names no record carries alike: no line of fields


def test_line_names() -> None:
    assert line_names("Sp QURO / DBH 118 / ht 27 m / crown poor / RR Hi") == {("sp", "dbh", "ht #", "crown", "rr")}
    assert line_names("no fields here") == set()


def _rating(failure: int, consequences: int) -> str:
    return RATINGS[max(failure, consequences)]


def _records(n: int = 140, seed: int = 9) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        failure, consequences = i % 4, rng.randint(0, i % 4)
        label = _rating(failure, consequences)
        species = rng.choice(["QURO", "ACPS", "FREX", "TICO"])
        crown = rng.choice(["good", "fair", "poor"])
        line = f"Sp {species} / DBH {rng.randint(20, 130)} / ht {rng.randint(6, 30)} m / crown {crown}"
        leak = i % 5 < 2
        if leak:
            line += f" / RR {SHORT[label]}"
        projection = {
            "instruction": "Rate the tree's risk: low, moderate, high or extreme.",
            "assessment": {"failure": failure, "consequences": consequences},
            "field_sheet_shorthand": line,
            "notes": rng.choice(
                ["Prune and / or fell if the wind / rain allows.", "High footfall, bus stop opposite."]
            ),
        }
        out.append({"id": f"t{i}", "expected": label, "label_set": RATINGS, "projection": projection, "leak": leak})
    return out


def test_the_rating_in_a_field_sheet_line_is_a_leak_and_nothing_else(tmp_path: Path) -> None:
    records = _records()
    path = tmp_path / "trees.jsonl"
    path.write_text(
        "".join(json.dumps({k: v for k, v in r.items() if k != "leak"}) + "\n" for r in records), encoding="utf-8"
    )
    out = io.BytesIO()
    scan_flow(ScanRequest(dataset=path, fmt="json", stream=out, show_values=True, mine=True, derive_from=DERIVE))
    flagged = {it["id"] for it in json.loads(out.getvalue())["items"] if it["leaked"]}
    assert flagged == {r["id"] for r in records if r["leak"]}


WORDS = [
    *("walk", "down", "the", "empty", "road", "under", "falling", "light", "rivers", "run", "over", "stones"),
    *("city", "lights", "burning", "in", "rain", "hold", "me", "close", "until", "morning", "carry", "home"),
    *("nobody", "waits", "for", "us", "we", "smile", "again", "my", "heart", "your", "eyes"),
]


def test_lyrics_quoted_with_slashes_are_words(tmp_path: Path) -> None:
    """Review 46 F3: a song's mood follows from its audio features; its quoted lyrics, line breaks written `` / ``,
    have a line's shape, and a word ending a line (``dance``) rides with the mood. Each track's lines are its own: no
    record line, so the words stay for review, and no clean record is flagged."""
    rng = random.Random(3)
    moods = ["calm", "upbeat", "sad"]
    records = []
    for i in range(150):
        mood = moods[i % 3]
        words = [" ".join(rng.sample(WORDS, 3)) for _ in range(3)]  # each track's lines its own
        if mood == "upbeat":
            words[-1] += " dance"
        projection = {
            "audio": {"tempo": 60 + 40 * (i % 3), "valence": (i % 3) / 2},
            "lyrics_excerpt": " / ".join(words),
        }
        records.append({"id": f"s{i}", "expected": mood, "label_set": moods, "projection": projection})
    path = tmp_path / "songs.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    out = io.BytesIO()
    scan_flow(ScanRequest(dataset=path, fmt="json", stream=out, show_values=True, mine=True, derive_from=["/audio"]))
    assert not [it["id"] for it in json.loads(out.getvalue())["items"] if it["leaked"]]
