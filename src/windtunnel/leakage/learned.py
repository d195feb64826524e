"""A learned decision over the naive scan's whole-token hits (opt-in: ``leak scan --learned``).

The audit decides each place where the answer could be read by written principles; on batches written by
people who never read them it clears real leaks that the plain whole-token scan finds. This module is a second
opinion on exactly those places, learned from the development batches instead of written:

1. **hits** (:func:`naive_hits`): every place where the answer, a correlated value or an alias of the answer
   (label-set aware, :func:`~windtunnel.leakage.aliases.label_aliases` without the lexicon, plus the user's map)
   stands as whole tokens, any case, in the strings the model reads (keys, values and scalars of the projection);
2. **features** (:func:`hit_features`): what the item alone says about the hit (the shape of its string, the
   structure around it, the other labels of the label set near it and in its siblings, the words of its key and
   beside it, hashed) and what the audit did at that place (a finding for review: its rule, view, channel;
   nothing). Never the item's id, a family or a vendor: every word-valued feature comes from the item's text;
3. **score**: a logistic regression's weight table shipped as package data (``learned_weights.json``, trained by
   ``benchmarks/leak_learn.py --export``); a hit scoring at or above the table's threshold is a blocking finding
   (rule ``learned.hit``) pointing at the hit's original characters, its detail naming the four features that
   weigh most toward a leak.

It runs only on items the audit does not already block, and only where a hit exists: pure-Python sums of a
few dozen weights per hit. The table records the feature spec's version and a fingerprint of the features
computed on fixed probe items (:func:`spec_fingerprint`), so a change to the features without retraining is
caught by a test. Whether it applies when not asked is :data:`LEARNED_DEFAULT` (built off: turned on only once
it has improved a sealed batch); docs/leakage.md explains how it was trained and measured, and how to retrain it.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import re
import zlib
from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from windtunnel.leakage.aliases import label_aliases
from windtunnel.leakage.formats import representation_at
from windtunnel.leakage.model import Channel, Finding, LeakItem
from windtunnel.leakage.pointers import hide_answers
from windtunnel.leakage.prefilter import dumps

LEARNED_DEFAULT = False
"""Whether :func:`~windtunnel.leakage.scan.audit_item` and ``leak scan`` apply the learned decision when not told:
the one line to flip once it has improved a sealed batch."""

FEATURES_VERSION = "2"
"""The feature spec's version: bump it with any change to :func:`hit_features` or :func:`naive_hits`, then retrain
(the weight table carries the version it was trained with, and a test compares them)."""

DIM = 1 << 15
"""Columns of the hashed feature space (a feature's column: :func:`feature_index`)."""

RULE = "learned.hit"
TABLE = "learned_weights.json"
REBUILD = (
    "PYTHONPATH=$PWD/src python benchmarks/leak_learn.py --with-dev-split --train-on all "
    "--export src/windtunnel/leakage/learned_weights.json"
)
"""The command that rebuilds the shipped table from the development batches (``benchmarks/leak_data/blind*``,
every hit, plus the held-out benchmark's dev split): run it after any change to the features or the audit."""

_WORD = re.compile(r"\w+")
_TOKEN = re.compile(r"\w+|[^\w\s]")
_KV_BEFORE = re.compile(r"[:=]\s*[\"'`*_]*$")
_CELL_BEFORE = re.compile(r"[|\t,]\s*$")
_CELL_AFTER = re.compile(r"\s*[|\t,\n]")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_CLITIC = r"(?:(?<=[^\W\d_]['’])(?:s|d|ll|re|ve|m)|(?<=n['’])t)(?!\w)"
"""An English clitic right after a letter and an apostrophe (``customer's``, ``I'd``, ``we'll``, ``they're``,
``I've``, ``I'm``, ``don't``), casefolded: the end of the word before it, not a token of its own."""


def whole_token(words: Sequence[str]) -> str:
    """The pattern of ``words`` (casefolded, in order, any whitespace between) standing as whole tokens in a
    casefolded text: no word character on either side, and not a clitic of the word before it (the ``s`` of
    ``customer's`` is that word's, not the alias ``s`` of a label ``Small``; a lone ``s``, ``size: s`` or
    ``"s"`` is a token). Every whole-token test of this module (the hits, the labels near them) uses it."""
    return r"(?<!\w)(?!" + _CLITIC + ")" + r"\s+".join(map(re.escape, words)) + r"(?!\w)"


# ---------------------------------------------------------------- the naive scan's hits


@dataclass(frozen=True)
class Part:
    """One string the naive scan reads: the pointer tokens of its place, its role and its text."""

    path: tuple[str, ...]
    role: str  # "key" | "value" | "scalar"
    text: str


@dataclass(frozen=True)
class Hit:
    """One whole-token occurrence of a needle, with where it is (``start``/``end`` in the casefolded text)."""

    part: Part
    pointer: str
    start: int
    end: int
    needle: str
    kind: str  # "answer" | "correlated" | "alias"


def parts(node: Any, path: tuple[str, ...] = ()) -> Iterator[Part]:
    """The strings of a projection in reading order (keys before their values), with their place."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield Part((*path, str(k)), "key", str(k))
            yield from parts(v, (*path, str(k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from parts(v, (*path, str(i)))
    elif node is not None:
        yield Part(path, "value" if isinstance(node, str) else "scalar", str(node))


def pointer_of(path: Sequence[str]) -> str:
    """The RFC 6901 pointer of a path (as the audit's findings name places)."""
    return "".join("/" + t.replace("~", "~0").replace("/", "~1") for t in path)


def needles(item: LeakItem) -> tuple[tuple[str, str], ...]:
    """``(needle, kind)``: the answers, the correlated values, and the aliases of the answers (the label set's
    schemes without the lexicon, and the user's map), without repeats."""
    aliases = tuple((k, tuple(v)) for k, v in item.aliases.items())
    return _needles(tuple(item.expected), tuple(item.correlated_values), tuple(item.label_set), aliases)


@lru_cache(maxsize=4096)
def _needles(
    expected: tuple[str, ...],
    correlated: tuple[str, ...],
    label_set: tuple[str, ...],
    aliases: tuple[tuple[str, tuple[str, ...]], ...],
) -> tuple[tuple[str, str], ...]:
    """:func:`needles` of one answer, correlated values, label set and alias map (a dataset repeats them).

    Each text gets the first kind it is met under: an answer stays an answer even when it is also a
    correlated value or an alias. The aliases are the user's and the label's own forms, without the
    lexicon's (the model learns from what the dataset says). Texts without a word are dropped. The
    arguments are tuples so the result can be memoised.
    """
    out: dict[str, str] = {}
    for e in expected:
        out.setdefault(e, "answer")
    for v in correlated:
        out.setdefault(v, "correlated")
    user = {k: list(v) for k, v in aliases}
    for e in expected:
        for a in label_aliases(e, label_set, user, lexicon=False):
            out.setdefault(a, "alias")
    return tuple((n, k) for n, k in out.items() if n.split())


_ESCAPED = re.compile(r'["\\\x00-\x1f]')
"""Characters orjson writes escaped: a needle holding one is not searched in the serialisation."""


def may_hit(item: LeakItem) -> bool:
    """``False`` proves no needle stands in the projection: the first word of none (casefolded) occurs in the
    casefolded serialisation (orjson, one C call), which holds every key and string as written. ``True`` when
    it cannot tell (orjson cannot write the projection, a needle holds a character JSON escapes, or could be a
    number that orjson writes otherwise than ``str``: an exponent, ``nan``, ``inf``)."""
    blob = dumps(item.projection)
    if blob is None:
        return True
    text = blob.decode("utf-8", "surrogatepass").casefold()
    for needle, _kind in needles(item):
        first = needle.casefold().split()[0]
        if first in text or _ESCAPED.search(first) or _FLOAT_SPELLING.search(first):
            return True
    return False


_FLOAT_SPELLING = re.compile(r"\d[^\W_]*e|nan|inf")
"""A word ``str`` may write for a float and orjson otherwise (``1e+16`` / ``1e16``, ``nan`` / ``null``)."""


def naive_hits(item: LeakItem, strings: Sequence[Part]) -> list[Hit]:
    """Every place where a needle (:func:`needles`) stands as whole tokens, any case, in the joined casefolded
    strings; each hit attributed to the string it starts in and clipped to it."""
    folded = [p.text.casefold() for p in strings]
    starts: list[int] = []
    at = 0
    for f in folded:
        starts.append(at)
        at += len(f) + 1
    hay = "\n".join(folded)
    out: list[Hit] = []
    for needle, kind in needles(item):
        words = needle.casefold().split()
        first = words[0]
        if first not in hay:  # a substring test is far cheaper than the regex and proves most items clean
            continue
        for m in re.finditer(whole_token(words), hay):
            i = bisect.bisect_right(starts, m.start()) - 1
            a = m.start() - starts[i]
            b = min(m.end() - starts[i], len(folded[i]))
            out.append(Hit(strings[i], pointer_of(strings[i].path), a, b, needle, kind))
    return out


def original_span(text: str, start: int, end: int) -> tuple[int, int]:
    """``[start, end)`` of the casefolded ``text`` as a range of the original characters."""
    if len(text.casefold()) == len(text):
        return start, end
    origin: list[int] = []
    for i, c in enumerate(text):
        origin += [i] * len(c.casefold())
    a = origin[start] if start < len(origin) else len(text)
    b = origin[end - 1] + 1 if 0 < end <= len(origin) else a
    return a, max(a, b)


# ---------------------------------------------------------------- features


def words_of(s: str) -> list[str]:
    """Lower-case words of a key or identifier (snake, kebab, camel, dotted all split)."""
    return [w.lower() for chunk in _WORD.findall(s) for w in (_CAMEL.findall(chunk) or [chunk])]


def _bucket(n: int, edges: Sequence[int] = (0, 1, 2, 3, 5, 10, 30, 100)) -> str:
    """A count as the first edge it does not exceed (a coarse, general feature value)."""
    for e in edges:
        if n <= e:
            return f"<={e}"
    return f">{edges[-1]}"


def _casing(orig: str, label: str) -> str:
    """How the hit is written against the label: exact, upper, lower, title or mixed."""
    if orig == label:
        return "exact"
    if orig.isupper():
        return "upper"
    if orig.islower():
        return "lower"
    if orig.istitle():
        return "title"
    return "mixed"


def _labels_in(text: str, labels: Sequence[str]) -> frozenset[str]:
    """Which of ``labels`` occur in ``text`` as whole tokens (``text`` and labels casefolded)."""
    return frozenset(lab for lab in labels if lab in text and re.search(whole_token([lab]), text))


_WINDOW = 256
"""Characters read on each side of a hit for the words and punctuation beside it (bounded, so that a string
holding the needle many times costs work linear in its length)."""


class _Strings:
    """What the features read about an item's strings, computed once per string or per parent (so the work of
    all hits together is linear in the item's size): casefolded texts, labels held, lines, sibling counts."""

    def __init__(self, item: LeakItem, strings: Sequence[Part], hits: Sequence[Hit], findings: Sequence[Finding]):
        """Index ``strings`` by parent and path, and the audit's ``findings`` by place.

        Each finding adds features at its pointer (severity, rule, view, channel), each at most once per place
        however many findings repeat it, so a noisy rule does not weigh more. Labels are casefolded once for
        the whole item; the per-parent counts and the casefolded texts are built on first use and cached.
        """
        self.labels = [v.casefold() for v in item.label_set]
        self.target = words_of(item.target or "")
        self.n_hits = len(hits)
        self.per_part = Counter(id(h.part) for h in hits)
        self.review = any(not f.blocking for f in findings)
        at: dict[str, dict[str, None]] = defaultdict(dict)  # each feature once per place, however many findings
        for f in findings:
            sev = "block" if f.blocking else "review"
            for x in (f"a:{sev}", f"a:{sev}:rule:{f.rule}", f"a:view:{f.view}", f"a:chan:{f.channel}"):
                at[f.pointer][x] = None
        self.at = {k: list(v) for k, v in at.items()}
        self.strings = strings
        self._cache: dict[int, _Text] = {}
        self._parents: dict[tuple[str, ...], tuple[int, Counter[str]]] | None = None
        self._own: dict[tuple[str, ...], frozenset[str]] = {}

    def text(self, part: Part) -> _Text:
        """The casefolded string with what every hit in it reads (computed on first use)."""
        got = self._cache.get(id(part))
        if got is None:
            got = self._cache[id(part)] = _Text(part.text, self.labels)
        return got

    def siblings(self, path: tuple[str, ...]) -> tuple[int, Counter[str]]:
        """``(n, held)``: the non-key strings beside ``path`` (same parent, other path) and, per label, how many
        of them hold it."""
        if self._parents is None:
            self._parents = {}
            for p in self.strings:
                if p.role == "key":
                    continue
                held = self.text(p).held
                n, count = self._parents.get(p.path[:-1], (0, Counter()))
                count.update(held)
                self._parents[p.path[:-1]] = (n + 1, count)
                self._own[p.path] = held
        n, count = self._parents.get(path[:-1], (0, Counter()))
        own = self._own.get(path)
        if own is None:
            return n, count
        return n - 1, Counter({lab: c - (lab in own) for lab, c in count.items()})


class _Text:
    """One casefolded string: its labels, words, lines, first and last word (read by every hit in it)."""

    def __init__(self, text: str, labels: Sequence[str]) -> None:
        """Fold ``text`` and measure it once.

        ``same_len`` says whether casefolding kept every offset (``ß`` becomes ``ss``): offsets of a hit in the
        original text index the folded one only then. ``first_word`` and ``last_word`` are the offsets where the
        text's words begin and end (the text's length and 0 without words), for the features that ask whether a
        hit is the whole value once punctuation and quotes are set aside. Word counts per line fill lazily.
        """
        cf = text.casefold()
        self.cf = cf
        self.same_len = len(cf) == len(text)
        self.held = _labels_in(cf, labels)
        self.words = len(_WORD.findall(cf))
        self.newlines = [i for i, c in enumerate(cf) if c == "\n"] if "\n" in cf else []
        self.strip = cf.strip()
        self.stripped = self.strip.strip("\"'`*_[](){}<>.,;:!?")
        first = _WORD.search(cf)
        self.first_word = first.start() if first else len(cf)
        last = len(cf)
        while last > 0 and not _WORD.match(cf, last - 1):
            last -= 1
        self.last_word = last
        self._line_words: dict[int, int] = {}

    def line_words(self, at: int) -> int:
        """Words in the line holding offset ``at`` (each line counted once)."""
        i = bisect.bisect_left(self.newlines, at)
        got = self._line_words.get(i)
        if got is None:
            a = self.newlines[i - 1] + 1 if i else 0
            b = self.newlines[i] if i < len(self.newlines) else len(self.cf)
            got = self._line_words[i] = len(_WORD.findall(self.cf, a, b))
        return got


def hit_features(item: LeakItem, hit: Hit, strings: _Strings) -> list[str]:
    """The features of one hit, from the item alone (never its id) and the audit's findings (``strings``: the
    item's strings and findings, indexed once by :func:`item_hit_features`). Names are ``kind:value``; word
    values are hashed by :func:`feature_index`, so they are learned, never listed."""
    t = strings.text(hit.part)
    cf = t.cf
    orig = hit.part.text[hit.start : hit.end] if t.same_len else cf[hit.start : hit.end]
    label = hit.needle
    folded = label.casefold()
    labels = [v for v in strings.labels if v != folded]
    target = strings.target
    before = cf[max(0, hit.start - _WINDOW) : hit.start]
    after = cf[hit.end : hit.end + _WINDOW]
    btoks, atoks = _TOKEN.findall(before), _TOKEN.findall(after)
    bwords, awords = _WORD.findall(before), _WORD.findall(after)
    f = [f"role:{hit.part.role}", f"needle:{hit.kind}"]
    if t.strip == folded:
        f.append("whole-value")
    elif t.stripped == folded:
        f.append("whole-value-punct")
    f += [f"words:{_bucket(t.words)}", f"line-words:{_bucket(t.line_words(hit.start))}"]
    f.append(f"lines:{_bucket(len(t.newlines) + 1, (1, 2, 5, 20))}")
    word_before, word_after = t.first_word < hit.start, t.last_word > hit.end
    f.append(f"pos:{'start' if not word_before else 'end' if not word_after else 'middle'}")
    f.append(f"casing:{_casing(orig, label)}")
    f.append(f"label-words:{len(label.split())}")
    f.append(f"label-numeric:{label.strip().replace('.', '', 1).isdigit()}")
    f.append(f"label-len:{_bucket(len(label), (1, 2, 4, 8, 16))}")
    f.append(f"labelset-size:{_bucket(len(labels) + 1, (2, 3, 4, 6, 10))}")
    # the punctuation and words right beside the hit
    f.append(f"pb:{btoks[-1] if btoks and not btoks[-1][0].isalnum() else ('w' if btoks else '^')}")
    f.append(f"pa:{atoks[0] if atoks and not atoks[0][0].isalnum() else ('w' if atoks else '$')}")
    f.append(f"pb2:{''.join(x for x in btoks[-2:] if not x[0].isalnum())}")
    f.append(f"pa2:{''.join(x for x in atoks[:2] if not x[0].isalnum())}")
    f.append(f"space-before:{before[-1:].isspace()}")
    f.append(f"space-after:{after[:1].isspace()}")
    f += [f"b{i + 1}:{w}" for i, w in enumerate(reversed(bwords[-3:]))]
    f += [f"a{i + 1}:{w}" for i, w in enumerate(awords[:3])]
    cell = bool(_CELL_BEFORE.search(before[-64:])) and bool(_CELL_AFTER.match(after[:64] or "\n"))
    f += [f"kv-before:{bool(_KV_BEFORE.search(before[-64:]))}", f"cell:{cell}"]
    # a listing: other labels in the string, near the hit, and in sibling strings
    in_str = len(t.held - {folded})
    near = cf[max(0, hit.start - 60) : hit.end + 60]
    f.append(f"labels-in-string:{_bucket(in_str, (0, 1, 2, 4))}")
    f.append(f"labels-near:{_bucket(len(_labels_in(near, labels)), (0, 1, 2, 4))}")
    if labels:
        f.append(f"labels-all-in-string:{in_str >= len(labels)}")
    path = hit.part.path
    n_sib, held = strings.siblings(path)
    f.append(f"labels-in-siblings:{_bucket(sum(1 for lab in labels if held.get(lab, 0) > 0), (0, 1, 2, 4))}")
    in_list = bool(path) and path[-1].isdigit() and hit.part.role != "key"
    f.append(f"in-list:{in_list}")
    if in_list:
        f.append(f"list-size:{_bucket(n_sib + 1, (1, 2, 3, 5, 10))}")
    f.append(f"depth:{_bucket(len(path), (1, 2, 3, 4, 6))}")
    # the field's key words and its parents' (hashed bag: learned, not listed)
    keys = [k for k in path if not k.isdigit()]
    kw = words_of(keys[-1]) if keys else []
    f += [f"k:{w}" for w in kw]
    f += [f"pk:{w}" for k in keys[-3:-1] for w in words_of(k)]
    if target:
        f.append(f"key-names-target:{any(w in target for w in kw)}")
        f.append(f"parent-names-target:{any(w in target for k in keys[:-1] for w in words_of(k))}")
        tb = set(bwords[-6:]) | set(awords[:3])
        f.append(f"text-names-target:{any(w in tb for w in target)}")
    # how many places the scan flags in this item, and whether this string is flagged more than once
    f.append(f"item-hits:{_bucket(strings.n_hits, (1, 2, 3, 5, 10))}")
    f.append(f"hits-in-string:{_bucket(strings.per_part[id(hit.part)], (1, 2, 3))}")
    f.append(f"a:item-review:{strings.review}")
    f += strings.at.get(hit.pointer) or ["a:nothing-at-place"]
    return f


def feature_index(name: str) -> int:
    """A feature name's column: a stable hash (crc32), so a weight means the same in every run and process."""
    return zlib.crc32(name.encode("utf-8", "surrogatepass")) % DIM


def item_hit_features(item: LeakItem, findings: Sequence[Finding]) -> list[tuple[Hit, list[str]]]:
    """Every naive hit of ``item`` with its features (the audit's ``findings`` read at each hit's place)."""
    strings = list(parts(item.projection))
    hits = naive_hits(item, strings)
    if not hits:
        return []
    index = _Strings(item, strings, hits, findings)
    return [(h, hit_features(item, h, index)) for h in hits]


# ---------------------------------------------------------------- the weight table


@dataclass(frozen=True)
class WeightTable:
    """The shipped model: bias, threshold, hashed weights, and what it was trained on."""

    bias: float
    threshold: float
    weights: Mapping[int, float]
    features_version: str
    fingerprint: str
    trained_on: tuple[str, ...]
    commit: str
    max_false_alarms: float
    recipe: str = ""
    """The training script's options that built the table (``--with-dev-split --train-on all``...)."""

    def score(self, features: Sequence[str]) -> float:
        """The hit's score: the bias plus the weights of its distinct features."""
        w = self.weights
        return self.bias + sum(w.get(i, 0.0) for i in {feature_index(x) for x in features})

    def to_dict(self) -> dict[str, Any]:
        """The table as ``learned_weights.json`` holds it (weights keyed by column, as text).

        Weights are written in column order so the file diffs cleanly when retrained, and the hashing dimension
        is written with them so :meth:`from_dict` can refuse a table from another hash.
        """
        return {
            "features_version": self.features_version,
            "fingerprint": self.fingerprint,
            "dim": DIM,
            "bias": self.bias,
            "threshold": self.threshold,
            "max_false_alarms": self.max_false_alarms,
            "trained_on": list(self.trained_on),
            "commit": self.commit,
            "recipe": self.recipe,
            "weights": {str(i): w for i, w in sorted(self.weights.items())},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> WeightTable:
        """Read a table written by :meth:`to_dict`; ``ValueError`` when its hashing space is not this module's.

        The hashing dimension must match, as a weight keyed by column means nothing under another hash; the
        features version and fingerprint are kept for the caller to compare. Fields added later
        (``trained_on``, ``commit``, ``max_false_alarms``, ``recipe``) default when absent, so older files load.
        """
        if int(data.get("dim", 0)) != DIM:
            raise ValueError(f"learned weight table hashes into {data.get('dim')} columns, this module into {DIM}")
        return cls(
            bias=float(data["bias"]),
            threshold=float(data["threshold"]),
            weights={int(k): float(v) for k, v in data["weights"].items()},
            features_version=str(data["features_version"]),
            fingerprint=str(data["fingerprint"]),
            trained_on=tuple(data.get("trained_on") or ()),
            commit=str(data.get("commit") or ""),
            max_false_alarms=float(data.get("max_false_alarms") or 0.0),
            recipe=str(data.get("recipe") or ""),
        )


@lru_cache(maxsize=1)
def shipped_table() -> WeightTable:
    """The weight table shipped with the package (read once per process)."""
    raw = resources.files("windtunnel.leakage").joinpath(TABLE).read_text(encoding="utf-8")
    return WeightTable.from_dict(json.loads(raw))


_PROBES: tuple[dict[str, Any], ...] = (
    {
        "id": "p1",
        "expected": "High",
        "label_set": ["Low", "Medium", "High"],
        "correlated_values": ["P1"],
        "target": "priority",
        "projection": {
            "ticket": {"title": "Login fails", "priority_hint": "HIGH", "tags": ["p1", "mobile"]},
            "notes": "Options: Low | Medium | High\nreviewer set it high: P1",
            "High": 3,
        },
    },
    {
        "id": "p2",
        "expected": "4",
        "label_set": ["1", "2", "3", "4", "5"],
        "projection": [{"row": "a, 4, b"}, {"text": "four stars from the customer", "n": 4}],
    },
    {
        "id": "p3",
        "expected": "Small",
        "label_set": ["Small", "Medium", "Large"],
        "projection": {"note": "the customer's size: S, I'm told", "sizes": ["s", "m"]},
    },
)


def spec_fingerprint() -> str:
    """A digest of the features :func:`item_hit_features` computes on fixed probe items: it changes when the
    feature code does, so a table trained with other features is detected (the table stores the digest)."""
    h = hashlib.sha256(FEATURES_VERSION.encode())
    for raw in _PROBES:
        for hit, feats in item_hit_features(LeakItem.from_mapping(raw), []):
            h.update(json.dumps([hit.pointer, hit.start, hit.end, hit.kind, feats]).encode())
    return "sha256:" + h.hexdigest()[:16]


# ---------------------------------------------------------------- the decision


_READABLE = {
    "role": "the hit is a",
    "needle": "it matches the",
    "whole-value": "the hit is the whole value",
    "whole-value-punct": "the hit is the whole value but punctuation",
    "words": "words in the string",
    "line-words": "words in its line",
    "lines": "lines in the string",
    "pos": "position in the string",
    "casing": "written as",
    "label-words": "words in the label",
    "label-numeric": "the label is a number",
    "label-len": "characters in the label",
    "labelset-size": "labels in the label set",
    "pb": "punctuation before",
    "pa": "punctuation after",
    "pb2": "punctuation before (2 tokens)",
    "pa2": "punctuation after (2 tokens)",
    "space-before": "space before",
    "space-after": "space after",
    "b1": "word before",
    "b2": "second word before",
    "b3": "third word before",
    "a1": "word after",
    "a2": "second word after",
    "a3": "third word after",
    "kv-before": "after a key and ':' or '='",
    "cell": "a cell of a row",
    "labels-in-string": "other labels in the string",
    "labels-near": "other labels within 60 characters",
    "labels-all-in-string": "every other label in the string",
    "labels-in-siblings": "other labels in sibling fields",
    "in-list": "an element of a list",
    "list-size": "the list's size",
    "depth": "depth in the structure",
    "k": "key word",
    "pk": "parent key word",
    "key-names-target": "its key names the task",
    "parent-names-target": "a parent key names the task",
    "text-names-target": "words beside it name the task",
    "item-hits": "hits in the item",
    "hits-in-string": "hits in the string",
    "a:item-review": "the audit has findings for review",
    "a:nothing-at-place": "the audit found nothing here",
    "a:review": "the audit's finding here is for review",
    "a:block": "the audit blocks here",
}


def readable(feature: str, secrets: Sequence[str] = ()) -> str:
    """A feature's name for a person: ``b1:priority`` → ``word before = 'priority'``. A word that is one of
    ``secrets`` (the answer, a correlated value) is written ``<answer>``: a detail never shows it."""
    if feature in _READABLE:
        return _READABLE[feature]
    for prefix in ("a:review:rule:", "a:block:rule:", "a:view:", "a:chan:"):
        if feature.startswith(prefix):
            return f"the audit's {prefix[2:-1].replace(':', ' ')} here = {feature[len(prefix) :]}"
    kind, _, value = feature.partition(":")
    name = _READABLE.get(kind, kind)
    if value[:2] in ("<=", ">"):
        return f"{name} {value.replace('<=', '≤ ')}"
    if value in ("True", "False"):
        return name if value == "True" else f"not: {name}"
    if value.casefold() in {s.casefold() for s in secrets}:
        value = "<answer>"
    return f"{name} {value!r}"


def explain(features: Sequence[str], table: WeightTable, secrets: Sequence[str] = (), n: int = 4) -> list[str]:
    """The ``n`` features of a hit that weigh most toward a leak, readable, with their weights."""
    weighed = {x: table.weights.get(feature_index(x), 0.0) for x in features}
    top = sorted((x for x in weighed if weighed[x] > 0), key=lambda x: -weighed[x])[:n]
    return [f"{readable(x, secrets)} ({weighed[x]:+.2f})" for x in top]


_KIND_NAMES = {"answer": "answer", "correlated": "correlated value", "alias": "alias of the answer"}


_REVIEW = (
    "A learned opinion, not a written rule: review whether this place tells the answer (--no-learned turns it off)."
)
"""The end of every ``learned.hit`` finding's detail: what the finding is and what the user can do about it."""


def _channel(hit: Hit) -> Channel:
    """How a learned hit reaches the model: a correlated value, a whole value, or a word in a longer text."""
    if hit.kind == "correlated":
        return "correlated"
    return "direct" if hit.part.text.casefold().strip() == hit.needle.casefold() else "freetext"


def learned_findings(item: LeakItem, findings: Sequence[Finding], table: WeightTable | None = None) -> list[Finding]:
    """The blocking findings the learned decision adds to an item the audit does not block: one per hit whose
    score reaches the table's threshold, at the hit's original characters, in the representation the written
    rules name that place by (:func:`~windtunnel.leakage.formats.representation_at`), explained. Empty when the audit
    already blocks (``findings`` hold a blocking one) or no needle stands as a whole token."""
    if any(f.blocking for f in findings) or not may_hit(item):
        return []
    scored = item_hit_features(item, findings)
    if not scored:
        return []
    table = table or shipped_table()
    secrets = [*item.expected, *item.correlated_values]
    out: list[Finding] = []
    for hit, feats in scored:
        z = table.score(feats)
        if z < table.threshold:
            continue
        part = hit.part
        span = original_span(part.text, hit.start, hit.end) if part.role != "scalar" else None
        why = "; ".join(explain(feats, table, [*secrets, hit.needle]))
        out.append(
            Finding(
                item=item.id,
                channel=_channel(hit),
                severity="medium",
                pointer=hit.pointer,
                representation=representation_at(item.projection, part.path, part.role),
                span=span,
                view="raw",
                rule=RULE,
                detail=f"the learned decision scores this {_KIND_NAMES[hit.kind]} as whole tokens {z:+.2f} "
                f"(threshold {table.threshold:+.2f}); weighing most: {why}. {_REVIEW}",
                value=hit.needle,
                target="key" if part.role == "key" else "value",
            )
        )
    return hide_answers(out, item.projection, secrets) if out else out
