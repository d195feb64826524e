"""QA pass 24 #17c: `--chaos` paraphrased "How warm is it in Berlin today?" as "Is it possible to how warm is it in
Berlin today?": a template that needs a verb phrase wrapped a question. Each template now names the prompt forms it
fits (a request, a question, a statement, several sentences), and a prompt is wrapped only by those."""

from __future__ import annotations

import json
import re

import pytest
from tests.mutations.test_mut_cli import run
from tests.mutations.test_mut_text_properties import gen

QUESTIONS = [
    "How warm is it in Berlin today?",
    "What is the weather in Paris?",
    "Where is my order ORD-10002?",
    "Is the store open on Sunday",  # a question without its mark
    "Can you reset my password?",
]
STATEMENTS = ["My order never arrived.", "I was charged twice for order 1234", "The app crashes on login."]
REQUESTS = ["Cancel my order 1234 and refund me.", "Please reset my password", "Ship it"]

# a modal, "to" or a colon that announces what is needed, then a question's or a statement's first word
BROKEN = re.compile(
    r"\b(?:could you|possible to|if you could|the following:|what I need:) "
    r"(?:how|what|where|when|why|who|is|are|can|do|does|my|i|the)\b",
    re.IGNORECASE,
)


def templated(prompt: str, seeds: int = 300) -> list[str]:
    out = []
    for seed in range(seeds):
        m = gen("paraphrase", prompt, seed)
        if m.args["technique"] == "template":
            out.append(m.input)
    return out


@pytest.mark.parametrize("prompt", QUESTIONS + STATEMENTS)
def test_a_question_or_a_statement_is_never_put_where_a_verb_phrase_goes(prompt: str) -> None:
    variants = templated(prompt)
    assert variants
    assert not [v for v in variants if BROKEN.search(v)], sorted(set(variants))
    if prompt.endswith("?"):  # a question stays one: it ends with its question mark
        assert all(v.rstrip().endswith("?") or v.endswith("Thanks.") or "Thanks in" in v for v in variants)


def test_a_request_keeps_every_template_and_a_sentence_is_ended_before_more_text() -> None:
    variants = set(templated("Cancel my order 1234 and refund me."))
    assert "Could you cancel my order 1234 and refund me?" in variants
    assert "Is it possible to cancel my order 1234 and refund me?" in variants
    assert len(variants) == 12  # every template written for a request, none of those added for questions
    assert "Ship it. Can you do that for me?" in set(templated("Ship it"))  # not "Ship it Can you …"


def test_the_qa_sentence_through_mutate(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("mutate", "How warm is it in Berlin today?", "-t", "paraphrase", "-n", "60", "-s", "1", "--json")
    code, out, _ = run(capsys, *args)
    assert code == 0
    texts = [m["input"] for m in json.loads(out)["mutations"]]
    assert not [t for t in texts if BROKEN.search(t)], texts
    assert any(t.startswith(("Sorry to bother you", "I have a question", "Quick question", "Hi, how")) for t in texts)
