"""The sanitizer does no harm: no crash, structure kept, clean records byte-identical, listings whole."""

from __future__ import annotations

import email
import json
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.leakage.test_parallel import run_cli
from windtunnel.flows.leak import SanitizeRequest, sanitize_flow
from windtunnel.leakage.sanitize import sanitize_item

LABELS = ["Low", "Medium", "High"]


def item(projection: Any, expected: str = "High", **kw: Any) -> dict[str, Any]:
    return {"id": "x", "expected": expected, "label_set": LABELS, "projection": projection, **kw}


# ---------------------------------------------------------------- JSON in a string in a string


def nested_record(answer: str) -> dict[str, Any]:
    inner = json.dumps({"priority": answer, "note": "from the triage bot"})
    middle = json.dumps({"payload": inner, "who": "bot"})
    return {"id": "n1", "expected": answer, "label_set": LABELS, "projection": {"msg": middle, "title": "Login"}}


def test_json_in_a_string_in_a_string_is_sanitized_not_a_crash() -> None:
    res = sanitize_item(nested_record("High"))
    assert res.before.leaked and res.ok, res.residual
    middle = json.loads(res.item.projection["msg"])
    assert json.loads(middle["payload"]) == {"priority": "", "note": "from the triage bot"}
    assert middle["who"] == "bot" and res.item.projection["title"] == "Login"


def test_the_cli_writes_the_whole_file_with_nested_json(tmp_path: Path) -> None:
    data = tmp_path / "d.jsonl"
    recs = [nested_record("High"), {**nested_record("Low"), "id": "n2"}]
    data.write_text("".join(json.dumps(r) + "\n" for r in recs))
    out = tmp_path / "clean.jsonl"
    assert run_cli("leak", "sanitize", str(data), "-o", str(out)) == 0
    written = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in written] == ["n1", "n2"]
    shown = json.dumps([r["projection"] for r in written])
    assert "High" not in shown and "Low" not in shown


def test_a_finding_that_does_not_resolve_is_a_problem_not_a_crash() -> None:
    from dataclasses import replace

    from windtunnel.leakage.sanitize import _apply, _Ctx

    res = sanitize_item(item({"p": "High"}))
    bogus = replace(res.before.findings[0], pointer="/nope/deeper")
    problems: list[str] = []
    out = _apply({"p": "High"}, [bogus], "sentence", [], _Ctx(LABELS, problems))
    assert out == {"p": "High"} and problems and "/nope/deeper" in problems[0]


# ---------------------------------------------------------------- structure kept


def xml_shape(text: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(el.tag, tuple(sorted(el.attrib))) for el in ET.fromstring(text).iter()]


def test_xml_keeps_its_elements() -> None:
    doc = (
        '<?xml version="1.0"?><ticket id="7"><summary>Login broken after deploy</summary>'
        "<priority>High</priority><body>Users cannot sign in. Escalated.</body></ticket>"
    )
    res = sanitize_item(item({"doc": doc}))
    assert res.before.leaked and res.ok, res.residual
    out = res.item.projection["doc"]
    assert xml_shape(out) == xml_shape(doc)
    root = ET.fromstring(out)
    assert root.findtext("priority") in ("", None)
    assert root.findtext("summary") == "Login broken after deploy"
    assert root.findtext("body") == "Users cannot sign in. Escalated."


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(("start", tag))

    def handle_endtag(self, tag: str) -> None:
        self.tags.append(("end", tag))


def html_tags(text: str) -> list[tuple[str, str]]:
    p = _Tags()
    p.feed(text)
    p.close()
    return p.tags


@pytest.mark.parametrize(
    "doc",
    [
        '<div class="t"><p>Users cannot sign in since 14:00.</p><p>Agreed priority: <b>High</b></p></div>',
        '<ul><li>Login broken</li><li>we agreed this is high priority</li></ul><img src="a.png" alt="x">',
        '<p title="priority: High">Users cannot sign in</p>',
    ],
)
def test_html_keeps_its_tags(doc: str) -> None:
    res = sanitize_item(item({"doc": doc}))
    assert res.before.leaked and res.ok, res.residual
    out = res.item.projection["doc"]
    assert html_tags(out) == html_tags(doc)
    assert "Users cannot sign in" in out or "Login broken" in out


def ics_lines(text: str) -> list[str]:
    unfolded = text.replace("\r\n ", "").replace("\r\n\t", "")
    return [line.split(":", 1)[0].split(";", 1)[0] for line in unfolded.split("\r\n") if line]


def test_icalendar_keeps_every_content_line() -> None:
    doc = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:1@x.test\r\nSUMMARY:Outage review\r\n"
        "DESCRIPTION;LANGUAGE=en:Agreed priority: High. Review the logs\r\n  with the on-call team.\r\n"
        "CATEGORIES:High\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    res = sanitize_item(item({"doc": doc}))
    assert res.before.leaked and res.ok, res.residual
    out = res.item.projection["doc"]
    assert ics_lines(out) == ics_lines(doc)
    assert "SUMMARY:Outage review\r\n" in out and "Review the logs" in out
    assert "\r\nCATEGORIES:\r\n" in out


