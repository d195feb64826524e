"""The scanner: the reference self-check cases, our deliberate differences, channels, representations."""

from __future__ import annotations

import json

from windtunnel.leakage import audit_item, scan_fields, scan_text
from windtunnel.leakage.model import Finding


def rules(findings: list[Finding]) -> list[tuple[str, str, str]]:
    return sorted((f.pointer, f.channel, f.rule) for f in findings)


# ---------------------------------------------------------------- the reference's self-check cases


def test_ref_a_atomic_label_in_prose_is_for_review() -> None:
    # An atomic answer as a bare word in prose: surfaced for review, not an automatic failure.
    audit = audit_item({"expected": "High", "projection": "Login broken; the high CPU alert fired once."})
    assert not audit.leaked
    assert [(f.severity, f.rule) for f in audit.review] == [("low", "freetext.token")]


def test_ref_a_difference_priority_key_value_in_prose_is_a_leak() -> None:
    # Deliberate difference: the reference calls "Priority: High" in prose a review item (leaked=false).
    # A "name: value" statement gives the answer away as surely as a field does, so windtunnel fails it.
    audit = audit_item({"expected": "High", "projection": "Summary: login broken\nPriority: High\nReporter: a@b.c"})
    assert audit.leaked
    (f,) = audit.findings
    assert (f.channel, f.severity, f.rule, f.span) == ("freetext", "high", "freetext.key-value", (32, 36))


def test_ref_a2_phrase_leak() -> None:
    audit = audit_item(
        {
            "expected": "Billing issue",
            "projection": "Notes: this is clearly a Billing issue, route to finance.",
        }
    )
    assert audit.leaked
    (f,) = audit.findings
    # Deliberate difference: the reference names this channel "direct"; the answer sits in prose, so
    # windtunnel reports it as the free-text channel (still high severity, still a leak).
    assert (f.channel, f.severity, f.rule) == ("freetext", "high", "freetext.phrase")


def test_ref_b_clean_context() -> None:
    audit = audit_item({"expected": "High", "projection": "Summary: login broken\nReporter: a@b.c"})
    assert not audit.leaked and audit.findings == []


def test_ref_c_nested_path_is_an_rfc6901_pointer() -> None:
    audit = audit_item({"expected": "High", "projection": {"fields": {"summary": "login broken", "priority": "High"}}})
    assert audit.leaked
    # The reference reports "fields.priority"; windtunnel reports a JSON Pointer, plus a span.
    assert [(f.pointer, f.channel, f.span) for f in audit.findings] == [("/fields/priority", "direct", (0, 4))]


def test_ref_d_correlated_value() -> None:
    audit = audit_item(
        {"expected": "High", "correlated_values": ["P1"], "projection": "Summary: login broken\nSLA: P1"}
    )
    assert audit.leaked
    assert [(f.channel, f.severity) for f in audit.findings] == [("correlated", "medium")]


def test_ref_e_m_never_matches_medium() -> None:
    audit = audit_item({"expected": "M", "projection": "The Medium article explains the management process."})
    assert not audit.leaked and audit.findings == []


# ---------------------------------------------------------------- channels


SEED_TICKET = {
    "summary": "Login broken after deploy",
    "description": "Users can't sign in since 14:00 ...",
    "priority": "High",
    "sla": "P1",
    "aiCategory": "Billing/High",
    "comments": [{"body": "we agreed this is high priority"}],
}


def test_seed_ticket_all_four_channels() -> None:
    findings = scan_fields(SEED_TICKET, "High", correlated_values=["P1"], target="priority")
    assert rules(findings) == [
        ("/aiCategory", "upstream", "upstream.field-value"),
        ("/comments/0/body", "freetext", "freetext.target-mention"),
        ("/priority", "direct", "direct.value"),
        ("/sla", "correlated", "correlated.value"),
    ]


def test_seed_comment_is_a_leak_without_a_target() -> None:
    # Seed 001's own example: "priority" is a naming word of the mention policy, target or not.
    findings = scan_fields({"comments": [{"body": "we agreed this is high priority"}]}, "High")
    assert [(f.rule, f.severity) for f in findings] == [("freetext.target-mention", "high")]


def test_bare_word_in_unrelated_prose_is_review_only() -> None:
    findings = scan_fields({"body": "the high CPU alert fired twice overnight"}, "High")
    assert [(f.rule, f.severity) for f in findings] == [("freetext.token", "low")]


def test_path_segment_counts_without_an_upstream_name() -> None:
    findings = scan_fields({"category": "Billing/High", "queue": "Support > Billing > High"}, "High")
    assert rules(findings) == [
        ("/category", "upstream", "upstream.path-segment"),
        ("/queue", "upstream", "upstream.path-segment"),
    ]


def test_url_segment_is_direct_medium() -> None:
    findings = scan_fields({"self": "https://x.test/rest/api/2/priority/3"}, "3")
    assert [(f.rule, f.severity) for f in findings] == [("direct.url-segment", "medium")]


def test_upstream_field_names() -> None:
    fields = {
        "predictedLabel": "Medium",
        "suggested_priority": "High",
        "autoTriage": {"queue": "web"},
        "classification": "bug",
        "confidence": 0.93,
        "aisle": "High",
    }
    findings = scan_fields(fields, "High", label_set=["Low", "Medium", "High"])
    got = {(f.pointer, f.rule, f.severity) for f in findings}
    assert got == {
        ("/predictedLabel", "upstream.field-label", "medium"),
        ("/suggested_priority", "upstream.field-value", "high"),
        ("/autoTriage", "upstream.field-name", "low"),
        ("/classification", "upstream.field-name", "low"),
        ("/confidence", "upstream.field-name", "low"),
        ("/aisle", "direct.value", "high"),  # "aisle" is not "ai*": a plain direct leak
    }


