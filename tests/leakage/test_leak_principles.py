"""The three principles of the decision (docs/leakage.md), each both ways: a label that is a value
leaks; a label in prose leaks when tied to the task; a listing, a definition or another sense does not."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.sanitize import sanitize_item

LMH = ["Low", "Medium", "High"]
SELECT = (
    '<select name="risk">\n  <option value="">-- choose --</option>\n  <option value="Low"{m}>Low</option>\n'
    '  <option value="Medium">Medium</option>\n  <option value="High">High</option>\n</select>'
)


def _leaks(projection: Any, expected: str = "High", **item: Any) -> bool:
    rec = {"id": "p", "expected": expected, "label_set": LMH, **item, "projection": projection}
    fast = audit_item(rec)
    assert fast.findings == audit_item(rec, prefilter=False).findings
    return fast.leaked


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        # principle 1: a word of an identifier that is a value
        ({"labels": ["kind/bug", "prio:high"]}, {"labels": ["kind/bug", "prio:highway"]}),
        ({"reaction": "large_high_marker"}, {"reaction": "large_highway_marker"}),
        ({"src": "riskLevel: RiskLevel.HIGH,"}, {"src": "riskLevel: RiskLevel.HIGHEST,"}),
        ({"src": "PRIORITY_HIGH"}, {"file": "high-res-photos.zip"}),
        # principle 1: a grouping by label that lists this record, or flags the label
        (
            {"t": {"key": "WEB-7"}, "board": {"High": ["WEB-7", "WEB-9"], "Low": ["WEB-3"]}},
            {"t": {"key": "WEB-8"}, "board": {"High": ["WEB-7", "WEB-9"], "Low": ["WEB-3"]}},
        ),
        (
            {
                "t": {"key": "WEB-7"},
                "lanes": [
                    {"name": "Low", "items": ["WEB-1"]},
                    {"name": "Medium", "items": []},
                    {"name": "High", "items": ["WEB-7"]},
                ],
            },
            {
                "t": {"key": "WEB-8"},
                "lanes": [
                    {"name": "Low", "items": ["WEB-1"]},
                    {"name": "Medium", "items": []},
                    {"name": "High", "items": ["WEB-7"]},
                ],
            },
        ),
        ({"flags": {"High": True, "Low": False}}, {"weather": {"high": 17, "low": 9}}),
        (
            {"t": {"key": "WEB-7"}, "cols": {"Low": ["WEB-1"], "Medium": [], "High": ["WEB-7"]}},
            {"t": {"key": "WEB-8"}, "cols": {"Low": ["WEB-1"], "Medium": [], "High": ["WEB-7"]}},
        ),
        # a hyphenated tag that is a whole value; a hyphenated compound in prose is English
        ({"tags": ["eu", "prio-high"]}, {"note": "a high-quality finish"}),
        # a label split by an invisible character keeps its case
        ({"title": "Layout comments (Hi\u200bgh)"}, {"title": "Layout comments (hi\u200bgh tide)"}),
        # principle 3: the lines of a listing; a chosen one differs from its siblings
        (SELECT.format(m="").replace('value="High">', 'value="High" selected>'), SELECT.format(m="")),
    ],
)
def test_a_label_that_is_a_value_leaks_and_its_look_alike_does_not(leaky: Any, clean: Any) -> None:
    assert _leaks(leaky)
    assert not _leaks(clean)


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        ({"text": "🔴 New from Woodgrove: login broken"}, {"text": "Calendar key: 🔴 = busy"}),
        ({"text": "Triaged: 🔴"}, {"text": "paste 🔴 into the chat to react"}),
    ],
)
def test_a_correlated_glyph_leaks_as_a_marker_or_tied_and_not_as_a_word_or_in_a_legend(leaky: Any, clean: Any) -> None:
    assert _leaks(leaky, correlated_values=["🔴"])
    assert not _leaks(clean, correlated_values=["🔴"])


def test_a_number_of_a_scale_under_a_field_naming_something_else_is_for_review() -> None:
    scale = {"expected": "3", "label_set": ["1", "2", "3", "4", "5"]}
    assert audit_item({"id": "n", **scale, "projection": {"rating": 3}}).leaked
    shard = audit_item({"id": "n", **scale, "projection": {"shard": 3}})
    assert not shard.leaked and [f.rule for f in shard.findings] == ["freetext.token"]


def test_an_enum_with_a_null_member_and_an_upstream_class_list_are_listings() -> None:
    assert not _leaks({"schema": {"enum": ["Low", "Medium", "High", None]}})
    assert not _leaks({"aiClassifier": {"classes": ["Low", "Medium", "High"], "argmax": None}})
    assert _leaks({"aiClassifier": {"classes": ["Low", "Medium", "High"], "label": "High"}})


@pytest.mark.parametrize(
    ("argmax", "probs", "leaks"),
    [(2, [0.1, 0.2, 0.7], True), (2, None, True), (1, [0.1, 0.7, 0.2], False), (None, None, False)],
)
def test_an_index_into_a_listing_of_the_labels_states_what_it_points_at(argmax: Any, probs: Any, leaks: bool) -> None:
    # (the probabilities rank the labels too, and state their top: test_leak_predictions.py)
    clf = {"classes": LMH, "argmax": argmax, "probs": probs}
    assert _leaks({"enrichment": {"model": clf}}) is leaks


@pytest.mark.parametrize(("label_id", "leaks"), [(2, True), (0, False), (None, False)])
def test_an_index_into_an_id2label_map_elsewhere_in_the_projection(label_id: Any, leaks: bool) -> None:
    ml = {"config": {"id2label": {"0": "Low", "1": "Medium", "2": "High"}}, "output": {"label_id": label_id}}
    assert _leaks({"_ml": ml}) is leaks


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        ({"escalation": {"High": True}}, {"weather": {"high": 17, "low": 9}}),
        ({"escalation": {"High": "x"}}, {"quote": {"high": "06:12"}}),
        ({"ui": {"label": "High"}}, {"ui": {"a": "Low", "b": "Medium", "c": "High"}}),
    ],
)
def test_a_key_that_flags_leaks_and_a_key_naming_a_measurement_does_not(leaky: Any, clean: Any) -> None:
    assert _leaks(leaky)
    assert not _leaks(clean)


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        ({"sla_tier": "P3 (contract 675)"}, {"note": "Bring form P3 (proof of address) to the desk."}),
        ({"tier": "P3 [set by the customer]"}, {"note": "P3 (proof of address) and a photo are needed."}),
    ],
)
def test_a_correlated_value_with_a_bracketed_note_is_the_value(leaky: Any, clean: Any) -> None:
    assert _leaks(leaky, correlated_values=["P3"])
    assert not _leaks(clean, correlated_values=["P3"])


def test_the_answer_with_a_bracketed_note_is_the_value() -> None:
    assert _leaks({"priority": "High (auto-set)"})
    assert not _leaks({"note": "the heat stayed high (about 40 C) all week"})
    assert not _leaks({"cpu": "High (92%)"})  # a note of a bare quantity: a measurement, not the value


STARS = ["1", "2", "3", "4", "5"]


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        ({"meta": ["outcome=3"]}, {"meta": ["qty=3"]}),
        ({"body": "Thanks.\n\nFinal answer: 3"}, {"body": "Thanks.\n\nPage: 3"}),
        ({"body": "rating: 3"}, {"body": "attempt: 3"}),
    ],
)
def test_a_number_after_a_name_is_the_label_only_when_the_name_names_the_task_or_the_answer(
    leaky: Any, clean: Any
) -> None:
    assert _leaks(leaky, expected="3", label_set=STARS)
    assert not _leaks(clean, expected="3", label_set=STARS)


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        ({"tags": ["sev-3"]}, {"id": "ORD-3"}),
        ({"labels": ["rating_3"]}, {"ticket": {"key": "INC-3", "body": "printer jam"}}),
        ({"tags": ["stars-3", "web"]}, {"links": [{"ref": "T-3"}]}),
    ],
)
def test_a_number_in_an_identifier_is_the_label_only_beside_a_name_of_the_task(leaky: Any, clean: Any) -> None:
    """QA-10 minor 5: a record's serial number (``ORD-3``) on a numeric scale is not its label."""
    assert _leaks(leaky, expected="3", label_set=STARS)
    assert not _leaks(clean, expected="3", label_set=STARS)


