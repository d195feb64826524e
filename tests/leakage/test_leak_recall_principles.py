"""Decisions that used to clear leaks the naive whole-token scan finds, restated as principles about the
text (issue #25's differential): each is tested both ways on invented records — the leak the principle
reads is found, and the clean record the old decision rightly cleared stays clean.
"""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.numfmt import may_format, shown
from windtunnel.leakage.quotes import may_quote, quote_findings
from windtunnel.leakage.sanitize import sanitize_item

LABELS = ["Low", "Medium", "High"]


def _item(projection: Any, expected: str = "High", labels: list[str] | None = None, **kw: Any) -> dict[str, Any]:
    return {"id": "r", "expected": expected, "label_set": labels or LABELS, "projection": projection, **kw}


def _rules(projection: Any, expected: str = "High", labels: list[str] | None = None, **kw: Any) -> list[str]:
    audit = audit_item(_item(projection, expected, labels, **kw))
    return sorted(f.rule for f in audit.findings if f.severity != "low")


# -- a listing whose members carry marks that set one of them apart ---------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "BLD-4 urgency: ~Low~ ~Medium~ *High* after the call",  # struck-through siblings, one in bold
        "urgency: -Medium- -Low- *High* (second look)",  # another wiki's strike-through
        "urgency: _Low_ _Medium_ High",  # the one left plain among italics
        "urgency: +Low+ +Medium+ ^High^",
    ],
)
def test_a_member_whose_marks_differ_from_its_marked_siblings_is_selected(text: str) -> None:
    assert _rules({"note": text}) == ["freetext.selected"]


@pytest.mark.parametrize(
    "text",
    [
        "urgency: ~Low~ ~Medium~ ~High~ re-check Monday",  # every member marked alike
        "urgency: *Low* *Medium* *High*",
        "urgency: Low, Medium or High",  # no marks at all
        "docs at https://x.test/low-medium-high-guide",  # hyphens join a compound, they wrap nothing
        "see ~Medium~ *High* later",  # a single sibling: nothing tells which of the two is apart
    ],
)
def test_members_marked_alike_or_joined_in_a_word_select_nothing(text: str) -> None:
    assert "freetext.selected" not in _rules({"note": text})


def test_the_sanitizer_gives_the_set_apart_member_its_siblings_marks() -> None:
    out = sanitize_item(_item({"note": "urgency: ~Low~ ~Medium~ *High* after the call"}))
    assert out.item.projection == {"note": "urgency: ~Low~ ~Medium~ ~High~ after the call"}
    assert not out.after.leaked


# -- a turn of a thread that answers a question about the task ---------------------------------------


def _thread(*texts: str) -> dict[str, Any]:
    return {
        "case": {"id": "OPS-5", "summary": "Login page loads slowly", "urgency": None},
        "thread": [{"user": f"u{i}", "text": t} for i, t in enumerate(texts)],
    }


def test_a_turn_holding_just_the_label_answers_the_question_before_it() -> None:
    projection = _thread("OPS-5 login page loads slowly. Urgency, anyone?", "on it", "*high")
    assert _rules(projection, target="urgency") == ["direct.value"]
    # a list of bare strings is a thread too
    plain = {"case": {"id": "OPS-5"}, "chat": ["What urgency should this get?", "high"]}
    assert _rules(plain, target="urgency") == ["direct.value"]


@pytest.mark.parametrize(
    "projection",
    [
        _thread("OPS-5 login page loads slowly. Anyone free?", "*high"),  # the question is not about the task
        _thread("Urgency is decided tomorrow.", "high"),  # no question
        {"case": {"id": "OPS-5"}, "profile": {"question": "Urgency?", "load": "high"}},  # not a turn of a list
    ],
)
def test_the_ordinary_word_without_a_question_about_the_task_stays_for_review(projection: Any) -> None:
    assert _rules(projection, target="urgency") == []


# -- a tally of every label that gives one of them the majority --------------------------------------


