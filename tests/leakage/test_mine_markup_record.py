"""Data markup held in a string is read as its fields, both ways.

A tax preparer's tool shows an e-file preview on some returns: ``<Return><StatusCd>2</StatusCd><IncomeAmt>72135
</IncomeAmt></Return>``, its status code set from the filing status, the amount the record's own. The whole string is
unique; its element ``StatusCd`` rides with the label and is mined at ``/efile_preview/Return/StatusCd``. The same code
drawn apart from the label gives nothing; a page of mixed content, two roots or markup inside prose are no record.
"""

from __future__ import annotations

import random

from windtunnel.leakage.markup_record import markup_leaves
from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["single", "joint", "separate", "head"]
CODE = {"single": "1", "joint": "2", "separate": "3", "head": "4"}
DERIVE = ["/interview"]


def test_markup_leaves_reads_one_record_of_data_markup_only() -> None:
    xml = '<?xml version="1.0"?><Return v="1"><StatusCd>2</StatusCd><Amt>A &amp; B</Amt><Empty/></Return>'
    assert markup_leaves(xml) == [("/Return/@v", "1"), ("/Return/StatusCd", "2"), ("/Return/Amt", "A & B")]
    row = '<tr class=\'row pci-fail\' data-seg="S-1"><td>S-1</td><td class="">Elm &amp; 2nd</td></tr>'
    assert markup_leaves(row) == [("/tr/@class", "row pci-fail"), ("/tr/@data-seg", "S-1"), ("/tr/td", "S-1")] + [
        ("/tr/td", "Elm & 2nd")
    ]  # an attribute is a field of its element; an empty one is no value
    assert markup_leaves("<p>Dear client, <b>note</b> this.</p>") == []  # mixed content: a document
    assert markup_leaves("<a>1</a><b>2</b>") == []  # two roots
    assert markup_leaves("<a><b>1</a></b>") == []  # not well nested
    assert markup_leaves("see <a>1</a> here") == []  # markup inside prose


def _dataset(seed: int, *, leak: bool, n: int = 160) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        projection: dict = {"interview": f"Client {i} answered the household questions.", "state": rng.choice("ABCD")}
        if rng.random() < 0.35:
            code = CODE[label] if leak else CODE[rng.choice(LABELS)]
            amount = rng.randint(10000, 200000)
            projection["efile_preview"] = f"<Return><StatusCd>{code}</StatusCd><IncomeAmt>{amount}</IncomeAmt></Return>"
        out.append(LeakItem(id=f"t{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_an_element_riding_with_the_label_is_mined_at_its_path() -> None:
    items = _dataset(2, leak=True)
    result = mine(items, derive_from=DERIVE)
    found = {(s.pointer, s.value, s.label) for s in result.suggestions}
    assert {("/efile_preview/Return/StatusCd", CODE[lab], lab) for lab in LABELS} <= found
    flagged = set(dict(mined_findings(items, result, derive_from=DERIVE)))
    assert flagged == {it.id for it in items if "efile_preview" in it.projection}


def test_the_same_code_drawn_apart_from_the_label_gives_nothing() -> None:
    for seed in range(3):
        items = _dataset(seed, leak=False)
        assert not mine(items, derive_from=DERIVE).suggestions, seed


# A report row rendered per record, long enough to be prose by its words, whose element's class names the rating the
# row was styled for: `<tr class="seg-row pci-fail" data-seg="SEG-66256"><td>SEG-66256</td><td>Old County Rd</td>…`.
# Each class is on a few records only (three or four), below the support floor; the attribute is a field whose values
# each ride with one label, found by the field's code book. Classes drawn apart from the label give nothing.
STYLE = {"single": "st-sgl", "joint": "st-mfj", "separate": "st-mfs", "head": "st-hoh"}


def _rows(seed: int, *, leak: bool, n: int = 160) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 4]
        projection: dict = {"interview": f"Client {i} answered the household questions.", "state": rng.choice("ABCD")}
        if i % 10 == 0:  # a styled row on a tenth of the records (four per class), the others pending
            style = STYLE[label] if leak else STYLE[rng.choice(LABELS)]
        else:
            style = "st-pending"
        projection["report_row"] = (
            f'<tr class="row {style}" data-id="R-{i}"><td>R-{i}</td><td>{rng.choice(["Elm St", "Oak Ave"])}'
            f' north side</td><td class="num">{rng.randint(100, 900)} ft</td></tr>'
        )
        out.append(LeakItem(id=f"r{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_a_class_attribute_riding_with_the_label_in_a_long_row_is_found() -> None:
    items = _rows(1, leak=True)
    assert all(len(it.projection["report_row"].split()) > 6 for it in items)  # prose by its words
    result = mine(items, derive_from=DERIVE)
    assert {s.pointer for s in result.suggestions} >= {"/report_row/tr/@class"}
    flagged = set(dict(mined_findings(items, result, derive_from=DERIVE)))
    assert flagged == {it.id for it in items if "pending" not in it.projection["report_row"]}


def test_a_class_attribute_drawn_apart_from_the_label_gives_nothing() -> None:
    for seed in range(3):
        items = _rows(seed, leak=False)
        result = mine(items, derive_from=DERIVE)
        assert not [s for s in result.suggestions if "@class" in s.pointer], seed
        assert not dict(mined_findings(items, result, derive_from=DERIVE)), seed