RDS = ["MDA", "MDC", "MDK", "MKA", "MDL", "MSE"]


def _glued_review(projection: Any, expected: str) -> list[str]:
    """The rules of the item-level findings, all for review (none makes the item leak)."""
    rec = {"id": "p", "expected": expected, "label_set": RDS, "projection": projection}
    fast = audit_item(rec)
    assert fast.findings == audit_item(rec, prefilter=False).findings and not fast.leaked
    return [f.rule for f in fast.findings]


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        # a code's capitals glued to its digits are a word of the code, a weak mention: for review per record
        ({"ticket": {"functional_location": "SND-T05-MSE20"}}, {"ticket": {"functional_location": "SND-T05"}}),
        ({"asset": "HVS-T30-MSE01"}, {"asset": "HVS-T30-XMSE01"}),
        ({"asset": "MSE20"}, {"blob": "Y2FtMSE7Znc9Mi41"}),
    ],
)
def test_a_label_glued_to_a_codes_digits_is_for_review_in_one_record(leaky: Any, clean: Any) -> None:
    """ds12: ``SND-T05-MSE20`` names the component ``MSE``, and ``NO2`` names a gas: one record cannot tell which,
    the dataset decides (:mod:`windtunnel.leakage.agreement`, ``tests/leakage/test_leak_glued_codes.py``)."""
    assert _glued_review(leaky, "MSE") == ["freetext.token"]
    assert _glued_review(clean, "MSE") == []


