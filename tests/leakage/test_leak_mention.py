"""The mention policy: a label stated in prose is a leak when its context ties it to the task.

Every family is tested both ways: the leak is found, and its clean twin (the same label word in an
unrelated sense, an options listing, a near miss) is not counted as a leak.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import wt as run
from windtunnel.leakage import audit_item
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.sanitize import sanitize_item, schema_digest
from windtunnel.leakage.scan import scan_fields

LABELS = ["Low", "Medium", "High"]


def _item(projection: Any, expected: str = "High", **kw: Any) -> dict[str, Any]:
    return {"id": "m", "expected": expected, "label_set": LABELS, "projection": projection, **kw}


def rules(projection: Any, expected: str = "High", **kw: Any) -> list[tuple[str, str]]:
    audit = audit_item(_item(projection, expected, **kw))
    return sorted((f.rule, f.severity) for f in audit.findings)


def leaks(projection: Any, expected: str = "High", **kw: Any) -> bool:
    return audit_item(_item(projection, expected, **kw)).leaked


def _adf_text(*nodes: dict[str, Any]) -> dict[str, Any]:
    return {"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": list(nodes)}]}


def _b64(obj: Any) -> str:
    return base64.b64encode(json.dumps(obj).encode()).decode()


def _b64url(obj: Any) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")


_OPTIONS = [
    {
        "self": "https://x.test/rest/api/2/priority/3",
        "iconUrl": "https://x.test/icons/low.svg",
        "name": "Low",
        "id": "3",
    },
    {"self": "https://x.test/rest/api/2/priority/2", "iconUrl": "https://x.test/icons/medium.svg", "name": "Medium"},
    {
        "self": "https://x.test/rest/api/2/priority/1",
        "iconUrl": "https://x.test/icons/high.svg",
        "name": "High",
        "id": "1",
    },
]
"""Jira's ``allowedValues``: options listed as objects, the answer among them (QA-7 F7-17)."""

