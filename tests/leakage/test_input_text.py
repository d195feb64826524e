"""A ``--derive-from`` key name resolved inside a text (:mod:`windtunnel.leakage.input_text`), both ways."""

from __future__ import annotations

import pytest

from windtunnel.leakage.input_text import input_spans, mask_input, masked, names_of


def _parts(text: str, *names: str) -> list[str]:
    return [text[a:b] for a, b in input_spans(text, names_of(names))]


def test_a_yaml_key_takes_its_line_and_the_deeper_block_below() -> None:
    text = "claim:\n  loss_type: fire\n  narrative: |\n    Pan fire.\n    Smoke damage.\n  notes: |\n    PAYLTR-7\n"
    assert _parts(text, "narrative") == [" |\n    Pan fire.\n    Smoke damage."]
    assert _parts(text, "loss_type") == [" fire"]
    assert "PAYLTR" not in " ".join(_parts(text, "narrative", "loss_type"))


def test_a_glued_pair_takes_its_value_quoted_or_not() -> None:
    text = 'host=a-1 pid=7 msg="slow query took 800ms" status=OK'
    assert _parts(text, "msg") == ['"slow query took 800ms"']
    assert _parts(text, "pid") == ["7"]


def test_an_element_named_by_its_class_or_tag_takes_its_content() -> None:
    html = '<div class="item"><div class="post body">Hi <b>all</b></div><ul class="reports"><li>spam</li></ul></div>'
    assert _parts(html, "body") == ["Hi <b>all</b>"]
    assert _parts(html, "reports") == ["<li>spam</li>"]
    assert _parts("<narrative>It leaked.</narrative><code>X</code>", "narrative") == ["It leaked."]


def test_a_section_runs_to_the_next_header_of_its_kind() -> None:
    text = "Classify it.\n--- context ---\nERROR gc pause\n--- EVENT ---\nmsg=user logged in\n--- tail ---\nx\n"
    assert _parts(text, "event") == ["msg=user logged in\n"]
    assert _parts("[EVENT]\nline one\n[OTHER]\nline two", "EVENT") == ["line one\n"]


@pytest.mark.parametrize(
    "text",
    [
        "The body of the message says the event is over.",  # words, not structure
        "everybody: hello",  # another key holding the name inside it
        '<div class="nobody">x</div>',
        "--- EVENTS ---\nx",
    ],
)
def test_the_name_elsewhere_locates_nothing(text: str) -> None:
    assert _parts(text, "body", "event") == []


def test_pointers_are_not_names_and_masking_keeps_every_offset() -> None:
    assert names_of(["/pr/body", "Body"]) == frozenset({"body"})
    text = "a: 1\nbody: secret words\nc: 3"
    spans = input_spans(text, names_of(["body"]))
    out = masked(text, spans)
    assert len(out) == len(text) and "secret" not in out and out.index("c: 3") == text.index("c: 3")
    doc = {"t": text, "n": 3, "j": '{"body": "kept: JSON is structure"}'}
    got = mask_input(doc, ["body"])
    assert got["t"] == out and got["j"] == doc["j"] and got["n"] == 3
    assert mask_input(doc, ["/t"]) is doc