def test_a_codes_number_is_not_a_number_of_the_scale() -> None:
    assert not _leaks({"site": {"camera": "RCNX3", "asset": "HVS3"}}, expected="3", label_set=STARS)


def test_a_number_under_a_field_naming_the_answer_is_the_label() -> None:
    assert _leaks({"outcome": 3}, expected="3", label_set=STARS)
    assert not _leaks({"shard": 3}, expected="3", label_set=STARS)


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        ({"log": "policy check done decision=false"}, {"log": "cache lookup key=items:6c96 hit=false"}),
        ({"log": "Final answer: false"}, {"log": "dry run: false"}),
    ],
)
def test_a_flag_spelling_of_a_label_after_a_name_is_the_label_only_under_the_task_or_the_answer(
    leaky: Any, clean: Any
) -> None:
    assert _leaks(leaky, expected="no", label_set=["yes", "no"])
    assert not _leaks(clean, expected="no", label_set=["yes", "no"])


def _related(*ratings: tuple[str, int]) -> list[dict[str, Any]]:
    return [{"key": k, "summary": "a ticket", "rating": r} for k, r in ratings]


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        (  # the list holds this record (its key is shown outside it): its rating is this record's
            {"ticket": {"key": "CS-67489", "rating": None}, "related": _related(("CS-67489", 5), ("CS-35741", 3))},
            {"ticket": {"key": "CS-67489", "rating": None}, "related": _related(("CS-34921", 5), ("CS-35741", 3))},
        ),
        (  # no record named outside the list: the list may be the records themselves
            {"related": _related(("CS-34921", 5), ("CS-35741", 3))},
            {"ticket": {"key": "CS-1"}, "related": _related(("CS-34921", 5), ("CS-35741", 3))},
        ),
    ],
)
def test_a_field_of_another_record_in_a_list_of_records_is_not_this_records_label(leaky: Any, clean: Any) -> None:
    assert _leaks(leaky, expected="5", label_set=STARS)
    assert not _leaks(clean, expected="5", label_set=STARS)


def test_a_label_word_in_a_key_holding_a_list_of_words_names_a_field() -> None:
    crit = ["Low", "Medium", "High", "Critical"]
    rec = {"t": {"key": "WEB-7"}}
    assert _leaks({**rec, "critical": ["WEB-7"]}, expected="Critical", label_set=crit)  # marks this record
    assert not _leaks({**rec, "critical_path": ["review", "deploy"]}, expected="Critical", label_set=crit)


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        # a glossary naming every label once defines the scale; a label named a second time is stated
        (
            {"wiki": "- **Low** — can wait.\n- **Medium** — this sprint.\n- **High** — today.\n\nThis one: **High**."},
            {"wiki": "- **Low** — can wait.\n- **Medium** — this sprint.\n- **High** — today."},
        ),
        # a runbook with one rule per label, as one text or as a list of rules
        (
            {"rules": ["Outages go to High.", "Slowness goes to Medium.", "Typos go to Low.", "This one is High."]},
            {"rules": ["Outages go to High.", "Slowness goes to Medium.", "Typos go to Low."]},
        ),
        (
            {"runbook": "If priority is Low, wait. If Medium, queue it. If High, page. Priority was set to High."},
            {"runbook": "If priority is Low, wait.\nIf priority is Medium, queue it.\nIf priority is High, page."},
        ),
    ],
)
def test_a_text_naming_every_label_once_defines_them_and_a_second_mention_states_one(leaky: Any, clean: Any) -> None:
    assert _leaks(leaky, target="priority")
    assert not _leaks(clean, target="priority")


def test_a_definition_still_leaks_a_key_value_pair_inside_it() -> None:
    assert _leaks({"note": "Levels: Low (wait), Medium (queue), High (page).\npriority: High"})


