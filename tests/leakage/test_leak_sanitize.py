"""The sanitizer: blank the value, redact the span or sentence, keep the shape, rescan."""

from __future__ import annotations

import json
from typing import Any

import pytest

from windtunnel.leakage.mention import unselect
from windtunnel.leakage.model import value_hash
from windtunnel.leakage.sanitize import sanitize_item, schema_digest

from .corpus import clean_items, leaky_items


def item(projection: Any, expected: str = "High", **kw: Any) -> dict[str, Any]:
    return {"id": "x", "expected": expected, "projection": projection, **kw}


def test_values_are_blanked_with_their_type() -> None:
    proj = {"p": "High", "n": 1000, "f": 1000.0, "b": True, "keep": "Login broken"}
    res = sanitize_item(item(proj, "1000"))
    assert res.item.projection == {"p": "High", "n": 0, "f": 0.0, "b": True, "keep": "Login broken"}
    res = sanitize_item(item(proj, "true"))
    # JSON has no empty boolean: a leaking boolean becomes null (documented exception)
    assert res.item.projection["b"] is None
    assert [r.operator for r in res.redactions] == ["null"]
    assert res.ok


def test_option_object_is_blanked_whole() -> None:
    proj = {
        "priority": {
            "self": "https://x.test/rest/api/2/priority/2",
            "iconUrl": "https://x.test/icons/high.svg",
            "name": "High",
            "id": "2",
        },
        "summary": "Login broken",
    }
    res = sanitize_item(item(proj))
    assert res.item.projection == {
        "priority": {"self": "", "iconUrl": "", "name": "", "id": ""},
        "summary": "Login broken",
    }
    assert [(r.pointer, r.operator) for r in res.redactions] == [("/priority/name", "blank-option")]


def test_upstream_field_is_blanked_with_its_subtree() -> None:
    proj = {"aiSuggestion": {"label": "High", "score": 0.91, "model": "v3"}, "text": "hello"}
    res = sanitize_item(item(proj))
    assert res.item.projection == {"aiSuggestion": {"label": "", "score": 0.0, "model": ""}, "text": "hello"}
    assert [(r.pointer, r.operator) for r in res.redactions] == [("/aiSuggestion", "blank-field")]


def test_sentence_is_redacted_not_the_document() -> None:
    text = "Users cannot sign in. Priority: High. Error rate is 38%."
    res = sanitize_item(item({"d": text}))
    assert res.item.projection["d"] == "Users cannot sign in. Error rate is 38%."
    (r,) = res.redactions
    assert (r.operator, r.chars_removed) == ("redact-sentence", len(text) - len(res.item.projection["d"]))


def test_span_mode_cuts_only_the_span() -> None:
    res = sanitize_item(item({"d": "Summary: x\nPriority: High\nReporter: y"}), mode="span")
    assert res.item.projection["d"] == "Summary: x\nPriority: \nReporter: y"


def test_line_oriented_text_loses_the_line() -> None:
    res = sanitize_item(item("Note: login broken\nwe agreed on priority: High\nReporter: a@b.c"))
    assert res.item.projection == "Note: login broken\nReporter: a@b.c"


def test_a_block_of_fields_keeps_its_names() -> None:
    # Lines that are all "Name: value" are fields (a header block): the value is blanked, the field
    # stays, so the record keeps its shape, as a blanked JSON value keeps its key.
    res = sanitize_item(item("Summary: login broken\nPriority: High\nReporter: a@b.c"))
    assert res.item.projection == "Summary: login broken\nPriority: \nReporter: a@b.c"


def test_markdown_and_adf_twin_are_both_redacted() -> None:
    sentence = "Agreed in standup, priority: **High**."
    proj = {
        "description": "Users can't sign in.\n\n" + sentence,
        "adf": {
            "type": "doc",
            "content": [
                {"type": "paragraph", "content": [{"type": "text", "text": "Users can't sign in."}]},
                {"type": "paragraph", "content": [{"type": "text", "text": sentence.replace("**", "")}]},
            ],
        },
    }
    res = sanitize_item(item(proj))
    out = res.item.projection
    assert "High" not in json.dumps(out)
    assert out["description"].startswith("Users can't sign in.")
    assert out["adf"]["content"][0]["content"][0]["text"] == "Users can't sign in."
    assert sorted(r.representation for r in res.redactions) == ["adf", "markdown"]
    assert schema_digest(out) == schema_digest(proj)


def test_embedded_json_is_rewritten_in_place() -> None:
    raw = json.dumps({"meta": {"label": "High", "by": "rules"}})
    res = sanitize_item(item({"payload": raw}))
    assert json.loads(res.item.projection["payload"]) == {"meta": {"label": "", "by": "rules"}}
    assert res.redactions[0].operator == "rewrite-embedded-json"
    assert res.ok


