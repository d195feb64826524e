#!/usr/bin/env python3
"""Validate the ds26 batch. stdlib only; exit 0 when all good."""
import json, os, sys, glob, collections, random
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from rules import DERIVE, PROBE, jptr

errors = []
def err(m):
    errors.append(m)

def leaves(o, path=""):
    if isinstance(o, dict):
        for k, v in o.items():
            yield from leaves(v, path + "/" + k)
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from leaves(v, path + "/" + str(i))
    else:
        yield path, o

def blind_probe(name, recs, derive_from):
    """Diagnostic: does any single repeated non-derive leaf value predict the label in clean records?"""
    clean = [r for r in recs if not r["truth"]["leak"]]
    if len(clean) < 30:
        return
    base = collections.Counter(r["expected"] for r in clean).most_common(1)[0][1] / len(clean)
    by_path = collections.defaultdict(list)
    for r in clean:
        for p, v in leaves(r["projection"]):
            if any(p == d or p.startswith(d + "/") for d in derive_from):
                continue
            by_path[p].append((json.dumps(v, ensure_ascii=False), r["expected"]))
    rng = random.Random(7)
    for p, pairs in by_path.items():
        vals = [v for v, _ in pairs]; labs = [l for _, l in pairs]
        if len(set(vals)) > len(vals) * 0.5:
            continue  # mostly unique values (free text / ids / measurements): skip
        def stat(ls):
            groups = collections.defaultdict(collections.Counter)
            for v, lab in zip(vals, ls):
                groups[v][lab] += 1
            return sum(c.most_common(1)[0][1] for c in groups.values())
        obs = stat(labs); worst = 0
        for _ in range(300):
            sh = labs[:]; rng.shuffle(sh); worst = max(worst, stat(sh))
        if obs > worst:
            err(f"{name}: non-derive path {p} predicts label in clean records ({obs} vs permutation max {worst})")

names = sorted(os.path.basename(p)[:-6] for p in glob.glob(os.path.join(HERE, "*.jsonl")))
if len(names) != 14:
    err(f"expected 14 datasets, found {len(names)}")
all_ids = set(); n_leaking = n_clean = 0
for name in names:
    meta = json.load(open(os.path.join(HERE, name + ".meta.json"), encoding="utf-8"))
    if set(meta) != {"derive_from", "note"} or not meta["derive_from"]:
        err(f"{name}: bad meta keys")
    dfrom = meta["derive_from"]
    recs = []
    for ln, line in enumerate(open(os.path.join(HERE, name + ".jsonl"), encoding="utf-8"), 1):
        try:
            recs.append(json.loads(line))
        except Exception as e:
            err(f"{name}:{ln}: invalid JSON {e}")
    if not 120 <= len(recs) <= 200:
        err(f"{name}: {len(recs)} records")
    label_set = None; nleak = 0
    for r in recs:
        if set(r) != {"id", "expected", "label_set", "target", "projection", "truth"}:
            err(f"{r.get('id')}: keys {sorted(r)}")
        if r["id"] in all_ids:
            err(f"duplicate id {r['id']}")
        all_ids.add(r["id"])
        if not r["id"].startswith(name + "-"):
            err(f"{r['id']}: id prefix")
        if r["target"] != "label" or not isinstance(r["truth"].get("leak"), bool):
            err(f"{r['id']}: target/truth")
        ls = r["label_set"]
        if label_set is None:
            label_set = ls
        if ls != label_set or not 2 <= len(ls) <= 7 or len(set(ls)) != len(ls):
            err(f"{r['id']}: label_set")
        if r["expected"] not in ls:
            err(f"{r['id']}: expected not in label_set")
        vals = {}
        for p in dfrom:
            try:
                vals[p] = jptr(r["projection"], p)
            except Exception:
                err(f"{r['id']}: pointer {p} does not resolve")
        try:
            got = DERIVE[name](vals)   # only derive_from values are available to the rule
        except KeyError as e:
            err(f"{r['id']}: rule needs non-derive field {e}"); got = None
        if got != r["expected"]:
            err(f"{r['id']}: recomputed {got!r} != expected {r['expected']!r}")
        pr = PROBE[name](r["projection"])
        if r["truth"]["leak"]:
            nleak += 1
            if pr != r["expected"]:
                err(f"{r['id']}: flagged leak but planted material gives {pr!r}")
        elif pr is not None:
            err(f"{r['id']}: flagged clean but planted material present ({pr!r})")
    counts = collections.Counter(r["expected"] for r in recs)
    if set(counts) != set(label_set):
        err(f"{name}: not every label occurs: {dict(counts)}")
    frac = nleak / len(recs)
    if nleak:
        n_leaking += 1
        if not 0.2 <= frac <= 0.7:
            err(f"{name}: leak fraction {frac:.2f}")
    else:
        n_clean += 1
    blind_probe(name, recs, dfrom)
    print(f"{name:24s} {'LEAKING' if nleak else 'CLEAN  '} n={len(recs)} leak={nleak} labels={dict(counts)}")
if (n_leaking, n_clean) != (9, 5):
    err(f"expected 9 leaking / 5 clean, got {n_leaking}/{n_clean}")
for e in errors[:50]:
    print("ERROR", e)
print("OK" if not errors else f"{len(errors)} errors")
sys.exit(1 if errors else 0)