_CASE = {"key": "CASE-7", "subject": "Printer jams", "body": "The tray jams on every third sheet."}


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        # an object beside the record's, saying it is another kind of thing: its attributes are that thing's
        (
            {"case": _CASE, "related": {"type": "device", "attributes": {"priority": "High"}}},
            {"case": _CASE, "related": {"type": "device", "attributes": {"print_quality": "High"}}},
        ),
        # the same field inside the record, or in an untyped part beside it, or under a code, is the label
        (
            {"case": {**_CASE, "attributes": {"print_quality": "High"}}},
            {"case": _CASE, "related": {"type": "device", "attributes": {"toner_level": "Low"}}},
        ),
        (
            {"case": _CASE, "routing": {"print_quality": "High"}},
            {"case": _CASE, "related": {"kind": "profile", "gemstone": "High"}},
        ),
        (
            {"case": _CASE, "related": {"type": "device", "attributes": {"cf_10234": "High"}}},
            {"case": _CASE, "related": {"type": "device", "attributes": {"battery": "High"}}},
        ),
    ],
)
def test_an_attribute_of_another_kind_of_thing_is_not_this_records_label(leaky: Any, clean: Any) -> None:
    assert _leaks(leaky)
    assert not _leaks(clean)


_EXPORT = (
    "id;subject;cf_1;channel\n1001;Printer jams;{a};Email\n1002;Login fails;Low;Web\n1003;Refund late;Medium;Email\n"
)


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        # the row of this record in a table of many: the one row holding a value shown outside the table
        (
            {"export": _EXPORT.format(a="High"), "ticket": {"id": 1001, "subject": "Printer jams"}},
            {"export": _EXPORT.format(a=""), "ticket": {"id": 1001, "subject": "Printer jams"}},
        ),
        (
            {"export": _EXPORT.format(a="High"), "ticket": {"id": "T-9", "subject": "Printer jams"}},
            {"export": _EXPORT.format(a="High"), "ticket": {"id": "T-9", "subject": "Modem resets"}},
        ),
    ],
)
def test_a_cell_in_the_row_of_this_record_is_its_value(leaky: Any, clean: Any) -> None:
    assert _leaks(leaky)
    assert not _leaks(clean)


def test_the_same_table_is_decided_per_item_not_from_a_cache() -> None:
    text = _EXPORT.format(a="High")
    for _ in range(3):  # the classification cache keeps a string from its second sighting on
        assert _leaks({"export": text, "ticket": {"id": 1001}})
        assert not _leaks({"export": text, "ticket": {"id": 9999}})


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        # a name and a value in a row of an attribute-value table (a database dump)
        (
            {"dump": "COPY attrs (key, attr, value) FROM stdin;\nWEB-1\tchannel\temail\nWEB-1\tprio\tHigh\n\\."},
            {"dump": "COPY t (key, prio) FROM stdin;\nWEB-1\tHigh\nWEB-2\tLow\nAlice\tMedium\n\\."},
        ),
        # a pair of a partitioned path, followed by another pair
        ({"key": "exports/cases/prio=High/dt=2024-03-14/WEB-1.json"}, {"key": "exports/region=Highlands/WEB-1.json"}),
        # a naming word joined to the label by an underscore in a file name
        ({"file": "WEB-1_priority-high_2024-04-25.pdf"}, {"file": "WEB-1_report-high_2024-04-25.pdf"}),
    ],
)
def test_key_value_pairs_in_rows_paths_and_file_names(leaky: Any, clean: Any) -> None:
    assert _leaks(leaky, target="priority")
    assert not _leaks(clean, target="priority")


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        ({"src": "t.setRiskLevel(RiskLevel.HIGH);"}, {"src": "t.setRiskLevel(RiskLevel.HIGHEST);"}),
        ({"src": "ticket.set_priority(Priority.HIGH)"}, {"src": "print(Priority.HIGH if x else Priority.LOW)"}),
        ({"chat": "Based on the description I'd set the priority to High."}, {"chat": "Set the alarm to high volume."}),
    ],
)
def test_a_setter_argument_and_set_x_to_state_the_value(leaky: Any, clean: Any) -> None:
    assert _leaks(leaky)
    assert not _leaks(clean)


_RADIOS = (
    "<fieldset><legend>Priority</legend>\n"
    '  <input type="radio" name="priority" id="r0" value="Low"{lo}><label for="r0">Low</label>\n'
    '  <input type="radio" name="priority" id="r1" value="Medium"><label for="r1">Medium</label>\n'
    '  <input type="radio" name="priority" id="r2" value="High"{hi}><label for="r2">High</label>\n</fieldset>'
)


