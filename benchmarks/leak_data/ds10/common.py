"""Shared helpers for the ds10 generators (stdlib only, deterministic)."""
import datetime
import json
import os
import random

OUT = os.path.dirname(os.path.abspath(__file__))

FIRST = ["Dana", "Marcus", "Priya", "Tomasz", "Aisha", "Kenji", "Lucia", "Oluwaseun", "Hannah", "Rafael",
         "Mei", "Connor", "Fatima", "Dmitri", "Grace", "Javier", "Ingrid", "Samuel", "Nkechi", "Elena",
         "Wei", "Brendan", "Anika", "Mateo", "Yusuf", "Chloe", "Arjun", "Sofia", "Liam", "Keiko",
         "Tariq", "Beatriz", "Owen", "Zainab", "Henrik", "Rosa", "Daniel", "Amara", "Patrick", "Leila"]
LAST = ["Okafor", "Lindqvist", "Castellanos", "Nguyen", "Patel", "Hoffmann", "Brennan", "Kowalski",
        "Achterberg", "Moreau", "Tanaka", "Mensah", "Oyelaran", "Fitzgerald", "Rossi", "Haddad", "Silva",
        "Novak", "Duarte", "Whitfield", "Chen", "Abara", "Sorensen", "McAllister", "Ibrahim", "Varga",
        "Delgado", "Kim", "Ferreira", "Gallagher", "Schultz", "Adeyemi", "Park", "Quinn", "Yilmaz"]


def person(r):
    return f"{r.choice(FIRST)} {r.choice(LAST)}"


def dt(r, start=(2024, 1, 1), days=420):
    base = datetime.datetime(*start)
    return base + datetime.timedelta(days=r.randint(0, days), hours=r.randint(0, 23),
                                     minutes=r.randint(0, 59), seconds=r.randint(0, 59))


def iso(d):
    return d.strftime("%Y-%m-%dT%H:%M:%SZ")


def pick_n(r, pool, lo, hi):
    return r.sample(pool, min(len(pool), r.randint(lo, hi)))


def record(name, i, expected, labels, projection, leak):
    assert expected in labels, (name, expected)
    return {"id": f"{name}-{i:04d}", "expected": expected, "label_set": list(labels), "target": "label",
            "projection": projection, "truth": {"leak": bool(leak)}}


def write(name, recs, derive_from, note):
    with open(os.path.join(OUT, f"{name}.jsonl"), "w", encoding="utf-8") as f:
        for rec in recs:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, f"{name}.meta.json"), "w", encoding="utf-8") as f:
        json.dump({"derive_from": derive_from, "note": note}, f, indent=2, ensure_ascii=False)
    n_leak = sum(1 for x in recs if x["truth"]["leak"])
    return name, len(recs), n_leak


def balanced_labels(r, labels, n, weights=None):
    """Shuffled label sequence, roughly following weights but with every label present."""
    out = list(labels)
    while len(out) < n:
        out.append(r.choices(labels, weights=weights)[0] if weights else r.choice(labels))
    r.shuffle(out)
    return out
