#!/usr/bin/env python3
"""Deterministic generator for benchmark batch ds20 (9 LEAKING + 5 CLEAN datasets). stdlib only.

Usage: python3 gen.py            (writes *.jsonl, *.meta.json and DATASETS.md next to this file)
"""
import collections
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from ds20_leaky_a import LEAKY_A  # noqa: E402
from ds20_leaky_b import LEAKY_B  # noqa: E402
from ds20_clean import CLEAN  # noqa: E402

DATASETS = LEAKY_A + LEAKY_B + CLEAN

# canonical trap families -> the concrete trap variants the builders report
TRAP_FAMILIES = {
    "T1 label words in ordinary senses in free text": [
        "label phrase in an ordinary unrelated sense", "label word in an ordinary sense (Standard edition / Bulk pack)",
        "label word in an ordinary sense (critical path / company standard)",
        "label word in an ordinary sense (passed visual inspection)", "label word in an ordinary sense (vehicle feature)",
        "label words in ordinary senses (time slot, keep net, ramp closed)",
        "label words in ordinary senses in technologist comments", "label words in ordinary / historical senses in notes"],
    "T2 label words in names, places and streets": [
        "label word as a place name (Normal, IL)", "label word in an operator company name",
        "label fragment in a street name (Gradestraße)"],
    "T3 enum / glossary / config / reference listing the whole label set": [
        "glossary/enum listing the whole label set", "handout flyer that lists all stages (glossary)"],
    "T4 negated mentions": [
        "negated mention of a code", "negated mention / 'normal' in another sense",
        "negated/ordinary use of label words (smoking prohibited, no tandem)", "historical/negated mention of a label word"],
    "T5 historical mentions about other events or superseded schemes": [
        "historical mention of a label word about another event", "historical code from a previous report",
        "historical mention of the pre-2017 scheme"],
    "T6 codes, identifiers and numbers that look like labels": [
        "code-like strings in addresses (Flat C2 / Flat FI)",
        "device curve/type codes near the code vocabulary (B32, C16, type A/AC RCD)",
        "building/staircase/flat letters that look like class letters", "shelf/bay letters that look like labels",
        "letter C as the Celsius unit in storage text",
        "numbers in test conditions that look like grades (40 °C, 10 steel balls, 4 g/L, A2S)",
        "numbers/grades of another scheme (GdB, GOLD 3, Typ 2)",
        "appliance energy-label letters unrelated to the dwelling class",
        "size words (Large/Small/XL) in product variation attributes"],
    "T7 label tokens inside compound words / product names": [
        "token that matches a label inside an ordinary word (Wi-Fi)",
        "inventory names containing label vocabulary (pH Minus / pH Plus)",
        "label letters as ordinary tokens (vitamin C / vitamin E, Class A eggs)",
        "Pflegegrad wording in form headers and the application title"],
    "T8 prior state of the same subject, legitimately correlated with the label": [
        "correlated prior-state field (earlier CDM Pc history)", "current restraint in use (prior state, correlated but not decisive)",
        "current/previous care grade of an upgrade application (prior state)", "earlier reading of the same day (prior state, correlated)",
        "historical class from the pre-2021 DPE (prior state)", "historical prior diagnosis (prior state, correlated)",
        "historical result of a previous test (prior state, label-coded)", "previous lot's grade (prior state, correlated)"],
    "T9 other legitimately correlated measurements outside the rule": [
        "legitimately correlated cost estimate outside the rule",
        "legitimately correlated physiology fields (ODI, SpO2 nadir) outside the rule",
        "staining grades on the multifibre (same 1-5 scale, different property, correlated)"],
    "T10 encoded blobs decoding to harmless content": [
        "base64 blob decoding to harmless device config", "encoded blob (JWT) decoding to harmless session claims"],
    "T11 speculative pre-decision mentions (random label words)": [
        "speculative pre-decision mention (random label word)"],
    "T12 label vocabulary inside legitimate input values / schema": [
        "label word inside a legitimate schema field (MANEUVERABLE)",
        "regulation table names the slot/closed-season concepts (legitimate input vocabulary)",
        "tracking component values spelled like a label (UMPIRE'S CALL) inside legitimate input"],
}
TRAP_OF = {v: k for k, vs in TRAP_FAMILIES.items() for v in vs}
INSTR_TRAP = "T0 instruction defines every label (all records of all datasets)"


def label_sequence(rng, labels, n):
    w = [rng.uniform(0.6, 1.4) for _ in labels]
    s = sum(w)
    counts = [max(6, int(n * x / s)) for x in w]
    i = 0
    while sum(counts) < n:
        counts[i % len(counts)] += 1
        i += 1
    while sum(counts) > n:
        j = counts.index(max(counts))
        counts[j] -= 1
    seq = [lab for lab, c in zip(labels, counts) for _ in range(c)]
    rng.shuffle(seq)
    return seq


def build_one(ds, rng, target):
    for _ in range(20000):
        p, traps = ds["build"](rng, target)
        if p is None:
            continue
        if ds["solve"](p) == target:
            return p, traps
    raise RuntimeError(f"{ds['name']}: could not build a record for {target!r}")