def test_lines_of_a_listing_that_differ_by_a_counter_glued_to_a_name_are_a_listing() -> None:
    assert not _leaks({"form": _RADIOS.format(lo="", hi="")}, expected="Low")
    assert _leaks({"form": _RADIOS.format(lo="", hi=" checked")})
    # a history's lines differ by their dates: each line says what the value was
    assert _leaks({"h": "2024-03-01 priority set to Low\n2024-03-05 priority set to High\n"})


_SEV = ["Sev1", "Sev2", "Sev3", "Sev4"]
_GLOSSARY = "- **Sev1** — outage\n- **Sev2** — major\n- **Sev3** — minor\n- **Sev4** — cosmetic"


@pytest.mark.parametrize(
    ("text", "leaks"),
    [
        ("Severity runs Sev1–Sev4.\n" + _GLOSSARY, False),  # a range and a definition per label
        ("Scale: Sev1 through Sev4.", False),
        ("Sev3 and Sev4 go to the queue.\nSev2 gets a status post.\nIf severity is Sev1, page.", False),
        (_GLOSSARY + "\n\nThis one is **Sev1**.", True),  # one label named once more than the others
        ("Options: Sev1, Sev2, Sev3 or Sev4. We went with Sev1.", True),  # a listing, then a statement
    ],
)
def test_a_text_naming_every_label_evenly_defines_them(text: str, leaks: bool) -> None:
    assert _leaks({"t": text}, expected="Sev1", label_set=_SEV) is leaks


@pytest.mark.parametrize(
    "text",
    [
        "Not Low. Not Medium. Definitely High.",
        "Is it Low? No. Is it Medium? No. Is it High? Yes.",
        "Low: no\nMedium: no\nHigh: yes",
        ["Low: not applicable", "Medium: not applicable", "High: applies to this ticket"],
        "Low - cosmetic\nMedium - degraded\nHigh - outage (matches WEB-8)",
        ["Low - cosmetic", "Medium - degraded", "High - outage  <-- this ticket"],
    ],
)
def test_a_text_naming_every_label_that_singles_one_out_states_it(text: Any) -> None:
    # QA-10 M1: the others negated, or this one tied to the record (a yes, an arrow, the record's id)
    assert _leaks({"key": "WEB-8", "notes": text})
    assert not _leaks({"key": "WEB-8", "notes": text}, expected="Medium")  # it singles out High, not Medium


@pytest.mark.parametrize(
    "text",
    [
        "Low - cosmetic, no customer impact\nMedium - degraded service\nHigh - outage, page on-call",
        ["Low: fix next sprint", "Medium: fix this week", "High: page on-call now"],
        "Is it Low? Cosmetic. Is it Medium? Degraded. Is it High? Outage.",
        "Low - cosmetic\nMedium - degraded\nHigh - outage (see WEB-1, WEB-2)",
    ],
)
def test_a_definition_in_parallel_stays_a_definition(text: Any) -> None:
    assert not _leaks({"key": "WEB-8", "notes": text})


_QUEUES = ["Shipping", "Billing", "Refunds"]


def test_a_part_of_the_records_own_kind_or_naming_the_task_is_not_another_thing() -> None:
    # QA-10 minor 1: "kind": "ticket" beside ticket_id is the record; a type naming the task is its field
    assert _leaks(
        {"request": {"ticket_id": "T-4"}, "response": {"kind": "ticket", "queue": "Billing"}},
        expected="Billing",
        label_set=_QUEUES,
    )
    assert _leaks(
        {"ticket": {"id": "T-4"}, "routing": {"type": "queue", "name": "Billing"}},
        expected="Billing",
        label_set=_QUEUES,
        target="queue",
    )
    # ... while another kind of thing keeps its attributes (principle 3)
    assert not _leaks(
        {"request": {"ticket_id": "T-4"}, "related": {"kind": "device", "queue": "Billing"}},
        expected="Billing",
        label_set=_QUEUES,
    )


@pytest.mark.parametrize(("mine", "others"), [("T-8", ("T-7", "T-9")), ("A8", ("A7", "A9"))])
def test_this_records_row_with_a_short_id_is_its_value(mine: str, others: tuple[str, str]) -> None:
    # QA-10 minor 2 and 3: a short id is this record's row, and the finding says it is a cell
    export = f"id,category\n{others[0]},Shipping\n{mine},Billing\n{others[1]},Refunds\n"
    item = {"id": "p", "expected": "Billing", "label_set": _QUEUES, "projection": {"ticket_id": mine, "export": export}}
    audit = audit_item(item)
    assert audit.leaked and audit.findings == audit_item(item, prefilter=False).findings
    assert "a cell of this record's row" in audit.findings[0].detail
    other = {**item, "projection": {"ticket_id": "T-5", "export": export}}
    assert not audit_item(other).leaked


