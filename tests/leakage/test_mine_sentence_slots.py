"""The filler of a sentence many records carry is a value of the frame's field (:mod:`.sentence_slots`).

ds35 ``aspect_ratio``: a mail quoted in the scan's thread reads ``Confirmed with the DoP this is scope; QC the mattes
against that.``, the filler the trade's name for the ratio, each name on two to seven records; ds35 ``anemia_oms``: a
reference lab's line ``Interpretation (ref. lab, EN): mild anaemia per WHO criteria.``, ``mild`` on four records.
Mining read the sentences as words, for review, and no filler was mined alone: 14 leaks missed.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from windtunnel.flows.leak import SanitizeRequest, ScanRequest, sanitize_flow, scan_flow
from windtunnel.leakage.sentence_slots import find_frames, frame_candidates, sentence_keys, slot_values

RATIOS = {"1.33": "4:3 full-frame (academy)", "1.66": "European widescreen", "1.85": "flat", "2.39": "scope"}
ASIDES = ["Also check the audio levels on reel {n}.", "Reel {n} goes to the grader on Monday.", "Thanks, Sam."]


def _scans(path: Path, *, leak: bool) -> Path:
    """200 scans; about one in four carries the DoP's confirmation, the ratio's trade name (``leak``) or one drawn
    apart from the ratio."""
    rng = random.Random(7)
    labels = list(RATIOS)
    with path.open("w", encoding="utf-8") as f:
        for i in range(200):
            label = labels[i % 4]
            width = round(1080 * float(label))
            lines = [f"From: post@studio.example\nSubject: reel {rng.randint(1, 9)}\n"]
            if i % 9 in (1, 4):
                name = RATIOS[label] if leak else RATIOS[rng.choice(labels)]
                lines.append(f"> Confirmed with the DoP this is {name}; QC the mattes against that.")
            else:
                lines.append("> Please look at the mattes before the conform.")
            lines.append(rng.choice(ASIDES).format(n=rng.randint(1, 9)))
            proj = {
                "instruction": "Snap the active picture's aspect ratio to one of " + ", ".join(labels) + ".",
                "probe": {"w": width, "h": 1080},
                "thread": " ".join(lines),
            }
            row = {"id": f"s{i:03d}", "expected": label, "label_set": labels, "projection": proj}
            f.write(json.dumps(row) + "\n")
    return path


def test_frames_and_fillers() -> None:
    texts = [
        "Note. Confirmed with the DoP this is scope; QC the mattes against that.",
        "Confirmed with the DoP this is European widescreen; QC the mattes against that. Reel 4 next.",
        "Confirmed with the DoP this is 16:9 HD; QC the mattes against that.",
        "Pilot boarded at the pilot station without delay.",
    ]
    held: dict[tuple[str, tuple[str, ...]], set[int]] = {}
    for n, text in enumerate(texts):
        for toks in sentence_keys(text):
            held.setdefault(("/thread", toks), set()).add(n)
    frames = find_frames(held)
    assert [f.template for f in frames["/thread"]] == [
        "/thread/confirmed with the dop this is … ; qc the mattes against that ."
    ]
    values = slot_values(held, frames)
    assert {k[2] for k in values} == {"scope", "european widescreen", "#:# hd"}
    for text, filler, written in (
        (texts[0], "scope", "scope"),
        (texts[1], "european widescreen", "European widescreen"),
    ):
        found = list(frame_candidates([("/thread", "/thread", text)], frames))
        assert len(found) == 1
        key, pointer, (a, b) = found[0]
        assert key[2] == filler and pointer == "/thread" and text[a:b] == written  # at the filler's own characters


def test_a_filler_riding_with_the_label_is_found(tmp_path: Path) -> None:
    data = _scans(tmp_path / "leak.jsonl", leak=True)
    out = scan_flow(ScanRequest(dataset=data, mine=True, derive_from=["/probe"], keep=None))
    leaking = {f"s{i:03d}" for i in range(200) if i % 9 in (1, 4)}
    flagged = {a.item for a in out.audits if a.leaked}
    assert len(flagged & leaking) >= len(leaking) - 2
    assert not flagged - leaking


def test_a_filler_apart_from_the_label_is_not(tmp_path: Path) -> None:
    data = _scans(tmp_path / "clean.jsonl", leak=False)
    out = scan_flow(ScanRequest(dataset=data, mine=True, derive_from=["/probe"], keep=None))
    assert out.summary["leaked_items"] == 0


def test_sanitize_cuts_the_filler_and_keeps_the_sentence(tmp_path: Path) -> None:
    data = _scans(tmp_path / "leak.jsonl", leak=True)
    res = sanitize_flow(
        SanitizeRequest(dataset=data, output=tmp_path / "o.jsonl", mine=True, derive_from=["/probe"], mode="span")
    )
    assert res.status == "passed"
    rows = [json.loads(line) for line in (tmp_path / "o.jsonl").read_text(encoding="utf-8").splitlines()]
    threads = [r["projection"]["thread"] for r in rows]
    assert not any(name in t for t in threads for name in RATIOS.values())
    assert sum("QC the mattes against that." in t for t in threads) == sum(i % 9 in (1, 4) for i in range(200))
