"""A short quotation in prose is a value of the slot the word before it names (:mod:`windtunnel.leakage.quoted`).

ds34 ``tempo_marking``: an editor's note cites the autograph's heading in English (``in the translator's English:
'at a walking pace'``), one phrase per tempo, each on two to six records. Mining read the note as words, for review,
and no phrase was held by enough records to be tested alone: 18 of 21 such leaks were missed. Read as the values of
one slot, the phrases form a code book.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from windtunnel.flows.leak import SanitizeRequest, ScanRequest, sanitize_flow, scan_flow
from windtunnel.leakage.quoted import quotations

TEMPI = {"Largo": (40, 59), "Adagio": (60, 72), "Andante": (73, 107), "Moderato": (108, 119), "Allegro": (120, 167)}
GLOSS = {
    "Largo": "broadly, very slowly",
    "Adagio": "slowly and at ease",
    "Andante": "at a walking pace",
    "Moderato": "neither fast nor slow",
    "Allegro": "fast, lively and bright",
}
REMARKS = [
    "Slur in bar 7 missing in the autograph; editorial.",
    "Check beaming in bars 12-14 before the proof goes out.",
    "Page turn after bar 32 must fall on a rest in every part.",
    "Fingering from the first edition retained throughout the movement.",
]


def _scores(path: Path, *, leak: bool) -> Path:
    """200 movements; one in seven carries the autograph's heading in English, its own phrase per tempo when
    ``leak``, else one drawn apart from the tempo."""
    rng = random.Random(11)
    labels = list(TEMPI)
    with path.open("w", encoding="utf-8") as f:
        for i in range(200):
            label = labels[i % len(labels)]
            low, high = TEMPI[label]
            note = rng.choice(REMARKS)
            if i % 7 == 1:
                gloss = GLOSS[label] if leak else GLOSS[rng.choice(labels)]
                note += f" Autograph heading, in the translator's English: '{gloss}'. Engrave the Italian term."
            proj = {
                "instruction": "Choose the tempo heading from the metronome mark: " + ", ".join(labels) + ".",
                "score": {"bpm": rng.randint(low, high), "publisher": rng.choice(["Henle", "Peters", "Schott"])},
                "editor_comment": note,
            }
            row = {"id": f"m{i:03d}", "expected": label, "label_set": labels, "projection": proj}
            f.write(json.dumps(row) + "\n")
    return path


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Kept. Autograph heading, in the translator's English: 'broadly, very slowly'. Engrave it.",
            [("english", "broadly, very slowly")],
        ),
        ('The caller said "my card was declined" and hung up.', [("said", "my card was declined")]),
        ("Heading “at a walking pace” in the sketch.", [("heading", "at a walking pace")]),
        ("He wrote: 'OK'", [("wrote", "OK")]),
        ("It's the driver's log and the crew's too.", []),  # apostrophes open nothing
        ("She said 'this sentence is far too long to be a value at all'.", []),  # speech, not a value
        ("Quoted 'a\" with marks that do not pair.", []),
        ("Code '42' only.", []),  # no letter: a number is read as a number
        ("Titre : « à pas lents ». Fin.", [("titre", "à pas lents")]),  # guillemets keep their blanks (review 47)
        (
            "The sketch wrote 'see tie beam' and the translator wrote 'at a walking pace'.",
            [("wrote", "see tie beam"), ("translator wrote", "at a walking pace")],  # a second one after the same word
        ),
        ("Heading (English) — 'at a walking pace' noted.", [("english", "at a walking pace")]),
    ],
)
def test_quotations(text: str, found: list[tuple[str, str]]) -> None:
    got = quotations(text)
    assert [(n, q) for n, q, _ in got] == found
    for _name, quote, (a, b) in got:
        assert text[a:b] == quote  # the span points at the quotation's own characters


def test_quoted_phrases_riding_with_the_label_are_found(tmp_path: Path) -> None:
    data = _scores(tmp_path / "leak.jsonl", leak=True)
    out = scan_flow(ScanRequest(dataset=data, mine=True, derive_from=["/score/bpm"], keep=None))
    leaking = {f"m{i:03d}" for i in range(1, 200, 7)}
    flagged = {a.item for a in out.audits if a.leaked}
    assert len(flagged & leaking) >= 26  # 29 leak; a phrase of few records cannot be told by data
    assert not flagged - leaking


def test_quoted_phrases_apart_from_the_label_are_not(tmp_path: Path) -> None:
    data = _scores(tmp_path / "clean.jsonl", leak=False)
    out = scan_flow(ScanRequest(dataset=data, mine=True, derive_from=["/score/bpm"], keep=None))
    assert out.summary["leaked_items"] == 0


def test_sanitize_cuts_the_quotation_not_the_note(tmp_path: Path) -> None:
    data = _scores(tmp_path / "leak.jsonl", leak=True)
    res = sanitize_flow(
        SanitizeRequest(dataset=data, output=tmp_path / "o.jsonl", mine=True, derive_from=["/score/bpm"], mode="span")
    )
    assert res.status == "passed"
    rows = [json.loads(line) for line in (tmp_path / "o.jsonl").read_text(encoding="utf-8").splitlines()]
    notes = [r["projection"]["editor_comment"] for r in rows]
    assert not any(g in n for n in notes for g in GLOSS.values())
    assert sum(n.startswith(tuple(REMARKS)) for n in notes) == 200  # the rest of each note is kept


@pytest.mark.xfail(
    strict=True,
    reason="open: dropping, per record, a quotation that is words of that record's input made its presence follow the "
    "label elsewhere (ds33 smtp_bounce: the instruction's 'Status:' dropped on the bounces whose mail holds Status:, "
    "kept on the auto-replies, 18 clean records flagged); the test wants a dataset-level reading",
)
def test_a_quotation_restating_the_input_is_the_inputs(tmp_path: Path) -> None:
    """Review 47 F1: an agent's note quoting a few words of the ticket (the task's input, which predicts the label)
    was read as a value of its own, and the clean records quoting it were flagged (62 → 99 of 240; the 62 are the
    note's words and the whole notes, as before)."""
    rng = random.Random(3)
    texts = {
        "low": "has a small visual glitch in the footer area only",
        "medium": "is slow for some users during peak business hours",
        "high": "fails for many users when they try to check out",
    }
    path = tmp_path / "tickets.jsonl"
    with path.open("w", encoding="utf-8") as f:
        for i in range(240):
            label = list(texts)[i % 3]
            text = rng.choice(["App", "Site", "Server"]) + " " + texts[label]
            words = text.split()
            k = rng.randint(2, 5)
            start = rng.randint(0, len(words) - k)
            quoted = " ".join(words[start : start + k])
            proj = {
                "ticket": {"text": text},
                "agent_note": f"Ticket reopened after the weekend freeze. Agent summary: customer reports '{quoted}' "
                "per the ticket.",
            }
            f.write(json.dumps({"id": f"t{i}", "expected": label, "label_set": list(texts), "projection": proj}))
            f.write("\n")
    out = scan_flow(ScanRequest(dataset=path, mine=True, derive_from=["/ticket"], keep=None))
    values = [
        f
        for a in out.audits
        for f in a.findings
        if f.blocking
        and f.pointer == "/agent_note"
        and f.span is not None
        and f.detail.startswith(("a value", "a field"))
    ]
    # the quotation, as a slot's value or a frame's filler; the note's words and the whole note ride with the label as
    # the ticket does and are judged as before
    assert values == []