def test_strict_counts_a_value_demoted_as_another_things_attribute() -> None:
    # QA-10 minor 4: the docs' own example is for review, and --strict counts review findings
    proj = {
        "ticket": {"key": "T-1", "summary": "printer jam"},
        "related": {"type": "device", "attributes": {"toner_level": "Low"}},
    }
    item = {"id": "p", "expected": "Low", "label_set": LMH, "projection": proj}
    assert [f.severity for f in audit_item(item).findings] == ["low"]
    assert not audit_item(item).leaked
    strict = audit_item(replace(LeakItem.from_mapping(item), strict=True))
    assert strict.leaked and [f.severity for f in strict.findings] == ["medium"]


SPAM = ["Spam", "Not Spam"]


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        # principle 3: a word of the task's own name is the field's name, not its value
        ({"form": "Junk Decision: Spam"}, {"form": "Junk Decision:"}),
        ({"log": "set spam_decision = 'Spam'"}, {"log": "set spam_decision = NULL"}),
        ({"html": "<dt>spam decision</dt><dd><b>Spam</b></dd>"}, {"html": "<dt>spam decision</dt><dd></dd>"}),
        ({"steps": ["triage", "spam-decision: Spam"]}, {"steps": ["triage", "spam-decision"]}),
        ({"ask": "The Spam Decision here is Spam."}, {"ask": "Please record the Spam Decision of this message."}),
        ({"css": "#m-9 .spamDecision::after{content:'Spam'}"}, {"css": "#m-9 .spamDecision::after{content:none}"}),
    ],
)
def test_a_word_of_the_tasks_own_name_is_not_its_value(leaky: Any, clean: Any) -> None:
    assert _leaks(leaky, "Spam", label_set=SPAM, target="spam_decision")
    assert not _leaks(clean, "Spam", label_set=SPAM, target="spam_decision")


def test_a_task_name_of_the_label_alone_or_with_a_function_word_still_ties() -> None:
    # ``is_spam`` has one word besides function words: "this message is spam" is a statement, not the name.
    assert _leaks({"note": "honestly this one is Spam"}, "Spam", label_set=SPAM, target="is_spam")
    assert _leaks({"note": "Spam"}, "Spam", label_set=SPAM, target="spam")


STARS = ["1", "2", "3", "4", "5"]


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        # principle 3: a number in brackets after a noun naming something else is that noun's count
        ({"ui": "Stars (2)"}, {"ui": "Comments (2)"}),
        ({"ui": "Inbox\tStars (2)"}, {"ui": "Inbox\tUnread (2)"}),
        ({"ui": "Stars [2]"}, {"ui": "Open tabs [2]"}),
        ({"ui": "Final score (2)"}, {"ui": "Drafts (2) · Sent (14)"}),
        ({"ui": "the customer gave (2)"}, {"ui": "Photos (2)"}),
        ({"ui": "Verdict (2)"}, {"ui": "Reviews: Attachments (2)"}),
    ],
)
def test_a_number_in_brackets_after_another_noun_is_a_count(leaky: Any, clean: Any) -> None:
    assert _leaks(leaky, "2", label_set=STARS, target="stars")
    assert not _leaks(clean, "2", label_set=STARS, target="stars")


@pytest.mark.parametrize(
    ("leaky", "clean", "expected", "labels", "target"),
    [
        # principle 2: writing the label down is an assignment, as "mark it as" is
        ("Put down Oscar. Oscar.", "Put down the phone, Oscar.", "O", ["N", "O", "P"], "door_code"),
        ("please write it down as High.", "we put down high expectations", "High", LMH, "priority"),
        # a request for one option chooses it
        (
            "large please, the medium was tight",
            "please send the large print edition",
            "Large",
            ["Small", "Large"],
            "size",
        ),
        ("Reject, please.", "please do not reject my call", "Reject", ["Accept", "Reject"], "outcome"),
        # a verdict reported or advised ends its clause
        (
            "the auditor says reject, too many gaps",
            "the auditor says reject forms go to HR",
            "Reject",
            ["Accept", "Reject"],
            "outcome",
        ),
        (
            "cardiology recommended urgent.",
            "cardiology recommended urgent care centres",
            "Urgent",
            ["Routine", "Urgent"],
            "referral",
        ),
    ],
)
def test_writing_down_requesting_or_reporting_the_label_states_it(
    leaky: str, clean: str, expected: str, labels: list[str], target: str
) -> None:
    assert _leaks({"turns": [{"text": leaky}]}, expected, label_set=labels, target=target)
    assert not _leaks({"turns": [{"text": clean}]}, expected, label_set=labels, target=target)


