"""The canonical pipeline finds every leak the naive whole-token scan finds (the reference rule of
benchmarks/leak_heldout.py: the answer or a correlated value as a whole token, any case, in any string
or key), on every case of the held-out benchmark: as a match in each string, and as a leaking item."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from benchmarks import leak_heldout

from windtunnel.leakage import audit_item
from windtunnel.leakage.needles import NeedleSet


def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v)
    elif node is not None and not isinstance(node, bool):
        yield str(node)


def _naive(needle: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)" + r"\s+".join(map(re.escape, needle.casefold().split())) + r"(?!\w)")


_PART_OF_A_NUMBER = re.compile(r"\d[.,]$|^[.,]\d")


def _whole_token(s: str, m: re.Match[str]) -> bool:
    """A naive match that is not part of a longer number (``4`` in ``4.0.1`` is not the rating 4: the
    one place the pipeline's tokens are deliberately narrower than ``\\w`` boundaries)."""
    return not (
        _PART_OF_A_NUMBER.search(s[max(0, m.start() - 2) : m.start()])
        or _PART_OF_A_NUMBER.search(s[m.end() : m.end() + 2])
    )


@pytest.fixture(scope="module")
def benchmark_cases() -> list[leak_heldout.Case]:
    """Every case of the held-out benchmark, generated once for the tests below (which only read them)."""
    return list(leak_heldout.cases())


SPLITS = [
    pytest.param("dev"),
    pytest.param("heldout", marks=pytest.mark.slow),
    pytest.param("fresh", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("split", SPLITS)
def test_every_string_the_naive_scan_matches_is_matched_by_the_pipeline(
    split: str, benchmark_cases: list[leak_heldout.Case]
) -> None:
    missed: list[tuple[str, str]] = []
    checked = 0
    for case in benchmark_cases:
        if case.split != split or not case.leak:
            continue
        item = case.item
        values = [item["expected"], *item["correlated_values"]]
        ns = NeedleSet.build([item["expected"]], item["correlated_values"])
        pats = [_naive(v) for v in values]
        for s in _strings(item["projection"]):
            folded = s.casefold()
            if any(_whole_token(folded, m) for p in pats for m in p.finditer(folded)):
                checked += 1
                if not ns.search(s):
                    missed.append((item["id"], s[:120]))
    assert checked > 1000
    assert not missed, missed[:5]


@pytest.mark.parametrize("split", SPLITS)
def test_every_leak_the_naive_scan_finds_is_a_leak_of_the_audit(
    split: str, benchmark_cases: list[leak_heldout.Case]
) -> None:
    missed: list[str] = []
    found = 0
    for case in benchmark_cases:
        if case.split == split and case.leak and leak_heldout.reference_leaks(case.item):
            found += 1
            if not audit_item(case.item).leaked:
                missed.append(f"{case.split} {case.family} {case.item['id']}")
    assert found > 1000
    assert not missed, missed[:5]
