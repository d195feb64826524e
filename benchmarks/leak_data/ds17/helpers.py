"""Shared helpers for the ds17 blind batch (stdlib only)."""
import datetime
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = HERE


def rdate(rng, start="2023-01-01", days=720):
    d0 = datetime.date.fromisoformat(start)
    return d0 + datetime.timedelta(days=rng.randrange(days))


def rtime(rng):
    return "%02d:%02d" % (rng.randrange(24), rng.randrange(60))


def rts(rng, start="2023-01-01", days=720):
    d = rdate(rng, start, days)
    return "%sT%s:%02dZ" % (d.isoformat(), rtime(rng), rng.randrange(60))


def label_plan(rng, labels, n, weights=None):
    """A label list of length n where every label appears at least 3 times."""
    out = []
    for lab in labels:
        out += [lab] * 3
    while len(out) < n:
        out.append(rng.choices(labels, weights=weights)[0])
    rng.shuffle(out)
    return out


def leak_set(rng, n, frac):
    if frac >= 1.0:
        return set(range(n))
    return set(rng.sample(range(n), int(round(n * frac))))


def maybe(rng, p, value, default=None):
    return value if rng.random() < p else default


def prune(d):
    """Drop keys whose value is None (missing fields, for realism)."""
    if isinstance(d, dict):
        return {k: prune(v) for k, v in d.items() if v is not None}
    if isinstance(d, list):
        return [prune(v) for v in d]
    return d


def make_record(name, i, expected, labels, projection, leak):
    return {
        "id": "%s-%04d" % (name, i + 1),
        "expected": expected,
        "label_set": list(labels),
        "target": "label",
        "projection": prune(projection),
        "truth": {"leak": bool(leak)},
    }


def write_dataset(name, records, derive_from, note):
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, name + ".jsonl"), "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, name + ".meta.json"), "w", encoding="utf-8") as f:
        json.dump({"derive_from": derive_from, "note": note}, f, indent=2, ensure_ascii=False)
        f.write("\n")


FIRST = ["Maria", "James", "Aiko", "Olu", "Priya", "Tomasz", "Grace", "Diego", "Hannah", "Kwame",
         "Lena", "Marcus", "Noor", "Sven", "Yusuf", "Carmen", "Dmitri", "Fiona", "Hiro", "Ines"]
LAST = ["Okafor", "Lindqvist", "Tanaka", "Reyes", "Novak", "Brennan", "Haddad", "Kowalski", "Mbeki",
        "Fischer", "Nguyen", "Silva", "O'Connell", "Petrov", "Sato", "Whitfield", "Garcia", "Moreau"]


def person(rng):
    return "%s %s" % (rng.choice(FIRST), rng.choice(LAST))


def initials(rng):
    return rng.choice(FIRST)[0] + rng.choice(LAST)[0]
