"""A rider the task's input already tells: mined evidence that says nothing the input does not.

Mining tests what rides with the label outside the fields the task is derived from (``--derive-from``). A value
there may ride with a label only because the input fixes both: an application fee of ``2500`` that the utility
charges every project above 2 MW, where every project above 2 MW goes to a full study. The fee predicts the label,
but a model reading it learns nothing the nameplate it must read anyway would not tell it; the writer of the record
put it there as data, not as the answer. Cutting it blanks a field of clean records for nothing (and, mined for one
label, on every item: :func:`~windtunnel.leakage.sanitize.uniform_fields`).

:func:`explained_by` tells such a rider from a planted one by the input's own values. The rider's records all sit
in one place of one input field — a span of its numbers (``nameplate_kw_ac`` 2 100 … 4 900), or one value of a
short field — and:

* every record of the dataset in that place has the rider's label (at least the rider's own purity): the input
  alone says the label there, so the rider adds nothing;
* the label also has records *outside* that place, and the rider's records of the label sit inside it far beyond
  chance (one-sided Fisher exact among the label's records, Bonferroni over the input fields tried, 0.01): the rider
  follows the input, not the label. A code planted on the label's records wherever they are spreads over the
  label's whole span and fails this (a letter template on every ``B`` of a gradebook whose scores alone decide the
  grade: the ``B`` records have no place outside the span, so nothing is shown and the template stays a rider).

A rider made of the input's own words is told by the input the same way (:func:`explained_by_words`): a CMS slug
``coral-bleaching-event-0706`` built from the headline, a file name from the title. The place is then the records
whose input holds the rider's words (:data:`InputWords`); the rider must be among them in every record holding it,
and the same two tests decide. Whatever those words predict, the input predicts from the same words, which the
model reads anyway. A planted code beside the copied words (``spo-`` in ``spo-connor-doyle-withdraws``) is in no
input, and stays a rider.

A whole field outside the input can be the input's too (:func:`input_fixed`): a log's board-foot volume computed from
its diameter and length takes one value wherever the diameter and length are the same, whatever the grade. Mining and
the ``blind`` agent read such a field as the input.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, TypeVar

from windtunnel._util.stats import binomial_greater, fisher_greater
from windtunnel.leakage.pointers import in_derive_from, node_at, scalar_leaves
from windtunnel.leakage.ranges import number_of
from windtunnel.leakage.score_tops import top_values

ALPHA = 0.01
"""The level of the test that the rider's records of its label sit in the input's place beyond chance."""
SHORT_WORDS = 6
"""A string input value of more words than this is prose, not a place to group records by."""

_WORD = re.compile(r"[^\W\d_]+")

K = TypeVar("K")

InputWords = frozenset[str]
"""One record's input strings as their words (runs of letters, case-folded)."""

InputValues = dict[str, float | str]
"""One record's input fields: template (list indices as ``*``) → its number, or its short text as written."""


MemberValues = dict[str, list[float | str]]
"""One record's fields it fills more than once (a list's members): template → every member's value, in order."""


