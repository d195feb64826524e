"""False alarms from a label word that is not a value of this record, each both ways on invented records:
the name of the field asked for, a struck-through label, a catalogue of entities keyed by id."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.struck import may_strike, struck_runs

LMH = ["Low", "Medium", "High"]


def _leaks(projection: Any, expected: str = "High", labels: list[str] | None = None, **item: Any) -> bool:
    rec = {"id": "r", "expected": expected, "label_set": labels or LMH, **item, "projection": projection}
    fast = audit_item(rec)
    assert fast.findings == audit_item(rec, prefilter=False).findings
    return fast.leaked


# ------------------------------------------------------------- the key that names the field asked for


def test_the_key_of_the_field_asked_for_is_its_name_not_its_value() -> None:
    labels = ["Fraud", "Legit"]
    clean = {"claim": {"id": "CL-2291", "fraud_flag": None, "note": "Adjuster on leave until Monday."}}
    assert not _leaks(clean, "Fraud", labels, target="fraud_flag")
    # the same field holding the label, or another key holding it, still leaks
    assert _leaks({"claim": {"id": "CL-2291", "fraud_flag": "Fraud"}}, "Fraud", labels, target="fraud_flag")
    assert _leaks({"claim": {"id": "CL-2291", "isFraudConfirmed": True}}, "Fraud", labels, target="fraud_flag")


def test_a_key_that_only_shares_a_word_with_the_task_still_leaks() -> None:
    labels = ["Fraud", "Legit"]
    assert _leaks({"claim": {"fraud_suspected_flag": True}}, "Fraud", labels, target="fraud_flag")


# ------------------------------------------------------------------------- a struck-through label


@pytest.mark.parametrize(
    "text",
    [
        "Urgency: ~~Low~~ ~~High~~ ~~Medium~~ (to be decided at the stand-up)",
        "<p>urgency: <del>Medium</del> <s>High</s> <strike>Low</strike> pending review</p>",
        "ops note: ~High~ ~Low~ withdrawn, waiting for the vendor",
        '<p>urgency <span style="text-decoration: line-through">High</span> (withdrawn)</p>',
    ],
)
def test_a_struck_label_is_retracted(text: str) -> None:
    assert not _leaks({"note": text}, target="priority")


@pytest.mark.parametrize(
    "text",
    [
        "Urgency: ~~Low~~ ~~Medium~~ **High** (after the call)",
        "<p>urgency: <del>Low</del> <b>High</b></p>",
        "ops note: ~Low~ ~Medium~ *High* agreed",
        "Urgency: ~~Low~~ High",
    ],
)
def test_the_label_left_standing_beside_struck_ones_is_stated(text: str) -> None:
    assert _leaks({"note": text}, target="priority")


def test_struck_runs_are_short_and_glued() -> None:
    text = "approx ~5 min, ~10 min later; ~~a~~ and <del>b</del>"
    assert [text[a:b] for a, b in struck_runs(text)] == ["a", "b"]
    long = "~~" + " ".join(["word"] * 9) + "~~"
    assert struck_runs(long) == []


def test_the_strike_gate_needs_a_tilde_or_an_angle_bracket() -> None:
    assert not may_strike(orjson.dumps({"note": "Low then High, struck later"}))
    assert may_strike(orjson.dumps({"note": "~~High~~"}))
    assert may_strike(orjson.dumps({"note": "<del>High</del>"}))


# ------------------------------------------------------------------ a tokenizer's pieces listing the labels

_PROMPT = ["\u2581Route", "\u2581the", "\u2581claim", "\u2581.", "\u2581Pick", "\u2581one", "\u2581of", "\u2581:"]


def test_a_prompt_kept_as_tokens_that_lists_every_label_is_a_listing() -> None:
    labels = ["Fraud", "Legit", "Needs Review"]
    tokens = [*_PROMPT, "\u2581Fraud", "\u2581,", "\u2581Legit", "\u2581or", "\u2581Needs", "\u2581Review"]
    clean = {"claim": {"id": "CL-7", "route": None}, "llm": {"prompt_tokens": tokens, "output_tokens": []}}
    assert not _leaks(clean, "Legit", labels, target="route")
    # byte-level BPE marks the same way
    bpe = [t.replace("\u2581", "\u0120") for t in tokens]
    assert not _leaks({"llm": {"prompt_tokens": bpe}}, "Legit", labels, target="route")


def test_tokens_that_state_one_label_still_leak() -> None:
    labels = ["Fraud", "Legit", "Needs Review"]
    tokens = [*_PROMPT, "\u2581Fraud", "\u2581,", "\u2581Legit", "\u2581or", "\u2581Needs", "\u2581Review"]
    leaky = {"llm": {"prompt_tokens": tokens, "output_tokens": ["\u2581Legit", "</s>"]}}
    assert _leaks(leaky, "Legit", labels, target="route")
    # a pair written token by token is no listing, though it names both labels of a pair
    pair = {"llm": {"output_tokens": ["\u2581verdict", "\u2581fraud", ":", "\u2581Legit", "\u2581.", "</s>"]}}
    assert _leaks(pair, "Legit", ["Fraud", "Legit"], target="route")


# ------------------------------------------------------------- a store of entities keyed by id


def _store(urgency: Any, **more: Any) -> dict[str, Any]:
    return {
        "store": {
            "Case:77": {"id": "77", "subject": "Printer on floor 2 jams on every job", "urgency": urgency},
            "Level:a1b2": {"id": "a1b2", "label": "Low", "order": 0},
            "Level:c3d4": {"id": "c3d4", "label": "Medium", "order": 1},
            "Level:e5f6": {"id": "e5f6", "label": "High", "order": 2},
            **more,
        }
    }


def test_a_store_holding_one_entity_per_label_is_a_catalogue_of_options() -> None:
    assert not _leaks(_store(None), target="priority")
    listed = _store(None, Query={"levels": [{"ref": "Level:a1b2"}, {"ref": "Level:c3d4"}, {"ref": "Level:e5f6"}]})
    assert not _leaks(listed, target="priority")  # the options query's list references every entry: no choice


def test_the_entry_this_record_references_is_its_value() -> None:
    assert _leaks(_store({"ref": "Level:e5f6"}), target="priority")
    assert _leaks(_store("e5f6"), target="priority")  # by the entry's id
    listed = _store({"ref": "Level:e5f6"}, Query={"levels": [{"ref": "Level:a1b2"}, {"ref": "Level:e5f6"}]})
    assert _leaks(listed, target="priority")


def test_a_store_of_records_keyed_by_id_is_read_at_this_records_entry() -> None:
    tickets = {"TCK-2290": {"prio": "Low"}, "TCK-2291": {"prio": "High"}, "TCK-2292": {"prio": "Medium"}}
    assert _leaks({"note": "TCK-2291 came in overnight", "tickets": tickets}, target="priority")
    assert not _leaks({"note": "TCK-2299 came in overnight", "tickets": tickets}, target="priority")


# ------------------------------------------------------------- a condition on a placeholder of another answer


def _form(answers: dict[str, Any]) -> dict[str, Any]:
    questions = [
        {"id": "q1", "title": "How urgent is it?", "type": "choice", "choices": LMH},
        {"id": "q2", "title": "Anything else?", "show_if": "{{q1}} == 'Low'"},
        {"id": "q3", "title": "Who is blocked?", "show_if": "{{q1}} == 'Medium'"},
        {"id": "q4", "title": "Since when is the line down?", "show_if": "{{q1}} == 'High'"},
    ]
    return {"survey": {"questions": questions}, "submission": {"answers": answers}}


def test_branch_conditions_on_a_placeholder_are_a_mapping_not_a_statement() -> None:
    hidden = {"q1": "[withheld]", "q2": {"shown": False}, "q3": {"shown": False}, "q4": {"shown": False}}
    assert not _leaks(_form(hidden), target="priority")


def test_the_branch_the_record_went_down_selects_its_label() -> None:
    went = {"q1": "[withheld]", "q2": {"shown": False}, "q3": {"shown": False}, "q4": "since 06:10 this morning"}
    assert _leaks(_form(went), target="priority")


# --------------------------------------------------------------------------- a query beside its result


def _searched(found: list[str], *, query: Any = "urgency = 'High' AND team = ops") -> dict[str, Any]:
    return {
        "saved_search": {"expression": query},
        "page": {"hits": [{"ref": ref, "title": "Door sensor offline"} for ref in found]},
        "case": {"ref": "OPS-5512", "title": "Badge reader rejects every card", "urgency": None},
    }


def test_a_query_whose_result_lists_other_records_says_nothing_about_this_one() -> None:
    assert not _leaks(_searched(["OPS-4410", "OPS-4471", "OPS-4502"]), target="priority")
    assert not _leaks(_searched(["OPS-4410"], query={"term": {"urgency": "High"}}), target="priority")


def test_a_query_whose_result_lists_this_record_states_its_label() -> None:
    assert _leaks(_searched(["OPS-4410", "OPS-5512"]), target="priority")
    assert _leaks(_searched(["OPS-5512"], query={"term": {"urgency": "High"}}), target="priority")


def test_a_query_with_no_result_beside_it_is_left_to_the_other_rules() -> None:
    alone = {"saved_search": {"expression": "urgency = 'High'"}, "case": {"ref": "OPS-5512"}}
    assert _leaks(alone, target="priority")


# ------------------------------------------------------------------------------ one-hot columns

SML = ["Small", "Large", "Huge"]


def _features(header: str, row: str) -> dict[str, Any]:
    return {"order": {"id": 4471, "note": "Crate for a piano"}, "export": {"csv": f"order_id,weight,{header}\n{row}\n"}}


@pytest.mark.parametrize(
    ("header", "row"),
    [
        ("parcel_class=Small,parcel_class=Large,parcel_class=Huge", "4471,80,,,"),  # the task's block, unset
        ("label__small,label__large,label__huge", "4471,80,0,0,0"),
        ("box_colour=small,box_colour=large,box_colour=huge,parcel_class", "4471,80,0,0,1,"),  # another field
        ("parcel_class=Small,parcel_class=Large,parcel_class=Huge", "4471,80,0,1,0"),  # sets another label
    ],
)
def test_one_hot_columns_that_set_nothing_of_this_record_are_a_listing(header: str, row: str) -> None:
    assert not _leaks(_features(header, row), "Huge", SML, target="parcel_class")


@pytest.mark.parametrize(
    ("header", "row"),
    [
        ("parcel_class=Small,parcel_class=Large,parcel_class=Huge", "4471,80,0,0,1"),
        ("label__small,label__large,label__huge", "4471,80,0,0,1"),
        ("parcel class: Small;parcel class: Large;parcel class: Huge", "4471;80;false;false;true"),
    ],
)
def test_the_one_hot_column_this_records_row_sets_states_its_label(header: str, row: str) -> None:
    item = _features(header, row)
    if ";" in header:
        item["export"]["csv"] = item["export"]["csv"].replace("order_id,weight,", "order_id;weight;")
    assert _leaks(item, "Huge", SML, target="parcel_class")


def test_in_a_table_of_many_the_row_of_this_records_id_is_read() -> None:
    head = "order_id,weight,y__small,y__large,y__huge"
    rows = "4470,2,1,0,0\n4471,80,0,0,1\n4472,9,0,1,0"
    item = {"order": {"id": 4471}, "export": {"csv": f"{head}\n{rows}\n"}}
    assert _leaks(item, "Huge", SML, target="parcel_class")
    item = {"order": {"id": 4479}, "export": {"csv": f"{head}\n{rows}\n"}}
    assert not _leaks(item, "Huge", SML, target="parcel_class")


# ---------------------------------------------------------------- one line per label: a chart or a listing


def _chart(lines: list[str]) -> dict[str, Any]:
    return {"case": {"ref": "OPS-5512"}, "tool": "$ urgency-model explain OPS-5512\n" + "\n".join(lines)}


def test_the_same_value_after_every_label_is_a_listing() -> None:
    assert not _leaks(_chart(["Low     (not scored)", "Medium  (not scored)", "High    (not scored)"]))
    assert not _leaks(_chart(["Low: n/a", "Medium: n/a", "High: n/a"]))


def test_the_far_longest_bar_states_its_label() -> None:
    bars = ["Low     \u2588\u258f", "High    " + "\u2588" * 20 + "\u258c", "Medium  \u2588\u2588\u258f"]
    assert _leaks(_chart(bars))
    assert not _leaks(_chart(bars), "Medium")  # the chart scores High highest, not the answer


# ------------------------------------------------------------------ a label that begins with a negation


def test_a_label_that_begins_with_not_negates_nothing() -> None:
    labels = ["Fraud", "Not fraud"]
    row = "case,CL-1,CL-2,CL-3\nverdict,Not fraud,,Not fraud\n"
    assert not _leaks({"export": row, "case": {"id": "CL-2"}}, "Fraud", labels, target="fraud_verdict")
    # a negation of its own still rules the other label out
    assert _leaks({"note": "reviewed twice: certainly not Not fraud"}, "Fraud", labels, target="fraud_verdict")


# --------------------------------------------------------------- a delimited table's quoted cells


def _log(own: str) -> dict[str, Any]:
    csv = (
        "ticket,priority,notes\n"
        'CS-4663,"Medium",Printer jams.\n'
        'CS-4671,"High",Renewal date moved.\n'
        f'CS-4673,"{own}",VPN drops every few minutes.\n'
        'CS-4678,"Medium",Dashboard will not open.'
    )
    return {"csv": csv, "current_ticket": "CS-4673"}


def test_a_quoted_cell_of_another_records_row_is_that_records() -> None:
    assert not _leaks(_log(""), labels=["Low", "Medium", "High", "Critical"], target="priority")


def test_a_quoted_cell_of_this_records_row_is_its_value() -> None:
    assert _leaks(_log("High"), labels=["Low", "Medium", "High", "Critical"], target="priority")


def test_a_cell_reference_key_is_no_rating_but_a_rating_key_is() -> None:
    stars = ["1", "2", "3", "4", "5"]
    sheet = {"cells": {"A1": {"v": "id"}, "B1": {"v": "rating"}, "A2": {"v": "TCK-52799"}, "B2": {"v": None}}}
    assert not _leaks({"sheet": sheet}, "1", stars, target="rating")
    assert _leaks({"scores": {"stars_1": True, "stars_2": False}}, "1", stars, target="rating")


# ---------------------------------------------------------------- a line of symbols names no columns


def test_an_ascii_art_banner_is_no_table_header() -> None:
    banner = "$ figlet 'HELLO'\n#   #  #####  #      #       ###\n#####  ####   #      #      #   #\n"
    log = banner + "# note: finance will approve the new runners next week"
    assert not _leaks({"ci_log": log}, "Approve", ["Approve", "Decline"], target="refund_decision")


def test_a_fixed_width_table_of_one_row_still_states_its_cell() -> None:
    report = "TICKET     DECISION   AMOUNT\nRF-2210    Approve    49.00"
    assert _leaks({"report": report}, "Approve", ["Approve", "Decline"], target="refund_decision")