YN = ["Yes", "No"]


@pytest.mark.parametrize(
    ("leaky", "clean", "target"),
    [
        # principle 3: a flag standing for a label under a field naming something else is a setting
        ({"refund_ok": True}, {"engine": {"verbose": True}}, "refund_ok"),
        ({"case": {"is_fraud": True}}, {"case": {"cached": True}}, "fraud_flag"),
        ({"claim": {"covered": True}}, {"claim": {"photos_attached": True}}, "coverage"),
        ({"log": "fraud=true retries=2"}, {"log": "cache_hit=true retries=2"}, "fraud_flag"),
    ],
)
def test_a_flag_under_a_field_naming_something_else_is_a_setting(leaky: Any, clean: Any, target: str) -> None:
    assert _leaks(leaky, "Yes", label_set=YN, target=target)
    assert not _leaks(clean, "Yes", label_set=YN, target=target)


@pytest.mark.parametrize(
    ("leaky", "clean", "expected", "item"),
    [
        # principle 3 without a target: the words of the task's question name it (context words)
        ({"approve_refund": True}, {"ticket": {"verbose": True}}, "Yes", {"context_words": ["refund", "approved"]}),
        ({"case": {"refund_due": False}}, {"ticket": {"verbose": False}}, "No", {"context_words": ["refund"]}),
        # a field naming the answer itself names the task whatever it is
        ({"answer": True}, {"ticket": {"reopened": True, "notify": {"sms": True}}}, "Yes", {}),
    ],
)
def test_a_flag_without_a_target_is_the_answer_only_under_a_field_naming_the_task(
    leaky: Any, clean: Any, expected: str, item: dict[str, Any]
) -> None:
    assert _leaks(leaky, expected, label_set=YN, **item)
    assert not _leaks(clean, expected, label_set=YN, **item)


def test_a_flag_with_nothing_naming_the_task_is_a_setting() -> None:
    # No target, no context words, none inferred: no field names the task, so no flag states the answer
    # (the dataset's agreement evidence is what ties a recurring field to the answers).
    assert not _leaks({"case": {"refund_due": False}}, "No", label_set=YN)
    assert not _leaks({"verbose": True}, "Yes", label_set=YN)


def test_sanitize_cuts_the_leak_and_leaves_the_settings_beside_it() -> None:
    # The QA's repro: once the real leak is cut, the rescan must not take the settings for the answer.
    settings = {"verbose": True, "reopened": True, "notify": {"sms": True}}
    item = {"id": "s", "expected": "Yes", "label_set": YN, "projection": {"ticket": settings, "note": "answer: Yes"}}
    out = sanitize_item(item)
    assert out.residual == []
    assert out.item.projection == {"ticket": settings, "note": ""}


@pytest.mark.parametrize(
    ("leaky", "clean", "expected"),
    [
        # principle 1: a one-letter key is a name, not an answer; the label as a key marking the record is one
        ({"No": True}, {"steps": [{"n": 1, "ok": True}]}, "No"),
        ({"checks": {"yes": 1}}, {"point": {"y": 1, "x": 0}}, "Yes"),
    ],
)
def test_a_one_letter_key_is_a_name(leaky: Any, clean: Any, expected: str) -> None:
    assert _leaks(leaky, expected, label_set=YN)
    assert not _leaks(clean, expected, label_set=YN)


FIVE = ["1", "2", "3", "4", "5"]


@pytest.mark.parametrize(
    ("leaky", "clean", "expected"),
    [
        # principle 3: a sentence naming both ends of the scale is its legend, not a statement
        ("Priority: 5 (highest)", "Priority from 1 (lowest) to 5 (highest).", "5"),
        ("Priority: 1 (lowest).", "Priority from 1 (lowest) to 5 (highest).", "1"),
        ("priority 5 - highest", "Priority scale: 1 = lowest ... 5 = highest", "5"),
        # a change between the ends states the new value
        ("Priority changed from 1 to 5.", "Rate the priority from 1 to 5.", "5"),
    ],
)
def test_a_scale_legend_is_not_a_statement(leaky: str, clean: str, expected: str) -> None:
    assert _leaks({"note": leaky}, expected, label_set=FIVE)
    assert not _leaks({"scale": clean}, expected, label_set=FIVE)
    assert not _leaks({"scale": clean}, expected, label_set=FIVE, target="priority")


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        # principle 1: an element holding just the label is a pair named by its tag
        ("<Alert><Code>77</Code><Sev>High</Sev></Alert>", "<Alert><Code>77</Code><Sev>9</Sev></Alert>"),
        ("<row><priority>high</priority></row>", "<row><altitude>high</altitude></row>"),
        # principle 3: elements of one tag holding several labels list values; HTML's own tags show text
        ("<Level>2</Level><Text><Level>High</Level></Text>", "<r><v>Low</v></r><r><v>High</v></r>"),
        ("<Opt>x</Opt><Sev>High</Sev>", "<ul><li>High</li></ul>"),
    ],
)
def test_an_element_holding_just_the_label_is_a_pair(leaky: str, clean: str) -> None:
    assert _leaks({"xml": leaky}, "High", target="priority")
    assert not _leaks({"xml": clean}, "High", target="priority")


