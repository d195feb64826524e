"""A mined value of several words loses the part that differs from what every label's records hold there, not the
whole value (qa-pass-18-leak #9); a field blanked at one place of a list is blanked there on every item, not at every
place of the list. The datasets are invented."""

from __future__ import annotations

import json
import random
from pathlib import Path

from windtunnel.flows.leak import SanitizeRequest, sanitize_flow
from windtunnel.leakage.edit_watch import EliminationWatch
from windtunnel.leakage.value_parts import common_words, differing_span, leaning

LABELS = ["ship", "hold", "cancel"]
TAG = {"ship": "[q:s1]", "hold": "[q:h2]", "cancel": "[q:c3]"}
INSTRUCTION = "Act as the order desk of Borealis Tools."


def _desk_rows(*, tagged_words: bool = True) -> list[dict[str, object]]:
    """180 chats: an instruction on every item, with a queue tag per label appended on 40 % of every label's items;
    a user turn (the task's input) and an agent turn alike on every label."""
    rng = random.Random(7)
    goods = ["drill", "saw", "clamp", "ladder", "sander", "vice"]
    rows: list[dict[str, object]] = []
    for i in range(180):
        lab = LABELS[i % 3]
        system = INSTRUCTION + (f" {TAG[lab]}" if rng.random() < 0.4 and tagged_words else "")
        thing = rng.choice(goods)
        turns = [
            {"role": "system", "content": system},
            {"role": "user", "content": f"Order {rng.randint(1000, 9999)} for a {thing}, where is it now?"},
            {"role": "assistant", "content": f"Let me look up your {thing} for you."},
        ]
        rows.append({"id": f"d{i}", "expected": lab, "label_set": LABELS, "projection": {"turns": turns}})
    return rows


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_a_tagged_instruction_loses_the_tag_and_keeps_the_instruction(tmp_path: Path) -> None:
    """The tagged instruction is mined whole for each label; the sanitizer cuts the tag, the one word the other
    labels' records do not hold there, so each tagged item reads the untagged instruction (before: blanked whole)."""
    rows = _desk_rows()
    data, clean = _write(tmp_path / "d.jsonl", rows), tmp_path / "c.jsonl"
    sanitize_flow(SanitizeRequest(dataset=data, output=clean, mine=True, derive_from=["/turns/1/content"]))
    done = [json.loads(line) for line in clean.read_text().splitlines()]
    systems = {d["projection"]["turns"][0]["content"] for d in done}
    assert systems == {INSTRUCTION}
    tagged = sum(" [q:" in r["projection"]["turns"][0]["content"] for r in rows)  # type: ignore[index]
    assert tagged > 50
    for raw, out in zip(rows, done, strict=True):  # the other turns keep their bytes
        assert raw["projection"]["turns"][1:] == out["projection"]["turns"][1:]  # type: ignore[index]


def test_a_clean_instruction_keeps_its_bytes(tmp_path: Path) -> None:
    rows = _desk_rows(tagged_words=False)
    data, clean = _write(tmp_path / "d.jsonl", rows), tmp_path / "c.jsonl"
    sanitize_flow(SanitizeRequest(dataset=data, output=clean, mine=True, derive_from=["/turns/1/content"]))
    assert clean.read_bytes() == data.read_bytes()


def test_the_part_that_differs() -> None:
    common = common_words([("Act as the desk. [q:s1]", "a"), ("Act as the desk.", "b"), ("Act as the desk.", "a")])
    assert common == {"act", "as", "the", "desk"}
    value = "Act as the desk. [q:s1]"
    span = differing_span(value, common)
    assert span is not None and value[: span[0]] + value[span[1] :] == "Act as the desk."
    middle = "Act [q:s1] as the desk."
    span = differing_span(middle, common)
    assert span is not None and middle[: span[0]] + middle[span[1] :] == "Act as the desk."
    # No part to keep (every word differs), nothing to point at (every word common), or one word: the whole value.
    assert differing_span("[q:s1] [x]", common) is None
    assert differing_span("act as the desk", common) is None
    assert differing_span("EXQ-OSD-DAL", frozenset({"exq", "dal"})) is None  # a code is one word
    assert common_words([("a b", "x"), ("a c", "x")]) == frozenset()  # one label: nothing to compare


def test_kept_words_that_lean_to_a_label_are_a_leak() -> None:
    """`cage dock 1` where a cage code was (mostly two labels), `dock 1` elsewhere (mostly the third): the word left
    tells what went."""
    kept = [("cage dock 1", "a")] * 16 + [("cage dock 1", "b")] * 16 + [("cage dock 1", "c")] * 2
    kept += [("dock 1", "a")] * 10 + [("dock 1", "b")] * 10 + [("dock 1", "c")] * 24
    assert leaning(kept)
    assert not leaning([("Act as the desk.", lab) for lab in "abc" * 20])


def test_a_blank_at_one_place_of_a_list_names_that_place() -> None:
    """A closing turn blanked on one label's items at the fifth place of each transcript: the field to blank on every
    item is that place, not every turn's content."""
    watch = EliminationWatch()
    for lab in ("L", "L", "L"):
        watch.add({"t": ["hi", "done: L"]}, {"t": ["hi", ""]}, (lab,))
    for lab in ("M", "N"):
        watch.add({"t": ["hi", "ok"]}, {"t": ["hi", "ok"]}, (lab,))
    assert watch.templates() == ["/t/1"]
    assert watch.fields() == ["/t/*"]  # shown as the field


