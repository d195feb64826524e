#!/usr/bin/env python3
"""Self-check of the generated batch: JSON validity, counts, label coverage, leak fractions, pointers."""
import json, glob, os, collections
HERE = os.path.dirname(os.path.abspath(__file__))
LEAK_KEYS = {  # top-level projection keys that only carry planted leaks
    "cocoa_cut_test": ["settlement"], "abandoned_vehicle": ["workflow"], "gemstone_lab": ["report_translations", "mail_export"],
    "oil_spill_bonn": ["eo_pipeline"], "hull_biofouling": ["compliance", "report_html"], "cask_disposition": ["erp_sync"],
    "noise_nuisance": ["linked_documents", "review_comments"], "xmas_tree_grade": ["yard_scan"]}

def resolve(obj, ptr):
    for part in ptr.strip("/").split("/"):
        if not isinstance(obj, dict) or part not in obj: return None
        obj = obj[part]
    return obj

tot = 0; bad = 0
for path in sorted(glob.glob(os.path.join(HERE, "*.jsonl"))):
    name = os.path.basename(path)[:-6]
    meta = json.load(open(os.path.join(HERE, name + ".meta.json")))
    recs = [json.loads(l) for l in open(path, encoding="utf-8")]
    ids = [r["id"] for r in recs]
    assert len(set(ids)) == len(ids) and all(i.startswith(name + "-") for i in ids)
    labs = recs[0]["label_set"]
    assert 2 <= len(labs) <= 6 and 120 <= len(recs) <= 200, name
    cnt = collections.Counter(r["expected"] for r in recs)
    assert set(cnt) == set(labs), (name, cnt)
    for r in recs:
        assert r["target"] == "label" and r["label_set"] == labs and r["expected"] in labs
        for k in LEAK_KEYS.get(name, []):
            if k in r["projection"] and not r["truth"]["leak"]:
                print("UNFLAGGED leak key", name, r["id"], k); bad += 1
    nleak = sum(r["truth"]["leak"] for r in recs)
    for p in meta["derive_from"]:
        hit = sum(resolve(r["projection"], p) is not None for r in recs)
        if hit < len(recs) * 0.5: print("pointer rarely present", name, p, hit); bad += 1
    frac = nleak / len(recs)
    print(f"{name:22s} n={len(recs):4d} leak={nleak:4d} ({frac:.0%}) labels={dict(cnt)}")
    tot += len(recs)
print("total records", tot, "problems", bad)
