"""Indirection resolved inside a string (views/references.py) and spelled-out words (views/letters.py).

The forms here are invented (template, macro and spelling syntaxes beside those of the development
batches): the views are tested as mechanisms, both ways: the leak is found at the use, and a
definition nobody uses, a catalogue of every label, a spelled name holding a label word stay clean.
"""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.needles import NeedleSet
from windtunnel.leakage.views.letters import letter_runs, letters, pieces_may_cross, spelled_may_add
from windtunnel.leakage.views.references import may_define, references

LEVELS = ["Low", "Medium", "High", "Urgent"]


def expanded(text: str, decode: Any) -> str:
    """``text`` with each replacement of ``decode`` written in ``«»``."""
    out, pos = [], 0
    for a, b, rep in decode(text):
        out += [text[pos:a], f"«{rep}»"]
        pos = b
    return "".join([*out, text[pos:]])


@pytest.mark.parametrize(
    ("text", "view"),
    [
        # Go template, Handlebars-style use
        ('{{ $lvl := "High" }}\nPriority: {{ $lvl }}', '{{ $lvl := "High" }}\nPriority: «High»'),
        # Makefile, a value without quotes, used as $(NAME)
        ("LEVEL := Urgent\nall:\n\techo $(LEVEL)", "LEVEL := Urgent\nall:\n\techo «Urgent»"),
        # dotenv and a ${NAME:-default} use
        ("PRIO_LABEL=Low\nmsg=${PRIO_LABEL:-none}", "PRIO_LABEL=Low\nmsg=«Low»"),
        # CSS custom property
        ('.t { --sev: "Medium"; }\n.t::after { content: var(--sev); }', None),
        # Ruby interpolation, the value cut at the use: "Hi" + "gh"
        ('first = "Hi"\nputs "#{first}gh"', 'first = "Hi"\nputs "«Hi»gh"'),
        # TeX macros joined by a blank (TeX eats the blank after a control word)
        (
            r"\newcommand{\ua}{Urg}\newcommand{\ub}{ent} Level: \ua \ub.",
            r"\newcommand{\ua}{Urg}\newcommand{\ub}{ent} Level: «Urgent».",
        ),
        # a parameter entity, and an entity defined through another one
        (
            '<!ENTITY % p "Me"><!ENTITY q "%p;dium"> <lvl>&q;</lvl>',
            '<!ENTITY % p "Me"><!ENTITY q "«Me»dium"> <lvl>«Medium»</lvl>',
        ),
        # JavaScript concatenation of two constants in a template literal
        ("const A_1 = 'Hi';\nconst A_2 = 'gh';\nrender(`${A_1 + A_2}`)", None),
    ],
)
def test_uses_are_replaced_by_their_values(text: str, view: str | None) -> None:
    got = expanded(text, references)
    if view is not None:
        assert got == view
    hits = [h for h in NeedleSet.build(LEVELS).search(text) if "references" in h.view]
    if view is not None or "var(" in text:
        assert hits, got
        # the hit points at a use, never at the definition
        for h in hits:
            assert not any(mark in text[: h.span[0]][-2:] for mark in ("= ", ":="))


def test_joined_values_and_expressions() -> None:
    text = '{% assign a = "Mode" %}{% assign b = a | append: "x" %}{% set c = a ~ "rate" %}Risk: {{ c }}'
    assert expanded(text, references).endswith("Risk: «Moderate»")
    # C: adjacent string literals concatenate, so do bare macro names
    text = '#define P_A "Ur"\n#define P_B "gent"\nx = P_A P_B;'
    assert expanded(text, references).endswith("x = «Urgent»;")


def test_a_definition_nobody_uses_changes_nothing() -> None:
    catalogue = "\n".join(f'<!ENTITY l{i} "{v}">' for i, v in enumerate(LEVELS)) + '\n<!ENTITY none "n/a">'
    assert references(catalogue) == []
    assert expanded(catalogue + "\n<p>&none;</p>", references).endswith("<p>«n/a»</p>")
    # a prose word is never read as a bare name: ``a = "High"`` does not make every ``a`` High
    assert expanded('a = "High"\nThis is a test.', references) == 'a = "High"\nThis is a test.'


def _ticket(body: str, expected: str = "High", target: str = "priority") -> dict[str, Any]:
    return {"id": "t", "expected": expected, "label_set": LEVELS, "target": target, "projection": {"source": body}}


@pytest.mark.parametrize("prefilter", [True, False])
def test_audit_finds_a_use_and_keeps_a_catalogue_clean(prefilter: bool) -> None:
    leak = "LVL_P = 'Hi'\nLVL_Q = 'gh'\nPRIORITY=\"${LVL_P}${LVL_Q}\"\nsubmit --priority \"$PRIORITY\"\n"
    audit = audit_item(_ticket(leak), prefilter=prefilter)
    assert audit.leaked and all("references" in (f.view or "") for f in audit.findings)
    twin = leak.replace("'Hi'", "''").replace("'gh'", "''")
    assert not audit_item(_ticket(twin), prefilter=prefilter).leaked
    catalogue = (
        "\n".join(f"\\newcommand{{\\opt{c}}}{{{v}}}" for c, v in zip("ABCD", LEVELS, strict=True))
        + "\n\\newcommand{\\optNone}{--}\n\\section{Printer offline}\nPriority: \\optNone\n"
    )
    assert not audit_item(_ticket(catalogue, expected="Urgent"), prefilter=prefilter).leaked


