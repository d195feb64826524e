"""A label as an OCR engine misreads it (``Hiqh``, ``Bi11ing``, ``Medlurn``): found as a derived spelling."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from windtunnel.leakage import audit_item, scan_text
from windtunnel.leakage.needles import Needle, ocr_misread, ocr_needles
from windtunnel.leakage.ocr import OCR_LOOKALIKES, OcrGate
from windtunnel.leakage.words import ordinary_word

SIZES = ["Tiny", "Compact", "Standard", "Oversized"]
QUEUES = ["Warranty", "Installation", "Cancellation"]


@pytest.mark.parametrize(
    ("text", "expected", "labels"),
    [
        ("Queue: lnsta11ation", "Installation", QUEUES),
        ("Size: C0rnpact", "Compact", SIZES),
        ("Size: Stanclard", "Standard", SIZES),
        ("Size: 0versized", "Oversized", SIZES),
        ("Queue | Cance1lation", "Cancellation", QUEUES),
    ],
)
def test_a_misread_answer_as_a_value_is_a_finding(text: str, expected: str, labels: list[str]) -> None:
    found = scan_text(text, expected, label_set=labels)
    assert [f.view for f in found] == ["ocr"], found
    a, b = found[0].span
    assert text[a:b].casefold() != expected.casefold()  # it points at the misread characters


def test_the_misread_word_in_an_ocr_line_of_a_screenshot_record() -> None:
    rec = {
        "id": "o1",
        "expected": "Compact",
        "label_set": SIZES,
        "projection": {"ocr": {"lines": ["Order 7716", "Size: C0rnpact", "Agent: unassigned"]}},
    }
    res = audit_item(rec)
    assert res.leaked
    assert any(f.view == "ocr" and f.pointer == "/ocr/lines/1" for f in res.findings)


@pytest.mark.parametrize(
    ("text", "expected", "labels"),
    [
        ("Size: Compact", "Tiny", SIZES),  # another label as written: not a misreading
        ("the tint was fine", "Tiny", SIZES),  # too short a label to be looked for misread
        ("Queue: Warranty", "Installation", QUEUES),
        ("we stand ready", "Standard", SIZES),
        ("Size: Contact", "Compact", SIZES),  # an ordinary word three letters away
    ],
)
def test_ordinary_words_and_other_labels_are_not_misreadings(text: str, expected: str, labels: list[str]) -> None:
    assert [f for f in scan_text(text, expected, label_set=labels) if f.view == "ocr"] == []


def test_the_fold_keeps_letter_swaps_few_and_lets_digits_through() -> None:
    assert ocr_misread("c0rnpact", "compact")  # a digit and a folded pair
    assert ocr_misread("stanclard", "standard")
    assert not ocr_misread("compact", "compact")
    assert not ocr_misread("cecoc", "occoe")  # three letter swaps: another word, not a misreading


def test_only_word_needles_of_four_letters_or_more_get_a_pattern() -> None:
    made = [Needle.make(w, "expected") for w in ("Low", "High", "P1", "Very high", "ok")]
    words = [n.norm for n, _p in ocr_needles([n for n in made if n is not None])]
    assert words == ["high"]
    twin, pattern = ocr_needles([Needle.make("High", "label")])[0]  # type: ignore[list-item]
    assert twin.derived and twin.role == "label"
    assert pattern.search("hiqh") and not pattern.search("thigh") and not pattern.search("hiqhway")


def _word_table(words: list[str]) -> str:
    head = "blk\tln\tx\ty\tconf\tword"
    rows = [f"1\t{i // 3}\t{40 * i}\t{18 * (i // 3)}\t9{i % 10}\t{w}" for i, w in enumerate(words)]
    return "\n".join([head, *rows])


def test_a_table_of_one_word_per_row_reads_as_its_running_text() -> None:
    words = ["Order", "7716", "placed", "Size:", "C0rnpact", "Agent:", "unassigned"]
    found = scan_text(_word_table(words), "Compact", label_set=SIZES, target="size")
    assert any(f.view == "decoded:word_rows+ocr" and f.severity == "high" for f in found), found
    table = _word_table(words)
    a, b = found[0].span
    assert table[a:b] == "C0rnpact"  # the word's own characters, not the row


def test_a_word_table_without_the_answer_and_a_numeric_grid_find_nothing() -> None:
    words = ["Order", "7716", "placed", "Size:", "pending", "Agent:", "unassigned"]
    assert scan_text(_word_table(words), "Compact", label_set=SIZES, target="size") == []
    grid = "\n".join(f"{i}\t{i + 1}\t{i + 2}\t{i + 3}\t" for i in range(6))  # no word cell at all
    assert scan_text(grid, "Compact", label_set=SIZES, target="size") == []


def test_a_clean_word_in_a_word_table_is_read_with_the_name_rows_above() -> None:
    words = ["Order", "7716", "placed", "Queue:", "Warranty", "Agent:", "unassigned"]
    found = scan_text(_word_table(words), "Warranty", label_set=QUEUES, target="queue")
    assert [f.severity for f in found] == ["high"], found
    without = ["Order", "7716", "placed", "Agent:", "unassigned", "note", "warranty", "card"]
    assert all(f.severity == "low" for f in scan_text(_word_table(without), "Warranty", label_set=QUEUES))


def _misreadings(rng: random.Random, word: str) -> str:
    """``word`` with each character read as one of its look-alikes (or kept), at random."""
    out = []
    for ch in word:
        spec = OCR_LOOKALIKES.get(ch)
        if spec is None or rng.random() < 0.5:
            out.append(ch)
        else:
            out.append(rng.choice(list(spec[1:-1]) if spec.startswith("[") else spec.split("|")))
    return "".join(out)


_GATE_WORDS = ["Medium", "Billing", "Compact", "Standard", "Oversized", "Warranty", "Elevated", "Cosmetic"]


def test_the_gate_names_exactly_the_twins_whose_pattern_matches() -> None:
    # The fold and the automaton (ocr.py) are a fast form of searching every twin's pattern: generated
    # texts of words, their misreadings and glued neighbours give the same twins and the same answer to
    # "is there a misreading" as the patterns tried at every place.
    rng = random.Random(7)
    twins = ocr_needles([n for w in _GATE_WORDS if (n := Needle.make(w, "label")) is not None])
    gate = OcrGate(twins)
    fillers = ["the", "rn", "cl", "vv", "x", "9", "_", "-", " ", "\t", "0", "ee", "modem"]
    for _ in range(3000):
        parts = [
            _misreadings(rng, rng.choice(_GATE_WORDS).lower()) if rng.random() < 0.5 else rng.choice(fillers)
            for _ in range(rng.randint(1, 6))
        ]
        text = "".join(p + rng.choice(["", " ", ",", "a", "1"]) for p in parts)
        want = [i for i, (_n, p) in enumerate(twins) if p.search(text)]
        assert gate.twins_in(text) == want, text
        unbounded = [re.compile(p.pattern.removeprefix("(?<![a-z0-9])")) for _n, p in twins]
        misread = any(
            (m := rx.match(text, at)) is not None and ocr_misread(m.group(), twins[i][0].norm)
            for i, rx in enumerate(unbounded)
            for at in range(len(text))
        )
        assert gate.misread_in(text.encode()) == misread, text


def test_the_word_itself_is_not_a_misreading_for_the_pre_check() -> None:
    gate = OcrGate(ocr_needles([Needle.make("Medium", "label")]))  # type: ignore[list-item]
    assert not gate.misread_in(b'{"priority":"medium","note":"a medium size"}')
    assert gate.misread_in(b'{"priority":"medlurn"}')
    assert gate.misread_in(b'{"priority":"\\tmedlurn"}')  # an escape's letter before it: no boundary needed
    assert gate.twins_in("medium") == [0]  # the search still looks there (and finds no misreading)


# ---------------------------------------------------------------- a misreading that is a word is that word

# Label words of four letters or more; their look-alike spellings (one character read as another through
# the OCR table) are sometimes ordinary words (``modern`` for ``Modem``, ``clock`` for ``Dock``, ``fall``
# for ``Fail``), mostly not (``rnodem``, ``8illing``, ``F4il``...).
_LABEL_WORDS = [
    "Modem", "Dock", "Dose", "Fail", "Mail", "Stem", "Hail",
    "Router", "Switch", "Billing", "Urgent", "Closed", "Planned", "Refund",
]  # fmt: skip


def _one_swap_spellings(word: str) -> list[str]:
    """Every spelling of ``word`` with one character read as one of its OCR look-alikes."""
    low = word.casefold()
    out: set[str] = set()
    for i, ch in enumerate(low):
        for alt in re.findall(r"\[([^\]]+)\]|([^|\[\]]+)", OCR_LOOKALIKES.get(ch, "")):
            for rep in alt[0] or [alt[1]]:
                if rep != ch:
                    out.add(low[:i] + rep + low[i + 1 :])
    return sorted(out)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_look_alike_spelling_is_the_label_exactly_when_it_is_not_an_ordinary_word(data: st.DataObject) -> None:
    word = data.draw(st.sampled_from(_LABEL_WORDS))
    spellings = _one_swap_spellings(word)
    assume(spellings)
    token = data.draw(st.sampled_from(spellings))
    others = [w for w in _LABEL_WORDS if w != word][:3]
    found = [f for f in scan_text(f"Status: {token}", word, label_set=[word, *others]) if f.view == "ocr"]
    if ordinary_word(token):
        assert found == [], (token, found)  # ``Status: modern`` describes something; it misspells nothing
    else:
        assert found, token  # ``Status: rnodem``, ``Status: 8illing``: the label, misread


def test_the_generated_spellings_hold_both_kinds() -> None:
    """The property above is not vacuous: the spellings it draws from hold ordinary words and misreadings."""
    spellings = [s for w in _LABEL_WORDS for s in _one_swap_spellings(w)]
    words = [s for s in spellings if ordinary_word(s)]
    assert "modern" not in spellings or "modern" in words
    assert len(words) >= 3, words
    assert len(spellings) - len(words) >= 30


@pytest.mark.parametrize(
    ("text", "leaks"),
    [
        ("Status: rnodem", True),  # ``rn`` for ``m``: not a word
        ("Status: modern", False),  # the word ``modern``
        ("Status: M0dem", True),  # a digit is never a word
        ("Queue: Bi11ing", True),
    ],
)
def test_the_modem_misreading_both_ways(text: str, leaks: bool) -> None:
    labels = ["Modem", "Router", "Billing"]
    expected = "Billing" if "Queue" in text else "Modem"
    assert bool([f for f in scan_text(text, expected, label_set=labels) if f.view == "ocr"]) is leaks


def test_ordinary_words_are_words_and_misreadings_are_not() -> None:
    assert ordinary_word("modern") and ordinary_word("Contact") and ordinary_word("billing")
    assert not ordinary_word("hiqh") and not ordinary_word("medlurn") and not ordinary_word("bi11ing")
    assert not ordinary_word("")