def generate(ds):
    rng = random.Random(ds["seed"])
    labels, n = ds["labels"], ds["n"]
    seq = label_sequence(rng, labels, n)
    fams = list(ds["families"].keys())
    leak_idx = set()
    if ds["leaking"]:
        k = n if ds["leak_rate"] >= 1.0 else int(round(ds["leak_rate"] * n))
        leak_idx = set(rng.sample(range(n), k))
    records, fam_counts, trap_counts = [], collections.Counter(), collections.Counter()
    for i, target in enumerate(seq):
        p, traps = build_one(ds, rng, target)
        for t in set(traps):
            trap_counts[t] += 1
        used = []
        if i in leak_idx:
            r = rng.random()
            used = [fams[0]] if r < 0.4 else [fams[1]] if r < 0.8 else list(fams)
            for f in used:
                ds["families"][f][0](rng, p, target)
                fam_counts[f] += 1
        assert ds["solve"](p) == target, (ds["name"], i)
        for f in fams:
            assert ds["families"][f][1](p) == (f in used), (ds["name"], i, f)
        records.append({"id": f"{ds['name']}-{i + 1:04d}", "expected": target, "label_set": list(labels),
                        "target": "label", "projection": p, "truth": {"leak": bool(used)}})
    return records, fam_counts, trap_counts


def main():
    summary = []
    all_traps = collections.Counter()
    for ds in DATASETS:
        recs, fc, tc = generate(ds)
        with open(os.path.join(HERE, f"{ds['name']}.jsonl"), "w", encoding="utf-8") as f:
            for r in recs:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        with open(os.path.join(HERE, f"{ds['name']}.meta.json"), "w", encoding="utf-8") as f:
            json.dump({"derive_from": ds["derive_from"], "note": ds["note"]}, f, ensure_ascii=False, indent=2)
            f.write("\n")
        nleak = sum(r["truth"]["leak"] for r in recs)
        lab_counts = collections.Counter(r["expected"] for r in recs)
        summary.append((ds, len(recs), nleak, fc, tc, lab_counts))
        for t in tc:
            all_traps[t] += tc[t]
        print(f"{ds['name']:24s} {'LEAKING' if ds['leaking'] else 'CLEAN':8s} n={len(recs)} leak={nleak}")
    write_md(summary, all_traps)


def write_md(summary, all_traps):
    L = ["# ds20 - blind leakage benchmark batch", "",
         "Generated by `gen.py` (deterministic, fixed seeds; helpers `ds20_common.py`, `ds20_leaky_a.py`, "
         "`ds20_leaky_b.py`, `ds20_clean.py`). Validate with `python3 check.py`.", "",
         "Every record's legitimate input (the meta `derive_from` pointers) determines `expected` by the rule stated in "
         "the record's instruction; `check.py` recomputes the label from the projection for every record.", "",
         "## Datasets", ""]
    for ds, n, nleak, fc, tc, lc in summary:
        kind = "LEAKING" if ds["leaking"] else "CLEAN"
        labs = ", ".join(f"`{k}` {lc[k]}" for k in ds["labels"])
        line = f"- **{ds['name']}** - {kind}. Task: {ds['task']}. {n} records; labels: {labs}."
        if ds["leaking"]:
            fams = "; ".join(f"{f} ({fc[f]} records)" for f in ds["families"])
            extra = " Leaks on EVERY record." if nleak == n else ""
            line += f" Leaking records: {nleak}.{extra} Leak families: {fams}."
        fam = collections.Counter()
        for t, c in tc.items():
            fam[TRAP_OF[t]] += c
        traps = "; ".join(f"{f.split(' ', 1)[0]} {f.split(' ', 1)[1]} ({fam[f]}; e.g. " +
                          ", ".join(t for t in sorted(tc) if TRAP_OF[t] == f) + ")" for f in sorted(fam, key=lambda x: int(x.split()[0][1:])))
        line += f" Traps (records): T0 label definitions in the instruction (all {n}); {traps}."
        L.append(line)
    L += ["", "## Leak families (each used in exactly one dataset)", ""]
    k = 0
    for ds, *_ in summary:
        for f in ds["families"]:
            k += 1
            L.append(f"{k}. {f} - {ds['name']}")
    L += ["", "## Trap families (records carrying each, over all datasets; planted independently of leaks)", ""]
    famtot = collections.Counter()
    famds = collections.defaultdict(set)
    for ds, n, nleak, fc, tc, lc in summary:
        for t, c in tc.items():
            famtot[TRAP_OF[t]] += c
            famds[TRAP_OF[t]].add(ds["name"])
    L.append(f"- {INSTR_TRAP}")
    for f in sorted(famtot, key=lambda x: int(x.split()[0][1:])):
        L.append(f"- {f}: {famtot[f]} records in {len(famds[f])} datasets ({', '.join(sorted(famds[f]))})")
    tot = sum(s[1] for s in summary)
    tl = sum(s[2] for s in summary)
    L += ["", "## Totals", "",
          f"- datasets: {len(summary)} ({sum(1 for s in summary if s[0]['leaking'])} LEAKING, "
          f"{sum(1 for s in summary if not s[0]['leaking'])} CLEAN)",
          f"- records: {tot}", f"- leaking records: {tl}",
          f"- leak families: {k}", f"- trap families: {len(famtot) + 1} (T0-T{len(famtot)})", ""]
    with open(os.path.join(HERE, "DATASETS.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(L))


if __name__ == "__main__":
    main()