@pytest.mark.parametrize(
    ("text", "view"),
    [
        ("spell it: U-R-G-E-N-T.", "spell it: «URGENT»."),
        ("code is q.a.4", "code is «qa4»"),
        ("say M E D I U M   R I S K now", "say «MEDIUM RISK» now"),
        ("S - E - V / 3", "«SEV 3»"),
        ("ur·gent, me·di·um", "«urgent», «medium»"),
        ("L\nO\nW", "«LOW»"),
        # numbers, versions, dates and a two-letter blank run stay as written
        ("v1.2.3 on 2024-05-03 at 10.0.0.1, a b", "v1.2.3 on 2024-05-03 at 10.0.0.1, a b"),
    ],
)
def test_spelled_runs_join(text: str, view: str) -> None:
    assert expanded(text, letters) == view


def test_spelled_name_holding_a_label_word_is_not_the_label() -> None:
    ns = NeedleSet.build(LEVELS)
    assert [h.needle.text for h in ns.search("Surname H-I-G-H-T-O-W-E-R, street L-O-W-E-S")] == []
    assert [h.needle.text for h in ns.search("set it to H-I-G-H please")] == ["High"]


@pytest.mark.parametrize("prefilter", [True, False])
def test_audit_spelled_leaks_and_traps(prefilter: bool) -> None:
    said = {"turns": [{"who": "lead", "said": "For the priority put, I'll spell it, U.R.G.E.N.T."}]}
    item = {"id": "s", "expected": "Urgent", "label_set": LEVELS, "target": "priority", "projection": said}
    audit = audit_item(item, prefilter=prefilter)
    assert audit.leaked and audit.findings[0].view == "decoded:letters"
    name = {"turns": [{"who": "caller", "said": "It's Lowell, L-O-W-E-L-L, like low plus ell."}]}
    item = {"id": "n", "expected": "Low", "label_set": LEVELS, "target": "priority", "projection": name}
    assert not audit_item(item, prefilter=prefilter).leaked


@pytest.mark.parametrize("prefilter", [True, False])
def test_one_letter_per_list_item_reads_as_the_word(prefilter: bool) -> None:
    msgs = [{"from": "ops", "body": c} for c in "URGENT"]
    proj = {"log": [{"from": "ops", "body": "priority for this one:"}, *msgs, {"from": "bot", "body": "noted"}]}
    item = {"id": "l", "expected": "Urgent", "label_set": LEVELS, "target": "priority", "projection": proj}
    audit = audit_item(item, prefilter=prefilter)
    assert audit.leaked and audit.findings[0].pointer == "/log/1/body"
    runs = list(letter_runs(proj))
    assert [r.text for r in runs] == ["URGENT"]
    # two single letters (initials) are not a spelled word; a list of other shapes gives no run
    assert list(letter_runs({"x": ["A", "B", "paragraphs"], "y": [{"a": "Q", "b": "R"}] * 4})) == []


@pytest.mark.parametrize("prefilter", [True, False])
def test_pieces_of_a_word_one_per_list_item_read_as_the_word(prefilter: bool) -> None:
    # an invented decoder trace: one generated piece per step, with its score and alternatives
    steps = [
        {"piece": "Urg", "score": -0.1, "alts": [{"piece": "Urg"}, {"piece": "Lo"}]},
        {"piece": "ent", "score": -0.2},
    ]
    proj = {"case": {"ref": "RQ-9"}, "decoder": {"steps": steps, "text": "[removed]"}}
    item = {"id": "p", "expected": "Urgent", "label_set": LEVELS, "projection": proj}
    audit = audit_item(item, prefilter=prefilter)
    assert audit.leaked and audit.findings[0].pointer == "/decoder/steps/0/piece"
    assert [r.text for r in letter_runs(proj)] == ["Urgent", "UrgLo"]
    # pieces that spell another word, or a label whole in one item of a tag list, add nothing
    other = {"decoder": {"steps": [{"piece": "Lo"}, {"piece": "well"}]}}
    assert not audit_item({**item, "expected": "Low", "projection": other}, prefilter=prefilter).leaked
    tags = {"tags": ["High", "urgent"], "note": "tags are set by the reporter"}
    found = audit_item({**item, "expected": "High", "projection": tags}, prefilter=prefilter).findings
    assert [(f.pointer, f.rule) for f in found if f.blocking] == [("/tags/0", "direct.value")]


def test_prefilter_markers_are_necessary_conditions() -> None:
    assert may_define(b'{"src": "x\\nLEVEL=3"}') and may_define(b"<!ENTITY a 'b'>")
    assert not may_define(b'{"url": "https://x.test/?a=b", "note": "price $5"}')
    assert spelled_may_add(b"put h-i-g-h", [(b"high",)]) and spelled_may_add(b"x p.2..", [(b"p2",)])
    assert not spelled_may_add(b"high-level, p2 at 6.4", [(b"high",), (b"p2",)])


def test_the_pieces_gate_is_a_necessary_condition() -> None:
    words = [(b"urgent",), (b"not", b"spam")]
    for pieces in (["Urg", "ent"], ["U", "rgen", "t"], ["the U", "rgent"], ["Not", " spam"]):
        blob = orjson.dumps({"steps": [{"p": p} for p in pieces]}).lower()
        assert pieces_may_cross(blob, words), pieces
        proj = {"steps": [{"p": p} for p in pieces]}
        assert any(r.crosses(*h.span) for r in letter_runs(proj) for h in _needles().search(r.text, decode=False))
    for clean in ({"tags": ["urgently", "gen"]}, {"steps": [{"p": "Ur"}, {"p": "x"}]}, {"a": "sentinel", "b": "u"}):
        assert not pieces_may_cross(orjson.dumps(clean).lower(), words), clean


def _needles() -> NeedleSet:
    return NeedleSet.build(["Urgent"], ["Not spam"])
