"""Principle 6: a selector of this record read through a key → label mapping gives the label away; the
same mapping with no selector is a listing (both ways, on forms of our own that no batch holds)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.mappings import LabelFinder, find_mappings
from windtunnel.leakage.sanitize import sanitize_item

LABELS = ["Billing", "Technical", "Shipping", "Account Access"]
SEVERITIES = ["Low", "Medium", "High", "Critical"]


def _audit(projection: Any, expected: str, labels: list[str]) -> tuple[bool, list[str]]:
    audit = audit_item({"id": "t", "expected": expected, "label_set": labels, "projection": projection})
    return audit.leaked, [f.rule for f in audit.findings if f.blocking]


def _without(projection: dict[str, Any], *path: str) -> dict[str, Any]:
    """``projection`` with the selector at ``path`` emptied."""
    out = copy.deepcopy(projection)
    node = out
    for part in path[:-1]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    node[path[-1]] = ""
    return out


SMS_MENU = {
    "conversation": {"id": "SM-5512", "opened": "2026-04-02"},
    "bot_prompt": "Hi! Reply 1 for Billing, 2 for Technical, 3 for Shipping or 4 for Account Access.",
    "inbound": [{"from": "+15550100", "reply": "3"}],
}
SHIFT_HEADER = {
    "row": {"case_no": 771, "sev_mask": "0x0C", "subject": "disk latency on db-7"},
    "enum_src": (
        "enum sev {\n  SEV_PAGED = 1 << 2,\n  SEV_LOW = 1 << 0,\n  SEV_HIGH = 1 << 3,\n  SEV_CRITICAL = 1 << 4,\n};"
    ),
}
HOTKEYS = {
    "macro_keys": [
        {"key": "F5", "sets_severity": "Low"},
        {"key": "F6", "sets_severity": "Medium"},
        {"key": "F7", "sets_severity": "High"},
        {"key": "F8", "sets_severity": "Critical"},
    ],
    "keystrokes": [{"event": "keydown", "key": "F7", "at": "12:01:07"}],
}
RISK_MATRIX = {
    "risk": {"ref": "RSK-118", "likelihood": "L3", "consequence": "C2", "rating": None},
    "matrix": [
        {"likelihood": "L3", "consequence": "C1", "rating": "Medium"},
        {"likelihood": "L3", "consequence": "C2", "rating": "High"},
        {"likelihood": "L2", "consequence": "C2", "rating": "Medium"},
        {"likelihood": "L1", "consequence": "C1", "rating": "Low"},
    ],
}
TOUCH_FORM = {
    "form": [
        {"option": "Low", "rect": [10, 100, 200, 130]},
        {"option": "Medium", "rect": [10, 140, 200, 170]},
        {"option": "High", "rect": [10, 180, 200, 210]},
        {"option": "Critical", "rect": [10, 220, 200, 250]},
    ],
    "session": [{"gesture": "tap", "xy": [55, 192]}, {"gesture": "submit"}],
}
DELIVERY_PROMISE = {
    "parcel": {"ref": "PCL-40", "shipped_at": "2026-05-01T10:00:00Z", "promised_by": "2026-05-04T10:00:00Z"},
    "service_levels": [
        {"level": "Express", "promise": "1d"},
        {"level": "Standard", "promise": "3d"},
        {"level": "Economy", "promise": "7d"},
    ],
}
RULE_FIRED = {
    "case": {"id": "C-8", "routing": None},
    "log": [{"event": "rule_matched", "rule": 4410023}],
    "rules": [
        {"rule_id": 4410021, "then": "route_billing"},
        {"rule_id": 4410022, "then": "route_technical"},
        {"rule_id": 4410023, "then": "route_shipping"},
    ],
}
MENU_OBJECT = {
    "menu_options": {"1": "Billing", "2": "Technical", "3": "Shipping", "4": "Account Access"},
    "caller": {"menu_choice": "2", "wait_s": 41},
}


@pytest.mark.parametrize(
    ("projection", "selector", "expected", "labels"),
    [
        (SMS_MENU, ("inbound", "0", "reply"), "Shipping", LABELS),
        (SHIFT_HEADER, ("row", "sev_mask"), "High", SEVERITIES),
        (HOTKEYS, ("keystrokes", "0", "key"), "High", SEVERITIES),
        (RISK_MATRIX, ("risk", "consequence"), "High", SEVERITIES),
        (TOUCH_FORM, ("session", "0", "xy"), "High", SEVERITIES),
        (MENU_OBJECT, ("caller", "menu_choice"), "Technical", LABELS),
        (DELIVERY_PROMISE, ("parcel", "promised_by"), "Standard", ["Express", "Standard", "Economy"]),
        (RULE_FIRED, ("log", "0", "rule"), "Shipping", LABELS),
    ],
    ids=[
        "sms-menu-reply",
        "enum-shift-flag-word",
        "hotkey-pressed",
        "two-input-lookup",
        "tap-in-box",
        "menu-object",
        "elapsed-time",
        "rule-id-under-another-name",
    ],
)
def test_a_selector_read_through_a_mapping_leaks_and_the_mapping_alone_lists(
    projection: dict[str, Any], selector: tuple[str, ...], expected: str, labels: list[str]
) -> None:
    leaked, rules = _audit(projection, expected, labels)
    assert leaked and "direct.selection" in rules
    audit = audit_item({"id": "t", "expected": expected, "label_set": labels, "projection": projection})
    pointers = {f.pointer for f in audit.findings if f.rule == "direct.selection"}
    assert "/" + "/".join(selector) in pointers
    assert _audit(_without(projection, *selector), expected, labels) == (False, [])


def test_a_selector_of_another_label_is_not_this_answer() -> None:
    assert _audit(SMS_MENU, "Billing", LABELS) == (False, [])


def test_a_plain_word_shared_with_a_row_selects_nothing() -> None:
    """Other tickets listed with their priority: this ticket's status being one of theirs picks no row."""
    projection = {
        "ticket": {"id": "T-9", "status": "open"},
        "related": [{"status": "open", "priority": "High"}, {"status": "closed", "priority": "Low"}],
    }
    _leaked, rules = _audit(projection, "High", SEVERITIES)
    assert "direct.selection" not in rules


