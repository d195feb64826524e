"""A correlated value written with its own delimiters (a sigil or a closing mark: ``$tag7``, ``#0B5FFF``,
``fix:``) says what it is wherever it stands as whole tokens, as a code of the answer written with its
delimiters does. A bare correlated code the user supplied (``P2``, ``NonJunk``) is a leak too where it
stands as a whole token, unless the text says it is something else: a legend or a gloss defines it, or a
noun before it names what it designates (``level P2``)."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.needles import delimited_code

LABELS = ["Low", "Medium", "High"]


def _audit(projection: Any, correlated: list[str]) -> tuple[bool, list[tuple[str, str]]]:
    item = {"id": "c", "expected": "High", "label_set": LABELS, "correlated_values": correlated}
    item["projection"] = projection
    fast, ref = audit_item(item), audit_item(item, prefilter=False)
    assert fast.findings == ref.findings
    return fast.leaked, [(f.rule, f.severity) for f in fast.findings]


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("$tag7", "OK STORE 4411 +FLAGS.SILENT ($tag7)\r\n"),  # an invented client keyword on a message
        ("#0B5FFF", "row 17 painted #0B5FFF by the sheet's rule at 09:12"),
        ("ops::", "ops:: rotate the signing key on RQ-18"),
    ],
)
def test_a_delimited_correlated_code_is_a_leak_wherever_it_stands(value: str, text: str) -> None:
    leaked, found = _audit({"log": text}, [value])
    assert leaked, found
    assert ("correlated.phrase", "medium") in found


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("NonJunk", "* 17 FETCH (UID 73341 FLAGS (\\Seen NonJunk))"),  # an atom of a list
        ("de", "LID → de 0.97"),  # a token of an output line
        ("P1", "escalation log\n- P1 09:12 pager sent"),  # a token of a log line
    ],
)
def test_a_bare_correlated_code_the_user_supplied_is_a_leak_as_a_whole_token(value: str, text: str) -> None:
    leaked, found = _audit({"log": text}, [value])
    assert leaked, found
    assert ("correlated.mention", "medium") in found, found


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("P2", "parked on level P2 near the lifts"),  # a noun names what the code designates
        ("P3", "Bring P3 (proof of address) to the desk."),  # a gloss says what it stands for
        ("P1", "legend: P1 = page one of the contract"),  # a legend defines it
        ("$tag7", "no keyword set on this message"),  # absent
        ("$tag7", "keywords: $tag5 / $tag6 / $tag7 (one per level)"),  # other text naming it among its siblings
    ],
)
def test_a_bare_correlated_code_or_one_absent_is_not_a_leak_by_itself(value: str, text: str) -> None:
    leaked, found = _audit({"log": text}, [value])
    assert not leaked, found


def test_delimited_code_reads_the_value_edges() -> None:
    assert delimited_code("$label4") and delimited_code("(B)") and delimited_code("fix(core):")
    assert delimited_code("#DE350B") and delimited_code("<130>")
    assert not delimited_code("P1") and not delimited_code("NonJunk") and not delimited_code("AG-1046")
    assert not delimited_code("🔴") and not delimited_code("!")  # glyphs are decided as glyphs
    assert not delimited_code("support+high@example.test")