def input_values(
    projection: Any, derive_from: Sequence[str], inside: Any, labels: int = 0, members: MemberValues | None = None
) -> InputValues:
    """The scalars of ``projection`` in the task's input (``inside(pointer, derive_from)``), per field template: a
    number (or a string writing one) as a float, a short string or a boolean as its text; a field the record fills
    more than once (a list) is left out, as it names no one place. A list or object of numbers whose members are all
    ``inside`` gives its top too, at its own template (:func:`~.score_tops.top_values`: ``argmax pm25``; ``labels``, the
    size of the record's label set, as :func:`~.score_tops.vector_tops` reads it). ``members``, when given, receives
    the fields left out as a list's, each with all its members' values (what a field's measure over the dataset counts,
    :func:`~.graded.graded_fields`: a list's members name no one place, but each is a value the field holds)."""
    out: dict[str, float | str] = {}
    many: set[str] = set()
    seen: dict[str, list[float | str]] = {}
    for pointer, value in scalar_leaves(projection):
        if value is None or not inside(pointer, derive_from):
            continue
        template = "/".join("*" if t.isdigit() else t for t in pointer.split("/"))
        if isinstance(value, bool):
            got: float | str | None = "true" if value else "false"
        elif isinstance(value, (int, float)):
            got = float(value)
        else:
            text = str(value)
            number = number_of(text)
            got = number if number is not None else (text if 0 < len(text.split()) <= SHORT_WORDS else None)
        if got is None:
            continue
        if template in out:
            many.add(template)
        out[template] = got
        if members is not None:
            seen.setdefault(template, []).append(got)
    for pointer, top in top_values(projection, derive_from, inside, labels):  # a vector's top is one value of its place
        template = "/".join("*" if t.isdigit() else t for t in pointer.split("/"))
        if template in out:
            many.add(template)
        out[template] = top
    for template in many:
        del out[template]
        if members is not None and template in seen:
            members[template] = seen[template]
    return out


def input_counts(projection: Any, derive_from: Sequence[str]) -> InputValues:
    """The number of members of each list ``derive_from`` names by its own pointer (``/usage/withdrawals#count``): a
    count of the input is the input's, as its values are (review 43: stock on Monday and on Friday, whose difference
    restates how many withdrawals the input lists, flagged every clean record)."""
    out: InputValues = {}
    for d in derive_from:
        if d.startswith("/") and "*" not in d:
            node = node_at(projection, [t.replace("~1", "/").replace("~0", "~") for t in d[1:].split("/")])
            if isinstance(node, list):
                out[d + "#count"] = float(len(node))
    return out


def explained_by(
    riders: set[int],
    label: str,
    purity: float,
    inputs: Sequence[InputValues],
    labels: Sequence[str],
    *,
    several: bool = False,
) -> str | None:
    """The input field (template) whose values tell everything the rider held by the records ``riders`` tells about
    ``label`` (module docstring), or None. ``inputs`` and ``labels`` are per record; ``purity`` is the rider's.
    ``several``: the riders' texts may be several, the place all of them (a rider that rules labels out, ``label``
    standing for a set of labels: a nominal account shared by the categories of two rates tells those rates as the
    categories do)."""
    if not riders:
        return None
    fields = set.intersection(*(set(inputs[r]) for r in riders))
    for template in sorted(fields):
        here = _place(template, riders, inputs, several)
        if here is None:
            continue
        held = [r for r in range(len(inputs)) if template in inputs[r]]
        at = partial(_at, here, inputs, template)
        if _tells(riders, label, purity, held, at, labels, len(fields)):
            return template
    return None


def _at(here: Callable[[Any], bool], inputs: Sequence[InputValues], template: str, r: int) -> bool:
    """Whether record ``r``'s value of ``template`` is in the place ``here``."""
    return bool(here(inputs[r][template]))


WORD_KINDS = frozenset({"token", "ngram", "value", "url-segment", "key"})
"""The kinds of candidates whose text may be the input's own words (:func:`explained_by_words`): a word, an n-gram, a
value, a URL segment, and a key's name (a ``chargeback`` object held where the message says one was filed)."""


def input_words(projection: Any, derive_from: Sequence[str], inside: Any) -> InputWords:
    """The words of the strings of ``projection`` in the task's input (``inside(pointer, derive_from)``)."""
    return frozenset(
        w for p, v in scalar_leaves(projection) if isinstance(v, str) and inside(p, derive_from) for w in words_of(v)
    )


def input_numbers(projection: Any, derive_from: Sequence[str], inside: Any) -> InputWords:
    """The numbers of ``projection``'s task's input (``inside(pointer, derive_from)``), written in its strings or as
    numbers, as :func:`numbers_of` writes them: a rider's number is the input's where the input holds it
    (:func:`explained_by_words`). Apart from :func:`input_words`: a number of the input tells no rider apart alone."""
    out: set[str] = set()
    for p, v in scalar_leaves(projection):
        if isinstance(v, bool) or not inside(p, derive_from):
            continue
        if isinstance(v, str):
            out.update(numbers_of(v))
        elif isinstance(v, (int, float)):
            out.update(numbers_of(repr(v)))
    return frozenset(out)