NOTE = "Upstream triage: customer contacted support; see ticket."
FRENCH = {
    "refund": "Upstream triage: Le client sera rembourse integralement.",
    "replace": "Upstream triage: Nous enverrons un produit neuf.",
    "repair": "Upstream triage: L'appareil part a l'atelier.",
    "reject": "Upstream triage: La demande est hors garantie.",
}


def _triage_rows(noted: tuple[str, ...]) -> list[dict[str, object]]:
    """200 return requests of four labels, each with an upstream note opening `Upstream triage:`; on 12 items of each
    label of ``noted`` the note is a sentence of its own per label (mined whole), on the others the same clean note."""
    rng = random.Random(3)
    labels = list(FRENCH)
    goods = ["kettle", "toaster", "blender", "lamp", "fan"]
    rows: list[dict[str, object]] = []
    for i in range(200):
        lab = labels[i % 4]
        note = FRENCH[lab] if lab in noted and i // 4 % 4 == 0 and i < 192 else NOTE
        days, order = rng.randint(3, 400), rng.randint(1000, 9999)
        body = f"My {rng.choice(goods)} bought {days} days ago stopped working; order {order}."
        projection = {"ticket": {"body": body}, "agent_notes": note}
        rows.append({"id": f"t{i}", "expected": lab, "label_set": labels, "projection": projection})
    return rows


def _notes_after(tmp_path: Path, rows: list[dict[str, object]]) -> list[tuple[str, str, str]]:
    data, clean = _write(tmp_path / "t.jsonl", rows), tmp_path / "c.jsonl"
    sanitize_flow(SanitizeRequest(dataset=data, output=clean, mine=True, derive_from=["/ticket/body"]))
    done = [json.loads(line) for line in clean.read_text().splitlines()]
    return [
        (str(r["expected"]), r["projection"]["agent_notes"], d["projection"]["agent_notes"])  # type: ignore[index]
        for r, d in zip(rows, done, strict=True)
    ]


def test_a_mined_note_keeps_the_words_every_labels_notes_open_with(tmp_path: Path) -> None:
    """QA pass 21 finding 6: each label's own sentence after the `Upstream triage:` every label's notes open with is
    mined whole; the sanitizer cuts the sentence and keeps the prefix (before: the note blanked to ``""``), and the
    clean notes keep their bytes."""
    got = _notes_after(tmp_path, _triage_rows(tuple(FRENCH)))
    cut = [(lab, after) for lab, before, after in got if before != NOTE]
    assert len(cut) == 48 and {lab for lab, _ in cut} == set(FRENCH)
    assert {after for _, after in cut} == {"Upstream triage:"}
    assert all(after == NOTE for _, before, after in got if before == NOTE)


def test_a_kept_prefix_on_some_labels_items_only_is_not_kept(tmp_path: Path) -> None:
    """The same with two labels' sentences only: `Upstream triage:` left on the refund and replace items alone (no
    lean between those two) would rule out repair and reject, which a draw of 24 items all but never misses; the
    test of a draw keeps the sentences blanked whole, as before (the clean notes, prose, keep their bytes)."""
    got = _notes_after(tmp_path, _triage_rows(("refund", "replace")))
    assert all(after == ("" if before != NOTE else NOTE) for _, before, after in got)
    assert sum(before != NOTE for _, before, _ in got) == 24


def test_two_kept_prefixes_one_per_label_are_not_kept(tmp_path: Path) -> None:
    """Every label's clean notes open with `Upstream triage:` or `Review note:`, but refund's mined sentences open with
    the one and reject's with the other: each prefix kept would name its label, though the cut items together fall on
    the labels as a draw would. Each kept text is tested on its own: the sentences are blanked whole."""
    rng = random.Random(5)
    mined = {"refund": "Upstream triage: Le client sera rembourse.", "reject": "Review note: La demande est refusee."}
    clean = ["Upstream triage: customer contacted support.", "Review note: customer contacted support."]
    rows: list[dict[str, object]] = []
    for i in range(120):
        lab = list(mined)[i % 2]
        note = mined[lab] if i < 14 else rng.choice(clean)
        body = f"My kettle bought {rng.randint(3, 400)} days ago stopped working; order {rng.randint(1000, 9999)}."
        rows.append(
            {
                "id": f"t{i}",
                "expected": lab,
                "label_set": list(mined),
                "projection": {"ticket": {"body": body}, "agent_notes": note},
            }
        )
    data, out = _write(tmp_path / "t.jsonl", rows), tmp_path / "c.jsonl"
    sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=True, derive_from=["/ticket/body"]))
    done = [json.loads(line) for line in out.read_text().splitlines()]
    kept = {
        d["projection"]["agent_notes"]
        for r, d in zip(rows, done, strict=True)
        if r["projection"]["agent_notes"] in mined.values()
    }  # type: ignore[index]
    assert kept == {""}


def test_blanks_left_on_one_label_keep_the_sentences_whole(tmp_path: Path) -> None:
    """Beside the four labels' mined sentences, three reject items' notes are a sentence blanked whole: kept prefixes
    would leave the only blanks on reject's items (and the elimination watch would then blank the field on every
    record). The sentences are blanked whole, as before, and the clean notes keep their bytes."""
    rows = _triage_rows(tuple(FRENCH))
    for row in [r for r in rows if r["expected"] == "reject" and r["projection"]["agent_notes"] == NOTE][:3]:  # type: ignore[index]
        row["projection"]["agent_notes"] = "Dossier clos definitivement."  # type: ignore[index]
    got = _notes_after(tmp_path, rows)
    assert all(after == NOTE for _, before, after in got if before == NOTE)
    assert all(after == "" for _, before, after in got if before != NOTE)
