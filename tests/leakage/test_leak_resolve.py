"""Structure resolution: this record's row of a table held in a string, a spreadsheet's shared strings
resolved by index, YAML blocks pulled in by an alias or merge key — each both ways (the record's own
value leaks; the same structure without the link to this record, or naming every record, does not)."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item, sanitize_item
from windtunnel.leakage.resolve import Records, own_value

LABELS = ["Low", "Medium", "High"]


def _item(projection: Any, expected: str = "High") -> dict[str, Any]:
    return {"id": "t", "expected": expected, "label_set": LABELS, "projection": projection}


def _leaked(projection: Any, expected: str = "High") -> bool:
    item = _item(projection, expected)
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    return fast.leaked


def _export(rows: list[tuple[str, str, str]], delim: str = ";") -> str:
    lines = [delim.join(["Ticket", "Subject", "cf_7"])]
    lines += [delim.join([i, f'"{s}"', v]) for i, s, v in rows]
    return "\n".join(lines) + "\n"


ROWS = [("10417", "Printer jams", "Low"), ("20931", "Login loop", "High"), ("33310", "Slow search", "Medium")]


@pytest.mark.parametrize("delim", [";", ",", "\t", "|"])
def test_the_label_in_this_records_row_of_a_delimited_export_leaks(delim: str) -> None:
    projection = {"export": _export(ROWS, delim), "ticket": {"id": 20931, "subject": "Login loop"}}
    assert _leaked(projection)


def test_the_same_export_without_this_records_label_is_clean() -> None:
    rows = [*ROWS[:1], ("20931", "Login loop", ""), *ROWS[2:], ("40001", "Other", "High")]
    assert not _leaked({"export": _export(rows), "ticket": {"id": 20931}})


def test_an_export_with_no_row_named_elsewhere_says_nothing_about_this_record() -> None:
    assert not _leaked({"export": _export(ROWS), "ticket": {"id": 99999}})


def test_an_export_whose_every_row_is_named_elsewhere_is_ambiguous() -> None:
    # (the structure resolution alone: the decision's own table-row rule reads such a table apart)
    text = _export(ROWS)
    a = text.index("High")
    assert own_value(Records({"export": text, "related": ["10417", "20931", "33310"]}), text, (a, a + 4)) is None
    assert own_value(Records({"export": text, "ticket": 20931}), text, (a, a + 4)) is not None


def test_a_sql_copy_block_of_this_records_attributes_leaks() -> None:
    dump = (
        "-- dump of case CASE-81770\nBEGIN;\n"
        "INSERT INTO cases (case_key, subject) VALUES ('CASE-81770', 'Login loop');\n"
        "COPY public.case_attrs (case_key, attr, value) FROM stdin;\n"
        "CASE-81770\tchannel\temail\nCASE-81770\tprio\tHigh\nCASE-81770\tlocale\ten-GB\n\\.\nCOMMIT;\n"
    )
    assert _leaked(dump)
    assert not _leaked(dump.replace("\tHigh\n", "\t\n"))


def test_a_sql_insert_of_many_rows_leaks_only_this_records_row() -> None:
    dump = (
        "-- case INC-2042\nINSERT INTO tickets (key, prio) VALUES ('INC-1001', 'High'), "
        "('INC-2042', 'Low'), ('INC-3003', 'Medium');\n"
    )
    assert _leaked(dump, "Low")
    assert not _leaked(dump, "High")


def _workbook(rows: list[list[int]], strings: list[str]) -> dict[str, str]:
    sst = "<sst>" + "".join(f"<si><t>{s}</t></si>" for s in strings) + "</sst>"
    sheet = "<worksheet><sheetData>"
    for r, row in enumerate(rows, 1):
        cells = "".join(f'<c r="{chr(65 + c)}{r}" t="s"><v>{v}</v></c>' for c, v in enumerate(row))
        sheet += f'<row r="{r}">{cells}</row>'
    return {"xl/sharedStrings.xml": sst, "xl/worksheets/sheet1.xml": sheet + "</sheetData></worksheet>"}


STRINGS = ["Case", "Prio", "Low", "Medium", "High", "TKT-101", "TKT-202"]


def test_a_shared_string_this_records_row_points_at_leaks() -> None:
    book = _workbook([[0, 1], [5, 2], [6, 4]], STRINGS)
    assert _leaked({"unzipped": book, "question": "TKT-202"})
    assert not _leaked({"unzipped": book, "question": "TKT-101"})


def test_a_shared_string_table_without_this_records_row_is_clean() -> None:
    book = _workbook([[0, 1], [5, 4]], STRINGS)
    assert not _leaked({"unzipped": book, "question": "TKT-202"})


YAML = """profiles:
  p_a: &p_a
    prio: Low
  p_b: &p_b
    prio: Medium
  p_c: &p_c
    prio: High
