"""Public code systems as spellings of a label (the lexicon's ``codes``): a syslog severity number, a
``<PRI>``, a logging level number, a CVSS or NPS band, a status colour or its hex value, an HL7 v2
table code, an ISO 5218 sex code, an informal yes/no word, a star rating, a Likert point, a P2, a
letter grade. Each family both ways on records invented here (in no blind batch): the code as a value
of this record under a name naming its code system leaks; the same characters as a word of prose, or
under a name of something else, do not."""

from __future__ import annotations

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.lexicon import code_spellings

SYSLOG = ["Emergency", "Alert", "Critical", "Error", "Warning", "Notice", "Informational", "Debug"]
PYLOG = ["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]
NODELOG = ["trace", "debug", "info", "warn", "error", "fatal"]
WINLOG = ["Critical", "Error", "Warning", "Information", "Verbose"]
CVSS = ["None", "Low", "Medium", "High", "Critical"]
NPS = ["Detractor", "Passive", "Promoter"]
HEALTH = ["On track", "At risk", "Off track"]
RAG = ["Red", "Amber", "Green"]
CLASS = ["Emergency", "Inpatient", "Outpatient"]
FLAGS = ["Low", "Normal", "High", "Critically low", "Critically high"]
ORDER = ["STAT", "ASAP", "Routine"]
RESULT = ["Final", "Preliminary", "Corrected"]
SEX = ["Male", "Female", "Unknown", "Not applicable"]
YES_NO = ["yes", "no"]
SENT = ["positive", "negative", "neutral"]
LIKERT = ["Strongly disagree", "Disagree", "Neutral", "Agree", "Strongly agree"]
LEVELS = ["Critical", "High", "Medium", "Low"]
QUALITY = ["Excellent", "Good", "Fair", "Poor"]


def _audit(expected: str, labels: list[str], projection: object, target: str | None = None) -> bool:
    item: dict[str, object] = {"id": "t", "expected": expected, "label_set": labels, "projection": projection}
    if target is not None:
        item["target"] = target
    audit = audit_item(item)
    # the pre-check and the pruned walk are shortcuts: the reference walk must agree
    assert audit.findings == audit_item(item, prefilter=False).findings
    return audit.leaked


LEAKS = [
    ("Error", SYSLOG, {"entry": {"host": "n1", "syslog_severity": 3, "msg": "quota exceeded"}}),
    ("Error", SYSLOG, {"line": "<11>Oct  2 10:00:01 n1 backupd: quota exceeded on /srv"}),
    ("Debug", SYSLOG, {"journal": {"PRIORITY": "7", "MESSAGE": "lease renewed"}}),
    ("ERROR", PYLOG, {"record": {"logger": "billing", "levelno": 40, "msg": "ledger mismatch"}}),
    ("error", NODELOG, {"line": 'ts=2026-01-01T00:00:00Z level=50 msg="pool exhausted"'}),
    ("warn", NODELOG, {"event": {"intLevel": 300, "message": "slow disk"}}),
    ("Warning", WINLOG, {"xml": "<System><EventID>51</EventID><Level>3</Level></System>"}),
    ("High", CVSS, {"vuln": {"id": "CVE-0000-0001", "cvss_score": "8.1"}}),
    ("Detractor", NPS, {"survey": {"nps_response": 3, "comment": "meh"}}),
    ("On track", HEALTH, {"badge": {"label": "Q3 plan", "colour": "#2e7d32"}}),
    ("Off track", HEALTH, {"sheet": {"cell": "D4", "fill": {"argb": "FFFF0000"}}}),
    ("At risk", HEALTH, {"html": '<p>Roadmap item 7 <span style="color:#ffc107">&#9679;</span></p>'}),
    ("Green", RAG, {"message": {"text": "weekly report", "color": "success"}}),
    ("Outpatient", CLASS, {"hl7": "MSH|^~\\&|A|B|C|D|20260101||ADT^A04|1|P|2.5\rPV1|1|O|CLINIC^2^1\r"}),
    ("High", FLAGS, {"hl7": "OBX|2|NM|GLU^Glucose||250|mg/dL|70-99|H|||F\r"}),
    ("ASAP", ORDER, {"hl7": "ORC|NW|A77|||||^^^^^A|\r"}),
    ("Preliminary", RESULT, {"hl7": "OBX|1|ST|NOTE||pending review||||||P\r"}),
    ("Female", SEX, {"person": {"name": "R. Diaz", "sex": 2}}),
    ("no", YES_NO, {"application": {"ref": "A-9", "approved": 0}}),
    ("yes", YES_NO, {"reviewer": {"answer": "yep"}}),
    ("negative", SENT, {"review": {"stars": 2, "text": "arrived late"}}),
    ("Strongly agree", LIKERT, {"response": {"q7_agreement": 5}}),
    ("High", LEVELS, {"ticket": {"prio": "P2", "title": "VPN drops"}}),
    ("Good", QUALITY, {"essay": {"grade": "B", "words": 900}}),
]


@pytest.mark.parametrize(("expected", "labels", "projection"), LEAKS)
def test_a_code_of_a_public_code_system_as_a_value_of_the_record_leaks(
    expected: str, labels: list[str], projection: object
) -> None:
    assert _audit(expected, labels, projection)


CLEAN = [
    ("Error", SYSLOG, {"entry": {"host": "n1", "retries": 3, "msg": "quota exceeded"}}),
    ("Error", SYSLOG, {"note": "Moved to level 3 of the car park; priority 3 list updated."}),
    ("Error", SYSLOG, {"line": "<14>Oct  2 10:00:01 n1 backupd: finished"}),
    ("ERROR", PYLOG, {"record": {"logger": "billing", "lineno": 40, "msg": "ledger checked"}}),
    ("error", NODELOG, {"line": 'ts=2026-01-01T00:00:00Z port=50 msg="listening"'}),
    ("Warning", WINLOG, {"xml": "<System><EventID>51</EventID><Task>3</Task></System>"}),
    ("High", CVSS, {"vuln": {"id": "CVE-0000-0001", "priority": 8.1, "epss": 0.4}}),
    ("Detractor", NPS, {"survey": {"visits": 3, "comment": "meh"}}),
    ("On track", HEALTH, {"note": "The team wore green shirts and the banner was #2e7d32 on white."}),
    ("Off track", HEALTH, {"shirt": "red", "size": "M"}),
    ("Outpatient", CLASS, {"hl7": "NTE|1|O|visitor note\r"}),
    ("High", FLAGS, {"hl7": "OBX|2|NM|GLU^Glucose||85|mg/dL|70-99|N|||F\r"}),
    ("Female", SEX, {"person": {"name": "R. Diaz", "children": 2}}),
    ("no", YES_NO, {"application": {"ref": "A-9", "attempts": 0}}),
    ("yes", YES_NO, {"chat": "yep, I'll look at it tomorrow"}),
    ("negative", SENT, {"review": {"photos": 2, "text": "arrived"}}),
    ("Strongly agree", LIKERT, {"response": {"minutes": 5}}),
    ("High", LEVELS, {"note": "See P2 of the contract for the terms."}),
    ("Good", QUALITY, {"essay": {"section": "B", "words": 900}}),
]


@pytest.mark.parametrize(("expected", "labels", "projection"), CLEAN)
def test_the_same_characters_in_prose_or_under_another_name_do_not_leak(
    expected: str, labels: list[str], projection: object
) -> None:
    assert not _audit(expected, labels, projection)


def test_a_label_set_picks_the_code_systems_that_name_most_of_its_labels() -> None:
    # Bunyan / pino numbers for a Node set, Python's for a Python set (30 is info in one, warning in the other)
    assert "30" in code_spellings("info", NODELOG).codes
    assert "30" in code_spellings("WARNING", PYLOG).codes
    assert "30" not in code_spellings("INFO", PYLOG).codes
    # HL7 'E' is emergency for a patient class; 'C' is elective only for an admission type
    assert code_spellings("Emergency", CLASS).codes == ("E",)
    assert "C" in code_spellings("Elective", ["Accident", "Elective", "Emergency", "Urgent", "Routine"]).codes
    # a set no code system fits, or a single label, brings no code
    assert code_spellings("Billing", ["Billing", "Technical"]) == code_spellings("Low", ["Low"])
    assert not code_spellings("Billing", ["Billing", "Technical"]).codes


def test_a_code_two_labels_would_share_or_that_is_a_label_is_nobodys() -> None:
    # 'Red' is a label: no other label's code, and not its own alias
    assert "red" not in [c.casefold() for c in code_spellings("Red", RAG).codes]
    # 'neutral' names Likert's middle point and NPS's passive: a set naming both keeps them apart
    assert "3" in code_spellings("Neutral", LIKERT).codes


def test_a_hex_colour_matches_in_its_other_notations() -> None:
    codes = code_spellings("On track", HEALTH).codes
    assert {"#44cc11", "44cc11", "ff44cc11", "#4c1"} <= set(codes)


def test_a_syslog_pri_is_a_mark_of_every_facility() -> None:
    marks = code_spellings("Error", SYSLOG).marks
    assert "<3>" in marks and "<11>" in marks and "<187>" in marks and "<14>" not in marks
    assert dict(code_spellings("Error", SYSLOG).named_codes)["3"][0] == "severity"


def test_a_code_is_tied_by_the_naming_words_of_its_own_system() -> None:
    # {Low, Medium, High, Critical} picks CVSS bands and P1-P4: a CVSS score is no priority number
    named = dict(code_spellings("Low", LEVELS).named_codes)
    assert "priority" not in named["1"] and "cvss" in named["1"] and "priority" in named["P4"]
    assert not _audit("Low", LEVELS, {"ticket": {"priority": {"name": "", "id": "1"}}})


BANDED = [
    ("Medium", CVSS, {"advisory": {"cvss3_score": 5.3}}, {"advisory": {"cvss3": None, "downloads": 5.3}}),
    (
        "Hazardous",
        ["Good", "Moderate", "Unhealthy", "Very Unhealthy", "Hazardous"],
        {"city": {"aqi": 412}},
        {"city": {"population_k": 412}},
    ),
    (
        "Obesity",
        ["Underweight", "Normal weight", "Overweight", "Obesity"],
        {"visit": {"bmi": "31.4"}},
        {"visit": {"temp": "31.4"}},
    ),
    (
        "Fair",
        ["Poor", "Fair", "Good", "Very Good", "Exceptional"],
        {"loan": {"credit_score": 612}},
        {"loan": {"branch": 612}},
    ),
    ("Extreme", ["Low", "Moderate", "High", "Very High", "Extreme"], {"beach": {"uvi": 12}}, {"beach": {"wave_s": 12}}),
    (
        "Category 2",
        ["Category 1", "Category 2", "Category 3", "Category 4", "Category 5"],
        {"storm": {"gust_mph": 101}},
        {"storm": {"pressure_mb": 101}},
    ),
]


@pytest.mark.parametrize(("expected", "labels", "leaking", "clean"), BANDED)
def test_a_score_of_a_banded_public_scale_under_its_name_leaks_and_the_number_elsewhere_does_not(
    expected: str, labels: list[str], leaking: object, clean: object
) -> None:
    assert _audit(expected, labels, leaking)
    assert not _audit(expected, labels, clean)


def test_a_score_in_another_band_is_another_label() -> None:
    assert not _audit("Low", CVSS, {"advisory": {"cvss3_score": 7.5}})
    assert _audit("High", CVSS, {"advisory": {"cvss3_score": 7.5}})


def test_a_code_counts_under_its_own_pair_name_not_a_name_before_it() -> None:
    line = 'ts=2026-01-01T00:00:00Z level=info port=50 msg="listening"'
    assert not _audit("error", NODELOG, {"line": line})
    assert _audit("error", NODELOG, {"line": line.replace("level=info port=50", "port=8080 level=50")})


SENT5 = ["Very negative", "Negative", "Neutral", "Positive", "Very positive"]


@pytest.mark.parametrize(
    ("expected", "labels", "projection", "leaks"),
    [
        ("Very positive", SENT5, {"review": {"rating": 5, "text": "superb"}}, True),
        ("Positive", SENT5, {"review": {"rating": 5, "text": "superb"}}, False),
        ("positive", SENT, {"review": {"stars": "★★★★☆"}}, True),
        ("positive", SENT, {"note": "Other shoppers rated it ★★★★☆ on average; page 4/5 of the form."}, False),
    ],
)
def test_star_ratings_read_as_the_sentiment_scale_the_set_is(
    expected: str, labels: list[str], projection: object, leaks: bool
) -> None:
    assert _audit(expected, labels, projection) is leaks


ITIL = ["1 - Critical", "2 - High", "3 - Moderate", "4 - Low", "5 - Planning"]
PRIO = ["P1", "P2", "P3", "P4", "P5"]


@pytest.mark.parametrize(
    ("expected", "labels", "projection", "leaks"),
    [
        # this record's impact and urgency give the priority through the ITIL matrix
        ("3 - Moderate", ITIL, {"ticket": {"u_impact": "3 - Low", "u_urgency": "1 - High", "priority": ""}}, True),
        ("P4", PRIO, {"case": {"Impact": "medium", "Urgency": "low", "summary": "font too small"}}, True),
        ("P1", PRIO, {"impact": 1, "urgency": 1, "title": "site down"}, True),
        # another pair gives another label
        ("P1", PRIO, {"impact": 1, "urgency": 2, "title": "site slow"}, False),
        # blank values, the lookup table's rows, a record that states its priority (the scan's business)
        ("P2", PRIO, {"case": {"impact": "", "urgency": "", "summary": "mail delayed"}}, False),
        (
            "P2",
            PRIO,
            {"lookup": [{"impact": 1, "urgency": 2}, {"impact": 2, "urgency": 1}], "case": {"impact": ""}},
            False,
        ),
        ("P2", PRIO, {"case": {"impact": 2, "urgency": 1, "priority": "P3"}}, False),
        # one axis only, or a label set no matrix fits
        ("P2", PRIO, {"case": {"impact": 2, "severity": 1}}, False),
        ("High", ["High", "Low"], {"case": {"impact": 1, "urgency": 2}}, False),
    ],
)
def test_a_public_matrix_derives_the_label_from_this_records_two_values(
    expected: str, labels: list[str], projection: object, leaks: bool
) -> None:
    assert _audit(expected, labels, projection) is leaks


def test_the_matrix_finding_points_at_the_first_axis_value() -> None:
    item = {
        "id": "t",
        "expected": "P3",
        "label_set": PRIO,
        "projection": {"inc": {"impact": "2 - Medium", "urgency": "2 - Medium"}},
    }
    [finding] = [f for f in audit_item(item).findings if f.rule == "freetext.matrix"]
    assert finding.pointer == "/inc/impact" and finding.span == (0, 10) and finding.value == "2 - Medium"


@pytest.mark.parametrize(
    ("expected", "projection", "leaks"),
    [
        ("yes", {"checklist": {"eligible": "✔"}}, True),
        ("no", {"checklist": {"approved": "✘"}}, True),
        ("yes", {"notes": "✔ photos attached ✔ receipt attached"}, False),
    ],
)
def test_a_check_or_cross_mark_is_a_yes_or_no_only_as_a_value(expected: str, projection: object, leaks: bool) -> None:
    assert _audit(expected, YES_NO, projection) is leaks


def test_a_code_with_no_name_over_it_is_tied_to_nothing() -> None:
    # ``1`` is a one-star rating only under a name of ratings: a top-level id of embedded JSON is not
    assert not _audit("negative", SENT, {"result": '{"id": 1, "subject": "Pizza party", "amount": 100.0}'})
    assert not _audit("negative", SENT, {"ratings_seen": [1, 2, 5]})
