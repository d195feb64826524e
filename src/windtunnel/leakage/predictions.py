"""An earlier model's prediction written as numbers: an index into the labels, or a score per label.

Principle 1 (``docs/leakage.md``, "A prediction written as numbers"): a classifier's output states its label
even when no field holds the label's text. Two forms are read here, in one walk of the projection:

* **an index** (``argmax``, ``label_id``, ``top_k[0].index``) into the projection's one listing of every
  label (a list of the labels, or an ``id2label`` object keyed by positions) states the label it points at;
* **a ranking**: numbers assigned to the members of the label set — an object keyed by the labels
  (``{"scores": {"billing": 0.02, "technical": 0.9}}``, votes, logits), a list of objects each naming one
  label beside a number (``[{"label": "technical", "score": 0.91}, ...]``, a language model's
  ``top_logprobs``), or a list of numbers beside a listing of the labels (``"classes"`` and ``"probs"``) —
  read as a ranking whose top is the label the model predicted. It states that label when it is the
  record's own prediction (see :func:`_prediction`): named as a model's judgement (a word of scoring in its
  own name, or a field named like an earlier model's output on its path), with no word of its own name
  naming another thing (``price``, ``tickets``, ``csat``), no word on its path naming a table of many
  records (``dashboard``, ``stats``, ``histogram``), outside another record's object, over two labels and
  half the label set at least, with one top (a tie or equal scores rank nothing), and not a scale's codes
  (distinct whole numbers in a constant step along the label set's order: ``{"Low": 1, "Medium": 2,
  "High": 3}`` defines the labels). Higher is better, except under a name of rank or distance.

The finding points at the top member: its number (an object's member, whose key is the label, or a list's
number at the label's position) or its label text (a list of objects); :func:`predictions` says where and
which label, and :func:`~windtunnel.leakage.scan` makes the finding like its other value findings.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from windtunnel.leakage.formats import is_upstream_name, key_words
from windtunnel.leakage.mention import NAMING_WORDS
from windtunnel.leakage.pointers import join_pointer
from windtunnel.leakage.text import normalize_needle

POINTER_NAME = re.compile(r"(?i)argmax|index|idx|label_?id|class_?id|top_?1|prediction|predicted|choice|selected")
"""Names of a number that points into a list rather than counts (principle 1: what it points at is the value)."""
POINTER_NAME_WORDS = (
    b"argmax",
    b"index",
    b"idx",
    b"labelid",
    b"label_id",
    b"classid",
    b"class_id",
    b"top1",
    b"top_1",
    b"prediction",
    b"predicted",
    b"choice",
    b"selected",
)
"""Every string :data:`POINTER_NAME` matches, lowercased: looked for with ``find`` in the lowercased
serialisation (the case-insensitive regex, tried at every position, cost ~10× more on a ticket)."""

_INT_VALUE = re.compile(rb'":-?[0-9]')
"""A key's value that is a number, as orjson writes it (led by a literal: the engine skips to ``":``)."""
_LIST_NUMBERS = (re.compile(rb"\[-?[0-9]"), re.compile(rb",-?[0-9]"))
"""A list's number as orjson writes it, first or later (``10:00`` in a string is neither): one pattern each, led
by a literal the engine skips to (one pattern of both alternatives, or a class, costs ~10× more on a ticket)."""


def _has_number(blob: bytes) -> bool:
    """Whether the serialisation holds a JSON number as a key's value or a list's element."""
    return _INT_VALUE.search(blob) is not None or any(r.search(blob) is not None for r in _LIST_NUMBERS)


def _words(text: str) -> frozenset[str]:
    """The words of ``text``: a vocabulary written as one string, a few words a line."""
    return frozenset(text.split())


