"""The text-fragment decoder (views/web.py): a URL's ``#:~:text=`` directive read as the text it highlights,
with its prefix and suffix; a URL without one, or a fragment that decodes to itself, is left alone."""

from __future__ import annotations

from windtunnel.leakage import audit_item
from windtunnel.leakage.views.web import text_fragment

LMH = ["Low", "Medium", "High"]


def _leaks(text: str, expected: str = "Medium") -> bool:
    rec = {"id": "f", "expected": expected, "label_set": LMH, "projection": {"chat": text}}
    fast = audit_item(rec)
    assert fast.findings == audit_item(rec, prefilter=False).findings
    return fast.leaked


def test_a_text_fragment_reads_as_the_text_it_highlights() -> None:
    url = "https://desk.example/t/42#:~:text=Priority%3A-,Med,ium"
    assert text_fragment(url) == [(url.index("Priority"), len(url), "Priority: Medium")]
    ((_a, _b, got),) = text_fragment("see x.io/p#:~:text=Queue%3A-,Fraud%20,Review,-today&text=more ok")
    assert got == "Queue: Fraud Review today"
    assert text_fragment("https://x.io/p#section") == [] and text_fragment("x#:~:text=hello") == []


def test_a_label_the_fragment_states_leaks_and_another_word_does_not() -> None:
    assert _leaks("set on the old desk: https://desk.example/t/42#:~:text=Priority%3A-,Med,ium")
    assert not _leaks("set on the old desk: https://desk.example/t/42#:~:text=Priority%3A-,Med,ium", "High")
    assert not _leaks("the FAQ: https://help.example/p#:~:text=How%20to-,reset,your%20password")