_NUMBER = re.compile(r"(?<![\d.])\d+(?:\.\d+)?(?![\d.]?\d)")


def numbers_of(text: str) -> list[str]:
    """The numbers written in ``text``, each as one canonical token prefixed ``#`` (``0.50`` and ``0.5`` are ``#0.5``;
    ``8.0`` is ``#8``): no word of :func:`words_of` is one."""
    out = []
    for m in _NUMBER.finditer(text):
        f = float(m.group())
        out.append(f"#{int(f)}" if f.is_integer() and f < 1e15 else f"#{f!r}")
    return out


def words_at(projection: Any) -> dict[str, InputWords]:
    """The words of every string of ``projection``, per field template (list indices as ``*``): the task's input
    read off them once it is inferred (no ``derive_from``)."""
    out: dict[str, set[str]] = {}
    for p, v in scalar_leaves(projection):
        if isinstance(v, str):
            out.setdefault("/".join("*" if t.isdigit() else t for t in p.split("/")), set()).update(words_of(v))
    return {t: frozenset(w) for t, w in out.items()}


def words_of(text: str) -> list[str]:
    """The words of ``text``: runs of letters, case-folded (numbers and punctuation apart)."""
    return _WORD.findall(text.casefold())


def explained_by_words(
    riders: set[int],
    text: str,
    label: str,
    purity: float,
    words: Sequence[InputWords],
    labels: Sequence[str],
    numbers: Sequence[InputWords] = (),
) -> bool:
    """Whether the rider ``text`` held by the records ``riders`` is the input's own words (module docstring): its
    words are in the input of every record holding it, and the records whose input holds them are the place the two
    tests of :func:`explained_by` judge. ``words``, ``labels`` and ``numbers`` (:func:`input_numbers`) are per
    record."""
    needed = set(words_of(text))
    if not riders or not needed or not all(needed <= words[r] for r in riders):
        return False
    # a number of the rider that every one of its records' input holds is the input's too (``meropenem 2``: the agent
    # and its MIC, both the input's): the place is the records holding it as well; one the input does not hold (a
    # slug's ``-0706``) is no word of the input, and the rider's letters alone say where it is
    held = [n for n in numbers_of(text) if numbers and all(n in numbers[r] for r in riders)]
    return _tells(
        riders,
        label,
        purity,
        range(len(words)),
        lambda r: needed <= words[r] and all(n in numbers[r] for n in held),
        labels,
        1,
    )


WordLabels = dict[str, Counter[str]]
"""Each input word → the labels of the records whose input holds it (:func:`word_labels`), the label counts of all
records under the key ``""`` (no word is empty)."""


def word_labels(words: Sequence[InputWords], labels: Sequence[str]) -> WordLabels:
    """The index :func:`explained_by_a_word` tests words with, built once over the records (``words`` and ``labels``
    per record): a word's two tests are then counts, not a pass over every record."""
    out: WordLabels = {"": Counter(labels)}
    for held, label in zip(words, labels, strict=True):
        for word in held:
            out.setdefault(word, Counter())[label] += 1
    return out


def explained_by_a_word(
    riders: set[int], label: str, purity: float, words: Sequence[InputWords], labels: Sequence[str], index: WordLabels
) -> str | None:
    """A word that the input of every record of ``riders`` holds and whose records the two tests of
    :func:`explained_by` find telling ``label`` as the riders do (Bonferroni over the words tried), or None: a text
    chosen from the input (a panel's canned conclusion for each hazard its input names) rather than from the label.
    ``words`` and ``labels`` are per record, ``index`` their :func:`word_labels`."""
    if not riders:
        return None
    common = frozenset.intersection(*(words[r] for r in riders))
    mine = sum(labels[r] == label for r in riders)
    of_label = index[""][label]
    for word in sorted(common):
        inside = index[word]
        in_place = inside[label]
        if in_place < purity * inside.total() or not mine or in_place >= of_label:
            continue  # the place does not say the label, or the label has no records outside it
        if fisher_greater(mine, mine, in_place, of_label) * len(common) <= ALPHA:
            return word
    return None


