"""Name-value pairs written inside a text: structure another system may have added to the task's input.

The owner names a text as the task's input (``--derive-from``: a raw mail, an authorisation log), and mining trusts
it: its words predict the label legitimately (``3ds=fail`` rides with fraud, "dead on arrival" with a replacement).
But a text can carry structure written by someone other than its author: a mail header a warehouse system stamped
(``X-WMS-Disposition: XCH-ADV``), a settlement line appended to an authorisation log
(``status=SETTLED_NODISPUTE``), a trailer of a later stage. Its value is a code, not words, and it names the
outcome. This module reads the pairs of such texts — a line ``Name: value`` (a header, a YAML key) and every glued
``name=value`` (a log field, a query string) — and tests them over the dataset with a requirement much stronger
than mining's (:func:`riders`), because the task's own signal sits in the same kind of pairs:

* the value is a code, one chunk without blanks (a status, a number, an identifier): a value of several words is
  the author's text;
* near-purity (``PAIR_PURITY``): every record holding the value shares one label, and the records holding the
  name are split by its values almost perfectly (a legitimate signal shifts the odds: ``3ds=fail`` is on legitimate
  records too);
* a code field: values repeated record after record cover most of the name's records (``CODE_SHARE``), so a
  name holding ids, dates or free words, each value once, is not one;
* the usual support and a one-sided Fisher test per value, times the number of labels, corrected for the number
  of values tested (its own family).

A name meeting that is a leak (``correlated.mined-pair``, medium) when, besides, **two labels or more each have a
value of their own** under it, **the records holding it carry every label** (a later stage wrote its outcome on
records whatever it was; a scenario's fields exist for the labels that scenario leads to), and **the pair sits in
one unit of several**: most records holding it hold structure on another line of the text too (a header among
headers, a settlement line among authorisation lines). A text that is one structured record (a single event line) is
the content itself, whatever its fields predict. Such a name's rarer values (held by fewer records than the support
floor, all of one label: the code of a rarer outcome) are read in its light (:func:`_rarer`). A name with values of
two labels or more whose records never carry some label is for review (low): a scenario's fields look the same. A
value that marks one label only is not reported: a scenario's field (``total=3`` in the diffs of approved changes)
looks exactly like it. A name the owner lists in ``--derive-from`` (a key inside the text, ``loss_type``) is input,
never tested.

Which texts: those mining does not read as values (:func:`~windtunnel.leakage.candidates.pair_texts`) — the named
input's strings, and prose (more than ``PROSE_WORDS`` words), which mining reads not at all without ``--derive-from``
and only as words for review with it (a claim file rendered as one YAML text, whose input keys the owner names:
a letter code under another key of the same text is a leak on this evidence). Every finding points at the value's
characters in the original string, so the sanitizer cuts the code and leaves the text around it. The pairs are read
as written (no decoded view): a header or a log line is plain text.
"""

from __future__ import annotations

import re
from array import array
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any

from windtunnel._util.stats import adjust_p, fisher_greater

PAIR_PURITY = 0.98
"""The share of a value's records that must share one label, and of a name's records its values must explain."""
CODE_SHARE = 0.8
"""The share of a name's records holding one of its repeated (tested) values: a code field, not ids or words."""
REPEATED = 3
"""Records a value of a name must be held by to count as repeated (a code's value) in ``CODE_SHARE``, whether or not
it reaches the support floor: in a small dataset a code field's values each sit on a handful of records."""
SEVERAL_UNITS = 0.5
"""The share of a name's records whose text holds structure on another line than the pair's."""
_MAX_TEXT = 65536
"""Only the first characters of a longer text are read for pairs (the scan's other bounds are per string too)."""