def test_an_option_the_mapping_marks_itself_stays_reported() -> None:
    projection = {"options": [{"text": "Low"}, {"text": "High", "selected": True}, {"text": "Medium"}]}
    leaked, _rules = _audit(projection, "High", SEVERITIES)
    assert leaked


def test_a_stylesheet_of_named_rules_is_picked_by_the_name_it_uses() -> None:
    style = ".tag-billing{color:#c00}.tag-technical{color:#0a0}.tag-shipping{color:#00c}"
    leaked, rules = _audit({"css": style, "body": '<b class="tag tag-shipping">#41</b>'}, "Shipping", LABELS)
    assert leaked and "direct.selection" in rules
    assert _audit({"css": style, "body": '<b class="tag tag-none">#41</b>'}, "Shipping", LABELS) == (False, [])


def test_the_selector_is_what_sanitize_clears() -> None:
    item = {"id": "t", "expected": "Technical", "label_set": LABELS, "projection": MENU_OBJECT}
    result = sanitize_item(item)
    assert result.ok and not result.after.leaked
    assert result.item.projection["menu_options"] == MENU_OBJECT["menu_options"]
    assert result.item.projection["caller"]["menu_choice"] != "2"


@pytest.mark.parametrize(
    ("text", "labels"),
    [
        ("#define F_SPAM 0x10\n#define F_NOT_SPAM 0x20", {"Spam", "Not Spam"}),
        ("For Billing press 1. For Shipping press 2. For Technical press 3.", {"Billing", "Shipping", "Technical"}),
    ],
)
def test_text_mappings_name_the_longest_label(text: str, labels: set[str]) -> None:
    label_set = ["Spam", "Not Spam"] if "Spam" in labels else LABELS
    found = find_mappings({"t": text}, LabelFinder(label_set))
    assert len(found) == 1
    assert {e.label for e in found[0].labelled()} == labels


