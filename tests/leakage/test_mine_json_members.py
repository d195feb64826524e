"""JSON written inside the named input (:mod:`windtunnel.leakage.text_pairs`, its members), both ways.

A delay-attribution task reads a controller's log (the owner's ``--derive-from``), one line a string. On some records,
whatever their cause, a later stage appended its verdict to the log as an escaped JSON line (``sync: {\\"note\\":
\\"Agreed: signal fault\\"}``): one canned note per cause, each on a handful of records only. The note is found at its
characters; the same note drawn apart from the cause, and a log line that is itself one JSON record, give nothing.
"""

from __future__ import annotations

import json
import random

from windtunnel.leakage.mine import PAIR_RULE, mine, mined_findings
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.text_pairs import pairs_in

LABELS = ["signal", "track", "fleet", "weather", "crew", "trespass"]
NOTE = {
    "signal": "Agreed with route: signal fault, owner responsible.",
    "track": "Agreed: permanent way cause.",
    "fleet": "Operator accepts - unit defect.",
    "weather": "Attributed to severe weather.",
    "crew": "Operator accepts: crew resourcing.",
    "trespass": "External: trespass, police ref given.",
}
EVENTS = {
    "signal": "Points failed to detect at {n}.",
    "track": "Rough ride reported at {n}m, speed restriction imposed.",
    "fleet": "Unit {n} doors would not prove closed.",
    "weather": "Flooding over the rails at {n}m.",
    "crew": "Driver not available for {n}, service cancelled.",
    "trespass": "Person on the line near {n}m, traction current off.",
}
DERIVE = ["/incident/log"]


def _line(note: str, n: int, *, framed: bool) -> str:
    body = json.dumps({"incident": str(n), "note": note})
    return f"07:{n % 60:02d} sync: {json.dumps(body)[1:-1]}" if framed else body


def _dataset(seed: int, *, random_note: bool = False, framed: bool = True, n: int = 168) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        log = [f"12:{rng.randint(10, 59)} " + EVENTS[label].format(n=rng.randint(100, 999)), "12:40 Control informed."]
        if rng.random() < 0.3:
            note = NOTE[rng.choice(LABELS)] if random_note else NOTE[label]
            log.append(_line(note, 100000 + i, framed=framed))
        out.append(LeakItem(id=f"d{i}", expected=[label], projection={"incident": {"log": log}}, label_set=LABELS))
    return out


def _flagged(items: list[LeakItem]) -> set[str]:
    result = mine(items, derive_from=DERIVE)
    return {k for k, fs in mined_findings(items, result, derive_from=DERIVE) if any(f.rule == PAIR_RULE for f in fs)}


def test_an_escaped_json_member_is_read_at_its_characters() -> None:
    text = _line(NOTE["track"], 123456, framed=True)
    (note,) = [p for p in pairs_in(text) if p.name == "note"]
    assert text[note.start : note.end] == NOTE["track"]
    assert note.code and note.framed


def test_a_canned_note_per_cause_appended_to_the_named_log_is_found() -> None:
    items = _dataset(3)
    result = mine(items, derive_from=DERIVE)
    found = {r.value: r.label for r in result.pairs if r.name == "note" and not r.review}
    assert found and all(NOTE[lab] == value for value, lab in found.items())
    assert len(found) >= 3
    noted = {it.id for it in items if any(NOTE[it.expected[0]] in line for line in it.projection["incident"]["log"])}
    flagged = _flagged(items)
    assert flagged and flagged <= noted


def test_a_note_drawn_apart_from_the_cause_is_no_leak() -> None:
    assert not _flagged(_dataset(3, random_note=True))


def test_a_line_that_is_one_json_record_is_the_content() -> None:
    assert not _flagged(_dataset(3, framed=False))