# (family, leaking projection, clean twin)
FAMILIES: list[tuple[str, Any, Any]] = [
    (
        "seed comment (naming word after)",
        {"comments": [{"body": "we agreed this is high priority"}]},
        {"comments": [{"body": "we agreed this is a high school intern project"}]},
    ),
    (
        "agreed to be `High` priority",
        {"comments": [{"body": "On the call the ticket was agreed to be `High` priority."}]},
        {"comments": [{"body": "On the call we agreed the high watermark is fine."}]},
    ),
    (
        "naming word before (Notion plain_text differs from text.content)",
        {
            "object": "block",
            "paragraph": {
                "rich_text": [{"type": "text", "text": {"content": "Triage note"}, "plain_text": "Triage label High"}]
            },
        },
        {
            "object": "block",
            "paragraph": {
                "rich_text": [{"type": "text", "text": {"content": "Note"}, "plain_text": "Tide was high today"}]
            },
        },
    ),
    (
        "naming word a few words before",
        {"body": "Severity was eventually set to high by Dana."},
        {"body": "Severity unclear, high tide flooded the lot."},
    ),
    (
        "Slack *Priority:* High",
        {"text": "*Priority:* High\nOwner: Dana", "blocks": []},
        {"text": "*Owner:* Dana, the high load went away", "blocks": []},
    ),
    (
        "Markdown **Priority:** High",
        {"body": "**Priority:** High\n\nOwner: Dana"},
        {"body": "**Owner:** Dana\n\nSpeed is high enough on staging."},
    ),
    (
        "key-value with another name",
        {"body": "Summary of the call -- outcome = High; owner Dana"},
        {"body": "Summary of the call -- outcome pending, high turnout"},
    ),
    (
        "Markdown emphasis alone",
        {"body": "Dana thinks this one is clearly **High** given the outage."},
        {"body": "Dana thinks **high availability matters most here** given the outage."},
    ),
    (
        "Slack emphasis",
        {"text": "Went with _High_ after the call", "blocks": []},
        {"text": "Went with _the usual plan_ after the high-level call", "blocks": []},
    ),
    (
        "HTML emphasis",
        {"html": "<p>Final answer: see <b>High</b> above</p>"},
        {"html": "<p>See <b>the notes</b>, load was high</p>"},
    ),
    (
        "ADF text node with marks",
        {
            "description": _adf_text(
                {"type": "text", "text": "Set to "},
                {"type": "text", "text": "High ", "marks": [{"type": "strong"}]},
            )
        },
        {"description": _adf_text({"type": "text", "text": "High water mark reached in the tank overnight"})},
    ),
    (
        "statement in the label's case",
        {"body": "After the call this one is High, Dana agrees."},
        {"body": "After the deploy the CPU load is high, Dana agrees."},
    ),
    (
        "quoted in the label's case",
        {"body": 'We went with "High" in the end.'},
        {"body": 'We went with "high" hopes into the launch.'},
    ),
    (
        "icon URL file name",
        {"priority": {"iconUrl": "https://x.test/images/icons/priorities/high.png"}},
        {"docs": {"url": "https://x.test/blog/high-availability-guide"}},
    ),
    (
        "URL path segment inside prose",
        {"body": "The badge at https://x.test/badges/high/ is attached."},
        {"body": "The host https://high.example.test/status is up."},
    ),
    (
        "base64 debug field holding a JSON object with the label",
        {"debug": _b64({"ticket": "WEB-1", "label": "High"})},
        {"debug": _b64({"ticket": "WEB-1", "note": "high load overnight"})},
    ),
    (
        "URL-encoded key-value",
        {"link": "https://x.test/search?q=login&prio%3DHigh"},
        {"link": "https://x.test/search?q=high%20load%20login"},
    ),
    (
        "unpadded base64url JWT payload (QA-7 F7-13)",
        {"auth": "eyJhbGciOiJub25lIn0." + _b64url({"sub": "u1x", "priority": "High"}) + "."},
        {"auth": "eyJhbGciOiJub25lIn0." + _b64url({"sub": "u1x", "note": "high load"}) + "."},
    ),
    (
        "the chosen option beside options listed as objects (QA-7 F7-17)",
        {"priority": {"name": "High", "id": "1"}, "allowedValues": _OPTIONS},
        {"priority": {"name": "", "id": ""}, "allowedValues": _OPTIONS},
    ),
    (
        "a field naming the task holds the label with a code (QA-7 F7-19, ServiceNow)",
        {"result": [{"priority": {"display_value": "2 - High", "value": "2"}, "impact": "1 - High"}]},
        {"result": [{"priority": {"display_value": "2 - Low", "value": "2"}, "impact": "1 - High"}]},
    ),
    (
        "label and code glued or bracketed under the task's field (QA-7 F7-19)",
        {"priority": "High (P2)", "ticket": {"urgency": "3 - High"}, "priority_name": "P1-High"},
        # ("notes": "P1-High" was clean here; an identifier that is a whole value now leaks: principle 1)
        {"priority": "Low (P4)", "ticket": {"urgency": "3 - Low"}, "notes": "P1 High on db-3", "cpu": "High (92%)"},
    ),
    (
        "GitHub issue form: a heading naming the task, its paragraph the label (QA-7 F7-18)",
        {"body": "### Description\n\nVPN drops every hour.\n\n### Priority\n\nHigh\n\n### Version\n\n2.3"},
        {"body": "### Description\n\nVPN drops every hour.\n\n### Load\n\nHigh\n\n### Version\n\n2.3"},
    ),
    (
        "a line naming the task, the next line the label (QA-7 F7-18, Jira wiki)",
        {"body": "h3. Priority\nHigh\nh3. Owner\nDana"},
        {"body": "h3. Priority\nto be decided\nh3. Load\nHigh"},
    ),
    (
        "checked option of a Markdown task list (QA-7 F7-18)",
        {"body": "### Priority\n\n- [ ] Low\n- [ ] Medium\n- [x] High"},
        {"body": "### Priority\n\n- [ ] Low\n- [ ] Medium\n- [ ] High"},
    ),
    (
        "ballot boxes and a selected HTML option (QA-7 F7-18)",
        {
            "text": "Labels: ☐ Low ☐ Medium ☑ High",
            "html": "<select><option>Low</option><option selected>High</option></select>",
        },
        {"text": "Labels: ☐ Low ☐ Medium ☐ High", "html": "<select><option>Low</option><option>High</option></select>"},
    ),
    (
        "a list of objects with one label is not a listing (QA-7 F7-17)",
        {"history": [{"field": "priority", "to": "High"}, {"field": "assignee", "to": "Dana"}]},
        {"history": [{"field": "priority", "to": "Low, Medium or High?"}, {"field": "assignee", "to": "Dana"}]},
    ),
]


