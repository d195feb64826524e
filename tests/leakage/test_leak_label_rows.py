"""Principle 6 for a text table of one row per label (leakage/label_rows.py): a column holding 1 in one row and
0 in every other sets that row's label apart; a table whose columns set no row, or different rows, says nothing."""

from __future__ import annotations

from windtunnel.leakage import audit_item
from windtunnel.leakage.label_rows import may_tabulate

LMH = ["Low", "Medium", "High"]
HEAD = "          precision    recall  f1-score   support\n\n"


def _leaks(stdout: str, expected: str) -> bool:
    rec = {"id": "r", "expected": expected, "label_set": LMH, "projection": {"run": {"stdout": stdout}}}
    fast = audit_item(rec)
    assert fast.findings == audit_item(rec, prefilter=False).findings
    return fast.leaked


def test_a_column_setting_one_row_alone_names_its_label() -> None:
    report = HEAD + "  Low   0.00  0.00  0.00  0\n  Medium  0.00  0.00  0.00  1\n  High  0.00  0.00  0.00  0\n"
    assert _leaks(report, "Medium") and not _leaks(report, "High")
    enum = HEAD + "  PRIO_LOW 0 0\n  PRIO_MEDIUM 0 0\n  PRIO_HIGH 1.00 1\n\n accuracy 1.00 1\n"
    assert _leaks(enum, "High")


def test_a_table_setting_no_row_or_different_rows_says_nothing() -> None:
    counts = "Low 3 0\nMedium 5 1\nHigh 2 0\n"  # a column of counts sets no row alone
    assert _leaks(counts, "Medium")  # the second column does
    assert not _leaks("Low 3 1\nMedium 5 0\nHigh 2 0\nLow 1 0\n", "Low")  # a label twice: no table of one row each
    assert not _leaks("Low 1 0\nMedium 0 1\nHigh 0 0\n", "Medium")  # two columns pick different rows
    assert not _leaks("Low 0\nMedium 0\nHigh 0\n", "Medium")
    assert may_tabulate(b'{"s": "Low 0\\nHigh 1"}') and not may_tabulate(b'{"s": "Low"}')


def test_rows_of_a_numeric_scale() -> None:
    report = HEAD + "  1  0.00  0\n  2  0.00  0\n  3  1.00  1\n"
    rec = {"id": "r", "expected": "3", "label_set": ["1", "2", "3"], "projection": {"run": {"stdout": report}}}
    assert audit_item(rec).leaked
    assert not audit_item({**rec, "expected": "2"}).leaked