ValueGroups = dict[str, dict[float | str, set[int]]]
"""Each input field (template) → each of its values → the records holding that value (:func:`value_groups`)."""


def value_groups(inputs: Sequence[InputValues]) -> ValueGroups:
    """The records of every value of every input field (``inputs`` per record), built once."""
    out: ValueGroups = {}
    for r, values in enumerate(inputs):
        for template, value in values.items():
            out.setdefault(template, {}).setdefault(value, set()).add(r)
    return out


def picked_by_values(
    carriers: set[int],
    label: str,
    inputs: Sequence[InputValues],
    groups: ValueGroups,
    labels: Sequence[str],
    least: int,
) -> str | None:
    """An input field whose value decides whether a record carries a text (the records ``carriers``, of ``label``
    mostly), or None: every carrier holds the field, every record holding a value some carrier holds carries the
    text too, and each such value is held by ``least`` records or more and tells ``label`` beyond chance by itself
    (one-sided Fisher over ``labels``, per record, Bonferroni over the values). The text is then a function of an
    input that says the label (an auto-summary written for each group of reasons the input names). A value that says
    nothing by itself — a group id of a few records, each group of one label (a recall event, a customer) — decides
    no text: its records share a label because they are one case, and a text canned for that label across many
    groups is the label's, not the input's."""
    if not carriers:
        return None
    total = len(labels)
    of_label = sum(lab == label for lab in labels)
    for template in sorted(set.intersection(*(set(inputs[r]) for r in carriers))):
        held = groups[template]
        values = {inputs[r][template] for r in carriers}
        if all(len(held[v]) >= least and held[v] <= carriers for v in values) and all(
            fisher_greater(sum(labels[r] == label for r in held[v]), len(held[v]), of_label, total) * len(values)
            <= ALPHA
            for v in values
        ):
            return template
    return None


def copied_from_input(
    holders: Mapping[K, set[int]],
    text_of: Callable[[K], str],
    words: Sequence[InputWords],
    labels: Sequence[str],
    *,
    min_support: int = 1,
) -> set[K]:
    """The features of ``holders`` (each → the records holding it) made of the input's own words
    (:func:`explained_by_words`, at the feature's majority label and purity among its records): what the ``blind``
    agent reads as the input, as mining does with ``--derive-from`` (a slug copying the headline's words). A feature
    held by fewer than ``min_support`` records is not tried. ``words`` and ``labels`` are per record."""
    out: set[K] = set()
    for key, riders in holders.items():
        if len(riders) < min_support:
            continue
        needed = set(words_of(text_of(key)))
        if not needed or not all(needed <= words[r] for r in riders):
            continue  # cheap first: a word some holder's input lacks is no copy of it
        counts = Counter(labels[r] for r in riders)
        label, top = max(sorted(counts.items()), key=lambda kv: kv[1])
        if explained_by_words(riders, text_of(key), label, top / len(riders), words, labels):
            out.add(key)
    return out


def _tells(
    riders: set[int],
    label: str,
    purity: float,
    held: Sequence[int],
    here: Callable[[int], bool],
    labels: Sequence[str],
    tried: int,
) -> bool:
    """The two tests of the module docstring for the place ``here`` (a test of a record) among the records
    ``held`` (those holding the input field): the place says the label at the rider's ``purity`` at least, and the
    rider's records of the label sit in it beyond chance among the label's records (Bonferroni over ``tried``)."""
    inside = [r for r in held if here(r)]
    if not inside or sum(labels[r] == label for r in inside) / len(inside) < purity:
        return False
    of_label = [r for r in held if labels[r] == label]
    in_place = sum(here(r) for r in of_label)
    mine = [r for r in riders if labels[r] == label]
    if not mine or in_place >= len(of_label):
        return False  # the label has no records outside the place: nothing shows the rider follows the input
    return fisher_greater(len(mine), len(mine), in_place, len(of_label)) * tried <= ALPHA


