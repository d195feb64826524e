"""Fields whose values only make a label likelier: input-side correlates, for review, never cut.

Mining and the blind baseline find what rides with the label, and cannot see time. A field set *with* the answer or
computed from it (a fee per tier, a follow-up artefact, a code written by the decision) determines the label wherever
it appears: its numbers, sorted, fall into one block per label, its values are each one label's. Another measurement
of the subject (an oxygen-desaturation index beside the apnoea index the rule reads, staining grades beside the colour
change) or a prior state of it (an earlier reading of the day, the previous grade, the restraint in use) is made
*before* the decision: input-side evidence. It makes a label likelier without naming it — pure at the extremes of its
range, mixed in the middle; values that lean to a label yet often hold another. Such a field is *graded*
(:func:`graded_fields`): its mined values are reported for review, not as leaks, and the sanitizer does not cut them
(docs/leakage.md, principle 7).

The measure is the field's own, over every record holding one value there and every member of a list there (a
list's members name no one place, but each is a value of the field, of its record's label):

* numbers: sorted, the labels of neighbouring records; the changes of label beyond the ``k - 1`` a field sorted into
  one block per label needs, against those a random order of the same labels makes. The field *determines* the label
  when that excess is below :data:`EXCESS_BAR` of chance's (a fee table: 0; an index beside the rule's: 0.2 to 0.6),
  or when a word among its numbers leans to one label near-purely (a code: ``VOID`` on the refused bags' fee line);
* other values: the values that lean to one label (a one-sided binomial test of their majority label against its
  share of the field, :data:`LEAN_ALPHA`, a quarter of the way from that share to all, and twice the runner-up's
  records: a value ruling one label out, a grey on every batch not dumped, leans nowhere; nor does a value held on
  every label's records, the field's neutral value beside a code), and among their records the share holding that
  label; the other way, the share of the records holding the value their label's records hold
  most. The field determines the label when the first is at least :data:`PURE_BAR` (a code per label: 1) or the
  second at least :data:`FIXED_BAR` (a value the label fixes, a coarse answer: ``approve`` on approved and escalated
  claims alike, 1). A prior state fails both (the previous grade: 0.67 and about a half). Values held alike by every
  label (a flyer on every record) lean nowhere and are not counted.

A value is judged in the view it was mined in: a template (a text with the record's own words masked) and a word of
a text over the field's texts read the same way (:func:`graded_templates`), a whole value over its whole values. A
title filled in with a zone's name leans with the zone (the zone's own field's correlate) while a code at its head is
pure: read whole the field looks graded, read as templates it is not.

A field with fewer than :data:`MIN_RECORDS` records holding it, or with no value leaning anywhere, gets no verdict
(not graded): too little to tell a correlate from a code. The user's word overrides the shape: a field holding a value
the user names as correlated (an item's ``correlated_values``, ``--correlated-map``: :func:`told_of`) is never graded.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Literal

from windtunnel._util.stats import binomial_greater
from windtunnel.leakage.formats import is_upstream_name, key_words
from windtunnel.leakage.input_explained import SHORT_WORDS
from windtunnel.leakage.templates import PLACEHOLDER
from windtunnel.leakage.text import normalize_needle

if TYPE_CHECKING:
    from windtunnel.leakage.model import LeakItem

MIN_RECORDS = 20
"""Records holding a field, at least, for a verdict on it."""
EXCESS_BAR = 0.15
"""A numeric field whose excess changes of label, sorted, reach this share of a random order's is graded."""
PURE_BAR = 0.9
"""A field of other values whose leaning values hold their label on fewer of their records than this is graded (a
code per label is near-pure: 1; a prior state is not: 0.6), unless its label fixes the value (:data:`FIXED_BAR`)."""
FIXED_BAR = 0.8
"""A field whose records hold their label's most common value this often or more is fixed by the label: no
correlate (a coarse answer, ``approve`` on approved and escalated claims alike)."""
LEAN_ALPHA = 0.05
"""A value leans to its majority label at this one-sided binomial p against that label's share of the field (times
the number of labels: any may be the majority), its share there a quarter of the way from that share to all or more."""
NUMBER_SHARE = 0.8
"""A field is read as numbers when at least this share of its values are numbers (and six are distinct)."""