@pytest.mark.parametrize(("family", "leaky", "clean"), FAMILIES, ids=[f[0] for f in FAMILIES])
def test_family_leak_found_and_clean_twin_not_flagged(family: str, leaky: Any, clean: Any) -> None:
    assert leaks(leaky), f"{family}: leak not found: {rules(leaky)}"
    assert not leaks(clean), f"{family}: clean twin flagged: {rules(clean)}"


@pytest.mark.parametrize(("family", "leaky", "clean"), FAMILIES, ids=[f[0] for f in FAMILIES])
def test_sanitizer_removes_every_new_form_keeping_the_schema(family: str, leaky: Any, clean: Any) -> None:
    res = sanitize_item(_item(leaky))
    assert res.ok, f"{family}: still leaks at {[f.pointer for f in res.residual]}"
    assert not audit_item(_item(res.item.projection)).leaked
    assert schema_digest(res.item.projection) == schema_digest(leaky)
    # The clean twin has nothing blocking to remove.
    assert sanitize_item(_item(clean)).redactions == []


@pytest.mark.parametrize(
    "text",
    [
        "Pick one of: High, Medium, Low.",
        "Priority: High, Medium or Low?",
        "Is it High or Medium? Reply with one word.",
        'Answer with "High" | "Low".',
        "Options are **High**/**Medium**.",
    ],
)
def test_options_listing_is_not_a_leak(text: str) -> None:
    assert rules({"instructions": text}) == []


def test_statement_after_an_options_listing_is_a_leak() -> None:
    assert ("freetext.key-value", "high") in rules({"t": "Options are Low, Medium, High. priority: High."})


def test_case_distinct_labels_need_their_case_for_weak_cues_only() -> None:
    # "High" is written with a capital: "is high" in prose is an ordinary adjective ...
    assert rules({"b": "the load is high."}) == [("freetext.token", "low")]
    assert rules({"b": "I guess it is High."}) == [("freetext.statement", "high")]
    # ... a naming word ties it in any case.
    assert rules({"b": "HIGH PRIORITY"}) == [("freetext.target-mention", "high")]
    # An all-lowercase label set has no distinctive case: the statement counts.
    assert leaks({"b": "I think this message is spam."}, "spam", label_set=["spam", "ham"])


def test_context_words_are_configurable_per_item_and_dataset(tmp_path: Path) -> None:
    proj = {"b": "customer impact high, see dashboard"}
    assert not leaks(proj)
    assert leaks(proj, context_words=["impact"])
    data = tmp_path / "d.jsonl"
    data.write_text(json.dumps(_item(proj)) + "\n")
    assert run("leak", "scan", str(data), "--limit", "0") == 0
    assert run("leak", "scan", str(data), "--limit", "0", "--context-word", "impact") == 1


def test_strict_counts_bare_mentions(tmp_path: Path) -> None:
    proj = {"b": "the high CPU alert fired twice"}
    assert rules(proj) == [("freetext.token", "low")]
    it = LeakItem.from_mapping(_item(proj))
    it.strict = True
    assert audit_item(it).leaked
    data = tmp_path / "d.jsonl"
    data.write_text(json.dumps(_item(proj)) + "\n")
    assert run("leak", "scan", str(data), "--limit", "0") == 0
    assert run("leak", "scan", str(data), "--limit", "0", "--strict") == 1


