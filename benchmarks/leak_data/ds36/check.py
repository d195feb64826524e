#!/usr/bin/env python3
"""Validate batch ds36 (stdlib only). Exit 0 when all good."""
import json, os, sys, glob
import solvers as S

HERE = os.path.dirname(os.path.abspath(__file__))
EXPECT_LEAKING = {"skate_jumps", "bridge_opening", "horse_coat", "backup_tiers", "pd_rights", "pitch_calls", "wafer_bins", "measles_cases", "bjs_urkunde"}
EXPECT_CLEAN = {"swim_lanes", "incoterms", "options_moneyness", "chord_quality", "schengen_stay"}
errors = []

def err(m):
    errors.append(m)

def main():
    files = sorted(glob.glob(os.path.join(HERE, "*.jsonl")))
    names = {os.path.basename(f)[:-6] for f in files}
    if names != EXPECT_LEAKING | EXPECT_CLEAN:
        err(f"dataset set mismatch: {sorted(names)}")
    ids = set()
    for f in files:
        name = os.path.basename(f)[:-6]
        meta = json.load(open(os.path.join(HERE, f"{name}.meta.json"), encoding="utf-8"))
        if not isinstance(meta.get("derive_from"), list) or not meta["derive_from"] or "note" not in meta:
            err(f"{name}: bad meta")
        recs = []
        for ln, line in enumerate(open(f, encoding="utf-8"), 1):
            try:
                recs.append(json.loads(line))
            except Exception as e:
                err(f"{name}:{ln}: invalid JSON {e}")
        if not 120 <= len(recs) <= 200:
            err(f"{name}: {len(recs)} records")
        nleak = 0
        labelsets = set()
        for r in recs:
            rid = r.get("id")
            if set(r) != {"id", "expected", "label_set", "target", "projection", "truth"}:
                err(f"{rid}: keys {sorted(r)}")
            if rid in ids:
                err(f"duplicate id {rid}")
            ids.add(rid)
            if not rid.startswith(name + "-"):
                err(f"{rid}: id prefix")
            if r["target"] != "label" or r["expected"] not in r["label_set"]:
                err(f"{rid}: expected/target")
            if not 2 <= len(r["label_set"]) <= 7:
                err(f"{rid}: label_set size")
            labelsets.add(tuple(r["label_set"]))
            vals = {}
            for p in meta["derive_from"]:
                try:
                    vals[p] = S.ptr_get(r["projection"], p)
                except Exception:
                    err(f"{rid}: pointer {p} does not resolve")
            if len(vals) == len(meta["derive_from"]):
                got = S.SOLVERS[name](vals)
                if got != r["expected"]:
                    err(f"{rid}: recomputed {got!r} != expected {r['expected']!r}")
            leak = r["truth"]["leak"]
            nleak += bool(leak)
            probe = S.PROBES.get(name, lambda p: [])
            found = probe(r["projection"])
            if bool(found) != bool(leak):
                err(f"{rid}: leak flag {leak} but planted material {found}")
            for cand in found:
                if r["expected"] not in cand or len(cand) >= len(r["label_set"]):
                    err(f"{rid}: planted material {cand} inconsistent with expected {r['expected']}")
        if len(labelsets) != 1:
            err(f"{name}: label_set differs across records")
        frac = nleak / max(1, len(recs))
        if name in EXPECT_CLEAN and nleak:
            err(f"{name}: clean dataset has {nleak} leaking records")
        if name in EXPECT_LEAKING and not (0.2 <= frac <= 0.7):
            err(f"{name}: leaking fraction {frac:.2f}")
        print(f"{name:20s} {len(recs):4d} records  leak {nleak:3d}  ({'LEAKING' if nleak else 'CLEAN'})")
    if errors:
        for e in errors[:50]:
            print("ERROR", e)
        print(f"{len(errors)} errors")
        sys.exit(1)
    print("all checks passed")

if __name__ == "__main__":
    main()
