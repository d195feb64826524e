"""The document views: terminal captures, PDF text operators, CSS generated content, byte lists, and
labels cut short with an ellipsis. Forms invented here, none copied from a blind batch; each with a
clean twin that must stay clean, and every hit pointing at the original characters."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.needles import NeedleSet
from windtunnel.leakage.prefilter import may_have_findings
from windtunnel.leakage.sanitize import sanitize_item
from windtunnel.leakage.scan import _prepared
from windtunnel.leakage.truncation import label_truncations
from windtunnel.leakage.views import canonical_views
from windtunnel.leakage.views.bytelists import byte_list_text

LABELS = ["Low", "Medium", "High", "Critical"]


def _view(text: str, name: str) -> str:
    views = dict(canonical_views(text))
    assert f"decoded:{name}" in views, f"no {name} view of {text!r}: {list(views)}"
    return views[f"decoded:{name}"].text


def _leaks(projection: Any, expected: str = "High", labels: list[str] | None = None) -> bool:
    item = {"id": "d", "expected": expected, "label_set": LABELS if labels is None else labels}
    item["projection"] = projection
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    return any(f.severity == "high" for f in fast.findings)


# ---------------------------------------------------------------- terminal


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("urgency \x1b[38;5;196mHigh\x1b[m", "urgency High"),
        ("\x1b]0;tty title\x07level=\x1b[1mHi\x1b[22mgh", "level=High"),
        ("printf '\\033[31mHigh\\033[0m'", "printf 'High'"),
        ("log: \\e[1mHigh\\e[0m and ^[[4mdone^[[24m", "log: High and done"),
        ("H\x08Hi\x08ig\x08gh\x08h", "High"),
        ("_\x08H_\x08i_\x08g_\x08h", "High"),
        ("Hxy\x08\x08igh", "High"),
    ],
)
def test_the_terminal_view_shows_what_a_terminal_shows(text: str, shown: str) -> None:
    assert _view(text, "terminal") == shown


def test_a_backspace_never_reaches_over_a_line_break() -> None:
    assert _view("Hi\n\x08\x08gh", "terminal") == "Hi\ngh"


def test_a_coloured_label_in_a_cli_capture_leaks_and_its_twin_does_not() -> None:
    leak = "$ tool show 7\n  name     : disk full\n  priority : \x1b[1;33mHigh\x1b[0m\n"
    assert _leaks({"stdout": leak})
    assert not _leaks({"stdout": leak.replace("\x1b[1;33mHigh\x1b[0m", "\x1b[2m-\x1b[0m")})
    overstruck = "PRIORITY(7)\n  level: H\x08Hi\x08ig\x08gh\x08h\n"
    assert _leaks({"man": overstruck})
    assert not _leaks({"man": overstruck.replace("H\x08Hi\x08ig\x08gh\x08h", "H\x08Hi\x08ig\x08gh\x08hway")})


# ---------------------------------------------------------------- PDF


@pytest.mark.parametrize(
    ("stream", "shown"),
    [
        ("BT /F1 9 Tf 20 700 Td (Level:) Tj 60 0 Td (High) Tj ET", "Level: High"),
        ("BT [(Le)-15(vel: )(H)8(igh)] TJ ET", "Level: High"),
        ("BT [(wide)-400(gap)] TJ ET", "wide gap"),
        ("BT <4C6576656C3A20> Tj <486967> Tj (h) Tj ET", "Level: High"),
        ("BT (\\114evel: \\110igh) Tj ET", "Level: High"),
        ("BT <FEFF004800690067 0068> Tj ET", "High"),
        ("BT (Level:) Tj T* (High) ' ET", "Level:\nHigh"),
        ("BT (a \\(b\\)) Tj 0 -12 Td (c) Tj ET", "a (b)\nc"),
    ],
)
def test_the_pdf_view_reads_the_text_operators(stream: str, shown: str) -> None:
    assert _view(stream, "pdf_text") == shown


def test_a_pdf_hit_points_at_the_string_operand_not_the_operators() -> None:
    stream = "q\nBT /F1 9 Tf 20 700 Td (Level:) Tj 60 0 Td (\\110igh) Tj ET\nQ"
    hits = [h for h in NeedleSet.build(["High"]).search(stream) if "pdf_text" in h.view]
    assert hits
    a, b = hits[0].span
    assert stream[a:b] == "(\\110igh)"


def test_a_label_drawn_by_a_content_stream_leaks_and_its_twin_does_not() -> None:
    page = "BT /F1 10 Tf 56 720 Td (Priority:) Tj 110 0 Td [(Hi)20(gh)] TJ ET"
    assert _leaks({"page_1": page})
    assert not _leaks({"page_1": page.replace("[(Hi)20(gh)] TJ", "() Tj")})
    assert not _leaks({"page_1": page.replace("(gh)", "(ghway)")})


# ---------------------------------------------------------------- CSS


@pytest.mark.parametrize(
    ("css", "shown"),
    [
        ('.x::after{content:"\\48 igh"}', ".x::after{content:High}"),
        (".x:before { content: 'Hi' \"gh\" }", ".x:before { content: High }"),
        ('#a::before{content:"H"}#a::after{content:"\\000069gh"}', "#a::before{content:High}"),
        ('#a::before{content:"Hi"} #b::after{content:"gh"}', "#a::before{content:Hi} #b::after{content:gh}"),
    ],
)
def test_the_css_view_draws_the_content_strings(css: str, shown: str) -> None:
    assert _view(css, "css_content") == shown


def test_generated_content_leaks_and_its_twin_does_not() -> None:
    page = (
        '<style>#c9-priority::before{content:"Hi"}#c9-priority::after{content:"\\67 h"}</style>'
        '<dt>priority</dt><dd id="c9-priority"></dd>'
    )
    assert _leaks({"html": page})
    assert not _leaks({"html": page.replace('content:"\\67 h"', "content:none")})


# ---------------------------------------------------------------- byte lists


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("value = [72, 105, 103, 104]", "value = High"),
        ("hdr [0x48, 0x69, 0x67, 0x68]", "hdr High"),
        ("bytes [72,105,103,104,]", "bytes High"),
        ("go: [72 105 103 104]", "go: High"),
    ],
)
def test_a_list_of_byte_values_reads_as_its_text(text: str, shown: str) -> None:
    assert _view(text, "byte_list") == shown


@pytest.mark.parametrize(
    "value", [[1, 2, 3], [300, 72], [72], [72, True], ["72", "105"], [0xC3], [200, 200, 200], [72.0, 105.0]]
)
def test_a_list_that_is_not_printable_bytes_is_not_text(value: list[Any]) -> None:
    assert byte_list_text(value) is None


def test_a_buffer_held_as_json_leaks_its_label_and_is_blanked_by_sanitize() -> None:
    buf = {"type": "Buffer", "data": list(b"High")}
    projection = {"ticket": "disk full on db-2", "headers": {"x-level": buf}}
    assert _leaks(projection)
    assert not _leaks({"ticket": "disk full on db-2", "headers": {"x-level": {"type": "Buffer", "data": list(b"n/a")}}})
    res = sanitize_item({"id": "b", "expected": "High", "label_set": LABELS, "projection": projection})
    assert res.ok
    assert "High" not in bytes(res.item.projection["headers"]["x-level"]["data"]).decode(errors="replace")


def test_a_clean_record_with_byte_lists_stays_byte_identical_under_sanitize() -> None:
    projection = {"ticket": "disk full on db-2", "trace": {"data": list(b"a3f0")}, "log": "k=[97, 51] {72, 105}"}
    res = sanitize_item({"id": "c", "expected": "High", "label_set": LABELS, "projection": projection})
    assert not res.changed and res.item.projection == projection


# ---------------------------------------------------------------- truncation


def test_truncations_are_the_unique_prefixes_marked_with_an_ellipsis() -> None:
    labels = ["Negative", "Neutral", "Positive"]
    cuts = label_truncations("Negative", labels)
    assert "Neg\u2026" in cuts and "Neg..." in cuts and "Negativ\u2026" in cuts
    assert not any(c.startswith("Ne\u2026") or c.startswith("N\u2026") for c in cuts)
    assert label_truncations("Negative", ["Negative"]) == []
    assert label_truncations("Tier 3", ["Tier 1", "Tier 2", "Tier 3"]) == []


def test_a_label_cut_short_in_a_grid_cell_leaks_an_ambiguous_cut_does_not() -> None:
    grid = '- row:\n  - gridcell "4411"\n  - gridcell "Cri\u2026"\n  - gridcell "ops"'
    assert _leaks({"snapshot": grid}, expected="Critical")
    # "Cr…" would be Critical, but in a set that also holds "Crash" it is no one's.
    assert not _leaks({"snapshot": grid.replace("Cri\u2026", "Cr\u2026")}, "Critical", [*LABELS, "Crash"])
    assert not _leaks({"snapshot": grid.replace("Cri\u2026", "Cri")}, expected="Critical")
    assert _leaks({"snapshot": grid.replace("Cri\u2026", "Cri...")}, expected="Critical")


def test_the_pre_check_still_rules_out_a_record_with_a_labels_prefix_but_no_ellipsis() -> None:
    needles, _labels = _prepared(("Critical",), (), tuple(LABELS))
    assert not may_have_findings({"note": "Cold morning, cron job ok"}, needles)
    assert may_have_findings({"note": "Cri... per the grid"}, needles)


# ---------------------------------------------------------------- snake identifiers


@pytest.mark.parametrize("value", ["INTENT_REQUEST_FEATURE", "request_feature", "intentRequestFeature"])
def test_a_label_of_several_words_is_a_phrase_inside_an_identifier(value: str) -> None:
    labels = ["Billing", "Request Feature", "Account Access"]
    assert _leaks({"text": "Dark mode?", "accept": [value]}, "Request Feature", labels)
    assert not _leaks(
        {"text": "Dark mode?", "accept": [value.replace("EATURE", "ORM").replace("eature", "orm")]},
        "Request Feature",
        labels,
    )


def test_a_list_of_numbers_in_the_byte_range_is_still_a_list_of_numbers() -> None:
    scores = [str(n) for n in range(40, 80)]
    assert _leaks({"essay": "short", "scores": [45, 67]}, expected="67", labels=scores)