def test_leak_check_fails_on_a_dataset_whose_leaks_are_only_in_prose(tmp_path: Path) -> None:
    rows = [
        _item(leaky, id=f"r{i}") | {"id": f"r{i}"}
        for i, (_name, leaky, _clean) in enumerate(FAMILIES)
        if not any(k in json.dumps(leaky) for k in ("iconUrl", "https://", "debug"))
    ]
    raw = tmp_path / "raw.jsonl"
    raw.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert run("leak", "scan", str(raw), "--limit", "0") == 1
    # The raw data given as the "sanitized" side: it leaks, so the CI assertion fails.
    assert run("leak", "check", "--raw", str(raw), "--sanitized", str(raw)) == 1
    clean = tmp_path / "clean.jsonl"
    assert run("leak", "sanitize", str(raw), "-o", str(clean)) == 0
    assert run("leak", "check", "--raw", str(raw), "--sanitized", str(clean)) == 0


@pytest.mark.parametrize(
    "text", ["Choose Low/Medium/High and explain briefly.", "Options: Low | Medium | High", "Is it High or Low"]
)
def test_options_listing_in_a_short_string_is_not_a_category_path(text: str) -> None:
    # A short string with '/' or '|' also looks like a category path ("Billing/High"): a listing wins.
    assert rules({"blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": text}}]}) == []


def test_a_blank_line_between_two_labels_is_not_a_listing() -> None:
    text = "Plan.\n\nRating => 2\n\n5. Testing\n  - run 1 and 3 and 4 checks"
    assert ("freetext.key-value", "high") in rules({"c": text}, "2", label_set=["1", "2", "3", "4", "5"])


@pytest.mark.parametrize(
    ("text", "leak"),
    [
        ("Honestly it's positive, nothing more.", True),
        ("Dana considered it positive at first glance.", True),
        ("The review is positive overall.", True),
        ("Stay positive, the weekend is close.", False),
        ("I'm positive the keys are in the car.", False),
        ("The test came back positive, stay home.", False),
    ],
)
def test_lowercase_labels_need_a_statement_about_the_item(text: str, leak: bool) -> None:
    labels = ["positive", "negative", "neutral"]
    assert leaks({"c": text}, "positive", label_set=labels) is leak


def test_assignment_with_a_pronoun_object() -> None:
    assert rules({"c": "Dana considered it High at first glance."}) == [("freetext.statement", "high")]


def test_span_mode_removes_the_markup_around_the_label() -> None:
    res = sanitize_item(_item({"b": "Dana went with **High** after the call."}), mode="span")
    assert res.item.projection == {"b": "Dana went with  after the call."}
    res = sanitize_item(_item({"b": "Set to `High` today."}), mode="span")
    assert res.item.projection == {"b": "Set to  today."}


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        (
            "| Key | Priority | Owner |\n|---|---|---|\n| WEB-1 | High | Dana |",
            "| Key | Note | Owner |\n|---|---|---|\n| WEB-1 | high load at night | Dana |",
        ),
        (
            "<table><tr><th>Priority</th><th>Owner</th></tr><tr><td><b>High</b></td><td>Dana</td></tr></table>",
            "<table><tr><th>Note</th></tr><tr><td>high load at night</td></tr></table>",
        ),
    ],
)
def test_a_table_cell_holding_the_label_is_key_value(leaky: str, clean: str) -> None:
    assert ("freetext.key-value", "high") in rules({"b": leaky})
    assert not leaks({"b": clean})
    assert rules({"b": "| High | Medium | Low |\n|---|---|---|\n| 3 | 5 | 9 |"}) == []  # a header listing


