"""What the blind baseline still reads the label off after sanitizing, as findings the sanitizer cuts.

``leak sanitize --mine`` removes what the scan and ``leak mine`` find. The ``blind`` agent
(:mod:`.simulate`) reads more loosely than mining proves: every (pointer, value) pair, word and n-gram of the
projection outside the task's input (``--derive-from``), prose outside that input included, and each numeric
field's ranges, keeping what is significant on its training folds. A rider mining leaves for review (a glyph in a
bot's summary, an adjuster's note "Closed without payout") or too rare for its stricter test still answers the
agent, and the sanitized twin is not at chance. So the sanitizer consults the same evidence
(:func:`blind_shortcuts`): when the agent, cross-validated on the sanitized dataset, passes above chance
(one-sided exact binomial p at most :data:`ALPHA` against the majority rate), the features its selection keeps on
the whole dataset (:func:`~windtunnel.leakage.simulate.selected_features`) are cut where they sit, on **every**
item holding them whatever its label (:func:`shortcut_findings`: cut on one label's items only, a kept one would
rule that label out), and the dataset is sanitized again, until the agent is at chance, nothing new can be cut,
or :data:`MAX_ROUNDS` rounds are done.

What is never cut: the task's input (the features are read outside ``--derive-from``, and the findings are mined
evidence, which the sanitizer never acts on there); prose of an item where no ``--derive-from`` field resolves to
a place (the named input then sits inside a text, a YAML or HTML document held in a string, and a sentence of that
text may be the input itself: the features found there are reported, not cut); anything on a dataset where the
agent is at chance (a clean dataset keeps its bytes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from windtunnel.leakage.baseline import binom_sf

# The miner's per-string candidate readers, so a feature is found at every place of an item, not only its first
# (``candidates`` keeps one place per feature); no cycle: mine imports nothing of this module.
from windtunnel.leakage.candidates import PROSE_WORDS, ListSets, _leaves, _prose_candidates, _string_candidates
from windtunnel.leakage.input_text import mask_input
from windtunnel.leakage.mine import _general, in_derive_from, input_located
from windtunnel.leakage.model import Finding, LeakItem
from windtunnel.leakage.score_tops import TOP_PREFIX, score_tops
from windtunnel.leakage.simulate import NUMERIC_KINDS, Feature, blind_predictions_cv, selected_features

ALPHA = 0.05
"""The sanitizer cuts what the blind agent reads when its pass rate is above chance at this one-sided p (the
baseline's own verdict uses 0.01: a sanitized twin that is merely "inconclusive" still gives answers away)."""
MAX_ROUNDS = 3
"""Rounds of sanitize → blind agent → cut at most (each round re-sanitizes the dataset once)."""
RULE = "correlated.blind"
"""The rule of a shortcut finding (a stable name: users filter by rule)."""
REPRESENTATION = "mined"
"""Shortcut findings are dataset evidence, like mined ones: never acted on inside the task's input."""


@dataclass
class Shortcuts:
    """What the blind agent reads the label off in one sanitized dataset, and the verdict that asked for the cut."""

    pass_rate: float
    chance: float
    p_value: float
    features: dict[Feature, Counter[str]] = field(default_factory=dict)
    """The features the agent's selection keeps on the whole dataset (empty when the agent is at chance)."""
    places: dict[Feature, Counter[str]] = field(default_factory=dict)
    """Per feature, the fields holding it (:func:`~windtunnel.leakage.simulate.selected_features`)."""
    graded: set[str] = field(default_factory=set)
    """The fields the agent leaves out because their values only make a label likelier (:mod:`.graded`: another
    measurement or a prior state of the subject, principle 7): input-side evidence, reported, never cut."""
    with_graded: tuple[float, float] | None = None
    """With :attr:`graded` non-empty: the agent's pass rate and p-value when it reads those fields too (same folds),
    which tells whether it is above chance only through them."""

    @property
    def above_chance(self) -> bool:
        """Whether the agent passes above chance at :data:`ALPHA`."""
        return self.p_value <= ALPHA

    @property
    def only_through_graded(self) -> bool:
        """Whether the agent is above chance only when it reads the :attr:`graded` fields (:data:`ALPHA`)."""
        return self.with_graded is not None and self.with_graded[1] <= ALPHA and not self.above_chance

    def verdict(self) -> str:
        """The agent's pass rate against chance."""
        return (
            f"blind baseline on the sanitized data {self.pass_rate:.2f} vs {self.chance:.2f} (majority), "
            f"p = {self.p_value:.2g}"
        )

    def describe(self) -> str:
        """One line: the agent's pass rate against chance and how many features it reads."""
        return f"{self.verdict()}: {len(self.features)} feature(s) outside the task's input ride with the label"

    def fields(self) -> list[str]:
        """The fields (pointer templates) of the features the agent reads, each once, most features first."""
        counts: Counter[str] = Counter()
        for _kind, template, _text in self.features:
            # a word names no field of its own (template ""): the fields holding it (QA 24: "in /" for /message)
            counts.update([template] if template else list(self.places.get((_kind, template, _text)) or ["/"]))
        return [t or "/" for t, _ in counts.most_common()]


def blind_shortcuts(items: Sequence[LeakItem], *, derive_from: Sequence[str] = ()) -> Shortcuts | None:
    """The blind agent's verdict on ``items`` (a sanitized dataset) and, when it passes above chance, the features
    its selection keeps (:class:`Shortcuts`); None when there is nothing to test (fewer than 10 items, or one
    label). Cross-validated exactly as ``leak baseline --simulate blind`` (5 folds, seed 0)."""
    answers = [it.expected[0] for it in items if it.expected]
    if len(answers) != len(items) or len(items) < 10 or len(set(answers)) < 2:
        return None
    left_out: set[str] = set()
    preds = blind_predictions_cv(items, derive_from=derive_from, left_out=left_out)
    passes = sum(p == a for p, a in zip(preds, answers, strict=True))
    chance = max(Counter(answers).values()) / len(answers)
    p = binom_sf(passes, len(answers), chance)
    out = Shortcuts(passes / len(answers), chance, p, graded=left_out)
    if left_out:  # the same agent reading the graded fields too: above chance only through them?
        read = blind_predictions_cv(items, derive_from=derive_from, keep_graded=True)
        k = sum(p == a for p, a in zip(read, answers, strict=True))
        out.with_graded = (k / len(answers), binom_sf(k, len(answers), chance))
    if out.above_chance:
        out.features = _proven(selected_features(items, derive_from=derive_from, places=out.places), answers)
        out.places = {f: out.places[f] for f in out.features if f in out.places}
    return out


CUT_ALPHA = 0.01
"""A feature the agent reads is cut on every item holding it only when the label it rides with is that far from
chance on its own: a one-sided exact binomial test of its records of that label against the label's share,
Bonferroni-corrected for the number of features (mining's own level). The agent's selection (Benjamini-Hochberg at
5 % among many strong riders) admits a random value that happens to sit on five records of one label (a score of
0.76, QA 17), and cutting it would blank a field of every item for nothing."""


def _proven(features: dict[Feature, Counter[str]], answers: Sequence[str]) -> dict[Feature, Counter[str]]:
    """The ``features`` whose records lean to one label beyond chance on their own (:data:`CUT_ALPHA`)."""
    share = {label: n / len(answers) for label, n in Counter(answers).items()}
    out = {}
    for feature, by_label in features.items():
        label, k = by_label.most_common(1)[0] if by_label else ("", 0)
        n = sum(by_label.values())
        if n and binom_sf(k, n, share.get(label, 1.0)) * len(features) <= CUT_ALPHA:
            out[feature] = by_label
    return out


def shortcut_findings(
    item: LeakItem, features: Iterable[Feature], *, derive_from: Sequence[str] = (), inputs: Sequence[str] = ()
) -> list[Finding]:
    """A finding at every place of ``item`` that holds one of ``features`` (the blind agent's, read as it reads
    them), whatever the item's label, outside the ``derive_from`` fields: a value or a word where it sits (its span
    in the string, or the whole value; the sanitizer cuts the sentence around a word in prose), a numeric range as
    the whole number at its field. Prose is cut only where the item's input is located (:func:`input_located`).
    ``inputs`` are the field templates mining read as the task's own input when no ``derive_from`` names it
    (:attr:`~windtunnel.leakage.mine.MineResult.inputs`): never cut either, as mining gives their words for review.
    Severity ``medium``, rule :data:`RULE`, representation ``mined``."""
    wanted = set(features)
    if not wanted:
        return []
    numeric = {template for kind, template, _text in wanted if kind in NUMERIC_KINDS}
    prose_ok = bool(derive_from) and input_located(item, derive_from)
    out: list[Finding] = []
    seen: set[tuple[str, str | None, tuple[int, int] | None]] = set()

    def add(pointer: str, inner: str | None, span: tuple[int, int] | None, view: str, key: Feature) -> None:
        if (pointer, inner, span) in seen:
            return
        seen.add((pointer, inner, span))
        out.append(
            Finding(
                item=item.id,
                channel="correlated",
                severity="medium",
                pointer=pointer,
                representation=REPRESENTATION,
                span=span,
                view=view,
                rule=RULE,
                detail=f"the blind baseline reads the label off this {key[0]} across the dataset (outside the "
                "task's input): cut on every item holding it",
                value=key[2],
                inner=inner,
            )
        )

    read = mask_input(item.projection, derive_from)  # as the blind agent reads it: a named input in a text blanked
    lists = ListSets()  # a list's members read together (:func:`~windtunnel.leakage.candidates.candidates`)
    for pointer, value, cut in _leaves(read, ""):
        if (derive_from and in_derive_from(pointer, derive_from)) or (inputs and in_derive_from(pointer, inputs)):
            continue
        template = _general(pointer)
        outer, inner = (pointer, None) if cut is None else (pointer[:cut], pointer[cut:])
        if cut is None:
            lists.add(pointer, value)
        if not isinstance(value, str):
            key = ("value", template, value[0])
            if key in wanted or template in numeric:
                add(outer, inner, None, "raw", key)
            continue
        found = _string_candidates(template, value)
        if not found and len(value.split()) > PROSE_WORDS:
            found = _prose_candidates(template, value) if prose_ok else ()
        elif template in numeric and any(k[0] == "value" for k, _s, _v in found):
            found = (*found, (("value", template, value), None, "raw"))
            wanted.add(("value", template, value))
        for key, span, view in found:
            if key in wanted:
                add(outer, inner, None if inner is not None else span, view, key)
    for key, _listed, at in lists.sets() if derive_from else ():  # a set the agent reads: cut at each member
        if key in wanted:
            for pointer in at:
                add(pointer, None, None, "raw", key)
    for top in (
        score_tops(read, derive_from, labels=len(set(item.label_set))) if derive_from else ()
    ):  # a score vector's top the agent reads
        key = ("value", _general(top.pointer), TOP_PREFIX + top.member)
        if key in wanted:
            outer, inner = (top.pointer, None) if top.cut is None else (top.pointer[: top.cut], top.pointer[top.cut :])
            add(outer, inner, None, "top", key)
    return out