_LINE = re.compile(
    r"^[ \t]*(?P<name>[^\W\d][\w.-]{0,40}(?:[ \t][\w.-]{1,20}){0,2})[ \t]*:[ \t]+(?P<value>\S[^\n]{0,119})$"
)
"""A line ``Name: value`` (a header, a YAML key, ``Next action: archive``); its value is the rest of the line."""
_GLUED = re.compile(
    r"(?<![\w.:=/-])(?P<name>[^\W\d][\w.-]{0,40})=(?P<value>\"[^\"\n]{0,80}\"|[^\s&;,|\"'=<>(){}\[\]]+)"
)
"""A glued ``name=value`` (a log field, a query parameter); a quoted value may hold blanks."""
_EMPTY = re.compile(r"^[ \t]*(?P<name>[^\W\d][\w.-]{0,40})[ \t]*:$")
"""A header whose value is folded onto the next line (which starts with a blank)."""
_FOLDED = re.compile(r"[ \t]+(?!-[ \t])\S")
"""A continuation line: blanks, then not a YAML list item (``- x``)."""
_JSON_PAIR = re.compile(
    r"(?P<q>\\*\")(?P<name>[^\W\d][\w.-]{0,40})(?P=q)[ \t]*:[ \t]*"
    r"(?:(?P=q)(?P<text>[^\"\n]{1,120}?)(?P=q)|(?P<scalar>-?\d[\w.+-]{0,30}|true|false))"
)
"""A member of JSON written inside a text, ``"name": "value"`` or ``"name": 6``, its quotes maybe escaped once or
more (``{\\"note\\": \\"...\\"}`` appended to a log line as an escaped string)."""
_TRAIL = ".,;:"
_BLANK = re.compile(r"\s")


def name_key(name: str) -> str:
    """A pair's name as pairs are counted and matched: case-folded, its blanks folded to one."""
    return " ".join(name.casefold().split())


@dataclass(frozen=True)
class Pair:
    """One pair of a text: its name (case-folded, :func:`name_key`), its value as written, the value's span, its line
    and the name as written (blanks folded: what the reports show)."""

    name: str
    value: str
    start: int
    end: int
    line: int
    written: str = ""
    member: bool = False
    """A member of JSON written inside the text (:data:`_JSON_PAIR`): a field a program serialized, not prose."""
    framed: bool = False
    """... and that JSON sits among other text (a log line's prefix, other lines): one unit of several."""

    @property
    def code(self) -> bool:
        """The value is one chunk without blanks (a status, a number, an identifier), not words; or a JSON member's
        value, words too: a program wrote it under its key, no author's sentence (a canned note per outcome)."""
        return bool(self.value) and (self.member or _BLANK.search(self.value) is None)


@lru_cache(maxsize=1024)
def pairs_in(text: str) -> tuple[Pair, ...]:
    """The pairs of ``text`` in order: each line ``Name: value`` (the value up to the end of the line, or on the next
    line when it is folded there: a blank first) and each glued ``name=value`` of the other lines; a value loses the
    sentence punctuation after it and a quoted one its quotes.
    Linear in the text (two anchored patterns per line), memoised (a text is read when mining and when reporting;
    a bounded cache, as texts may be long)."""
    out: list[Pair] = []
    at = 0
    folded: str | None = None  # a header whose value is on the next line (RFC 5322 folding); not a YAML key's block
    for number, line in enumerate(text[:_MAX_TEXT].split("\n")):
        body = line.rstrip("\r \t")
        if folded is not None and _FOLDED.match(body) and _LINE.match(body) is None and _EMPTY.match(body) is None:
            lead = len(body) - len(body.lstrip())
            out.append(_pair(folded, body[lead:], at + lead, number - 1))
            folded = None
            at += len(line) + 1
            continue
        folded = None
        m = _LINE.match(body)
        if m is not None and "=" not in m.group("value"):
            out.append(_pair(m.group("name"), m.group("value"), at + m.start("value"), number))
        else:
            e = _EMPTY.match(body)
            if e is not None:
                folded = e.group("name")
            for g in _GLUED.finditer(line):
                out.append(_pair(g.group("name"), g.group("value"), at + g.start("value"), number))
        at += len(line) + 1
    out.extend(_members(text[:_MAX_TEXT]))
    return tuple(p for p in out if p.value)


def _members(text: str) -> list[Pair]:
    """The members of JSON written inside ``text`` (:data:`_JSON_PAIR`), each ``framed`` when the text holds more
    than that JSON (it neither opens with ``{`` / ``[`` nor closes with ``}`` / ``]``): a record serialized by another
    stage into a log line or a note, not the text itself being one structured record."""
    if '":' not in text:
        return []
    bare = text.strip()
    framed = not (bare[:1] in "{[" and bare[-1:] in "}]")
    out = []
    for m in _JSON_PAIR.finditer(text):
        group = "text" if m.group("text") is not None else "scalar"
        value = m.group(group)
        line = text.count("\n", 0, m.start(group))
        written = m.group("name")
        out.append(
            Pair(name_key(written), value, m.start(group), m.end(group), line, written, member=True, framed=framed)
        )
    return out


