"""This record's row of a many-row table held in a string, named by a whole value the record shows elsewhere.

A recruiter board (a Markdown table whose bars do not line up, one row per candidate of the requisition) holds
this record's candidate in one row, named by the name the record shows under ``/candidate/name``, and the other
candidates in the rest. The row's cells are this record's fields: a label in its Stage cell leaks (principle 1),
and mining reads the Stage column at ``/board/Stage`` on this row only. The other rows stay a listing: a board of
other candidates only says nothing, and the sanitizer leaves their rows as they were written.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from windtunnel.flows.leak import SanitizeRequest, sanitize_flow
from windtunnel.leakage import audit_item
from windtunnel.leakage.candidates import candidates
from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.resolve import Records, own_row_cells, own_value

LABELS = ["Low", "Medium", "High"]
NAMES = ["Carlos Yilmaz", "Mei Smith", "Ana Brown", "Yuki Ali", "Ethan Reyes", "Priya Novak", "Oskar Costa", "Wei Kaur"]
STAGES = ["Application Review", "Phone Screen", "Onsite", "Offer", "Rejected", "Talent Pool - Hold"]


def _board(rows: list[tuple[str, str]]) -> str:
    lines = ["### REQ-4533 pipeline", "", "| Candidate | Stage | Owner |", "|---|---|---|"]
    lines += [f"| {name} | {stage} | {'KL' if i % 2 else 'DS'} |" for i, (name, stage) in enumerate(rows)]
    return "\n".join(lines)


def _leaked(projection: Any, expected: str = "High") -> bool:
    item = {"id": "t", "expected": expected, "label_set": LABELS, "projection": projection}
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    return fast.leaked


def test_this_records_row_of_an_unaligned_pipe_table_is_named_by_a_whole_value() -> None:
    board = _board([("Ethan Reyes", "Onsite"), ("Carlos Yilmaz", "Phone Screen"), ("Ana Brown", "Offer")])
    records = Records({"candidate": {"name": "Carlos Yilmaz"}, "board": board})
    cells, naming = own_row_cells(records, board)
    assert naming == "carlos yilmaz"
    expected = [("Candidate", "Carlos Yilmaz"), ("Stage", "Phone Screen"), ("Owner", "KL")]
    assert [(n, v) for n, v, _s in cells] == expected
    assert all(board[a:b] == v for _n, v, (a, b) in cells)
    a = board.index("Phone Screen")
    assert own_value(records, board, (a, a + len("Phone Screen"))) is None  # the scan: a name or a shared value?
    b = board.index("Offer")
    assert own_value(records, board, (b, b + len("Offer"))) is None  # another candidate's row


def test_a_table_of_other_records_only_names_no_row() -> None:
    board = _board([("Ethan Reyes", "Onsite"), ("Mei Smith", "Phone Screen"), ("Ana Brown", "Offer")])
    assert own_row_cells(Records({"candidate": {"name": "Carlos Yilmaz"}, "board": board}), board) == ([], None)
    # a value every row holds (the owner), or one in a column whose cells repeat, names no row either
    board = _board([("Ethan Reyes", "Offer"), ("Mei Smith", "Offer"), ("Ana Brown", "Onsite")])
    assert own_row_cells(Records({"recruiter": "Offer", "board": board}), board) == ([], None)
    # a date or a time names no row: a moment many records may share
    stamps = "| Received | Candidate | Stage |\n|---|---|---|\n| 2025-06-28T04:17:36Z | Ines Haddad | Rejected |\n"
    stamps += "| 2025-06-29T01:00:00Z | Fatima Kim | Onsite |\n| 2025-06-30T02:00:00Z | Tom Reed | Phone Screen |"
    assert own_row_cells(Records({"applied_at": "2025-06-28T04:17:36Z", "feed": stamps}), stamps) == ([], None)


def test_the_scan_reads_no_row_named_by_a_whole_value() -> None:
    # a table of sources: "Indeed" is this record's source and many others', not its name
    sources = "| Source | Applicants | Most common result |\n|---|---|---|\n| Indeed | 120 | Low |\n"
    sources += "| LinkedIn | 80 | High |\n| Referral | 12 | Medium |"
    assert not _leaked({"candidate": {"name": "Ann Bell", "source": "Indeed"}, "sources": sources}, "Low")
    rows = [("Ethan Reyes", "Low"), ("Carlos Yilmaz", "High"), ("Ana Brown", "Medium"), ("Mei Smith", "Low")]
    assert not _leaked({"candidate": {"name": "Carlos Yilmaz"}, "board": _board(rows)})


SAID = {"Low": "Rejected", "Medium": "Talent Pool - Hold", "High": "Phone Screen"}
DERIVE = ["/candidate/resume"]


def _dataset(seed: int, *, own_row: bool, n: int = 150, shared: int = 0) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 3]
        name = f"{rng.choice(NAMES).split()[0]} {rng.choice(NAMES).split()[1]}-{i}"
        if shared:  # a value many records share (a source, an office) names the row, not the record
            name = f"Source {LABELS.index(label) * shared + i % shared}"
        others = [(f"{rng.choice(NAMES)} {j}", rng.choice(STAGES)) for j in range(rng.randint(3, 5))]
        board = [*others]
        if own_row:
            board.insert(rng.randrange(len(board) + 1), (name, SAID[label]))
        projection = {"candidate": {"name": name, "resume": f"resume {i}"}, "board": _board(board)}
        out.append(LeakItem(id=f"c{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_this_records_row_is_mined_as_its_fields() -> None:
    items = _dataset(3, own_row=True)
    held = candidates(items[0].projection, DERIVE)
    assert ("value", "/board/Stage", SAID["Low"]) in held
    result = mine(items, derive_from=DERIVE)
    assert {s.label for s in result.suggestions if s.pointer == "/board/Stage"} == set(LABELS)
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    for it in items:
        text = it.projection["board"]
        leaks = {text[f.span[0] : f.span[1]] for f in flagged.get(it.id, []) if f.severity == "medium" and f.span}
        assert SAID[it.expected[0]] in leaks
        row = next(line for line in text.splitlines() if it.projection["candidate"]["name"] in line)
        assert all(row.find(text[f.span[0] : f.span[1]]) >= 0 for f in flagged[it.id] if f.span)


def test_boards_without_this_records_row_give_nothing() -> None:
    for seed in (3, 4):
        result = mine(_dataset(seed, own_row=False), derive_from=DERIVE)
        assert not [s for s in result.suggestions if s.pointer.startswith("/board")]


def test_a_row_named_by_a_value_many_records_share_is_not_mined() -> None:
    # each naming value held by 10 records, every one of its label: a table of sources, not of candidates
    items = _dataset(3, own_row=True, shared=5)
    result = mine(items, derive_from=DERIVE)
    assert not [s for s in result.suggestions if s.pointer.startswith("/board")]


@pytest.mark.parametrize("mode", ["span", "sentence"])
def test_the_sanitizer_cuts_this_records_cell_only(tmp_path: Path, mode: str) -> None:
    # the mined "Rejected" is this record's Stage cell: another candidate's "Rejected" is that candidate's, and stays
    items = _dataset(3, own_row=True)
    rows = [{"id": it.id, "expected": it.expected[0], "label_set": LABELS, "projection": it.projection} for it in items]
    (tmp_path / "in.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    request = SanitizeRequest(dataset=tmp_path / "in.jsonl", output=out, mode=mode, mine=True, derive_from=DERIVE)
    assert sanitize_flow(request).summary["still_leaking"] == 0
    others_cut = 0
    for it, line in zip(items, out.read_text(encoding="utf-8").splitlines(), strict=True):
        was, now = it.projection["board"].split("\n"), json.loads(line)["projection"]["board"].split("\n")
        name = it.projection["candidate"]["name"]
        assert len(now) == len(was)  # every row kept, this record's too
        own = next(i for i, row in enumerate(was) if name in row)
        assert now[own] == was[own].replace(f"| {SAID[it.expected[0]]} |", "|  |")
        others_cut += sum(a != b for i, (a, b) in enumerate(zip(was, now, strict=True)) if i != own)
    assert others_cut == 0