cases:
  - key: TKT-7
{merge}    body: |
      The printer jams.
"""


def test_a_yaml_block_merged_into_the_record_leaks() -> None:
    assert _leaked(YAML.format(merge="    <<: *p_c\n"))


def test_yaml_definitions_no_record_pulls_in_are_a_listing() -> None:
    assert not _leaked(YAML.format(merge=""))


def test_yaml_records_pulling_in_different_siblings_are_ambiguous() -> None:
    text = YAML.format(merge="    <<: *p_c\n") + "  - key: TKT-8\n    <<: *p_a\n"
    assert not _leaked(text)


def test_among_yaml_records_this_records_item_is_the_one_named_elsewhere() -> None:
    text = YAML.format(merge="    <<: *p_c\n") + "  - key: TKT-8\n    <<: *p_a\n"
    assert _leaked({"export": text, "question": "TKT-7"})
    assert not _leaked({"export": text, "question": "TKT-8"})
    assert _leaked({"export": text, "question": "TKT-8"}, "Low")
    assert not _leaked({"export": text, "question": "TKT-9"})


def test_an_own_value_is_a_whole_cell() -> None:
    text = _export([("20931", "Login loop", "High priority"), *ROWS[:1], *ROWS[2:]])
    records = Records({"export": text, "id": 20931})
    a = text.index("High")
    assert not own_value(records, text, (a, a + 4))
    assert own_value(records, text, (a, a + len("High priority")))


def test_the_sanitizer_removes_this_records_cell_and_keeps_the_others() -> None:
    projection = {"export": _export(ROWS), "ticket": {"id": 20931}}
    result = sanitize_item(_item(projection), mode="span")
    assert not result.after.leaked
    out = result.item.projection["export"]
    assert '20931;"Login loop";\n' in out and '10417;"Printer jams";Low' in out


def test_a_table_string_seen_again_under_another_record_is_decided_again() -> None:
    # the scan replays the findings of a string it has classified before: not for a table of records,
    # whose own row depends on the rest of the projection
    text = _export(ROWS)
    for _ in range(3):
        assert not _leaked({"export": text, "ticket": {"id": 99999}})
        assert _leaked({"export": text, "ticket": {"id": 20931}})


def test_a_shared_string_leak_points_at_this_records_cell_and_the_sanitizer_clears_it() -> None:
    book = _workbook([[0, 1], [5, 2], [6, 4]], STRINGS)
    item = _item({"unzipped": book, "question": "TKT-202"})
    (f,) = [f for f in audit_item(item).findings if f.severity == "high"]
    sheet = book["xl/worksheets/sheet1.xml"]
    assert f.pointer == "/unzipped/xl~1worksheets~1sheet1.xml" and f.span is not None
    assert sheet[f.span[0] : f.span[1]] == "4"  # the index of "High" in this record's row
    result = sanitize_item(item, mode="span")
    assert result.before.leaked and not result.after.leaked
    assert result.item.projection["unzipped"]["xl/sharedStrings.xml"] == book["xl/sharedStrings.xml"]


def test_this_records_row_of_an_html_table() -> None:
    table = (
        "<table><tr><th>id</th><th>p</th></tr><tr><td>T-100</td><td>Low</td></tr>"
        "<tr><td>T-200</td><td> <b>High</b> </td></tr></table>"
    )
    a = table.index("High")
    assert own_value(Records({"x": table, "q": "T-200"}), table, (a, a + 4)) is not None
    assert own_value(Records({"x": table, "q": "T-300"}), table, (a, a + 4)) is None
    low = table.index("Low")
    assert own_value(Records({"x": table, "q": "T-200"}), table, (low, low + 3)) is None


def _psql(rows: list[tuple[str, str, str]]) -> str:
    """``psql``'s aligned output: a header, a ``---+---`` rule, rows between bars (not a batch's form)."""
    lines = [" ref   | title          | urgency ", "-------+----------------+---------"]
    lines += [f" {i:<5} | {s:<14} | {v:<7} " for i, s, v in rows]
    return "\n".join(lines) + f"\n({len(rows)} rows)\n"


def _grid(rows: list[tuple[str, str, list[str]]]) -> str:
    """A grid table (reStructuredText / tabulate ``grid``) whose label cell wraps over lines."""
    out = ["+--------+-----------------+----------+", "| Key    | Title           | Level    |"]
    out.append("+========+=================+==========+")
    for key, title, pieces in rows:
        for n, piece in enumerate(pieces or [""]):
            out.append(f"| {key if n == 0 else '':<6} | {title if n == 0 else '':<15} | {piece:<8} |")
        out.append("+--------+-----------------+----------+")
    return "\n".join(out)


def test_this_records_row_of_a_drawn_table_named_in_a_question_leaks() -> None:
    rows = [("A-301", "Disk full", "Low"), ("A-307", "Auth down", "High"), ("A-309", "Typo", "Medium")]
    assert _leaked({"out": _psql(rows), "ask": "Which urgency fits A-307?"})
    # counter-examples: no row named outside the table; this record's cell empty; every row named
    assert not _leaked({"out": _psql(rows), "ask": "Which urgency fits the new one?"})
    blank = [rows[0], ("A-307", "Auth down", ""), rows[2], ("A-311", "Other", "High")]
    assert not _leaked({"out": _psql(blank), "ask": "Which urgency fits A-307?"})
    assert not _leaked({"out": _psql(rows), "ask": "Compare A-301, A-307 and A-309."})


def test_a_label_wrapped_over_lines_in_this_records_row_leaks() -> None:
    labels = ["Low", "Medium", "High", "Very High"]
    rows = [("K-11", "Disk full", ["Low"]), ("K-12", "Auth down", ["Very", "High"]), ("K-13", "Typo", ["Med", "ium"])]
    item = {"id": "t", "expected": "Very High", "label_set": labels, "projection": {"t": _grid(rows), "q": "K-12?"}}
    assert audit_item(item).leaked
    item["expected"] = "Medium"
    item["projection"]["q"] = "and K-13"
    assert audit_item(item).leaked
    rows[2] = ("K-13", "Typo", [])
    item["projection"]["t"] = _grid(rows)
    assert not audit_item(item).leaked


def test_an_id_in_prose_naming_another_row_does_not_hide_the_row_this_record_names() -> None:
    table = "| Key | Summary | Priority |\n|---|---|---|\n| OPS-11 | Disk full | Low |\n"
    table += "| OPS-12 | Auth down | High |\n| OPS-13 | Typo | Medium |\n"
    assert _leaked({"table": table, "ticket": {"id": "OPS-12"}, "note": "duplicate of OPS-11?"})
    assert _leaked({"table": table, "ask": "Triage OPS-12 please"})
    assert not _leaked({"table": table, "ask": "Compare OPS-11 and OPS-12"})


# ---------------------------------------------------------------- a table stored by column


def _by_column(sev: list[Any], ids: list[Any] | None = None) -> dict[str, Any]:
    """An invented dataframe dump, one array per column; the record is case 77120, shown outside it."""
    return {
        "frame": {"case_no": ids or [51002, 77120, 51004], "opened": ["mon", "tue", "wed"], "sev": sev},
        "case": {"case_no": 77120, "text": "cannot print"},
    }


def test_this_records_index_of_a_table_stored_by_column_leaks_at_the_value() -> None:
    projection = _by_column(["Low", "High", "Medium"])
    audit = audit_item(_item(projection))
    assert audit.leaked
    assert {f.pointer for f in audit.findings if f.severity == "high"} == {"/frame/sev/1"}
    result = sanitize_item(_item(projection), mode="span")
    assert result.before.leaked and not result.after.leaked
    assert result.item.projection["frame"]["sev"][0] == "Low"  # other records' cells are kept


def test_columns_as_a_list_of_named_arrays_are_read_by_row_too() -> None:
    projection = {
        "batch": {"cols": [{"field": "ref", "data": ["Q-9", "Q-4411", "Q-12"]}, {"field": "lvl", "data": LABELS}]},
        "asked": "Q-4411",
    }
    assert _leaked(projection, "Medium")
    assert not _leaked(projection, "High")  # another record's cell


@pytest.mark.parametrize(
    "projection",
    [
        _by_column(["Low", None, "Medium"]),  # this record's slot is empty
        _by_column(["Low", "High", "Medium"], ids=[51002, 51003, 51004]),  # no row is this record's
        {"frame": {"case_no": [51002, 77120, 51004], "sev": LABELS}, "seen": [51002, 77120, 51004]},  # all named
        {"options": ["Low", "High", "Medium"], "weights": ["w-1", "w-2", "w-3"], "task": "77120"},  # a listing
    ],
)
def test_a_column_store_without_this_records_label_says_nothing(projection: dict[str, Any]) -> None:
    assert not _leaked(projection)


# ---------------------------------------------------------------- a reference selecting one option


def _choices(ref: str | None) -> dict[str, Any]:
    """An invented form-builder state: every label offered, and a binding that may point at one of them."""
    binding: dict[str, Any] = {"target": "/form/level", "source": ref} if ref is not None else {"target": "/form/level"}
    return {
        "form": {"level": None, "title": "cannot print"},
        "offered": [{"text": "Low"}, {"text": "Medium"}, {"text": "High"}],
        "bindings": [binding],
    }


@pytest.mark.parametrize("ref", ["/offered/2/text", "/offered/2", "#/offered/2"])
def test_a_reference_to_one_member_of_a_listing_selects_it_and_the_reference_is_cleared(ref: str) -> None:
    item = _item(_choices(ref))
    audit = audit_item(item)
    assert audit.leaked
    assert {f.pointer for f in audit.findings if f.severity == "high"} == {"/bindings/0/source"}
    result = sanitize_item(item, mode="span")
    assert not result.after.leaked
    assert result.item.projection["offered"] == _choices(ref)["offered"]  # the listing is kept


@pytest.mark.parametrize("ref", [None, "/offered", "/var/log/offered/2", "/form/level"])
def test_no_reference_or_one_to_the_whole_listing_or_elsewhere_selects_nothing(ref: str | None) -> None:
    assert not _leaked(_choices(ref))


def test_a_reference_to_another_option_selects_that_one_not_the_answer() -> None:
    assert not _leaked(_choices("/offered/0/text")) and _leaked(_choices("/offered/0/text"), "Low")


def _pivot(ids: list[str], values: list[str], delim: str = "\t") -> str:
    """A table written with fields as rows and records as columns (a pivoted report), not a batch's form."""
    lines = [delim.join(["attribute", *ids]), delim.join(["team", *["ops"] * len(ids)])]
    lines.append(delim.join(["cf_12", *values]))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("delim", ["\t", ";", "|"])