def test_a_label_word_inside_a_name_is_not_a_statement() -> None:
    assert not leaks({"b": "We met at places such as High Street and the park."})
    assert leaks({"b": "We filed it as High and moved on."})


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        ("[High] Login broken after deploy", "[high-load] Login broken after deploy"),
        ("WEB-1 (High) login broken", "the CPU (high) alarm again"),
        ("{color:red}High{color} per the call", "{color:red}hot{color} path is high"),
        ("id,priority,owner\nWEB-1,High,dana", "dept,budget\nHigh,10\nLow,5\nMedium,7"),
        (_b64(["WEB-1", "High"]), _b64(["WEB-1", "high load overnight"])),
        ("After some back and forth we agreed on High.", "After some back and forth we agreed on high hopes."),
        ("We went with High.", "We went with high spirits."),
        ("Upgrading this to High.", "Upgrading this to the high-speed plan."),
    ],
)
def test_more_ties_both_ways(leaky: str, clean: str) -> None:
    assert leaks({"b": leaky}), rules({"b": leaky})
    assert not leaks({"b": clean}), rules({"b": clean})


def test_routing_and_a_lowercase_statement_about_the_writer() -> None:
    depts = ["Sales", "Engineering", "Finance", "Legal"]
    assert leaks({"b": "Routing to Finance for the refund."}, "Finance", label_set=depts)
    assert not leaks({"b": "Finance approved the trip."}, "Finance", label_set=depts)
    moods = ["positive", "negative", "neutral"]
    assert leaks({"b": "Overall the customer sounds positive."}, "positive", label_set=moods)
    assert not leaks({"b": "Overall the test came back positive."}, "positive", label_set=moods)


def test_a_table_of_many_records_is_not_a_leak() -> None:
    csv = "department,budget\nMarketing,10\nSales,20\nHR,5"
    assert not leaks({"b": csv}, "Sales", label_set=["Sales", "Engineering", "Finance", "Legal"])
    html = "<table><tr><th>Dept</th></tr><tr><td>Sales</td></tr><tr><td>HR</td></tr></table>"
    assert not leaks({"b": html}, "Sales", label_set=["Sales", "Engineering", "Finance", "Legal"])


def test_a_decision_needs_the_label_to_end_the_clause() -> None:
    moods = ["positive", "negative", "neutral"]
    assert leaks({"b": "In the end we picked neutral."}, "neutral", label_set=moods)
    assert not leaks({"b": "Pick a neutral colour for the walls."}, "neutral", label_set=moods)
    feedback = "name,rating,feedback\nJohn,1,Late delivery, cold food\nJane,5,Great, fast\nAl,3,Fine"
    assert not leaks({"b": feedback}, "1", label_set=["1", "2", "3", "4", "5"])


def test_high_class_is_not_a_naming_word() -> None:
    assert not leaks({"b": "A high class restaurant near the station."})


def test_naming_the_view_of_each_hit_looks_at_a_window_not_the_whole_string(monkeypatch: Any) -> None:
    # A long string with many hits: per hit, only a window around it is searched again (was the whole
    # string per hit: quadratic, minutes on a long document).
    from windtunnel.leakage import needles

    seen: list[int] = []
    real = needles.find_all

    def spy(norm: str, text: str, phrase: bool | None = None) -> list[tuple[int, int]]:
        seen.append(len(text))
        return real(norm, text, phrase)

    monkeypatch.setattr(needles, "find_all", spy)
    text = " ".join(["The load was HIGH again, see notes."] * 400)
    findings = audit_item(_item({"b": text})).findings
    assert len(findings) == 400
    # One search of the whole string finds the hits; every later one looks at a window.
    assert sum(1 for n in seen if n > 400) == 1