def _pair(name: str, value: str, start: int, line: int) -> Pair:
    """The :class:`Pair` of ``name`` and the raw ``value`` written at ``start``: quotes and trailing sentence
    punctuation off, the span following."""
    written = " ".join(name.split())
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return Pair(name_key(name), value[1:-1], start + 1, start + len(value) - 1, line, written)
    core = value.rstrip(_TRAIL) if value.rstrip(_TRAIL) else value
    return Pair(name_key(name), core, start, start + len(core), line, written)


PairKey = tuple[str, str, str]
"""``(template of the text, name, case-folded value)``."""


class PairCounts:
    """The pairs of every item's texts, counted for :func:`riders`: per ``(template, name, value)`` the items
    holding it, and per ``(template, name)`` the items whose text holds structure on another line too."""

    def __init__(self, named: Sequence[str] = ()) -> None:
        """Empty counts; ``named`` are ``--derive-from`` entries, whose bare names are input wherever written."""
        self.held: dict[PairKey, array[int]] = {}
        self.written: dict[PairKey, str] = {}
        """Each value as first written (the key holds it case-folded)."""
        self.names: dict[tuple[str, str], str] = {}
        """Each name as first written (the key holds it case-folded, :func:`name_key`)."""
        self.several: dict[tuple[str, str], set[int]] = {}
        self.named = frozenset(d.casefold() for d in named if not d.startswith("/"))

    def add(self, n: int, template: str, text: str) -> None:
        """Count the pairs of the text ``text`` at ``template`` in item ``n`` (once per item each)."""
        found = pairs_in(text)
        if not found:
            return
        lines = {p.line for p in found}
        for p in found:
            if p.name in self.named:
                continue
            if len(lines) > 1 or p.framed:
                self.several.setdefault((template, p.name), set()).add(n)
            if not p.code:
                continue
            key = (template, p.name, p.value.casefold())
            a = self.held.get(key)
            if a is None:
                self.held[key] = array("I", (n,))
                self.written[key] = p.value
                self.names.setdefault((template, p.name), p.written)
            elif a[-1] != n:
                a.append(n)

    def prune(self) -> None:
        """Forget the values held once so far (ids, timestamps): far below any support floor."""
        self.held = {k: a for k, a in self.held.items() if len(a) > 1}
        self.written = {k: v for k, v in self.written.items() if k in self.held}
        kept = {(t, n) for t, n, _v in self.held}
        self.names = {k: v for k, v in self.names.items() if k in kept}


@dataclass
class PairRider:
    """A value of a name inside a text that rides with one label (see the module): the evidence of one test."""

    pointer: str
    """The template of the text (list indices as ``*``)."""
    name: str
    """As first written (``X-WMS-Disposition``); :func:`name_key` of it is what pairs are matched by."""
    value: str
    label: str
    purity: float
    support: int
    """Records holding the value."""
    base_rate: float
    p_value: float
    q_value: float
    labels: int
    """Labels with a value of their own under the name."""
    review: bool
    """True: the name is not shown to be another stage's (one label only, not every label); for a person to judge."""
    kind: str = "pair"

    def to_dict(self) -> dict[str, Any]:
        """Every field, as ``leak mine`` writes a rider (in clear, as its suggestions)."""
        return asdict(self)