def graded_fields(
    values: Sequence[Mapping[str, float | str]],
    labels: Sequence[str],
    fields: Collection[str],
    told: Collection[str] = (),
    members: Sequence[Mapping[str, Sequence[float | str]]] = (),
) -> set[str]:
    """The ``fields`` (templates) that are graded (see the module docstring), over records ``values`` (per record, a
    template → its number or short text, :func:`~windtunnel.leakage.input_explained.input_values`) with their
    ``labels`` (one per record, in the same order). A field holding a value of ``told`` (what the user names as
    correlated, :func:`told_of`) is never graded: the user's word overrides the shape. ``members`` (per record, as
    ``values``: the fields it fills more than once, each member's value) adds a list's members to their field's
    measure, each a value of its record's label: the fee line of a list of payments is judged with the fares beside
    it, not left out on every record holding both (which would judge the field on the fares alone)."""
    out = set()
    if len(members) != len(values):
        members = [{} for _ in values]
    for template in fields:
        if upstream_at(template):
            continue  # an earlier stage's output is its answer however often it is right (principle 1)
        pairs = [(v[template], label) for v, label in zip(values, labels, strict=True) if template in v]
        pairs += [(x, label) for m, label in zip(members, labels, strict=True) for x in m.get(template, ())]
        if told and any(_text(v) in told for v, _label in pairs):
            continue  # the user names its values as correlated: set with or after the answer, whatever the shape
        if len(pairs) >= MIN_RECORDS and graded(pairs):
            out.add(template)
    return out


def graded_templates(
    values: Sequence[Mapping[str, float | str]],
    templates: Sequence[Mapping[str, str]],
    labels: Sequence[str],
    fields: Collection[str],
    told: Collection[str] = (),
) -> set[str]:
    """The ``fields`` (templates) graded when read in the template view (:func:`template_view`). A template mined at a
    field is judged in this view as well as in the whole values' (:class:`GradedViews`): a zone's name filled into a
    title leans with the zone (a legitimate correlate, its own field's), and the title's own part (a code at its head)
    is what was mined. A list's members (a field a record holds more than once) are not judged in this view (they
    count in the whole view's measure, :func:`graded_fields`), nor a field holding a value of ``told`` (read whole, as
    the user writes it)."""
    if told:
        fields = {f for f in fields if not any(f in v and _text(v[f]) in told for v in values)}
    return graded_fields(template_view(values, templates), labels, fields)


def template_view(
    values: Sequence[Mapping[str, float | str]], templates: Sequence[Mapping[str, str]]
) -> list[dict[str, float | str]]:
    """Each record's values with its texts read as templates (:mod:`.templates`): the record's own words masked
    (``templates``, per record a field → its masked text, where the record's text was read as one); a text no other
    string of the record lends a word to reads as it is (``values``, as :func:`graded_fields` reads them), and so does
    a text masked whole (another field's value copied in: it has no words of its own to read)."""
    return [
        {
            **v,
            **{
                f: t
                for f, t in m.items()
                if t.replace(PLACEHOLDER, "").strip() and (f in v or ("*" not in f and len(t.split()) <= SHORT_WORDS))
            },
        }
        for v, m in zip(values, templates, strict=True)
    ]


IN_OWN_WORDS = frozenset({"token", "ngram"})
"""Candidate kinds that are a part of a text: judged in the template view where they survive its masking
(:class:`GradedViews`)."""