SCORE_WORDS = _words(
    "score scores scoring prob probs proba probas probability probabilities logit logits logprob logprobs "
    "likelihood likelihoods confidence confidences vote votes softmax posterior posteriors similarity "
    "similarities rank ranks ranking rankings distance distances"
)
"""Words naming a model's judgement per label: a number under such a name ranks the labels for one record."""
LOWER_WORDS = frozenset({"rank", "ranks", "ranking", "rankings", "distance", "distances"})
"""Words of a ranking whose best member has the lowest number (``rank 1``, the nearest)."""
GENERIC_WORDS = _words(
    "top raw final norm normalized normalised calibrated per by of for all each log sorted desc asc class "
    "classes label labels category categories output outputs result results prediction predictions model "
    "models value values token tokens candidate candidates option options choice choices answer answers head "
    "out res resp response responses data items entries list pairs ranked hits topk k n y p"
)
"""Words a name of a model's scores may hold beside a word of scoring without naming another thing."""
AGGREGATE_WORDS = _words(
    "dashboard dashboards stats statistics metrics histogram histograms analytics aggregate aggregates "
    "aggregated totals overview kpi kpis breakdown trend trends distribution distributions daily weekly "
    "monthly quarterly yearly team average averages avg mean"
)
"""Words of a name on the path that make the numbers a table about many records, not one record's scores."""
_GATE_WORDS = (
    b"score",
    b"prob",
    b"logit",
    b"vote",
    b"likelihood",
    b"confiden",
    b"softmax",
    b"posterior",
    b"similarit",
    b"rank",
    b"distance",
    b"pred",
    b"suggest",
    b"auto",
    b"classif",
    b"infer",
    b"llm",
    b"gpt",
    b"triage",
    b"guess",
)
"""What a lowercased serialisation must hold for a ranking to be judged a prediction: a word of scoring or of an
upstream name (:func:`~windtunnel.leakage.formats.is_upstream_name`), found with ``find`` (a regex of these
alternatives, tried at every position, cost ~2× more); with :data:`_FIRST_AI_ML` a sound gate, looser than the
test."""
_FIRST_AI_ML = re.compile(rb'"[^a-z0-9"]*(?:ai|ml)')
"""A key whose first word is ``ai`` or ``ml`` (``aiCategory``, ``_ml``), in the lowercased serialisation."""
_NAMING = frozenset(w for w in NAMING_WORDS if w.isascii() and w.isalpha())
"""The words naming a task that a key's words can be (:func:`~windtunnel.leakage.formats.key_words` keeps ASCII)."""
MAX_NODES = 20000
"""Containers read per item (the walk is bounded like the others)."""


class Predicted(NamedTuple):
    """One place that states a label as an earlier model's prediction."""

    pointer: str
    """Where the finding points: the index, the top member's number, or its label text."""
    norm: str
    """The label it states (normalised as :func:`~windtunnel.leakage.text.normalize_needle` writes it)."""
    upstream: str | None
    """The pointer of the outermost field named like an earlier model's output on the way, if any."""
    span: tuple[int, int] | None
    """The characters of the string at ``pointer`` (a label text), ``None`` for a number."""
    detail: str


def names_pointer(blob: bytes, low: bytes | None = None) -> bool:
    """Whether the serialised projection may hold a number under a name :data:`POINTER_NAME` matches:
    some key's value is a number, and such a name occurs, in any case (``low``: ``blob`` lowercased, if made)."""
    if _INT_VALUE.search(blob) is None:
        return False
    low = blob.lower() if low is None else low
    return any(low.find(w) >= 0 for w in POINTER_NAME_WORDS)


def may_rank(blob: bytes, low: bytes | None = None) -> bool:
    """Whether the serialised projection may hold a ranking judged a prediction: a number, and a word of
    scoring or of an upstream name somewhere (sound: :func:`_prediction` needs one of them in a key;
    ``low``: ``blob`` lowercased, if made)."""
    if not _has_number(blob):
        return False
    low = blob.lower() if low is None else low
    return any(low.find(w) >= 0 for w in _GATE_WORDS) or _FIRST_AI_ML.search(low) is not None


