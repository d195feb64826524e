"""A one-record table held in a string is mined as its fields (leakage/record_table.py), both ways.

A board docket excerpt (a Markdown table, a header over one row) carries the record's id, its organisation and
amount beside a recommendation chosen by the decision: as a whole text each record's excerpt is its own value;
read as structure, the recommendation is a field at ``/docket/Recommendation`` whose cells ride with the label, and
the finding points at the cell. The same excerpt with the recommendation drawn apart from the label gives nothing.
"""

from __future__ import annotations

import random

from windtunnel.leakage.candidates import candidates
from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.record_table import record_table

LABELS = ["fund", "decline", "resubmit"]
SAID = {"fund": "Approve", "decline": "Do not approve", "resubmit": "Defer - revise & come back"}
ORGS = ["Harbor Literacy", "Green Alley Farm", "Open Doors", "Bridges Mentoring", "Hilltop Meals", "Coastal Trust"]
DERIVE = ["/reviews"]


def _docket(rng: random.Random, i: int, said: str) -> str:
    amount = f"${rng.choice([15, 20, 25, 40, 50, 75])},000"
    return (
        "| Grant | Organisation | Amount | Recommendation |\n|---|---|---|---|\n"
        f"| 2024-{100 + i} | {rng.choice(ORGS)} | {amount} | {said} |"
    )