@dataclass(frozen=True)
class GradedViews:
    """Principle 7's verdict on one mined value, shared by mining and the ``blind`` agent (:meth:`at`).

    A value is graded only where its field is graded read whole (``whole``: :func:`graded_fields`, with a score
    vector's graded tops) and, where it was mined in another view, graded in that view too (``templates``:
    :func:`graded_templates`): a template (the record's own words masked), and a word or n-gram of a text that
    survives the masking (``kept``, field → words: :func:`kept_words`). A word the masking erases (a prior state
    copied into a title from its own field) is judged whole. So a view only lifts a verdict the whole view gives,
    where it shows the mined value's own reading pure (a code at a title's head, the zone filled into the rest
    leaning with the zone); it never makes a field graded that the whole view does not."""

    whole: frozenset[str] = frozenset()
    templates: frozenset[str] = frozenset()
    kept: frozenset[tuple[str, str]] = frozenset()

    def at(self, kind: str, field: str, value: str, view: str) -> bool:
        """Whether the candidate ``(kind, field, value)``, found in ``view``, is judged graded."""
        if field not in self.whole:
            return False
        if view == "template" or (kind in IN_OWN_WORDS and (field, _words_key(value)) in self.kept):
            return field in self.templates
        return True


def graded_views(
    values: Sequence[Mapping[str, float | str]],
    templates: Sequence[Mapping[str, str]],
    labels: Sequence[str],
    whole: Collection[str],
    words: Iterable[tuple[str, str]] = (),
    told: Collection[str] = (),
) -> GradedViews:
    """:class:`GradedViews` over ``values`` and their ``templates`` (as :func:`template_view` reads them), for the
    fields ``whole`` graded read whole and the ``words`` (field, word or n-gram) mined at them (a field ``""``: a word
    mined wherever a text holds it)."""
    if not whole:
        return GradedViews()
    graded = graded_templates(values, templates, labels, whole, told) & set(whole)
    lifted = set(whole) - graded  # only there does a word's view change its verdict
    wanted = {(t, w) for f, w in words for t in ([f] if f else lifted) if t in lifted}  # "": a word of any text
    kept = kept_words(values, template_view(values, templates), wanted) if wanted else set()
    return GradedViews(frozenset(whole), frozenset(graded), frozenset(kept))


def kept_words(
    values: Sequence[Mapping[str, float | str]],
    viewed: Sequence[Mapping[str, float | str]],
    words: Collection[tuple[str, str]],
) -> set[tuple[str, str]]:
    """The ``words`` (field, word or n-gram) that survive the template view's masking: held in the viewed text on
    at least half of the records holding them in the whole text (a word the masking erases is another field's, read
    as that field's value)."""
    wanted: dict[str, dict[str, list[tuple[str, frozenset[str]]]]] = {}  # field → a word's first mark → words
    for f, w in words:
        toks = _tokens(w)
        if toks:
            wanted.setdefault(f, {}).setdefault(toks[0], []).append((w, frozenset(toks)))
    held: Counter[tuple[str, str]] = Counter()
    survived: Counter[tuple[str, str]] = Counter()
    for v, r in zip(values, viewed, strict=True):
        for f, by_first in wanted.items():
            if f not in v:
                continue
            whole = set(_tokens(_text(v[f])))
            view: set[str] | None = None
            for first in whole.intersection(by_first):
                for w, marks in by_first[first]:
                    if marks <= whole:
                        if view is None:
                            view = set(_tokens(_text(r.get(f, v[f]))))
                        held[f, w] += 1
                        survived[f, w] += marks <= view
    return {(f, _words_key(w)) for (f, w), n in held.items() if 2 * survived[f, w] >= n}


_TOKEN = re.compile(r"\w+|[^\w\s]")


def _tokens(text: str) -> list[str]:
    """A text's words and other marks, folded as a needle is (:func:`~.text.normalize_needle`)."""
    return _TOKEN.findall(normalize_needle(text))


def _words_key(value: str) -> str:
    return " ".join(_tokens(value))


def graded_tops(
    members: Collection[str],
    tops: Collection[str],
    values: Sequence[Mapping[str, float | str]],
    labels: Sequence[str],
) -> set[str]:
    """The score vectors among ``tops`` (templates) that are graded: one of whose members (a template one token below)
    is in ``members`` (graded), and whose own top (its place in ``values``, ``argmax X``) is not pure: a prior
    state's scores, whose top agrees with the label on most records only. A top whose leaning values are pure is an
    answer written as scores (each member of a good model's scores is a mixed correlate of the label, graded or not):
    not graded."""
    out = set()
    for top in tops:
        if not any(m.rsplit("/", 1)[0] == top for m in members):
            continue
        pairs = [(str(v[top]), label) for v, label in zip(values, labels, strict=True) if top in v]
        share = leaning_purity(pairs) if pairs else None
        if share is None or share < PURE_BAR:
            out.add(top)
    return out


