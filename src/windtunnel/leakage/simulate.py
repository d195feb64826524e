"""Model-free blind baselines that read the data: ``copy`` and ``blind``.

``majority`` and ``prior`` (:func:`windtunnel.leakage.baseline.blind_predictions`) never read an item,
so they score the same on leaky and sanitized data: reference rows, not a leak test. The two agents
here do read it, with no model and no reasoning:

* ``copy`` answers the label the projection *states*: it scans the item once per candidate label (the
  answer is not given to it) and answers the label whose findings weigh most (``high`` 3, ``medium`` 2,
  ``low`` 1), or the most frequent label when none is found. High on raw data means the scanner's
  findings alone give the answer away.
* ``blind`` is a cross-validated multinomial naive Bayes classifier over the projection's candidates
  (:func:`windtunnel.leakage.mine.candidates`: (pointer, value) pairs, tokens and n-grams of the short
  values) with what the task should be derived from removed — the fields named in ``derive_from``, and
  without them prose (with them, prose elsewhere is read as written, as mining reads it): the seed's "no real
  input". High on raw data means the label can be read off the
  rest of the record (a glyph, a code, a constant) whether or not any rule names it.

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
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from windtunnel._util.rng import cell_rng
from windtunnel.leakage.mine import candidates, prose_prints, records_of
from windtunnel.leakage.model import LeakItem, value_hash
from windtunnel.leakage.scan import audit_item

SIMULATIONS: dict[str, str] = {
    "majority": "always the most frequent label; never reads the projection",
    "prior": "a label drawn from the label frequencies (seeded); never reads the projection",
    "copy": "the label the projection states, from the scanner's findings for each candidate label",
    "blind": "cross-validated naive Bayes over the projection with the content removed (no real input)",
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
    correlated: Mapping[str, Sequence[str]] | None = None,
    decode: bool = True,
    learned: bool | None = None,
) -> list[str]:
    """For each item, the label its projection states (see the module docstring).

    ``labels`` are the candidates (default: the distinct answers of ``items``); ``correlated`` maps a
    label to values that imply it (``--correlated-map``), searched with that label.

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
    correlated: Mapping[str, Sequence[str]] | None = None,
    decode: bool = True,
    learned: bool | None = None,
) -> tuple[list[str], list[Driver | None]]:
    """:func:`copy_predictions`, and per item the heaviest finding for the label it answered (``None``: no
    finding, the majority label); ``learned`` as there."""
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
                correlated_values=list((correlated or {}).get(cand, [])),
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
    items: Sequence[LeakItem], *, derive_from: Sequence[str] = (), folds: int = 5, seed: int = 0
) -> list[str]:
    """Out-of-fold naive Bayes predictions over each item's candidates (see :func:`blind_with_drivers`)."""
    return blind_with_drivers(items, derive_from=derive_from, folds=folds, seed=seed)[0]


def blind_with_drivers(
    items: Sequence[LeakItem], *, derive_from: Sequence[str] = (), folds: int = 5, seed: int = 0
) -> tuple[list[str], list[Driver | None]]:
    """Out-of-fold naive Bayes predictions over each item's candidates with the content removed, and per item
    the candidate that weighed most for the predicted label against the runner-up (``None``: the prior alone).

    Records are dealt into ``folds`` folds in a seeded order; each fold is predicted by a model fitted on
    the others (Laplace smoothing; a candidate absent from the training folds is ignored), so no item is
    ever predicted by a model that saw it, nor by one that saw the same record under another question
    (items sharing a record's prose are one record, :func:`~windtunnel.leakage.mine.records_of`: else the
    record's own key, learnt from one of its items, would predict the others).

    Features are the sets of :func:`~windtunnel.leakage.mine.candidates` (presence, not counts), with
    prose and ``derive_from`` fields left out, so a high score means the short values alone predict the
    label. Ties go to the first label in sorted order; ``folds`` below 2 raises ``ValueError``.
    """
    if folds < 2:
        raise ValueError(f"folds must be 2 or more, got {folds}")
    n = len(items)
    where = [candidates(it.projection, derive_from) for it in items]
    feats = [frozenset(w) for w in where]
    drivers: list[Driver | None] = [None] * n
    answers = [it.expected[0] for it in items]
    record_of, record_label = records_of(answers, [prose_prints(it.projection, derive_from) for it in items])
    order = list(range(len(record_label)))
    cell_rng(seed, "blind-folds").shuffle(order)
    record_fold = [0] * len(record_label)
    for pos, r in enumerate(order):
        record_fold[r] = pos % folds
    fold_of = [record_fold[record_of[i]] for i in range(n)]
    out = [""] * n
    for k in range(min(folds, n)):
        train = [i for i in range(n) if fold_of[i] != k]
        test = [i for i in range(n) if fold_of[i] == k]
        if not train:
            for i in test:
                out[i] = _majority(answers)
            continue
        prior: Counter[str] = Counter(answers[i] for i in train)
        per_label: dict[str, Counter[object]] = {lab: Counter() for lab in prior}
        for i in train:
            per_label[answers[i]].update(feats[i])
        vocab = set().union(*(c.keys() for c in per_label.values()))
        totals = {lab: c.total() + len(vocab) for lab, c in per_label.items()}
        log_prior = {lab: math.log(c / len(train)) for lab, c in prior.items()}
        ranked = sorted(prior)
        for i in test:
            known = [f for f in feats[i] if f in vocab]
            scores: dict[str, float] = {}
            for lab in ranked:
                counts = per_label[lab]
                scores[lab] = log_prior[lab] + sum(math.log((counts[f] + 1) / totals[lab]) for f in known)
            best = max(ranked, key=lambda lab: scores[lab])  # the first of the ties, in sorted order
            out[i] = best
            drivers[i] = _driver(known, best, ranked, scores, per_label, totals, where[i])
    return out, drivers


def _driver(
    known: list[tuple[str, str, str]],
    best: str,
    ranked: list[str],
    scores: dict[str, float],
    per_label: dict[str, Counter[object]],
    totals: dict[str, int],
    where: Mapping[tuple[str, str, str], tuple[Any, ...]],
) -> Driver | None:
    """The candidate whose log-likelihood ratio of ``best`` over the runner-up label is largest (None: none
    favours ``best``, or a single label)."""
    others = [lab for lab in ranked if lab != best]
    if not others or not known:
        return None
    second = max(others, key=lambda lab: scores[lab])

    def ratio(f: tuple[str, str, str]) -> float:
        return math.log((per_label[best][f] + 1) / totals[best]) - math.log((per_label[second][f] + 1) / totals[second])

    top = max(sorted(known), key=ratio)
    if ratio(top) <= 0:
        return None
    pointer = where[top][0]
    return ("/".join("*" if t.isdigit() else t for t in pointer.split("/")), top[0], top[2])


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