@pytest.mark.parametrize(
    "projection",
    [
        {"msg": "*Urgency for OPS-5?* (poll)\n1. Low  `1`  @ana\n2. Medium  `0`\n3. High  `4`  @bo, @cy, @di\nclosed"},
        {
            "case": {"id": "OPS-5"},
            "msg": "Votes on OPS-5\nLow | 0\nMedium | 0\nHigh | 3",
        },  # the record's id above the tally
        {  # a text beside the tally names the record
            "case": {"id": "OPS-5"},
            "export": {
                "title": "Triage OPS-5 - responses",
                "csv": "Option,Responses,Percent\nLow,0,0%\nMedium,1,20%\nHigh,4,80%",
            },
        },
    ],
)
def test_a_tally_about_the_task_that_gives_one_label_the_majority_selects_it(projection: Any) -> None:
    assert _rules(projection, target="urgency") == ["freetext.selected"]


@pytest.mark.parametrize(
    "text",
    [
        "Urgency for OPS-5?\n1. Low  `0`\n2. Medium  `0`\n3. High  `0`\nclosed, 0 responses",  # no votes
        "Urgency for OPS-5?\nLow,2\nMedium,2\nHigh,3",  # no majority
        "Urgency for OPS-5?\nLow: 0.4\nMedium: 0.3\nHigh: 0.3",  # not counts
        "Urgency for OPS-5? Low, Medium or High: 3 votes so far",  # not one member and one count a line
        "*How did the retro feel?*\nLow `0`\nMedium `1`\nHigh `6`",  # a poll of another question
    ],
)
def test_a_tally_without_a_majority_or_of_another_question_selects_nothing(text: str) -> None:
    projection = {"case": {"id": "OPS-9"}, "poll": text}
    assert "freetext.selected" not in _rules(projection, target="urgency")


def test_the_sanitizer_takes_the_counts_out_of_a_tally() -> None:
    text = "Votes on OPS-5\nLow,0,0%\nMedium,1,20%\nHigh,4,80%"
    out = sanitize_item(_item({"case": {"id": "OPS-5"}, "poll": text}, target="urgency"))
    assert out.item.projection == {"case": {"id": "OPS-5"}, "poll": "Votes on OPS-5\nLow\nMedium\nHigh"}
    assert not out.after.leaked


# -- a quote of one label's part of a definition -------------------------------------------------------

_RUBRIC_ROWS = [
    {"level": "Low", "definition": "Cosmetic glitch with no effect on any workflow."},
    {"level": "Medium", "definition": "Some users blocked but a workaround is known."},
    {"level": "High", "definition": "Many users blocked and no workaround exists today."},
]
_RUBRIC_TEXT = (
    "1. Low: cosmetic glitch with no effect on any workflow.\n"
    "2. Medium: some users blocked but a workaround is known.\n"
    "3. High: many users blocked and no workaround exists today."
)


@pytest.mark.parametrize("rubric", [_RUBRIC_ROWS, _RUBRIC_TEXT])
@pytest.mark.parametrize(
    "note",
    [
        'Fits "many users blocked and no workaround" exactly.',
        "Reads like “no workaround exists today” to me.",
    ],
)
def test_a_note_quoting_one_labels_part_of_a_definition_states_that_label(rubric: Any, note: str) -> None:
    projection = {"case": {"id": "OPS-5"}, "rubric": rubric, "notes": [note]}
    assert _rules(projection) == ["freetext.statement"]
    out = sanitize_item(_item(projection))
    assert out.item.projection["rubric"] == rubric  # the definition stays whole
    assert not out.after.leaked


@pytest.mark.parametrize(
    "note",
    [
        "Compared against the rubric; waiting on logs.",  # no quote
        'The rubric says "users blocked" for two levels.',  # words of more than one label's part
        'Customer wrote "no workaround exists today" in the title.',  # quotes the answer's part, but see below
    ],
)
def test_a_quote_that_picks_no_single_part_or_no_definition_states_nothing(note: str) -> None:
    projection = {"case": {"id": "OPS-5"}, "rubric": _RUBRIC_ROWS, "notes": [note]}
    expected = "Low" if "title" in note else "High"  # the quote picks High's part: not this record's answer Low
    assert _rules(projection, expected) == []
    # one label described alone is a remark, not a definition of the labels
    remark = {"kb": _RUBRIC_TEXT.split("\n")[2], "notes": ['"many users blocked and no workaround"']}
    assert quote_findings("r", remark, ["High"], LABELS) == []
    assert quote_findings("r", {**remark, "kb": _RUBRIC_TEXT}, ["High"], LABELS) != []