def told_of(items: Iterable[LeakItem]) -> frozenset[str]:
    """The values the user names as correlated over ``items`` (each item's ``correlated_values``: the dataset's own
    and ``--correlated-map``'s), as :func:`graded_fields` compares them."""
    return frozenset(v.strip() for it in items for v in it.correlated_values)


def _text(value: float | str) -> str:
    """A field's value as the user would write it (a whole number without its ``.0``)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def upstream_at(pointer: str | None) -> bool:
    """A key on ``pointer``'s path is named like an earlier stage's output (:func:`~.formats.is_upstream_name`, or
    any of its words names a model, a machine label or a decision: ``model_prediction``, ``pseudo_label``,
    ``first_reviewer_decision``):
    what such a field holds is that stage's answer, however often it is right (principle 1). Wider than the scan's
    own test on purpose: the agreement evidence only keeps a finding the item-level decision made there, and such
    a field is never graded (:func:`graded_fields`)."""
    keys = [t for t in (pointer or "").split("/") if t and not t.isdigit()]
    return any(
        is_upstream_name(t) or any(w in _MACHINE or w.startswith(("pred", "classif")) for w in key_words(t))
        for t in keys
    )


_MACHINE = frozenset(
    ("model", "models", "bot", "pseudo", "weak", "prelabel", "machine", "decision", "verdict", "ruling")
    + ("disposition", "outcome")
)
"""Whole words of a key that name a model, a machine label or a decision already taken (:func:`upstream_at`);
besides, a word starting ``pred`` or ``classif``."""


def graded(pairs: Sequence[tuple[float | str, str]]) -> bool:
    """Whether one field's ``(value, label)`` pairs, one per record, are graded (see the module docstring)."""
    numbers = [(v, label) for v, label in pairs if isinstance(v, float)]
    if len(numbers) >= NUMBER_SHARE * len(pairs) and len({v for v, _ in numbers}) > 5:
        others = [(str(v), label) for v, label in pairs if not isinstance(v, float)]
        share = leaning_purity(others, Counter(label for _v, label in pairs)) if others else None
        if share is not None and share >= PURE_BAR:
            return False  # a word among the numbers names a label (``VOID`` where a fee is voided): a code, no measure
        if codes_among_numbers(numbers):
            return False  # a number per label written beside numbers that say nothing (a team's id): a code book
        return excess_changes(numbers) >= EXCESS_BAR
    texts = [(str(v), label) for v, label in pairs]
    share = leaning_purity(texts)
    return share is not None and share < PURE_BAR and label_purity(texts) < FIXED_BAR


def label_purity(pairs: Sequence[tuple[str, str]]) -> float:
    """The share of the records of ``pairs`` holding the value their label's records hold most: 1 when the label
    fixes the value (a coarse answer, ``approve`` on approved and escalated claims alike, ``deny`` on denials), low
    when a label's records hold many values (a prior state: the restraint in use before a stage)."""
    by_label: dict[str, Counter[str]] = {}
    for v, label in pairs:
        by_label.setdefault(label, Counter())[v] += 1
    return sum(c.most_common(1)[0][1] for c in by_label.values()) / len(pairs) if pairs else 0.0


CODE_MIN = 5
"""Records holding one number, at least, for it to be read as a code among numbers (:func:`codes_among_numbers`): a
fine measurement repeats a value by chance on a few records of one label."""
NEUTRAL_REST = 0.75
"""Numbers whose excess changes of label (:func:`excess_changes`) reach this share of a random order's say nothing of
the label: a random order's is 1, within a few standard errors on twenty records or more."""