def predictions(
    root: Any,
    blob: bytes,
    label_order: tuple[str, ...],
    task: Callable[[], str | None] | None = None,
    other_records: Callable[[list[Any]], frozenset[int]] | None = None,
) -> list[Predicted]:
    """The places of ``root`` (a projection serialised as ``blob``) that state a label as an earlier model's
    prediction: an index into the one listing of the labels, or the top of a ranking (module docstring).

    ``label_order`` is the label set normalised, in its order; ``task`` gives the task's name (its words may
    name a ranking's scores, ``priority_scores``; asked only when a ranking is judged); ``other_records``
    gives the indices of a list's elements that are other records (principle 3: their scores are theirs)."""
    labels = frozenset(label_order)
    if len(labels) < 2 or not isinstance(root, (Mapping, list)):
        return []
    if not _has_number(blob):
        return []  # an index and a ranking are numbers
    low = blob.lower()
    pointing = names_pointer(blob, low)
    ranking = may_rank(blob, low)
    if not pointing and not ranking:
        return []
    walk = _Walk(labels, label_order, task, other_records)
    walk.run(root)
    found: list[Predicted] = []
    if pointing:
        found += walk.pointed()
    if ranking:
        found += walk.ranked()
    return found


_Within = tuple[tuple[list[Any], int | None], ...]
"""The lists above a place, each with the index of the element the place lies in."""
_Member = tuple[str, str, float, tuple[int, int] | None]
"""One member of a ranking: (label, pointer of the finding, number, span of the label text or ``None``)."""


class _Candidate(NamedTuple):
    """A ranking found by the walk: each member's place and number, and the names that judge it."""

    members: Sequence[_Member]
    """(label, pointer of the finding, number, span) per member."""
    own: tuple[str, ...]
    """The ranking's own names: its key (the nearest key above it), and the number's field's or list's key."""
    path: tuple[str, ...]
    """Every key from the root to the ranking."""
    up: str | None
    within: _Within = ()
    """The lists the ranking lies in, with the element it lies in (``None``: the list's elements themselves)."""