def _dataset(seed: int, *, leak: bool, n: int = 150) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 3]
        projection = {
            "reviews": [rng.randint(1, 5) for _ in range(3)],
            "docket": _docket(rng, i, SAID[label if leak else rng.choice(LABELS)]) if rng.random() < 0.4 else None,
        }
        out.append(LeakItem(id=f"g{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_a_one_record_tables_cells_are_fields() -> None:
    text = "| Grant | Amount | Recommendation |\n|---|---|---|\n| 2024-7 | $5,000 | Approve |"
    cells = record_table(text)
    assert [(n, v) for n, v, _s in cells] == [("Grant", "2024-7"), ("Amount", "$5,000"), ("Recommendation", "Approve")]
    assert all(text[a:b] == v for _n, v, (a, b) in cells)
    assert [(n, v) for n, v, _s in record_table('id,prio\n7,"High"')] == [("id", "7"), ("prio", "High")]
    assert record_table("| a | b |\n| 1 | 2 |\n| 3 | 4 |") == []  # a table of many records: whose row is it?
    assert record_table("We met on Monday, as planned, and agreed.\nThe board meets next week, then votes.") == []
    assert record_table("| a | b |") == []  # a header alone
    held = candidates({"docket": text, "n": 1}, ["/n"])
    assert ("value", "/docket/Recommendation", "Approve") in held


def test_a_column_riding_with_the_label_is_mined_at_its_cells() -> None:
    items = _dataset(4, leak=True)
    result = mine(items, derive_from=DERIVE)
    found = {s.label for s in result.suggestions if s.pointer == "/docket/Recommendation"}
    assert found == set(LABELS)
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    holders = {it.id: it for it in items if it.projection["docket"]}
    assert set(flagged) == set(holders)
    for item_id, findings in flagged.items():
        text = holders[item_id].projection["docket"]
        # a leak at the cell, not at the whole excerpt (the excerpt's words are prose outside the input: for review)
        leaks = {text[f.span[0] : f.span[1]] for f in findings if f.severity == "medium" and f.span}
        assert SAID[holders[item_id].expected[0]] in leaks


def test_a_column_drawn_apart_from_the_label_gives_nothing() -> None:
    for seed in (4, 5, 6):
        result = mine(_dataset(seed, leak=False), derive_from=DERIVE)
        assert not [s for s in result.suggestions if s.pointer.startswith("/docket")]


def _minutes(rng: random.Random, i: int, label: str) -> str:
    said = {
        "fund": "Motion to fund — carried",
        "decline": "Motion to decline — carried 6-1",
        "resubmit": f"Returned to applicant for revision; see {rng.choice('ABCDEFGH')} notes",
    }[label]
    return f"| Date | Application | Decision |\n|---|---|---|\n| 0{rng.randint(1, 9)} Oct | A-{1000 + i} | {said} |"


def test_a_cell_filled_in_per_record_is_read_in_its_frames() -> None:
    """A cell is structure as written, not a decoded view: it is asked of its frames as a field's own values are
    (``Returned to applicant for revision; see C notes``, one letter free per record, each text on one or two
    records), and found on its records; the same minutes drawn apart from the label give nothing."""

    def dataset(leak: bool) -> list[LeakItem]:
        rng = random.Random(9)
        out = []
        for i in range(150):
            label = LABELS[i % 3]
            said = label if leak else rng.choice(LABELS)
            minutes = _minutes(rng, i, said) if rng.random() < 0.15 else None
            projection = {"reviews": [rng.randint(1, 5) for _ in range(3)], "minutes": minutes}
            out.append(LeakItem(id=f"m{i}", expected=[label], projection=projection, label_set=LABELS))
        return out

    items = dataset(True)
    result = mine(items, derive_from=DERIVE)
    returned = {it.id for it in items if it.projection["minutes"] and "Returned" in it.projection["minutes"]}
    found = mined_findings(items, result, derive_from=DERIVE)
    flagged = {k for k, fs in found if any(f.severity in ("medium", "high") for f in fs)}
    assert returned and returned <= flagged
    assert not any(s.pointer.startswith("/minutes") for s in mine(dataset(False), derive_from=DERIVE).suggestions)


def test_a_fixed_width_one_record_tables_cells_are_fields() -> None:
    """A notice's extract row under a fixed-width header (names parted by two blanks or more) is read by its
    columns; a sentence over a sentence, or a row whose text crosses a column's start, is no table."""
    text = "LLNR   AID NAME                 STATUS    LNM\n24779  Channel Nun Buoy 7       OFF STA   50/23"
    cells = record_table(text)
    assert [(n, v) for n, v, _s in cells] == [
        ("LLNR", "24779"),
        ("AID NAME", "Channel Nun Buoy 7"),
        ("STATUS", "OFF STA"),
        ("LNM", "50/23"),
    ]
    assert all(text[a:b] == v for _n, v, (a, b) in cells)
    assert record_table("LLNR   AID NAME   STATUS\n24779  Channel Nun Buoy 7 OFF STA") == []  # crosses a column
    assert record_table("Dear board,  thank you\nWe met on Monday and agreed on it.") == []
    assert record_table("ID    STATUS\n      OFF STA") == []  # a column left empty


def test_a_fixed_width_column_riding_with_the_label_is_mined_at_its_cells() -> None:
    said = {"fund": "APPR", "decline": "DECL", "resubmit": "DEFR"}

    def dataset(leak: bool) -> list[LeakItem]:
        rng = random.Random(11)
        out = []
        for i in range(150):
            label = LABELS[i % 3]
            code = said[label if leak else rng.choice(LABELS)]
            row = f"2024-{100 + i:<4} {rng.choice(ORGS):<20} {code:<8} {i % 52:02d}/24"
            extract = f"GRANT     APPLICANT            ACTION   WK\n{row}"
            projection = {"reviews": [rng.randint(1, 5) for _ in range(3)], "extract": extract if i % 2 else None}
            out.append(LeakItem(id=f"x{i}", expected=[label], projection=projection, label_set=LABELS))
        return out

    items = dataset(True)
    result = mine(items, derive_from=DERIVE)
    assert {s.label for s in result.suggestions if s.pointer == "/extract/ACTION"} == set(LABELS)
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    for it in items:
        if it.projection["extract"]:
            text = it.projection["extract"]
            leaks = {text[f.span[0] : f.span[1]] for f in flagged.get(it.id, []) if f.severity == "medium" and f.span}
            assert said[it.expected[0]] in leaks
    assert not [s for s in mine(dataset(False), derive_from=DERIVE).suggestions if s.pointer.startswith("/extract")]
