"""Experiment (issue #25): does a decision LEARNED over the naive scan's hits generalise better than the rules?

    PYTHONPATH=$PWD/src .venv/bin/python benchmarks/leak_learn.py                 # leave-one-batch-out, batches 1-9
    PYTHONPATH=$PWD/src .venv/bin/python benchmarks/leak_learn.py --max-fa 2      # threshold for <= 2 % training FA
    PYTHONPATH=$PWD/src .venv/bin/python benchmarks/leak_learn.py --no-audit      # without the audit's features
    PYTHONPATH=$PWD/src .venv/bin/python benchmarks/leak_learn.py --top 40        # the weights of the full model

What it measures. The units are the places the naive whole-token scan (``leak_heldout.reference_leaks``: the
answer or a correlated value as a whole token, any case) flags: :func:`naive_hits` returns them with where they
are (the string's JSON pointer, key or value, the span). Each hit is described by features computed from the item
alone, never from ``truth``, the family or the id (:func:`hit_features`): the shape of the string (the hit is the
whole value, a key, a scalar; the string's and the line's word count), the structure around it (in a list, the
list's size, how many other labels of the label set sit in the same string, near the hit and in sibling strings:
a listing), the field's key words and its parents' (a hashed bag, learned, not listed), the tokens and the
punctuation just before and after the hit (hashed), the casing of the hit against the label, whether the field
or the text beside the hit names the task's target, and what the audit (``audit_item``) did at that place: a
blocking finding, a finding for review (its rule, view and channel), or a decision that cleared it
(``leak_decisions.cleared_places``). No feature names a family, a vendor or a format: every word-valued feature
is hashed from the item's own text.

The model is an L2-regularised logistic regression over the hashed features, written with numpy (full-batch
Adam on a sparse design matrix). An item's score is its highest-scoring hit. Hit labels for training come from
the training batches' truth: a clean item's hits are negative; a leak item's hits are positive unless the same
string at the same pointer also occurs in a clean item of the same family in that batch (the twin keeps it, so
it is not the leak). The threshold is chosen on the training batches only: by an inner leave-one-batch-out over
the eight training batches, the lowest threshold whose out-of-fold false alarms (model alone, all clean items)
stay at or below ``--max-fa`` percent.

Evaluation is leave-one-batch-out: train on eight development batches (``benchmarks/leak_data/blind*``), score
the ninth, for every batch, then the total. Per held-out batch it prints recall (leak items reported) and false
alarms (twins and traps reported) of (a) the audit, (b) the naive scan, (c) the model alone over the naive hits,
(d) the audit OR the model, and the held-out AUC of the model's ranking of the items the naive scan flags.
``--test DIR`` trains on every development batch and scores DIR instead: how a sealed batch is measured, by the
person allowed to read it (this script never reads one unless told). ``--top N`` trains on all batches and
prints the N heaviest features both ways (the names of a hashed feature: every string that hashed to it).

To measure the audit features as they were at a batch's first sight, run the script with an older tree's source
on the path: ``git worktree add --detach /tmp/old a4a31f4`` (before batch 9 was fitted), then
``PYTHONPATH=/tmp/old/src python benchmarks/leak_learn.py --only blind9``.
"""

from __future__ import annotations

import argparse
import bisect
import json
import pickle
import re
import sys
import zlib
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.leak_decisions import cleared_places
from benchmarks.leak_heldout import reference_leaks
from windtunnel.leakage import audit_item

DIM = 1 << 15
_WORD_FEATURES = ("k:", "pk:", "b1:", "b2:", "b3:", "a1:", "a2:", "a3:")
_WORD = re.compile(r"\w+")
_TOKEN = re.compile(r"\w+|[^\w\s]")
_KV_BEFORE = re.compile(r"[:=]\s*[\"'`*_]*$")
_CELL_BEFORE = re.compile(r"[|\t,]\s*$")
_CELL_AFTER = re.compile(r"\s*[|\t,\n]")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")


# ---------------------------------------------------------------- the naive scan's hits


@dataclass
class Part:
    """One string the naive scan reads: the pointer tokens of its place, key or value, and its text."""

    path: tuple[str, ...]
    role: str  # "key" | "value" | "scalar"
    text: str


@dataclass
class Hit:
    """One whole-token occurrence the naive scan flags, with where it is."""

    part: Part
    pointer: str
    start: int  # in the casefolded text of the part
    end: int
    needle: str
    correlated: bool