class _Walk:
    """One walk of a projection collecting listings of the labels, indices and rankings (bounded)."""

    def __init__(
        self,
        labels: frozenset[str],
        order: tuple[str, ...],
        task: Callable[[], str | None] | None,
        other_records: Callable[[list[Any]], frozenset[int]] | None,
    ) -> None:
        """Prepare a walk over the label set ``labels`` (``order``: as the item lists it)."""
        self.labels = labels
        self.order = order
        self.task = task
        self.other_records = other_records
        self._others: dict[int, frozenset[int]] = {}
        self.listings: list[dict[int, str]] = []
        self.pointers: list[tuple[str, int, str | None]] = []
        self.candidates: list[_Candidate] = []
        self.numeric_lists: list[tuple[str, list[float], tuple[str, ...], str | None, _Within]] = []
        """Every list of numbers: (pointer, numbers, keys on its path, upstream root, lists above it)."""
        self.beside: set[str] = set()
        """The lists of numbers read beside a listing in their own object."""

    def run(self, root: Any) -> None:
        """Walk ``root`` depth first, at most :data:`MAX_NODES` containers."""
        stack: list[tuple[Any, str, str | None, tuple[str, ...], _Within]] = [(root, "", None, (), ())]
        seen = 0
        while stack and seen < MAX_NODES:
            node, ptr, up, path, within = stack.pop()
            seen += 1
            if isinstance(node, Mapping):
                self._object(node, ptr, up, path, within, stack)
            elif isinstance(node, list):
                self._list(node, ptr, up, path, within, stack)

    def _object(
        self,
        node: Mapping[Any, Any],
        ptr: str,
        up: str | None,
        path: tuple[str, ...],
        within: _Within,
        stack: list[Any],
    ) -> None:
        """An object: a listing keyed by positions, its indices, a ranking keyed by the labels, and a list of
        numbers beside a listing of the labels; its containers go on ``stack``."""
        strs = {k: v for k, v in node.items() if type(v) is str}
        if len(strs) >= len(self.labels) and all(str(k).isdigit() for k in strs):
            norms = {int(k): normalize_needle(v) for k, v in strs.items()}
            if self.labels <= set(norms.values()):
                self.listings.append(norms)
        members = [
            (lab, f"{ptr}{join_pointer((str(k),))}", float(v), None)
            for k, v in node.items()
            if _number(v) and (lab := self._label(str(k))) is not None
        ]
        numbers = sum(1 for v in node.values() if _number(v))
        if len(members) >= 2 and numbers - len(members) < len(members):
            self.candidates.append(_Candidate(members, path[-1:], path, up, within))
        self._beside_listing(node, ptr, up, path, within)
        for k, v in node.items():
            child = f"{ptr}{join_pointer((str(k),))}"
            child_up = up if up is not None else (child if is_upstream_name(str(k)) else None)
            if type(v) is int and POINTER_NAME.search(str(k)):
                self.pointers.append((child, v, child_up))
            elif isinstance(v, (Mapping, list)):
                stack.append((v, child, child_up, (*path, str(k)), within))

    def _list(
        self, node: list[Any], ptr: str, up: str | None, path: tuple[str, ...], within: _Within, stack: list[Any]
    ) -> None:
        """A list: a listing of the labels, a ranking of objects naming one label each; its containers go on
        ``stack``, each with the list and its index (whether it is another record is asked of a ranking's lists
        only: :meth:`_inside_other`)."""
        if len(node) >= len(self.labels) and all(type(v) is str for v in node):
            norms_l = [normalize_needle(v) for v in node]
            if self.labels <= set(norms_l):
                self.listings.append(dict(enumerate(norms_l)))
        if len(node) >= 2 and all(isinstance(v, Mapping) for v in node):
            self._pairs(node, ptr, up, path, (*within, (node, None)))
        if node and all(_number(v) for v in node):
            self.numeric_lists.append((ptr, [float(v) for v in node], path, up, within))
        stack.extend(
            (v, f"{ptr}/{i}", up, path, (*within, (node, i)))
            for i, v in enumerate(node)
            if isinstance(v, (Mapping, list))
        )

    def _pairs(self, node: list[Any], ptr: str, up: str | None, path: tuple[str, ...], within: _Within) -> None:
        """A list of objects each naming one label (a string field) beside numbers under keys every object
        shares (``[{"label": "technical", "score": 0.91}, ...]``): one ranking per shared numeric key."""
        named: list[tuple[str, str, str]] = []
        for i, o in enumerate(node):
            hits = [(lab, str(k), v) for k, v in o.items() if type(v) is str and (lab := self._label(v)) is not None]
            if len(hits) != 1:
                return
            lab, key, text = hits[0]
            named.append((lab, f"{ptr}/{i}{join_pointer((key,))}", text))
        if len({lab for lab, _p, _t in named}) != len(named):
            return
        shared = set.intersection(*({str(k) for k, v in o.items() if _number(v)} for o in node))
        for key in sorted(shared):
            members = [(lab, at, float(o[key]), (0, len(text))) for (lab, at, text), o in zip(named, node, strict=True)]
            self.candidates.append(_Candidate(members, (*path[-1:], key), path, up, within))

    def _beside_listing(
        self, node: Mapping[Any, Any], ptr: str, up: str | None, path: tuple[str, ...], within: _Within
    ) -> None:
        """Lists of numbers beside one listing of the labels in the same object (``"classes"`` and ``"probs"``,
        ``"id2label"`` and ``"logits"``): the number at each position ranks the label at that position."""
        listings: list[dict[int, str]] = []
        for v in node.values():
            if type(v) is list and v and all(type(x) is str for x in v):
                norms = [normalize_needle(x) for x in v]
                if self.labels <= set(norms) and len(set(norms)) == len(norms):
                    listings.append(dict(enumerate(norms)))
            elif isinstance(v, Mapping) and v and all(str(k).isdigit() and type(x) is str for k, x in v.items()):
                by_pos = {int(k): normalize_needle(x) for k, x in v.items()}
                if self.labels <= set(by_pos.values()) and len(set(by_pos.values())) == len(by_pos):
                    listings.append(by_pos)
        if len({tuple(sorted(m.items())) for m in listings}) != 1:
            return
        listing = listings[0]
        for k, v in node.items():
            if type(v) is list and len(v) == len(listing) and all(_number(x) for x in v):
                self.beside.add(f"{ptr}{join_pointer((str(k),))}")
                members = [
                    (listing[i], f"{ptr}{join_pointer((str(k),))}/{i}", float(x), None)
                    for i, x in enumerate(v)
                    if i in listing
                ]
                self.candidates.append(_Candidate(members, (str(k),), (*path, str(k)), up, within))

    def _label(self, text: str) -> str | None:
        """The label ``text`` writes (case, spacing, ``_`` and ``-`` between words aside), or ``None``."""
        norm = normalize_needle(text)
        if norm in self.labels:
            return norm
        spaced = normalize_needle(re.sub(r"[_\-]+", " ", text))
        return spaced if spaced in self.labels else None

    def pointed(self) -> list[Predicted]:
        """An index into the projection's one listing of every label; two different listings make it
        ambiguous, and nothing is said."""
        if not self.pointers or len({tuple(sorted(m.items())) for m in self.listings}) != 1:
            return []
        listing = self.listings[0]
        detail = "an index into a listing of the labels points at the expected answer"
        return [
            Predicted(ptr, norm, up, None, detail)
            for ptr, index, up in self.pointers
            if (norm := listing.get(index)) is not None
        ]

    def _elsewhere(self) -> list[_Candidate]:
        """Lists of numbers named by a word of scoring (``"logits"``) as long as the projection's one listing of
        every label elsewhere (``"config": {"id2label": …}``): the number at each position ranks its label."""
        if len({tuple(sorted(m.items())) for m in self.listings}) != 1:
            return []
        listing = self.listings[0]
        out = []
        for ptr, numbers, path, up, within in self.numeric_lists:
            if ptr in self.beside or len(numbers) != len(listing) or not path:
                continue
            if not any(w in SCORE_WORDS for w in key_words(path[-1])):
                continue
            members = [(listing[i], f"{ptr}/{i}", n, None) for i, n in enumerate(numbers) if i in listing]
            out.append(_Candidate(members, path[-1:], path, up, within))
        return out

    def _inside_other(self, within: _Within) -> bool:
        """Whether a place inside the lists ``within`` lies in another record's object (asked once a list)."""
        if self.other_records is None:
            return False
        for lst, index in within:
            others = self._others.get(id(lst))
            if others is None:
                others = self._others[id(lst)] = (
                    self.other_records(lst) if any(type(v) is dict for v in lst) else frozenset()
                )
            if (index is None and others) or index in others:
                return True
        return False

    def ranked(self) -> list[Predicted]:
        """The top of every ranking judged a prediction (:func:`ranked_first`)."""
        out: list[Predicted] = []
        allowed: frozenset[str] | None = None
        for c in [*self.candidates, *self._elsewhere()]:
            if self._inside_other(c.within):
                continue  # another record's scores are that record's (principle 3)
            if allowed is None:
                task = self.task() if self.task is not None else None
                allowed = allowed_words(task, self.order)
            first = ranked_first([(lab, n) for lab, _p, n, _s in c.members], c.own, c.path, self.order, allowed)
            if first is None:
                continue
            lab, ptr, _n, span = next(m for m in c.members if m[0] == first)
            detail = "a score per label ranks the expected answer first: an earlier model's prediction"
            out.append(Predicted(ptr, lab, c.up, span, detail))
        return out


