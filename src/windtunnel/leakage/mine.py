"""Mining a labelled dataset for what predicts the label: evidence that no rule names.

A value rides with the answer when the items holding it almost always share one label: ``sla: P1``
next to every ``High`` ticket, a ``★`` badge, a code ``H7`` in the title, a translated label, an icon
``high.svg``. Nobody has to list it: over the whole dataset the miner counts, for every *candidate* —
a (pointer, value) pair, a token, a word n-gram (2-3 words) of what the model reads — how many items
hold it and which labels they carry, and keeps those that are

* supported: at least ``min_support`` items hold it;
* pure: at least ``min_purity`` of them share one label (far above that label's share of the data);
* significant: a one-sided Fisher exact test of "holding it" against "having that label", multiplied
  by the number of labels (any label may be the one), and corrected for the number of candidates
  tested (Benjamini-Hochberg by default, Bonferroni on request). Candidates below the support floor
  are not tested (their total count says nothing about the label, so leaving them out keeps the
  correction valid); candidates held by exactly the same items are one test.

What the task should be derived from is not mined: prose (a string of more than ``PROSE_WORDS``
words) and the fields named in ``derive_from``. The words of the content predict the label
legitimately; a value beside them that does so is a shortcut.

Suggestions are evidence for review: ``leak mine -o map.json`` writes them as a correlated map for
``--correlated-map``; ``leak scan --mine`` reports them on the items that hold them
(:func:`mined_findings`).

Why a test and not a threshold on purity alone: over thousands of candidates, some value will be
held by five items of one label by chance (a requester's name, a timestamp's minute). Fisher's exact
test is exact at the small counts where that happens (no normal approximation), and the correction
for the number of candidates tested keeps the expected share of chance suggestions at ``alpha``
(Benjamini-Hochberg) or the chance of any at ``alpha`` (Bonferroni). Purity and support are floors on
top, so a significant but weak association (a value 70 % of whose items are ``High``) is not offered
as a correlated value, which would then count as a leak on every item holding it.

The pass is a single stream over the items with bounded memory (``max_candidates``); the counts and
the candidate set of each item are all that is kept, never the items themselves. The miner does not
look at the scan's findings: it finds what rides with a label whether or not a rule names it, and
values equal to a label are left to the scan.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any, Literal

from windtunnel._util.stats import adjust_p, fisher_greater
from windtunnel.leakage.formats import is_url
from windtunnel.leakage.model import Finding, LeakItem
from windtunnel.leakage.scan import escape_pointer_token
from windtunnel.leakage.text import normalize_needle

Kind = Literal["value", "url-segment", "token", "ngram"]
Correction = Literal["bh", "bonferroni"]

PROSE_WORDS = 6
"""A string of more than this many words is prose: the content the task is derived from."""
_MAX_VALUE_LEN = 120
_MAX_NGRAM = 3
_KIND_RANK = {"value": 0, "url-segment": 1, "token": 2, "ngram": 3}
_TOKEN = re.compile(r"\w+|[^\w\s]")
_MASK = (1 << 64) - 1
_MIXED = re.compile(r"(?=\w*[^\W\d_])(?=\w*\d)\w+")
"""A token holding letters and digits (a code)."""
_RUNS = re.compile(r"[^\W\d_]+")
_MAX_PART_TOKEN = 24


@dataclass
class Suggestion:
    """A candidate whose items mostly share one label, with the test behind it.

    ``label`` is in clear: a suggestion is evidence for a person to review (and the map ``leak mine -o``
    writes), not a report line. ``purity`` is the share of the ``support`` items that carry ``label``.
    """

    pointer: str
    """Pointer template (list indices as ``*``); empty for a token or n-gram (anywhere)."""
    value: str
    label: str
    purity: float
    support: int
    base_rate: float
    """Share of the label in the whole dataset: purity far above it is what makes the value telling."""
    kind: str
    """``value`` (a whole value), ``url-segment`` (``priority/3`` in a URL), ``token`` or ``ngram``."""
    p_value: float = 1.0
    """One-sided Fisher exact p, times the number of labels."""
    q_value: float = 1.0
    """``p_value`` corrected for the number of candidates tested."""
    also: list[str] = field(default_factory=list)
    """Other candidates held by exactly the same items (one test): ``Q2`` in a title beside a ``★``."""

    def to_dict(self) -> dict[str, Any]:
        """Every field, as ``leak mine`` writes a suggestion (in clear: the scan report keeps only counts)."""
        return asdict(self)


@dataclass
class MineResult:
    """What was mined and how: the counts a reader needs to trust (or doubt) the suggestions.

    ``tested`` against ``candidates`` says how hard the correction worked; no suggestions with many
    candidates tested is a result (nothing rides with a label), not a failure.
    """

    items: int
    labels: dict[str, int]
    candidates: int
    """Distinct candidates seen."""
    tested: int
    """Candidates tested: supported, not a label, one per set of items."""
    alpha: float
    correction: str
    min_support: int
    min_purity: float
    suggestions: list[Suggestion] = field(default_factory=list)
    derive_from: list[str] = field(default_factory=list)
    members: dict[tuple[str, str, str], list[tuple[str, str, str]]] = field(default_factory=dict, repr=False)
    """Per suggestion ``(kind, pointer, value)``: every candidate held by the same items."""

    def to_dict(self) -> dict[str, Any]:
        """The result as ``leak mine`` prints it: every count and suggestion, without ``members``
        (an internal index for :func:`mined_findings`)."""
        out = {k: v for k, v in asdict(self).items() if k != "members"}
        out["suggestions"] = [s.to_dict() for s in self.suggestions]
        return out

    def describe(self) -> str:
        """One line: how many items and candidates the test had, and what it found.

        Printed by ``leak mine`` and stored in the scan summary, so a reader sees the test's size and
        settings beside its result (a value, a label or a count of a label never appears in it).
        """
        fix = {"bh": "Benjamini-Hochberg", "bonferroni": "Bonferroni"}.get(self.correction, self.correction)
        return (
            f"{len(self.suggestions)} mined from {self.items} items ({len(self.labels)} labels): "
            f"{self.tested} candidates tested of {self.candidates} seen (support >= {self.min_support}), "
            f"one-sided Fisher exact, {fix} at {self.alpha}, purity >= {self.min_purity}"
        )


# ---------------------------------------------------------------- candidates


@lru_cache(maxsize=4096)
def _general(pointer: str) -> str:
    """``pointer`` with list indices as ``*``: the same field of every element counts as one place."""
    return "/".join("*" if t.isdigit() else t for t in pointer.split("/"))


def _excluded(pointer: str, derive_from: Sequence[str]) -> bool:
    """``pointer`` is at or under a field named in ``derive_from`` (a pointer, a template with ``*``,
    or a bare key name matched anywhere)."""
    general = _general(pointer)
    parts = pointer.split("/")
    for d in derive_from:
        if d.startswith("/"):
            if pointer == d or pointer.startswith(d + "/") or general == d or general.startswith(d + "/"):
                return True
        elif escape_pointer_token(d) in parts:
            return True
    return False


def _tokens(text: str) -> list[tuple[str, int, int]]:
    """``(case-folded token, start, end)`` of the words and symbols of ``text``; ASCII punctuation is left
    out (structure), a non-ASCII symbol is kept (``★``, ``🔴`` can ride with a label)."""
    out = []
    for m in _TOKEN.finditer(text):
        tok = m.group(0)
        if len(tok) == 1 and not tok.isalnum() and tok.isascii():
            continue  # ASCII punctuation: structure, not content
        out.append((tok.casefold(), m.start(), m.end()))
    return out


Where = tuple[str, tuple[int, int] | None]
"""A concrete pointer and the span of the candidate in the string there (None: the whole value)."""


def candidates(projection: Any, derive_from: Sequence[str] = ()) -> dict[tuple[str, str, str], Where]:
    """The candidates of one projection, ``(kind, pointer template, text)`` → where it is first seen.

    Kinds: ``value`` (a whole scalar, non-strings by their JSON text), ``url-segment``, ``token`` and
    ``ngram`` (2-3 words) of strings of at most ``PROSE_WORDS`` words; prose and the fields under
    ``derive_from`` give none. The template writes list indices as ``*`` so a value at
    ``/comments/3/author`` counts with the same value at ``/comments/0/author``. Each candidate is
    counted once per item however often it occurs (the test counts items, not occurrences). Shared
    with :mod:`.simulate`'s ``blind`` agent and :func:`.dataset.to_item` (pointer-bound correlated values).
    """
    out: dict[tuple[str, str, str], Where] = {}
    for pointer, value in _leaves(projection, ""):
        if derive_from and _excluded(pointer, derive_from):
            continue
        template = _general(pointer)
        if not isinstance(value, str):
            out.setdefault(("value", template, value[0]), (pointer, None))
            continue
        for key, span in _string_candidates(template, value):
            if key not in out:
                out[key] = (pointer, span)
    return out


@lru_cache(maxsize=65536)
def _string_candidates(template: str, value: str) -> tuple[tuple[tuple[str, str, str], tuple[int, int] | None], ...]:
    """The candidates of one string at ``template`` (memoised: statuses, names and codes repeat)."""
    s = value.strip()
    if not s or len(s.split()) > PROSE_WORDS:
        return ()
    out: list[tuple[tuple[str, str, str], tuple[int, int] | None]] = []
    if len(s) <= _MAX_VALUE_LEN:
        out.append((("value", template, s), None))
    if is_url(s):
        segs = [p for p in re.split(r"[/?#&=]", s.split("://", 1)[-1]) if p][1:]
        out.extend((("url-segment", template, f"{a}/{b}"), None) for a, b in itertools.pairwise(segs))
        return tuple(out)
    toks = _tokens(value)
    for tok, a, _b in toks:
        # An identifier's parts: the letter and digit runs of a code (`h123` → `h`, `123`), where a label's
        # initial or number can ride (`Q-H123` for High) while the whole code is unique to its item.
        if len(tok) <= _MAX_PART_TOKEN and _MIXED.fullmatch(tok):
            out.extend((("token", "", m.group()), (a + m.start(), a + m.end())) for m in _RUNS.finditer(tok))
    for n in range(1, _MAX_NGRAM + 1):
        for i in range(len(toks) - n + 1):
            gram = toks[i : i + n]
            if n > 1 and not all(t[0][0].isalnum() for t in gram):
                continue
            text = " ".join(t[0] for t in gram)
            out.append((("token" if n == 1 else "ngram", "", text), (gram[0][1], gram[-1][2])))
    return tuple(out)


def _leaves(node: Any, pointer: str) -> Iterator[tuple[str, Any]]:
    """``(pointer, value)`` of every scalar in document order; a non-string scalar comes as a 1-tuple of
    its text. Iterative, so an item nested deeper than Python's recursion limit is walked too."""
    stack: list[tuple[str, Any]] = [(pointer, node)]
    while stack:
        ptr, value = stack.pop()
        if isinstance(value, Mapping):
            stack.extend((f"{ptr}/{escape_pointer_token(str(k))}", v) for k, v in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend((f"{ptr}/{i}", v) for i, v in reversed(list(enumerate(value))))
        elif isinstance(value, bool):
            yield ptr, ("true" if value else "false",)
        elif isinstance(value, (int, float)):
            yield ptr, (str(value),)
        elif isinstance(value, str):
            yield ptr, value


def _spread(i: int) -> int:
    """A 64-bit mix of an item's index (splitmix64): summed, it fingerprints a set of items."""
    z = (i + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


# ---------------------------------------------------------------- mining


def mine(
    items: Iterable[LeakItem],
    *,
    min_support: int = 5,
    min_purity: float = 0.95,
    alpha: float = 0.01,
    correction: Correction = "bh",
    derive_from: Sequence[str] = (),
    max_candidates: int = 2_000_000,
) -> MineResult:
    """Mine ``items`` for candidates that predict the label (see the module docstring).

    An item's label is its first expected answer; items are read once (a stream is fine). Not tested:
    candidates below ``min_support``, held by every item (they cannot separate labels), or equal to a
    label after normalisation (the scan already finds those). Candidates held by the same set of items
    are grouped by a fingerprint of that set (a sum of per-item 64-bit mixes, and the support) and
    tested once, with the shortest, most specific member as the suggestion. Returns every count with the
    suggestions so a reader can judge them; a dataset with nothing telling gives an empty list, not an error.

    Memory is bounded by ``max_candidates``: when more distinct candidates are held, those seen once so
    far are dropped (ids, timestamps), which can only lose candidates far below any support floor.
    """
    counts: dict[tuple[str, str, str], dict[str, int]] = {}
    prints: dict[tuple[str, str, str], int] = {}
    label_counts: Counter[str] = Counter()
    for index, it in enumerate(items):
        if not it.expected:
            continue
        label = it.expected[0]
        label_counts[label] += 1
        mark = _spread(index)
        for key in candidates(it.projection, derive_from):
            c = counts.get(key)
            if c is None:
                counts[key] = {label: 1}
                prints[key] = mark
            else:
                c[label] = c.get(label, 0) + 1
                prints[key] = (prints[key] + mark) & _MASK
        if len(counts) > max_candidates:
            counts = {k: c for k, c in counts.items() if sum(c.values()) > 1}
            prints = {k: prints[k] for k in counts}
    total = sum(label_counts.values())
    norms = {normalize_needle(lab) for lab in label_counts}
    groups: dict[tuple[int, int], list[tuple[str, str, str]]] = {}
    for key, c in counts.items():
        support = sum(c.values())
        if support < min_support or support >= total or normalize_needle(key[2]) in norms:
            continue
        groups.setdefault((prints[key], support), []).append(key)
    tests: list[tuple[tuple[str, str, str], str, int, int, float]] = []
    members: dict[tuple[str, str, str], list[tuple[str, str, str]]] = {}
    for keys in groups.values():
        key = min(keys, key=lambda k: (_KIND_RANK[k[0]], len(k[2]), k))
        members[key] = keys
        c = counts[key]
        label, top = max(sorted(c.items()), key=lambda kv: kv[1])
        support = sum(c.values())
        p = fisher_greater(top, support, label_counts[label], total) * len(label_counts)
        tests.append((key, label, top, support, min(1.0, p)))
    adjusted = adjust_p([t[4] for t in tests], correction)
    found: list[tuple[Suggestion, list[tuple[str, str, str]]]] = []
    for (key, label, top, support, p), q in zip(tests, adjusted, strict=True):
        purity = top / support
        base = label_counts[label] / total
        if q > alpha or purity < min_purity or purity <= base:
            continue
        kind, pointer, text = key
        also = _distinct([text, *(k[2] for k in members[key])])[1:]
        found.append((Suggestion(pointer, text, label, purity, support, base, kind, p, q, also), members[key]))
    # An n-gram made of a word that is itself found for the same label adds nothing ('q2 stuck' beside 'q2').
    words = {(sug.label, k[2]) for sug, keys in found for k in keys if k[0] != "ngram"}
    out = [
        sug for sug, _ in found if sug.kind != "ngram" or not any((sug.label, w) in words for w in sug.value.split())
    ]
    out.sort(key=lambda s: (-s.purity, s.q_value, -s.support, s.pointer, s.value))
    return MineResult(
        items=total,
        labels=dict(sorted(label_counts.items())),
        candidates=len(counts),
        tested=len(tests),
        alpha=alpha,
        correction=correction,
        min_support=min_support,
        min_purity=min_purity,
        suggestions=out,
        derive_from=list(derive_from),
        members={(sug.kind, sug.pointer, sug.value): keys for sug, keys in found},
    )


def mine_correlates(
    items: Iterable[LeakItem],
    *,
    min_support: int = 5,
    min_purity: float = 0.95,
    alpha: float = 0.01,
    max_pairs: int = 2_000_000,
) -> list[Suggestion]:
    """The suggestions of :func:`mine` with its default correction (Benjamini-Hochberg), sorted by purity
    then significance; a short form for library callers that need no counts."""
    return mine(
        items, min_support=min_support, min_purity=min_purity, alpha=alpha, max_candidates=max_pairs
    ).suggestions


Key = tuple[str, str, str]
"""A candidate: ``(kind, pointer template, text)``."""
MapEntry = str | dict[str, str]
"""One value of a correlated map: a string (matched anywhere in an item of the label) or ``{"pointer", "value"}``
(a whole value mined at that pointer template, list indices as ``*``: it counts only on items holding it there)."""


def correlated_map(
    suggestions: Iterable[Suggestion],
    members: Mapping[tuple[str, str, str], Sequence[tuple[str, str, str]]] | None = None,
) -> dict[str, list[MapEntry]]:
    """Label → suggested values, the file format of ``leak scan --correlated-map``.

    A whole value mined at a pointer keeps it, ``{"pointer": "/fields/priority/id", "value": "1"}``: a bare ``1`` is
    telling at that pointer only, and searched for in every item of the label it would be a guess. With ``members``
    (:attr:`MineResult.members`) the candidates held by the same items keep their pointers too; without, they are
    written as seen (``also``). A token or n-gram is written as it was seen (case-folded): the scan matches whole
    tokens in any case; one that is the text of a value kept with its pointer (the token ``1`` of that ``1``, held by
    the same items) is left out.
    """
    out: dict[str, list[MapEntry]] = {}
    for s in suggestions:
        own = (s.kind, s.pointer, s.value)
        keys = (members or {}).get(own) or [own, *(("", "", a) for a in s.also)]
        scoped = {normalize_needle(v) for kind, p, v in keys if kind == "value" and p}
        entries = out.setdefault(s.label, [])
        for kind, p, v in keys:  # a token that is a scoped value's own text is that value, held by the same items
            if kind == "value" and p:
                entries.append({"pointer": p, "value": v})
            elif normalize_needle(v) not in scoped:
                entries.append(v)
    return {label: _distinct_entries(entries) for label, entries in out.items()}


def _distinct_entries(entries: Iterable[MapEntry]) -> list[MapEntry]:
    """``entries`` without repeats: ``P1`` and ``p1`` are one (the scan matches in any case), at one pointer."""
    seen: set[tuple[str, str]] = set()
    out = []
    for v in entries:
        n = (v["pointer"], normalize_needle(v["value"])) if isinstance(v, dict) else ("", normalize_needle(v))
        if n not in seen:
            seen.add(n)
            out.append(v)
    return out


def _distinct(values: Iterable[str]) -> list[str]:
    """``values`` without repeats, ``P1`` and ``p1`` being one (the scan matches in any case)."""
    seen: set[str] = set()
    out = []
    for v in values:
        n = normalize_needle(v)
        if n not in seen:
            seen.add(n)
            out.append(v)
    return out


def mined_findings(
    items: Iterable[LeakItem], result: MineResult, *, derive_from: Sequence[str] = ()
) -> Iterator[tuple[str, list[Finding]]]:
    """``(item id, findings)`` for every item holding a mined candidate of its own label.

    A finding is ``correlated`` / ``correlated.mined`` at ``medium`` severity (the item leaks): the
    candidate rides with this item's answer across the dataset. Its ``value`` is the candidate (hashed
    in reports: the one this item holds, which may be another of the same items' candidates than the
    suggestion's own); its ``detail`` gives purity, support and q, never the value or the label.
    """
    by_key = {(s.kind, s.pointer, s.value): s for s in result.suggestions}
    for s in result.suggestions:  # the candidates held by the same items are found the same way
        for k in result.members.get((s.kind, s.pointer, s.value), []):
            by_key.setdefault(k, s)
    if not by_key:
        return
    fix = {"bh": "BH", "bonferroni": "Bonferroni"}.get(result.correction, result.correction)
    for it in items:
        if not it.expected:
            continue
        found: list[Finding] = []
        for key, (pointer, span) in candidates(it.projection, derive_from).items():
            sug = by_key.get(key)
            if sug is None or sug.label != it.expected[0]:
                continue
            found.append(
                Finding(
                    item=it.id,
                    channel="correlated",
                    severity="medium",
                    pointer=pointer,
                    representation="mined",
                    span=span,
                    view="raw",
                    rule="correlated.mined",
                    detail=(
                        f"a {sug.kind} no rule names that rides with this item's label: {sug.purity:.0%} of the "
                        f"{sug.support} items holding it share that label (base rate {sug.base_rate:.0%}; "
                        f"Fisher p = {sug.p_value:.2g}, {fix} q = {sug.q_value:.2g} over {result.tested} candidates)"
                    ),
                    value=key[2],
                )
            )
        whole = {f.pointer for f in found if f.span is None}
        found = [f for f in found if f.span is None or f.pointer not in whole]
        if found:
            yield it.id, found