def test_mail_headers_keep_their_fields() -> None:
    doc = (
        "From: a@x.test\r\nTo: b@x.test\r\nSubject: Login broken\r\nX-Priority: High\r\n"
        "Date: Mon, 1 Jan 2024 10:00:00 +0000\r\n\r\nUsers cannot sign in. Priority: High. Thanks.\r\n"
    )
    res = sanitize_item(item({"doc": doc}))
    assert res.before.leaked and res.ok, res.residual
    out = res.item.projection["doc"]
    before, after = email.message_from_string(doc), email.message_from_string(out)
    assert after.keys() == before.keys()
    assert after["Subject"] == "Login broken" and after["X-Priority"].strip() == ""
    assert after.get_payload().strip() == "Users cannot sign in. Thanks."


# ---------------------------------------------------------------- listings


def test_a_member_of_a_label_list_is_never_blanked_alone() -> None:
    res = sanitize_item(item({"allowed": ["Low", "High"], "summary": "x"}))
    assert res.item.projection["allowed"] == ["Low", "High"]
    assert [r.operator for r in res.redactions] == ["keep-listing"]
    assert not res.changed


def test_a_marked_option_loses_its_mark_not_its_name() -> None:
    opts = [{"name": n, "selected": n == "High"} for n in LABELS]
    res = sanitize_item(item({"options": opts}))
    assert res.item.projection["options"] == [{**o, "selected": False} for o in opts]
    assert res.ok


def test_one_line_of_an_enum_definition_is_not_cut() -> None:
    code = "class Priority(Enum):\n    LOW = 'Low'\n    MEDIUM = 'Medium'\n    HIGH = 'High'\n"
    res = sanitize_item(item({"code": code}))
    assert res.item.projection["code"] == code
    # The scan reads the lines as a listing of the label set (principle 3: each line is its siblings
    # with another label), so nothing is left to cut; were one flagged, the sanitizer names the listing.
    assert not res.residual or any("listing" in p for p in res.problems)


def test_span_mode_keeps_a_listing_on_one_line() -> None:
    text = "Pick one of Low, Medium or High. Agreed: High"
    res = sanitize_item(item({"t": text}), mode="span")
    assert "Low, Medium or High" in res.item.projection["t"]


# ---------------------------------------------------------------- clean records keep their bytes

_WORDS = st.sampled_from(["login", "broken", "users", "deploy", "sign", "in", "since", "14:00", "café", "ok", "⚙"])
_TEXT = st.lists(_WORDS, min_size=0, max_size=8).map(" ".join)
_SCALAR = st.one_of(_TEXT, st.integers(-(10**6), 10**6), st.floats(allow_nan=False, allow_infinity=False), st.none())
_JSON = st.recursive(
    _SCALAR,
    lambda kids: st.one_of(st.lists(kids, max_size=4), st.dictionaries(st.sampled_from(["a", "b", "note"]), kids)),
    max_leaves=12,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(projections=st.lists(_JSON, min_size=1, max_size=4), spaced=st.booleans())
def test_clean_records_are_written_byte_for_byte(tmp_path: Path, projections: list[Any], spaced: bool) -> None:
    seps = (", ", ": ") if spaced else (",", ":")
    lines = [
        json.dumps({"id": f"c{i}", "expected": "High", "label_set": LABELS, "projection": p}, separators=seps)
        for i, p in enumerate(projections)
    ]
    lines.insert(0, json.dumps(item({"p": "priority: High"}, id="leaky")))
    data = tmp_path / "clean.jsonl"
    data.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    out.unlink(missing_ok=True)
    outcome = sanitize_flow(SanitizeRequest(dataset=data, output=out))
    assert outcome.passed
    written = out.read_bytes().splitlines()
    assert written[1:] == data.read_bytes().splitlines()[1:]
    assert written[0] != data.read_bytes().splitlines()[0]


def test_a_selected_option_in_markup_is_unmarked_and_every_option_stays() -> None:
    form = (
        'Risk form\n<select name="risk">\n'
        '  <option value="Low">Low</option>\n'
        '  <option value="Medium">Medium</option>\n'
        '  <option value="High" selected>High</option>\n'
        "</select>\n"
    )
    res = sanitize_item(item({"form": form}))
    out = res.item.projection["form"]
    assert "selected" not in out
    assert all(f'<option value="{lab}">{lab}</option>' in out for lab in LABELS)
    assert html_tags(out) == html_tags(form)


def test_two_parallel_lines_are_not_a_listing() -> None:
    # A diff's old and new line look alike but list nothing: the new value is cut as any other.
    diff = " title: Login broken\n-priority: Low\n+priority: High\n owner: mei\n"
    res = sanitize_item(item({"diff": diff}))
    assert res.ok and "High" not in res.item.projection["diff"]
    assert "-priority: Low" in res.item.projection["diff"] and "owner: mei" in res.item.projection["diff"]