def allowed_words(task: str | None, label_order: Sequence[str]) -> frozenset[str]:
    """Every word of the task's name, of a word naming a task (``priority``, ``sentiment``: the mention
    policy's) and of the labels: a ranking's name may hold one (``priority_scores``, ``billing_vs_rest``)
    without naming another thing."""
    named = frozenset(w for name in (task or "", *label_order) for w in key_words(name))
    return named | _NAMING


def ranked_first(
    members: Sequence[tuple[str, float]],
    own: tuple[str, ...],
    path: tuple[str, ...],
    label_order: Sequence[str],
    allowed: frozenset[str] = frozenset(),
) -> str | None:
    """The label a ranking puts first when it is a model's judgement of this record, else ``None``.

    ``members`` are (normalised label, number); ``own`` the ranking's own names (its key, and its number's
    field's); ``path`` every key from the projection's root to it; ``label_order`` the label set normalised in
    its order; ``allowed`` the words of the task and the labels (:func:`allowed_words`). A ranking states its
    top when it covers two labels and half the label set at least, each once, is named a prediction
    (:func:`_prediction`), is not a scale's codes (:func:`_scale_codes`), and has one top (a tie or equal numbers
    rank nothing first); its best member has the highest number, the lowest under a name of rank or
    distance. The one judgement of every shape of ranking (:class:`_Walk`, and a mapping's rows,
    :func:`~windtunnel.leakage.selection.apply_selection`)."""
    labels = {lab for lab, _n in members}
    if len(labels) != len(members) or len(members) < max(2, math.ceil(len(set(label_order)) / 2)):
        return None  # a label twice (``High`` and ``high``), or too few labels ranked
    up = any(is_upstream_name(k) for k in path)
    lower = _prediction(own, path, up, allowed)
    if lower is None or _scale_codes(members, label_order):
        return None
    numbers = [n for _lab, n in members]
    top = min(numbers) if lower else max(numbers)
    tops = [lab for lab, n in members if n == top]
    return tops[0] if len(tops) == 1 else None