def test_keys_are_scanned() -> None:
    findings = scan_fields({"flags": {"High": True, "isHighPriority": False}}, "High")
    assert sorted((f.pointer, f.target, f.rule, f.span) for f in findings) == [
        ("/flags/High", "key", "direct.key", (0, 4)),
        ("/flags/isHighPriority", "key", "freetext.key-token", (2, 6)),
    ]


def test_numbers_bools_and_canonical_forms_in_values() -> None:
    assert rules(scan_fields({"amount": 1000, "pretty": "1,000.00"}, "1000")) == [
        ("/amount", "direct", "direct.value"),
        ("/pretty", "direct", "direct.value"),
    ]
    assert rules(scan_fields({"is_spam": True}, "true")) == [("/is_spam", "direct", "direct.value")]
    assert rules(scan_fields({"shipped": "March 5th, 2024"}, "2024-03-05")) == [("/shipped", "direct", "direct.value")]


# ---------------------------------------------------------------- label-set awareness


def test_all_labels_in_instructions_is_not_a_leak() -> None:
    audit = audit_item(
        {
            "expected": "true",
            "label_set": ["true", "false"],
            "projection": {"instructions": "Return true if the message is spam, otherwise false."},
        }
    )
    assert audit.findings == []


def test_enum_list_of_all_labels_is_not_a_leak_but_a_key_value_is() -> None:
    proj = {"options": ["Low", "Medium", "High"], "text": "Options are Low, Medium, High. priority: High."}
    findings = scan_fields(proj, "High", label_set=["Low", "Medium", "High"])
    assert rules(findings) == [("/text", "freetext", "freetext.key-value")]


# ---------------------------------------------------------------- representations


def test_markdown_and_its_adf_twin_are_both_found() -> None:
    proj = {
        "description": "Context here.\n\nAgreed in standup, priority: **High**.",
        "descriptionAdf": {
            "type": "doc",
            "content": [
                {"type": "paragraph", "content": [{"type": "text", "text": "Context here."}]},
                {
                    "type": "paragraph",
                    "content": [
                        {"type": "text", "text": "Agreed in standup, priority: "},
                        {"type": "text", "text": "High", "marks": [{"type": "strong"}]},
                    ],
                },
            ],
        },
    }
    findings = scan_fields(proj, "High")
    got = sorted((f.pointer, f.representation, f.rule) for f in findings)
    assert got == [
        ("/description", "markdown", "freetext.key-value"),
        ("/descriptionAdf/content/1/content/1/text", "adf", "direct.value"),
    ]


def test_notion_slack_html_representations() -> None:
    notion = {
        "object": "block",
        "type": "paragraph",
        "paragraph": {"rich_text": [{"type": "text", "text": {"content": "Size: M."}, "plain_text": "Size: M."}]},
    }
    slack = {
        "text": "triage -> category: Billing",
        "blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": "*category*: Billing"}}],
    }
    html = {"body": "<table><tr><td>Label:</td><td><b>High</b></td></tr></table>"}
    n = scan_fields(notion, "M")
    assert sorted((f.pointer, f.representation) for f in n) == [
        ("/paragraph/rich_text/0/plain_text", "notion"),
        ("/paragraph/rich_text/0/text/content", "notion"),
    ]
    s = scan_fields(slack, "Billing")
    assert sorted((f.pointer, f.representation) for f in s) == [
        ("/blocks/0/text/text", "slack"),
        ("/text", "slack"),
    ]
    h = scan_fields(html, "High")
    assert [(f.representation, f.rule) for f in h] == [("html", "freetext.key-value")]


def test_json_inside_a_string() -> None:
    proj = {"raw": json.dumps({"ticket": {"fields": {"priority": {"name": "High"}}}})}
    (f,) = scan_fields(proj, "High")
    assert (f.pointer, f.inner, f.representation, f.rule) == (
        "/raw",
        "/ticket/fields/priority/name",
        "json-in-string",
        "direct.value",
    )


def test_scan_text_api_and_pointer_escaping() -> None:
    (f,) = scan_text("Label = Billing issue", "Billing issue", pointer="/a~1b")
    assert f.pointer == "/a~1b" and f.span == (8, 21)
    (g,) = scan_fields({"a/b": {"~x": "High"}}, "High")
    assert g.pointer == "/a~1b/~0x"


def test_report_dict_hides_the_value_by_default() -> None:
    (f,) = scan_fields({"p": "High"}, "High")
    assert f.to_dict()["value"].startswith("sha256:") and "High" not in json.dumps(f.to_dict())
    assert f.to_dict(show_values=True)["value"] == "High"


def test_target_is_inferred_from_the_field_holding_the_answer() -> None:
    """The seed's ticket: "we agreed this is high priority" leaks once `priority` holds the answer."""
    from windtunnel.leakage import audit_item
    from windtunnel.leakage.scan import infer_target

    ticket = {
        "summary": "Login broken after deploy",
        "priority": {"name": "High", "id": "2"},
        "aiCategory": "High",
        "comments": [{"body": "we agreed this is high priority"}],
    }
    assert infer_target(ticket, ["High"]) == "priority"
    assert infer_target({"aiLabel": "High", "note": "high time"}, ["High"]) is None  # upstream keys do not name it
    audit = audit_item({"id": "t", "expected": "High", "projection": ticket})
    rules = {(f.pointer, f.rule) for f in audit.findings}
    assert ("/comments/0/body", "freetext.target-mention") in rules
    prose_only = audit_item(
        {"id": "p", "expected": "High", "projection": {"comments": [{"body": "high time we fixed it"}]}}
    )
    assert all(f.severity == "low" for f in prose_only.findings)  # no field names the target: review only