@pytest.mark.parametrize(
    ("text", "leaks"),
    [
        ("WARN missing message key 'account.tier.platinum' for locale de", True),
        ("rendered {{ account_tier:platinum }} as is", True),
        ("WARN missing message key 'theme.accent.platinum' for locale de", False),  # the task is not named
        ("keys: tier.bronze, tier.silver, tier.platinum", False),  # a catalogue: one key per label
    ],
)
def test_an_identifier_naming_the_task_and_ending_in_the_label_states_it(text: str, leaks: bool) -> None:
    item = {
        "id": "t",
        "expected": "Platinum",
        "label_set": ["Bronze", "Silver", "Platinum"],
        "target": "tier",
        "projection": {"log": text},
    }
    assert audit_item(item).leaked is leaks
    assert audit_item(item) == audit_item(item, prefilter=False)


TIERS = ["Tier 1", "Tier 2", "Tier 3"]


@pytest.mark.parametrize(
    ("leaky", "clean"),
    [
        ({"note": "escalated; Tier 3 from now on"}, {"note": "the Tier 3 data centre in Frankfurt had an outage"}),
        ({"note": "we are treating this as Tier 3."}, {"note": "our Tier 3 supplier audit is next week"}),
        ({"chat": "Lena: Tier 3, the vendor must look"}, {"chat": "Lena: their Tier 3 rollout slipped again"}),
    ],
)
def test_a_label_phrase_opening_a_definite_noun_phrase_names_a_thing(leaky: Any, clean: Any) -> None:
    # principle 2: a phrase of the label leaks wherever it stands, except as the start of a noun phrase
    # after a definite article or a possessive, which names a particular thing and needs a tie like a word
    assert _leaks(leaky, "Tier 3", label_set=TIERS)
    assert not _leaks(clean, "Tier 3", label_set=TIERS)
    assert _leaks({"note": "the support tier is Tier 3; the Tier 3 queue owns it"}, "Tier 3", label_set=TIERS)


def test_digits_joined_by_hyphens_name_no_other_record() -> None:
    # principle 3 hides what another record's object says; an object is another record by an id of letters
    # and digits (``CS-34922``) shown nowhere else, not by keypad presses, a date or a phone number
    events = [{"event": "say", "text": "spell it on your keypad"}, {"event": "gather", "digits": "44-444-4-44"}]
    events[1]["ivr_decoded"] = "HIGH"
    assert _leaks({"case": {"id": "CS-40807"}, "ivr_log": events})
    other = [{"ticket": "CS-34922", "priority": "High"}, {"ticket": "CS-34923", "priority": "Low"}]
    assert not _leaks({"case": {"id": "CS-40807"}, "related": other})


@pytest.mark.parametrize(
    "mark",
    [
        [0.0, 1.0, 0.0],  # a reward: the one option that scored
        [0, 1, 0],
        [False, True, False],
    ],
)
def test_an_option_object_set_apart_by_a_one_hot_field_is_chosen(mark: list[Any]) -> None:
    # principle 6 read as a one-hot column: one option holds 1 where every other holds 0
    rollouts = [{"sample": i, "answer": a, "reward": r} for i, (a, r) in enumerate(zip(LMH, mark, strict=True))]
    assert _leaks({"ticket": {"id": "T-1"}, "rl": {"rollouts": rollouts}}, "Medium")
    assert not _leaks({"ticket": {"id": "T-1"}, "rl": {"rollouts": rollouts}}, "High")


def test_options_numbered_or_not_scored_mark_none() -> None:
    unscored = [{"sample": i, "answer": a, "reward": None} for i, a in enumerate(LMH)]
    assert not _leaks({"ticket": {"id": "T-1"}, "rl": {"rollouts": unscored}}, "Medium")
    two = [{"sample": 0, "answer": "Spam", "reward": None}, {"sample": 1, "answer": "Not Spam", "reward": None}]
    assert not _leaks({"ticket": {"id": "T-1"}, "rl": {"rollouts": two}}, "Not Spam", label_set=["Spam", "Not Spam"])