def _place(template: str, riders: set[int], inputs: Sequence[InputValues], several: bool = False) -> Any:
    """A test of a value of ``template``: within the span of the riders' numbers, or equal to their one text; with
    ``several``, one of the riders' values (a copy of the input's number tells what that number tells, not what its
    span does); None when they hold neither (numbers and texts mixed, or several texts)."""
    values = [inputs[r][template] for r in riders]
    if several:
        held = frozenset(values)
        return lambda v: v in held
    numbers = [v for v in values if isinstance(v, float)]
    if len(numbers) == len(values):
        lo, hi = min(numbers), max(numbers)
        return lambda v: isinstance(v, float) and lo <= v <= hi
    if len(set(values)) == 1:
        one = values[0]
        return lambda v: v == one
    return None


FIXED_ALPHA = 0.01
"""The level of the test that a field outside the input agrees across labels where the input's values do by more
than chance (:func:`input_fixed`)."""
FIXED_FIELDS = 12
"""The input fields (those whose values repeat most across records) a field outside it is tried against, alone and in
pairs: enough for a record's few measurements, bounded so that the test stays small on wide records."""


def input_fixed(items: Sequence[Any], answers: Sequence[str], derive_from: Sequence[str]) -> frozenset[str]:
    """The fields (templates) outside ``derive_from`` that the input's own values fix, for some of their values at
    least (:func:`input_fixed_values`, whose keys they are)."""
    return frozenset(input_fixed_values(items, answers, derive_from))


def input_fixed_values(
    items: Sequence[Any], answers: Sequence[str], derive_from: Sequence[str]
) -> dict[str, frozenset[Any]]:
    """Per field (template) outside ``derive_from``, the values of it that the input's own values fix, whatever the
    label: a board-foot volume computed from a log's diameter and length, equal on every two records of different
    grades that share that diameter and length. Such a value follows the input, not the label: whatever it predicts,
    the input predicts from the values the model reads anyway, and it is no rider (a value set from the label differs
    across labels where the input is the same: a price per grade times the weight differs between two grades of one
    weight).

    Per field outside the input (a scalar the record holds once, :func:`input_values` read outside) and per input
    field or pair of input fields (the :data:`FIXED_FIELDS` whose values repeat most): the records sharing the input's
    values are grouped; the field is fixed there when it takes one value in every group, and the groups holding two
    labels or more agree ``m`` times (records of another label than the group's first, holding its value) where
    chance agreement (the field's own collision rate, ``Σ p²``) would give ``q**m`` below :data:`FIXED_ALPHA`,
    Bonferroni over the input fields and pairs tried, counted in groups of :data:`FIXED_GROUP` records or more. Only
    the values held in those groups are the input's, less those that ride the label (:func:`fixed_by_input`).
    Without ``derive_from`` nothing is fixed."""
    if not derive_from or len(items) != len(answers):
        return {}

    def outside(pointer: str, names: Sequence[str]) -> bool:
        return not in_derive_from(pointer, names)

    inputs = [input_values(it.projection, derive_from, in_derive_from, len(set(it.label_set))) for it in items]
    others = [input_values(it.projection, derive_from, outside, len(set(it.label_set))) for it in items]
    return fixed_by_input(inputs, others, answers)


