"""Model-free blind baselines that read the data: ``copy`` and ``blind``.

``majority`` and ``prior`` (:func:`windtunnel.leakage.baseline.blind_predictions`) never read an item,
so they score the same on leaky and sanitized data: reference rows, not a leak test. The two agents
here do read it, with no model and no reasoning:

* ``copy`` answers the label the projection *states*: it scans the item once per candidate label (the
  answer is not given to it) and answers the label whose findings weigh most (``high`` 3, ``medium`` 2,
  ``low`` 1), or the most frequent label when none is found. High on raw data means the scanner's
  findings alone give the answer away.
* ``blind`` is a cross-validated naive Bayes classifier over the projection's candidates selected in each fold
  (:func:`windtunnel.leakage.candidates.candidates`: (pointer, value) pairs, tokens and n-grams of the short
  values, numeric ranges) with what the task should be derived from removed — the fields named in
  ``derive_from`` (a key name also where a text names it: :mod:`.input_text`), and without them all prose (with
  them, the words of prose elsewhere are read: a note outside the task's input, though not a value made of the
  record's own input words, a slug copying the headline, which is the input as mining reads it:
  :func:`~windtunnel.leakage.input_explained.copied_from_input`), nor the item's copy of the input in a field outside
  it (a tool call's vendor id that is the order's own, where it is: :mod:`.input_copies`, the places the sanitizer
  keeps as the input's): the seed's "no real input".
  Besides, the codes of names inside texts that another stage wrote (a settlement line appended to the log that is
  the input, a header a system stamped: the pairs ``leak mine`` reports as ``correlated.mined-pair``,
  :mod:`.text_pairs`), selected inside each fold by mining's own test on the training records. And, pooled across
  labels, the label words in a slot that names the record's own label whatever the label (an upstream summary's
  ``condition C4`` on a few records of every rating: :mod:`.label_slots`), selected inside each fold as the agreement
  evidence selects a slot that follows the label.
  High on raw data means the label can be read off the rest of the record (a glyph, a code, a constant)
  whether or not any rule names it.

Both are deterministic for a seed. On a sanitized twin they should fall back to chance; if they do
not, a channel is still open.

Their predictions are judged by :mod:`.baseline` exactly as a user's own blind run would be: they
produce ``{prediction, label}`` rows and nothing else. Neither is a model of what an LLM would do; they
are lower bounds on what the data gives away without reasoning. ``copy`` shows the scan's findings are
enough to answer; ``blind`` shows the label is predictable from the short values even where the scan
names nothing (then ``leak mine`` says which values). A ``blind`` at chance proves nothing about prose.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from windtunnel._util.rng import cell_rng
from windtunnel._util.stats import adjust_p, fisher_greater
from windtunnel.leakage.candidates import Where, candidates, pair_texts
from windtunnel.leakage.dataset import FieldMap, read_correlated
from windtunnel.leakage.glyph_runs import run_glyph
from windtunnel.leakage.graded import IN_OWN_WORDS, GradedViews, graded_fields, graded_tops, graded_views, told_of
from windtunnel.leakage.input_copies import copied_per_item
from windtunnel.leakage.input_explained import (
    WORD_KINDS,
    InputWords,
    MemberValues,
    copied_from_input,
    fixed_numbers,
    input_fixed_values,
    input_values,
    input_words,
)
from windtunnel.leakage.input_text import mask_input
from windtunnel.leakage.label_slots import ItemSlots, Named, SlotJudge, read_slots
from windtunnel.leakage.mine import (
    in_derive_from,
    measured_runs,
    prose_prints,
    prose_tokens,
    records_of,
    templated_texts,
)
from windtunnel.leakage.model import LeakItem, value_hash
from windtunnel.leakage.pointers import node_at, parse_pointer
from windtunnel.leakage.scan import audit_item
from windtunnel.leakage.score_tops import TOP_PREFIX, ranked_by_input
from windtunnel.leakage.templates import splitting
from windtunnel.leakage.text import normalize_needle
from windtunnel.leakage.text_pairs import PairCounts, name_key, pairs_in, riders
from windtunnel.leakage.unlisted_input import restated_of

SIMULATIONS: dict[str, str] = {
    "majority": "always the most frequent label; never reads the projection",
    "prior": "a label drawn from the label frequencies (seeded); never reads the projection",
    "copy": "the label the projection states, from the scanner's findings for each candidate label",
    "blind": "cross-validated naive Bayes over the features selected in each fold, the content removed (no real input)",
}
"""Every built-in blind agent and what it does (the choices of ``--simulate``)."""
READS_DATA = frozenset({"copy", "blind"})
_WEIGHT = {"high": 3, "medium": 2, "low": 1}


def _majority(labels: Sequence[str]) -> str:
    """The most frequent label, ties broken by sorted order so the fallback is the same on every run."""
    counts = Counter(labels)
    return max(sorted(counts), key=lambda lab: counts[lab])


def copy_predictions(
    items: Sequence[LeakItem],
    *,
    labels: Sequence[str] = (),
    correlated: Mapping[str, Sequence[Any]] | FieldMap | None = None,
    decode: bool = True,
    learned: bool | None = None,
) -> list[str]:
    """For each item, the label its projection states (see the module docstring).

    ``labels`` are the candidates (default: the distinct answers of ``items``); ``correlated`` maps a
    label to values that imply it (``--correlated-map``: bare values, and ``{"pointer", "value"}`` entries counted
    where the item holds the value at that pointer), searched with that label: the map as given, or the
    :class:`~windtunnel.leakage.dataset.FieldMap` the scan reads it into.

    Each candidate is tried as if it were the answer, with the item's own label set (or the candidates),
    so the agent never sees the true answer: it reads what the scan would report for each label and
    picks the heaviest. Ties go to the majority label when it is among them, else to the first
    candidate; an item where no candidate is found gets the majority label (what a blind guess does).
    Costs one audit per item and candidate: on a large label set this is the slow agent. ``learned`` is
    :func:`~windtunnel.leakage.scan.audit_item`'s (``--learned``; ``None``: its default).
    """
    return copy_with_drivers(items, labels=labels, correlated=correlated, decode=decode, learned=learned)[0]


def copy_with_drivers(
    items: Sequence[LeakItem],
    *,
    labels: Sequence[str] = (),
    correlated: Mapping[str, Sequence[Any]] | FieldMap | None = None,
    decode: bool = True,
    learned: bool | None = None,
) -> tuple[list[str], list[Driver | None]]:
    """:func:`copy_predictions`, and per item the heaviest finding for the label it answered (``None``: no
    finding, the majority label); ``learned`` as there."""
    if isinstance(correlated, FieldMap):
        cmap = correlated
    else:  # the scan's own reading of the map: a pointer entry counts where the item holds it (QA 24)
        bare, pairs = read_correlated(correlated or {})
        cmap = FieldMap(correlated_map=bare, correlated_pairs=pairs)
    answers = [it.expected[0] for it in items]
    cands = list(dict.fromkeys(labels or answers))
    fallback = _majority(answers)
    out: list[str] = []
    drivers: list[Driver | None] = []
    for it in items:
        scores: dict[str, int] = {}
        heaviest: dict[str, Driver] = {}
        for cand in cands:
            probe = replace(
                it,
                expected=[cand],
                label_set=list(it.label_set or cands),
                correlated_values=cmap.correlated_for([cand], it.projection),
            )
            found = audit_item(probe, decode=decode, learned=learned).findings
            weight = sum(_WEIGHT[f.severity] for f in found)
            if weight:
                scores[cand] = weight
                top = max(found, key=lambda f: _WEIGHT[f.severity])
                field = "/".join("*" if t.isdigit() else t for t in top.pointer.split("/"))
                heaviest[cand] = (field, "finding", top.rule)
        if scores:
            top_weight = max(scores.values())
            tied = [c for c in cands if scores.get(c) == top_weight]
            pick = fallback if fallback in tied else tied[0]
            out.append(pick)
            drivers.append(heaviest.get(pick))
        else:
            out.append(fallback)
            drivers.append(None)
    return out, drivers


Driver = tuple[str, str, str]
"""What decided one prediction: ``(field, kind, value)`` — the pointer template (list indices as ``*``) where
the item holds the deciding candidate or finding, its kind (a candidate's kind, or ``finding``) and its
value (a candidate's text, or a finding's rule)."""


def blind_predictions_cv(
    items: Sequence[LeakItem],
    *,
    derive_from: Sequence[str] = (),
    folds: int = 5,
    seed: int = 0,
    keep_graded: bool = False,
    left_out: set[str] | None = None,
) -> list[str]:
    """Out-of-fold predictions over each item's candidates (see :func:`blind_with_drivers`)."""
    return blind_with_drivers(
        items, derive_from=derive_from, folds=folds, seed=seed, keep_graded=keep_graded, left_out=left_out
    )[0]


def blind_with_drivers(
    items: Sequence[LeakItem],
    *,
    derive_from: Sequence[str] = (),
    folds: int = 5,
    seed: int = 0,
    keep_graded: bool = False,
    left_out: set[str] | None = None,
) -> tuple[list[str], list[Driver | None]]:
    """Out-of-fold predictions over each item's candidates with the content removed, and per item the candidate
    that decided it (``None``: no telling candidate, the training folds' majority label).

    Records are dealt into ``folds`` folds in a seeded order stratified by label (each fold holds the labels in the
    dataset's mix, so the training majority is the held-out fold's, not the label it holds fewest of: an agent with
    nothing to learn lands at chance, not below); each fold is predicted by a model fitted on
    the others, so no item is ever predicted by a model that saw it, nor by one that saw the same record under
    another question (items sharing a record's prose are one record, :func:`~windtunnel.leakage.mine.records_of`:
    else the record's own key, learnt from one of its items, would predict the others).

    Features are the sets of :func:`~windtunnel.leakage.candidates.candidates` (presence, not counts; the canonical
    views and (pointer, value) pairs mining reads), with prose and ``derive_from`` fields left out, and per
    numeric field its value's quantile bin (:func:`_numeric_bins`: a score that orders with the label is one
    feature per range, not one per distinct number). The model is a decision list fitted inside each fold
    (:func:`_fit_fold`): only the candidates whose label purity on the training folds is significant (Fisher's
    exact test, Benjamini-Hochberg over the candidates tested) are kept, and an item answers the label of its
    purest kept candidate, or the training majority when it holds none. So a rider in a third of the records
    answers those and leaves the rest at the majority — thousands of ids, dates and random tokens cannot outvote
    it as they did a naive Bayes sum — and on a dataset where nothing rides with the label almost every item gets
    the majority label: the agent stays at (or below) chance. A label the item names in a slot that the training
    records show to follow the record's label (:class:`~windtunnel.leakage.label_slots.SlotJudge`: pooled across
    labels, where each label's word alone is too rare to pass) weighs for that label too; its driver is
    ``(field, "label-slot", signature)``, the signature with the label words masked. ``folds`` below 2 raises
    ``ValueError``. A graded field (principle 7) is left out and added to ``left_out`` when given; ``keep_graded``
    reads it too (the baseline's second run, :func:`_features`).
    """
    if folds < 2:
        raise ValueError(f"folds must be 2 or more, got {folds}")
    n = len(items)
    copied = copied_per_item(items, derive_from)
    where, bins, feats, record_of = _features(items, derive_from, copied, keep_graded=keep_graded, left_out=left_out)
    texts = [
        [(t, text) for at, inner, t, text in pair_texts(it.projection, derive_from) if at + (inner or "") not in c]
        for it, c in zip(items, copied, strict=True)
    ]
    written = _first_written(texts)
    drivers: list[Driver | None] = [None] * n
    answers = [it.expected[0] for it in items]
    order = list(range(max(record_of, default=-1) + 1))
    cell_rng(seed, "blind-folds").shuffle(order)
    label_of = {record_of[i]: answers[i] for i in reversed(range(n))}  # a record's label: its first item's
    order.sort(key=lambda r: label_of.get(r, ""))  # stratified: each fold holds the labels in the dataset's mix
    record_fold = [0] * len(order)
    for pos, r in enumerate(order):
        record_fold[r] = pos % folds
    fold_of = [record_fold[record_of[i]] for i in range(n)]
    slots = read_slots(items, derive_from, copied=copied)
    norms = [normalize_needle(a) for a in answers]
    spelled = dict(zip(norms, answers, strict=True))
    out = [""] * n
    places = [_text_places(w, b) for w, b in zip(where, bins, strict=True)]
    for k in range(min(folds, n)):
        train = [i for i in range(n) if fold_of[i] != k]
        test = [i for i in range(n) if fold_of[i] == k]
        if not train:
            for i in test:
                out[i] = _majority(answers)
            continue
        names = _pair_names(train, texts, answers, record_of, derive_from) if any(texts) else set()
        read = [feats[i] | _pair_features(texts[i], names, written) for i in range(n)] if names else feats
        named = _named(train, slots, norms, record_of)
        model = _Model(
            *_fit_fold(train, read, answers, record_of, named),
            spelled=spelled,
            holders=_numeric_holders(train, feats, answers, record_of),
        )
        for i in test:
            out[i], top = model.predict(read[i], named[i], places[i])
            if isinstance(top, Named):
                drivers[i] = (top.field, "label-slot", top.signature)
            elif top is not None:
                pointer = bins[i][top] if top in bins[i] else where[i][top][0] if top in where[i] else top[1]
                drivers[i] = ("/".join("*" if t.isdigit() else t for t in pointer.split("/")), top[0], top[2])
    return out, drivers


def _text_places(where: Mapping[Feature, Where], bins: Mapping[Feature, str]) -> dict[Feature, str]:
    """Per feature an item reads from one of its texts (a field whose words and n-grams the agent reads:
    :func:`~windtunnel.leakage.mine.prose_tokens`), that text's pointer: its words and n-grams, and its key and
    value read as a short value's are. A number's ranges are not a text's."""
    out = {f: pointer for f, pointer in bins.items() if f[0] in ("token", "ngram")}
    texts = set(out.values())
    out.update({f: at[0] for f, at in where.items() if at[0] in texts and f[0] not in NUMERIC_KINDS})
    return out


def _numeric_holders(
    train: Sequence[int], feats: Sequence[frozenset[Feature]], answers: Sequence[str], record_of: Sequence[int]
) -> dict[str, Counter[str]]:
    """Per numeric field (template), the training records per label holding a value there (each such item holds
    exactly one ``range`` feature of the field: :func:`_numeric_bins`)."""
    out: dict[str, Counter[str]] = {}
    seen: set[tuple[str, int]] = set()
    for i in train:
        for kind, template, _text in feats[i]:
            if kind == "range" and (template, record_of[i]) not in seen:
                seen.add((template, record_of[i]))
                out.setdefault(template, Counter())[answers[i]] += 1
    return out


def _named(
    train: Sequence[int], slots: Sequence[ItemSlots], norms: Sequence[str], record_of: Sequence[int]
) -> list[list[Named]]:
    """Per item, the labels it names in the slots the training items show to follow the record's label
    (:class:`~windtunnel.leakage.label_slots.SlotJudge`, fitted on ``train`` only; ``norms``: the answers
    normalised as label mentions are)."""
    if not any(s.slots for s in slots):
        return [[] for _ in slots]
    judge = SlotJudge.fit(train, slots, norms, record_of)
    return [judge.named(s) for s in slots]


def _features(
    items: Sequence[LeakItem],
    derive_from: Sequence[str],
    copied_at: Sequence[frozenset[str]] | None = None,
    *,
    keep_graded: bool = False,
    left_out: set[str] | None = None,
) -> tuple[list[dict[Feature, Where]], list[dict[Feature, str]], list[frozenset[Feature]], list[int]]:
    """What the ``blind`` agent reads of ``items``: per item its candidates (where each is first seen), its numeric
    bins and prose words (each → the pointer holding it), the union of both as its feature set, and per item its
    record (:func:`~windtunnel.leakage.mine.records_of`, templated groups split). Shared by the cross-validated agent
    and :func:`selected_features`, so the sanitizer reads exactly what the agent reads. A ``derive_from`` key name
    inside a text (a YAML key, an HTML element's class, a section header: :mod:`~windtunnel.leakage.input_text`) is
    the input too, and is not read; records are still told apart by the whole text. So is the item's copy of its input
    outside ``derive_from`` (``copied_at``, per item: :func:`~windtunnel.leakage.input_copies.copied_per_item`, computed
    when not given), the places where the sanitizer keeps it: a tool call's vendor id that is the order's own is not
    read, a code written there instead is. Nor is a value the input's values fix across labels (a volume computed
    from the named diameter and length: :func:`~windtunnel.leakage.input_explained.input_fixed`), as mining reads it,
    nor a field whose values only make a label likelier (:mod:`~windtunnel.leakage.graded`, principle 7: another
    measurement or a prior state of the subject, input-side evidence as the named input is): those fields are added
    to ``left_out`` when given, and kept (read) with ``keep_graded``. A field holding a value the user names as
    correlated is never graded (:func:`~windtunnel.leakage.graded.told_of`)."""
    if copied_at is None:
        copied_at = copied_per_item(items, derive_from)
    read = [mask_input(it.projection, derive_from) for it in items]  # a named input inside a text is not read
    masked_from: dict[tuple[str, str, str], set[tuple[str, str, str]]] = {}
    holders: dict[tuple[str, str, str], list[int]] = {}  # each text a template may be read from → its items
    where = []
    for i, p in enumerate(read):
        raws: set[tuple[str, str, str]] = set()
        size = len(set(items[i].label_set))  # a score vector's top: one number per label
        where.append(candidates(p, derive_from, masked_from=masked_from, raws=raws, copied=copied_at[i], labels=size))
        for raw in raws:
            holders.setdefault(raw, []).append(i)
    if masked_from:  # as mining: a template that splits a text carries another field's signal (:mod:`.templates`)
        keys = set(masked_from).union(*masked_from.values())
        for i, w in enumerate(where):
            for k in keys.intersection(w):
                if k in masked_from:  # a text's holders are already counted (raws), a candidate or not
                    holders.setdefault(k, []).append(i)
        split = splitting(holders, masked_from)
        if split:
            where = [{k: v for k, v in w.items() if k not in split} for w in where]
    bins = _numeric_bins(where)
    for i, p in enumerate(read):
        bins[i].update(prose_tokens(p, derive_from, copied_at[i]))
    _absent_keys(where, bins)
    feats = [frozenset(w) | frozenset(bins[i]) for i, w in enumerate(where)]
    answers = [it.expected[0] for it in items]
    joined, _labels = records_of(answers, [prose_prints(it.projection, derive_from) for it in items])
    record_of = _split_templated(joined, where)
    measured = _measured_run_features(where, record_of, answers)  # a glyph's runs that measure, as mining drops them
    if measured:
        where = [{k: v for k, v in w.items() if k not in measured} for w in where]
        feats = [f - measured for f in feats]
    if derive_from:  # a value made of the record's own input words is the input, as mining reads it
        copied = _copied(items, feats, answers, record_of, derive_from) | _restating(items, feats, where, derive_from)
        copied |= _ranked(items, feats, derive_from)
        if copied:
            where = [{k: v for k, v in w.items() if k not in copied} for w in where]
            bins = [{k: v for k, v in b.items() if k not in copied} for b in bins]
            feats = [f - copied for f in feats]
        fixed = input_fixed_values(items, answers, derive_from)
        if fixed:  # per record: such a field is the input's where its value is one the input fixes
            outside = [input_values(it.projection, derive_from, _outside_input, len(set(it.label_set))) for it in items]
            numbers = fixed_numbers(fixed, outside)  # and a fixed number's ranges are the input's everywhere
            for i, held in enumerate(outside):
                drop = {
                    f
                    for f in feats[i]
                    if f[1] in fixed and (held.get(f[1]) in fixed[f[1]] or (f[0] in NUMERIC_KINDS and f[1] in numbers))
                }
                if drop:
                    where[i] = {k: v for k, v in where[i].items() if k not in drop}
                    bins[i] = {k: v for k, v in bins[i].items() if k not in drop}
                    feats[i] = feats[i] - drop
    listed: list[MemberValues] = [{} for _ in items]  # each item's list members: they count in their field's measure
    read = [
        input_values(it.projection, derive_from, _outside_input, len(set(it.label_set)), members=m)
        for it, m in zip(items, listed, strict=True)
    ]
    told = told_of(items)
    graded = graded_fields(read, answers, {f[1] for fs in feats for f in fs if f[1]}, told, listed)
    tops = {f[1] for fs in feats for f in fs if f[0] == "value" and f[2].startswith(TOP_PREFIX)}
    top_graded = graded_tops(graded, tops, read, answers)  # a prior state's scores (its top not pure)
    if left_out is not None:
        left_out.update(graded | top_graded)
    if (graded or top_graded) and not keep_graded:  # input-side evidence (principle 7): a measurement, a prior state
        # judged in the view each feature was read in, by mining's own verdict (:class:`~.graded.GradedViews`)
        words = {(f[1], f[2]) for fs in feats for f in fs if f[0] in IN_OWN_WORDS}
        views = graded_views(read, [templated_texts(w) for w in where], answers, graded | top_graded, words, told)
        where = [{k: v for k, v in w.items() if not _graded_read(k, v[0], v[3], views)} for w in where]
        bins = [{k: v for k, v in b.items() if not _graded_read(k, v, "", views)} for b in bins]
        feats = [frozenset(w) | frozenset(b) for w, b in zip(where, bins, strict=True)]
    return where, bins, feats, record_of


def _measured_run_features(
    where: Sequence[Mapping[Feature, Any]], record_of: Sequence[int], answers: Sequence[str]
) -> frozenset[Feature]:
    """The glyph-run features of a family whose lengths shift the odds as a measurement does
    (:func:`~windtunnel.leakage.mine.measured_runs`, over the records holding each run, as mining counts them)."""
    held: dict[Feature, dict[int, str]] = {}
    for i, w in enumerate(where):
        for k in w:
            if k[0] == "token" and run_glyph(k[2]) is not None:
                held.setdefault(k, {})[record_of[i]] = answers[i]
    if not held:
        return frozenset()
    places = measured_runs({k: Counter(by_record.values()) for k, by_record in held.items()})
    return frozenset(k for k in held if (k[1], run_glyph(k[2])) in places)


def _graded_read(feature: Feature, pointer: Any, view: str, views: GradedViews) -> bool:
    """Whether the agent leaves ``feature`` out as graded (principle 7): a field's feature, and a word where this item
    holds it in such a field (its words are that field's value), each judged in the view it was read in, as mining
    judges it (:meth:`~windtunnel.leakage.graded.GradedViews.at`)."""
    return views.at(feature[0], feature[1] or _template(str(pointer)), str(feature[2]), view)


def _outside_input(pointer: str, derive_from: Sequence[str]) -> bool:
    """``pointer`` is outside the fields named in ``derive_from`` (as :func:`input_values` asks)."""
    return not in_derive_from(pointer, derive_from)


def _absent_keys(where: Sequence[Mapping[Feature, Where]], bins: Sequence[dict[Feature, str]]) -> None:
    """Add to ``bins`` a ``key-absent`` feature on each item lacking a key (mining's ``key`` candidate) that other
    items hold: the model weighs no absent feature, so a key held by one label's records only (a ``chargeback``
    object on billing tickets) would decide those and say nothing of the rest, whose other features (the dates a
    billing-only object also spells) then lean to that label. Its absence is the same signal read from the other
    side."""
    held: Counter[Feature] = Counter(k for w in where for k in w if k[0] == "key")
    partial_keys = [k for k, n in held.items() if n < len(where)]
    for w, b in zip(where, bins, strict=True):
        for k in partial_keys:
            if k not in w:
                b[("key-absent", k[1], k[2])] = k[1]


def _ranked(items: Sequence[LeakItem], feats: Sequence[frozenset[Feature]], derive_from: Sequence[str]) -> set[Feature]:
    """The tops of score vectors that rank as a top of the input does (:func:`~.score_tops.ranked_by_input`: a copy
    of the input's vector, rescaled or reordered), as mining explains them: the input's signal, not read."""
    tops = {f for fs in feats for f in fs if f[0] == "value" and f[2].startswith(TOP_PREFIX)}
    if not tops:
        return set()
    inputs = [input_values(it.projection, derive_from, in_derive_from, len(set(it.label_set))) for it in items]
    outside = [input_values(it.projection, derive_from, _outside_input, len(set(it.label_set))) for it in items]
    ranked = ranked_by_input(inputs, outside)
    return {f for f in tops if f[1] in ranked}


def _copied(
    items: Sequence[LeakItem],
    feats: Sequence[frozenset[Feature]],
    answers: Sequence[str],
    record_of: Sequence[int],
    derive_from: Sequence[str],
) -> frozenset[Feature]:
    """The features made of the input's own words (a slug copying the headline's, a file name the title's):
    :func:`~windtunnel.leakage.input_explained.copied_from_input` over the records, as mining explains a rider by
    the input with ``--derive-from`` (:func:`~windtunnel.leakage.input_explained.explained_by_words`). Whatever they
    predict, the input predicts from the same words, which a model reads anyway; the blind agent, which reads no
    input, does not read them either. A planted code beside the copied words (``spo-``) is in no input and stays."""
    n_records = max(record_of, default=-1) + 1
    words: list[InputWords] = [frozenset()] * n_records
    labels = [""] * n_records
    for i in reversed(range(len(items))):
        words[record_of[i]] = input_words(items[i].projection, derive_from, in_derive_from)
        labels[record_of[i]] = answers[i]
    holders: dict[Feature, set[int]] = {}
    for i, fs in enumerate(feats):
        for f in fs:
            if f[0] in WORD_KINDS:
                holders.setdefault(f, set()).add(record_of[i])
    return frozenset(copied_from_input(holders, lambda f: f[2], words, labels, min_support=_MIN_SUPPORT))


def _restating(
    items: Sequence[LeakItem],
    feats: Sequence[frozenset[Feature]],
    where: Sequence[Mapping[Feature, Where]],
    derive_from: Sequence[str],
) -> frozenset[Feature]:
    """The features an unlisted input holds restating the record's input (:mod:`.unlisted_input`: a title that is the
    description's first words), as mining tests them apart: the input's signal, which the ``blind`` agent, reading no
    input, does not read either; so is a decoded reading of such a string (a title's letters read as base64). A code
    planted beside the copied words restates nothing and stays."""
    restated = restated_of(((it.expected[0], it.projection) for it in items), derive_from, in_derive_from)
    if not restated.unlisted():
        return frozenset()
    holders: dict[Feature, list[int]] = {}
    for i, fs in enumerate(feats):
        for f in fs:
            if f[0] in WORD_KINDS:
                holders.setdefault(f, []).append(i)

    def read_from_restating(f: Feature, at: Sequence[int]) -> bool:
        """Every holder reads ``f`` in a decoded view of a string of an unlisted input that restates its input."""
        for i in at:
            w = where[i].get(f)
            if w is None or w[3] == "raw" or not f[1]:
                return False
            raw = node_at(items[i].projection, parse_pointer(w[0]))
            if not isinstance(raw, str) or not restated.restating(("value", w[0], raw), [i], tell=False):
                return False
        return True

    # as mining's test: the features held by the same items are one candidate, told by the input when one of them is
    groups: dict[tuple[int, ...], list[Feature]] = {}
    for f, at in holders.items():
        groups.setdefault(tuple(at), []).append(f)
    out: set[Feature] = set()
    for group, members in groups.items():
        placed = [f for f in members if restated.restating(f, group, tell=False) or read_from_restating(f, group)]
        if placed and any(restated.restating(f, group) for f in placed):
            out.update(placed)
    return frozenset(out)


_PAIR_SUPPORT = 5
_PAIR_ALPHA = 0.01
"""Mining's own support floor and level for the pairs inside texts (``leak mine``'s defaults)."""


def _pair_names(
    train: Sequence[int],
    texts: Sequence[Sequence[tuple[str, str]]],
    answers: Sequence[str],
    record_of: Sequence[int],
    derive_from: Sequence[str],
) -> set[tuple[str, str]]:
    """The names inside texts (``(template of the text, name)``) whose codes the training items show to be another
    stage's outcome: :func:`~windtunnel.leakage.text_pairs.riders` on the training records only, as ``leak mine``
    tests them (reported as leaks, not for review). The test fold is never read, so a name is kept only when the
    other folds show it; with shuffled labels no name is (a code field explaining every label almost perfectly)."""
    counts = PairCounts(derive_from)
    local: dict[int, int] = {}
    record_label: list[str] = []
    local_of: list[int] = []
    for j, i in enumerate(train):
        r = local.setdefault(record_of[i], len(local))
        if r == len(record_label):
            record_label.append(answers[i])
        local_of.append(r)
        for template, text in texts[i]:
            counts.add(j, template, text)
    if not counts.held:
        return set()
    found, _tested = riders(
        counts,
        local_of,
        record_label,
        min_support=_PAIR_SUPPORT,
        alpha=_PAIR_ALPHA,
        correction="bh",
        labels_norm=frozenset(a.casefold() for a in record_label),
    )
    return {(r.pointer, name_key(r.name)) for r in found if not r.review}


def _first_written(texts: Sequence[Sequence[tuple[str, str]]]) -> dict[tuple[str, ...], str]:
    """Each pair's name ``(template, name)`` and code ``(template, name, code)``, case-folded as mining counts them,
    mapped to its spelling first written in the dataset (``X-WMS-Disposition``, ``XCH-ADV``): the one spelling the
    agent's features and what it reports show, the same in every fold."""
    out: dict[tuple[str, ...], str] = {}
    for item in texts:
        for template, text in item:
            for p in pairs_in(text):
                if p.code:
                    out.setdefault((template, p.name), p.written)
                    out.setdefault((template, p.name, p.value.casefold()), p.value)
    return out


def _pair_features(
    texts: Sequence[tuple[str, str]], names: set[tuple[str, str]], written: Mapping[tuple[str, ...], str]
) -> frozenset[Feature]:
    """The ``("pair", "template [name]", code)`` features of one item's texts under ``names``
    (:func:`_pair_names`): the codes it holds there, counted case-folded as mining counts them and spelled as first
    written in the dataset (:func:`_first_written`); the projection itself as its template shows as ``/``, as in
    ``leak mine``'s table."""
    out = set()
    for template, text in texts:
        for p in pairs_in(text):
            if p.code and (template, p.name) in names:
                place = f"{template or '/'} [{written.get((template, p.name), p.name)}]"
                out.add(("pair", place, written.get((template, p.name, p.value.casefold()), p.value)))
    return frozenset(out)


def selected_features(
    items: Sequence[LeakItem], *, derive_from: Sequence[str] = (), places: dict[Feature, Counter[str]] | None = None
) -> dict[Feature, Counter[str]]:
    """The features the ``blind`` agent's selection keeps when fitted on every item of ``items`` (no fold held out),
    each with its records per label: what the agent can read the label off anywhere in the dataset. The selection is
    :func:`_fit_fold`'s (Fisher's exact test, Benjamini-Hochberg at ``_Q``, ``_MIN_SUPPORT`` records), over all the
    records at once, so a rider any fold would keep is kept here too. ``leak sanitize --mine`` cuts them where they
    sit (:mod:`~windtunnel.leakage.shortcuts`). ``places`` gets, per kept feature, the fields (pointer templates)
    holding it and on how many items: a word's feature names no field (``("token", "", word)``), its places do."""
    if not items:
        return {}
    where, bins, feats, record_of = _features(items, derive_from)
    answers = [it.expected[0] for it in items]
    kept, _by_label, _rest, _group = _fit_fold(range(len(items)), feats, answers, record_of)
    if places is not None:
        for w, b in zip(where, bins, strict=True):
            for f in kept.keys() & w.keys():
                places.setdefault(f, Counter())[_template(str(w[f][0]))] += 1
            for f in kept.keys() & b.keys():
                places.setdefault(f, Counter())[_template(b[f])] += 1
    return kept


def _template(pointer: str) -> str:
    """``pointer`` with list indices as ``*``."""
    return "/".join("*" if t.isdigit() else t for t in pointer.split("/"))


def _split_templated(record_of: Sequence[int], where: Sequence[Mapping[Feature, tuple[Any, ...]]]) -> list[int]:
    """``record_of`` with the groups that are many records sharing a templated text split into one record each.

    :func:`~windtunnel.leakage.mine.records_of` joins the items sharing their prose (and ``derive_from`` fields)
    as renderings of one record. Where that text is a template's (feedback sentences drawn from a pool per
    grade), the group is many records, often of one label: dealt into one fold, its label is missing from the
    training folds and the agent falls below chance (and counts one record where there are dozens). A group of
    three items or more whose members each hold a different value at a place they all hold (a student, a
    timestamp) is many records: each is its own record again."""
    members: dict[int, list[int]] = {}
    for i, r in enumerate(record_of):
        members.setdefault(r, []).append(i)
    out = list(record_of)
    spare = max(record_of, default=-1) + 1
    for group in members.values():
        if len(group) < 3:
            continue
        places = [{t: text for kind, t, text in where[i] if kind == "value"} for i in group]
        common = set.intersection(*(set(p) for p in places))
        if any(len({p[t] for p in places}) == len(group) for t in common):
            for i in group[1:]:
                out[i] = spare
                spare += 1
    return out


Feature = tuple[str, str, str]
"""One feature of the ``blind`` agent: a candidate's ``(kind, pointer template, text)``, or a numeric bin's
``("range", template, "lo..hi")``."""
_Q = 0.05
"""The false discovery rate at which a fold keeps a candidate (Benjamini-Hochberg over the candidates tested)."""
_MIN_SUPPORT = 3
"""Training records a candidate must be held by to be tested: fewer cannot be told from chance."""
_BINS = 10
"""Quantile bins of a numeric field (at most; fewer when it holds fewer distinct values)."""
NUMERIC_KINDS = frozenset({"range", "at-least", "below"})
"""The kinds of a numeric field's features (:func:`_numeric_bins`): the template is the field, the text a range."""
_NUMBER = re.compile(r"\s*[-+]?\d+(?:[.,]\d+)?\s*%?\s*")


def _fit_fold(
    train: Sequence[int],
    feats: Sequence[frozenset[Feature]],
    answers: Sequence[str],
    record_of: Sequence[int],
    named: Sequence[Sequence[Named]] = (),
) -> tuple[dict[Feature, Counter[str]], Counter[str], Counter[str], dict[Feature, int]]:
    """The features one fold keeps, each with its training records per label, the training records per label,
    those of the training records holding no kept feature, and per kept feature the number of its group (the kept
    features held by exactly the same training records: one candidate, which the model weighs once), from the
    training items only (the test fold is never read).

    Counts are per record (renderings of one record are one draw); a candidate held by fewer than
    ``_MIN_SUPPORT`` training records or by all of them is not tested. Its majority label is tested with Fisher's
    exact test (one-sided, times the number of labels for the choice of label) and the p-values are adjusted by
    Benjamini-Hochberg: kept at ``q`` ≤ ``_Q`` with a purity above the label's base rate. Selecting inside the
    fold is what keeps the agent at chance on a clean dataset: the thousands of ids, dates and words that ride
    with no label are never in the model, and a chance feature kept on the training folds says nothing on the
    test fold."""
    by_label: Counter[str] = Counter()
    seen_records: set[int] = set()
    counts: dict[Feature, Counter[str]] = {}
    holders: dict[Feature, list[int]] = {}
    pairs: set[tuple[Feature, int]] = set()
    for i in train:
        r = record_of[i]
        if r not in seen_records:
            seen_records.add(r)
            by_label[answers[i]] += 1
        for f in feats[i]:
            if (f, r) in pairs:
                continue
            pairs.add((f, r))
            counts.setdefault(f, Counter())[answers[i]] += 1
            holders.setdefault(f, []).append(r)
    total = sum(by_label.values())
    tests: list[tuple[Feature, float]] = []
    for f, c in counts.items():
        support = c.total()
        if support < _MIN_SUPPORT or support >= total:
            continue
        label, top = max(sorted(c.items()), key=lambda kv: kv[1])
        if top / support <= by_label[label] / total:
            continue
        tests.append((f, min(1.0, fisher_greater(top, support, by_label[label], total) * len(by_label))))
    adjusted = adjust_p([t[1] for t in tests], "bh")
    kept = {f: counts[f] for (f, _p), q in zip(tests, adjusted, strict=True) if q <= _Q}
    numbers: dict[tuple[int, ...], int] = {}
    group = {f: numbers.setdefault(tuple(sorted(holders[f])), len(numbers)) for f in kept}
    rest: Counter[str] = Counter()
    done: set[int] = set()
    for i in train:
        if record_of[i] not in done and not any(f in kept for f in feats[i]) and not (named and named[i]):
            done.add(record_of[i])
            rest[answers[i]] += 1
    return kept, by_label, rest, group


class _Model:
    """A naive Bayes over the features one fold kept (:func:`_fit_fold`), read on what an item holds: each held
    feature weighs for the labels by the Laplace-smoothed share of each label's training records holding it, so
    the ranges a number falls in (above one cut, below another) combine to the interval it lies in, and a rider
    answers the records holding it. A label the item names in a slot that follows the record's label
    (:mod:`~windtunnel.leakage.label_slots`) weighs for that label by the slot's smoothed agreement on the training
    records, and for each other label by an even share of the rest. An item holding neither gets the label the
    training records holding none hold most (the residual majority: a rider in a third of the records leaves the
    rest with a different label mix); with nothing kept, that is the training majority: chance. Absent features
    are not weighed: the kept features are correlated (a number's thresholds), and their absences would be counted
    many times over. Nor is a candidate weighed more than once: the kept features held by exactly the same training
    records and weighed against the same records (a sentence's words and n-grams, a text read as written and decoded)
    are one group, weighed once; else a canned sentence of twenty n-grams leaning to one label outvoted a code that
    tells another. Its members then weigh the same by construction: a number's ranges and thresholds, weighed among
    the records holding the field, are never one group with the field's key, weighed among all records (a count
    only one label's records hold would otherwise weigh by a threshold, at no odds, instead of by its key)."""

    def __init__(
        self,
        kept: Mapping[Feature, Counter[str]],
        by_label: Counter[str],
        rest: Counter[str],
        group: Mapping[Feature, int] | None = None,
        *,
        spelled: Mapping[str, str] | None = None,
        holders: Mapping[str, Counter[str]] | None = None,
    ) -> None:
        """``kept``: per kept feature its training records per label; ``by_label``: the training records per
        label; ``rest``: the training records holding no kept feature nor a named label, per label; ``group``: per
        kept feature its group (:func:`_fit_fold`; none given: each its own); ``spelled``:
        a label normalised as mentions are (:func:`~windtunnel.leakage.text.normalize_needle`) → its answer;
        ``holders``: per numeric field, the training records per label holding a value there
        (:func:`_numeric_holders`). A numeric field's ranges weigh by each label's share among the records holding
        the field, not among all its records: the several ranges a number falls in would otherwise each count
        again that the label's records hold the field at all, and a label whose records mostly hold it (no
        record of it left ungraded) would outweigh the one whose interval the number lies in."""
        total = by_label.total()
        self.labels = sorted(by_label)
        self.base = {lab: math.log(by_label[lab] / total) for lab in self.labels}
        held = holders or {}

        def among(f: Feature) -> str | None:
            """The numeric field whose holders a feature's share is taken among (``None``: all records)."""
            return f[1] if f[0] in NUMERIC_KINDS and f[1] in held else None

        def denominator(f: Feature, lab: str) -> int:
            field = among(f)
            return by_label[lab] if field is None else held[field][lab]

        self.weight = {
            f: {lab: math.log((c[lab] + 1) / (denominator(f, lab) + 2)) for lab in self.labels} for f, c in kept.items()
        }
        numbers = dict(group) if group is not None else {f: n for n, f in enumerate(kept)}
        self.group: dict[Feature, tuple[int, str | None]] = {f: (numbers[f], among(f)) for f in kept}
        self.fallback = _majority(list((rest or by_label).elements()))
        self.spelled = spelled or {}

    def _slot_weight(self, named: Named) -> dict[str, float] | None:
        """What a named label weighs for each label (``None``: the label is none the training records hold)."""
        label = self.spelled.get(named.label)
        if label not in self.base:
            return None
        rate = (named.k + 1) / (named.n + 2)
        other = math.log((1 - rate) / max(1, len(self.labels) - 1))
        return {lab: math.log(rate) if lab == label else other for lab in self.labels}

    def predict(
        self, feats: frozenset[Feature], named: Sequence[Named] = (), places: Mapping[Feature, str] | None = None
    ) -> tuple[str, Feature | Named | None]:
        """The label of highest posterior for an item holding ``feats`` and naming ``named`` (ties: the first in
        sorted order), and the held feature or named slot that weighed most for it against the runner-up
        (``None``: none held, the residual majority). A group weighs once (its members weigh the same), reported by
        its first member held, one with a field first (a word's feature names none). ``places``: per feature read
        from one of the item's texts, that text's pointer (:func:`_text_places`); a text votes once, by the mean of
        its groups' weights (a note written from a template with optional phrases holds words that different records
        hold, one group per phrase, and would otherwise outvote a flag that tells another label)."""
        weights: list[tuple[Feature | Named, dict[str, float]]] = []
        seen: set[tuple[int, str | None]] = set()
        texts: dict[str, list[tuple[Feature, dict[str, float]]]] = {}
        for f in sorted((f for f in feats if f in self.weight), key=lambda f: (not f[1], f)):
            if self.group[f] not in seen:
                seen.add(self.group[f])
                if places and f in places:
                    texts.setdefault(places[f], []).append((f, self.weight[f]))
                else:
                    weights.append((f, self.weight[f]))
        for members in texts.values():
            mean = {lab: sum(w[lab] for _f, w in members) / len(members) for lab in self.labels}
            weights.append((members[0][0], mean))
        for m in named:
            w = self._slot_weight(m)
            if w is not None:
                weights.append((m, w))
        if not weights:
            return self.fallback, None
        scores = {lab: self.base[lab] + sum(w[lab] for _f, w in weights) for lab in self.labels}
        best = max(self.labels, key=lambda lab: scores[lab])
        others = [lab for lab in self.labels if lab != best]
        if not others:
            return best, None
        second = max(others, key=lambda lab: scores[lab])
        top, w = max(weights, key=lambda fw: fw[1][best] - fw[1][second])
        return best, top if w[best] > w[second] else None


def _numeric_bins(where: Sequence[Mapping[Feature, tuple[Any, ...]]]) -> list[dict[Feature, str]]:
    """Per item, its numeric values' quantile bins as features ``("range", template, "lo..hi")`` → the value's
    pointer: a score, a count or a percentage that orders with the label (points out of 100 beside a letter grade)
    is one feature per range, which a value-per-feature model never generalises from. The cut points are the
    ``_BINS``-quantiles of each field's values over the whole dataset, read without the labels, so they leak
    nothing of the test fold's answers. A number is a non-string value, or a short string that is a number
    (with a decimal comma or a percent sign)."""
    values: dict[str, list[float]] = {}
    per_item: list[list[tuple[str, float, str]]] = []
    for w in where:
        numbers: list[tuple[str, float, str]] = []
        for (kind, template, text), place in w.items():
            if kind != "value" or not _NUMBER.fullmatch(text):
                continue
            number = float(text.strip().rstrip("%").strip().replace(",", "."))
            if math.isfinite(number):
                numbers.append((template, number, str(place[0])))
        per_item.append(numbers)
        for template, number, _p in numbers:
            values.setdefault(template, []).append(number)
    cuts: dict[str, list[float]] = {}
    for template, vs in values.items():
        ordered = sorted(vs)
        if len(set(ordered)) > 2:
            cuts[template] = sorted({ordered[len(ordered) * q // _BINS] for q in range(1, _BINS)})
    out: list[dict[Feature, str]] = []
    for numbers in per_item:
        got: dict[Feature, str] = {}
        for template, number, pointer in numbers:
            edges = cuts.get(template)
            if edges is None:
                continue
            b = bisect_right(edges, number)
            lo = "" if b == 0 else f"{edges[b - 1]:g}"
            hi = "" if b == len(edges) else f"{edges[b]:g}"
            got[("range", template, f"{lo}..{hi}")] = pointer
            for cut in edges:
                got[("at-least" if number >= cut else "below", template, f"{cut:g}")] = pointer
        out.append(got)
    return out


_TOP = 10


def drivers_summary(
    predictions: Sequence[str], labels: Sequence[str], drivers: Sequence[Driver | None], *, show_values: bool = False
) -> dict[str, list[dict[str, object]]]:
    """What decided the agent's answers, per field and per candidate: how many items each decided and how many of
    those it got right, those with the most right answers beyond 1/labels first (at most ``_TOP`` each).

    A verdict over the whole dataset can be at chance while one field answers a quarter of the items exactly (a
    code on the items of one source, a map of ids to labels on a few): the rate of the field beside its count is
    what shows it. A candidate equal to a label is shown hashed unless ``show_values`` (a report must not give
    the answers away)."""
    names = {lab.casefold() for lab in labels}
    by_field: Counter[str] = Counter()
    right_field: Counter[str] = Counter()
    by_feature: Counter[Driver] = Counter()
    right_feature: Counter[Driver] = Counter()
    for pred, lab, drv in zip(predictions, labels, drivers, strict=True):
        if drv is None:
            continue
        by_field[drv[0]] += 1
        by_feature[drv] += 1
        if pred == lab:
            right_field[drv[0]] += 1
            right_feature[drv] += 1

    def shown(value: str) -> str:
        return value if show_values or value.casefold() not in names else value_hash(value)

    chance = 1 / max(2, len(set(labels)))
    fields = sorted(by_field, key=lambda f: (by_field[f] * chance - right_field[f], f))[:_TOP]
    feats = sorted(by_feature, key=lambda d: (by_feature[d] * chance - right_feature[d], d))[:_TOP]
    return {
        "fields": [{"field": f or "/", "decided": by_field[f], "correct": right_field[f]} for f in fields],
        "features": [
            {
                "field": d[0] or "/",
                "kind": d[1],
                "value": shown(d[2]),
                "decided": by_feature[d],
                "correct": right_feature[d],
            }
            for d in feats
        ],
    }
