"""With ``--derive-from``, prose outside the named input is mined, both ways.

A review bot's summary is a sentence of eight words or more with a verdict glyph in it: prose, so mining without
``derive_from`` leaves it alone (it may be the content the task is read from). Once the owner names the input
(the ticket body), a glyph riding with the label inside that sentence is a shortcut and is mined and found, at
its span, as a leak; so is a whole sentence the records of one label carry word for word (a canned summary). Words
of such prose riding with the label are for review (an author's note may carry the task's own signal). The same
glyph drawn apart from the label gives nothing, and the named input is still not mined.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.clirun import wt as run
from tests.leakage.items_file import write_items
from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["low", "medium", "high"]
GLYPH = {"low": "◇", "medium": "◆", "high": "★"}
WORDS = ["printer", "invoice", "login", "export", "badge", "laptop", "vpn", "mailbox", "calendar", "upload", "sync"]


def _dataset(seed: int, *, leak: bool, n: int = 240) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        glyph = GLYPH[label] if leak else rng.choice(list(GLYPH.values()))
        files, confidence = rng.randint(2, 9), rng.randint(10, 99)
        summary = f"Automated pre-check summary: {glyph} ({files} files scanned, confidence 0.{confidence})"
        body = " ".join(rng.choice(WORDS) for _ in range(12))
        projection = {"ticket": {"body": body}, "timeline": [{"author": "precheck[bot]", "body": summary}]}
        out.append(LeakItem(id=f"t{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


DERIVE = ["/ticket/body"]


def test_a_glyph_in_a_sentence_outside_the_input_is_mined_with_derive_from() -> None:
    items = _dataset(3, leak=True)
    assert not mine(items).suggestions  # without the input named, the sentence may be the content
    result = mine(items, derive_from=DERIVE)
    glyphs = {s.value: s.label for s in result.suggestions if s.kind == "token"}
    assert glyphs == {g: lab for lab, g in GLYPH.items()}
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    assert len(flagged) == len(items)
    by_id = {it.id: it for it in items}
    for item_id, findings in flagged.items():
        text = by_id[item_id].projection["timeline"][0]["body"]
        assert all(f.pointer == "/timeline/0/body" and f.span is not None for f in findings)
        # a leak: a glyph is a code written among the words, not words of the note (those are for review below)
        assert all(f.severity == "medium" and "for review" not in f.detail for f in findings)
        assert {text[f.span[0] : f.span[1]] for f in findings if f.span} == {GLYPH[by_id[item_id].expected[0]]}


CANNED = {
    "low": "Automated pre-check: nothing unusual found in the attached files today.",
    "medium": "Automated pre-check: a few settings look off, a person should glance at it.",
    "high": "Automated pre-check: the attached files break the release policy outright.",
}
NOTE_WORD = {"low": "cosmetic", "medium": "partial", "high": "blocking"}


def _notes(seed: int, *, canned: bool, n: int = 240) -> list[LeakItem]:
    # a bot's canned summary per label, or an author's note whose one word rides with the label among words drawn
    # for each record
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        if canned:
            note = CANNED[label]
        else:
            words = [rng.choice(WORDS) for _ in range(8)]
            note = " ".join([*words[:4], NOTE_WORD[label], *words[4:]])
        projection = {"ticket": {"body": " ".join(rng.choice(WORDS) for _ in range(12))}, "review": {"note": note}}
        out.append(LeakItem(id=f"t{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_a_sentence_one_label_carries_word_for_word_outside_the_input_is_a_leak() -> None:
    items = _notes(4, canned=True)
    result = mine(items, derive_from=DERIVE)
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    assert len(flagged) == len(items)
    for findings in flagged.values():
        whole = [f for f in findings if f.span is None and f.pointer == "/review/note"]
        assert whole and all(f.severity == "medium" for f in whole)


def test_words_of_a_note_outside_the_input_are_for_review() -> None:
    items = _notes(5, canned=False)
    result = mine(items, derive_from=DERIVE)
    assert {(s.value, s.label) for s in result.suggestions if s.kind == "token"} >= {
        (w, lab) for lab, w in NOTE_WORD.items()
    }
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    assert len(flagged) == len(items)
    assert all(f.severity == "low" and "for review" in f.detail for fs in flagged.values() for f in fs)


def test_the_same_glyph_drawn_apart_from_the_label_gives_nothing() -> None:
    for seed in range(3):
        items = _dataset(seed, leak=False)
        result = mine(items, derive_from=DERIVE)
        assert not result.suggestions, seed
        assert not dict(mined_findings(items, result, derive_from=DERIVE))


def test_the_terminal_line_says_why_prose_outside_the_named_input_is_for_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With --derive-from the words for review are prose outside the named input; the summary line said "read as
    the task's input as no --derive-from names it", false and telling the user to pass the option they passed
    (qa-pass-17-leak)."""
    path = tmp_path / "tickets.jsonl"
    write_items(path, _notes(5, canned=False), LABELS)
    assert run("leak", "scan", str(path), "--limit", "0", "--derive-from", DERIVE[0]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "for review only: words of /review/note, prose outside --derive-from" in out
    assert "as no --derive-from names it" not in out


# A hazard panel's conclusion, written after the decision on some records only: two long paraphrases per label (too
# long to be mined as whole values), each carried word for word by the records it was given to; the rest hold null.
CONCLUSION = {
    "low": [
        "The review panel found that exposure to the product is not likely to cause any adverse consequence for "
        "users, and the finding is regulatory only.",
        "No adverse consequence for users is expected from exposure to the product; the violation found by the panel "
        "is regulatory only and minor.",
    ],
    "medium": [
        "The review panel found that exposure to the product may cause temporary or reversible adverse consequences, "
        "a serious outcome being remote.",
        "Expected effects of exposure to the product are temporary and reversible for users; the panel considers a "
        "serious outcome remote in every case.",
    ],
    "high": [
        "The review panel found a reasonable probability that exposure to the product will cause serious adverse "
        "consequences or death of users.",
        "Exposure to the product is reasonably likely to result in serious adverse consequences or death, the panel "
        "concluded, even in healthy users.",
    ],
}
HAZARD = {"low": ["label typo", "missing lot code"], "medium": ["foreign matter", "undeclared sulfite"]}
HAZARD["high"] = ["salmonella", "undeclared peanut"]


def _panel(seed: int, *, by_input: bool, n: int = 240) -> list[LeakItem]:
    # ``by_input``: the conclusion follows the hazard named in the input (each hazard its own paraphrase), and the
    # label follows the hazard: the text tells the label only as the input does
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        hazard = rng.randrange(2)
        reason = f"{HAZARD[label][hazard]} found in lot {rng.randint(100, 999)} of " + " ".join(
            rng.choice(WORDS) for _ in range(6)
        )
        concluded = rng.random() < 0.4
        conclusion = CONCLUSION[label][hazard if by_input else rng.randrange(2)] if concluded else None
        projection = {"recall": {"reason": reason}, "evaluation": {"conclusion": conclusion}}
        out.append(LeakItem(id=f"r{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


PANEL_INPUT = ["/recall/reason"]


def test_words_of_a_text_one_label_carries_word_for_word_outside_the_input_are_a_leak() -> None:
    # the conclusions are too long to be mined whole; their words are mined, and each record's text is one its
    # label's records share word for word: a sentence picked by the label, not an author's note (was for review)
    items = _panel(6, by_input=False)
    result = mine(items, derive_from=PANEL_INPUT)
    assert not [s for s in result.suggestions if s.kind == "value" and s.pointer == "/evaluation/conclusion"]
    flagged = dict(mined_findings(items, result, derive_from=PANEL_INPUT))
    concluded = {it.id for it in items if it.projection["evaluation"]["conclusion"]}
    assert set(flagged) == concluded
    for findings in flagged.values():
        assert all(f.pointer == "/evaluation/conclusion" for f in findings)
        assert all(f.severity == "medium" and "word for word" in f.detail for f in findings)


def test_a_canned_text_the_input_tells_stays_unflagged() -> None:
    # the twin: each conclusion follows the hazard the input names, so its words tell the label as the input does
    items = _panel(6, by_input=True)
    result = mine(items, derive_from=PANEL_INPUT)
    flagged = dict(mined_findings(items, result, derive_from=PANEL_INPUT))
    assert not [f for fs in flagged.values() for f in fs if f.blocking]


# An auto-summary written for each group of reasons the input names (three reasons per outcome, one summary per
# group), long enough to be prose; the outcome follows the reason. The summary is a function of the input's reason.
REASON = {
    "low": ["cosmetic scratch", "wrong colour", "late by a day"],
    "medium": ["missing part", "loose hinge", "slow start"],
    "high": ["does not power on", "burnt smell", "cracked casing"],
}
GROUP_SUMMARY = {
    lab: f"Auto-summary: the reason selected is one our policy routes to the {queue} queue, where it is handled "
    "once the item is received back at the warehouse and checked by a person."
    for lab, queue in zip(LABELS, ["courtesy", "standard", "priority"], strict=True)
}


def test_a_canned_text_picked_by_several_values_of_an_input_field_stays_unflagged() -> None:
    # no one reason holds a group's records, and no input word does (each reason its own words): the text is
    # still the input's, as every record holding one of the group's reasons carries it (was 235 of 240 flagged)
    rng = random.Random(7)
    items = []
    for i in range(240):
        group = rng.choice(LABELS)
        label = group if rng.random() < 0.97 else rng.choice(LABELS)
        projection = {
            "ticket": {"reason": rng.choice(REASON[group]), "message": " ".join(rng.choice(WORDS) for _ in range(12))},
            "intake": {"summary": GROUP_SUMMARY[group]},
        }
        items.append(LeakItem(id=f"s{i}", expected=[label], projection=projection, label_set=LABELS))
    derive = ["/ticket/reason", "/ticket/message"]
    result = mine(items, derive_from=derive)
    flagged = dict(mined_findings(items, result, derive_from=derive))
    assert not [f for fs in flagged.values() for f in fs if f.blocking]


EVALUATION = {
    "low": "Panel finding, after reading the firm's file and the lab results: exposure to the product is unlikely "
    "to lead to any adverse health effect in the people who used it.",
    "medium": "Panel finding, after reading the firm's file and the lab results: exposure to the product may lead to "
    "a temporary or reversible adverse health effect in the people who used it.",
    "high": "Panel finding, after reading the firm's file and the lab results: exposure to the product is reasonably "
    "likely to lead to a serious adverse health effect in the people who used it.",
}


def test_a_canned_text_across_groups_of_one_case_each_is_still_a_leak() -> None:
    # recall events of 3-5 products, one class per event (texts too long to be mined whole), the event id in the
    # input: every record of an event
    # carries its evaluation, but an event id says nothing by itself (a few records of one case), and the text is
    # canned per class across many events — the label's text, not the input's (picked_by_values cleared it)
    rng = random.Random(1)
    nouns = [*WORDS, "apple", "brick", "cloud", "delta", "eagle", "flame", "grape", "house", "ivory"]
    items = []
    for e in range(60):
        label = rng.choice(LABELS)
        event = {"event_id": str(90000 + 7 * e), "reason": " ".join(rng.choice(nouns) for _ in range(10))}
        for _ in range(rng.randint(3, 5)):
            projection = {
                "recall": {**event, "product": " ".join(rng.choice(nouns) for _ in range(6))},
                "evaluation": {"summary": EVALUATION[label]},
            }
            items.append(LeakItem(id=f"e{len(items)}", expected=[label], projection=projection, label_set=LABELS))
    derive = ["/recall/event_id", "/recall/reason", "/recall/product"]
    result = mine(items, derive_from=derive)
    flagged = dict(mined_findings(items, result, derive_from=derive))
    blocking = {i for i, fs in flagged.items() if any(f.blocking and f.pointer == "/evaluation/summary" for f in fs)}
    assert len(blocking) == len(items)


# A reply a tool fills in per record once the case is decided: one template per label, its slots filled with the
# applicant's first name (shown nowhere else in the record), a unit's code and a count. No two replies are equal, and
# each is too long to be mined whole (over 120 characters), so its words are what is mined.
REPLY = {
    "low": "Dear {name}, we regret to inform you that your application for membership was not retained by the board "
    "at its meeting this month.",
    "medium": "Dear {name}, your application is accepted but no unit of {n} rooms is free at the moment: your name is "
    "now on our waiting list.",
    "high": "Dear {name}, we are pleased to offer you unit {unit} ({n} rooms) in the east building of the cooperative. "
    "Please confirm by Friday.",
}
SHARED_REPLY = (
    "Dear {name}, the board has read your application for membership at its meeting this month and its outcome is "
    "{word}; write back soon."
)


def _replies(seed: int, *, per_label: bool, n: int = 240) -> list[LeakItem]:
    # ``per_label``: each label its own template; else one template for every label, its slot the label's word
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        template = REPLY[label] if per_label else SHARED_REPLY
        reply = template.format(
            name="".join(rng.choice("bdklmnrstv") + rng.choice("aeiou") for _ in range(3)).title(),
            n=rng.randint(1, 3),
            unit=f"{rng.randint(1, 4)}{rng.choice('ABCDEF')}",
            word=NOTE_WORD[label],
        )
        body = " ".join(rng.choice(WORDS) for _ in range(12))
        projection = {"application": {"body": body}, "emails": [{"body": reply}] if rng.random() < 0.4 else []}
        out.append(LeakItem(id=f"a{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


REPLY_INPUT = ["/application"]


def test_words_of_a_reply_filled_in_per_record_outside_the_input_are_a_leak() -> None:
    # each reply is its own text (the name, the unit, the count): word for word, no label's records carry one; but
    # for those slots they carry their label's template, so its words are a leak (were for review)
    items = _replies(7, per_label=True)
    result = mine(items, derive_from=REPLY_INPUT)
    flagged = dict(mined_findings(items, result, derive_from=REPLY_INPUT))
    replied = {it.id for it in items if it.projection["emails"]}
    assert set(flagged) == replied
    for findings in flagged.values():
        assert all(f.pointer == "/emails/0/body" and f.severity == "medium" for f in findings)
        # its words say why; a letter of the unit's code is a code among the words, a leak as before
        assert all("word for word" in f.detail for f in findings if len(f.value) > 1)


def test_a_frame_every_label_fills_in_stays_for_review() -> None:
    # the twin: one frame for every label, the label's word in a slot; the frame is no sentence one label carries,
    # so the word riding with the label stays for review, as an author's word would
    items = _replies(7, per_label=False)
    result = mine(items, derive_from=REPLY_INPUT)
    assert {(s.value, s.label) for s in result.suggestions if s.kind == "token"} >= {
        (w, lab) for lab, w in NOTE_WORD.items()
    }
    flagged = dict(mined_findings(items, result, derive_from=REPLY_INPUT))
    assert flagged
    assert all(f.severity == "low" and "for review" in f.detail for fs in flagged.values() for f in fs)
