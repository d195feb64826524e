#!/usr/bin/env python3
"""Validate batch ds27 (stdlib only). Exit 0 when all good."""
import json
import os
import sys

import ds

HERE = os.path.dirname(os.path.abspath(__file__))
errors = []


def err(msg):
    errors.append(msg)


def main():
    families = set()
    n_leaking = n_clean = 0
    for name, d in ds.DATASETS.items():
        path = os.path.join(HERE, name + ".jsonl")
        meta_path = os.path.join(HERE, name + ".meta.json")
        try:
            meta = json.load(open(meta_path, encoding="utf-8"))
        except Exception as e:  # noqa
            err("%s: bad meta %s" % (name, e))
            continue
        if not isinstance(meta.get("derive_from"), list) or not meta["derive_from"] or not isinstance(meta.get("note"), str):
            err("%s: meta shape" % name)
        recs, ids = [], set()
        for ln, line in enumerate(open(path, encoding="utf-8"), 1):
            try:
                r = json.loads(line)
            except Exception as e:  # noqa
                err("%s:%d invalid JSON %s" % (name, ln, e))
                continue
            recs.append(r)
        if not 120 <= len(recs) <= 200:
            err("%s: %d records" % (name, len(recs)))
        nleak = 0
        for r in recs:
            rid = r.get("id")
            if set(r) != {"id", "expected", "label_set", "target", "projection", "truth"}:
                err("%s: keys %s" % (rid, sorted(r)))
            if rid in ids:
                err("dup id %s" % rid)
            ids.add(rid)
            if not str(rid).startswith(name + "-"):
                err("bad id %s" % rid)
            ls = r["label_set"]
            if not 2 <= len(ls) <= 7 or r["expected"] not in ls or r["target"] != "label":
                err("%s: label_set/expected/target" % rid)
            vals = {}
            for p in meta["derive_from"]:
                try:
                    vals[p] = ds.ptr_get(r["projection"], p)
                except Exception:
                    err("%s: pointer %s does not resolve" % (rid, p))
            if len(vals) == len(meta["derive_from"]):
                got = d["rule"](vals)
                if got != r["expected"]:
                    err("%s: recomputed %r != expected %r" % (rid, got, r["expected"]))
            hits = d["detect"](r["projection"])
            leak = r["truth"].get("leak")
            if not isinstance(leak, bool) or leak != bool(hits):
                err("%s: truth.leak=%r but planted material %r" % (rid, leak, hits))
            nleak += bool(leak)
        if nleak:
            n_leaking += 1
            frac = nleak / len(recs)
            if not 0.2 <= frac <= 0.7:
                err("%s: leak fraction %.2f" % (name, frac))
            if not 1 <= len(d["families"]) <= 3:
                err("%s: families %d" % (name, len(d["families"])))
            families.update(d["families"])
        else:
            n_clean += 1
    if (n_leaking, n_clean) != (9, 5):
        err("dataset split %d leaking / %d clean" % (n_leaking, n_clean))
    if len(families) < 15:
        err("only %d leak families" % len(families))
    trap_fams = set(t for v in ds.TRAPS.values() for t in v)
    if len(trap_fams) < 8:
        err("only %d trap families" % len(trap_fams))
    for e in errors[:50]:
        print("ERROR", e)
    print("datasets: %d leaking, %d clean; leak families %d; trap families %d; errors %d"
          % (n_leaking, n_clean, len(families), len(trap_fams), len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
