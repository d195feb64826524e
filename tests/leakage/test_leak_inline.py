"""Rich text as rendered: a label split across sibling text nodes is one word on the screen (both ways,
with and without the pre-check, and the finding points at the node where the word starts)."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item, sanitize_item
from windtunnel.leakage.views.inline import inline_runs

LABELS = ["Low", "Medium", "High"]


def _text(t: str, *marks: str) -> dict[str, Any]:
    node: dict[str, Any] = {"type": "text", "text": t}
    if marks:
        node["marks"] = [{"type": m} for m in marks]
    return node


def _doc(*paragraphs: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": p} for p in paragraphs]}


def _audit(projection: Any, expected: str = "High") -> Any:
    item = {"id": "t", "expected": expected, "label_set": LABELS, "target": "priority", "projection": projection}
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    return fast


LEAKS = {
    "split after a naming word": _doc([_text("Agreed priority: "), _text("Hi", "strong"), _text("gh", "em")]),
    "marked letters alone": _doc([_text("We settled on "), _text("H", "strong"), _text("igh", "strong"), _text(".")]),
    "one letter per node": _doc([_text(ch) for ch in "High"]),
}
CLEAN = {
    "another word once joined": _doc([_text("Take the "), _text("High", "strong"), _text("way 9 exit")]),
    "halves in two paragraphs": _doc([_text("Hi"), _text(" there")], [_text("gh"), _text(" what")]),
    "an ordinary sense": _doc([_text("The tide was "), _text("hi"), _text("gh today")]),
}


@pytest.mark.parametrize("name", sorted(LEAKS))
def test_a_label_split_across_text_nodes_leaks(name: str) -> None:
    audit = _audit({"description": LEAKS[name]})
    assert audit.leaked
    f = next(f for f in audit.findings if f.severity == "high")
    assert f.pointer.endswith("/text") and f.span is not None


@pytest.mark.parametrize("name", sorted(CLEAN))
def test_nodes_that_do_not_render_the_label_are_clean(name: str) -> None:
    assert not _audit({"description": CLEAN[name]}).leaked


def test_the_finding_points_at_the_characters_in_the_first_node() -> None:
    doc = _doc([_text("Agreed priority: "), _text("Hi", "strong"), _text("gh", "em"), _text(" (per sync)")])
    audit = _audit({"d": doc})
    (f,) = [f for f in audit.findings if f.severity == "high"]
    assert f.pointer == "/d/content/0/content/1/text" and f.span == (0, 2)


def test_the_sanitizer_breaks_the_split_label() -> None:
    doc = _doc([_text("Agreed priority: "), _text("Hi", "strong"), _text("gh", "em")])
    item = {"id": "t", "expected": "High", "label_set": LABELS, "projection": {"d": doc}}
    result = sanitize_item(item, mode="span")
    assert result.before.leaked and not result.after.leaked


def test_runs_are_sibling_text_nodes_only() -> None:
    doc = _doc([_text("a"), {"type": "hardBreak"}, _text("b"), _text("c")])
    runs = list(inline_runs(doc))
    assert [r.text for r in runs] == ["bc"]
    assert runs[0].segments[0].pointer == "/content/0/content/2/text"