@pytest.mark.parametrize(
    "quoted", ['"no workaround exists today"', "“no workaround exists today”", "«no workaround exists today»"]
)
def test_the_quote_gate_lets_every_quotation_mark_through(quoted: str) -> None:
    item = _item({"rubric": _RUBRIC_TEXT, "notes": [f"Reads like {quoted}."]})
    gated = audit_item(item)
    assert gated == audit_item(item, prefilter=False)
    assert gated.leaked
    assert not may_quote(b'{"notes": ["no quotation here"]}')


# -- RTF read as the text it shows; a label inside another label's words ------------------------------

_RTF = "{\\rtf1\\ansi{\\fonttbl{\\f0\\fswiss Calibri;}}{\\*\\generator Riched20}\\pard\\f0 Hi team,\\par\n%s\\par\n}"


@pytest.mark.parametrize(
    "body",
    [
        "Quick update: our review rated this {\\b High}.",  # whole, but read as prose between control words
        "Quick update: our review rated this {\\b\\insrsid81 Hi}{\\b\\insrsid34 gh}.",  # split over runs
        "Quick update: the desk set the urgency to \\'48igh.",  # a code-page escape
    ],
)
def test_an_rtf_body_is_read_as_the_text_it_shows(body: str) -> None:
    assert _rules({"mail": {"body": _RTF % body}}) != []


def test_an_rtf_body_without_the_label_stays_clean() -> None:
    assert (
        _rules({"mail": {"body": _RTF % "Quick update: we follow up on {\\b Thursday}, the {\\i Hi}ghway team."}}) == []
    )


def test_a_label_inside_another_labels_words_does_not_make_a_listing() -> None:
    labels = ["Spam", "Not spam"]
    assert _rules({"note": "our review rated this Not spam."}, "Not spam", labels) != []
    assert _rules({"note": "Return Spam or Not spam."}, "Not spam", labels) == []


def test_a_two_word_label_with_a_function_word_needs_a_tie_in_prose() -> None:
    labels = ["Spam", "Not spam"]
    assert _rules({"log": "# note: not spam: the newsletter goes out at 10:00"}, "Not spam", labels) == []
    assert _rules({"log": "verdict after review: it is not spam."}, "Not spam", labels) != []
    # a phrase of content words names the label wherever it stands
    assert _rules({"log": "moved to account access by the bot"}, "Account Access", ["Billing", "Account Access"]) != []


# -- a branch the record went down: one slot answered among the slots of every labelled row ------------


def _form(answers: dict[str, Any]) -> dict[str, Any]:
    questions = [{"id": "q1", "title": "Select the urgency", "type": "choice", "choices": LABELS}]
    follow = ["When would a fix suit you?", "Is there a workaround?", "Bridge call dial-in"]
    for i, (label, title) in enumerate(zip(LABELS, follow, strict=True), start=2):
        questions.append({"id": f"q{i}", "title": title, "display_logic": {"if": "q1", "equals": label}})
    return {"form": {"questions": questions}, "response": {"answers": {"q1": "[withheld]", **answers}}}


def test_the_one_follow_up_answered_names_the_branch_taken() -> None:
    hidden = {"displayed": False}
    projection = _form({"q2": hidden, "q3": hidden, "q4": "+44 20 3481 0090 pin 5521"})
    assert "direct.selection" in _rules(projection, target="urgency")


@pytest.mark.parametrize(
    "answers",
    [
        {"q2": {"displayed": False}, "q3": {"displayed": False}, "q4": {"displayed": False}},  # closed after q1
        {"q2": "next week", "q3": "yes", "q4": None},  # two branches answered: no single one taken
        {"q2": "", "q3": None},  # not a slot for every labelled row
    ],
)
def test_no_single_answered_branch_selects_nothing(answers: dict[str, Any]) -> None:
    assert _rules(_form(answers), target="urgency") == []


# -- records of one word each, read as the running text they hold -------------------------------------


