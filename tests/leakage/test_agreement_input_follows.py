"""A slot inside the named input (``--derive-from``) that follows the label is the task's own signal, not a leak; the
same slot outside the input, or with no input named, is promoted as a value (principle 1 from the dataset).

Invented note: ``the crew filed it with the High desk`` on every record, its label word the record's own. Named as the
task's input, what it says is what the task is answered from; outside it (the input another field), it states the
answer.
"""

from __future__ import annotations

from tests.leakage.test_leak_agreement import RULE, _items, _leak_items, _value_slot
from windtunnel.leakage.agreement import agreement_of


def _promoted(derive_from: list[str]) -> int:
    raw = _items(40, _value_slot)
    for r in raw:
        r["projection"]["body"] = "please route this one"
    items, audits = _leak_items(raw)
    agreement = agreement_of(items, derive_from=derive_from)
    return sum(any(f.rule == RULE for f in agreement.adjust(a).findings) for a in audits)


def test_a_slot_that_follows_the_label_inside_the_named_input_is_not_promoted() -> None:
    assert _promoted([]) == 40
    assert _promoted(["/body"]) == 40  # the note outside the input: promoted
    assert _promoted(["/note"]) == 0  # the note is the input
