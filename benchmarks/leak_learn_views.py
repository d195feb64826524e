"""The learned decision over hits in every canonical view, beside the naive hits (an experiment, issue #25).

    PYTHONPATH=$PWD/src .venv/bin/python benchmarks/leak_learn_views.py --with-dev-split --cache /tmp/lv.pkl
    PYTHONPATH=$PWD/src .venv/bin/python benchmarks/leak_learn_views.py --with-dev-split --cache /tmp/lv.pkl \\
        --units views --train-on all                    # one configuration only
    PYTHONPATH=$PWD/src .venv/bin/python benchmarks/leak_learn_views.py --units split   # naive decision OR view one
    PYTHONPATH=$PWD/src .venv/bin/python benchmarks/leak_learn_views.py --with-dev-split \
        --audit-tree blind12=/tmp/lv_old12 --audit-tree blind13=/tmp/lv_old12     # 12, 13 at first sight
    PYTHONPATH=$PWD/src .venv/bin/python benchmarks/leak_learn_views.py --timing   # cost of the units per item

Two kinds of unit, on the same items, the same audit findings and the same training and threshold procedure as
``benchmarks/leak_learn.py`` (imported from there: leave-one-batch-out over the development batches, the dev
split as training data only, the threshold from an inner leave-one-batch-out at ``--max-fa`` % added false
alarms):

* ``naive``: the naive scan's hits (:func:`windtunnel.leakage.learned.item_hit_features`), as shipped;
* ``views``: those plus every whole-token hit in a canonical view that no naive hit covers
  (:func:`benchmarks.leak_view_units.item_view_units`), with the view's features, one model;
* ``split``: the naive units' own decision, unchanged, OR a second model's decision over each item's view units
  alone, at its own threshold (``--split-fa`` % added false alarms).

``--train-on`` and ``--dev-split-on`` mean what they mean to ``leak_learn.py`` (``--train-on both``, the default
here, runs ``unblocked`` and ``all``); ``--audit-tree NAME=TREE`` holds NAME out with TREE's audit (a tree
with a ``src``, e.g. ``git archive COMMIT src | tar -x -C TREE``), the features always this tree's.

Per held-out batch and in total it prints recall and false alarms of the audit, the naive scan, the model and
the audit OR the model, and the *hard half*: the leaks the naive scan (``reference_leaks``) misses, how many
the audit finds and how many the audit OR the model finds. ``--cache`` keeps the audit's findings per item (the
slow part); the units are recomputed from them on every run (so a change of the features needs no new cache).
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.leak_heldout import reference_leaks
from benchmarks.leak_learn import (
    _OLD_AUDIT,
    Batch,
    Design,
    Unit,
    _cell,
    _findings,
    _rate,
    dev_split,
    fit,
    item_scores,
    pick_threshold,
    read_batch,
    train_units,
)
from benchmarks.leak_view_units import item_view_units
from windtunnel.leakage import audit_item
from windtunnel.leakage.learned import feature_index, item_hit_features, pointer_of
from windtunnel.leakage.learned import parts as string_parts
from windtunnel.leakage.model import LeakItem

ROOT = Path(__file__).resolve().parent.parent


def audit_rows(raws: Sequence[dict[str, Any]]) -> list[list[list[str]]]:
    """Each item's findings by today's audit (learned decision off), as ``[pointer, rule, view, channel,
    severity]`` rows: what the features read, and what ``--cache`` keeps."""
    out = []
    for raw in raws:
        item = {k: v for k, v in raw.items() if k != "truth"}
        item.setdefault("correlated_values", [])
        a = audit_item(LeakItem.from_mapping(item), learned=False)
        out.append([[f.pointer, f.rule, f.view, f.channel, f.severity] for f in a.findings])
    return out


@dataclass
class Tagged(Unit):
    """A unit and the view it was seen in (``naive`` for a naive hit): what the breakdown counts by."""

    tag: str = "naive"


def old_audit_rows(path: Path, tree: Path) -> list[list[list[str]]]:
    """Each item's findings rows by the audit of another tree (its ``src`` on the path of a child process):
    the audit as it was when the batch was first seen (``--audit-tree``, as ``leak_learn.py`` does)."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    cmd = [sys.executable, "-c", _OLD_AUDIT, str(path / "items.jsonl")]
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True, cwd=str(tree)).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def _unit(n: int, feats: Sequence[str], label: int, blocked: bool, tag: str = "naive") -> Tagged:
    """A unit of item ``n`` from its features (hashed, the bias added)."""
    idx = np.unique(np.fromiter((feature_index(x) for x in ("bias", *feats)), dtype=np.int64))
    return Tagged(n, idx, label, blocked, tag)