def fixed_numbers(fixed: Mapping[str, frozenset[Any]], others: Sequence[InputValues]) -> frozenset[str]:
    """The fields of ``fixed`` (:func:`fixed_by_input`, over ``others``, the records' values outside the input) that
    hold only numbers: such a field is read as ranges too (a quantile bin of the volume, shortcuts' ``numeric``
    templates), and a range is the input's wherever the field is, its unique values included (a volume on one log of a
    diameter and length: in no group, yet computed from them as every other one is). The field agreed across labels
    in groups of :data:`FIXED_GROUP` records or more and took two values in no group of equal input of the key that
    fixes it; a number set from the label (a price per grade) takes two values in such a group and is not fixed. A
    code or a word keeps the per-value rule: a rare one is no evidence of being the input's."""
    return frozenset(
        t for t in fixed if all(isinstance(v[t], float) for v in others if t in v) and any(t in v for v in others)
    )


FIXED_GROUP = 3
"""The records of one group (equal input values) holding two labels or more that count as agreement across labels:
two records of two labels are as well one record repeated under another label, its value copied along, as two
records whose input fixes the value (:func:`fixed_by_input`)."""
TOLD_ALPHA = 0.05
"""The level at which a value predicts a label (one-sided binomial against the label's share among the field's
records): such a value agrees across labels only through the labels (:func:`fixed_by_input`)."""


def fixed_by_input(
    inputs: Sequence[InputValues], others: Sequence[InputValues], answers: Sequence[str]
) -> dict[str, frozenset[Any]]:
    """:func:`input_fixed_values` on values already read: per record its input fields' values and those of its fields
    outside the input (both :func:`input_values`), and its label.

    Decided per value, not per field. Agreement counts only where the labels do not tell the value: a group of two
    labels whose value, on the records outside the group, predicts one of them (``open`` for both ``approve`` and
    ``refer``, ``closed`` for decline; an account's ``frozen``, ``blocked`` or ``suspended``, set once any of its
    transactions is fraud, beside a legit one) agrees through the label, carried across records by a repeated input,
    and is no evidence that the input fixes the field; nor is a group of two records of two labels (:data:`FIXED_GROUP`:
    a resubmitted pair's reference ``RS-0007``, or a code of the first decision copied onto the second, agrees across
    its two labels and is nowhere else). A field found fixed gives up only the values held in the groups of a key
    that fixes it, never another value because the field is fixed: a status set from the label on records that share
    no input with others stays a rider, and so does a value too rare to test on its own records (a code of a pool of
    forty per decision, on four records each, predicts no label alone, but the pool together names it). The records
    are grouped once per key (only groups of two records or more are kept), so the cost is the keys times the
    records, plus the fields times the grouped records."""
    repeats: Counter[str] = Counter()
    for template in {t for v in inputs for t in v}:
        values = Counter(v[template] for v in inputs if template in v)
        repeats[template] = sum(n for n in values.values() if n > 1)
    fields = [t for t, n in sorted(repeats.items(), key=lambda kv: (-kv[1], kv[0]))[:FIXED_FIELDS] if n]
    keys: list[tuple[str, ...]] = [(a,) for a in fields] + [
        (a, b) for x, a in enumerate(fields) for b in fields[x + 1 :]
    ]
    if not keys:
        return {}
    grouped = [_groups(inputs, key) for key in keys]
    out: dict[str, frozenset[Any]] = {}
    for template in sorted({t for v in others for t in v}):
        held = [i for i, v in enumerate(others) if template in v]
        counts = Counter(others[i][template] for i in held)
        if len(counts) < 2 or len(held) < 2:
            continue
        q = sum((n / len(held)) ** 2 for n in counts.values())
        base = Counter(answers[i] for i in held)
        share = {label: n / len(held) for label, n in base.items()}
        per_value: dict[Any, Counter[str]] = {}
        for i in held:
            per_value.setdefault(others[i][template], Counter())[answers[i]] += 1
        riding: set[Any] = set()  # values seen agreeing across labels only through the labels
        seen: set[Any] = set()  # values held by the groups of a key that fixes the field
        for groups in grouped:
            agree, told, held_there = _agreement(groups, others, answers, template, per_value, share, len(keys))
            if told is None:
                continue
            riding |= told
            if agree and q**agree * len(keys) <= FIXED_ALPHA:
                seen |= held_there
        if seen - riding:  # the field is fixed: only its values held in the groups that fix it are the input's
            out[template] = frozenset(seen - riding)
    return out


