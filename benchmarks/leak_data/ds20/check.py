#!/usr/bin/env python3
"""Self-check for batch ds20: validity, ids, counts, labels, pointers, leak flags vs leak material, and that the
legitimate input really determines every label. stdlib only. Exit code 0 = all good."""
import collections
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gen import DATASETS  # noqa: E402

errors = []


def err(msg):
    errors.append(msg)


def resolve(obj, pointer):
    if pointer == "":
        return obj
    if not pointer.startswith("/"):
        raise KeyError(pointer)
    for tok in pointer[1:].split("/"):
        tok = tok.replace("~1", "/").replace("~0", "~")
        if isinstance(obj, list):
            obj = obj[int(tok)]
        elif isinstance(obj, dict):
            if tok not in obj:
                raise KeyError(tok)
            obj = obj[tok]
        else:
            raise KeyError(tok)
    return obj


def check_dataset(ds):
    name = ds["name"]
    path = os.path.join(HERE, f"{name}.jsonl")
    mpath = os.path.join(HERE, f"{name}.meta.json")
    if not os.path.exists(path) or not os.path.exists(mpath):
        err(f"{name}: missing files")
        return None
    meta = json.load(open(mpath, encoding="utf-8"))
    if set(meta) != {"derive_from", "note"} or not meta["derive_from"] or not isinstance(meta["note"], str):
        err(f"{name}: bad meta keys")
    recs = []
    with open(path, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            try:
                recs.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"{name}:{ln}: invalid JSON {e}")
    n = len(recs)
    if not 120 <= n <= 200:
        err(f"{name}: {n} records (want 120-200)")
    ids = [r.get("id") for r in recs]
    if len(set(ids)) != n:
        err(f"{name}: duplicate ids")
    label_sets = {tuple(r["label_set"]) for r in recs}
    if len(label_sets) != 1:
        err(f"{name}: label_set differs between records")
    ls = list(label_sets.pop())
    if not 2 <= len(ls) <= 6 or len(set(ls)) != len(ls):
        err(f"{name}: label_set size {len(ls)}")
    counts = collections.Counter()
    nleak = 0
    fams = ds["families"]
    for r in recs:
        rid = r.get("id")
        if set(r) != {"id", "expected", "label_set", "target", "projection", "truth"}:
            err(f"{rid}: keys {sorted(r)}")
        if not re.fullmatch(re.escape(name) + r"-\d{4}", rid or ""):
            err(f"{rid}: bad id")
        if r["target"] != "label":
            err(f"{rid}: target")
        if r["expected"] not in ls:
            err(f"{rid}: expected not in label_set")
        counts[r["expected"]] += 1
        p = r["projection"]
        if not isinstance(p, dict) or not isinstance(p.get("instruction"), str) or not p["instruction"]:
            err(f"{rid}: projection/instruction missing")
        if set(r["truth"]) != {"leak"} or not isinstance(r["truth"]["leak"], bool):
            err(f"{rid}: truth")
        for ptr in meta["derive_from"]:
            try:
                resolve(p, ptr)
            except (KeyError, IndexError, ValueError):
                err(f"{rid}: pointer {ptr} does not resolve")
        # legitimate input determines the label
        try:
            got = ds["solve"](p)
        except Exception as e:  # noqa: BLE001
            got = f"<error {e}>"
        if got != r["expected"]:
            err(f"{rid}: rule gives {got!r}, expected {r['expected']!r}")
        # leak material present exactly on flagged records
        hits = [f for f, (_, detect) in fams.items() if detect(p)]
        leak = r["truth"]["leak"]
        nleak += leak
        if leak and not hits:
            err(f"{rid}: flagged leak but no leak material found")
        if not leak and hits:
            err(f"{rid}: unflagged record carries leak material: {hits}")
    for lab in ls:
        if counts[lab] == 0:
            err(f"{name}: label {lab!r} never occurs")
    if ds["leaking"]:
        frac = nleak / max(1, n)
        if not (0.3 <= frac <= 0.6 or nleak == n):
            err(f"{name}: leak fraction {frac:.2f}")
    elif nleak:
        err(f"{name}: CLEAN dataset has {nleak} flagged records")
    return n, nleak


def main():
    tot = totleak = 0
    fam_use = collections.Counter()
    kinds = collections.Counter()
    for ds in DATASETS:
        res = check_dataset(ds)
        kinds["LEAKING" if ds["leaking"] else "CLEAN"] += 1
        for f in ds["families"]:
            fam_use[f] += 1
        if res:
            tot += res[0]
            totleak += res[1]
            print(f"{ds['name']:24s} {'LEAKING' if ds['leaking'] else 'CLEAN':8s} records={res[0]:4d} leaking={res[1]:4d}")
    if kinds != {"LEAKING": 9, "CLEAN": 5}:
        err(f"dataset kinds {dict(kinds)}")
    if len(fam_use) < 16:
        err(f"only {len(fam_use)} leak families")
    for f, c in fam_use.items():
        if c > 2:
            err(f"leak family used in {c} datasets: {f}")
    if not os.path.exists(os.path.join(HERE, "DATASETS.md")):
        err("DATASETS.md missing")
    print(f"total records={tot} leaking={totleak} leak_families={len(fam_use)}")
    if errors:
        print(f"{len(errors)} ERRORS")
        for e in errors[:50]:
            print("  " + e)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