def codes_among_numbers(numbers: Sequence[tuple[float, str]]) -> bool:
    """Whether a field of ``numbers`` (``(value, label)``, one per record) is a code per label written beside numbers
    that say nothing: a value inside the range held purely by one label on :data:`CODE_MIN` records or more
    (:func:`leaning_purity`: a ``17`` on every billing ticket an upstream router sent) whose neighbours on both sides
    (the next distinct values) lean to no such label, while the numbers held by no such value say nothing of the
    label: sorted, ties in the order read, they change label as a random order does (:data:`NEUTRAL_REST`). A
    measurement (a score beside the one the rule reads) is pure at its ends and in bands: a pure value inside its
    range has a neighbour of its label, and what is mixed still moves with the value; a code book's values sit
    anywhere among the others, each alone, and the rest is noise."""
    by_value: dict[float, list[str]] = {}
    for v, label in numbers:
        by_value.setdefault(v, []).append(label)
    order = sorted(by_value)
    base = Counter(label for _v, label in numbers)
    leans: dict[float, str] = {}
    for v in order:
        labels = by_value[v]
        if len(labels) >= CODE_MIN and leaning_purity([("v", lab) for lab in labels], base) == 1.0:
            leans[v] = labels[0]
    inside = [
        v
        for i, v in enumerate(order[1:-1], start=1)
        if v in leans and leans.get(order[i - 1]) != leans[v] and leans.get(order[i + 1]) != leans[v]
    ]
    if not inside:
        return False
    rest = [(v, label) for v, label in numbers if v not in leans]
    return len(rest) >= MIN_RECORDS and excess_changes(rest, ties="as read") >= NEUTRAL_REST


def excess_changes(numbers: Sequence[tuple[float, str]], ties: Literal["by label", "as read"] = "by label") -> float:
    """The changes of label between neighbours of ``numbers`` sorted by value, beyond the ``k - 1`` one block per
    label needs, as a share of those a random order makes beyond them (0: one block per label; about 1: no tie to the
    label). Ties ``by label`` count one value's mix once (a measurement's value held by several labels is not
    re-drawn); ``as read`` keeps them in the order given, so a few values each held by every label alike read as
    the random order they are."""
    if ties == "as read":
        ordered = [label for _v, label in sorted(numbers, key=lambda pair: pair[0])]
    else:
        ordered = [label for _v, label in sorted(numbers)]
    n = len(ordered)
    counts = Counter(ordered)
    if n < 2 or len(counts) < 2:
        return 0.0
    changes = sum(a != b for a, b in pairwise(ordered))
    same = sum(c * (c - 1) for c in counts.values()) / (n * (n - 1))  # chance two neighbours share a label
    needed = len(counts) - 1
    at_random = (n - 1) * (1 - same) - needed
    if at_random <= 0:
        return 0.0
    return max(0.0, (changes - needed) / at_random)


def leaning_purity(pairs: Sequence[tuple[str, str]], base: Counter[str] | None = None) -> float | None:
    """Among the values of ``pairs`` that lean to one label (:data:`LEAN_ALPHA`, Bonferroni over the labels and the
    values held twice or more: among twenty neutral values one leans by chance), the share of their records holding
    that label; None when no value leans. ``base``: the labels' counts the leaning is measured against (the field's
    whole: a few words among its numbers lean against the labels of all its values), by default those of ``pairs``."""
    if base is None:
        base = Counter(label for _v, label in pairs)
    total = sum(base.values())
    by_value: dict[str, Counter[str]] = {}
    for v, label in pairs:
        by_value.setdefault(v, Counter())[label] += 1
    held = kept = 0
    asked = len(base) * sum(1 for c in by_value.values() if sum(c.values()) >= 2)  # any label, any repeated value
    for counts in by_value.values():
        n = sum(counts.values())
        (label, k), *rest = counts.most_common(2)
        share = base[label] / total
        if n < 2 or k / n < share + (1 - share) / 4 or binomial_greater(k, n, share) * asked > LEAN_ALPHA:
            continue  # a value held near the field's own mix (a "pending" on records of every label) leans nowhere
        if rest and k < 2 * rest[0][1]:
            continue  # two labels alike: the value rules others out (a grey on every batch not dumped), no lean
        if len(counts) == len(base):
            continue  # held on every label's records: the field's neutral value (the blank beside a code), no lean
        held += n
        kept += k
    return kept / held if held else None
