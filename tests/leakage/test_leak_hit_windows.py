"""Per hit, the scan reads a bounded neighbourhood, and skips the windows a per-string index rules out.

Counted, not timed (the counts are the same on any machine and under any load): the label spans each hit
gathers from its string (``scan._near``), the characters the URL search of
:func:`~windtunnel.leakage.formats.url_path_segment` runs over, and the characters
:mod:`~windtunnel.leakage.side_by_side` masks. On a string of thousands of label words each hit used to gather
every span within 2,000 characters to ask whether its line's lead mark sets it apart (the line had none), search
4,000 characters for a URL that no slash in the string can start, and mask 1,200 characters with no markup in
them: linear, but a large constant per hit (``tests/leakage/test_label_runs.py`` spent most of its CPU there).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest

from tests.leakage.call_count import calls_made
from windtunnel.leakage import audit_item, formats, scan, side_by_side

SHAPES = {
    "joined by slashes": "High/",
    "joined by blanks": "High ",
    "joined by underscores": "High_",
    "every label joined by dots": "Low.Medium.High.",
}


class _CountedSearch:
    """A compiled pattern whose ``finditer`` counts the characters it is asked to search."""

    def __init__(self, rx: Any, counts: dict[str, int]) -> None:
        self.rx, self.counts = rx, counts

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[Any]:
        self.counts["url"] += min(endpos, len(text)) - pos
        return self.rx.finditer(text, pos, endpos)


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    got = {"near": 0, "url": 0, "masked": 0}
    near, masked = scan._near, side_by_side._masked

    def counted_near(spans: Any, lo: int, hi: int) -> Any:
        out = near(spans, lo, hi)
        got["near"] += len(out)
        return out

    def counted_masked(text: str, spans: Any, lo: int, hi: int, va: int) -> Any:
        got["masked"] += hi - lo
        return masked(text, spans, lo, hi, va)

    monkeypatch.setattr(scan, "_near", counted_near)
    monkeypatch.setattr(side_by_side, "_masked", counted_masked)
    monkeypatch.setattr(formats, "_URL_IN_TEXT", _CountedSearch(formats._URL_IN_TEXT, got))
    return got


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_each_hit_of_a_long_run_of_label_words_reads_a_bounded_neighbourhood(
    shape: str, counts: dict[str, int]
) -> None:
    """10,000 characters of label words with no line mark, no URL and no markup: per hit, at most 300 label
    spans gathered (every span within 2,000 characters was ~850), no URL window and no masked window."""
    body = SHAPES[shape] * (10_000 // len(SHAPES[shape]))
    item = {"id": "r", "expected": "High", "label_set": ["Low", "Medium", "High"], "projection": {"body": body}}
    audit_item(item)
    hits = body.count("High")
    assert counts["near"] / hits <= 300, counts
    assert counts["url"] == 0, counts
    assert counts["masked"] == 0, counts


def test_a_url_far_from_a_hit_is_still_read_near_one() -> None:
    """The index of URL starts skips only windows with none: a label as a URL's path segment in a long text
    is read as one (``…/priority/high.png``), as before."""
    text = "High " * 3000 + " see https://x.test/priority/high.png " + "Low " * 3000
    a = text.index("high.png")
    assert formats.url_path_segment(text, a, a + 4)
    assert not formats.url_path_segment(text, 0, 4)
    assert formats.url_path_segment(text[a - 40 : a + 40], 40, 44)


def test_the_url_index_answers_as_the_search_of_every_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """On random long texts of URL-ish pieces, :func:`~windtunnel.leakage.formats.url_path_segment` with its
    index of URL starts gives, for every label word, the answer of the search of its whole window."""
    import random

    rng = random.Random(25)
    pieces = ["High", "high", "/", "://", "http", "x.test", ":", ".", " ", "-", "~", "%", "<", "png", "a", "\n", "?"]
    for _ in range(4):
        text = "".join(rng.choice(pieces) for _ in range(5000))
        assert len(text) > formats._URL_INDEXED
        spans = [(i, i + 4) for i in range(len(text)) if text.startswith(("High", "high"), i)][::3]
        indexed = [formats.url_path_segment(text, a, b) for a, b in spans]
        monkeypatch.setattr(formats, "_URL_INDEXED", len(text))
        searched = [formats.url_path_segment(text, a, b) for a, b in spans]
        monkeypatch.undo()
        assert indexed == searched
        assert any(indexed)


@pytest.mark.parametrize("unit", ["High-", "Low-Medium-High-x1-"])
def test_the_mentions_of_a_long_run_without_blanks_are_linear(unit: str) -> None:
    """The agreement evidence's mentions (:func:`~windtunnel.leakage.mentions.item_mentions`) of a run of label
    words without a blank: twice the run costs at most ~2.5 times the calls (each hit read the whole run to find
    its code's ends, a call per character: 20,000 characters of ``High-`` took ~6 minutes in ``leak scan``)."""
    from windtunnel.leakage.mentions import item_mentions
    from windtunnel.leakage.model import LeakItem

    def item(body: str) -> LeakItem:
        rec = {"id": "r", "expected": "High", "label_set": ["Low", "Medium", "High"], "projection": {"body": body}}
        return LeakItem.from_mapping(rec)

    item_mentions(item("High or Low"))  # the label set's needles, made once

    def work(n: int) -> int:
        it = item(unit * (n // len(unit)))
        return calls_made(lambda: item_mentions(it))

    small, large = work(2_000), work(4_000)
    assert large <= 2.5 * small, (small, large)


def test_the_chunk_index_answers_as_the_walk_over_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """On random long views of label words, codes, joiners and blanks, the code chunk read from the view's index
    (:func:`~windtunnel.leakage.mentions._indexed_chunk`) is the one the walk over its characters finds."""
    import random

    from windtunnel.leakage import mentions

    prepared = mentions._label_needles(("Low", "Medium", "High"), ())
    rng = random.Random(25)
    pieces = ["High", "low", "medium", "-", "/", ",", " ", "\n", "34", "x", "_", ".", "\u00a0", "Not"]
    for _ in range(30):
        view = "".join(rng.choice(pieces) for _ in range(rng.randint(900, 1500)))
        assert len(view) > mentions._CHUNKS_INDEXED
        spans = [(m.start(), m.end()) for m in prepared.mask.finditer(view)]
        spans += [(a, a + rng.randint(1, 12)) for a in rng.sample(range(len(view) - 12), 40)]
        indexed = [mentions._code_chunk(view, a, b, prepared) for a, b in spans]
        monkeypatch.setattr(mentions, "_CHUNKS_INDEXED", len(view))
        walked = [mentions._code_chunk(view, a, b, prepared) for a, b in spans]
        monkeypatch.undo()
        assert indexed == walked
        assert indexed != spans