def _scale_codes(members: Sequence[tuple[str, float]], label_order: Sequence[str]) -> bool:
    """Whether the members' numbers are a scale's codes: distinct whole numbers that, in the label set's
    order, step by one constant (three members, or two a step of one apart): ``{"Low": 1, "High": 3}``
    defines the labels, it ranks no record."""
    place = {lab: i for i, lab in enumerate(label_order)}
    nums = [n for _lab, n in sorted(members, key=lambda m: place.get(m[0], len(place)))]
    if not all(n == int(n) for n in nums) or len(set(nums)) != len(nums):
        return False
    steps = {b - a for a, b in itertools.pairwise(nums)}
    return len(steps) == 1 and (len(nums) >= 3 or abs(next(iter(steps))) == 1)


def _number(v: Any) -> bool:
    """A finite JSON number (not a boolean)."""
    return (type(v) is int or type(v) is float) and math.isfinite(v)


def _prediction(own: tuple[str, ...], path: tuple[str, ...], up: bool, allowed: frozenset[str]) -> bool | None:
    """Whether a ranking named ``own`` (its key, and its number's field's) on the keys ``path`` is a model's
    judgement of this record: ``None`` when not, else whether its best member has the lowest number.

    It is when its own name holds a word of scoring or a field named like an earlier model's output is on
    its path (``up``), unless a word of its own name names another thing (a word that is neither of scoring,
    nor generic, nor of the task or the labels: ``price``, ``tickets``, ``csat``) or a word on its path names a
    table of many records (``dashboard``, ``histogram``)."""
    words = [w for name in own for w in key_words(name) if not w.isdigit()]
    if any(w in AGGREGATE_WORDS for name in (*path, *own) for w in key_words(name)):
        return None
    scored = any(w in SCORE_WORDS for w in words)
    if not scored and not up:
        return None
    for w in words:
        if w not in SCORE_WORDS and w not in GENERIC_WORDS and w not in allowed and not is_upstream_name(w):
            return None
    return any(w in LOWER_WORDS for w in words)


__all__ = [
    "POINTER_NAME",
    "POINTER_NAME_WORDS",
    "Predicted",
    "allowed_words",
    "may_rank",
    "names_pointer",
    "predictions",
    "ranked_first",
]