def test_a_change_record_is_not_a_mapping() -> None:
    found = find_mappings({"change": {"oldvalue": "Low", "newvalue": "High"}}, LabelFinder(SEVERITIES))
    assert found == []


def test_two_numbered_sections_holding_label_words_are_not_a_menu() -> None:
    text = "<p>5. Testing</p><td>Department</td><td>Legal</td><p>6. Launch</p>\nMonitor sales.</p><p>7. Review"
    assert find_mappings({"t": text}, LabelFinder(["Sales", "Engineering", "Finance", "Legal"])) == []


def test_limits_defining_each_label_by_a_bound_are_not_a_menu() -> None:
    # each label stands beside a comparison (a bound that defines it, principle 3): the number closing the
    # bound before the next label is not a key, so a thickness of 4 selects nothing
    rules = (
        "Grade the weld to ISO 5817 (Low, Medium, High, or Critical when it fails High)."
        " Limits (t = thickness): pore Low not permitted, Medium<=min(0.2t,2) High<=min(0.3t,3);"
        " gap Low<=min(0.1t,3) Medium<=min(0.15t,4) High<=min(0.25t,5). Critical otherwise."
    )
    assert find_mappings({"t": rules}, LabelFinder(SEVERITIES)) == []
    assert _audit({"rules": rules, "part": {"thickness_mm": 4}}, "High", SEVERITIES) == (False, [])
    # the same numbers as a menu's keys still map
    menu = "Limits: 3) Medium, 4) High, 5) Critical."
    assert {e.label for e in find_mappings({"t": menu}, LabelFinder(SEVERITIES))[0].labelled()} == {
        "Medium",
        "High",
        "Critical",
    }


def test_a_selector_written_in_a_log_line_is_read_too() -> None:
    menu = "Choose an option. Option 1 is Low; option 2 is Medium; option 3 is High; option 4 is Critical."
    log = "10:02:11 POST /hotline/route CallSid=CA77 Options=3 status=in-progress\n10:02:12 queued"
    leaked, rules = _audit({"menu_prompt": menu, "gateway_log": log}, "High", SEVERITIES)
    assert leaked and "direct.selection" in rules
    quiet = log.replace("Options=3", "Options=")
    assert _audit({"menu_prompt": menu, "gateway_log": quiet}, "High", SEVERITIES) == (False, [])


def test_sanitize_clears_a_selector_written_in_a_text_and_keeps_the_menu() -> None:
    menu = "Choose an option. Option 1 is Low; option 2 is Medium; option 3 is High; option 4 is Critical."
    log = "10:02:11 POST /hotline/route Options=3 status=in-progress"
    item = {"id": "t", "expected": "High", "label_set": SEVERITIES, "projection": {"menu": menu, "log": log}}
    result = sanitize_item(item)
    assert result.ok and not result.after.leaked
    assert result.item.projection["menu"] == menu


def test_a_copy_of_a_line_is_not_a_value_that_picks_it() -> None:
    """The same text rendered twice (a message and its blocks): its copy names the label, so it is the line
    again, not this record's id or subject picking the line."""
    table = "id,name,rating\n101,Ann,5\n102,Bo,4\n103,Cy,3\n\nTicket refs v4 and 4,000 were merged."
    projection = {"text": table, "blocks": [{"text": "Ticket refs v4 and 4,000 were merged."}]}
    assert _audit(projection, "4", ["1", "2", "3", "4", "5"])[0] is False


PRODUCT_TREE = {
    "order": {"id": "ORD-4410", "category": None, "product_sku": "SKU-7731"},
    "catalogue": {
        "groups": [
            {"id": "G1", "name": "Billing", "items": [{"sku": "SKU-1002"}, {"sku": "SKU-1090"}]},
            {"id": "G2", "name": "Technical", "items": [{"sku": "SKU-7731"}, {"sku": "SKU-7740"}]},
            {"id": "G3", "name": "Shipping", "items": [{"sku": "SKU-3300"}]},
            {"id": "G4", "name": "Account Access", "items": [{"sku": "SKU-5001"}]},
        ]
    },
}