def load(name: str, raws: list[dict[str, Any]], rows: list[list[list[str]]]) -> tuple[Batch, Batch, list[bool]]:
    """``(naive batch, views batch, hard)``: the batch's units of each kind (labels as ``leak_learn`` gives
    them: a leak item's hit is positive unless its clean twin holds the same string at the same place) and,
    per item, whether it is a leak the naive scan misses."""
    clean_strings: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for raw in raws:
        if not raw["truth"]["leak"]:
            for p in string_parts(raw["projection"]):
                clean_strings[raw["truth"]["family"]].add((pointer_of(p.path) + "#" + p.role, p.text))
    naive_b, views_b = Batch(name, [], [], [], []), Batch(name, [], [], [], [])
    hard: list[bool] = []
    for n, raw in enumerate(raws):
        truth = raw["truth"]
        item = {k: v for k, v in raw.items() if k != "truth"}
        item.setdefault("correlated_values", [])
        it = LeakItem.from_mapping(item)
        findings = _findings(rows[n])
        blocked = any(f.blocking for f in findings)
        ref = reference_leaks(
            {
                "projection": item["projection"],
                "expected": str(item["expected"]),
                "correlated_values": [str(v) for v in item["correlated_values"]],
            }
        )
        for b in (naive_b, views_b):
            b.leak.append(bool(truth["leak"]))
            b.audit.append(blocked)
            b.naive.append(ref)
        hard.append(bool(truth["leak"]) and not ref)
        twin = clean_strings[truth["family"]]
        naive_units, view_units = item_view_units(it, findings)
        for h, feats in naive_units:
            label = int(truth["leak"] and (h.pointer + "#" + h.part.role, h.part.text) not in twin)
            u = _unit(n, feats, label, blocked)
            naive_b.units.append(u)
            views_b.units.append(u)
        for vh, feats in view_units:
            h = vh.hit
            label = int(truth["leak"] and (h.pointer + "#" + h.part.role, h.part.text) not in twin)
            views_b.units.append(_unit(n, feats, label, blocked, vh.views[0]))
    return naive_b, views_b, hard


def timing(raws: Sequence[dict[str, Any]], rows: Sequence[list[list[str]]]) -> tuple[float, float, float, int]:
    """Seconds to make every item's naive units, and its naive and view units together (the audit's findings
    given), seconds of the audit itself (``audit_item``, learned decision off), and the number of items."""
    items = []
    for raw, r in zip(raws, rows, strict=True):
        item = {k: v for k, v in raw.items() if k != "truth"}
        item.setdefault("correlated_values", [])
        items.append((LeakItem.from_mapping(item), _findings(r)))
    t0 = time.perf_counter()
    for it, f in items:
        item_hit_features(it, f)
    t1 = time.perf_counter()
    for it, f in items:
        item_view_units(it, f)
    t2 = time.perf_counter()
    for it, _f in items:
        audit_item(it, learned=False)
    t3 = time.perf_counter()
    return t1 - t0, t2 - t1, t3 - t2, len(items)