def test_this_records_column_of_a_transposed_table_leaks(delim: str) -> None:
    table = _pivot(["Q-71", "Q-72", "Q-73"], ["Medium", "High", "Low"], delim)
    assert _leaked({"pivot": table, "asked_about": "Q-72"})
    a = table.index("High")
    assert own_value(Records({"pivot": table, "asked_about": "Q-72"}), table, (a, a + 4)) is not None
    low = table.index("Low")
    assert own_value(Records({"pivot": table, "asked_about": "Q-72"}), table, (low, low + 3)) is None


def test_a_transposed_table_without_this_records_label_or_link_is_clean() -> None:
    # this record's column empty; no column named outside the table; every column named outside
    assert not _leaked({"pivot": _pivot(["Q-71", "Q-72", "Q-73"], ["High", "", "Low"]), "asked_about": "Q-72"})
    assert not _leaked({"pivot": _pivot(["Q-71", "Q-72", "Q-73"], ["Medium", "High", "Low"]), "asked_about": "Q-99"})
    table = _pivot(["Q-71", "Q-72", "Q-73"], ["Medium", "High", "Low"])
    a = table.index("High")
    every = Records({"pivot": table, "seen": ["Q-71", "Q-72", "Q-73"]})
    assert own_value(every, table, (a, a + 4)) is None


def test_this_records_column_of_a_transposed_html_table_leaks() -> None:
    table = (
        "<table><tr><th></th><th>R-510</th><th>R-511</th></tr><tr><td>owner</td><td>kim</td><td>lee</td></tr>"
        "<tr><td>level</td><td>High</td><td>Low</td></tr></table>"
    )
    a = table.index("High")
    assert own_value(Records({"x": table, "q": "R-510"}), table, (a, a + 4)) is not None
    assert own_value(Records({"x": table, "q": "R-511"}), table, (a, a + 4)) is None