def test_a_field_named_for_a_key_of_the_rows_picks_the_row_holding_it_in_a_tree() -> None:
    """``product_sku`` ends with the nested rows' key name ``sku``: it names the group whose item it is."""
    leaked, rules = _audit(PRODUCT_TREE, "Technical", LABELS)
    assert leaked and "direct.selection" in rules
    assert _audit(_without(PRODUCT_TREE, "order", "product_sku"), "Technical", LABELS) == (False, [])


def test_a_qualified_key_in_another_list_is_that_objects_reference() -> None:
    """A roster's ``owner_sku`` fields, one per person, each pick a group of their own: no selection."""
    projection = copy.deepcopy(PRODUCT_TREE)
    projection["order"]["product_sku"] = None
    projection["staff"] = [{"name": "Ana", "owner_sku": "SKU-7731"}, {"name": "Bo", "owner_sku": "SKU-1002"}]
    assert _audit(projection, "Technical", LABELS) == (False, [])


RELATED = {
    "ticket": {"id": "CS-14596", "subject": "Locked out after phone change", "category": None},
    "related_records": [
        {"id": "CS-58925", "subject": "Parcel stuck at depot", "category": "Technical"},
        {"id": "CS-48876", "subject": "Invoice shows wrong VAT", "category": "Billing"},
        {"id": "CS-16418", "subject": "Parcel stuck at depot", "category": "Account Access"},
    ],
    "comments": [{"body": ""}],
}


@pytest.mark.parametrize(
    ("comment", "leaks"),
    [
        ("Same situation as CS-16418, so the same category please.", True),
        ("Duplicate of CS-16418: copy its category over.", True),
        ("Might be related to CS-16418? Haven't compared them properly yet.", False),
        ("Same timezone as CS-16418, so reply before 16:00 UTC.", False),
        ("Not the same category as CS-16418, whatever the subject says.", False),
        ("Same category as CS-16418 or CS-48876, not sure which.", False),
    ],
)
def test_a_sentence_tying_this_record_to_one_related_record_on_the_labelled_field_picks_it(
    comment: str, leaks: bool
) -> None:
    projection = copy.deepcopy(RELATED)
    projection["comments"][0]["body"] = comment
    leaked, rules = _audit(projection, "Account Access", LABELS)
    assert leaked is leaks
    assert ("direct.selection" in rules) is leaks


PISTE = ["green", "blue", "red", "black"]
BANDS = (
    "Classify the piste by its steepest 100 m segment: maximum gradient < 15 % green; 15-24.9 % blue; 25-39.9 % red; "
    ">= 40 % black. Use the surveyed segments. Answer green, blue, red or black."
)


@pytest.mark.parametrize("gradient", [15.0, 25, 40, 17.3])
def test_a_measurement_equal_to_a_bound_selects_no_band(gradient: float) -> None:
    """A band of numbers defines its label by its bounds (principle 3): a segment whose gradient happens to equal a
    bound (``15``, ``40``) picks no entry, as one inside the band does not (ds23's clean ski pistes: 6 false alarms)."""
    label = "green" if gradient < 15 else "blue" if gradient < 25 else "red" if gradient < 40 else "black"
    projection = {"instruction": BANDS, "survey": {"segments": [{"from_m": 0, "to_m": 100, "gradient_pct": gradient}]}}
    leaked, rules = _audit(projection, label, PISTE)
    assert not leaked and "direct.selection" not in rules


def test_a_number_keying_a_label_still_selects_it() -> None:
    projection = {"legend": "Code 1 green. Code 2 blue. Code 3 red. Code 4 black.", "grading": {"code": 3}}
    leaked, rules = _audit(projection, "red", PISTE)
    assert leaked and "direct.selection" in rules
