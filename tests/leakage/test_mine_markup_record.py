"""Data markup held in a string is read as its fields, both ways.

A tax preparer's tool shows an e-file preview on some returns: ``<Return><StatusCd>2</StatusCd><IncomeAmt>72135
</IncomeAmt></Return>``, its status code set from the filing status, the amount the record's own. The whole string is
unique; its element ``StatusCd`` rides with the label and is mined at ``/efile_preview/Return/StatusCd``. The same code
drawn apart from the label gives nothing; a page of mixed content, two roots or markup inside prose are no record.
"""

from __future__ import annotations

import random

import pytest

from windtunnel.leakage.markup_record import markup_leaves
from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["single", "joint", "separate", "head"]
CODE = {"single": "1", "joint": "2", "separate": "3", "head": "4"}
DERIVE = ["/interview"]


def test_markup_leaves_reads_one_record_of_data_markup_only() -> None:
    xml = '<?xml version="1.0"?><Return v="1"><StatusCd>2</StatusCd><Amt>A &amp; B</Amt><Empty/></Return>'
    assert markup_leaves(xml) == [("/Return@v", "1"), ("/Return/StatusCd", "2"), ("/Return/Amt", "A & B")]
    assert markup_leaves("<p>Dear client, <b>note</b> this.</p>") == []  # mixed content: a document
    assert markup_leaves("<a>1</a><b>2</b>") == []  # two roots
    assert markup_leaves("<a><b>1</a></b>") == []  # not well nested
    assert markup_leaves("see <a>1</a> here") == []  # markup inside prose


def _dataset(seed: int, *, leak: bool, n: int = 160, long: bool = False) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        projection: dict = {"interview": f"Client {i} answered the household questions.", "state": rng.choice("ABCD")}
        if rng.random() < 0.35:
            code = CODE[label] if leak else CODE[rng.choice(LABELS)]
            amount = rng.randint(10000, 200000)
            projection["efile_preview"] = f"<Return><StatusCd>{code}</StatusCd><IncomeAmt>{amount}</IncomeAmt></Return>"
            if long:  # a record of many words (session 43: read as prose, never walked; a CAP alert's level)
                projection["efile_preview"] = projection["efile_preview"].replace(
                    "<Return>", "<Return><Preparer>Jordan Lee of Lee and Sons Tax Services Ltd</Preparer>"
                )
        out.append(LeakItem(id=f"t{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


@pytest.mark.parametrize("long", [False, True])
def test_an_element_riding_with_the_label_is_mined_at_its_path(long: bool) -> None:
    items = _dataset(2, leak=True, long=long)
    result = mine(items, derive_from=DERIVE)
    found = {(s.pointer, s.value, s.label) for s in result.suggestions}
    assert {("/efile_preview/Return/StatusCd", CODE[lab], lab) for lab in LABELS} <= found
    flagged = set(dict(mined_findings(items, result, derive_from=DERIVE)))
    assert flagged == {it.id for it in items if "efile_preview" in it.projection}


@pytest.mark.parametrize("long", [False, True])
def test_the_same_code_drawn_apart_from_the_label_gives_nothing(long: bool) -> None:
    for seed in range(3):
        items = _dataset(seed, leak=False, long=long)
        assert not mine(items, derive_from=DERIVE).suggestions, seed


def test_an_element_restating_the_input_in_long_markup_is_the_inputs_copy() -> None:
    # review 43b: a long alert restates the input's score (`<value>7</value>`); walked as a record, the element rode
    # with the label and the sanitizer emptied the alert on 150 of 150 clean records: it is the input's copy
    rng = random.Random(1)
    items = []
    for i in range(150):
        score = rng.randint(0, 10)
        label = "Minor" if score <= 3 else "Moderate" if score <= 6 else "Severe"
        xml = (
            f"<alert><identifier>WX-{20000 + i}</identifier><status>Actual</status><info><event>Wind warning issued for"
            " the district and the coastal areas nearby</event><parameter><valueName>impact_score</valueName>"
            f"<value>{score}</value></parameter></info></alert>"
        )
        projection = {"obs": {"impact_score": score}, "cap_xml": xml}
        labels = ["Minor", "Moderate", "Severe"]
        items.append(LeakItem(id=f"w{i}", expected=[label], projection=projection, label_set=labels))
    # (the score restated as prose words, ``value 7``, is an older reading of the input's copy, apart from the markup's)
    assert not [s for s in mine(items, derive_from=["/obs/impact_score"]).suggestions if s.pointer.startswith("/cap")]