def _tier(words: list[str]) -> str:
    rows = "".join(
        f"        intervals [{i}]:\n            xmin = {i / 2:.2f}\n"
        f'            xmax = {(i + 1) / 2:.2f}\n            text = "{w}"\n'
        for i, w in enumerate(words, start=1)
    )
    return f'item [1]:\n    class = "IntervalTier"\n    name = "words"\n{rows}item [2]:\n    name = "phones"\n'


def test_a_word_tier_is_read_as_the_sentence_it_spells() -> None:
    spoken = _tier(["so", "i'm", "marking", "urgency", "as", "high", "thanks"])
    assert _rules({"case": {"id": "OPS-5"}, "textgrid": spoken}, target="urgency") != []


def test_a_word_tier_using_the_label_in_another_sense_stays_clean() -> None:
    spoken = _tier(["my", "battery", "said", "low", "and", "the", "usage", "was", "high"])
    assert _rules({"case": {"id": "OPS-5"}, "textgrid": spoken}, target="urgency") == []


def test_a_correlated_glyph_heading_a_list_item_after_its_box_marks_it() -> None:
    items = ["☐ Ask legal about retention", "☐ ! Renew the TLS cert", "☑ Send the survey"]
    assert _rules({"list": items}, "Low", correlated_values=["!"]) == ["correlated.mention"]
    assert _rules({"list": ["☐ Renew the TLS cert!", "☑ Send it"]}, "Low", correlated_values=["!"]) == []


def _poll(question: str, counts: list[int]) -> dict[str, Any]:
    nodes = [{"option": lab, "totalVoteCount": n} for lab, n in zip(LABELS, counts, strict=True)]
    return {"poll": {"question": question, "options": {"nodes": nodes}}}


def _keyed_poll(question: str, counts: dict[int, int]) -> dict[str, Any]:
    answers = [{"answer_id": i, "media": {"text": lab}} for i, lab in enumerate(LABELS, start=1)]
    tally = [{"id": k, "count": n} for k, n in counts.items()]
    return {"content": question, "poll": {"answers": answers, "results": {"answer_counts": tally}}}


@pytest.mark.parametrize(
    "projection",
    [
        _poll("What urgency should OPS-5 get?", [0, 1, 4]),
        _keyed_poll("vote on OPS-5 please", {3: 6}),  # answers no object names count 0
        _keyed_poll("vote on OPS-5 please", {1: 1, 3: 5}),
    ],
)
def test_a_json_tally_about_a_record_selects_its_majority(projection: Any) -> None:
    assert "direct.selection" in _rules(projection, target="urgency")


@pytest.mark.parametrize(
    "projection",
    [
        _poll("What urgency should OPS-5 get?", [0, 0, 0]),  # no votes
        _poll("What urgency should OPS-5 get?", [2, 1, 2]),  # no majority
        _poll("How did the retro feel?", [0, 1, 4]),  # another question
        {"policy": [{"name": lab, "target_minutes": m} for lab, m in zip(LABELS, [10, 20, 900], strict=True)]},
    ],
)
def test_a_json_list_without_a_tally_about_a_record_selects_nothing(projection: Any) -> None:
    assert "direct.selection" not in _rules(projection, target="urgency")


def test_a_yes_given_to_a_name_holding_the_label_states_it() -> None:
    labels = ["Spam", "Ham"]
    headers = "Received: from mx1\r\nX-Spam-Flag: YES\r\nX-Spam-Status: Yes, score=12.7\r\nFrom: a@b.example"
    assert set(_rules({"raw": headers}, "Spam", labels)) == {"freetext.key-value"}
    clean = "Received: from mx1\r\nX-Spam-Flag: NO\r\nFrom: a@b.example\r\n\r\nthe spam filter was updated"
    assert _rules({"raw": clean}, "Spam", labels) == []


@pytest.mark.parametrize("line", ["+$ npm version high -m 'release %s'", "$ tkt set OPS-5 high"])
def test_the_last_argument_of_a_command_run_at_a_prompt_is_set(line: str) -> None:
    assert _rules({"log": f"{line}\n+v6.10.0"}) == ["freetext.statement"]


