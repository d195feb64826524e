"""The naive whole-token scan's leaks on the development batches (benchmarks/leak_data/blind*) are leaks
of the audit, except the ones listed below by id with the reason the audit still misses them — a ratchet:
a new suppression that loses a leak the naive scan finds fails here, and a listed leak that is found again
must leave the list. (The held-out benchmark has no exception at all: test_leak_naive_differential.py.)

``python benchmarks/leak_blind.py --differential`` lists each such item with the decision that cleared it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from benchmarks.leak_heldout import reference_leaks

from windtunnel.leakage import audit_item

BATCHES = Path(__file__).resolve().parents[2] / "benchmarks" / "leak_data"

KNOWN: dict[str, str] = {
    "b2-0250": "a numeral of the rating under a field naming something else in a rich-text node (review)",
    "b3-0108": "the lowercase word under a header that does not name the task (`X-Campaign-Type: newsletter`)",
    "b3-0279": "a homophone in a transcript without a tie to the task",
    "b4-0223": "a number of the scale under an annotation tool's field naming something else (review)",
    "b5-0056": "a decision tree's highlighted path ends at the label leaf: the styling that marks it is not read",
    "b5-0080": "a decision tree's highlighted path: not read",
    "b5-0228": "a decision tree's highlighted path: not read",
    "b5-0107": "an i18n key in prose (`priority_code.p2`) read as a file name: `.p2` looks like an extension",
    "b5-0235": 'a spreadsheet formula evaluating to the label (`=PROPER("shipping")`): formulas are not evaluated',
    "b5-0396": 'a formula choosing the label from a list (`=CHOOSE(2,"Yes","No")`): read as a listing',
    "b5-0453": "a formula choosing the label from a list: read as a listing",
    "b5-0493": "a formula choosing the label from a list: read as a listing",
    # the sheet's cells keyed A2…A5 hold every label once: a catalogue (catalogues.py); the formula's range is
    # no reference to one cell, and the twin (formula null) was flagged by the same cell before
    "b5-0046": "a formula indexing a range of cells (`=INDEX(Lists!$A$2:$A$5,3)`): formulas are not evaluated",
    "b5-0503": "a formula indexing a range of cells: formulas are not evaluated; the cells read as a catalogue",
    "b5-0076": "a formula indexing a range of cells; found before only at the cell keys `A1`…`C1` (twin too)",
    # blind6 derived_word_forms: a hyphen compound of the label (`Approve-able`, `Reject-pile`) in an upstream
    # summary, cleared by review (freetext.token) as prose mentioning the answer as a single word.
    "b6-0009": "a hyphen compound in an upstream summary (`Approve-able as submitted`): review, prose word",
    "b6-0011": "a hyphen compound (`Reject-pile, policy breach`): review, prose word",
    "b6-0403": "a hyphen compound (`Approve-able`): review, prose word",
    # blind7 ditto_mark_reference: the record's label cell is a ditto mark (`〃`, `do.`, `''`) for the row
    # above. The `ditto` view carries it down, but structure resolution reads a pipe or fixed-width table's
    # rows as written (a CSV row of the record is read in the view: found).
    "b7-0339": "the record's cell is a ditto (`〃`) of the row above: dittos are not carried down (not classified)",
    "b7-0341": "the record's cell is `do.` of the row above: not carried down (review, prose word)",
    "b7-0345": "the record's cell is `''` of the row above: not carried down (not classified)",
    "b7-0353": "the record's cell is `do.` of the row above: not carried down (review, prose word)",
    "b7-0357": "the record's cell is `''` of the row above: not carried down (review, prose word)",
    # blind8 merged_cell_span: the label cell of the row above spans the record's row (HTML `rowspan="2"`,
    # XLSX `<mergeCell ref="B2:B3"/>`) and the record's own cell is empty. Spans are not expanded: the label
    # is read as the row above's value (review as a prose word, or cleared by the listing's siblings).
    **{
        i: "the row above's label cell spans the record's row (rowspan / mergeCell): spans are not expanded"
        for i in ("b8-0121", "b8-0123", "b8-0125", "b8-0127", "b8-0129", "b8-0131", "b8-0133", "b8-0135")
        + ("b8-0137", "b8-0141", "b8-0143")
    },
    "b8-0181": "an acrostic (line initials spell the label); the naive hit is the first line's prose `No related`",
    "b8-0231": "a lowercase WordPiece (`low`) under `generated_wordpieces`: review, a lowercase word of the label",
    "b8-0251": "the label as a folder under the record's id in a zip listing (`FR-4285/Refusé/`): review, prose word",
    "b8-0263": "the label as a folder under the record's id in a zip listing: review, prose word",
    # blind9 imap_keyword_flags: the label is one atom of an IMAP
    # `FLAGS (\Seen Junk)` list. A parenthesised list after a name is not read as a pair's value, and the
    # same batch's traps list one folder per label in `LIST (\HasNoChildren \Junk) "/" "Junk"` lines.
    "b9-0149": "the label as an atom of an IMAP `FLAGS (\\Seen Junk)` list: review, prose word",
    "b9-0155": "the label as an atom of an IMAP `FLAGS (...)` list: review, prose word",
    "b9-0167": "the label as an atom of an IMAP `FLAGS (...)` list: review, prose word",
    # blind9 coverage_branch_hit on a two-label set: the executed `>` line and the `!` line not run are one
    # each; with two members no lead is shared by the others, so nothing says which mark selects.
    "b9-0043": "coverage marks on a two-label set (`> return 'Not spam'`, `! return 'Spam'`): read as a definition",
    # blind10 and blind11 (triaged when committed as development data): what lost each, per family
    **{
        i: "a score falls in one band of a routing config listing every label: bands are not evaluated (a listing)"
        for i in (
            "b10-0073",
            "b10-0075",
            "b10-0077",
            "b10-0079",
            "b10-0081",
            "b10-0085",
            "b10-0087",
            "b10-0089",
            "b10-0091",
            "b10-0093",
            "b10-0095",
        )
    },
    "b10-0111": "the label's slug in an archived queue's name in a traceback (`'q-yes'`): review, prose word",
    **{
        i: "the label as an atom of an IMAP `FLAGS (\\Seen Shipping)` list: review, prose word"
        for i in (
            "b10-0125",
            "b10-0137",
        )
    },
    **{
        i: "the answer named only as the opposite of the other label; the naive hit is another word"
        for i in (
            "b10-0207",
            "b10-0213",
        )
    },
    **{
        i: "the label as a word of an attachment's file name (`cs-49671-sev1-export.pdf`): review, prose word"
        for i in (
            "b10-0295",
            "b10-0297",
            "b10-0299",
            "b10-0303",
            "b10-0307",
            "b10-0311",
        )
    },
    **{
        i: "the chosen voting button (`Subject: Approve: …`, an index into `X-Voting-Options`): read as a listing"
        for i in (
            "b10-0337",
            "b10-0339",
            "b10-0341",
            "b10-0343",
            "b10-0345",
            "b10-0347",
            "b10-0349",
            "b10-0351",
            "b10-0353",
            "b10-0355",
            "b10-0357",
            "b10-0359",
        )
    },
    **{
        i: "the label in a ZPL field (`^FDCATEGORY: SHIPPING^FS`): the command glued to the name hides the pair"
        for i in (
            "b11-0075",
            "b11-0079",
            "b11-0083",
            "b11-0091",
            "b11-0095",
        )
    },
    **{
        i: "the label shouted or stretched in chat (`sooo POSITIVE!!!`): review, prose word"
        for i in (
            "b11-0123",
            "b11-0127",
            "b11-0135",
            "b11-0139",
            "b11-0143",
        )
    },
    **{
        i: "a range label turned into a date by a spreadsheet (`2-Jan` for `1-2`): not mapped back; a listing"
        for i in (
            "b11-0145",
            "b11-0149",
            "b11-0151",
            "b11-0157",
            "b11-0159",
            "b11-0161",
            "b11-0163",
            "b11-0165",
            "b11-0167",
        )
    },
    "b11-0203": 'the sample rewarded 1.0 on a numeric scale (`"answer": "4"`): the option\'s number is not classified',
    # blind12 and blind13 (triaged when committed as development data): what lost each, per family
    "b12-0013": "the task's instruction presupposes the label (`triage the 2-star review`): a compound's part",
    **{
        i: "a native-script label in a chat line (`... की भावना: तटस्थ`): review / the record's label-set listing"
        for i in ("b12-0033", "b12-0045")
    },
    **{
        i: "the number only as a hex / binary literal (`.star_rating = 0b0011`, `$1 = 0x1`): radix not decoded"
        for i in ("b12-0081", "b12-0089", "b12-0091")
    },
    **{
        i: "every label ordered by score, the gold first (`candidates_by_score_desc`): read as a listing"
        for i in ("b12-0145", "b12-0149", "b12-0153", "b12-0157", "b12-0161", "b12-0165")
    },
    **{
        i: "`<Field>: see note N` and footnote N holds the label: references not followed (review, prose word)"
        for i in ("b12-0169", "b12-0173", "b12-0177", "b12-0181", "b12-0185", "b12-0189")
    },
    **{
        i: "the label as a retrieval filter's operand (`{field: {$eq: label}}`): the operator key hides the pair"
        for i in ("b12-0193", "b12-0197", "b12-0201", "b12-0205", "b12-0209", "b12-0213")
    },
    "b12-0283": "a hidden node (`<span hidden>spammy</span>`) beside the blanked badge: the task's own name word",
    **{
        i: "a log record's template `set %s=%s` and its args list: the template is not rendered (review)"
        for i in ("b12-0289", "b12-0295")
    },
    # (the six that give the leaf's code under ``subcategory_code`` are found: a qualified key name selects)
    **{
        i: "the record's subcategory is named (two words, no digit) as a leaf under one label of a taxonomy"
        " tree: a plain text selects no row"
        for i in ("b13-0267", "b13-0271", "b13-0275", "b13-0279", "b13-0283", "b13-0287")
    },
    **{
        i: "the record's log line split by another worker's line (`[id] verdict` / `=> Spam`): review, prose word"
        for i in ("b13-0339", "b13-0343", "b13-0347", "b13-0351", "b13-0355", "b13-0359")
    },
    # blind14 and blind15 (triaged when committed as development data): what lost each, per family
    **{
        i: "the label as a URL host's first label filled into a `{queue}` pattern (`https://wysoki.q.…`):"
        " a host is no value (review, prose word)"
        for i in ("b14-0005", "b14-0079", "b14-0111", "b14-0169", "b14-0323", "b14-0390")
    },
    "b14-0015": "a sha1 digest of the gold (`gold_digest`): not computed; the naive hit is `shipping` in prose",
    **{
        i: "the last glyph of a block sparkline (`▅▂▂▂█`) beside its legend (`█ High Risk`): the legend reads as"
        " a listing"
        for i in ("b14-0020", "b14-0050", "b14-0154", "b14-0200", "b14-0236", "b14-0299")
    },
    **{
        i: 'the label as the last segment of an IMAP `UID MOVE 4423 "Tri/Rechnung"` folder: review, prose word'
        for i in ("b14-0027", "b14-0085", "b14-0233", "b14-0281")
    },
    **{
        i: "an `X` in this record's row of a matrix whose columns are the labels: marks select no column, the"
        " header row reads as a listing"
        for i in ("b14-0052", "b14-0069", "b14-0071", "b14-0259", "b14-0335", "b14-0348")
    },
    **{
        i: 'a Turtle IRI (`voc:hasSize voc:c14`) and the concept\'s `skos:prefLabel "XL"` line: IRIs are not'
        " resolved; the prefLabel lines read as a table of other rows"
        for i in ("b14-0062", "b14-0160", "b14-0182", "b14-0271", "b14-0321", "b14-0389")
    },
    **{
        i: "a float32 register pair decoded as `[40021]: 3.000000e+00`: a number in exponent notation under a"
        " register address is not classified"
        for i in ("b14-0266", "b14-0294", "b14-0298", "b14-0336", "b14-0399")
    },
    **{
        i: "a float32 register pair (`4000 0000`): not decoded; the naive hit is a device name or an option (`CH-2`,"
        " `-t 4:float`)"
        for i in ("b14-0133", "b14-0149")
    },
    "b14-0375": "this record's line (`custom_id`) of a batch output in JSON Lines: its answer read as one of many",
    **{
        i: "this record's row bit set in one label's bitmap (`severity=Sev2: 0101…`, the row from a row-id map):"
        " bits are not read; the bitmap keys read as a listing"
        for i in (
            "b15-0038",
            "b15-0099",
            "b15-0116",
            "b15-0128",
            "b15-0129",
            "b15-0173",
            "b15-0222",
            "b15-0240",
            "b15-0317",
            "b15-0434",
            "b15-0440",
        )
    },
    **{
        i: "the badge's inline `background-position` equals one label class's sprite offset: a declaration selects"
        " no rule (a listing)"
        for i in ("b15-0047", "b15-0204", "b15-0233", "b15-0344")
    },
    **{
        i: "a FourCC packed in a uint32 (`1313163040` = `NEG `): not unpacked; the codes.h table reads as a listing"
        for i in ("b15-0194", "b15-0221", "b15-0241", "b15-0320", "b15-0353", "b15-0421")
    },
    **{
        i: 'a Private Use glyph in the cell equal to one label class\'s `content:"\\e901"`: the glyph selects no'
        " rule; the stylesheet reads as a table of other rows"
        for i in ("b15-0018", "b15-0256", "b15-0325", "b15-0406", "b15-0441")
    },
    **{
        i: "`one notch more urgent than SUP-8032 … So P1.`: the concluding one-word sentence is a prose word (review)"
        for i in ("b15-0024", "b15-0042", "b15-0215", "b15-0232", "b15-0351")
    },
    "b15-0200": "seven-segment bytes (`0x66` = 4): not decoded; the naive hit is a firmware version (`fw=3.2.4`)",
    **{
        i: "tally strokes glossed `(= 1)` at a line's end: a bracketed number after strokes is a prose word (review)"
        for i in ("b15-0005", "b15-0306")
    },
}
"""Leaks of the development batches that the naive scan finds and the audit does not, with why."""

TRIAGED = tuple(f"blind{n}" for n in range(1, 16))
"""The batches whose exceptions above are read and explained; a batch committed later joins once its
misses are triaged."""


def _naive_leaks() -> list[tuple[str, dict[str, Any]]]:
    """``(id, item)`` of every leak item of the development batches that the naive scan flags."""
    out: list[tuple[str, dict[str, Any]]] = []
    for items in sorted(BATCHES / name / "items.jsonl" for name in TRIAGED):
        for line in items.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            raw = json.loads(line)
            item = {k: v for k, v in raw.items() if k != "truth"}
            item.setdefault("correlated_values", [])
            flagged = reference_leaks(
                {
                    "projection": item["projection"],
                    "expected": str(item["expected"]),
                    "correlated_values": [str(v) for v in item["correlated_values"]],
                }
            )
            if raw["truth"]["leak"] and flagged:
                out.append((str(item["id"]), item))
    return out


@pytest.fixture(scope="module")
def naive_leaks() -> list[tuple[str, dict[str, Any]]]:
    """The naive scan's leaks, read once for the tests below."""
    return _naive_leaks()


@pytest.mark.timeout(600)  # a hang guard: the naive scan and the audit of ~1,400 items, ~60 s of CPU on a quiet core
def test_every_leak_the_naive_scan_finds_on_the_dev_batches_is_found_or_listed(
    naive_leaks: list[tuple[str, dict[str, Any]]],
) -> None:
    assert len(naive_leaks) > 1400  # fifteen batches, 1,419 such leaks with blind15: nothing passes vacuously
    lost = [i for i, item in naive_leaks if i not in KNOWN and not audit_item(item).leaked]
    assert not lost, f"leaks the naive scan finds and the audit now clears (a new suppression?): {lost}"


def test_a_listed_exception_found_again_leaves_the_list(naive_leaks: list[tuple[str, dict[str, Any]]]) -> None:
    ids = {i for i, _item in naive_leaks}
    assert set(KNOWN) <= ids, f"not a naive-scan leak of the batches: {sorted(set(KNOWN) - ids)}"
    found = [i for i, item in naive_leaks if i in KNOWN and audit_item(item).leaked]
    assert not found, f"now found: remove from KNOWN {found}"
