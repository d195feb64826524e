"""Mining correlated values from a labelled dataset: (pointer, value) pairs that predict the label.

A value is suspicious when items holding it at the same place almost always share one label
(*purity*) and there are enough of them (*support*): ``sla: P1`` next to every ``High`` ticket, a
priority URL ``…/priority/3``, an icon ``high.svg``. Suggestions are for review: the user decides
which become ``correlated_values`` (``leak mine -o map.json`` then ``leak scan --correlated-map``).
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from windtunnel.leakage.formats import is_url
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.scan import escape_pointer_token
from windtunnel.leakage.text import normalize_needle

_MAX_VALUE_LEN = 120
_MAX_WORDS = 6


@dataclass
class Suggestion:
    """A (pointer, value) pair whose items mostly share one label."""

    pointer: str
    """Pointer template (list indices as ``*``)."""
    value: str
    label: str
    purity: float
    support: int
    base_rate: float
    """Share of the label in the whole dataset: purity far above it is what makes the value telling."""
    kind: str
    """``value`` (a whole value) or ``url-segment`` (``priority/3`` inside a URL)."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _leaves(node: Any, pointer: str) -> Iterable[tuple[str, str]]:
    if isinstance(node, Mapping):
        for k, v in node.items():
            yield from _leaves(v, f"{pointer}/{escape_pointer_token(str(k))}")
    elif isinstance(node, list):
        for v in node:
            yield from _leaves(v, f"{pointer}/*")
    elif isinstance(node, bool):
        yield pointer, "true" if node else "false"
    elif isinstance(node, (int, float)):
        yield pointer, str(node)
    elif isinstance(node, str):
        s = node.strip()
        if not s or len(s) > _MAX_VALUE_LEN * 4:
            return
        if is_url(s):
            segs = [p for p in re.split(r"[/?#&=]", s.split("://", 1)[-1]) if p][1:]
            for a, b in itertools.pairwise(segs):
                yield pointer + "#url", f"{a}/{b}"
        if len(s) <= _MAX_VALUE_LEN and len(s.split()) <= _MAX_WORDS:
            yield pointer, s


def mine_correlates(
    items: Iterable[LeakItem],
    *,
    min_support: int = 5,
    min_purity: float = 0.95,
    max_pairs: int = 2_000_000,
) -> list[Suggestion]:
    """Suggestions sorted by purity then support; values equal to a label are left out (direct).

    Memory is bounded by ``max_pairs``: when more distinct pairs are held, pairs seen only once so far
    (ids, timestamps) are dropped, which can only lose values whose support is tiny anyway.
    """
    pair_labels: dict[tuple[str, str], Counter[str]] = {}
    label_counts: Counter[str] = Counter()
    label_norms: set[str] = set()
    total = 0
    for it in items:
        if not it.expected:
            continue
        label = it.expected[0]
        total += 1
        label_counts[label] += 1
        label_norms.add(normalize_needle(label))
        seen: set[tuple[str, str]] = set()
        for pair in _leaves(it.projection, ""):
            if pair in seen:
                continue
            seen.add(pair)
            pair_labels.setdefault(pair, Counter())[label] += 1
        if len(pair_labels) > max_pairs:
            pair_labels = {k: c for k, c in pair_labels.items() if c.total() > 1}
    out: list[Suggestion] = []
    for (pointer, value), counts in pair_labels.items():
        support = sum(counts.values())
        if support < min_support or normalize_needle(value) in label_norms:
            continue
        label, top = counts.most_common(1)[0]
        purity = top / support
        base = label_counts[label] / total
        if purity < min_purity or purity <= base:
            continue
        kind = "url-segment" if pointer.endswith("#url") else "value"
        out.append(Suggestion(pointer.removesuffix("#url"), value, label, purity, support, base, kind))
    out.sort(key=lambda s: (-s.purity, -s.support, s.pointer, s.value))
    return out


def correlated_map(suggestions: Iterable[Suggestion]) -> dict[str, list[str]]:
    """Label → suggested values, the file format of ``leak scan --correlated-map``."""
    out: dict[str, list[str]] = {}
    for s in suggestions:
        values = out.setdefault(s.label, [])
        if s.value not in values:
            values.append(s.value)
    return out
