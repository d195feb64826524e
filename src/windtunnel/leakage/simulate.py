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
  values) with what the task should be derived from removed — prose, and the fields named in
  ``derive_from``: the seed's "no real input". High on raw data means the label can be read off the
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

from windtunnel._util.rng import cell_rng
from windtunnel.leakage.mine import candidates
from windtunnel.leakage.model import LeakItem
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
) -> list[str]:
    """For each item, the label its projection states (see the module docstring).

    ``labels`` are the candidates (default: the distinct answers of ``items``); ``correlated`` maps a
    label to values that imply it (``--correlated-map``), searched with that label.

    Each candidate is tried as if it were the answer, with the item's own label set (or the candidates),
    so the agent never sees the true answer: it reads what the scan would report for each label and
    picks the heaviest. Ties go to the majority label when it is among them, else to the first
    candidate; an item where no candidate is found gets the majority label (what a blind guess does).
    Costs one audit per item and candidate: on a large label set this is the slow agent.
    """
    answers = [it.expected[0] for it in items]
    cands = list(dict.fromkeys(labels or answers))
    fallback = _majority(answers)
    out: list[str] = []
    for it in items:
        scores: dict[str, int] = {}
        for cand in cands:
            probe = replace(
                it,
                expected=[cand],
                label_set=list(it.label_set or cands),
                correlated_values=list((correlated or {}).get(cand, [])),
            )
            weight = sum(_WEIGHT[f.severity] for f in audit_item(probe, decode=decode).findings)
            if weight:
                scores[cand] = weight
        if scores:
            top = max(scores.values())
            tied = [c for c in cands if scores.get(c) == top]
            out.append(fallback if fallback in tied else tied[0])
        else:
            out.append(fallback)
    return out


def blind_predictions_cv(
    items: Sequence[LeakItem], *, derive_from: Sequence[str] = (), folds: int = 5, seed: int = 0
) -> list[str]:
    """Out-of-fold naive Bayes predictions over each item's candidates with the content removed.

    Items are dealt into ``folds`` folds in a seeded order; each fold is predicted by a model fitted on
    the others (Laplace smoothing; a candidate absent from the training folds is ignored), so no item is
    ever predicted by a model that saw it.

    Features are the sets of :func:`~windtunnel.leakage.mine.candidates` (presence, not counts), with
    prose and ``derive_from`` fields left out, so a high score means the short values alone predict the
    label. Ties go to the first label in sorted order; ``folds`` below 2 raises ``ValueError``.
    """
    if folds < 2:
        raise ValueError(f"folds must be 2 or more, got {folds}")
    n = len(items)
    feats = [frozenset(candidates(it.projection, derive_from)) for it in items]
    answers = [it.expected[0] for it in items]
    order = list(range(n))
    cell_rng(seed, "blind-folds").shuffle(order)
    fold_of = [0] * n
    for pos, i in enumerate(order):
        fold_of[i] = pos % folds
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
            best, best_score = ranked[0], -math.inf
            for lab in ranked:
                counts = per_label[lab]
                score = log_prior[lab] + sum(math.log((counts[f] + 1) / totals[lab]) for f in known)
                if score > best_score:
                    best, best_score = lab, score
            out[i] = best
    return out
