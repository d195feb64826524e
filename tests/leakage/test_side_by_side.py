"""Members of a listing written side by side on one line are a listing; a member marked apart is still chosen.

A review queue renders the same three buttons on every record, minified to one line. Each ``value="…"`` reads as a
key-value pair, so the record's own label was found as a leak whatever it was. The buttons repeat one unit that
differs only by its label, so they describe the task (principle 3); the one the earlier reviewer pressed
(``aria-pressed="true"``, a class of its own) breaks the repetition and stays a leak, and so does a note in a block
of its own that states the answer.
"""

from __future__ import annotations

import pytest

from windtunnel.leakage.scan import audit_item
from windtunnel.leakage.side_by_side import side_by_side

LABELS = ["approve", "hold", "reject"]


def _buttons(pressed: str | None = None) -> str:
    out = []
    for lab in LABELS:
        mark = ' aria-pressed="true" class="opt on"' if lab == pressed else ' class="opt"'
        out.append(f'<button name="decision" value="{lab}"{mark}>{lab.title()}</button>')
    return '<div class="toolbar">' + "".join(out) + "</div>"


def _item(answer: str, html: str) -> dict[str, object]:
    return {"id": "r1", "expected": answer, "label_set": LABELS, "target": "decision", "projection": html}


def _page(body: str, *, pressed: str | None = None, note: str = "") -> str:
    note_html = f'\n<p class="note">{note}</p>' if note else ""
    return f'<article>\n<div class="body">{body}</div>{note_html}\n{_buttons(pressed)}\n</article>'


def _leaks(answer: str, html: str) -> bool:
    return any(f.severity in ("medium", "high") for f in audit_item(_item(answer, html)).findings)


@pytest.mark.parametrize("answer", LABELS)
def test_unmarked_buttons_on_one_line_are_a_listing(answer: str) -> None:
    assert not _leaks(answer, _page("Expense report for the Berlin offsite, receipts attached."))


@pytest.mark.parametrize("answer", LABELS)
def test_the_pressed_button_is_still_a_leak(answer: str) -> None:
    html = _page("Expense report for the Berlin offsite, receipts attached.", pressed=answer)
    findings = [f for f in audit_item(_item(answer, html)).findings if f.severity in ("medium", "high")]
    assert findings
    a, b = findings[0].span or (0, 0)
    assert html[a:b].casefold() == answer
    assert 'aria-pressed="true"' in html[a : html.index("</button>", a)]


def test_a_note_in_its_own_block_beside_the_listing_still_states_the_answer() -> None:
    html = _page("Expense report, receipts attached.", note="Previous approver: hold")
    assert _leaks("hold", html)


def _spans(text: str) -> list[tuple[int, int, str]]:
    low = text.casefold()
    return sorted((i, i + len(lab), lab) for lab in LABELS for i in range(len(low)) if low.startswith(lab, i))


def test_the_side_by_side_unit_needs_the_repetition() -> None:
    text = '<span class="was">approve</span> then <b>reject</b>'
    assert not any(side_by_side(text, _spans(text), a, b, n) for a, b, n in _spans(text))  # no repeated unit
    listed = "<i>approve</i><i>hold</i><i>reject</i>"
    assert all(side_by_side(listed, _spans(listed), a, b, n) for a, b, n in _spans(listed))
    marked = "<i>approve</i><i>hold</i><i>★reject</i>"
    verdict = {n: side_by_side(marked, _spans(marked), a, b, n) for a, b, n in _spans(marked)}
    assert verdict == {"approve": True, "hold": True, "reject": False}  # the marked member differs from its siblings
    pressed = _buttons(pressed="approve")
    values = [(a, b, n) for a, b, n in _spans(pressed) if pressed[a - 1] == '"']  # the value="…" of each button
    verdict = {n: side_by_side(pressed, _spans(pressed), a, b, n) for a, b, n in values}
    assert verdict == {"approve": False, "hold": True, "reject": True}