@pytest.mark.parametrize(
    "line",
    ["$ grep high app.log", "the high CPU alert is gone", "$ echo 'load is high now'", "we ran it at high load"],
)
def test_a_word_that_is_no_commands_last_argument_is_not_set(line: str) -> None:
    assert _rules({"log": line}) == []


# -- a spreadsheet cell shown through its number format --------------------------------------------------


@pytest.mark.parametrize(
    ("code", "x", "text"),
    [
        ('[=1]"Medium";[=2]"High";"Low"', 2, "High"),
        ('[=1]"Medium";[=2]"High";"Low"', 7, "Low"),
        ('"Positive";"Negative";"Neutral"', 0, "Neutral"),
        ('"Positive";"Negative";"Neutral"', -3, "Negative"),
        ('[=1]"Spam";[=0]"Not spam";General', 5, None),  # the number itself is written
        ("0.00", 1, None),
    ],
)
def test_a_number_format_shows_its_literal_text(code: str, x: float, text: str | None) -> None:
    assert shown(code, x) == text


def _workbook(
    value: str | None, code: str = "[=1]&quot;Medium&quot;;[=2]&quot;High&quot;;&quot;Low&quot;"
) -> dict[str, Any]:
    cell = f'<c r="D2" s="1"><v>{value}</v></c>' if value is not None else '<c r="D2" s="1"/>'
    return {
        "sheet": '<worksheet><sheetData><row r="2"><c r="A2" t="inlineStr"><is><t>OPS-5</t></is></c>'
        f"{cell}</row></sheetData></worksheet>",
        "styles": f'<styleSheet><numFmts><numFmt numFmtId="165" formatCode="{code}"/></numFmts>'
        '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="165" applyNumberFormat="1"/></cellXfs></styleSheet>',
    }


def test_a_formatted_cell_under_a_header_naming_something_else_states_nothing() -> None:
    book = _workbook("2")
    book["sheet"] = book["sheet"].replace(
        '<row r="2">',
        '<row r="1"><c r="A1" t="inlineStr"><is><t>Ticket</t></is></c><c r="D1" t="inlineStr">'
        '<is><t>Budget (EUR)</t></is></c></row><row r="2">',
    )
    assert _rules(book) == []
    assert _rules({**book, "sheet": book["sheet"].replace("Budget (EUR)", "Triage")}) == ["freetext.key-value"]


def test_a_cell_whose_number_format_shows_the_label_states_it() -> None:
    assert _rules(_workbook("2")) == ["freetext.key-value"]
    out = sanitize_item(_item(_workbook("2")))
    assert "<v></v>" in out.item.projection["sheet"] and not out.after.leaked


@pytest.mark.parametrize("value", [None, "1"])  # no value; a value shown as another label
def test_a_cell_without_the_answer_through_its_format_states_nothing(value: str | None) -> None:
    assert _rules(_workbook(value)) == []


def test_the_number_format_gate_gives_the_reference_audit() -> None:
    item = _item(_workbook("2"))
    assert audit_item(item) == audit_item(item, prefilter=False)
    assert may_format(b'{"s":"<numFmt formatCode=\\"x\\"/> <v>1</v>"}') and not may_format(b'{"s":"<v>1</v>"}')


def test_a_ditto_in_this_records_csv_row_repeats_the_label_above() -> None:
    csv = "ticket,urgency,notes\nT-1,Low,printer\nT-2,High,vpn\nT-3,〃,login loops\nT-4,Low,fan"
    assert _rules({"csv": csv, "current": "T-3"}) == ["freetext.key-value"]
    assert _rules({"csv": csv.replace("〃", ""), "current": "T-3"}) == []  # no ditto: nothing stated
    # a ditto in another column repeats that column's value, not the label
    other = "ticket,agent,urgency\nT-1,Grace,High\nT-2,do.,\nT-3,Dmitri,Low"
    assert _rules({"csv": other, "current": "T-2"}) == []


def test_a_comma_after_a_code_separates_while_after_a_number_it_continues() -> None:
    labels = ["Sev1", "Sev2", "Sev3"]
    assert _rules({"csv": "ticket,severity,votes\nOPS-5,Sev3,6"}, "Sev3", labels, target="severity") != []
    assert _rules({"note": "the ratio was 3,6 overall"}, "3", ["1", "2", "3"]) == []