@pytest.mark.parametrize(
    "note",
    [
        "Battery status: low, please charge the device.",
        "Order a medium-sized monitor stand.",
        "Customer rating: High satisfaction last quarter.",
        "The category of the device is High-end laptop.",
        "Label printer shows 'Low toner'.",
        "Size: High capacity drive, 4TB",
        "Status: Medium article draft published",
        "Tier: Low-latency network plan",
    ],
)
def test_naming_words_of_another_family_do_not_tie_with_a_target(note: str) -> None:
    """QA-7 F7-15: with a target (``priority``), generic naming words name something else; a label
    inside a hyphenated compound is not stated."""
    for expected in LABELS:
        audit = audit_item(_item({"ticket": {"summary": "VPN drops", "note": note}}, expected, target="priority"))
        assert not audit.leaked, (note, expected, [f.rule for f in audit.findings])
    # The same sentence naming the task is a leak.
    assert leaks({"note": "Priority: low, please handle today."}, "Low", target="priority")
    assert leaks({"note": "Order a medium-priority monitor stand."}, "Medium", target="priority")
    assert leaks({"note": "Outcome = High"}, target="priority")


def test_a_compound_with_a_generic_naming_word_does_not_tie_without_a_target() -> None:
    assert not leaks({"note": "Order a medium-sized monitor stand."}, "Medium")
    assert leaks({"note": "Agreed: medium size fits this one."}, "Medium")


def test_sanitizing_a_checked_option_clears_the_mark_and_keeps_every_option() -> None:
    """QA-7 F7-18 / F7-17: cutting the checked option would leave the answer as the one missing."""
    proj = {
        "body": "### Priority\n\n- [ ] Low\n- [ ] Medium\n- [x] High",
        "html": "<option selected>High</option><option>Low</option>",
    }
    res = sanitize_item(_item(proj))
    assert res.item.projection == {
        "body": "### Priority\n\n- [ ] Low\n- [ ] Medium\n- [ ] High",
        "html": "<option>High</option><option>Low</option>",
    }
    assert res.ok
    assert {r.operator for r in res.redactions} == {"unselect"}


@pytest.mark.parametrize(
    ("marked", "cleared"),
    [
        ("<option>Medium</option><option selected>High</option>", "<option>Medium</option><option>High</option>"),
        (
            "<option value='1' selected='selected'>High</option><option value='2'>Low</option>",
            "<option value='1'>High</option><option value='2'>Low</option>",
        ),
        ('<option selected="">High</option><option>Low</option>', "<option>High</option><option>Low</option>"),
        (
            "<input type='radio' name='p' checked> High <input type='radio' name='p'> Low",
            "<input type='radio' name='p'> High <input type='radio' name='p'> Low",
        ),
        ("Priority: ✅ High ⬜ Medium ⬜ Low", "Priority: ⬜ High ⬜ Medium ⬜ Low"),
        ("(x) High ( ) Medium ( ) Low", "( ) High ( ) Medium ( ) Low"),
    ],
)
def test_a_cleared_mark_leaves_no_footprint(marked: str, cleared: str) -> None:
    """QA-8 F8-5: a padded tag or a box unlike its siblings would still point at the answer."""
    res = sanitize_item(_item({"body": marked}))
    assert res.item.projection == {"body": cleared}
    assert [r.chars_removed for r in res.redactions if r.operator == "unselect"] == [len(marked) - len(cleared)]
    assert not audit_item(_item({"body": cleared})).leaked


