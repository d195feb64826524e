"""Shared helpers for the ds11 generators (standard library only)."""
import base64
import datetime as _dt
import html
import json
import os
import random
import urllib.parse

OUT = os.path.dirname(os.path.abspath(__file__))

FIRST = ["Maria", "James", "Aisha", "Tomasz", "Chen", "Priya", "Lucas", "Fatima", "Noah", "Ingrid",
         "Kwame", "Sofia", "Diego", "Hannah", "Yusuf", "Mei", "Oliver", "Anika", "Rafael", "Grace",
         "Daniel", "Leila", "Mateo", "Svetlana", "Ethan", "Nkechi", "Lars", "Camila", "Hiroshi", "Zoe",
         "Bram", "Femke", "Joost", "Sanne", "Marcus", "Olga", "Pedro", "Keisha", "Arjun", "Claire"]
LAST = ["Okafor", "Nguyen", "Kowalski", "Fernandez", "Smith", "Patel", "de Vries", "Haddad", "Johansson",
        "Garcia", "Kim", "Brown", "Mensah", "Rossi", "Schneider", "Ivanova", "Murphy", "Tanaka", "Silva",
        "Jansen", "Bakker", "O'Neill", "Dubois", "Novak", "Rahman", "Cohen", "Walker", "Lopez", "Berg",
        "Adeyemi", "Moreau", "Visser", "Khan", "Reyes", "Lindqvist", "Martins", "Ahmed", "Hughes"]


def name(rng):
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def when(rng, start="2024-01-08", days=540, fmt="iso"):
    d0 = _dt.datetime.fromisoformat(start)
    d = d0 + _dt.timedelta(days=rng.randrange(days), minutes=rng.randrange(24 * 60))
    if fmt == "iso":
        return d.strftime("%Y-%m-%dT%H:%M:00Z")
    if fmt == "date":
        return d.strftime("%Y-%m-%d")
    return d


def b64(s):
    return base64.b64encode(s.encode()).decode()


def urlq(s):
    return urllib.parse.quote(s, safe="")


def ent(s):
    return html.escape(s, quote=True)


def hexid(rng, n=8):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def digits(rng, n):
    return "".join(rng.choice("0123456789") for _ in range(n))


def choose_leaks(rng, n, rate):
    """Pick exactly round(n*rate) leaking indices, independent of label."""
    k = round(n * rate)
    idx = list(range(n))
    rng.shuffle(idx)
    return set(idx[:k])


def write(name, records, meta):
    labels = records[0]["label_set"]
    with open(os.path.join(OUT, f"{name}.jsonl"), "w", encoding="utf-8") as f:
        for r in records:
            assert r["expected"] in labels, (name, r["expected"])
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, f"{name}.meta.json"), "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=2, ensure_ascii=False)
        f.write("\n")
    return len(records), sum(1 for r in records if r["truth"]["leak"])


def rec(name, i, expected, labels, projection, leak):
    return {"id": f"{name}-{i + 1:04d}", "expected": expected, "label_set": list(labels),
            "target": "label", "projection": projection, "truth": {"leak": bool(leak)}}


def balanced_labels(rng, labels, n, weights=None):
    if weights is None:
        weights = [1] * len(labels)
    out = []
    tot = sum(weights)
    for lab, w in zip(labels, weights):
        out += [lab] * max(1, round(n * w / tot))
    while len(out) < n:
        out.append(rng.choice(labels))
    out = out[:n]
    rng.shuffle(out)
    return out
