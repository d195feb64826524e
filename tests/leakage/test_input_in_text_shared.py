"""One reading of the task's input inside a text, shared by mining, the agreement evidence and the blind agent.

A claim file rendered as one YAML text: the owner names keys inside it (``--derive-from narrative``). The narrative's
words ride with the decision (they are the task's signal); a letter code under another key of the same text names
the outcome. Mining, the agreement evidence and the ``blind`` agent read the narrative as the input
(:func:`windtunnel.leakage.input_text.input_spans`) and the letter code as outside it, both ways. And a settlement
line another system appended to the log that is the input (``status=...``) is read by the blind agent, as mining's
pair test reads it; shuffled labels and the same log without the line stay at chance.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from windtunnel.leakage.agreement import _outside_input
from windtunnel.leakage.baseline import binom_sf
from windtunnel.leakage.candidates import candidates
from windtunnel.leakage.mine import mine
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.simulate import blind_predictions_cv

LABELS = ["approved", "denied"]
STORY = {
    "approved": ["kitchen fire from a pan", "tree limb fell on the garage", "supply hose burst suddenly"],
    "denied": ["stain has been growing for months", "cracked foundation from settlement", "premium was unpaid"],
}
LETTER = {"approved": "PAYLTR-03", "denied": "DCLLTR-02"}
STORY_WORDS = {w.strip(";,.") for lines in STORY.values() for line in lines for w in line.split()}


def _claim(rng: random.Random, label: str, *, letter: bool) -> str:
    text = (
        f"claim:\n  number: CLM-{rng.randrange(10**6):06d}\n  insured: {rng.choice(['Ann', 'Bo', 'Cy', 'Di'])}\n"
        f"  narrative: |\n    {rng.choice(STORY[label])}; photos {rng.randint(1, 9)} attached.\n"
    )
    return text + (f"  outbound_letter: {LETTER[label]}\n" if letter else "")


def _claims(seed: int, *, letter: bool, n: int = 120) -> list[LeakItem]:
    rng = random.Random(seed)
    return [
        LeakItem(id=f"c{i}", expected=[lab], projection=_claim(rng, lab, letter=letter), label_set=LABELS)
        for i, lab in enumerate(rng.choice(LABELS) for _ in range(n))
    ]


def _mined_values(items: list[LeakItem], derive_from: list[str]) -> set[str]:
    return {s.value.casefold() for s in mine(items, derive_from=derive_from).suggestions}


def test_mining_does_not_read_the_named_key_inside_a_text() -> None:
    """The narrative's words ride with the label, but the owner named the key: mining finds none of them."""
    items = _claims(1, letter=False)
    assert _mined_values(items, []) == set()  # without derive-from the text is prose: not mined
    assert not _mined_values(items, ["narrative"])
    # ... though the same words, written outside the named key, are mined
    moved = [replace(it, projection=str(it.projection).replace("narrative:", "history:")) for it in items]
    suggestions = mine(moved, derive_from=["narrative"]).suggestions
    found = {s.value.casefold() for s in suggestions if s.kind in ("token", "ngram")}
    assert found and {w for v in found for w in v.split()} <= STORY_WORDS
    # and the text is found whole (mine.whole_fields): per label, its claims read with numbers folded, each holding
    # only that label's stories (one story, one insured, a few records of one label each)
    whole = {s.label: s.value for s in suggestions if s.kind not in ("token", "ngram")}
    assert {s.kind for s in suggestions if s.kind not in ("token", "ngram")} == {"field"}
    assert set(whole) == set(LABELS)
    for label, value in whole.items():
        assert value.startswith("claim: number: clm-0 insured: ") and " history: | " in value  # numbers folded
        assert any(story in value for story in STORY[label])
        other = next(lab for lab in LABELS if lab != label)
        assert not any(story in value for story in STORY[other])


def test_mining_still_reads_the_rest_of_the_text() -> None:
    """The letter code under another key of the same text is mined; the narrative's words are not."""
    found = _mined_values(_claims(2, letter=True), ["narrative"])
    assert found and {"03", "02"} <= {w for v in found for w in v.replace("-", " ").split()}
    assert not {w for v in found for w in v.split()} & STORY_WORDS


def test_candidates_keep_offsets_of_the_text_outside_the_input() -> None:
    """A candidate outside the named key points at its own characters in the original string."""
    text = _claim(random.Random(3), "denied", letter=True)
    found = candidates(text, ["narrative"])
    assert not any(key[2] == "stain" for key in found)
    where = found[("token", "", "dclltr")]
    span = where[1]
    assert span is not None and text[span[0] : span[1]].casefold() == "dclltr"


def test_agreement_reads_the_input_where_mining_does() -> None:
    """A mention inside the named key's block is input; one in another key of the same text is outside it."""
    text = "claim:\n  narrative: |\n    the roofer says it was approved before\n  status: approved\n"
    inside = (text.index("approved"), text.index("approved") + len("approved"))
    outside = (text.rindex("approved"), text.rindex("approved") + len("approved"))
    got = _outside_input(text, {("", inside), ("", outside)}, ["narrative"])
    assert got == {("", outside)}
    # a string that holds the name only in a sentence: the input is not located and may be anywhere in it
    prose = "the narrative we got says approved"
    span = (prose.index("approved"), len(prose))
    assert _outside_input(prose, {("", span)}, ["narrative"]) == set()
    assert _outside_input(prose, {("", span)}, ["story"]) == {("", span)}


def _log_items(seed: int, *, settled: float, n: int = 200) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = "fraud" if rng.random() < 0.3 else "legit"
        odds = 0.6 if label == "fraud" else 0.3
        lines = [
            f"2026-0{rng.randint(1, 9)}-01T00:00:00Z AUTH txn={rng.randrange(10**8):08x} "
            f"amt={rng.randint(5, 900)}.00 device={'new' if rng.random() < odds else 'known'}"
            for _ in range(rng.randint(1, 3))
        ]
        if rng.random() < settled:
            lines.append(f"2026-12-01T00:00:00Z SETTLE status={'CB_RECEIVED' if label == 'fraud' else 'SETTLED_OK'}")
        out.append(
            LeakItem(id=f"t{i}", expected=[label], projection={"log": "\n".join(lines)}, label_set=["fraud", "legit"])
        )
    return out


def _verdict(items: list[LeakItem]) -> float:
    answers = [it.expected[0] for it in items]
    preds = blind_predictions_cv(items, derive_from=["log"])
    passes = sum(p == a for p, a in zip(preds, answers, strict=True))
    return binom_sf(passes, len(answers), max(Counter(answers).values()) / len(answers))


def test_blind_agent_reads_a_later_stage_code_inside_the_input() -> None:
    """The settlement line on half the records gives the label away: the blind agent reads it (far above chance)."""
    assert _verdict(_log_items(4, settled=0.5)) < 1e-6


def test_blind_agent_stays_at_chance_without_the_code_and_on_shuffled_labels() -> None:
    """Without the settlement line the log's own fields only shift the odds, and are the input; with the line but
    shuffled labels no code field explains the labels: both at chance."""
    assert _verdict(_log_items(5, settled=0.0)) > 0.05
    items = _log_items(6, settled=0.5)
    labels = [it.expected[0] for it in items]
    random.Random(7).shuffle(labels)
    assert _verdict([replace(it, expected=[lab]) for it, lab in zip(items, labels, strict=True)]) > 0.05