@pytest.mark.parametrize(
    ("text", "expected", "leak"),
    [
        ("4/5 would buy again", "4", True),
        ("I'd rate it a solid 4 out of 5.", "4", True),
        ("4/5 stars, fast delivery", "4", True),
        # QA-8 F8-9: counters and counts are not ratings without a rating cue
        ("4/5 of the team agreed to ship", "4", False),
        ("Page 4/5", "4", False),
        ("Step 4/5: tighten the screws", "4", False),
        ("4 out of 5 dentists recommend it", "4", False),
        ("I saw 4 stars in the sky", "4", False),
        ("Showing result page 4/5", "4", False),
        ("Gave it 4 stars.", "4", True),
        ("4/5 would buy again", "5", False),  # the scale, not a rating of 5
        ("Rate from 1 to 5.", "4", False),
        ("Pick 3/4/5, nothing else.", "4", False),
        ("Room 4, floor 2, checked in at 4pm", "4", False),
        ("Shipped 3/4/2024 to the depot.", "4", False),
    ],
)
def test_a_rating_as_a_fraction_states_the_rating(text: str, expected: str, leak: bool) -> None:
    """QA-7 F7-21: with a numeric label set, ``4/5`` is a statement of 4, not a listing of 4 and 5."""
    labels = ["1", "2", "3", "4", "5"]
    audit = audit_item({"id": "r", "expected": expected, "label_set": labels, "projection": {"review": text}})
    assert audit.leaked is leak, [(f.rule, f.severity) for f in audit.findings]


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        ("Total due: $1,000", "Total due: see the invoice; we paid 1,000 reais last year for it"),
        ("Amount: €1000.", "Amount: pending. 1000 people attended."),
        ("Refund: 1,000 USD", "Refund: pending, about 1,000 words of notes attached"),
        ("It is $1,000.", "We counted $1,000 of other costs last year and moved on"),
    ],
)
def test_a_currency_sign_or_code_is_part_of_an_amount(leaky: str, clean: str) -> None:
    """QA-7 F7-12: ``$1,000`` is ``1,000`` written as an amount, so ``Total due: $1,000`` states it."""
    assert {f.severity for f in scan_fields({"note": leaky}, "1000")} & {"high", "medium"}
    assert not {f.severity for f in scan_fields({"note": clean}, "1000")} & {"high", "medium"}


_OPTIONS = [{"name": "Low", "id": "3"}, {"name": "Medium", "id": "2"}, {"name": "High", "id": "1"}]


@pytest.mark.parametrize(
    ("projection", "pointer"),
    [
        (  # a Jira change log: the last change is the answer, whatever the earlier ones were
            {
                "changelog": [
                    {"field": "priority", "fromString": "Medium", "toString": "Low"},
                    {"field": "priority", "fromString": "Low", "toString": "High"},
                ]
            },
            "/changelog/1/toString",
        ),
        (
            {
                "votes": [
                    {"model": "a", "label": "High"},
                    {"model": "b", "label": "High"},
                    {"model": "c", "label": "Low"},
                ]
            },
            "/votes/0/label",
        ),
        (
            {"history": [{"priority": "Low"}, {"priority": "Medium"}, {"priority": "High"}, {"priority": "High"}]},
            "/history/2/priority",
        ),
        (
            {"assessments": [{"reviewer": "r1", "priority": "High"}, {"reviewer": "r2", "priority": "Medium"}]},
            "/assessments/0/priority",
        ),
        ({"allowedValues": [*_OPTIONS[:2], {**_OPTIONS[2], "selected": True}]}, "/allowedValues/2/name"),
        (
            {
                "options": [
                    {"value": "Low", "checked": False},
                    {"value": "Medium", "checked": False},
                    {"value": "High", "checked": "true"},
                ]
            },
            "/options/2/value",
        ),
    ],
)
def test_objects_that_are_not_an_options_listing_are_searched(projection: Any, pointer: str) -> None:
    """QA-8 F8-1: only objects holding every label once, none marked as chosen, list the options."""
    item = {"id": "t", "expected": "High", "label_set": ["Low", "Medium", "High"], "projection": projection}
    audit = audit_item(item)
    assert audit.leaked and pointer in {f.pointer for f in audit.findings if f.severity == "high"}


@pytest.mark.parametrize(
    "projection",
    [
        {"allowedValues": _OPTIONS},
        {"allowedValues": list(reversed(_OPTIONS))},
        {"allowedValues": [*_OPTIONS[:2], {**_OPTIONS[2], "selected": False}]},
        {"allowedValues": [{**_OPTIONS[0], "selected": True}, *_OPTIONS[1:]]},  # the chosen one is not the answer
    ],
)
def test_an_options_listing_of_objects_is_not_a_leak(projection: Any) -> None:
    item = {"id": "t", "expected": "High", "label_set": ["Low", "Medium", "High"], "projection": projection}
    assert not audit_item(item).leaked
