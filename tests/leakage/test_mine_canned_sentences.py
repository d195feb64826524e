"""A sentence of prose outside the named input that records of one label carry word for word is canned, though the
text around it is not: its mined words are a leak, not an author's words for review.

Invented shape: a harbour master sets a port's entry state (``open``, ``restricted``, ``closed``) from wave and wind
gauges (the named input). Each record carries the harbour's broadcast of the hour, assembled from template sentences
with a dozen slots filled per record (the information letter, the time, the wind, the swell, the pilot's boarding
point), so no two records carry the same broadcast. On half the records it ends with a sentence the entry state
chooses: ``PORT ENTRY SIGNAL GREEN FOR ALL VESSELS.``. Its colour word rides with the state; the sentence, read
alone, is one the state's records carry word for word. An author's two-sentence note with a word riding with the
state, written anew per record, stays for review; a chosen sentence the input picks (the swell band the input names
decides both) tells the label as the input does.
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.mine import _fills_slot, mine, mined_findings, sentence_reads
from windtunnel.leakage.model import LeakItem

LABELS = ["open", "restricted", "closed"]
COLOUR = {"open": "GREEN", "restricted": "AMBER", "closed": "RED"}
DERIVE = ["/gauges"]
WORDS = ["harbour", "tug", "line", "quay", "crane", "fender", "buoy", "pier", "shed", "ramp", "gate", "lamp", "chart"]


def _broadcast(rng: random.Random, label: str | None) -> str:
    text = (
        f"PORT {rng.choice('ABCDEFGH')} INFORMATION {rng.choice('KLMNPQ')} "
        f"{rng.randint(0, 23):02d}{rng.randint(0, 59):02d}Z. "
        f"PILOT BOARDING AT {rng.choice(['NORTH', 'SOUTH', 'OUTER'])} {rng.choice(['MARK', 'BUOY', 'STATION'])}. "
        f"WIND {rng.randint(0, 35) * 10} DEG {rng.randint(2, 40)} KT. "
        f"SWELL {rng.randint(1, 6)} M FROM {rng.choice(['WEST', 'NORTHWEST', 'SOUTHWEST'])}."
    )
    return text if label is None else f"{text} PORT ENTRY SIGNAL {COLOUR[label]} FOR ALL VESSELS."


def _dataset(seed: int, *, by_input: bool = False, n: int = 180) -> list[LeakItem]:
    # ``by_input``: the sentence follows the swell band the input names (calm GREEN, moderate AMBER, rough RED), and
    # the state follows the band and the wave height: calm is always open, rough always closed, moderate any of the
    # three by height, so the sentence tells the state only as the input does; a quay lamp showing the state's colour
    # on every fourth record (a leak of its own) has the colour words mined, so the sentence is asked
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 3]
        wave = round(rng.uniform(0.2, 5.0), 1)
        band = rng.randrange(3)
        if by_input:
            label = LABELS[band] if band != 1 else ("open" if wave < 1.8 else "restricted" if wave < 3.4 else "closed")
        chosen = LABELS[band] if by_input else label
        projection: dict[str, Any] = {
            "gauges": {"wave_m": wave, "band": ["calm", "moderate", "rough"][band]},
            "broadcast": _broadcast(rng, chosen if i % 2 == 0 else None),
        }
        if by_input and i % 4 == 1:
            projection["quay"] = {"lamp": f"{COLOUR[label]} LAMP ON"}
        out.append(LeakItem(id=f"p{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_sentence_reads_splits_a_text_of_several_sentences_only() -> None:
    text = "WIND 270 DEG 12 KT. PORT ENTRY SIGNAL RED FOR ALL VESSELS."
    assert sentence_reads(text) == ("wind 0 deg 0 kt.", "port entry signal red for all vessels.")
    assert sentence_reads(text, span=(30, 33)) == ("port entry signal red for all vessels.",)
    assert sentence_reads("One sentence only, however long it is.") == ()
    assert sentence_reads("Too short. Also short.") == ()  # sentences of fewer than four tokens are no frame


def test_a_sentence_chosen_by_the_label_inside_a_varied_broadcast_is_a_leak() -> None:
    items = _dataset(1)
    result = mine(items, derive_from=DERIVE)
    assert {(s.value, s.label) for s in result.suggestions if s.kind == "token"} >= {
        (c.casefold(), lab) for lab, c in COLOUR.items()
    }
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    chosen = [it for it in items if "ENTRY SIGNAL" in it.projection["broadcast"]]
    for it in chosen:
        assert any(f.severity == "medium" and "word for word" in f.detail for f in flagged.get(it.id, [])), it.id
    assert not [it.id for it in items if it not in chosen and it.id in flagged]


def test_a_note_of_sentences_written_anew_per_record_stays_for_review() -> None:
    rng = random.Random(3)
    items = []
    for i in range(180):
        label = LABELS[i % 3]
        first = " ".join(rng.choice(WORDS) for _ in range(6))
        second = " ".join([*(rng.choice(WORDS) for _ in range(3)), COLOUR[label].lower(), rng.choice(WORDS)])
        projection = {"gauges": {"wave_m": i % 7}, "note": f"{first}. {second}."}
        items.append(LeakItem(id=f"n{i}", expected=[label], projection=projection, label_set=LABELS))
    result = mine(items, derive_from=DERIVE)
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    assert flagged
    assert all(f.severity == "low" and "for review" in f.detail for fs in flagged.values() for f in fs)


def test_a_chosen_sentence_the_input_picks_is_not_a_leak() -> None:
    items = _dataset(2, by_input=True)
    result = mine(items, derive_from=DERIVE)
    tokens = {(s.value, s.label) for s in result.suggestions if s.kind == "token"}
    assert {("green", "open"), ("red", "closed")} <= tokens  # mined (the lamp): the chosen sentence is asked
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    at_broadcast = [f for fs in flagged.values() for f in fs if f.pointer == "/broadcast"]
    assert at_broadcast  # the colour words in the sentence are found there ...
    assert not [f for f in at_broadcast if f.blocking]  # ... for review: the input's band picks the sentence
    assert [f for fs in flagged.values() for f in fs if f.pointer.startswith("/quay") and f.blocking]


def test_one_sentence_riding_with_one_label_alone_stays_for_review() -> None:
    # a technician's remark carried word for word on most studies of one label, beside sentences written anew: no
    # other label fills its frame, so nothing shows the label chose it (ds20's clean sleep studies: 9 records flagged
    # before the family was asked)
    rng = random.Random(5)
    items = []
    for i in range(180):
        label = LABELS[i % 3]
        first = " ".join(rng.choice(WORDS) for _ in range(6))
        remark = "No drift observed; hull sensor normal reading." if label == "closed" and i % 2 else ""
        projection = {"gauges": {"wave_m": i % 7}, "comments": f"{first}. {remark}".strip()}
        items.append(LeakItem(id=f"c{i}", expected=[label], projection=projection, label_set=LABELS))
    result = mine(items, derive_from=DERIVE)
    assert {s.label for s in result.suggestions if s.kind in ("token", "ngram")} == {"closed"}
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    assert flagged
    assert all(f.severity == "low" and "for review" in f.detail for fs in flagged.values() for f in fs)


def test_a_family_is_one_sentence_with_the_mined_words_slot_filled_otherwise() -> None:
    assert _fills_slot("braking action good rwy 0.", "braking action less than poor rwy 0.", "good")
    assert _fills_slot("port entry signal green for all vessels.", "port entry signal red for all vessels.", "green")
    # the same ending only: the words around the mined word's slot differ (``water`` / ``spray``)
    assert not _fills_slot("calm water noted along the quay.", "heavy spray noted along the quay.", "calm")
    assert not _fills_slot("calm water noted along the quay.", "calm water noted along the quay.", "calm")
    assert _fills_slot("braking action good to medium rwy 0.", "braking action medium rwy 0.", "good to")  # no filler
    assert not _fills_slot("braking action good rwy 0.", "braking action poor rwy 0.", "action")  # the frame's word


def test_two_labels_remarks_sharing_an_ending_stay_for_review() -> None:
    # review of rec34 (D4): a remark per label carried word for word on many of its records, the two sharing only
    # ``noted along the quay.``: two authors' remarks on the cases they concern, not one sentence filled per label
    rng = random.Random(7)
    remarks = {"open": "Calm water noted along the quay.", "closed": "Heavy spray noted along the quay."}
    items = []
    for i in range(180):
        label = LABELS[i % 3]
        first = " ".join(rng.choice(WORDS) for _ in range(6))
        remark = remarks.get(label, "") if i % 2 else ""
        projection = {"gauges": {"wave_m": i % 7}, "comments": f"{first}. {remark}".strip()}
        items.append(LeakItem(id=f"r{i}", expected=[label], projection=projection, label_set=LABELS))
    result = mine(items, derive_from=DERIVE)
    assert {s.label for s in result.suggestions if s.kind in ("token", "ngram")} == {"open", "closed"}
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    assert flagged
    assert all(f.severity == "low" and "for review" in f.detail for fs in flagged.values() for f in fs)


def test_a_slot_filled_twice_alike_is_one_slot() -> None:
    noes, ayes = "the speaker: the noes have it, the noes have it.", "the speaker: the ayes have it, the ayes have it."
    assert _fills_slot(noes, ayes, "it the noes")  # an n-gram read across the comma
    assert _fills_slot(noes, ayes, "noes")
    swapped = "the speaker: the ayes have it, the noes have it."
    assert not _fills_slot("the speaker: the noes have it, the ayes have it.", swapped, "noes")  # two fillers
    assert not _fills_slot("noes have it, the noes", "ayes have it, the ayes", "noes")  # no frame before the slot


def _division(seed: int, n: int = 180) -> list[LeakItem]:
    # an assembly's division: the outcome is the count of the two lists (the named input); the transcript carries the
    # chair's provisional call and the members' shout (either way, whatever the outcome: traps) and, on half the
    # records, the chair's declaration after the count, its side's name said twice
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = ["carried", "defeated", "tie"][i % 3]
        ayes = rng.randint(20, 40)
        noes = {"carried": ayes - rng.randint(1, 9), "defeated": ayes + rng.randint(1, 9), "tie": ayes}[label]
        lines = [
            f"The SPEAKER: The question is that the {rng.choice(WORDS).title()} Bill be now read a second time.",
            f"The SPEAKER: I think the {rng.choice(['Ayes', 'Noes'])} have it.",
            f"Members: The {rng.choice(['Ayes', 'Noes'])} have it!",
            "The SPEAKER: Ring the bells. Lock the doors.",
        ]
        if i % 2 == 0 and label != "tie":
            side = "Ayes" if label == "carried" else "Noes"
            lines.append(f"The SPEAKER: The {side} have it, the {side} have it. Unlock the doors.")
        projection = {"lists": {"ayes": ayes, "noes": noes}, "transcript": "\n".join(lines)}
        out.append(
            LeakItem(id=f"d{i}", expected=[label], projection=projection, label_set=["carried", "defeated", "tie"])
        )
    return out


def test_a_declaration_naming_its_side_twice_is_a_family_filled_per_label() -> None:
    items = _division(11)
    result = mine(items, derive_from=["/lists"])
    flagged = dict(mined_findings(items, result, derive_from=["/lists"]))
    declared = {it.id for it in items if "Unlock" in it.projection["transcript"]}
    leaking = {k for k, fs in flagged.items() if any(f.blocking for f in fs)}
    assert declared and leaking == declared