def _predicts(
    counts: Mapping[str, int], n: int, labels: Any, share: Mapping[str, float], alpha: float = TOLD_ALPHA
) -> bool:
    """Whether ``counts`` (labels of ``n`` records holding one value) predict one of ``labels`` beyond its ``share``
    (one-sided binomial at ``alpha``, :data:`TOLD_ALPHA` unless told)."""
    return n > 0 and any(
        counts.get(label, 0) > 0 and binomial_greater(counts.get(label, 0), n, share[label]) <= alpha
        for label in labels
    )


def _groups(inputs: Sequence[InputValues], key: tuple[str, ...]) -> list[list[int]]:
    """The records holding every field of ``key``, grouped by their values there: the groups of two records or more."""
    groups: dict[tuple[Any, ...], list[int]] = {}
    for i, values in enumerate(inputs):
        if all(k in values for k in key):
            groups.setdefault(tuple(values[k] for k in key), []).append(i)
    return [members for members in groups.values() if len(members) > 1]


def _agreement(
    groups: Sequence[Sequence[int]],
    others: Sequence[InputValues],
    answers: Sequence[str],
    template: str,
    per_value: Mapping[Any, Counter[str]],
    share: Mapping[str, float],
    tries: int,
) -> tuple[int, set[Any] | None, set[Any]]:
    """Across ``groups`` (records of equal input values), the records holding ``template`` whose label differs from
    their group's first record's while the value is the same, counted in the groups of :data:`FIXED_GROUP` records or
    more whose value, on the records outside the group (``per_value`` less the group's own), predicts none of the
    group's labels. With the values that ride the label: those of a group of two labels or more where it predicts one
    (at :data:`TOLD_ALPHA`), those of a group of one label where it predicts that label beyond what the field's
    values would show by chance (at :data:`FIXED_ALPHA` over the values and the ``tries``: a status ``open`` on an
    applicant seen twice and approved twice, which approves elsewhere too), and those whose groups never hold two
    labels where the field's groups do so often (``(1 - r)**g`` times the values and the ``tries`` at most
    :data:`FIXED_ALPHA`, ``r`` the share of the field's groups holding two labels, ``g`` the value's groups: an
    account status ``open`` on every customer who never churned); and the values the groups hold. ``(0, None, ∅)``
    when the field takes two values in one group (it is not fixed there)."""
    agree = 0
    riding: set[Any] = set()
    pure: Counter[Any] = Counter()  # per value, its groups of one label
    held: set[Any] = set()
    mixed = 0
    for members in groups:
        present = [i for i in members if template in others[i]]
        if len(present) < 2:
            continue
        value = others[present[0]][template]
        if any(others[i][template] != value for i in present[1:]):
            return 0, None, set()
        held.add(value)
        here = Counter(answers[i] for i in present)
        elsewhere = per_value[value] - here
        # a group of one label: its label predicted elsewhere beyond what the field's values would show by chance
        level = TOLD_ALPHA if len(here) > 1 else FIXED_ALPHA / (len(per_value) * tries)
        told = _predicts(elsewhere, sum(elsewhere.values()), here, share, level)
        if told:
            riding.add(value)
        if len(here) < 2:
            pure[value] += 1
            continue
        mixed += 1
        if told:
            continue
        if len(present) < FIXED_GROUP:
            continue  # a record repeated under another label carries its value as well as an input fixing it would
        first = answers[present[0]]
        agree += sum(answers[i] != first for i in present[1:])
    total = mixed + sum(pure.values())
    if mixed:
        r = mixed / total
        riding |= {v for v, g in pure.items() if (1 - r) ** g * len(per_value) * tries <= FIXED_ALPHA}
    return agree, riding, held
