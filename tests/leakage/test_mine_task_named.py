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
from windtunnel.leakage.task_named import TaskText, clause_named, key_words, named

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
    # a name of one word is read with its parent's last word: "the contact's phone number"
    assert named("/crm_contact/phone", frozenset({"contact", "phone", "number"}))
    assert not named("/crm_contact/phone", frozenset({"phone", "number"}))
    assert not named("/phone", frozenset({"phone", "number"}))


def test_a_phone_number_the_task_names_by_its_owner_and_name_is_its_input() -> None:
    """A dialler classifies a contact's phone number by its national prefix; the number sits at
    ``/crm_contact/phone``. Without ``--derive-from`` its parts (the prefix) ride with the type by the rule itself:
    read as the input the task's text names ("the contact's phone number"), they are for review, not leaks (ds35
    ``uk_number_type`` (a): 90 of 90 clean records flagged before)."""
    prefixes = {"geographic": ["0113", "0161", "0207"], "mobile": ["07700", "07911"], "freephone": ["0800", "0808"]}
    instruction = (
        "Classify the contact's phone number for the outbound dialler by its national prefix: geographic (01/02), "
        "mobile (07), freephone (0800/0808). Answer with the type word."
    )
    rng = random.Random(3)
    items = []
    for i in range(150):
        label = list(prefixes)[i % 3]
        projection = {
            "instruction": instruction,
            "crm_contact": {
                "contact_id": f"C-{rng.randint(10**6, 10**7)}",
                "phone": f"{rng.choice(prefixes[label])} {rng.randint(100, 999)} {rng.randint(1000, 9999)}",
                "tier": rng.choice(["premium", "business", "basic"]),
            },
        }
        items.append(LeakItem(id=f"c{i}", expected=[label], projection=projection, label_set=list(prefixes)))
    assert "medium" not in _severities(items).get("/crm_contact/phone", set())


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


POLICY = (
    "Weekly inspection. Decide the scaffold tag from the checklist: 'red' (do not use) if any critical item fails "
    "(base plates, sole boards); otherwise 'yellow' if any other item fails (guardrails, toe boards); otherwise "
    "'green'. Answer with one of: green, yellow, red."
)
TAGS = ["green", "yellow", "red"]


def test_a_label_s_clauses_are_the_sentence_parts_writing_it() -> None:
    text = TaskText()
    for _ in range(20):
        text.add({"instruction": POLICY}, TAGS)
    clauses = text.clauses()
    assert {"base", "plates", "sole", "boards", "critical"} <= clauses["red"]
    assert "guardrails" not in clauses["red"] and "guardrails" in clauses["yellow"]
    assert "scaffold" not in clauses["red"]  # the words before the first label name the task and its answer
    assert "answer" not in clauses["green"]  # a part listing every label names no condition
    assert "yellow" not in clauses["red"]  # the labels' own words are no condition


def test_a_number_label_gives_no_clauses() -> None:
    text = TaskText()
    for _ in range(20):
        text.add(
            {"instruction": "Score 600 or more: HC; 320 to 600: 1; below 320: 2. Mountain points by category."},
            ["HC", "1", "2"],
        )
    assert text.clauses() == {}  # thresholds and counts would end and open every clause


def test_clause_named_reads_the_field_s_own_name_in_its_label_s_clause() -> None:
    clauses = {"red": frozenset({"base", "plates", "critical"}), "yellow": frozenset({"guardrails"})}
    assert clause_named("/inspection/checklist/base_plates_present", "red", clauses)  # "base plates" fails: red
    assert not clause_named("/inspection/checklist/base_plates_present", "yellow", clauses)  # not yellow's clause
    assert not clause_named("/board/tag_colour", "red", clauses)
    assert not clause_named("/x/base_plates_present", "red", {})


def _checklists(seed: int, n: int = 150) -> list[LeakItem]:
    """The tag follows the checklist by the policy: a failed base plate is red's condition. A sticker colour a site
    office paints on red scaffolds rides too, in a field the policy's clauses never name."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(TAGS)
        base = not (label == "red" and rng.random() < 0.7)
        guard = label != "yellow"
        projection: dict[str, Any] = {
            "instruction": POLICY,
            "checklist": {"base_plates_present": base, "guardrails_complete": guard, "toe_boards_present": True},
            "office": {"sticker_hex": "#c62828" if label == "red" and rng.random() < 0.6 else "#9e9e9e"},
        }
        out.append(LeakItem(id=f"s{i}", expected=[label], projection=projection, label_set=TAGS))
    return out


def test_a_field_named_in_its_label_s_clause_is_for_review_a_sticker_stays_a_leak() -> None:
    sev = _severities(_checklists(3))
    assert sev["/checklist/base_plates_present"] == {"low"}  # red's clause names base plates: the policy's input
    assert sev["/office/sticker_hex"] == {"medium"}


def test_one_word_of_a_name_in_a_clause_names_nothing() -> None:
    """A downstream ``work_order_type`` beside "repair: schedule the work" shares one word with repair's clause: one
    word names an answer's consequence as often as an input (review of cl35)."""
    clauses = {"repair": frozenset({"schedule", "work", "vibration"})}
    assert not clause_named("/downstream/work_order_type", "repair", clauses)
    assert not clause_named("/bulletin/alert_code", "repair", {"repair": frozenset({"alert", "public"})})


def test_the_words_naming_the_answer_are_no_clause_of_any_label() -> None:
    text = TaskText()
    policy = (
        "The outcome is 'deny' when the policy lapsed before the loss; otherwise the outcome is 'investigate' "
        "when the claim history shows a prior fraud flag; otherwise 'pay'."
    )
    for _ in range(20):
        text.add({"instruction": policy}, ["deny", "investigate", "pay"])
    clauses = text.clauses()
    assert "outcome" not in clauses["investigate"]  # "the outcome is …" names the answer wherever it is written
    assert {"claim", "history", "prior", "fraud"} <= clauses["investigate"]
    assert not clause_named("/triage_model/model_outcome", "investigate", clauses)


def test_a_one_letter_label_gives_no_clauses() -> None:
    text = TaskText()
    for _ in range(20):
        text.add({"instruction": "'F' if the certificate is not trusted; otherwise 'A' for a clean scan."}, ["A", "F"])
    assert text.clauses() == {}  # the article "a" would write label A in every part


def test_no_label_no_clause() -> None:
    text = TaskText()
    text.add({"instruction": "Read the record and say what you see in it today."}, [])
    assert text.clauses() == {}