def test_obfuscated_values_are_removed() -> None:
    proj = {"a": "Hi\u200bgh", "b": "SGlnaA==", "c": "note: h&#105;gh", "d": "Ηigh"}
    res = sanitize_item(item(proj))
    assert res.ok, res.residual
    assert res.item.projection == {"a": "", "b": "", "c": "", "d": ""}


def test_review_findings_are_kept_unless_asked() -> None:
    proj = {"body": "the high CPU alert fired", "confidence": 0.9}
    assert sanitize_item(item(proj)).item.projection == proj
    res = sanitize_item(item(proj), redact_review=True)
    assert res.item.projection == {"body": "", "confidence": 0.0}
    assert res.ok


def test_a_key_that_is_the_answer_is_reported_not_renamed() -> None:
    proj = {"escalation": {"High": True}}
    res = sanitize_item(item(proj))
    assert list(res.item.projection["escalation"]) == ["High"]
    assert not res.ok
    assert [(f.pointer, f.rule) for f in res.residual] == [("/escalation/High", "direct.key")]
    assert res.stats(show_values=True)["residual_pointers"] == ["/escalation/High"]
    # the stats file does not itself give the answer away
    hidden = res.stats()
    assert hidden["residual_pointers"] == [f"/escalation/{value_hash('High')}"]
    assert "High" not in str(hidden)


def test_clean_items_are_untouched() -> None:
    for it in clean_items():
        res = sanitize_item(it)
        assert res.item.projection == it["projection"], it["id"]
        assert res.redactions == []


@pytest.mark.parametrize(("plant", "it"), list(leaky_items()), ids=lambda v: v if isinstance(v, str) else v["id"])
def test_corpus_sanitize_then_rescan(plant: str, it: dict[str, Any]) -> None:
    res = sanitize_item(it)
    assert res.before.leaked
    assert schema_digest(res.item.projection) == schema_digest(it["projection"])
    if plant == "key":
        assert {f.rule for f in res.residual} == {"direct.key"}
        return
    assert res.ok, [(f.pointer, f.rule) for f in res.residual]
    stats = res.stats()
    assert stats["redactions"] and all(r["chars_removed"] > 0 for r in stats["redactions"])


def test_stats_pointers_hide_answer_keys_for_every_operator() -> None:
    proj = {"High": {"aiCategory": "Support/High", "note": "priority: High", "level": "High"}}
    res = sanitize_item(item(proj))
    shown = res.stats(show_values=True)
    assert {r["pointer"] for r in shown["redactions"]} >= {"/High/aiCategory", "/High/note"}
    hidden = res.stats()
    key = value_hash("High")
    assert all(r["pointer"].startswith(f"/{key}/") for r in hidden["redactions"]), hidden
    assert "High" not in json.dumps(hidden)


def test_unpadded_base64url_and_jwt_payloads_are_cleaned() -> None:
    # QA-7 F7-13: base64url without its '=' padding (JWT payloads) 2 or 3 characters past a
    # multiple of 4 decodes with the padding restored; the clean twin stays.
    import base64

    def b64url(obj: Any) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")

    blobs = {f"k{k}": b64url({"ticket": "WEB-1" + "x" * k, "priority": "High"}) for k in range(6)}
    assert {len(b) % 4 for b in blobs.values()} == {0, 2, 3}
    blobs["jwt"] = "eyJhbGciOiJub25lIn0." + b64url({"sub": "u1", "priority": "High"}) + "."
    res = sanitize_item(item(blobs))
    assert {f.pointer for f in res.before.findings if f.severity == "high"} == {f"/{k}" for k in blobs}
    assert res.ok, res.residual
    # the token's payload is written back with the answer blanked inside (leakage/recode.py), its header as it was
    head, payload, _ = res.item.projection["jwt"].split(".")
    assert head == "eyJhbGciOiJub25lIn0"
    assert json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))) == {"sub": "u1", "priority": ""}
    for n, k in enumerate(k for k in blobs if k != "jwt"):  # each payload written back, its ticket kept
        got = res.item.projection[k]
        assert json.loads(base64.urlsafe_b64decode(got + "=" * (-len(got) % 4))) == {
            "ticket": "WEB-1" + "x" * n,
            "priority": "",
        }
    assert schema_digest(res.item.projection) == schema_digest(blobs)
    clean = {k: b64url({"ticket": "WEB-1" + "x" * n, "priority": "Low"}) for n, k in enumerate(blobs)}
    assert sanitize_item(item(clean)).before.findings == []


