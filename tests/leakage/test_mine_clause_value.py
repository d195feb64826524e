"""A ``name: value`` clause in prose is a key-value pair (principle 3): its mined value is a leak, not an author's word.

Words of prose outside the named input that ride with the label are for review (an author may write the task's own
signal). A clause that is a sentence of its own, a name and a colon then one value (``Zeugnisnote laut Konferenz:
fünf.``), is a field written in prose: a value that rides with the label there is the answer written down, as in a
field. A word after a colon inside a longer sentence stays words of it.
"""

from __future__ import annotations

import random
from pathlib import Path

from tests.leakage.items_file import scan_items, write_rows
from windtunnel.leakage.mine import clause_value

LABELS = ["sehr gut", "gut", "befriedigend", "ausreichend", "mangelhaft"]
WORDS = {"sehr gut": "eins", "gut": "zwei", "befriedigend": "drei", "ausreichend": "vier", "mangelhaft": "fünf"}
INPUT = ["/kurs/punkte"]
TEACHERS = [
    "Becker",
    "Yilmaz",
    "Schulz",
    "Novak",
    "Weber",
    "Krause",
    "Hoffmann",
    "Lang",
    "Vogel",
    "Berger",
    "Kaya",
    "Roth",
    "Frank",
    "Jung",
    "Haas",
    "Graf",
    "Brandt",
    "Seidel",
    "Kraus",
    "Pohl",
    "Arnold",
    "Dietrich",
    "Engel",
    "Fuchs",
]
OPENERS = [
    "Gutschein für die Mensa wurde ausgegeben; Gutachten folgt.",
    "Elternabend am Donnerstag, Raum 204.",
    "Die Kursarbeit wurde fristgerecht abgegeben.",
]


def _label(points: int) -> str:
    return (
        LABELS[0]
        if points >= 13
        else LABELS[1]
        if points >= 10
        else LABELS[2]
        if points >= 7
        else (LABELS[3] if points >= 4 else LABELS[4])
    )


def _rows(seed: int, *, leak: bool, n: int = 125) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        points = rng.randint(1, 15)
        label = _label(points)
        word = WORDS[label] if leak else rng.choice(list(WORDS.values()))  # clean: another course's grade, random
        # on a third of the records, a few a label: each word too rare for the frames of a note filled in per record
        note = rng.choice(OPENERS) + (" Zeugnisnote laut Konferenz: " + word + "." if i % 3 == 0 else "")
        rows.append(
            {
                "id": f"k{i}",
                "expected": label,
                "label_set": LABELS,
                "projection": {"kurs": {"punkte": points, "fach": rng.choice(["Physik", "Chemie"])}, "bemerkung": note},
            }
        )
    return rows


def test_the_clause_value_is_read_as_a_value() -> None:
    text = "Gutschein für die Mensa wurde ausgegeben; Gutachten folgt. Zeugnisnote laut Konferenz: zwei."
    at = text.index("zwei")
    assert clause_value(text, (at, at + 4))
    text = "Note: the student was very happy with the result today."
    at = text.index("happy")
    assert not clause_value(text, (at, at + 5))


def test_a_grade_word_closing_a_note_is_a_leak_and_its_clean_twin_is_not_flagged(tmp_path: Path) -> None:
    rows = _rows(1, leak=True)
    report = scan_items(write_rows(tmp_path / "noten.jsonl", rows), INPUT)
    graded = [r["id"] for r in rows if "Zeugnisnote" in r["projection"]["bemerkung"]]
    assert sum(report[i]["leaked"] for i in graded) >= 0.8 * len(graded)
    assert not any(report[r["id"]]["leaked"] for r in rows if r["id"] not in graded)
    report = scan_items(write_rows(tmp_path / "noten_clean.jsonl", _rows(2, leak=False)), INPUT)
    assert not any(it["leaked"] for it in report.values())