def riders(
    counts: PairCounts,
    record_of: Sequence[int],
    record_label: Sequence[str],
    *,
    min_support: int,
    alpha: float,
    correction: str,
    labels_norm: frozenset[str] = frozenset(),
) -> tuple[list[PairRider], int]:
    """The values of names inside texts that ride with a label, and how many values were tested (see the module).

    Counts records (``record_of`` maps an item to its record, ``record_label`` a record to its label). A value equal
    to a label (``labels_norm``, case-folded) is left to the scan."""
    total = len(record_label)
    label_counts = Counter(record_label)
    by_name: dict[tuple[str, str], dict[str, set[int]]] = {}
    for (template, name, value), a in counts.held.items():
        by_name.setdefault((template, name), {})[value] = {record_of[i] for i in a}
    tests: list[tuple[tuple[str, str], str, str, int, int, float]] = []
    for slot, values in by_name.items():
        for value, records in values.items():
            support = len(records)
            if support < min_support or support >= total or value in labels_norm:
                continue
            c = Counter(record_label[r] for r in records)
            label, top = max(sorted(c.items()), key=lambda kv: kv[1])
            p = fisher_greater(top, support, label_counts[label], total) * len(label_counts)
            tests.append((slot, value, label, top, support, min(1.0, p)))
    adjusted = adjust_p([t[5] for t in tests], correction)
    own: dict[tuple[str, str], list[tuple[str, str, int, int, float, float]]] = {}
    tested_values: dict[tuple[str, str], dict[str, str]] = {}
    for (slot, value, label, top, support, p), q in zip(tests, adjusted, strict=True):
        tested_values.setdefault(slot, {})[value] = label
        if q <= alpha and top / support >= PAIR_PURITY and top / support > label_counts[label] / total:
            own.setdefault(slot, []).append((value, label, top, support, p, q))
    out: list[PairRider] = []
    for slot, found in own.items():
        values = by_name[slot]
        holders = set().union(*values.values())
        majority = tested_values[slot]
        explained: dict[int, bool] = {}
        for value, records in values.items():
            if len(records) < REPEATED:
                continue  # held once or twice: an id, a date, a free word
            lab = majority.get(value) or _majority(records, record_label)
            for r in records:
                explained[r] = explained.get(r, True) and record_label[r] == lab
        if len(explained) < CODE_SHARE * len(holders) or sum(explained.values()) < PAIR_PURITY * len(explained):
            continue  # not a code field, or its values only shift the odds
        several = {record_of[i] for i in counts.several.get(slot, ())}
        if len(holders & several) < SEVERAL_UNITS * len(holders):
            continue  # the text is one structured record: its fields are the content
        own_labels = {lab for _v, lab, *_rest in found}
        if len(own_labels) < 2:
            continue  # one label's marker: a scenario's field as much as another stage's outcome
        review = not {record_label[r] for r in holders} >= set(label_counts)
        if not review:
            found = found + _rarer(values, majority, record_label, label_counts, total, min_support, alpha)
        for value, label, top, support, p, q in found:
            out.append(
                PairRider(
                    slot[0],
                    counts.names.get(slot, slot[1]),
                    counts.written.get((*slot, value), value),
                    label,
                    top / support,
                    support,
                    label_counts[label] / total,
                    p,
                    q,
                    len(own_labels),
                    review,
                )
            )
    out.sort(key=lambda r: (r.review, -r.purity, r.q_value, -r.support, r.pointer, r.name, r.value))
    return out, len(tests)


def _majority(records: set[int], record_label: Sequence[str]) -> str:
    """The label most of ``records`` carry (the first in order on a tie)."""
    c = Counter(record_label[r] for r in records)
    return max(sorted(c.items()), key=lambda kv: kv[1])[0]


def _rarer(
    values: dict[str, set[int]],
    tested: dict[str, str],
    record_label: Sequence[str],
    label_counts: Counter[str],
    total: int,
    min_support: int,
    alpha: float,
) -> list[tuple[str, str, int, int, float, float]]:
    """The values of a name shown to be another stage's code field that are held by fewer records than the support
    floor (a rarer outcome's code, ``RTS-NC`` on four records), each held by at least two records all of one label:
    read in the light of the name, tested one-sided (Fisher, times the number of labels) with Bonferroni over the
    name's rarer values alone. ``(value, label, records, records, p, corrected p)`` each, as the tested values."""
    rare = {v: rs for v, rs in values.items() if v not in tested and 2 <= len(rs) < min_support}
    out = []
    for value, records in rare.items():
        labels = {record_label[r] for r in records}
        if len(labels) != 1:
            continue
        (label,) = labels
        n = len(records)
        p = min(1.0, fisher_greater(n, n, label_counts[label], total) * len(label_counts))
        q = min(1.0, p * len(rare))
        if q <= alpha:
            out.append((value, label, n, n, p, q))
    return out
