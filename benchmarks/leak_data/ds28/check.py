#!/usr/bin/env python3
"""Validate batch ds28 (stdlib only). Exit 0 when all good."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from rules import RULES, PROBES  # noqa: E402

EXPECTED = {"mehl_type": True, "aceite_categoria": True, "motor_insulation_pi": True, "bortle_sqm": False,
            "civil_track_allocation": True, "broadcast_loudness_qc": False, "hand_arm_vibration": False,
            "qsofa_ed": True, "perio_staging": False, "visual_impairment_who": True,
            "climbing_rope_retirement": True, "pipette_calibration": False, "lakselus_grense": True,
            "wood_pellet_class": True}

errors = []


def err(msg):
    errors.append(msg)


def ptr(obj, p):
    if not p.startswith("/"):
        raise KeyError(p)
    for tok in p.split("/")[1:]:
        tok = tok.replace("~1", "/").replace("~0", "~")
        if isinstance(obj, list):
            obj = obj[int(tok)]
        elif isinstance(obj, dict):
            obj = obj[tok]
        else:
            raise KeyError(p)
    return obj


def main():
    all_ids = set()
    full_leak = 0
    for name, leaking in EXPECTED.items():
        jp = os.path.join(HERE, name + ".jsonl")
        mp = os.path.join(HERE, name + ".meta.json")
        if not (os.path.exists(jp) and os.path.exists(mp)):
            err(f"{name}: missing files"); continue
        meta = json.load(open(mp, encoding="utf-8"))
        if set(meta) != {"derive_from", "note"} or not meta["derive_from"]:
            err(f"{name}: bad meta keys")
        recs = []
        for ln, line in enumerate(open(jp, encoding="utf-8"), 1):
            try:
                recs.append(json.loads(line))
            except ValueError as e:
                err(f"{name}:{ln}: invalid JSON {e}")
        if not 120 <= len(recs) <= 200:
            err(f"{name}: {len(recs)} records")
        labels = None
        nleak = 0
        for rec in recs:
            rid = rec.get("id")
            if set(rec) != {"id", "expected", "label_set", "target", "projection", "truth"}:
                err(f"{rid}: keys {sorted(rec)}")
            if rid in all_ids:
                err(f"{rid}: duplicate id")
            all_ids.add(rid)
            if not str(rid).startswith(name + "-"):
                err(f"{rid}: id prefix")
            if labels is None:
                labels = rec["label_set"]
                if not 2 <= len(labels) <= 7 or len(set(labels)) != len(labels):
                    err(f"{name}: label_set size")
            if rec["label_set"] != labels:
                err(f"{rid}: label_set differs")
            if rec["expected"] not in labels:
                err(f"{rid}: expected not in label_set")
            if rec["target"] != "label" or not isinstance(rec["truth"].get("leak"), bool):
                err(f"{rid}: target/truth")
            proj = rec["projection"]
            try:
                vals = [ptr(proj, p) for p in meta["derive_from"]]
            except (KeyError, IndexError, ValueError) as e:
                err(f"{rid}: pointer does not resolve {e}"); continue
            got = RULES[name](vals)
            if got != rec["expected"]:
                err(f"{rid}: rule gives {got!r}, expected {rec['expected']!r}")
            rev = PROBES[name](proj, labels)
            leak = rec["truth"]["leak"]
            if leak and rev != {rec["expected"]}:
                err(f"{rid}: flagged leak but planted material reveals {rev}")
            if not leak and rev:
                err(f"{rid}: clean record carries leak material {rev}")
            nleak += leak
        seen = {r["expected"] for r in recs}
        if labels and seen != set(labels):
            err(f"{name}: not all labels used")
        frac = nleak / max(1, len(recs))
        if leaking:
            if frac == 1.0:
                full_leak += 1
            elif not 0.2 <= frac <= 0.7:
                err(f"{name}: leak fraction {frac:.2f}")
        elif nleak:
            err(f"{name}: clean dataset has {nleak} leaking records")
        print(f"{name:28s} {'LEAKING' if leaking else 'CLEAN  '} n={len(recs)} leak={nleak}")
    if full_leak > 1:
        err("more than one dataset leaks on every record")
    if sum(EXPECTED.values()) != 9 or len(EXPECTED) != 14:
        err("dataset mix")
    if errors:
        print("\n".join(errors[:50]))
        print(f"FAILED: {len(errors)} problems")
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