def run(
    batches: Sequence[Batch],
    extra: Sequence[Batch],
    hard: dict[str, list[bool]],
    *,
    train_on: str,
    l2: float,
    max_fa: float,
    only: Sequence[str] = (),
    added: Counter[tuple[str, str]],
    first_sight: dict[str, Batch] | None = None,
    split: float | None = None,
    extra_on: str = "unblocked",
) -> list[tuple[str, float, dict[str, tuple[int, int, int, int]], tuple[int, int, int]]]:
    """Leave-one-batch-out: per held-out batch its name, threshold, ``(tp, leaks, fp, clean)`` of each
    column, and the hard half's ``(leaks, found by the audit, found by the audit OR the model)``; ``added``
    counts the items the model adds to the audit by truth and the view of their best-scoring unit;
    ``first_sight`` replaces a held-out batch by its units under the audit of its first sight; ``split`` (a
    percentage of added false alarms) makes the model the naive units' own decision OR a second one over the
    view units alone, its threshold at ``split`` % added false alarms (the naive decision never moves);
    ``extra_on``: which hits of the dev split train (``leak_learn``'s ``--dev-split-on``)."""
    out = []
    for i, held in enumerate(batches):
        if only and held.name not in only:
            continue
        train = [b for j, b in enumerate(batches) if j != i]
        held = (first_sight or {}).get(held.name, held)
        if split is None:
            thr = pick_threshold(train, extra, l2=l2, max_fa=max_fa, train_on=train_on, extra_on=extra_on)
            w = fit(train_units(train, train_on, extra, extra_on), l2=l2)
            model = [bool(s >= thr) for s in item_scores(held, w)]
        else:  # the naive units' decision as it is, OR a decision over the view units alone
            naive_only = [_only(b, True) for b in train]
            extra_only = [_only(b, True) for b in extra]
            thr_n = pick_threshold(naive_only, extra_only, l2=l2, max_fa=max_fa, train_on=train_on, extra_on=extra_on)
            w_n = fit(train_units(naive_only, train_on, extra_only, extra_on), l2=l2)
            thr = pick_view_threshold(train, extra, l2=l2, max_fa=split, train_on=train_on, extra_on=extra_on)
            w = fit(train_units(train, train_on, extra, extra_on), l2=l2)
            by_naive = item_scores(_only(held, True), w_n) >= thr_n
            by_view = item_scores(_only(held, False), w) >= thr
            model = [bool(a or b) for a, b in zip(by_naive, by_view, strict=True)]
        best: dict[int, tuple[float, str]] = {}
        for u, z in zip(held.units, Design(held.units).dot(w), strict=True):
            if u.item not in best or z > best[u.item][0]:
                best[u.item] = (float(z), getattr(u, "tag", "naive"))
        for n, (m, a) in enumerate(zip(model, held.audit, strict=True)):
            if m and not a:
                added[("leak" if held.leak[n] else "clean", best[n][1])] += 1
        either = [a or m for a, m in zip(held.audit, model, strict=True)]
        cols = {"audit": held.audit, "naive": held.naive, "model": model, "audit|model": either}
        rates = {c: _rate(p, held.leak) for c, p in cols.items()}
        hh = hard[held.name]
        hard_t = (
            sum(hh),
            sum(h and a for h, a in zip(hh, held.audit, strict=True)),
            sum(h and e for h, e in zip(hh, either, strict=True)),
        )
        tag = held.name + ("*" if held.name in (first_sight or {}) else "")
        out.append((tag, thr, rates, hard_t))
        print(_row(tag, thr, rates, hard_t), flush=True)
    return out


_COLS = ("audit", "naive", "model", "audit|model")


def _only(batch: Batch, naive: bool) -> Batch:
    """``batch`` with only its naive units (``naive``) or only its view units."""
    units = [u for u in batch.units if (getattr(u, "tag", "naive") == "naive") == naive]
    return Batch(batch.name, batch.leak, batch.audit, batch.naive, units)


