"""Shared helpers for the ds12 generators (standard library only)."""
import json
import os
import random
import datetime as dt

OUT = os.path.dirname(os.path.abspath(__file__))

FIRST = ["Aisha", "Ben", "Carmen", "Dmitri", "Eilidh", "Farid", "Grace", "Hamza", "Ingrid", "Jordan",
         "Kwame", "Lena", "Mateo", "Niamh", "Oluwaseun", "Priya", "Quentin", "Rosa", "Sven", "Tariq",
         "Uma", "Viktor", "Wen", "Ximena", "Yusuf", "Zofia", "Callum", "Deepa", "Ewan", "Fatima",
         "Gareth", "Hiroshi", "Imogen", "Jakub", "Keira", "Luis", "Marta", "Nikhil", "Orla", "Pawel",
         "Rhys", "Sakura", "Tomasz", "Valentina", "Will", "Yara", "Amara", "Bilal", "Chloe", "Dev"]
LAST = ["Okafor", "Lindqvist", "Moreno", "Petrov", "MacLeod", "Haddad", "Osei", "Nguyen", "Kowalski",
        "Brennan", "Patel", "Fischer", "Santos", "O'Connell", "Adeyemi", "Dubois", "Rossi", "Hansen",
        "Khan", "Takahashi", "Novak", "Murphy", "Garcia", "Ivanova", "Mensah", "Schmidt", "Walsh",
        "Yilmaz", "Chen", "Baker", "Costa", "Doyle", "Eriksen", "Fraser", "Gallagher", "Hughes"]


def rng(seed):
    return random.Random(seed)


def person(r):
    return f"{r.choice(FIRST)} {r.choice(LAST)}"


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def rand_dt(r, start=dt.datetime(2024, 1, 8), days=300):
    return start + dt.timedelta(days=r.randrange(days), hours=r.randrange(6, 20),
                                minutes=r.randrange(60), seconds=r.randrange(60))


def balanced_labels(r, labels, n, weights=None):
    if weights is None:
        weights = [1] * len(labels)
    out = []
    tot = sum(weights)
    for lab, w in zip(labels, weights):
        out += [lab] * max(1, round(n * w / tot))
    while len(out) < n:
        out.append(r.choice(labels))
    out = out[:n]
    r.shuffle(out)
    return out


def leak_mask(r, n, rate):
    k = round(n * rate)
    m = [True] * k + [False] * (n - k)
    r.shuffle(m)
    return m


def sentence_join(r, parts):
    return " ".join(p for p in parts if p)


def write(name, records, derive_from, note):
    path = os.path.join(OUT, f"{name}.jsonl")
    with open(path, "w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, f"{name}.meta.json"), "w", encoding="utf-8") as f:
        json.dump({"derive_from": derive_from, "note": note}, f, indent=2, ensure_ascii=False)
    return len(records), sum(1 for x in records if x["truth"]["leak"])


def record(name, i, expected, labels, projection, leak):
    assert expected in labels
    return {"id": f"{name}-{i:04d}", "expected": expected, "label_set": list(labels), "target": "label",
            "projection": projection, "truth": {"leak": bool(leak)}}