def _parts(node: Any, path: tuple[str, ...] = ()) -> Iterator[Part]:
    """The strings of a projection in the naive scan's order (``leak_heldout._strings``), with their place."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield Part((*path, str(k)), "key", str(k))
            yield from _parts(v, (*path, str(k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _parts(v, (*path, str(i)))
    elif node is not None:
        yield Part(path, "value" if isinstance(node, str) else "scalar", str(node))


def _pointer(path: Sequence[str]) -> str:
    """The RFC 6901 pointer of a path (as the audit's findings name places)."""
    return "".join("/" + t.replace("~", "~0").replace("/", "~1") for t in path)


def naive_hits(item: dict[str, Any]) -> list[Hit]:
    """Every place where ``reference_leaks`` sees the answer or a correlated value as a whole token (any case),
    on the same joined, casefolded text; each hit attributed to the string it starts in."""
    parts = list(_parts(item["projection"]))
    folded = [p.text.casefold() for p in parts]
    starts: list[int] = []
    at = 0
    for f in folded:
        starts.append(at)
        at += len(f) + 1
    hay = "\n".join(folded)
    out: list[Hit] = []
    needles = [(str(item["expected"]), False)] + [(str(v), True) for v in item.get("correlated_values") or []]
    for needle, corr in needles:
        words = needle.casefold().split()
        if not words:
            continue
        pat = r"(?<!\w)" + r"\s+".join(map(re.escape, words)) + r"(?!\w)"
        for m in re.finditer(pat, hay):
            i = bisect.bisect_right(starts, m.start()) - 1
            a = m.start() - starts[i]
            b = min(m.end() - starts[i], len(folded[i]))
            out.append(Hit(parts[i], _pointer(parts[i].path), a, b, needle, corr))
    return out


# ---------------------------------------------------------------- features


def _words(s: str) -> list[str]:
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


def _count_labels(text: str, labels: Sequence[str]) -> int:
    """How many of ``labels`` occur in ``text`` as whole tokens (``text`` and labels casefolded)."""
    return sum(1 for lab in labels if re.search(r"(?<!\w)" + re.escape(lab) + r"(?!\w)", text))


@dataclass
class AuditView:
    """What the audit did with an item, by place."""

    leaked: bool
    review: bool
    at: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    whole: list[str] = field(default_factory=list)


def audit_view(item: dict[str, Any]) -> AuditView:
    """The audit's findings (blocking or for review: rule, view, channel) and clearing decisions by pointer."""
    audit = audit_item(item)
    view = AuditView(audit.leaked, any(f.severity == "low" for f in audit.findings))
    for f in audit.findings:
        sev = "block" if f.blocking else "review"
        view.at[f.pointer] += [f"a:{sev}", f"a:{sev}:rule:{f.rule}", f"a:view:{f.view}", f"a:chan:{f.channel}"]
    if not audit.leaked:
        for pointer, reason in cleared_places(item):
            reason = re.sub(r"\s+", " ", reason)[:80]
            if pointer is None:
                view.whole.append(f"a:cleared-item:{reason}")
            else:
                view.at[pointer] += ["a:cleared", f"a:cleared:{reason}"]
    return view


def hit_features(
    item: dict[str, Any], hit: Hit, hits: list[Hit], audit: AuditView | None, parts: Sequence[Part]
) -> list[str]:
    """The features of one naive hit, from the item alone (never truth, family or id); ``parts`` are the item's
    strings (:func:`_parts`), for the hit's siblings."""
    text = hit.part.text
    cf = text.casefold()
    same_len = len(cf) == len(text)
    orig = text[hit.start : hit.end] if same_len else cf[hit.start : hit.end]
    label = hit.needle
    labels = [str(v).casefold() for v in item.get("label_set") or [] if str(v).casefold() != label.casefold()]
    target = _words(str(item.get("target") or ""))
    before, after = cf[: hit.start], cf[hit.end :]
    btoks, atoks = _TOKEN.findall(before), _TOKEN.findall(after)
    bwords, awords = _WORD.findall(before), _WORD.findall(after)
    line_start = before.rfind("\n") + 1
    line_end = cf.find("\n", hit.end)
    line = cf[line_start : line_end if line_end >= 0 else len(cf)]
    nwords = len(_WORD.findall(cf))
    f = ["bias", f"role:{hit.part.role}", f"needle:{'correlated' if hit.correlated else 'answer'}"]
    stripped = cf.strip().strip("\"'`*_[](){}<>.,;:!?")
    if cf.strip() == label.casefold():
        f.append("whole-value")
    elif stripped == label.casefold():
        f.append("whole-value-punct")
    f += [f"words:{_bucket(nwords)}", f"line-words:{_bucket(len(_WORD.findall(line)))}"]
    f.append(f"lines:{_bucket(cf.count(chr(10)) + 1, (1, 2, 5, 20))}")
    f.append(f"pos:{'start' if not bwords else 'end' if not awords else 'middle'}")
    f.append(f"casing:{_casing(orig, label)}")
    f.append(f"label-words:{len(label.split())}")
    f.append(f"label-numeric:{label.strip().replace('.', '', 1).isdigit()}")
    f.append(f"label-len:{_bucket(len(label), (1, 2, 4, 8, 16))}")
    f.append(f"labelset-size:{_bucket(len(labels) + 1, (2, 3, 4, 6, 10))}")
    # the punctuation and words right beside the hit
    f.append(f"pb:{btoks[-1] if btoks and not btoks[-1][0].isalnum() else ('w' if btoks else '^')}")
    f.append(f"pa:{atoks[0] if atoks and not atoks[0][0].isalnum() else ('w' if atoks else '$')}")
    f.append(f"pb2:{''.join(t for t in btoks[-2:] if not t[0].isalnum())}")
    f.append(f"pa2:{''.join(t for t in atoks[:2] if not t[0].isalnum())}")
    f.append(f"space-before:{before[-1:].isspace()}")
    f.append(f"space-after:{after[:1].isspace()}")
    for i, w in enumerate(reversed(bwords[-3:])):
        f.append(f"b{i + 1}:{w}")
    for i, w in enumerate(awords[:3]):
        f.append(f"a{i + 1}:{w}")
    kv_before = bool(_KV_BEFORE.search(before))
    cell = bool(_CELL_BEFORE.search(before)) and bool(_CELL_AFTER.match(after or "\n"))
    f += [f"kv-before:{kv_before}", f"cell:{cell}"]
    # a listing: other labels in the string, near the hit, and in sibling strings
    in_str = _count_labels(cf, labels)
    near = cf[max(0, hit.start - 60) : hit.end + 60]
    f.append(f"labels-in-string:{_bucket(in_str, (0, 1, 2, 4))}")
    f.append(f"labels-near:{_bucket(_count_labels(near, labels), (0, 1, 2, 4))}")
    if labels:
        f.append(f"labels-all-in-string:{in_str >= len(labels)}")
    path = hit.part.path
    parent = path[:-1]
    sib = [p.text.casefold() for p in parts if p.path[:-1] == parent and p.path != path and p.role != "key"]
    sib_labels = _count_labels("\n".join(sib), labels) if sib else 0
    f.append(f"labels-in-siblings:{_bucket(sib_labels, (0, 1, 2, 4))}")
    in_list = bool(path) and path[-1].isdigit() and hit.part.role != "key"
    f.append(f"in-list:{in_list}")
    if in_list:
        f.append(f"list-size:{_bucket(len(sib) + 1, (1, 2, 3, 5, 10))}")
    f.append(f"depth:{_bucket(len(path), (1, 2, 3, 4, 6))}")
    # the field's key words and its parents' (hashed bag: learned, not listed)
    keys = [t for t in path if not t.isdigit()]
    own = keys[-1] if keys else ""
    kw = _words(own)
    f += [f"k:{w}" for w in kw]
    f += [f"pk:{w}" for t in keys[-3:-1] for w in _words(t)]
    if target:
        f.append(f"key-names-target:{any(w in target for w in kw)}")
        f.append(f"parent-names-target:{any(w in target for t in keys[:-1] for w in _words(t))}")
        tb = set(bwords[-6:]) | set(awords[:3])
        f.append(f"text-names-target:{any(w in tb for w in target)}")
    # how many places the naive scan flags in this item, and whether this string is flagged more than once
    f.append(f"item-hits:{_bucket(len(hits), (1, 2, 3, 5, 10))}")
    f.append(f"hits-in-string:{_bucket(sum(h.part is hit.part for h in hits), (1, 2, 3))}")
    if audit is not None:
        f.append(f"a:item-leaked:{audit.leaked}")
        f.append(f"a:item-review:{audit.review}")
        at = audit.at.get(hit.pointer, [])
        f += at or ["a:nothing-at-place"]
        f += audit.whole
    return f


def _index(name: str) -> int:
    """A feature name's column: a stable hash (crc32), so weights mean the same in every run."""
    return zlib.crc32(name.encode("utf-8", "surrogatepass")) % DIM


# ---------------------------------------------------------------- data


@dataclass
class Unit:
    """A hit's features (hashed indexes) and its training label."""

    item: int
    idx: np.ndarray
    label: int


@dataclass
class Batch:
    """One development batch: per item the truth, the audit's and the naive scan's verdicts; the hits' units."""

    name: str
    leak: list[bool]
    audit: list[bool]
    naive: list[bool]
    units: list[Unit]


def load_batch(path: Path, *, use_audit: bool, names: dict[int, set[str]], drop: tuple[str, ...] = ()) -> Batch:
    """Read a development batch: per item the truth, the audit's and the naive scan's verdicts, and the
    naive hits as feature units (hit labels from truth and the twins, for training only)."""
    raws = [json.loads(line) for line in (path / "items.jsonl").read_text(encoding="utf-8").splitlines() if line]
    clean_strings: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for raw in raws:
        if not raw["truth"]["leak"]:
            for p in _parts(raw["projection"]):
                clean_strings[raw["truth"]["family"]].add((_pointer(p.path) + "#" + p.role, p.text))
    b = Batch(path.name, [], [], [], [])
    for n, raw in enumerate(raws):
        truth = raw["truth"]
        item = {k: v for k, v in raw.items() if k != "truth"}
        item.setdefault("correlated_values", [])
        view = audit_view(item)
        b.leak.append(bool(truth["leak"]))
        b.audit.append(view.leaked)
        b.naive.append(
            reference_leaks(
                {
                    "projection": item["projection"],
                    "expected": str(item["expected"]),
                    "correlated_values": [str(v) for v in item["correlated_values"]],
                }
            )
        )
        hits = naive_hits(item)
        twin_side = clean_strings[truth["family"]]
        parts = list(_parts(item["projection"]))
        for h in hits:
            feats = [
                x for x in hit_features(item, h, hits, view if use_audit else None, parts) if not x.startswith(drop)
            ]
            idx = np.unique(np.fromiter((_index(x) for x in feats), dtype=np.int64))
            for x in feats:
                names[_index(x)].add(x)
            label = int(truth["leak"] and (h.pointer + "#" + h.part.role, h.part.text) not in twin_side)
            b.units.append(Unit(n, idx, label))
    return b


# ---------------------------------------------------------------- the model


class Design:
    """A sparse 0/1 design matrix in CSR form (every row holds the bias, so none is empty)."""

    def __init__(self, units: Sequence[Unit]) -> None:
        """Stack the units' feature indexes into one CSR matrix."""
        self.indices = np.concatenate([u.idx for u in units]) if units else np.zeros(0, np.int64)
        lens = np.array([len(u.idx) for u in units], dtype=np.int64)
        self.lens = lens
        self.starts = np.concatenate([[0], np.cumsum(lens)[:-1]]).astype(np.int64)
        self.n = len(units)

    def dot(self, w: np.ndarray) -> np.ndarray:
        """Each row's score ``X @ w``."""
        return np.add.reduceat(w[self.indices], self.starts) if self.n else np.zeros(0)

    def tdot(self, g: np.ndarray) -> np.ndarray:
        """The gradient's pull on each weight, ``X.T @ g``."""
        return np.bincount(self.indices, weights=np.repeat(g, self.lens), minlength=DIM)


def fit(units: Sequence[Unit], *, l2: float, steps: int = 300, lr: float = 0.05) -> np.ndarray:
    """L2-regularised logistic regression (classes balanced) by full-batch Adam; returns the weights."""
    X = Design(units)
    y = np.array([u.label for u in units], dtype=float)
    pos = max(1.0, y.sum())
    neg = max(1.0, len(y) - y.sum())
    sw = np.where(y == 1, len(y) / (2 * pos), len(y) / (2 * neg))
    w = np.zeros(DIM)
    m = np.zeros(DIM)
    v = np.zeros(DIM)
    for t in range(1, steps + 1):
        p = 1 / (1 + np.exp(-X.dot(w)))
        g = X.tdot(sw * (p - y)) / len(y) + l2 * w
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        w -= lr * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return w


def item_scores(batch: Batch, w: np.ndarray) -> np.ndarray:
    """Each item's score: its highest-scoring naive hit (``-inf`` when the naive scan flags nothing)."""
    s = np.full(len(batch.leak), -np.inf)
    if batch.units:
        z = Design(batch.units).dot(w)
        for u, zi in zip(batch.units, z, strict=True):
            s[u.item] = max(s[u.item], zi)
    return s


def pick_threshold(batches: Sequence[Batch], *, l2: float, max_fa: float) -> float:
    """The lowest threshold whose out-of-fold false alarms (inner leave-one-batch-out over ``batches``) are at
    most ``max_fa`` percent of the clean items."""
    clean_scores: list[float] = []
    for i, held in enumerate(batches):
        w = fit([u for j, b in enumerate(batches) if j != i for u in b.units], l2=l2)
        s = item_scores(held, w)
        clean_scores += [float(x) for x, leak in zip(s, held.leak, strict=True) if not leak]
    cs = np.sort(np.array(clean_scores))[::-1]
    allowed = int(np.floor(max_fa / 100 * len(cs)))
    finite = cs[np.isfinite(cs)]
    if allowed >= len(finite):
        return float(finite[-1]) if len(finite) else 0.0
    return float(np.nextafter(cs[allowed], np.inf))


# ---------------------------------------------------------------- report


def _rate(pred: Sequence[bool], truth: Sequence[bool]) -> tuple[int, int, int, int]:
    """(leaks reported, leaks, clean items reported, clean items)."""
    tp = sum(p and t for p, t in zip(pred, truth, strict=True))
    fp = sum(p and not t for p, t in zip(pred, truth, strict=True))
    return tp, sum(truth), fp, sum(not t for t in truth)


def _cell(a: int, n: int) -> str:
    """``a`` of ``n`` as a percentage cell."""
    return f"{100 * a / n:5.1f} % ({a}/{n})" if n else "-"


def main() -> None:
    """Load the batches, then print the leave-one-batch-out table (or the weights, with ``--top``)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("batch", type=Path, nargs="*", help="development batch directories (default: leak_data/blind*)")
    ap.add_argument("--max-fa", type=float, default=5.0, help="training false alarms (%%) the threshold allows")
    ap.add_argument("--l2", type=float, default=1e-3, help="L2 penalty")
    ap.add_argument("--no-audit", action="store_true", help="leave the audit's features out")
    ap.add_argument(
        "--drop",
        action="append",
        default=[],
        help="leave out the features whose name starts so (repeat; 'words' = the hashed key and neighbour words)",
    )
    ap.add_argument(
        "--explain",
        type=int,
        default=0,
        help="per held-out batch, print N items the model adds to the audit's, with their top features",
    )
    ap.add_argument("--top", type=int, default=0, help="train on every batch and print the N heaviest features")
    ap.add_argument("--only", action="append", default=[], help="hold out only this batch (a directory name)")
    ap.add_argument(
        "--test",
        type=Path,
        action="append",
        default=[],
        help="train on every development batch and score this batch instead (e.g. a sealed batch, run by the lead)",
    )
    ap.add_argument(
        "--cache", type=Path, help="keep the audited batches in this pickle (delete it after a code change)"
    )
    args = ap.parse_args()
    dirs = args.batch or sorted((Path(__file__).resolve().parent / "leak_data").glob("blind*"))
    args.batch_dirs = {d.name: d for d in [*dirs, *args.test]}
    names: dict[int, set[str]] = defaultdict(set)
    drop = tuple(p for d in args.drop for p in (_WORD_FEATURES if d == "words" else (d,)))
    if args.cache and args.cache.exists():
        batches, names = pickle.loads(args.cache.read_bytes())
    else:
        batches = [load_batch(d, use_audit=not args.no_audit, names=names, drop=drop) for d in dirs]
        if args.cache:
            args.cache.write_bytes(pickle.dumps((batches, names)))
    nunits = sum(len(b.units) for b in batches)
    print(f"{len(batches)} batches, {sum(len(b.leak) for b in batches)} items, {nunits} naive hits")
    if args.top:
        w = fit([u for b in batches for u in b.units], l2=args.l2)
        order = np.argsort(w)
        for title, idxs in (("toward leak", order[::-1][: args.top]), ("toward clean", order[: args.top])):
            print(f"\n== heaviest features {title} (all batches) ==")
            for i in idxs:
                print(f"{w[i]:+7.2f}  {' | '.join(sorted(names[int(i)]))[:150]}")
        return
    head = f"{'held out':9} {'threshold':>9}"
    cols = ("(a) audit", "(b) naive", "(c) model", "(d) audit|model")
    print(f"\n{head} " + " ".join(f"{c:>22}" for c in cols) + "   [recall, then false alarms]")
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    pooled: list[tuple[float, bool]] = []
    if args.test:
        folds = [(load_batch(t, use_audit=not args.no_audit, names=names, drop=drop), batches) for t in args.test]
    else:
        folds = [(held, [b for j, b in enumerate(batches) if j != i]) for i, held in enumerate(batches)]
    for held, train in folds:
        if args.only and held.name not in args.only:
            continue
        thr = pick_threshold(train, l2=args.l2, max_fa=args.max_fa)
        w = fit([u for b in train for u in b.units], l2=args.l2)
        scores = item_scores(held, w)
        model = [bool(s >= thr) for s in scores]
        if args.explain:
            _explain(held, w, thr, names, args.explain, args.batch_dirs.get(held.name))
        pooled += [(float(x), t) for x, t, n in zip(scores, held.leak, held.naive, strict=True) if n]
        preds = {
            cols[0]: held.audit,
            cols[1]: held.naive,
            cols[2]: model,
            cols[3]: [a or m for a, m in zip(held.audit, model, strict=True)],
        }
        rec, fa = [], []
        for c in cols:
            tp, pos, fp, neg = _rate(preds[c], held.leak)
            t = totals[c]
            t[0] += tp
            t[1] += pos
            t[2] += fp
            t[3] += neg
            rec.append(_cell(tp, pos))
            fa.append(_cell(fp, neg))
        print(f"{held.name:9} {thr:9.2f} " + " ".join(f"{r:>22}" for r in rec) + "   recall")
        print(f"{'':9} {'':9} " + " ".join(f"{r:>22}" for r in fa) + "   false alarms")
        sys.stdout.flush()
    rec = [_cell(totals[c][0], totals[c][1]) for c in cols]
    fa = [_cell(totals[c][2], totals[c][3]) for c in cols]
    print(f"{'total':9} {'':9} " + " ".join(f"{r:>22}" for r in rec) + "   recall")
    print(f"{'':9} {'':9} " + " ".join(f"{r:>22}" for r in fa) + "   false alarms")
    print(f"held-out ranking of the naive scan's flagged items (leak above clean), AUC {_auc(pooled):.3f}")


def _explain(held: Batch, w: np.ndarray, thr: float, names: dict[int, set[str]], n: int, where: Path | None) -> None:
    """Print up to ``n`` items of ``held`` the model reports and the audit does not: id, truth, score and the
    four features that weigh most toward leak in the item's best hit (how a decision would be explained)."""
    ids: list[str] = []
    if where is not None:
        lines = (where / "items.jsonl").read_text(encoding="utf-8").splitlines()
        ids = [str(json.loads(line).get("id")) for line in lines if line]
    best: dict[int, tuple[float, Unit]] = {}
    for u in held.units:
        z = float(w[u.idx].sum())
        if u.item not in best or z > best[u.item][0]:
            best[u.item] = (z, u)
    shown = 0
    for item, (z, u) in sorted(best.items()):
        if z < thr or held.audit[item] or shown >= n:
            continue
        shown += 1
        top = sorted(u.idx, key=lambda i: -w[i])[:4]
        why = ", ".join(f"{' | '.join(sorted(names[int(i)]))[:40]} {w[i]:+.2f}" for i in top)
        name = ids[item] if item < len(ids) else f"#{item}"
        print(f"  + {name:14} {'LEAK ' if held.leak[item] else 'clean'} score {z:+.2f}: {why}")


def _auc(pairs: Sequence[tuple[float, bool]]) -> float:
    """The probability that a leak item outranks a clean one (ties count half): the model's ranking, apart from
    where the threshold sits. Scores of different folds are pooled."""
    pos = np.array([s for s, t in pairs if t])
    neg = np.array([s for s, t in pairs if not t])
    if not len(pos) or not len(neg):
        return float("nan")
    greater = (pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()
    return float(greater / (len(pos) * len(neg)))


if __name__ == "__main__":
    main()