def pick_view_threshold(
    batches: Sequence[Batch], extra: Sequence[Batch], *, l2: float, max_fa: float, train_on: str, extra_on: str
) -> float:
    """``leak_learn.pick_threshold`` with each item scored by its view units alone: the lowest threshold whose
    out-of-fold added false alarms (inner leave-one-batch-out, every unit training) stay at ``max_fa`` %."""
    added: list[float] = []
    n_clean = 0
    for i, held in enumerate(batches):
        w = fit(train_units([b for j, b in enumerate(batches) if j != i], train_on, extra, extra_on), l2=l2)
        s = item_scores(_only(held, False), w)
        n_clean += sum(not x for x in held.leak)
        added += [float(x) for x, leak, a in zip(s, held.leak, held.audit, strict=True) if not leak and not a]
    cs = np.sort(np.array(added))[::-1]
    allowed = int(np.floor(max_fa / 100 * n_clean))
    finite = cs[np.isfinite(cs)]
    if allowed >= len(finite):
        return float(finite[-1]) if len(finite) else 0.0
    return float(np.nextafter(cs[allowed], np.inf))


def _row(name: str, thr: float, rates: dict[str, tuple[int, int, int, int]], hard_t: tuple[int, int, int]) -> str:
    """One markdown row: recall / false alarms per column, the hard half, the threshold."""
    cells = [f"{100 * r[0] / max(1, r[1]):.1f} / {100 * r[2] / max(1, r[3]):.1f}" for r in (rates[c] for c in _COLS)]
    n, a, e = hard_t
    return f"| {name} | " + " | ".join(cells) + f" | {a} / {n} | {e} / {n} | {thr:+.2f} |"