@pytest.mark.parametrize(
    ("projection", "label_set", "expected", "after"),
    [
        # QA-10 M3: a listing in an earlier sentence is no sibling of the statement cut
        (
            {"key": "WEB-8", "help": "Priority levels: Low, Medium, High. We set it to High."},
            ["Low", "Medium", "High"],
            "High",
            {"key": "WEB-8", "help": "Priority levels: Low, Medium, High."},
        ),
        (
            {
                "key": "WEB-9",
                "help": "Low: fix next sprint. Medium: fix this week. High: page on-call now. This ticket is High.",
            },
            ["Low", "Medium", "High"],
            "High",
            {"key": "WEB-9", "help": "Low: fix next sprint. Medium: fix this week. High: page on-call now."},
        ),
        # this record's row of a table: its cell is blanked, the table keeps its shape
        (
            {"ticket_id": "TCK-1008", "export": "id,category\nTCK-1007,Shipping\nTCK-1008,Billing\nTCK-1009,Refunds\n"},
            ["Shipping", "Billing", "Refunds"],
            "Billing",
            {"ticket_id": "TCK-1008", "export": "id,category\nTCK-1007,Shipping\nTCK-1008,\nTCK-1009,Refunds\n"},
        ),
    ],
)
def test_a_statement_beside_a_listing_and_this_records_cell_are_cut(
    projection: dict[str, Any], label_set: list[str], expected: str, after: dict[str, Any]
) -> None:
    res = sanitize_item({"id": "x", "expected": expected, "label_set": label_set, "projection": projection})
    assert res.before.leaked
    assert res.item.projection == after
    assert not res.residual and not res.problems


def test_a_cut_that_would_leave_the_answer_as_the_one_label_missing_takes_the_whole_text() -> None:
    # QA-10 M1 in sanitize: "Not Low. Not Medium." left alone would still say High by elimination
    proj = {"key": "WEB-10", "notes": "Not Low. Not Medium. Definitely High.", "other": "Low/Medium/High"}
    res = sanitize_item({"id": "x", "expected": "High", "label_set": ["Low", "Medium", "High"], "projection": proj})
    assert res.before.leaked and not res.residual
    assert res.item.projection == {**proj, "notes": ""}


# ---------------------------------------------------------------- why a finding is left

METRICS = (
    "loaded 1 item\n          precision    recall  f1-score   support\n\n"
    "  Negative       0.00      0.00      0.00         0\n"
    "   Neutral       0.00      0.00      0.00         1\n"
    "  Positive       0.00      0.00      0.00         0\n\n"
    "  accuracy                           0.00         1\n"
)


def metrics_item() -> dict[str, Any]:
    """A one-item metrics table (blind11's family): the answer's row alone has support 1."""
    return item(
        {
            "ticket": {"id": "SUP-1", "subject": "Feedback"},
            "debug_shell": {"cmd": "evalkit --only SUP-1", "stdout": METRICS},
        },
        "Neutral",
        label_set=["Negative", "Neutral", "Positive"],
    )


def test_a_flagged_row_of_a_metrics_table_is_left_and_the_result_says_why() -> None:
    res = sanitize_item(metrics_item())
    assert res.item.projection["debug_shell"]["stdout"] == METRICS  # the row is not cut alone
    assert [(x.finding.pointer, x.finding.rule, x.reason) for x in res.left()] == [
        ("/debug_shell/stdout", "freetext.selected", "listing-mark")
    ]
    [row] = res.stats()["residual_left"]
    assert row["pointer"] == "/debug_shell/stdout" and row["reason"] == "listing-mark"
    assert "elimination" in row["why"] and "by hand" in row["fix"]
    assert "Neutral" not in json.dumps(res.stats())


@pytest.mark.parametrize(
    ("projection", "reason"),
    [
        ({"allowed": ["Low", "High"], "summary": "x"}, "listing-member"),
        ({"escalation": {"High": True}}, "object-key"),
        ({"raw": json.dumps({"escalation": {"High": True}, "n": 1})}, "object-key"),
        ({"doc": "<ticket><priority>x</priority><High/></ticket>"}, "structure"),
    ],
    ids=["list-member", "key", "key-in-embedded-json", "xml-tag-name"],
)
def test_each_residual_names_the_reason_recorded_where_the_sanitizer_left_it(
    projection: dict[str, Any], reason: str
) -> None:
    res = sanitize_item(item(projection, label_set=["Low", "Medium", "High"]))
    assert res.residual
    assert {x.reason for x in res.left()} == {reason}
    assert {r["reason"] for r in res.stats()["residual_left"]} == {reason}