def main() -> None:
    """Load the batches once, then the leave-one-batch-out table of each unit kind and training choice."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("batch", type=Path, nargs="*", help="development batch directories (default: leak_data/blind*)")
    ap.add_argument("--max-fa", type=float, default=2.0, help="added false alarms (%%) the threshold allows")
    ap.add_argument("--l2", type=float, default=1e-3, help="L2 penalty")
    ap.add_argument("--units", choices=("naive", "views", "both", "split"), default="both", help="which units")
    ap.add_argument(
        "--split-fa", type=float, default=1.0, help="with --units split: added false alarms (%%) of the view units"
    )
    ap.add_argument("--train-on", choices=("unblocked", "all", "both"), default="both", help="which hits train")
    ap.add_argument("--with-dev-split", action="store_true", help="also train on the held-out benchmark's dev split")
    ap.add_argument(
        "--dev-split-on", choices=("unblocked", "all"), default="unblocked", help="which hits of the dev split train"
    )
    ap.add_argument("--only", action="append", default=[], help="hold out only this batch (a directory name)")
    ap.add_argument("--cache", type=Path, help="keep the audit's findings per item in this pickle")
    ap.add_argument("--timing", action="store_true", help="time the units per item and stop")
    ap.add_argument("--audit-tree", action="append", default=[], help="NAME=TREE: NAME held out with TREE's audit")
    args = ap.parse_args()
    dirs = args.batch or sorted((ROOT / "benchmarks" / "leak_data").glob("blind*"), key=lambda p: int(p.name[5:]))
    named = [(d.name, read_batch(d)) for d in dirs]
    if args.with_dev_split or args.timing:
        named.append(("dev-split", dev_split()))
    cache: dict[str, list[list[list[str]]]] = {}
    if args.cache and args.cache.exists():
        cache = pickle.loads(args.cache.read_bytes())
    rows = {}
    for name, raws in named:
        key = f"{name}:{len(raws)}"
        if key not in cache:
            cache[key] = audit_rows(raws)
        rows[name] = cache[key]
    trees = dict(x.split("=", 1) for x in args.audit_tree)
    old_rows = {}
    for d in dirs:
        if d.name in trees:
            key = f"{d.name}@{trees[d.name]}"
            if key not in cache:
                cache[key] = old_audit_rows(d, Path(trees[d.name]))
            old_rows[d.name] = cache[key]
    if args.cache:
        args.cache.write_bytes(pickle.dumps(cache))
    if args.timing:
        for name, raws in named:
            t_naive, t_views, t_audit, n = timing(raws, rows[name])
            print(
                f"{name:10} {n:5} items  naive units {1e3 * t_naive / n:6.3f} ms/item  naive+view units "
                f"{1e3 * t_views / n:6.3f} ms/item  audit {1e3 * t_audit / n:6.3f} ms/item",
                flush=True,
            )
        return
    loaded: dict[str, tuple[list[Batch], list[Batch]]] = {"naive": ([], []), "views": ([], [])}
    hard: dict[str, list[bool]] = {}
    for name, raws in named:
        nb, vb, hh = load(name, raws, rows[name])
        hard[name] = hh
        dest = 1 if name == "dev-split" else 0
        loaded["naive"][dest].append(nb)
        loaded["views"][dest].append(vb)
    first: dict[str, dict[str, Batch]] = {"naive": {}, "views": {}}
    for name, raws in named:
        if name in old_rows:
            first["naive"][name], first["views"][name], _hh = load(name, raws, old_rows[name])
    for kind in ("naive", "views"):
        units = sum(len(b.units) for b in loaded[kind][0])
        extra = sum(len(b.units) for b in loaded[kind][1])
        pos = sum(u.label for b in loaded[kind][0] for u in b.units)
        with_unit = [(b.name, {u.item for u in b.units}) for b in loaded[kind][0]]
        covered = sum(1 for name, got in with_unit for n, h in enumerate(hard[name]) if h and n in got)
        n_hard = sum(sum(hard[name]) for name, _got in with_unit)
        audit_of = {b.name: b.audit for b in loaded[kind][0]}
        missed = [(name, n) for name, _g in with_unit for n, h in enumerate(hard[name]) if h and not audit_of[name][n]]
        reach = sum(1 for name, n in missed if n in dict(with_unit)[name])
        print(
            f"{kind}: {units} units on the batches ({pos} positive), {extra} on the dev split;"
            f" {covered} of the {n_hard} hard leaks have a unit, {reach} of the {len(missed)} the audit misses"
        )
    kinds = ("naive", "views") if args.units == "both" else (args.units,)
    loaded["split"] = loaded["views"]
    first["split"] = first["views"]
    trains = ("unblocked", "all") if args.train_on == "both" else (args.train_on,)
    for train_on in trains:
        for kind in kinds:
            batches, extra = loaded[kind]
            print(f"\n### units {kind}, train on {train_on}\n")
            print("| held out | audit | naive | model | audit OR model | hard: audit | hard: audit OR model | thr |")
            print("|---|---|---|---|---|---|---|---|")
            added: Counter[tuple[str, str]] = Counter()
            res = run(
                batches,
                extra,
                hard,
                train_on=train_on,
                l2=args.l2,
                max_fa=args.max_fa,
                only=args.only,
                added=added,
                first_sight=first[kind],
                split=args.split_fa if kind == "split" else None,
                extra_on=args.dev_split_on,
            )
            tot = {c: tuple(sum(r[2][c][k] for r in res) for k in range(4)) for c in _COLS}
            hard_t = tuple(sum(r[3][k] for r in res) for k in range(3))
            if trees:
                print("first sight (held out with an older tree's audit): " + ", ".join(trees))
            print(_row("**total**", float("nan"), tot, hard_t).replace("+nan", ""))  # type: ignore[arg-type]
            print("totals: " + ", ".join(f"{c} {_cell(t[0], t[1])} / {_cell(t[2], t[3])}" for c, t in tot.items()))
            for truth in ("leak", "clean"):
                by = sorted(((k[1], v) for k, v in added.items() if k[0] == truth), key=lambda x: -x[1])
                print(f"added {truth} items by the view of their best unit: " + ", ".join(f"{t} {v}" for t, v in by))


if __name__ == "__main__":
    main()