def test_a_clean_result_has_no_residual_rows() -> None:
    res = sanitize_item(item({"p": "High", "keep": "Login broken"}))
    assert res.ok and res.left() == [] and "residual_left" not in res.stats()


def test_a_listed_action_marked_pressed_by_its_aria_state_is_unmarked_and_stays_listed() -> None:
    """A moderation form lists every action; the one already taken is marked `aria-pressed="true"` (WAI-ARIA), and
    the scan finds the answer there. The member stays (cut alone, the others would name it by elimination); its mark
    goes, so it looks like its siblings. An unpressed form (`aria-pressed="false"` everywhere) gets no such edit."""
    form = (
        '<form class="actions"><button name="action" value="{a}"{p}>{A}</button>'
        '<button name="action" value="{b}">{B}</button><button name="action" value="{c}">{C}</button></form>'
    )
    text = form.format(a="keep", A="Keep", b="warn", B="Warn", c="remove", C="Remove", p=' aria-pressed="true"')
    res = sanitize_item(
        {"id": "f1", "expected": "keep", "label_set": ["keep", "warn", "remove"], "projection": {"html": text}}
    )
    out = res.item.projection["html"]
    assert 'aria-pressed="true"' not in out
    assert out == text.replace(' aria-pressed="true"', "")  # every member kept, nothing else touched
    plain = text.replace('"true"', '"false"')
    res = sanitize_item(
        {"id": "f2", "expected": "keep", "label_set": ["keep", "warn", "remove"], "projection": {"html": plain}}
    )
    assert 'aria-pressed="false"' in res.item.projection["html"]


def test_unselect_reads_the_aria_state_marks_both_ways() -> None:
    """`aria-pressed`, `aria-selected`, `aria-checked` set to true mark their element, whether the option's hit is the
    element's text or an attribute value of its start tag; `false`, or a mark on another element, is no mark here."""
    for attr in ("aria-pressed", "aria-selected", "aria-checked"):
        text = f'<li role="option" {attr}="true" data-v="high">High</li><li role="option">Low</li>'
        for at in (text.index("High<"), text.index("high")):
            edit = unselect(text, at)
            assert edit is not None and text[: edit[0]] + edit[2] + text[edit[1] :] == text.replace(
                f' {attr}="true"', ""
            )
        assert unselect(text, text.index("Low")) is None
        assert unselect(text.replace('"true"', '"false"'), text.index("High<")) is None


def test_a_pressed_member_styled_apart_loses_the_class_its_siblings_lack() -> None:
    """The pressed button also carries a class its sibling buttons lack (`class="btn selected"` beside `class="btn"`):
    once its ARIA state goes, that class token goes too, so the three buttons read alike; the class they share stays.
    A member styled like its siblings keeps its class, and so does a marked tag with no sibling to compare with."""
    form = (
        '<form><button name="action" value="keep" aria-pressed="true" class="btn selected">Keep</button>'
        '<button name="action" value="warn" class="btn">Warn</button>'
        '<button name="action" value="remove" class="btn">Remove</button></form>'
    )
    res = sanitize_item(
        {"id": "f3", "expected": "keep", "label_set": ["keep", "warn", "remove"], "projection": {"html": form}}
    )
    out = res.item.projection["html"]
    assert out == form.replace(' aria-pressed="true" class="btn selected"', ' class="btn"')
    alike = form.replace('class="btn selected"', 'class="btn"')
    edit = unselect(alike, alike.index("Keep<"))
    assert edit is not None and alike[: edit[0]] + edit[2] + alike[edit[1] :] == alike.replace(
        ' aria-pressed="true"', ""
    )
    alone = '<p><button value="keep" aria-pressed="true" class="btn selected">Keep</button></p>'
    edit = unselect(alone, alone.index("Keep<"))
    assert edit is not None and edit[2] == '<button value="keep" class="btn selected">'


def test_a_selected_option_with_a_class_of_its_own_reads_like_its_siblings() -> None:
    """The same holds for a `selected` option: its attribute goes, and the class token no other option carries; a
    class the options share is kept, and an option whose class is its siblings' keeps it."""
    text = (
        '<select><option class="o on" selected>High</option><option class="o">Medium</option>'
        '<option class="o">Low</option></select>'
    )
    edit = unselect(text, text.index("High<"))
    assert edit is not None
    assert text[: edit[0]] + edit[2] + text[edit[1] :] == text.replace(' class="o on" selected', ' class="o"')
    same = text.replace('class="o on"', 'class="o"')
    edit = unselect(same, same.index("High<"))
    assert edit is not None and same[: edit[0]] + edit[2] + same[edit[1] :] == same.replace(" selected", "")
